"""Compare value models for the FFTCG search on saved collections (`sim.bench.winmodel --save`).

Four models, fitted on the same positions for the same loss (`winmodel.fit_decisions`: the mean log loss plus
`weight` times the mean squared error of the candidates' probabilities centred within their decision) and scored
on the same held-out decisions: (a) today's logistic regression on `winmodel.expand`'s 258 terms, (b) the same
with the next-turn features (`winmodel.next_features`) as linear terms, (c) a network of one hidden layer (tanh) on
the standardised features beside a linear term on them, (d) that network on the features and the next-turn
features, (c) and (d) once for each `--hidden` size. Every collection but the last and the even games of the last
are the training positions, the odd games of the last are held out (as `winmodel` does on one collection). Printed: held-out log loss, the centred squared error
and the share of decisions of two or more candidates whose best-predicted candidate has the best label, each
with a 95% bootstrap interval over the held-out decisions (the log loss over the held-out games), and each
model's difference to (a) paired on the same resamples.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from sim.bench import winmodel as WM


@dataclass
class Net:
    """z = b + x_s . v + tanh(x_s W1 + b1) . w2 on x_s = (x - mean) / std."""

    mean: np.ndarray
    std: np.ndarray
    w1: np.ndarray  # [d, h]
    b1: np.ndarray  # [h]
    w2: np.ndarray  # [h]
    v: np.ndarray  # [d]
    b: float

    def z(self, x: np.ndarray) -> np.ndarray:
        s = (x - self.mean) / self.std
        return self.b + s @ self.v + np.tanh(s @ self.w1 + self.b1) @ self.w2


def unpack(theta: np.ndarray, d: int, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
    w1 = theta[:d * h].reshape(d, h)
    k = d * h
    return w1, theta[k:k + h], theta[k + h:k + 2 * h], theta[k + 2 * h:k + 2 * h + d], float(theta[-1])


def net_loss(theta: np.ndarray, s: np.ndarray, y: np.ndarray, decision: np.ndarray, hidden: int, weight: float,
             ridge: float) -> tuple[float, np.ndarray]:
    """winmodel.fit_decisions' loss of the network `theta` (unpack's layout) on standardised features s, plus
    ridge / 2 times the squared weights (not the biases), and its gradient."""
    n, d = s.shape
    cand = decision >= 0
    m = max(int(cand.sum()), 1)
    w1, b1, w2, v, b = unpack(theta, d, hidden)
    a = np.tanh(s @ w1 + b1)
    prob = 1.0 / (1.0 + np.exp(-(b + s @ v + a @ w2)))
    pc = np.clip(prob, 1e-12, 1 - 1e-12)
    total = -(y * np.log(pc) + (1 - y) * np.log(1 - pc)).sum() / n
    gz = (prob - y) / n
    r = WM.centred(prob[cand] - y[cand], decision[cand])  # a projection: the residual is its own gradient
    total += weight * (r ** 2).sum() / m
    gz[cand] += weight * 2.0 * r * prob[cand] * (1 - prob[cand]) / m
    penalised = np.ones_like(theta)
    penalised[d * hidden:d * hidden + hidden] = 0.0
    penalised[-1] = 0.0
    total += 0.5 * ridge * ((theta * penalised) ** 2).sum()
    ga = np.outer(gz, w2) * (1 - a ** 2)
    grad = np.concatenate([(s.T @ ga).ravel(), ga.sum(axis=0), a.T @ gz, s.T @ gz, [gz.sum()]])
    return total, grad + ridge * theta * penalised


def fit_net(x: np.ndarray, y: np.ndarray, decision: np.ndarray, hidden: int, weight: float, ridge: float = 1e-4,
            seed: int = 0, maxiter: int = 1500) -> Net:
    """The network fitted by L-BFGS (scipy) on net_loss from small random weights (numpy's generator, `seed`)."""
    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-9
    s = (x - mean) / std
    d = s.shape[1]
    rng = np.random.default_rng(seed)
    theta = np.concatenate([rng.normal(0, 1 / np.sqrt(d), d * hidden), np.zeros(hidden),
                            rng.normal(0, 0.1 / np.sqrt(hidden), hidden), np.zeros(d), [0.0]])
    result = minimize(net_loss, theta, args=(s, y, decision, hidden, weight, ridge), jac=True, method="L-BFGS-B",
                      options={"maxiter": maxiter, "maxfun": 2 * maxiter})
    w1, b1, w2, v, b = unpack(result.x, d, hidden)
    return Net(mean, std, w1, b1, w2, v, b)


def decision_rows(decision: np.ndarray) -> list[np.ndarray]:
    """The row indices of each decision of two or more candidates."""
    cand = np.flatnonzero(decision >= 0)
    order = cand[np.argsort(decision[cand], kind="stable")]
    _, starts = np.unique(decision[order], return_index=True)
    return [r for r in np.split(order, starts[1:]) if len(r) >= 2]


def per_decision(prob: np.ndarray, y: np.ndarray, rows: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Per decision: the summed squared error of the centred probabilities against the centred labels, and 1 if
    the best-predicted candidate has the best label."""
    err, hit = np.empty(len(rows)), np.empty(len(rows))
    for k, r in enumerate(rows):
        e = (prob[r] - prob[r].mean()) - (y[r] - y[r].mean())
        err[k] = (e ** 2).sum()
        hit[k] = y[r][np.argmax(prob[r])] >= y[r].max()
    return err, hit


def scores(prob: np.ndarray, y: np.ndarray, game: np.ndarray, rows: list[np.ndarray], sizes: np.ndarray,
           draws: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """[draws + 1, 3]: log loss, centred error (per candidate) and best-label share, on the data then on each
    bootstrap draw (a resample of games for the log loss, of decisions for the other two)."""
    p = np.clip(prob, 1e-9, 1 - 1e-9)
    ll = -(y * np.log(p) + (1 - y) * np.log(1 - p))
    games, gi = np.unique(game, return_inverse=True)
    ll_sum, ll_n = np.bincount(gi, ll, len(games)), np.bincount(gi, None, len(games))
    err, hit = per_decision(prob, y, rows)
    out = [(ll_sum.sum() / ll_n.sum(), err.sum() / sizes.sum(), hit.mean())]
    for g, dsel in draws:
        out.append((ll_sum[g].sum() / ll_n[g].sum(), err[dsel].sum() / sizes[dsel].sum(), hit[dsel].mean()))
    return np.array(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("collections", nargs="+", type=Path, help=".npz from winmodel --save; the last is split")
    ap.add_argument("--weight", type=float, default=10.0, help="fit_decisions' weight of the centred error")
    ap.add_argument("--hidden", type=int, nargs="+", default=[32])
    ap.add_argument("--ridge", type=float, default=1e-4, help="the networks' L2 penalty")
    ap.add_argument("--boot", type=int, default=1000)
    ap.add_argument("--save", type=Path, help="write every model's held-out probabilities and parameters here")
    args = ap.parse_args(argv)
    parts = [WM.Positions.load(p) for p in args.collections]
    # decisions and games of different collections must not share ids
    for k, part in enumerate(parts):
        part.game = part.game + 10_000_000 * k
        part.decision = np.where(part.decision >= 0, part.decision + 10_000_000 * k, -1)
    last = parts[-1]
    held = last.game % 2 == 1
    x = np.concatenate([p.x for p in parts[:-1]] + [last.x[~held]])
    xn = np.concatenate([p.xn for p in parts[:-1]] + [last.xn[~held]])
    y = np.concatenate([p.y for p in parts[:-1]] + [last.y[~held]])
    dec = np.concatenate([p.decision for p in parts[:-1]] + [last.decision[~held]])
    tx, txn, ty, tg, tdec = last.x[held], last.xn[held], last.y[held], last.game[held], last.decision[held]
    print(f"train {len(y)} positions ({(dec >= 0).sum()} candidates); held out {len(ty)} "
          f"({(tdec >= 0).sum()} candidates)")

    models: dict[str, np.ndarray] = {}
    saved: dict[str, np.ndarray] = {}
    base = WM.expand(x)
    w = WM.fit_decisions(base, y, dec, args.weight, WM.fit(base, y))
    models["a logistic, 258 terms"] = WM.predict(w, WM.expand(tx))
    saved["a"] = w
    both = np.column_stack([base, xn])
    w = WM.fit_decisions(both, y, dec, args.weight, WM.fit(both, y))
    models["b logistic + next-turn"] = WM.predict(w, np.column_stack([WM.expand(tx), txn]))
    saved["b"] = w
    for h in args.hidden:
        for tag, tr, te in (("c", x, tx), ("d", np.column_stack([x, xn]), np.column_stack([tx, txn]))):
            net = fit_net(tr, y, dec, h, args.weight, args.ridge)
            name = f"{tag} net {h} tanh" + (" + next-turn" if tag == "d" else "")
            models[name] = 1.0 / (1.0 + np.exp(-net.z(te)))
            for field in ("mean", "std", "w1", "b1", "w2", "v"):
                saved[f"{tag}{h}_{field}"] = getattr(net, field)
            saved[f"{tag}{h}_b"] = np.array([net.b])

    rows = decision_rows(tdec)
    sizes = np.array([len(r) for r in rows], float)
    games = np.unique(tg)
    rng = np.random.default_rng(38)
    gpos = {g: i for i, g in enumerate(games)}
    draws = [(np.array([gpos[g] for g in rng.choice(games, len(games))]), rng.integers(0, len(rows), len(rows)))
             for _ in range(args.boot)]
    table = {name: scores(prob, ty, tg, rows, sizes, draws) for name, prob in models.items()}
    ref = table["a logistic, 258 terms"]
    print(f"held-out decisions of 2+ candidates: {len(rows)}; 95% bootstrap intervals ({args.boot} draws)")
    print("| model | log loss | centred error | best label | vs (a): log loss | centred error | best label |")
    print("|---|---|---|---|---|---|---|")
    for name, t in table.items():
        lo, hi = np.percentile(t[1:], [2.5, 97.5], axis=0)
        dl, dh = np.percentile(t[1:] - ref[1:], [2.5, 97.5], axis=0)
        d0 = t[0] - ref[0]
        cells = [f"{t[0, 0]:.4f} ({lo[0]:.4f}-{hi[0]:.4f})", f"{t[0, 1]:.5f} ({lo[1]:.5f}-{hi[1]:.5f})",
                 f"{100 * t[0, 2]:.1f}% ({100 * lo[2]:.1f}-{100 * hi[2]:.1f})",
                 f"{d0[0]:+.4f} ({dl[0]:+.4f} to {dh[0]:+.4f})", f"{d0[1]:+.5f} ({dl[1]:+.5f} to {dh[1]:+.5f})",
                 f"{100 * d0[2]:+.1f} ({100 * dl[2]:+.1f} to {100 * dh[2]:+.1f})"]
        print(f"| {name} | " + " | ".join(cells) + " |")
    if args.save:
        np.savez(args.save, **saved, **{f"prob {k}": v for k, v in models.items()})


if __name__ == "__main__":
    main()
