"""The algebra of the search's win-probability models: their terms (expand), and the logistic fit for the choice
among a decision's candidates (fit_decisions) that sim.bench.winmodel, sim.bench.deck_model and search-adapt's
matchup models (sim.games.fftcg.adapt) share.

The fit's sums do not go through BLAS (np.einsum without optimize, numpy's own single-threaded loops): a threaded
BLAS may split a sum differently with another thread count, and search-adapt's models must be a function of their
data alone.
"""

from __future__ import annotations

import numpy as np

from sim.games.fftcg.search import PAIRED


def expand(x: np.ndarray) -> np.ndarray:
    """The model's terms of features x [n, NFEAT]: the features, then the products of each pair of
    search.PAIRED features (a <= b), in the order search.model_z reads WIN_MODEL."""
    paired = x[:, PAIRED]
    a, b = np.triu_indices(len(PAIRED))
    return np.column_stack([x, paired[:, a] * paired[:, b]])


def design(x: np.ndarray) -> np.ndarray:
    return np.column_stack([np.ones(len(x)), x])


def centred(v: np.ndarray, decision: np.ndarray) -> np.ndarray:
    """v less the mean of v over its decision's candidates (decision ids >= 0, any order)."""
    _, group = np.unique(decision, return_inverse=True)
    return v - (np.bincount(group, v) / np.bincount(group))[group]


def fit_decisions(x: np.ndarray, y: np.ndarray, decision: np.ndarray, weight: float, w0: np.ndarray,
                  ridge: float = 1e-3, prior: np.ndarray | None = None, free: int | None = None) -> np.ndarray:
    """The logistic model refitted for the choice among candidates: the mean log loss over all positions (which
    keeps it calibrated) plus `weight` times the mean squared error of the candidate positions' probabilities
    centred within their decision (decision >= 0) against their centred targets, which is all a choice among the
    candidates of one decision depends on (an error common to them costs nothing there), and a ridge on the
    coefficients; with `prior`, the ridge pulls the coefficients toward prior's instead, measured on the terms
    scaled to unit root mean square (so every term is held alike: a matchup's or a deck's model regularised
    toward WIN_MODEL). L-BFGS (scipy) from w0, with the terms scaled to unit root mean square. With `free`, only
    the first `free` coefficients (the intercept and the first free - 1 terms) are fitted and the others kept at
    w0's (a matchup's model from a small collection overfits the products: docs/policies_fftcg.md, ninth round)."""
    from scipy.optimize import minimize

    a = design(x)
    k = a.shape[1] if free is None else free
    offset = np.einsum("ij,j->i", a[:, k:], w0[k:])  # the kept terms' part of z (0 when all are fitted)
    a = a[:, :k]
    scale = np.sqrt((a ** 2).mean(axis=0)) + 1e-12
    a = a / scale
    cand = decision >= 0
    dec = decision[cand]
    n, m = len(y), int(cand.sum())
    v0 = None if prior is None else prior[:k] * scale

    def loss(v: np.ndarray) -> tuple[float, np.ndarray]:
        z = np.einsum("ij,j->i", a, v) + offset
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
        return total, np.einsum("ij,i->j", a, gz) + penalty

    result = minimize(loss, w0[:k] * scale, jac=True, method="L-BFGS-B", options={"maxiter": 3000, "maxfun": 6000})
    w = np.array(w0, np.float64)
    w[:k] = result.x / scale
    return w
