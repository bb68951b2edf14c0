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
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import search as SR
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
from sim.games.fftcg.turn import begin_turn, take_turn


@dataclass
class Positions:
    x: np.ndarray  # [n, NFEAT] features of the player to move
    y: np.ndarray  # [n] that player's target: its result (1 win, 0 loss, 0.5 draw) or the mean of its rollouts
    game: np.ndarray  # [n] the game each position comes from
    decision: np.ndarray  # [n] the decision a candidate position belongs to (-1: a position after a turn)
    xn: np.ndarray  # [n, 2 * NNEXT] what the position leaves each seat for its next turn (next_features)

    def save(self, path: Path) -> None:
        np.savez_compressed(path, x=self.x, y=self.y, game=self.game, decision=self.decision, xn=self.xn)

    @staticmethod
    def load(path: Path) -> Positions:
        with np.load(path) as f:
            return Positions(f["x"], f["y"], f["game"], f["decision"], f["xn"])


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


def rollout_mean(T: int, p: int, gturn: int, threshold: int, B: int, wrng: np.ndarray, pool: np.ndarray,
                 rollouts: int) -> float:
    """Seat p's mean result over `rollouts` curve games played to the end from position T (seat p to move after
    game turn gturn), each in a world re-sampled as p sees it (search.deal_world into the scratch state B): the
    value search-full gives the position."""
    total, x = 0.0, np.empty(SR.NX)  # x: value's feature buffer (unread here: every rollout plays to the end)
    for _ in range(rollouts):
        SR.deal_world(T, B, p, wrng, pool)
        SR.play_out(B, 1 - p, gturn, threshold, F.MAX_TURNS)
        total += SR.value(B, p, F.MAX_TURNS, x)
    return total / rollouts


def collect(decks: list[Path], pool: Path | None, pairs: int, games: int, seed: int, rollouts: int = 0,
            candidates: bool = False) -> Positions:
    """`games` curve-vs-curve games for each of `pairs` random ordered pairs of distinct decks: the position after
    every turn that does not end the game, labelled with the next mover's result (rollouts 0) or the mean of
    `rollouts` full curve rollouts from it. `candidates` (needs rollouts) adds the positions the search scores:
    at the start of each turn's Main Phase 1 (from game turn 2), every main-phase candidate (search.main_candidates)
    applied in one world re-sampled as the mover sees it and played on by curve to the end of the opponent's next
    turn, each labelled with the mean of its rollouts; a candidate that ends the game is left out."""
    if candidates and rollouts < 1:
        raise ValueError("winmodel: --candidates labels positions by rollouts; give --rollouts N (N >= 1)")
    loaded = [load_deck(p, pool) for p in decks]
    pick = np.random.default_rng(seed)
    wrng = np.array([seed], np.uint64)  # the rollouts' worlds: a stream of their own, so the games stay curve's
    cand = np.empty(SR.MAX_CAND + 2, np.int64)
    xs, ys, gs, ds, ns = [], [], [], [], []
    x = np.zeros(SR.NFEAT, np.float64)
    xn = np.zeros(2 * NNEXT, np.float64)
    g, d = 0, 0
    for k in range(pairs):
        i, j = pick.choice(len(loaded), 2, replace=False)
        a, b = F.compile_matchup(loaded[i], loaded[j])
        cards, effs, nmain, ntot, pols, prms, opt, _ = F._prepare(a, b, K.CURVE, K.CURVE, None, None, None)
        flags = F.deck_flags(cards, effs, nmain, ntot)
        blob = F.new_blob(cards, effs)
        gstate = F.views(blob)["gs"]
        # scratch states with the same card tables: a copy of the game, a world, a rollout (states are addresses)
        turn, world, line = blob.copy(), blob.copy(), blob.copy()
        C, B, T = turn.ctypes.data, world.ctypes.data, line.ctypes.data
        line_over = F.views(line)["gs"]
        deal = np.empty(int(ntot.max()) + 1, np.int64)
        for index in range(games):
            S, threshold, first = F.begin_game(blob, flags, nmain, ntot, pols, prms, opt, seed, k, index, 0)
            for scratch in (turn, world, line):
                scratch[:] = blob
            movers = []
            p, gturn = int(first), 0
            while gturn < F.MAX_TURNS and not gstate[K.X_OVER]:
                gturn += 1
                if candidates and 1 < gturn < F.MAX_TURNS - 1:
                    SR.copy_position(S, C)
                    if not begin_turn(C, p, gturn, threshold):
                        n = SR.main_candidates(C, p, 1, cand)
                        SR.deal_world(C, B, p, wrng, deal)
                        for c in cand[:n]:
                            SR.copy_position(B, T)
                            SR.rollout_main(T, p, 1, c, gturn, threshold, gturn + 1)
                            if not line_over[K.X_OVER]:
                                SR.features(T, p, x)
                                xs.append(x.copy())
                                next_features(T, p, xn, 0)
                                ns.append(xn.copy())
                                # C is free once the candidates are listed and the world dealt: a rollout scratch
                                ys.append(rollout_mean(T, p, gturn + 1, threshold, C, wrng, deal, rollouts))
                                gs.append(g)
                                ds.append(d)
                        d += 1
                take_turn(S, p, gturn, threshold, 0)
                p = 1 - p
                if not gstate[K.X_OVER]:
                    SR.features(S, p, x)
                    xs.append(x.copy())
                    next_features(S, p, xn, 0)
                    ns.append(xn.copy())
                    gs.append(g)
                    ds.append(-1)
                    if rollouts:
                        ys.append(rollout_mean(S, p, gturn, threshold, B, wrng, deal, rollouts))
                    else:
                        ys.append(np.nan)
                        movers.append((len(ys) - 1, p))
            winner = int(gstate[K.X_WINNER]) if gstate[K.X_OVER] else F.DRAW
            for r, m in movers:
                ys[r] = 0.5 if winner not in (0, 1) else float(winner == m)
            g += 1
        F.keep_alive(blob, turn, world, line)
    return Positions(np.array(xs), np.array(ys), np.array(gs), np.array(ds), np.array(ns))


