"""Where two FFTCG search codes choose differently on the same positions, and what it costs.

Plays games of a reference search (`--own`, search-full by default) against curve on each deck's mirror, from
both seats (the same deals), and at each of the reference's main-phase and block decisions also asks the compared
search (`--other`, search by default) on the same position with the same random stream (search.logged_candidate;
the games are those of `F.play`, bit for bit). Every candidate's value under both is recorded; where the two
choose differently a judge plays `--judge` full-length rollouts of each of the two choices in worlds of their
own. Prints the disagreements by class (the kind of the reference's choice -> the kind of the compared one's:
pass, a Forward/Backup/Summon cast from the hand or the LB deck, an ability; no block, a block) and by card,
each with its cost: the judge's value of the reference's choice minus its value of the compared one's, summed
over the decisions (in expected games; positive: the reference chose better), and the same from the reference's
own values. `--out FILE` writes every logged candidate as a parquet table.
`python -m sim.bench.search_disagreements DECK... --pool POOL --games 40 --seed 41`
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import polars as pl

from sim.decks.deckfile import load_deck
from sim.engine.compiled import K_TYPE
from sim.games.fftcg import engine as F
from sim.games.fftcg import search as SR
from sim.games.fftcg.core import (
    BACKUP,
    FORWARD,
    SUMMON,
)
from sim.games.fftcg.decision_log import logged_games

COLUMNS = ["decision", "game", "turn", "kind", "arg", "index", "action", "own", "own_worlds", "other",
           "other_worlds", "judge", "own_choice", "other_choice", "damage", "opp_damage", "hand"]
assert len(COLUMNS) == SR.LOG_COLS
TYPES = {FORWARD: "Forward", BACKUP: "Backup", SUMMON: "Summon"}


def log_games(a: F.FFTCGDeck, b: F.FFTCGDeck, own: str, other: str, seat: int, *, seed: int, games: int,
              judge: int, rows: int = 200_000) -> tuple[pl.DataFrame, np.ndarray]:
    """The logged candidates (COLUMNS, plus the searching seat) of `games` games in which `own` plays seat `seat`
    against curve, and the games' winners."""
    searcher = F.POLICIES[own]
    pa, pb = (searcher, F.POLICIES["curve"]) if seat == 0 else (F.POLICIES["curve"], searcher)
    cards, effs, nmain, ntot, pols, prms, opt, _ = F._prepare(a, b, pa, pb, None, None, None)
    other_code = F.POLICIES[other] // 16
    if F.POLICIES[other] % 16 != F.SEARCH or other_code == 0:
        raise ValueError(f"--other {other!r} is not a search policy")
    log = np.zeros((rows, SR.LOG_COLS), np.float64)
    log[0, :4] = [1, other_code, 0, judge]
    winners = np.zeros(games, np.int64)
    logged_games(cards, effs, nmain, ntot, pols, prms, opt, seed, 0, 0, games, log, winners, F.seat_models(a, b, pa, pb))
    used = int(log[0, 0])
    if used + SR.MAX_CAND + 2 > rows:
        raise ValueError(f"the decision log filled its {rows} rows: play fewer games per call")
    frame = pl.DataFrame(log[1:used], schema=COLUMNS, orient="row").with_columns(seat=pl.lit(seat))
    return frame, winners


def candidate_kind(deck: F.FFTCGDeck, kind: int, action: int) -> tuple[str, str]:
    """(kind, card name) of a logged candidate: pass / ability / <type> (hand or LB); no block / block."""
    if kind == SR.BLOCK:
        return ("no block", "") if action < 0 else ("block", deck.names[action])
    what, c = action // 65536, (action % 65536) // 16
    if what == 0:
        return "pass", ""
    if what == SR.ACTIVATE:
        return "ability", deck.names[c]
    where = " (LB)" if c >= deck.n_main else ""
    return TYPES.get(int(deck.cards[c, K_TYPE]), "other") + where, deck.names[c]


def label(frame: pl.DataFrame, deck: F.FFTCGDeck) -> pl.DataFrame:
    kinds = [candidate_kind(deck, int(k), int(x)) for k, x in zip(frame["kind"], frame["action"], strict=True)]
    return frame.with_columns(what=pl.Series([k for k, _ in kinds]), card=pl.Series([c for _, c in kinds]))


