"""Card-level statistics from the cards detail, in the style of 17lands, with the game-length
confound taken out.

All win rates are per game and deck seat, counting a card once per game however many copies
(win rate = wins / games; draws count as not won):
- opening (OH): a copy was in the opening hand (after mulligans); drawn (GD): drawn after it;
  in hand (GIH): either; not seen (GNS): no copy was ever in hand; played: a copy was played.
- `gap_opening` = OH - not in the opening hand. The opening hand is dealt before anything
  happens, so this comparison is not confounded by how long the game lasts (mulligans aside).
- `gap_by_turn` = in hand by own turn BY_TURN - not, over the games in which the seat reached that
  turn: every such game had the same number of draws, so length matters much less.
- `gap` = GIH - GNS, unadjusted (17lands' "improvement when drawn"). A long game sees more cards,
  so a deck that wins long games shows a positive gap for every card: kept for the CSV only.
- `gap_adjusted` = GIH - GNS within games where the seat drew the same number of cards: strata of
  own turns begun x seat order (the first player skips or shortens its first draw), Mantel-
  Haenszel (analysis.stratified), with a z interval and p-value, and
  `gap_adjusted_p_holm`, Holm-adjusted over every card of the table (the family tested at once);
  likewise `gap_opening_p` (z test) and `gap_opening_p_holm`.
- No "vs the deck's average" column: GIH win rate - deck win rate = (1 - f) * gap exactly (f = share
  of games with the card in hand), which shrinks every card seen in most games towards 0 whatever
  its gap; `win_rate_deck` is there for whoever wants it.
Per copy: average own turn played (copies that were played) and dead rate = copies in hand that
were never played / copies in hand. Differences use Newcombe intervals (independent groups).
"""

from __future__ import annotations

import polars as pl

from analysis.data import ENGINE, Results, batches
from analysis.intervals import newcombe_exprs, wilson_exprs
from analysis.stratified import holm, mh_risk_difference
from sim.errors import InputError

BY_TURN = 3  # own turn of the "in hand by turn t" comparison (most decks have made their early plays)
GROUP = ["game", "deck", "policy", "code", "name"]


def _per_game(results: Results) -> pl.LazyFrame:
    """One row per game, seat and card: won, length stratum, and what happened to the card."""
    # The big group-by (a row per copy) keys on the game, seat, code and name (a copy's name follows from its
    # deck and code, and keying on it costs less than carrying it as an aggregate), and the game's row, which
    # names the seat's deck, joins the far smaller result. Not game turns themselves as the length stratum: a
    # game that ends on its first player's turn was (nearly always) won by that player, so strata of game
    # turns x seat would fix the result; own turns begun do not.
    drawn = pl.col("turn_drawn")
    per = (results.cards.group_by("game_id", "seat", "code", "name")
           .agg(pl.len().alias("copies"),
                (drawn == 0).any().alias("opening"), (drawn > 0).any().alias("drawn"),
                (drawn >= 0).any().alias("seen"), drawn.is_between(0, BY_TURN).any().alias("by_turn"),
                (pl.col("turn_played") >= 0).any().alias("played"),
                pl.col("turn_played").filter(pl.col("turn_played") >= 0).sum().alias("turn_played_sum"),
                (pl.col("turn_played") >= 0).sum().alias("copies_played"),
                (drawn >= 0).sum().alias("copies_in_hand"),
                ((drawn >= 0) & (pl.col("turn_played") < 0)).sum().alias("copies_dead")))
    keys = results.games.select("game_id", "game", "winner", "deck_a", "deck_b", "policy_a", "policy_b",
                                "first_player", "turns")
    on_play = pl.col("seat") == pl.col("first_player")
    return (per.join(keys, on="game_id", how="inner")
            .with_columns((pl.col("winner") == pl.col("seat")).alias("won"), on_play.alias("on_play"),
                          pl.when(pl.col("seat") == "a").then(pl.col("deck_a")).otherwise(pl.col("deck_b")).alias("deck"),
                          pl.when(pl.col("seat") == "a").then(pl.col("policy_a")).otherwise(pl.col("policy_b"))
                          .alias("policy"),
                          # own turns the seat began: the first player takes the odd game turns
                          pl.when(on_play).then((pl.col("turns") + 1) // 2).otherwise(pl.col("turns") // 2)
                          .alias("own_turns")))


def _count(flag: pl.Expr, name: str) -> list[pl.Expr]:
    return [flag.sum().alias(f"games_{name}"), (flag & pl.col("won")).sum().alias(f"wins_{name}")]


# the per-copy sums behind avg_turn_played, summed over the batches before the division
TURN_SUMS = ("turn_played_sum", "copies_played")


def _partial_counts(results: Results) -> list[pl.LazyFrame]:
    """The card table's counts over `results`' games, per GROUP (`rates`, with the sums of TURN_SUMS)
    and per GROUP and stratum (`strata`); every column a count, a sum or (copies) a max."""
    per_game = _per_game(results)
    seen, opening, reached = pl.col("seen"), pl.col("opening"), pl.col("own_turns") >= BY_TURN
    rates = (per_game.group_by(GROUP)
             .agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("copies").max(),
                  *_count(opening, "opening"), *_count(~opening, "not_opening"), *_count(pl.col("drawn"), "drawn"),
                  *_count(seen, "in_hand"), *_count(~seen, "not_seen"), *_count(pl.col("played"), "played"),
                  *_count(reached & pl.col("by_turn"), "by_turn"), *_count(reached & ~pl.col("by_turn"), "not_by_turn"),
                  pl.col(*TURN_SUMS, "copies_in_hand", "copies_dead").sum()))
    strata = (per_game.group_by(*GROUP, "own_turns", "on_play")
              .agg(seen.sum().alias("n1"), (seen & pl.col("won")).sum().alias("a"),
                   (~seen).sum().alias("n0"), (~seen & pl.col("won")).sum().alias("c")))
    return [rates, strata]


