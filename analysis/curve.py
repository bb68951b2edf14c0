"""Resource curve from the turns detail: per deck, on the play / on the draw, and own turn number.

Turn numbers are the player's own turns (sim/engine/results.py). Means at turn t are over the players
who reached their turn t (a game that ended earlier has no turn t). "Available" is what the engine
could have paid that turn, which in FFTCG includes discarding every card in hand for CP, so a deck
builder's question ("how many CP sources do I have on turn t") is answered by `sources_by_turn`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import polars as pl

from analysis.data import ENGINE, Results, batches
from sim.cards.model import Deck
from sim.errors import InputError


def _seat_keys(games: pl.LazyFrame) -> pl.LazyFrame:
    return games.select("game_id", "game", "first_player", "policy_a", "policy_b")


def _with_seat_policy(lf: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    return (lf.join(_seat_keys(games), on="game_id", how="inner")
            .with_columns(pl.when(pl.col("seat") == "a").then(pl.col("policy_a")).otherwise(pl.col("policy_b"))
                          .alias("policy"),
                          pl.when(pl.col("seat") == pl.col("first_player")).then(pl.lit("play"))
                          .otherwise(pl.lit("draw")).alias("position")))


def curve(results: Results) -> pl.DataFrame:
    """Per game, deck, policy, position (play/draw) and own turn: resources available, produced to pay
    costs, paid (the costs; FFTCG's produced - paid is the leftover of a 2-CP discard for a 1-CP
    remainder, lost), wasted (available - produced, never below 0), cards played and cards left in hand
    at the end of the turn. Results written before the turns table had resources_paid give paid = null."""
    if results.turns is None:
        raise InputError("results", "no turns detail (run with --detail turns or cards)")
    turns = results.turns
    if "resources_paid" not in turns.collect_schema().names():
        turns = turns.with_columns(pl.lit(None, pl.Int32).alias("resources_paid"))
    t = _with_seat_policy(turns, results.games).with_columns(
        (pl.col("resources_available") - pl.col("resources_spent")).clip(lower_bound=0).alias("wasted"))
    return (t.group_by("game", "deck", "policy", "position", "turn")
            .agg(pl.len().alias("players"),
                 pl.col("resources_available").mean().alias("available"),
                 pl.col("resources_spent").mean().alias("produced"),
                 pl.col("resources_paid").mean().alias("paid"),
                 pl.col("wasted").mean().alias("wasted"),
                 pl.col("cards_played").mean().alias("cards_played"),
                 pl.col("hand").mean().alias("hand"))
            .sort("game", "deck", "policy", "position", "turn").collect(engine=ENGINE))


def pooled(curve_table: pl.DataFrame, max_turn: int) -> pl.DataFrame:
    """`curve` with the play and draw rows of each own turn 1..max_turn pooled (weighted by players)."""
    mean = ("available", "produced", "paid", "wasted", "cards_played", "hand")
    return (curve_table.filter(pl.col("turn").is_between(1, max_turn))
            .group_by("game", "deck", "policy", "turn")
            .agg(pl.col("players").sum(),
                 *(((pl.col(x) * pl.col("players")).sum() / pl.col("players").sum()).alias(x) for x in mean))
            .sort("game", "deck", "policy", "turn"))


# Cards that are a lasting resource once played, per game: FFTCG Backups are dulled for CP every turn
# (rule 5.2.1). CoJ's CP comes from the round (its CP table), not from cards, so it has none.
SOURCE_TYPES: dict[str, tuple[str, ...]] = {"fftcg": ("backup",)}


def card_types(decks: Iterable[Deck]) -> dict[str, str]:
    """code -> card type over every zone of the decks (what sources_by_turn needs)."""
    return {card.code: card.type for deck in decks for cards in deck.zones.values() for card, _ in cards}


def _players(results: Results) -> pl.LazyFrame:
    """Every player in the cards detail: game_id, seat, game, deck, the seat's policy and its own turns begun."""
    keys = results.games.select("game_id", "game", "turns", "first_player", "policy_a", "policy_b")
    return (results.cards.select("game_id", "seat", "deck").unique().join(keys, on="game_id")
            .select("game_id", "seat", "game", "deck",
                    pl.when(pl.col("seat") == "a").then(pl.col("policy_a")).otherwise(pl.col("policy_b"))
                    .alias("policy"),
                    pl.when(pl.col("seat") == pl.col("first_player")).then((pl.col("turns") + 1) // 2)
                    .otherwise(pl.col("turns") // 2).alias("own_turns")))


def _sources_partial(results: Results, sources: list[str], max_turn: int) -> pl.LazyFrame:
    """Per game, deck, policy and own turn: players who reached the turn and their resource cards played by then (summed)."""
    # own turns past max_turn are never asked about, so a player's count stops there
    players = (_players(results).filter(pl.col("game").is_in(list(SOURCE_TYPES)))
               .with_columns(pl.col("own_turns").clip(upper_bound=max_turn)))
    group = ["game", "deck", "policy", "own_turns"]
    # counted per (deck, turn played, own turns) before the turns are spread out: a player's card played on turn p
    # counts on each of its turns p..own_turns, and a player counts on each turn 1..own_turns
    reached = players.group_by(group).agg(pl.len().alias("n"))
    played = (results.cards.filter(pl.col("code").is_in(sources) & pl.col("turn_played").is_between(1, max_turn))
              .select("game_id", "seat", pl.col("turn_played").cast(pl.Int32))
              .join(players, on=["game_id", "seat"])
              .group_by(*group, "turn_played").agg(pl.len().alias("n")))
    turn = pl.LazyFrame({"turn": list(range(1, max_turn + 1))}, schema={"turn": pl.Int32})
    out = ["game", "deck", "policy", "turn"]
    per_turn = (reached.join(turn, how="cross").filter(pl.col("own_turns") >= pl.col("turn"))
                .group_by(out).agg(pl.col("n").sum().alias("players")))
    held = (played.join(turn, how="cross")
            .filter(pl.col("turn").is_between(pl.col("turn_played"), pl.col("own_turns")))
            .group_by(out).agg(pl.col("n").sum().alias("sources")))
    return per_turn.join(held, on=out, how="left").with_columns(pl.col("sources").fill_null(0))


def sources_by_turn(results: Results, types: Mapping[str, str], max_turn: int) -> pl.DataFrame:
    """Per game, deck, policy and own turn 1..max_turn: resource cards (SOURCE_TYPES) played by the
    end of that turn, mean over the players who reached it. Cards that later left the field still
    count (the cards detail has no turn a card left), so this is an upper bound of those in play."""
    if results.cards is None:
        raise InputError("results", "no cards detail (run with --detail cards)")
    sources = [code for code, kind in types.items() if kind in {k for ks in SOURCE_TYPES.values() for k in ks}]
    # batches of whole games (analysis.data.batches): players and their sources add up over the batches
    keys = ["game", "deck", "policy", "turn"]
    partial = pl.concat([_sources_partial(b, sources, max_turn).collect(engine=ENGINE) for b in batches(results)])
    return (partial.group_by(keys).agg(pl.col("players", "sources").sum())
            .select(*keys, pl.col("players").cast(partial.schema["players"]),
                    (pl.col("sources") / pl.col("players")).alias("sources"))
            .sort(keys))


def card_costs(decks: Iterable[Deck]) -> dict[str, int]:
    """code -> cost over every zone of the decks (what cost_by_turn needs)."""
    return {card.code: card.cost for deck in decks for cards in deck.zones.values() for card, _ in cards}


def _cost_partial(results: Results, cost_frame: pl.LazyFrame) -> list[pl.LazyFrame]:
    """Cards of each cost played per game, deck, policy and own turn, and the players per game, deck, policy and
    own turns begun."""
    played = (_with_seat_policy(results.cards.filter(pl.col("turn_played") >= 0), results.games)
              .join(cost_frame, on="code", how="left")
              .group_by("game", "deck", "policy", pl.col("turn_played").alias("turn"), "cost")
              .agg(pl.len().alias("cards")))
    reached = _players(results).group_by("game", "deck", "policy", "own_turns").agg(pl.len().alias("players"))
    return [played, reached]


def cost_by_turn(results: Results, costs: Mapping[str, int]) -> pl.DataFrame:
    """Per game, deck, policy, own turn and card cost: how many cards of that cost were played that turn, that
    per player who began the turn (`per_player`: a player whose game ended earlier is not counted), and its
    share of the turn's plays. Cards whose code is not in `costs` are left out (and counted in `unknown_cost`)."""
    if results.cards is None:
        raise InputError("results", "no cards detail (run with --detail cards)")
    cost_frame = pl.LazyFrame({"code": list(costs), "cost": list(costs.values())},
                              schema={"code": pl.String, "cost": pl.Int32})
    # batches of whole games (analysis.data.batches): cards played and players add up over the batches
    partial = [pl.collect_all(_cost_partial(b, cost_frame), engine=ENGINE) for b in batches(results)]
    group = ["game", "deck", "policy"]
    played_keys = [*group, "turn", "cost"]
    played, reached = (
        pl.concat(frames).lazy().group_by(keys).agg(pl.col(count).sum().cast(frames[0].schema[count]))
        for frames, keys, count in (([p[0] for p in partial], played_keys, "cards"),
                                    ([p[1] for p in partial], [*group, "own_turns"], "players")))
    # a player who began own turns 1..k counts on each of them: spread over the turns cards were played on
    turns = played.select(*group, "turn").unique()
    began = (turns.join(reached, on=group).filter(pl.col("own_turns") >= pl.col("turn"))
             .group_by(*group, "turn").agg(pl.col("players").sum()))
    out = (played
           .with_columns((pl.col("cards") / pl.col("cards").sum().over(*group, "turn")).alias("share"),
                         pl.col("cost").is_null().alias("unknown_cost"))
           .join(began, on=[*group, "turn"], how="left")
           .with_columns((pl.col("cards") / pl.col("players")).alias("per_player")))
    return out.sort(*group, "turn", "cost", nulls_last=True).collect()


def mean_cost_by_turn(cost_table: pl.DataFrame) -> pl.DataFrame:
    """Per game, deck, policy and own turn: cards played and their mean cost (known costs only), from
    cost_by_turn's table."""
    t = cost_table.filter(pl.col("cost").is_not_null())
    return (t.group_by("game", "deck", "policy", "turn")
            .agg(pl.col("cards").sum().alias("cards"),
                 ((pl.col("cost") * pl.col("cards")).sum() / pl.col("cards").sum()).alias("mean_cost"))
            .sort("game", "deck", "policy", "turn"))