def disagreements(frame: pl.DataFrame) -> pl.DataFrame:
    """One row per decision where the two choose differently: both choices' kind and card, the judge's and the
    reference's own values of each."""
    key = ["deck", "seat", "decision"]
    own = frame.filter(pl.col("own_choice") == 1).select(
        *key, "turn", "kind", "damage", "opp_damage", "hand", own_what="what", own_card="card",
        judge_own="judge", own_own="own", other_own="other")
    other = frame.filter(pl.col("other_choice") == 1).select(
        *key, other_what="what", other_card="card", judge_other="judge", own_other="own", other_other="other")
    return own.join(other, on=key).filter(
        (pl.col("own_what") != pl.col("other_what")) | (pl.col("own_card") != pl.col("other_card")))


def decisions(frame: pl.DataFrame) -> pl.DataFrame:
    """Decisions logged, by decision kind (MAIN / BLOCK)."""
    return frame.group_by("deck", "seat", "decision").agg(pl.col("kind").first()).group_by("kind").len()


def by(table: pl.DataFrame, cols: list[str], total: int) -> pl.DataFrame:
    return table.group_by(cols).agg(
        n=pl.len(), share=pl.len() / total,
        judge_cost=(pl.col("judge_own") - pl.col("judge_other")).sum(),
        judge_mean=(pl.col("judge_own") - pl.col("judge_other")).mean(),
        own_cost=(pl.col("own_own") - pl.col("own_other")).sum(),
        other_gap=(pl.col("other_other") - pl.col("other_own")).mean(),
    ).sort("judge_cost", descending=True)


def markdown(table: pl.DataFrame) -> str:
    rows = ["| " + " | ".join(table.columns) + " |", "|" + "---|" * len(table.columns)]
    for r in table.iter_rows():
        rows.append("| " + " | ".join(f"{v:.3f}" if isinstance(v, float) else str(v) for v in r) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="+", type=Path)
    ap.add_argument("--pool", type=Path)
    ap.add_argument("--own", default="search-full", help="the search that plays the games")
    ap.add_argument("--other", default="search", help="the search asked on the same positions")
    ap.add_argument("--games", type=int, default=40, help="deals per deck (each played from both seats)")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--judge", type=int, default=64, help="full-length rollouts per disputed choice (0: none)")
    ap.add_argument("--top", type=int, default=25, help="rows of the by-card table")
    ap.add_argument("--out", type=Path, help="parquet file of every logged candidate")
    args = ap.parse_args(argv)
    frames = []
    for path in args.decks:
        deck = load_deck(path, args.pool)
        a, b = F.compile_matchup(deck, deck)
        for seat in (0, 1):
            frame, _ = log_games(a, b, args.own, args.other, seat, seed=args.seed, games=args.games,
                                 judge=args.judge)
            frames.append(label(frame, a).with_columns(deck=pl.lit(deck.name)))
    frame = pl.concat(frames)
    if args.out:
        frame.write_parquet(args.out)
    table = disagreements(frame)
    counts = dict(decisions(frame).iter_rows())
    names = {SR.MAIN: "main-phase", SR.BLOCK: "block"}
    print(f"{args.own} against curve, {args.games} deals per deck from both seats, seed {args.seed}; "
          f"{args.other} asked at the same positions; judge: {args.judge} full-length rollouts per disputed choice")
    for kind, name in names.items():
        part = table.filter(pl.col("kind") == kind)
        total = counts.get(kind, 0)
        print(f"\n{name} decisions: {total}, {len(part)} disagreements "
              f"({100 * len(part) / max(1, total):.1f}%), judge cost {part['judge_own'].sum() - part['judge_other'].sum():.2f} "
              f"games (mean {(part['judge_own'] - part['judge_other']).mean() or 0:.3f})")
        print(markdown(by(part, ["own_what", "other_what"], max(1, total))))
    print("\nby card (either choice), main-phase")
    main_part = table.filter(pl.col("kind") == SR.MAIN)
    cards = pl.concat([main_part.with_columns(card=pl.col("own_card"), side=pl.lit(args.own)),
                       main_part.with_columns(card=pl.col("other_card"), side=pl.lit(args.other))])
    print(markdown(by(cards.filter(pl.col("card") != ""), ["card", "side"], max(1, counts.get(SR.MAIN, 0)))
                   .head(args.top)))
    print("\nby deck")
    print(markdown(by(table, ["deck", "kind"], max(1, sum(counts.values())))))


if __name__ == "__main__":
    main()