def expand(x: np.ndarray) -> np.ndarray:
    """The model's terms of features x [n, NFEAT]: the features, then the products of each pair of
    search.PAIRED features (a <= b), in the order search.model_z reads WIN_MODEL."""
    paired = x[:, SR.PAIRED]
    a, b = np.triu_indices(len(SR.PAIRED))
    return np.column_stack([x, paired[:, a] * paired[:, b]])


def design(x: np.ndarray) -> np.ndarray:
    return np.column_stack([np.ones(len(x)), x])


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


def centred(v: np.ndarray, decision: np.ndarray) -> np.ndarray:
    """v less the mean of v over its decision's candidates (decision ids >= 0, any order)."""
    _, group = np.unique(decision, return_inverse=True)
    return v - (np.bincount(group, v) / np.bincount(group))[group]


def fit_decisions(x: np.ndarray, y: np.ndarray, decision: np.ndarray, weight: float, w0: np.ndarray,
                  ridge: float = 1e-3, prior: np.ndarray | None = None) -> np.ndarray:
    """The logistic model refitted for the choice among candidates: the mean log loss over all positions (which
    keeps it calibrated) plus `weight` times the mean squared error of the candidate positions' probabilities
    centred within their decision (decision >= 0) against their centred targets, which is all a choice among the
    candidates of one decision depends on (an error common to them costs nothing there), and the same ridge as
    `fit`; with `prior`, the ridge pulls the coefficients toward prior's instead, measured on the terms scaled to
    unit root mean square (so every term is held alike: sim.bench.deck_model's models of one deck, regularised
    toward WIN_MODEL). L-BFGS (scipy) from w0, with the terms scaled to unit root mean square."""
    from scipy.optimize import minimize

    a = design(x)
    scale = np.sqrt((a ** 2).mean(axis=0)) + 1e-12
    a = a / scale
    cand = decision >= 0
    dec = decision[cand]
    n, m = len(y), int(cand.sum())
    v0 = None if prior is None else prior * scale

    def loss(v: np.ndarray) -> tuple[float, np.ndarray]:
        z = a @ v
        prob = 1.0 / (1.0 + np.exp(-z))
        w = v / scale
        total = -(y * np.log(np.clip(prob, 1e-12, 1)) + (1 - y) * np.log(np.clip(1 - prob, 1e-12, 1))).sum() / n
        if v0 is None:
            total += 0.5 * ridge * (w ** 2).sum()
            penalty = ridge * w / scale
        else:
            total += 0.5 * ridge * ((v - v0) ** 2).sum()
            penalty = ridge * (v - v0)
        gz = (prob - y) / n
        r = centred(prob[cand] - y[cand], dec)  # centring is a projection, so the residual is its own gradient
        total += weight * (r ** 2).sum() / m
        gz[cand] += weight * 2.0 * r * prob[cand] * (1 - prob[cand]) / m
        return total, a.T @ gz + penalty

    result = minimize(loss, w0 * scale, jac=True, method="L-BFGS-B", options={"maxiter": 3000, "maxfun": 6000})
    return result.x / scale


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
