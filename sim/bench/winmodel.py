"""Fit the win-probability model that scores the FFTCG search policy's truncated rollouts.

The data are curve-against-curve games (the policy the rollouts play) between random pairs of the given
decks: after every turn that does not end the game, the position as the player to move next sees it
(`search.features`), labelled 1 if that player won, 0 if it lost, 1/2 for a draw or the turn cap, or with
`--rollouts N` the mean result of N curve rollouts from it to the end of the game (the value search-full gives
it). `--candidates` adds the positions the search scores: every Main Phase 1 candidate applied and played on to
the end of the opponent's next turn, labelled by rollouts. A logistic regression on the features and the products
of the pairs search.PAIRED names (iteratively reweighted least squares with a small ridge) is fitted on the even
games and checked on the odd ones: log loss and Brier score against the constant model, and calibration by
deciles of the predicted probability. `--decision-weight W` then refits it for the choice among the candidates of
each decision (fit_decisions: the log loss plus W times the squared error of the candidates' probabilities
centred within their decision), and with `--candidates` the held-out decisions are scored by how often the model's
choice has the best rollout mean and its mean regret. `python -m sim.bench.winmodel DECK... --pool POOL` prints the
coefficients in the form `search.WIN_MODEL` holds them and the calibration table, beside the held-out figures and
calibration of today's `search.WIN_MODEL` on the same positions; `--save FILE.npz` keeps the collection (with each
position's `next_features`) for `sim.bench.winnet`, `--load FILE.npz` fits on a saved one instead of playing it,
and `--train-also FILE.npz` adds whole saved collections to the training games (the held-out games stay the odd
ones of the main collection).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.decks.deckfile import load_deck
from sim.engine.jit import engine_jit
from sim.games.fftcg import engine as F
from sim.games.fftcg import search as SR
from sim.games.fftcg.adapt import collect_positions
from sim.games.fftcg.core import (
    FORWARD,
    K_COST,
    K_ELEM,
    K_POWER,
    K_TYPE,
    L_BKP,
    L_HAND,
    LIGHT_DARK,
    P_HN,
    P_NB,
    S_FROZEN,
    st_cards,
    st_cs,
    st_ls,
    st_ps,
)
from sim.games.fftcg.winfit import centred, design, expand, fit_decisions


@dataclass
class Positions:
    x: np.ndarray  # [n, NFEAT] features of the player to move
    y: np.ndarray  # [n] that player's target: its result (1 win, 0 loss, 0.5 draw) or the mean of its rollouts
    game: np.ndarray  # [n] the game each position comes from
    decision: np.ndarray  # [n] the decision a candidate position belongs to (-1: a position after a turn)
    xn: np.ndarray  # [n, 2 * NNEXT] what the position leaves each seat for its next turn (next_features)
    # [n] the deck of the player the position is scored for (its index among the decks collected), or None where
    # the collection did not record it (collections saved before the field)
    mover: np.ndarray | None = None

    def save(self, path: Path) -> None:
        extra = {} if self.mover is None else {"mover": self.mover}
        np.savez_compressed(path, x=self.x, y=self.y, game=self.game, decision=self.decision, xn=self.xn, **extra)

    @staticmethod
    def load(path: Path) -> Positions:
        with np.load(path) as f:
            return Positions(f["x"], f["y"], f["game"], f["decision"], f["xn"], f["mover"] if "mover" in f else None)


NNEXT = 7  # next-turn features per seat (next_features)


@engine_jit
def next_features(S, p, x, o):
    """x[o:o + 2 * NNEXT] := what the position leaves each seat (p first) for its next turn, from the cards it
    holds now (the draw is unknown): the Backups that will be active (not Frozen), the CP it could raise (those
    Backups plus 2 per hand card that may be discarded), the Forwards in hand those Backups alone pay for (cost
    within them and an element among theirs), the Forwards in hand payable with discards too, the power (in
    thousands) of the strongest of those, the hand cards of any type payable so, and how far the cheapest hand
    card's cost is beyond those Backups. Elements are checked only as "one CP of the card's element from a Backup
    or a discardable hand card", the card itself counted among those (the collections were made so)."""
    cards, cs, ps, ls = st_cards(S), st_cs(S), st_ps(S), st_ls(S)
    for k in range(2):
        s = p if k == 0 else 1 - p
        b, bmask = 0, 0
        for j in range(ps[s, P_NB]):
            c = ls[s, L_BKP, j]
            if cs[s, S_FROZEN, c] == 0:
                b += 1
                bmask |= cards[s, c, K_ELEM]
        hd, hmask, cheapest = 0, 0, 99
        for j in range(ps[s, P_HN]):
            c = ls[s, L_HAND, j]
            el = cards[s, c, K_ELEM]
            if (el & LIGHT_DARK) == 0:
                hd += 1
                hmask |= el
            cheapest = min(cheapest, cards[s, c, K_COST])
        by_backups, by_discards, best, castable = 0, 0, 0.0, 0
        for j in range(ps[s, P_HN]):
            c = ls[s, L_HAND, j]
            el, cost = cards[s, c, K_ELEM], cards[s, c, K_COST]
            own = 1 if (el & LIGHT_DARK) == 0 else 0  # a card cannot be discarded to pay for itself
            any_cp = (el & LIGHT_DARK) != 0  # Light and Dark cards take CP of any element
            if cost <= b + 2 * (hd - own) and (any_cp or (el & (bmask | hmask)) != 0):
                castable += 1
                if cards[s, c, K_TYPE] == FORWARD:
                    by_discards += 1
                    best = max(best, cards[s, c, K_POWER] / 1000.0)
                    if cost <= b and (any_cp or (el & bmask) != 0):
                        by_backups += 1
        i = o + k * NNEXT
        x[i] = b
        x[i + 1] = b + 2 * hd
        x[i + 2] = by_backups
        x[i + 3] = by_discards
        x[i + 4] = best
        x[i + 5] = castable
        x[i + 6] = max(0, cheapest - b) if cheapest < 99 else 0


