"""Paired comparison of two deck variants under common random numbers.

Design (docs/statistics.md): variants A and B play the same seeds against each opponent, every
seed twice with the seats swapped. A pair is (opponent, game index, seat order); its difference is
d = won_B - won_A in {-1, 0, 1} (a draw counts as not won, as in analysis.winrates). Shared deals
make d = 0 common, so the paired interval mean(d) +- t * sd(d) / sqrt(n) is narrower than the
unpaired one on the same games.

The sequential test (--until-decided) models deals, not single games: analysis.sprt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy import special


@dataclass(frozen=True)
class Interval:
    diff: float
    low: float
    high: float
    n: int


def paired_interval(d: np.ndarray, confidence: float = 0.95) -> Interval:
    """Mean of the per-pair differences with a t interval."""
    d = np.asarray(d, dtype=np.float64)
    n = d.size
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = float(d.mean())
    if n < 2:
        return Interval(mean, -1.0, 1.0, n)
    # t.ppf(q, df) = stdtrit(df, q), as scipy.stats computes it, without importing scipy.stats (a second)
    half = float(special.stdtrit(n - 1, 0.5 + confidence / 2) * d.std(ddof=1) / math.sqrt(n))
    return Interval(mean, mean - half, mean + half, n)


def unpaired_interval(a: np.ndarray, b: np.ndarray, confidence: float = 0.95) -> Interval:
    """mean(b) - mean(a) treating the two samples as independent (Welch); for comparison only."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (a.size - 1) + vb**2 / (b.size - 1)) if se > 0 else a.size + b.size - 2
    half = float(special.stdtrit(df, 0.5 + confidence / 2) * se)
    diff = float(b.mean() - a.mean())
    return Interval(diff, diff - half, diff + half, min(a.size, b.size))


def paired_outcomes(games: pl.DataFrame | pl.LazyFrame, matchups: list[dict]) -> pl.DataFrame:
    """Per pair, whether A and B won (won_a, won_b) and their score (score_a, score_b: a draw is half
    a point, a double loss none): one row per (opponent, index, order).

    `matchups` lists, for each matchup index of the dataset, its role:
    {"matchup": i, "variant": "a"|"b", "opponent": k, "order": "first"|"second"}
    where order "first" means the variant sat in seat a. A variant won when the winner is its seat.
    """
    roles = pl.DataFrame(matchups, schema={"matchup": pl.Int32, "variant": pl.String,
                                           "opponent": pl.Int64, "order": pl.String})
    g = games.lazy().select(pl.col("matchup").cast(pl.Int32), "index", "winner")
    won = (g.join(roles.lazy(), on="matchup")
           .with_columns((pl.col("winner") == pl.when(pl.col("order") == "first").then(pl.lit("a"))
                          .otherwise(pl.lit("b"))).cast(pl.Int8).alias("won"))
           .with_columns(pl.when(pl.col("winner") == "draw").then(0.5).otherwise(pl.col("won").cast(pl.Float64))
                         .alias("score")))
    wide = (won.collect().pivot(on="variant", index=["opponent", "index", "order"], values=["won", "score"]))
    return (wide.drop_nulls(["won_a", "won_b"])  # a pair needs both variants' game
            .with_columns((pl.col("won_b") - pl.col("won_a")).alias("d"))
            .sort("opponent", "index", "order"))


@dataclass(frozen=True)
class Comparison:
    rows: list[dict]  # per opponent: opponent, games, win_rate_a, win_rate_b, diff, low, high
    overall: Interval
    unpaired: Interval  # the same games treated as independent, to show what pairing buys
    discordance: float  # share of pairs where A and B got different results (what pairing leaves)


def compare(pairs: pl.DataFrame, opponent_names: list[str]) -> Comparison:
    """Per-opponent paired differences and the overall one, each opponent weighted equally.

    The overall interval is the t interval of the per-(index, order) mean over opponents, which
    weights opponents equally and keeps the pairing (all opponents play the same game indices)."""
    rows = []
    for k, name in enumerate(opponent_names):
        p = pairs.filter(pl.col("opponent") == k)
        iv = paired_interval(p["d"].to_numpy())
        rows.append({"opponent": name, "games": p.height,
                     "win_rate_a": float(p["won_a"].mean()) if p.height else math.nan,
                     "win_rate_b": float(p["won_b"].mean()) if p.height else math.nan,
                     "diff": iv.diff, "low": iv.low, "high": iv.high})
    pooled = (pairs.group_by("index", "order")
              .agg(pl.col("d").mean(), pl.col("won_a").mean(), pl.col("won_b").mean(),
                   pl.len().alias("k"))
              .filter(pl.col("k") == len(opponent_names)).sort("index", "order"))
    overall = paired_interval(pooled["d"].to_numpy())
    unpaired = (unpaired_interval(pooled["won_a"].to_numpy(), pooled["won_b"].to_numpy())
                if pooled.height > 1 else Interval(math.nan, math.nan, math.nan, 0))
    discordance = float((pairs["d"] != 0).mean()) if pairs.height else math.nan
    return Comparison(rows, overall, unpaired, discordance)


STOPPING_BIAS = ("the test stopped when the data looked decisive, so the difference printed is biased "
                 "away from 0 (stopping bias) and its interval is not a fixed-sample 95% interval; "
                 "re-run with a fixed --games for an unbiased estimate")

