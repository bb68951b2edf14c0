"""Mulligans: how often each deck and policy mulligans, and its win rate after keeping vs after
a mulligan (wins / games, draws count as not won). Optionally split on the play / on the draw.

`mulligan_minus_keep` (after a mulligan - after keeping, Newcombe interval) is not the cost of a
mulligan: the policy mulligans the hands it judges bad, so the groups start from different hands."""

from __future__ import annotations

import polars as pl

from analysis.data import ENGINE, Results, perspective
from analysis.intervals import newcombe_exprs, wilson_exprs


def mulligans(results: Results, by_position: bool = False) -> pl.DataFrame:
    p = perspective(results.games).with_columns(
        pl.when(pl.col("on_play")).then(pl.lit("play")).otherwise(pl.lit("draw")).alias("position"))
    group = ["game", "deck", "policy", *(["position"] if by_position else [])]
    mull = pl.col("mulligans") > 0
    return (p.group_by(group)
            .agg(pl.len().alias("games"), mull.sum().alias("games_mulligan"),
                 pl.col("mulligans").mean().alias("mean_mulligans"),
                 (~mull).sum().alias("games_keep"), (~mull & pl.col("won")).sum().alias("wins_keep"),
                 (mull & pl.col("won")).sum().alias("wins_mulligan"))
            .with_columns(*wilson_exprs(pl.col("games_mulligan"), pl.col("games"), "mulligan_rate"),
                          *wilson_exprs(pl.col("wins_keep"), pl.col("games_keep"), "win_rate_keep"),
                          *wilson_exprs(pl.col("wins_mulligan"), pl.col("games_mulligan"), "win_rate_mulligan"))
            .with_columns(*newcombe_exprs("win_rate_mulligan", "win_rate_keep", "mulligan_minus_keep"))
            .sort(group).collect(engine=ENGINE))