def collect(decks: list[Path], pool: Path | None, pairs: int, games: int, seed: int, rollouts: int = 0,
            candidates: bool = False) -> Positions:
    """`games` curve-vs-curve games for each of `pairs` random ordered pairs of distinct decks
    (adapt.collect_positions: the position after every turn that does not end the game, labelled with the next
    mover's result or the mean of `rollouts` full curve rollouts; with `candidates`, the positions the search
    scores), each with its next_features and its mover (the index in `decks` of the deck it is scored for: a matchup's
    model for one seat is fitted on the positions its deck moved in, sim.bench.deck_model --mover); the pairs'
    games and decisions numbered on from the previous pair's."""
    if candidates and rollouts < 1:
        raise ValueError("winmodel: --candidates labels positions by rollouts; give --rollouts N (N >= 1)")
    loaded = [load_deck(p, pool) for p in decks]
    pick = np.random.default_rng(seed)
    wrng = np.array([seed], np.uint64)  # the rollouts' worlds: a stream of their own, so the games stay curve's
    xn = np.zeros(2 * NNEXT, np.float64)

    def following(S: int, p: int) -> np.ndarray:
        next_features(S, p, xn, 0)
        return xn.copy()

    parts = []
    g, d = 0, 0
    for k in range(pairs):
        i, j = pick.choice(len(loaded), 2, replace=False)
        seat_deck = (int(i), int(j))
        a, b = F.compile_matchup(loaded[i], loaded[j])
        c = collect_positions(F, a, b, games=games, seed=seed, stream=k, rollouts=rollouts, candidates=candidates,
                              wrng=wrng, extra=following)
        parts.append(Positions(c.x, c.y, c.game + g, np.where(c.decision >= 0, c.decision + d, -1),
                               c.extra.reshape(len(c.y), 2 * NNEXT),
                               np.array(seat_deck)[c.mover]))
        g, d = g + games, d + c.decisions
    return Positions(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("x", "y", "game", "decision", "xn",
                                                                                     "mover")))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Logistic regression of y (in [0, 1]) on the columns of x (the model's terms: `expand`) by IRLS:
    [intercept, coefficients...]."""
    a = design(x)
    w = np.zeros(a.shape[1])
    for _ in range(steps):
        prob = 1.0 / (1.0 + np.exp(-a @ w))
        h = (a * (prob * (1 - prob))[:, None]).T @ a + ridge * len(y) * np.eye(len(w))
        step = np.linalg.solve(h, a.T @ (y - prob) - ridge * len(y) * w)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def decision_scores(prob: np.ndarray, y: np.ndarray, decision: np.ndarray) -> tuple[float, float, int]:
    """Over the decisions of two or more candidates: the mean regret of taking each decision's candidate of the
    highest predicted probability (the best target of the decision less the chosen one's), the share of decisions
    where that candidate has the best target, and the number of decisions."""
    regret, hits, count = 0.0, 0, 0
    order = np.argsort(decision, kind="stable")
    ids, starts = np.unique(decision[order], return_index=True)
    for k in range(len(ids)):
        if ids[k] < 0:
            continue
        rows = order[starts[k]:starts[k + 1] if k + 1 < len(ids) else len(order)]
        if len(rows) < 2:
            continue
        chosen = rows[np.argmax(prob[rows])]
        regret += y[rows].max() - y[chosen]
        hits += y[chosen] >= y[rows].max()
        count += 1
    return regret / max(count, 1), hits / max(count, 1), count


def predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-design(x) @ w))


def calibration(prob: np.ndarray, y: np.ndarray, bins: int = 10) -> list[tuple[float, float, float, int]]:
    """(low, mean predicted, mean observed, positions) per decile of the predicted probability."""
    edges = np.quantile(prob, np.linspace(0, 1, bins + 1))
    which = np.clip(np.searchsorted(edges, prob, side="right") - 1, 0, bins - 1)
    return [(float(edges[b]), float(prob[which == b].mean()), float(y[which == b].mean()), int((which == b).sum()))
            for b in range(bins) if (which == b).any()]


def log_loss(prob: np.ndarray, y: np.ndarray) -> float:
    prob = np.clip(prob, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(prob) + (1 - y) * np.log(1 - prob)).mean())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="+", type=Path)
    ap.add_argument("--pool", type=Path)
    ap.add_argument("--pairs", type=int, default=120)
    ap.add_argument("--games", type=int, default=40, help="games per pair of decks")
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--rollouts", type=int, default=0,
                    help="label each position with the mean of N full curve rollouts from it (0: the game's result)")
    ap.add_argument("--candidates", action="store_true",
                    help="add every Main Phase 1 candidate's position at the end of the opponent's next turn")
    ap.add_argument("--decision-weight", type=float, default=0.0,
                    help="refit for the choice among candidates (fit_decisions) with this weight (0: log loss only)")
    ap.add_argument("--save", type=Path, help="also write the collection to this .npz (Positions.save)")
    ap.add_argument("--load", type=Path, help="use this saved collection (--save) instead of playing one")
    ap.add_argument("--train-also", type=Path, nargs="*", default=[],
                    help="saved collections fitted on in full beside the even games (the odd ones stay held out)")
    args = ap.parse_args(argv)
    if args.candidates and args.rollouts < 1:
        ap.error("--candidates labels positions by rollouts: give --rollouts N (N >= 1)")
    if args.decision_weight and not args.candidates:
        ap.error("--decision-weight fits the choice among candidates: give --candidates")
    if args.load:
        data = Positions.load(args.load)
    else:
        data = collect(args.decks, args.pool, args.pairs, args.games, args.seed, args.rollouts, args.candidates)
    if args.save:
        data.save(args.save)
    terms = expand(data.x)
    train = data.game % 2 == 0
    test = ~train
    tx, ty, td = terms[train], data.y[train], data.decision[train]
    for extra in map(Positions.load, args.train_also):
        # decision ids are per collection: shift them past this one's so no two collections' candidates mix
        shift = np.where(extra.decision >= 0, td.max() + 1, 0)
        tx, ty, td = np.vstack([tx, expand(extra.x)]), np.concatenate([ty, extra.y]), np.concatenate([td, extra.decision + shift])
    w = fit(tx, ty)
    if args.decision_weight:
        w = fit_decisions(tx, ty, td, args.decision_weight, w)
    print(f"positions {len(data.y)} from {data.game.max() + 1} games (train {len(ty)}, test {test.sum()})")
    base = np.full(test.sum(), ty.mean())
    y, dec = data.y[test], data.decision[test]
    print(f"constant: test log loss {log_loss(base, y):.4f}, Brier {np.mean((base - y) ** 2):.4f}")
    for name, weights in (("fit", w), ("search.WIN_MODEL", SR.WIN_MODEL)):
        prob = predict(weights, terms[test])
        print(f"{name}: test log loss {log_loss(prob, y):.4f}, Brier {np.mean((prob - y) ** 2):.4f}")
        if (dec >= 0).any():
            regret, hits, count = decision_scores(prob, y, dec)
            spread = centred(prob[dec >= 0] - y[dec >= 0], dec[dec >= 0])
            print(f"  test decisions {count}: the model's choice has the best target in {100 * hits:.1f}%, "
                  f"mean regret {regret:.4f}; centred squared error {np.mean(spread ** 2):.5f}")
        print("| predicted from | mean predicted | observed | positions |")
        print("|---|---|---|---|")
        for low, p, o, n in calibration(prob, y):
            print(f"| {low:.3f} | {p:.3f} | {o:.3f} | {n} |")
    # 7 significant digits: the products reach the hundreds, so coarser rounding moves the log-odds
    print("WIN_MODEL = np.array([" + ", ".join(f"{v:.7g}" for v in w) + "])")


if __name__ == "__main__":
    main()
