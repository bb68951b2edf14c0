"""The report's example games: for each matchup and each card, one game that shows an outcome, with
the exact command that replays it (`tcgsim trace`, FFTCG) and, for FFTCG, the first one embedded."""

from __future__ import annotations

import shlex
from typing import Any

import polars as pl

from analysis.data import ENGINE, Results, batches
from reports.parts import Section, Table

SHOWN = 12  # rows of each kind in the page; tables/examples.csv has them all
TRACE_GAME = "fftcg"  # the one game `tcgsim trace` replays


def _commands(m: dict[str, Any], seed: int, options: dict[str, int]) -> tuple[str, str]:
    """The replay command of a game of matchup `m`, cut around its game index: the parts before and after it
    are the same for all of a matchup's games (tens of thousands of rows in a big balance), so each is quoted once."""
    paths = [(m.get(side) or {}).get("path") or f"<{side} file>" for side in ("deck_a", "deck_b")]
    opts = [arg for k, v in options.items() for arg in ("-o", f"{k}={v}")]
    return (shlex.join(["tcgsim", "trace", *paths, "--seed", str(seed), "--stream", str(m.get("stream", 0)),
                        "--game"]),
            shlex.join(["--policy-a", m.get("policy_a", "curve"), "--policy-b", m.get("policy_b", "curve"), *opts]))


STUCK_KEYS = ["matchup", "seat", "deck", "code", "name"]


def _first_stuck(results: Results) -> pl.LazyFrame:
    """Per matchup, seat and card: the first game in which a copy was drawn, never played, and the seat lost."""
    # matchup and deck come from the game's row; no unique over the copies first: several copies of a card stuck
    # in one game give the same first index (and deck_a, deck_b follow from the matchup), so the group-by absorbs them
    return (results.cards.filter((pl.col("turn_drawn") >= 0) & (pl.col("turn_played") < 0))
            .select("game_id", "seat", "code", "name")
            .join(results.games.select("game_id", "matchup", "index", "deck_a", "deck_b", "winner"), on="game_id")
            .filter(pl.col("winner").is_in(["a", "b"]) & (pl.col("winner") != pl.col("seat")))
            .with_columns(pl.when(pl.col("seat") == "a").then(pl.col("deck_a")).otherwise(pl.col("deck_b")).alias("deck"))
            .group_by(STUCK_KEYS).agg(pl.col("index").min(), pl.col("deck_a").first(), pl.col("deck_b").first()))


def _examples(results: Results) -> pl.DataFrame:
    """One row per (matchup, outcome) and per (matchup, seat, card): the first game index showing it."""
    g = results.games.select("matchup", "index", "deck_a", "deck_b", "first_player", "winner")
    wanted = [("seat A loses on the play", (pl.col("first_player") == "a") & (pl.col("winner") == "b")),
              ("seat A wins on the draw", (pl.col("first_player") == "b") & (pl.col("winner") == "a"))]
    frames = [g.filter(cond).group_by("matchup").agg(pl.col("index").min(), pl.col("deck_a").first(),
                                                     pl.col("deck_b").first())
              .with_columns(pl.lit(what).alias("outcome"), pl.lit(None, pl.String).alias("card"))
              for what, cond in wanted]
    if results.cards is not None:
        # batches of whole games (analysis.data.batches): a card's first such game is the first of the batches' firsts
        firsts = pl.concat([_first_stuck(b).collect(engine=ENGINE) for b in batches(results)])
        stuck = (firsts.lazy().group_by(STUCK_KEYS)
                 .agg(pl.col("index").min(), pl.col("deck_a").first(), pl.col("deck_b").first())
                 .with_columns(("stuck in seat " + pl.col("seat").str.to_uppercase() + "'s hand, a loss")
                               .alias("outcome"), (pl.col("name") + " (" + pl.col("code") + ")").alias("card"))
                 .select("matchup", "index", "deck_a", "deck_b", "outcome", "card"))
        frames.append(stuck)
    cols = ["matchup", "index", "deck_a", "deck_b", "outcome", "card"]
    return pl.concat([f.select(cols) for f in frames]).collect().sort("card", "matchup", "outcome", nulls_last=False)


def section(results: Results) -> Section:
    job = results.manifest.get("job") or {}
    matchups = {m["index"]: m for m in job.get("matchups", [])}
    key, title = "examples", "Example games"
    if not matchups or "seed" not in job:
        return Section(key, title, "", note="the run's manifest does not record its matchups, so no game can be "
                                            "named for replay")
    seed, options = int(job["seed"]), job.get("options") or {}
    ex = _examples(results)
    trace = {m: matchups[m].get("engine") == TRACE_GAME for m in matchups}
    # a game index is digits, which shlex leaves unquoted, so it goes between the matchup's two quoted parts as is
    around = {m: _commands(matchups[m], seed, options) if trace[m] else
              (f"seed {seed}, stream {matchups[m].get('stream', 0)}, game", "(tcgsim trace replays FFTCG games only)")
              for m in set(ex["matchup"].to_list())}
    ex = ex.with_columns(pl.Series("command", [f"{around[m][0]} {i} {around[m][1]}"
                                               for m, i in zip(ex["matchup"], ex["index"], strict=True)],
                                   dtype=pl.String))
    text = ("For each matchup, the first game (by index) of two outcomes, and for each card the first game in "
            "which it was drawn, never played, and its seat lost; each with the command that replays it turn "
            "by turn (the same seed, stream and game index as the run, so the same game). "
            f"The page lists the first {SHOWN} of each kind; tables/examples.csv has them all.")
    outcomes = ex.filter(pl.col("card").is_null()).head(SHOWN)
    cards = ex.filter(pl.col("card").is_not_null()).head(SHOWN)
    items = [f"{r['deck_a']} vs {r['deck_b']}, {r['outcome']}{', ' + r['card'] if r['card'] else ''}, "
             f"game {r['index']}: {r['command']}" for r in pl.concat([outcomes, cards]).iter_rows(named=True)]
    first = outcomes.head(1)
    if first.height and trace.get(first["matchup"][0]):
        items += _embedded(results, matchups[first["matchup"][0]], seed, int(first["index"][0]), options)
    return Section(key, title, text, items=items,
                   csv=[Table("examples", ex, "per matchup and outcome, and per card stuck in hand: a game "
                                              "showing it, with its replay command")])


def _embedded(results: Results, m: dict[str, Any], seed: int, index: int, options: dict[str, int]) -> list[str]:
    """The first example's trace, one item per line (FFTCG)."""
    from sim.run.manifest import recorded_deck
    from sim.run.trace import trace_lines, trace_record

    try:
        a, b = (recorded_deck(m[side]) for side in ("deck_a", "deck_b"))
        record = trace_record(a, b, m["policy_a"], m["policy_b"], seed=seed, stream=int(m.get("stream", 0)),
                              index=index, options=options, models=m.get("models", {}))
    except Exception as exc:  # a moved deck file must not stop the report
        return [f"(the first example could not be replayed here: {exc})"]
    return [f"Replay of game {index} ({a.name} vs {b.name}, seat A loses on the play):", *trace_lines(record)]
