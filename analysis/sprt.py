"""Sequential test of B - A on deals, as fishtest states it (pentanomial GSPRT).

Unit: a deal, i.e. (opponent, game index). Each variant plays the deal twice, once from each
seat, so its score on the deal is one of 0, 1/2, 1, 3/2, 2 (both lost, ..., split, ..., both won;
a draw counts half a point, a double loss none): a pentanomial outcome. The two variants share
the deal, so the test models the deal, not single games: per deal x = (score_B - score_A) / 2,
one of nine values -1, -3/4, ..., 1, whose mean is B's score rate minus A's (win-rate points with
draws as half points).

Generalized SPRT (as fishtest's pentanomial test): for a hypothesis "mean(x) = mu", the likelihood
of the observed counts is taken at the maximum-likelihood distribution over the nine values with
that mean; the LLR of H1 against H0 is the log ratio of the two. Zero counts are regularized
(1e-3, as fishtest) so the constrained maximum always exists.

Two one-sided tests side by side, each at alpha / 2: "B better" (H0 B - A = 0 against H1
B - A = +delta) and "A better" (against -delta). delta is in win-rate points. Wald's bounds
log((1 - beta) / (alpha / 2)) and log(beta / (1 - alpha / 2)); "no difference" needs both tests
below the lower bound.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

VALUES = np.arange(-4, 5) / 4.0  # x = (score_B - score_A) / 2 per deal
REGULARIZE = 1e-3


def deal_scores(pairs: pl.DataFrame) -> pl.DataFrame:
    """Per deal (opponent, index): each variant's score over its two seat-swapped games (0 to 2 in
    halves), from analysis.paired.paired_outcomes rows (score_a, score_b). Deals missing a seat
    order are left out."""
    return (pairs.group_by("opponent", "index")
            .agg(pl.col("score_a").sum(), pl.col("score_b").sum(), pl.len().alias("games"))
            .filter(pl.col("games") == 2).drop("games").sort("opponent", "index"))


def deal_counts(score_a: np.ndarray, score_b: np.ndarray) -> np.ndarray:
    """Counts of x = (score_B - score_A) / 2 over VALUES."""
    k = np.rint(2 * (np.asarray(score_b, np.float64) - np.asarray(score_a, np.float64))).astype(np.int64) + 4
    return np.bincount(k, minlength=VALUES.size).astype(np.float64)


def pentanomial(scores: np.ndarray) -> list[int]:
    """Counts of a variant's deal scores 0, 1/2, 1, 3/2, 2."""
    return np.bincount(np.rint(2 * np.asarray(scores, np.float64)).astype(np.int64), minlength=5).tolist()


def _lagrange(p: np.ndarray, mu: float) -> np.ndarray:
    """lambda with sum p (a - mu) / (1 + lambda (a - mu)) = 0 along the last axis (bisection: the
    sum falls as lambda grows, on the interval where every 1 + lambda (a - mu) > 0)."""
    a = VALUES - mu
    lo = np.full(p.shape[:-1], -1 / a.max() + 1e-12)
    hi = np.full(p.shape[:-1], -1 / a.min() - 1e-12)
    for _ in range(55):  # the bracket is under 3 wide: 2^-55 of it is below double precision
        mid = (lo + hi) / 2
        f = (p * a / (1 + mid[..., None] * a)).sum(-1)
        lo, hi = np.where(f > 0, mid, lo), np.where(f > 0, hi, mid)
    return (lo + hi) / 2


