"""Fit a win-probability model for one FFTCG deck's mirror, regularised toward the search's WIN_MODEL.

The input is a collection of one deck's mirror saved by `python -m sim.bench.winmodel DECK DECK --pool POOL
--pairs 1 --games G --rollouts 16 --candidates --seed S --save F.npz` (the generic model's recipe on that deck's
games alone). For each ridge given, `winmodel.fit_decisions` (log loss plus `--decision-weight` times the centred
squared error of the candidates) is fitted on the even games, starting from WIN_MODEL and pulled toward it on the
terms scaled to unit root mean square; the odd games are held out. Each row compares the fit with WIN_MODEL on
them: log loss (its difference paired by game), the centred squared error of the candidates' probabilities and
the share of decisions whose chosen candidate has the best label (differences paired by decision), each with a
95% t interval (analysis.paired). `python -m sim.bench.deck_model F.npz... --ridge 1e-3,1e-2 --save DIR` prints a Markdown
table and writes each fit's coefficients (WIN_MODEL's layout) to DIR/<collection>-<ridge>.npy. `--train-games N`
fits on the even games among the first N only (how small a collection still helps); `--linear` refits the
intercept and the linear terms only, WIN_MODEL's products kept (what a collection of 150-200 games affords: issue
38's ninth round); `--pooled` fits one model on every collection's even games and scores it on each (a control:
what is deck-specific, what is not). `--mover K` keeps only the positions scored for the collection's deck K (its
index among the decks collected): with a collection of two decks (`winmodel A B --pairs 1`), deck A's model for
that matchup (K = 0) or deck B's (K = 1).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analysis.paired import paired_interval
from sim.bench.winmodel import Positions, predict
from sim.games.fftcg import search as SR
from sim.games.fftcg.winfit import centred, expand, fit_decisions


@dataclass
class Heldout:
    """Per-unit figures of one model on the held-out positions: log loss per game, and per decision of two or
    more candidates its centred squared error and whether its choice has the best label."""

    loss: np.ndarray
    spread: np.ndarray
    best: np.ndarray


def heldout(prob: np.ndarray, y: np.ndarray, game: np.ndarray, decision: np.ndarray) -> Heldout:
    p = np.clip(prob, 1e-9, 1 - 1e-9)
    per_position = -(y * np.log(p) + (1 - y) * np.log(1 - p))
    _, g = np.unique(game, return_inverse=True)
    loss = np.bincount(g, per_position) / np.bincount(g)
    cand = decision >= 0
    dec, pc, yc = decision[cand], prob[cand], y[cand]
    _, d = np.unique(dec, return_inverse=True)
    size = np.bincount(d)
    sq = np.bincount(d, centred(pc - yc, dec) ** 2) / size
    # rows by decision, then probability (highest first), then position: each decision's first row is its argmax
    order = np.lexsort((np.arange(len(d)), -pc, d))
    starts = np.concatenate([[0], np.cumsum(size)[:-1]])
    best = (yc[order][starts] >= np.maximum.reduceat(yc[order], starts)).astype(float)
    keep = size >= 2
    return Heldout(loss, sq[keep], best[keep])


def fit_deck(data: Positions, ridge: float, weight: float, games: int | None = None,
             linear: bool = False) -> np.ndarray:
    """The deck's model fitted on the collection's even games (of the first `games` only, if given), regularised
    toward WIN_MODEL; `linear` fits the intercept and the linear terms only, WIN_MODEL's products kept."""
    train = data.game % 2 == 0
    if games is not None:
        train &= data.game < games
    return fit_decisions(expand(data.x[train]), data.y[train], data.decision[train], weight, SR.WIN_MODEL,
                         ridge=ridge, prior=SR.WIN_MODEL, free=1 + SR.NFEAT if linear else None)


def moved_by(data: Positions, deck: int) -> Positions:
    """The positions of a collection scored for deck `deck` (Positions.mover)."""
    if data.mover is None:
        raise ValueError("deck_model: this collection has no movers recorded; collect it again (winmodel --save)")
    keep = data.mover == deck
    return Positions(data.x[keep], data.y[keep], data.game[keep], data.decision[keep], data.xn[keep], data.mover[keep])


