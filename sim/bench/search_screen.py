"""Screen FFTCG policy variants against one opponent, paired by deal, with CPU per game as a ratio to the first.

The protocol of issue 38's rounds (docs/policies_fftcg.md): every policy plays the opponent (curve by default) in
each deck's mirror, deal j of (seed, stream 0) once from each seat (`search_strength.swapped`), all in one
process, so the variants play the same deals and share the machine's load. The policies' order is reversed on
every other deck, so a slow stretch of the machine does not fall on one of them; the kernels are loaded on two
deals before timing. With `--pairs` the decks are taken two at a time and each pair's matchup is played instead of
mirrors: the policy plays the first deck from seat A, then the second from seat B, against the opponent playing
the other deck. Each row gives the policy's score against the opponent, its difference to the first policy paired
by deal, its process time over the first's, and the process time of fitting its models before the games
(search-adapt's matchup models; 0 when they were cached). Variants of a build are selected by policy names, e.g.
`search:N` with N = 32 + 256 x variant where a screening build reads the budget's high bits.
`python -m sim.bench.search_screen DECK... --pool POOL --policies search,search-adapt --games 200 --seed 41 [--pairs]`
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from analysis.paired import paired_interval
from sim.bench.search_strength import fmt, swapped
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.fftcg import engine as F


def order_for(policies: list[str], deck: int) -> list[str]:
    """The order the policies play deck number `deck` in: as given on even decks, reversed on odd ones."""
    return policies if deck % 2 == 0 else policies[::-1]


def matchups(decks: list[Path], pool: Path | None, pairs: bool) -> list[tuple[F.FFTCGDeck, F.FFTCGDeck]]:
    """The compiled matchups the screen plays: each deck's mirror, or with `pairs` the decks two at a time (the
    first against the second, the third against the fourth, ...)."""
    if pairs and len(decks) % 2:
        raise InputError("decks", f"--pairs takes the decks two at a time: {len(decks)} given")
    loaded = [load_deck(path, pool) for path in decks]
    if pairs:
        return [F.compile_matchup(x, y) for x, y in zip(loaded[::2], loaded[1::2], strict=True)]
    return [F.compile_matchup(deck, deck) for deck in loaded]


def screen(decks: list[Path], pool: Path | None, policies: list[str], against: str, games: int,
           seed: int, pairs: bool = False) -> tuple[dict[str, np.ndarray], dict[str, float], dict[str, float]]:
    """Per policy, its per-deal scores against `against` over the matchups (deck by deck, `games` deals each),
    the process time its games took and the process time fitting its models took (search-adapt: each matchup's
    models fitted, or read from the cache, before its games are timed)."""
    scores: dict[str, list[np.ndarray]] = {p: [] for p in policies}
    cpu = dict.fromkeys(policies, 0.0)
    fits = dict.fromkeys(policies, 0.0)
    for i, (a, b) in enumerate(matchups(decks, pool, pairs)):
        for p in policies:
            t = time.process_time()
            F.seat_models(a, b, F.POLICIES[p], F.POLICIES[against])
            F.seat_models(a, b, F.POLICIES[against], F.POLICIES[p])
            fits[p] += time.process_time() - t
        if i == 0:
            for p in policies:  # load (or compile) each policy's kernel outside the timing
                swapped(a, b, p, against, 2, seed + 1)
        for p in order_for(policies, i):
            t = time.process_time()
            scores[p].append(swapped(a, b, p, against, games, seed))
            cpu[p] += time.process_time() - t
    return {p: np.concatenate(v) for p, v in scores.items()}, cpu, fits


def table(scores: dict[str, np.ndarray], cpu: dict[str, float], against: str,
          fits: dict[str, float] | None = None) -> list[str]:
    """Markdown rows: each policy's score against `against`, its difference to the first policy paired by deal,
    its CPU seconds and their ratio to the first policy's, and the CPU seconds its models' fits took."""
    base = next(iter(scores))
    fits = fits or {}
    rows = [f"| policy | against {against} | difference to {base} | CPU s | CPU per game | fitting CPU s |",
            "|---|---|---|---:|---:|---:|"]
    for p, s in scores.items():
        diff = "" if p == base else fmt(paired_interval(s - scores[base]), unit=" pts")
        ratio = cpu[p] / cpu[base] if cpu[base] > 0 else float("nan")
        rows.append(f"| {p} | {fmt(paired_interval(s))} | {diff} | {cpu[p]:.1f} | {ratio:.2f} | "
                    f"{fits.get(p, 0.0):.1f} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="+", type=Path)
    ap.add_argument("--pool", type=Path)
    ap.add_argument("--policies", default="search", help="comma-separated; the first is the reference")
    ap.add_argument("--against", default="curve")
    ap.add_argument("--games", type=int, default=200, help="deals per deck (each played from both seats)")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--pairs", action="store_true",
                    help="the decks two at a time (A1 B1 A2 B2 ...): each pair's matchup instead of mirrors")
    ap.add_argument("--save", type=Path, help="also write the per-deal scores to this .npz (one array a policy)")
    args = ap.parse_args(argv)
    policies = args.policies.split(",")
    if len(set(policies)) != len(policies):
        ap.error("--policies: each policy once")
    scores, cpu, fits = screen(args.decks, args.pool, policies, args.against, args.games, args.seed, args.pairs)
    print("\n".join(table(scores, cpu, args.against, fits)))
    kind = f"{len(args.decks) // 2} pairs of decks" if args.pairs else f"{len(args.decks)} decks"
    print(f"{args.games} deals per matchup from both seats, seed {args.seed}, {kind}")
    if args.save:
        np.savez(args.save, **scores)


if __name__ == "__main__":
    main()
