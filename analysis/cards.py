"""Card-level statistics from the cards detail, in the style of 17lands.

All win rates are per game and deck seat, counting a card once per game however many copies:
- opening (OH): a copy was in the opening hand (after mulligans);
- drawn (GD): a copy was drawn after the opening hand;
- in hand (GIH): opening or drawn; not seen (GNS): no copy was ever in hand;
- gap = GIH win rate - GNS win rate (17lands' "improvement when drawn"), Newcombe interval.
Per copy: average own turn played (copies that were played) and dead rate = copies in hand that
were never played / copies in hand. Win rate = wins / games (draws count as not won).
"""

from __future__ import annotations

import polars as pl

from analysis.data import ENGINE, Results
from analysis.intervals import newcombe_exprs, wilson_exprs
from sim.errors import InputError


def card_stats(results: Results) -> pl.DataFrame:
    if results.cards is None:
        raise InputError("results", "no cards detail (run with --detail cards)")
    keys = results.games.select("game_id", "game", "winner", "policy_a", "policy_b")
    c = (results.cards.join(keys, on="game_id", how="inner")
         .with_columns((pl.col("winner") == pl.col("seat")).alias("won"),
                       pl.when(pl.col("seat") == "a").then(pl.col("policy_a")).otherwise(pl.col("policy_b"))
                       .alias("policy")))
    group = ["game", "deck", "policy", "code", "name"]
    per_game = (c.group_by("game_id", "seat", *group)
                .agg(pl.col("won").first(), pl.len().alias("copies"),
                     (pl.col("turn_drawn") == 0).any().alias("opening"),
                     (pl.col("turn_drawn") > 0).any().alias("drawn"),
                     (pl.col("turn_drawn") >= 0).any().alias("seen")))
    rates = (per_game.group_by(group)
             .agg(pl.len().alias("games"), pl.col("copies").max().alias("copies"),
                  pl.col("opening").sum().alias("games_opening"),
                  (pl.col("opening") & pl.col("won")).sum().alias("wins_opening"),
                  pl.col("drawn").sum().alias("games_drawn"),
                  (pl.col("drawn") & pl.col("won")).sum().alias("wins_drawn"),
                  pl.col("seen").sum().alias("games_in_hand"),
                  (pl.col("seen") & pl.col("won")).sum().alias("wins_in_hand"),
                  (~pl.col("seen")).sum().alias("games_not_seen"),
                  (~pl.col("seen") & pl.col("won")).sum().alias("wins_not_seen")))
    per_copy = (c.group_by(group)
                .agg(pl.col("turn_played").filter(pl.col("turn_played") >= 0).mean().alias("avg_turn_played"),
                     (pl.col("turn_drawn") >= 0).sum().alias("copies_in_hand"),
                     ((pl.col("turn_drawn") >= 0) & (pl.col("turn_played") < 0)).sum().alias("copies_dead")))
    out = (rates.join(per_copy, on=group, how="left", nulls_equal=True)
           .with_columns(*wilson_exprs(pl.col("wins_opening"), pl.col("games_opening"), "win_rate_opening"),
                         *wilson_exprs(pl.col("wins_drawn"), pl.col("games_drawn"), "win_rate_drawn"),
                         *wilson_exprs(pl.col("wins_in_hand"), pl.col("games_in_hand"), "win_rate_in_hand"),
                         *wilson_exprs(pl.col("wins_not_seen"), pl.col("games_not_seen"), "win_rate_not_seen"),
                         *wilson_exprs(pl.col("copies_dead"), pl.col("copies_in_hand"), "dead_rate"))
           .with_columns(*newcombe_exprs("win_rate_in_hand", "win_rate_not_seen", "gap")))
    return out.sort("game", "deck", "policy", "code").collect(engine=ENGINE)