def pooled(collections: list[Positions]) -> Positions:
    """The collections as one, their game and decision ids shifted apart (games by an even number, so each game
    stays on its side of the even/odd split)."""
    games, decisions, parts = 0, 0, []
    for c in collections:
        parts.append(Positions(c.x, c.y, c.game + games, np.where(c.decision >= 0, c.decision + decisions, -1), c.xn))
        games += int(c.game.max()) + 2 - int(c.game.max()) % 2
        decisions += int(c.decision.max()) + 1
    return Positions(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("x", "y", "game", "decision", "xn")))


def row(name: str, ridge: float, fitted: Heldout, today: Heldout) -> str:
    def cell(a: np.ndarray, b: np.ndarray, scale: float, digits: int, unit: str = "") -> str:
        iv = paired_interval(a - b)
        m, lo, hi = scale * iv.diff, scale * iv.low, scale * iv.high
        return f"{scale * a.mean():.{digits}f}{unit} ({m:+.{digits}f}, {lo:+.{digits}f} to {hi:+.{digits}f})"

    return (f"| {name} | {ridge:g} | {len(fitted.best)} | {today.loss.mean():.4f} | {cell(fitted.loss, today.loss, 1, 4)} "
            f"| {today.spread.mean():.5f} | {cell(fitted.spread, today.spread, 1, 5)} "
            f"| {100 * today.best.mean():.1f}% | {cell(fitted.best, today.best, 100, 1, '%')} |")


def save(folder: Path, name: str, w: np.ndarray) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    np.save(folder / f"{name}.npy", w)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("collections", nargs="+", type=Path, help="one deck's mirror each (winmodel --save)")
    ap.add_argument("--ridge", default="1e-3", help="comma-separated ridges toward WIN_MODEL (scaled terms)")
    ap.add_argument("--decision-weight", type=float, default=10.0)
    ap.add_argument("--save", type=Path, help="write each fit's coefficients to DIR/<collection>-<ridge>.npy")
    ap.add_argument("--train-games", type=int, help="fit on the even games among the first N only")
    ap.add_argument("--mover", type=int,
                    help="only the positions scored for the collection's deck K (its index among the decks collected)")
    ap.add_argument("--linear", action="store_true",
                    help="fit the intercept and linear terms only, WIN_MODEL's products kept (small collections)")
    ap.add_argument("--pooled", action="store_true",
                    help="one model fitted on every collection's even games (DIR/pooled-<ridge>.npy), scored on each")
    args = ap.parse_args(argv)
    ridges = [float(r) for r in args.ridge.split(",")]
    collections = [Positions.load(path) for path in args.collections]
    if args.mover is not None:
        collections = [moved_by(c, args.mover) for c in collections]
    shared = ({r: fit_deck(pooled(collections), r, args.decision_weight, None, args.linear) for r in ridges}
              if args.pooled else {})
    print("| collection | ridge | held-out decisions | log loss, WIN_MODEL | fit (difference) | centred error, "
          "WIN_MODEL | fit (difference) | best label, WIN_MODEL | fit (difference) |")
    print("|---" * 10 + "|")
    for path, data in zip(args.collections, collections, strict=True):
        test = data.game % 2 == 1
        terms = expand(data.x[test])
        y, game, decision = data.y[test], data.game[test], data.decision[test]
        today = heldout(predict(SR.WIN_MODEL, terms), y, game, decision)
        for ridge in ridges:
            w = shared[ridge] if args.pooled else fit_deck(data, ridge, args.decision_weight, args.train_games,
                                                           args.linear)
            print(row(path.stem, ridge, heldout(predict(w, terms), y, game, decision), today), flush=True)
            if args.save and not args.pooled:
                save(args.save, f"{path.stem}-{ridge:g}", w)
    if args.save:
        for ridge, w in shared.items():
            save(args.save, f"pooled-{ridge:g}", w)


if __name__ == "__main__":
    main()