def _summed(frames: list[pl.DataFrame], keys: list[str]) -> pl.LazyFrame:
    """Partial counts of several batches added up per key (copies: the largest); a batch's columns keep their types."""
    first = frames[0]
    if len(frames) == 1:
        return first.lazy()
    return (pl.concat(frames).lazy().group_by(keys)
            .agg(*(pl.col(c).max() if c == "copies" else pl.col(c).sum() for c in first.columns if c not in keys))
            .cast(first.schema).select(first.columns))


def card_stats(results: Results) -> pl.DataFrame:
    if results.cards is None:
        raise InputError("results", "no cards detail (run with --detail cards)")
    # Batches of whole games (analysis.data.batches): the group-by per game, seat and card holds one batch's
    # groups at a time, and the counts per card and stratum add up over the batches. Both aggregations of a
    # batch share one pass over its cards detail.
    partial = [pl.collect_all(_partial_counts(b), engine=ENGINE) for b in batches(results)]
    rates = (_summed([p[0] for p in partial], GROUP)
             # per copy: average own turn played (of the copies played) and copies in hand never played
             .with_columns(pl.when(pl.col("copies_played") > 0)
                           .then(pl.col("turn_played_sum") / pl.col("copies_played")).alias("avg_turn_played"))
             .drop(*TURN_SUMS).select(pl.exclude("copies_in_hand", "copies_dead"), "copies_in_hand", "copies_dead"))
    strata = _summed([p[1] for p in partial], [*GROUP, "own_turns", "on_play"])
    adjusted = mh_risk_difference(strata, GROUP, "gap_adjusted")
    # one stratum: the z test of the opening-hand gap (its interval stays Newcombe's)
    opening_test = mh_risk_difference(
        rates.select(*GROUP, pl.col("games_opening").alias("n1"), pl.col("wins_opening").alias("a"),
                     pl.col("games_not_opening").alias("n0"), pl.col("wins_not_opening").alias("c")),
        GROUP, "z").select(*GROUP, pl.col("z_p").alias("gap_opening_p"))
    out = (rates.join(adjusted, on=GROUP, how="left", nulls_equal=True)
           .join(opening_test, on=GROUP, how="left", nulls_equal=True)
           .with_columns(*(e for name in ("opening", "not_opening", "drawn", "in_hand", "not_seen", "played",
                                          "by_turn", "not_by_turn")
                           for e in wilson_exprs(pl.col(f"wins_{name}"), pl.col(f"games_{name}"), f"win_rate_{name}")),
                         *wilson_exprs(pl.col("wins"), pl.col("games"), "win_rate_deck"),
                         *wilson_exprs(pl.col("copies_dead"), pl.col("copies_in_hand"), "dead_rate"))
           .with_columns(*newcombe_exprs("win_rate_in_hand", "win_rate_not_seen", "gap"),
                         *newcombe_exprs("win_rate_opening", "win_rate_not_opening", "gap_opening"),
                         *newcombe_exprs("win_rate_by_turn", "win_rate_not_by_turn", "gap_by_turn"))
           .sort(GROUP).collect())
    return out.with_columns(pl.Series(f"{gap}_p_holm", holm(out[f"{gap}_p"].fill_null(float("nan")).to_numpy()),
                                      dtype=pl.Float64).fill_nan(None) for gap in ("gap_adjusted", "gap_opening"))