def llr(counts: np.ndarray, mu0: float, mu1: float) -> np.ndarray:
    """Generalized log likelihood ratio of mean(x) = mu1 against mu0 for counts over VALUES (the
    last axis; any leading axes are independent samples)."""
    counts = np.asarray(counts, np.float64)
    n = counts.sum(-1)
    reg = counts + REGULARIZE
    p = reg / reg.sum(-1, keepdims=True)
    l0, l1 = _lagrange(p, mu0), _lagrange(p, mu1)
    # the constrained MLE is p / (1 + lambda (a - mu)), so log(p1 / p0) needs only the two lambdas
    ratio = np.log1p(l0[..., None] * (VALUES - mu0)) - np.log1p(l1[..., None] * (VALUES - mu1))
    return n * (p * ratio).sum(-1)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) for one one-sided test at alpha / 2."""
    side = alpha / 2
    return math.log(beta / (1 - side)), math.log((1 - beta) / side)


def decide(llr_b: np.ndarray | float, llr_a: np.ndarray | float, lower: float, upper: float) -> np.ndarray:
    """0 undecided, 1 B better, -1 A better, 2 no difference (elementwise)."""
    llr_b, llr_a = np.asarray(llr_b), np.asarray(llr_a)
    return np.select([llr_b >= upper, llr_a >= upper, (llr_b <= lower) & (llr_a <= lower)], [1, -1, 2], 0)


DECISIONS = {0: "undecided", 1: "b_better", -1: "a_better", 2: "no_difference"}


@dataclass(frozen=True)
class SprtResult:
    decision: str  # "b_better", "a_better", "no_difference", "undecided"
    deals: int
    mean: float  # mean x: B's score rate - A's, draws as half points
    penta_a: list[int]  # A's deal scores 0, 1/2, 1, 3/2, 2
    penta_b: list[int]
    llr_b: float  # H1 "B better" against H0
    llr_a: float  # H1 "A better" against H0
    lower: float
    upper: float
    delta: float  # win-rate points / 100
    alpha: float
    beta: float

    @property
    def decided(self) -> bool:
        return self.decision != "undecided"

    @staticmethod
    def _way(value: float, lower: float, upper: float) -> str:
        bound = upper if value >= 0 else lower
        return f"LLR {value:+.2f}, {100 * min(value / bound, 1.0):.0f}% of the way to {bound:+.2f}"

    def status(self) -> str:
        """Both tests' LLR with the share of the way to the nearer bound, fishtest style."""
        return (f"B better: {self._way(self.llr_b, self.lower, self.upper)}; "
                f"A better: {self._way(self.llr_a, self.lower, self.upper)} "
                f"(bounds {self.lower:+.2f}, {self.upper:+.2f})")

    def hypotheses(self) -> str:
        pts = 100 * self.delta
        return (f"H0: B - A = 0 win-rate points; H1: B - A = +{pts:g} (B better) or -{pts:g} points (A better); "
                f"draws count half; error rates alpha {100 * self.alpha:g}% overall "
                f"({100 * self.alpha / 2:g}% per direction), beta {100 * self.beta:g}%")

    def explain(self) -> str:
        base = (f"{self.deals:,} deals, B - A {100 * self.mean:+.1f} pts; pentanomial (both lost ... both won) "
                f"A {self.penta_a}, B {self.penta_b}; {self.status()}")
        return {
            "b_better": f"B is better (accepted H1 B - A = +{100 * self.delta:g} pts): {base}",
            "a_better": f"A is better (accepted H1 B - A = -{100 * self.delta:g} pts): {base}",
            "no_difference": f"no difference of {100 * self.delta:g} pts or more (accepted H0 both ways): {base}",
            "undecided": f"not decided: {base}",
        }[self.decision]


def sprt(score_a: np.ndarray, score_b: np.ndarray, delta: float = 0.05, alpha: float = 0.05,
         beta: float = 0.05) -> SprtResult:
    """The two one-sided GSPRTs on deals (module doc); score_a/score_b per deal in 0..2.
    Called after each look at the accumulated deals: a group-sequential SPRT."""
    if not 0 < delta < 0.5:
        raise ValueError("delta must be in (0, 0.5) (win-rate points / 100)")
    counts = deal_counts(score_a, score_b)
    n = int(counts.sum())
    lower, upper = bounds(alpha, beta)
    lb, la = (float(llr(counts, 0.0, delta)), float(llr(counts, 0.0, -delta))) if n else (0.0, 0.0)
    decision = DECISIONS[int(decide(lb, la, lower, upper))]
    mean = float((counts * VALUES).sum() / n) if n else math.nan
    return SprtResult(decision, n, mean, pentanomial(score_a), pentanomial(score_b),
                      lb, la, lower, upper, delta, alpha, beta)
