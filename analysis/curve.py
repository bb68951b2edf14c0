"""Resource curve from the turns detail: per deck, on the play / on the draw, and own turn number.

Turn numbers are the player's own turns (sim/results.py). Means at turn t are over the players
who reached their turn t (a game that ended earlier has no turn t), and so is "made a play by
turn t": the share of those players who had played at least one card on turns 1..t.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import polars as pl

from analysis.data import ENGINE, Results
from analysis.intervals import wilson_exprs
from sim.errors import InputError
from sim.model import Deck


def _seat_keys(games: pl.LazyFrame) -> pl.LazyFrame:
    return games.select("game_id", "game", "first_player", "policy_a", "policy_b")


def _with_seat_policy(lf: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    return (lf.join(_seat_keys(games), on="game_id", how="inner")
            .with_columns(pl.when(pl.col("seat") == "a").then(pl.col("policy_a")).otherwise(pl.col("policy_b"))
                          .alias("policy"),
                          pl.when(pl.col("seat") == pl.col("first_player")).then(pl.lit("play"))
                          .otherwise(pl.lit("draw")).alias("position")))


def curve(results: Results) -> pl.DataFrame:
    """Per game, deck, policy, position (play/draw) and own turn: resources available, spent and
    wasted (available - spent, never below 0), cards played, and the chance of having made a play."""
    if results.turns is None:
        raise InputError("results", "no turns detail (run with --detail turns or cards)")
    t = _with_seat_policy(results.turns, results.games).with_columns(
        (pl.col("cards_played").cum_sum().over(["game_id", "seat"], order_by="turn") > 0).alias("played_by"),
        (pl.col("resources_available") - pl.col("resources_spent")).clip(lower_bound=0).alias("wasted"))
    return (t.group_by("game", "deck", "policy", "position", "turn")
            .agg(pl.len().alias("players"),
                 pl.col("resources_available").mean().alias("available"),
                 pl.col("resources_spent").mean().alias("spent"),
                 pl.col("wasted").mean().alias("wasted"),
                 pl.col("cards_played").mean().alias("cards_played"),
                 pl.col("hand").mean().alias("hand"),
                 pl.col("played_by").sum().alias("made_play"))
            .with_columns(*wilson_exprs(pl.col("made_play"), pl.col("players"), "made_play_by"))
            .sort("game", "deck", "policy", "position", "turn").collect(engine=ENGINE))


def card_costs(decks: Iterable[Deck]) -> dict[str, int]:
    """code -> cost over every zone of the decks (what cost_by_turn needs)."""
    return {card.code: card.cost for deck in decks for cards in deck.zones.values() for card, _ in cards}


def cost_by_turn(results: Results, costs: Mapping[str, int]) -> pl.DataFrame:
    """Per game, deck, policy, own turn and card cost: how many cards of that cost were played
    that turn, per player who reached the turn (`per_player`), and its share of the turn's plays.
    Cards whose code is not in `costs` are left out (and counted in `unknown_cost`)."""
    if results.cards is None:
        raise InputError("results", "no cards detail (run with --detail cards)")
    cost_frame = pl.LazyFrame({"code": list(costs), "cost": list(costs.values())},
                              schema={"code": pl.String, "cost": pl.Int32})
    played = (_with_seat_policy(results.cards.filter(pl.col("turn_played") >= 0), results.games)
              .join(cost_frame, on="code", how="left"))
    reached = (results.cards.group_by("game_id", "seat", "deck").agg(pl.len())  # every player in the data
               .join(_seat_keys(results.games), on="game_id")
               .with_columns(pl.when(pl.col("seat") == "a").then(pl.col("policy_a"))
                             .otherwise(pl.col("policy_b")).alias("policy"))
               .group_by("game", "deck", "policy").agg(pl.len().alias("players")))
    out = (played.group_by("game", "deck", "policy", pl.col("turn_played").alias("turn"), "cost")
           .agg(pl.len().alias("cards"))
           .with_columns((pl.col("cards") / pl.col("cards").sum().over("game", "deck", "policy", "turn"))
                         .alias("share"),
                         pl.col("cost").is_null().alias("unknown_cost"))
           .join(reached, on=["game", "deck", "policy"], how="left")
           .with_columns((pl.col("cards") / pl.col("players")).alias("per_game")))
    return out.sort("game", "deck", "policy", "turn", "cost", nulls_last=True).collect(engine=ENGINE)


def mean_cost_by_turn(results: Results, costs: Mapping[str, int]) -> pl.DataFrame:
    """Per game, deck, policy and own turn: cards played and their mean cost (known costs only)."""
    t = cost_by_turn(results, costs).filter(pl.col("cost").is_not_null())
    return (t.group_by("game", "deck", "policy", "turn")
            .agg(pl.col("cards").sum().alias("cards"),
                 ((pl.col("cost") * pl.col("cards")).sum() / pl.col("cards").sum()).alias("mean_cost"))
            .sort("game", "deck", "policy", "turn"))
