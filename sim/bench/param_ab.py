"""FFTCG policy parameters changed, measured against the policy as it is, on real decks.

Not a test: a measurement for the docs (`python -m sim.bench.param_ab --data DIR --param 7 --value 0`; `--param 9 6
--value 0 1` changes two). For every ordered pairing (X, Y) of the decks, deal i is played twice on the same RNG
stream: X with the change against Y without it, and X without against Y with it; the ordered pairing (Y, X) plays the
deal from the other seats. The changed policy's score per deal and pairing is its share of the two games (a draw is half);
the 95% interval is the t interval over those scores (analysis.paired.paired_interval). Per deck: its points with the
change less its points without, each game paired with the same deal, seat and unchanged opponent. Also printed:
each deck's score with both seats on the change against both seats without it, paired by deal (what the change does
to a matchup when both players make it).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from analysis.paired import paired_interval
from sim.decks.deckfile import load_deck
from sim.engine.results import G_WINNER, WIN_A, WIN_B
from sim.games import get_engine
from sim.run.chunks import compile_spec
from sim.run.runner import simulate_spec

POOL = "cards_fftcgsim_square_api.json"


def seat_a_points(games: np.ndarray) -> np.ndarray:
    """Seat A's points per game: 1 a win, 0 a loss, 0.5 a draw or double loss."""
    w = games[:, G_WINNER]
    return np.where(w == WIN_A, 1.0, np.where(w == WIN_B, 0.0, 0.5))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="the FFTCG data folder (../shared/data/fftcg)")
    ap.add_argument("--decks", nargs="+", required=True, help="deck files (names under DATA/decks/*/ or paths)")
    ap.add_argument("--policy", default="curve")
    ap.add_argument("--param", type=int, nargs="+", required=True, help="index of each parameter changed (core.PR_*)")
    ap.add_argument("--value", type=int, nargs="+", required=True, help="its value in the changed policy, in order")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    engine = get_engine("fftcg")
    pool = args.data / POOL
    paths = [Path(d) if Path(d).is_file() else next((args.data / "decks").glob(f"*/{d}")) for d in args.decks]
    decks = [load_deck(p, pool) for p in paths]
    pol = engine.POLICIES[args.policy]
    base = np.asarray(engine.DEFAULT_PARAMS[pol], np.int64)
    if len(args.param) != len(args.value):
        ap.error("--param and --value need as many numbers each")
    changed = base.copy()
    changed[args.param] = args.value
    scores, rows = [], []
    gain: dict[str, list[np.ndarray]] = {}  # a deck's points with the change less without, same deal, seat, opponent
    for i, x in enumerate(decks):
        for j, y in enumerate(decks):
            if i == j:
                continue
            cx, cy, _ = compile_spec(engine, simulate_spec(x, y, args.policy, args.policy, None, {}, 0))

            def play(pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
                return seat_a_points(engine.play(cx, cy, pol, pol, seed=args.seed, stream=0, start=0,  # noqa: B023
                                                 n=args.deals, params_a=pa, params_b=pb).games)

            new_x, new_y = play(changed, base), 1.0 - play(base, changed)
            scores.append((new_x + new_y) / 2)
            both, neither = play(changed, changed), play(base, base)
            gain.setdefault(x.name, []).append(new_x - neither)  # x changed (seat A), then y changed (seat B)
            gain.setdefault(y.name, []).append(new_y - (1.0 - neither))
            rows.append((x.name, y.name, both, neither))
    s = paired_interval(np.concatenate(scores))
    print(f"{args.policy} with prm{args.param} = {args.value} against {args.policy} (prm{args.param} = "
          f"{base[args.param].tolist()}): {100 * s.diff:.2f}% ({100 * s.low:.2f}-{100 * s.high:.2f}), {s.n:,} deal scores, "
          f"{len(decks)} decks, {args.deals} deals per ordered pairing, seed {args.seed}")
    print("\n| deck | its points with the change less without, against the unchanged policy (95%) |\n|---|---|")
    for x, parts in gain.items():
        d = paired_interval(np.concatenate(parts))
        print(f"| {x} | {100 * d.diff:+.2f} ({100 * d.low:+.2f} to {100 * d.high:+.2f}) |")
    print("\n| deck | against | both changed | neither | paired difference (95%) |\n|---|---|---|---|---|")
    for x, y, both, neither in rows:
        d = paired_interval(both - neither)
        print(f"| {x} | {y} | {100 * both.mean():.1f}% | {100 * neither.mean():.1f}% | "
              f"{100 * d.diff:+.1f} ({100 * d.low:+.1f} to {100 * d.high:+.1f}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
