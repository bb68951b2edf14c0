"""Strength of one FFTCG search policy against another, paired by deal in seat-swapped mirrors.

For each deck, game j of (seed, stream 0) is played twice with the same deal: policy NEW as seat A and OLD as
seat B, then the seats swapped. A pair scores NEW's wins over the two games / 2 (a draw counts half), so 0.5
is equal strength; the interval is the t interval over the pairs (analysis.paired.paired_interval). Each
policy also plays curve (or `--against`, another policy) the same way on the same deals, and the difference NEW - OLD against it
is paired by deal too; `--no-mirror` skips the head-to-head games. `python -m sim.bench.search_strength DECK... --pool POOL --new search --old search-full --games 200`
prints a Markdown table (one row per deck and the pooled row) and the CPU seconds each pairing's games took
(process time, all threads; the first pairing's includes loading the compiled kernels).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from analysis.paired import Interval, paired_interval
from sim.decks.deckfile import load_deck
from sim.engine.results import DRAW, G_WINNER
from sim.games.fftcg import engine as F


def seat_scores(winners: np.ndarray, seat: int) -> np.ndarray:
    return (winners == seat) + 0.5 * (winners == DRAW)


def swapped(a: F.FFTCGDeck, b: F.FFTCGDeck, one: str, two: str, games: int, seed: int) -> np.ndarray:
    """Per deal: policy `one`'s mean score over the game as seat A and the game as seat B against `two`."""
    pa, pb = F.POLICIES[one], F.POLICIES[two]
    first = F.play(a, b, pa, pb, seed=seed, stream=0, start=0, n=games).games[:, G_WINNER]
    second = F.play(a, b, pb, pa, seed=seed, stream=0, start=0, n=games).games[:, G_WINNER]
    return (seat_scores(first, 0) + seat_scores(second, 1)) / 2


def fmt(i: Interval, centre: float = 0.0, unit: str = "%") -> str:
    return f"{100 * (i.diff + centre):.1f}{unit} ({100 * (i.low + centre):.1f} to {100 * (i.high + centre):.1f})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="+", type=Path)
    ap.add_argument("--pool", type=Path)
    ap.add_argument("--new", default="search")
    ap.add_argument("--old", default="search-full")
    ap.add_argument("--games", type=int, default=200, help="deals per deck (each played twice per pairing)")
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--against", default="curve", help="the policy both play against (any of F.POLICIES)")
    ap.add_argument("--no-mirror", action="store_true", help="skip NEW vs OLD head to head")
    args = ap.parse_args(argv)
    for name in (args.new, args.old, args.against):
        if name not in F.POLICIES:
            ap.error(f"unknown policy {name!r}: one of {', '.join(sorted(F.POLICIES))}")
    pairings = {"mirror": (args.new, args.old), "new": (args.new, args.against), "old": (args.old, args.against)}
    if args.no_mirror:
        del pairings["mirror"]
    rows: list[tuple[str, dict[str, np.ndarray]]] = []
    pooled: dict[str, list[np.ndarray]] = {k: [] for k in pairings}
    seconds = dict.fromkeys(pairings, 0.0)
    for path in args.decks:
        deck = load_deck(path, args.pool)
        a, b = F.compile_matchup(deck, deck)
        scores = {}
        for key, (one, two) in pairings.items():
            t = time.process_time()
            scores[key] = swapped(a, b, one, two, args.games, args.seed)
            seconds[key] += time.process_time() - t
            pooled[key].append(scores[key])
        rows.append((deck.name, scores))
    vs = args.against
    head = [] if args.no_mirror else [f"{args.new} vs {args.old}"]
    head += [f"{args.new} vs {vs}", f"{args.old} vs {vs}", f"difference vs {vs}"]
    print("| deck | " + " | ".join(head) + " |")
    print("|---" * (len(head) + 1) + "|")
    for name, s in [*rows, ("all decks", {k: np.concatenate(v) for k, v in pooled.items()})]:
        cells = [] if args.no_mirror else [fmt(paired_interval(s["mirror"] - 0.5), 0.5)]
        cells += [fmt(paired_interval(s["new"])), fmt(paired_interval(s["old"])),
                  fmt(paired_interval(s["new"] - s["old"]), unit=" pts")]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print(f"{args.games} deals per deck, seed {args.seed}; CPU seconds: " +
          ", ".join(f"{k} {v:.0f}" for k, v in seconds.items()))


if __name__ == "__main__":
    main()
