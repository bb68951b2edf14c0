"""Paired comparison and the pentanomial SPRT on synthetic outcomes with known structure."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analysis import sprt as seq
from analysis.paired import compare, paired_interval, paired_outcomes, unpaired_interval


def test_paired_interval_known_values() -> None:
    d = np.array([1, 0, 0, -1, 1, 1, 0, 0])
    iv = paired_interval(d)
    # mean 0.25, sd = 0.7071, t(0.975, 7) = 2.3646 -> half 0.5912
    assert iv.diff == pytest.approx(0.25)
    assert iv.high - iv.diff == pytest.approx(2.364624 * np.std(d, ddof=1) / np.sqrt(8), rel=1e-5)


def test_paired_narrower_than_unpaired_on_same_games() -> None:
    rng = np.random.default_rng(3)
    deal = rng.random(4000)  # common random numbers: the same deal for both variants
    won_a = (deal < 0.50).astype(float)
    won_b = (deal < 0.56).astype(float)
    paired = paired_interval(won_b - won_a)
    unpaired = unpaired_interval(won_a, won_b)
    assert paired.diff == pytest.approx(unpaired.diff)
    assert paired.high - paired.low < 0.5 * (unpaired.high - unpaired.low)
    assert paired.low > 0


def _games(matchup: int, winners: list[str]) -> pl.DataFrame:
    return pl.DataFrame({"matchup": [matchup] * len(winners), "index": list(range(len(winners))),
                         "winner": winners})


def test_paired_outcomes_and_compare() -> None:
    # opponent 0 only. matchups: 0 = (A, X), 1 = (X, A), 2 = (B, X), 3 = (X, B)
    g = pl.concat([_games(0, ["a", "b", "a"]), _games(1, ["a", "b", "draw"]),
                   _games(2, ["a", "a", "a"]), _games(3, ["b", "b", "a"])])
    roles = [{"matchup": 0, "variant": "a", "opponent": 0, "order": "first"},
             {"matchup": 1, "variant": "a", "opponent": 0, "order": "second"},
             {"matchup": 2, "variant": "b", "opponent": 0, "order": "first"},
             {"matchup": 3, "variant": "b", "opponent": 0, "order": "second"}]
    p = paired_outcomes(g, roles)
    assert p.height == 6
    first = p.filter(pl.col("order") == "first")
    assert first["won_a"].to_list() == [1, 0, 1] and first["won_b"].to_list() == [1, 1, 1]
    second = p.filter(pl.col("order") == "second")
    assert second["won_a"].to_list() == [0, 1, 0] and second["won_b"].to_list() == [1, 1, 0]
    c = compare(p, ["X"])
    r = c.rows[0]
    assert (r["games"], r["win_rate_a"], r["win_rate_b"]) == (6, 0.5, pytest.approx(5 / 6))
    assert r["diff"] == pytest.approx(2 / 6)
    assert c.overall.diff == pytest.approx(2 / 6) and c.overall.n == 6


def test_overall_weights_opponents_equally() -> None:
    rows = []
    for k, db in enumerate((1, 0)):  # B gains 1 per pair vs opponent 0, nothing vs opponent 1
        for i in range(10):
            rows.append({"opponent": k, "index": i, "order": "first", "won_a": 0, "won_b": db, "d": db})
    c = compare(pl.DataFrame(rows), ["P", "Q"])
    assert [r["diff"] for r in c.rows] == [1.0, 0.0]
    assert c.overall.diff == pytest.approx(0.5) and c.overall.n == 10


def test_compare_reports_the_discordance_rate() -> None:
    rows = [{"opponent": 0, "index": i, "order": "first", "won_a": 0, "won_b": int(i < 3), "d": int(i < 3)}
            for i in range(10)]
    assert compare(pl.DataFrame(rows), ["P"]).discordance == pytest.approx(0.3)


def test_paired_outcomes_score_draws_half() -> None:
    games = pl.DataFrame({"matchup": [0, 1, 2, 3], "index": [0, 0, 0, 0],
                          "winner": ["draw", "b", "a", "double_loss"]})
    roles = [{"matchup": 0, "variant": "a", "opponent": 0, "order": "first"},
             {"matchup": 1, "variant": "a", "opponent": 0, "order": "second"},
             {"matchup": 2, "variant": "b", "opponent": 0, "order": "first"},
             {"matchup": 3, "variant": "b", "opponent": 0, "order": "second"}]
    pairs = paired_outcomes(games, roles)
    assert pairs["score_a"].to_list() == [0.5, 1.0] and pairs["score_b"].to_list() == [1.0, 0.0]
    deals = seq.deal_scores(pairs)  # one deal: A 1.5 points of 2, B 1 point
    assert deals.rows() == [(0, 0, 1.5, 1.0)]
    assert seq.pentanomial(deals["score_a"]) == [0, 0, 0, 1, 0]


def test_llr_matches_the_multinomial_likelihood_ratio() -> None:
    """The GSPRT's LLR is the log ratio of the counts' likelihoods at the two constrained MLEs: check
    the MLE has the asked mean and that no other distribution with that mean is more likely."""
    counts = np.array([3, 0, 10, 0, 60, 5, 12, 0, 10], float)
    p = (counts + seq.REGULARIZE) / (counts + seq.REGULARIZE).sum()
    for mu in (0.0, 0.05, -0.05):
        lam = seq._lagrange(p[None], mu)[0]
        q = p / (1 + lam * (seq.VALUES - mu))
        assert q.sum() == pytest.approx(1.0) and (q * seq.VALUES).sum() == pytest.approx(mu, abs=1e-9)
        rng = np.random.default_rng(3)
        for _ in range(50):  # perturb along directions that keep the sum and the mean
            v = rng.normal(size=9)
            basis = np.stack([np.ones(9), seq.VALUES])
            v -= basis.T @ np.linalg.lstsq(basis.T, v, rcond=None)[0]
            r = q + 0.5 * q.min() * v / np.abs(v).max()  # stays a distribution
            assert (p * np.log(r)).sum() <= (p * np.log(q)).sum() + 1e-12
    q0 = p / (1 + seq._lagrange(p[None], 0.0)[0] * seq.VALUES)
    q1 = p / (1 + seq._lagrange(p[None], 0.05)[0] * (seq.VALUES - 0.05))
    assert seq.llr(counts, 0.0, 0.05) == pytest.approx(counts.sum() * (p * np.log(q1 / q0)).sum())


def _deals(rng: np.random.Generator, shape: tuple[int, ...], p_a: float, p_b: float, draw: float = 0.05):
    """Synthetic deals: each variant plays two games, a draw with probability `draw`, else a win
    with p_x / (1 - draw) so that its score rate is p_x (draws as half)."""
    def score(p: float) -> np.ndarray:
        u = rng.random((*shape, 2))
        win = (p - draw / 2) / (1 - draw)
        return np.where(u < draw, 0.5, (u - draw < win * (1 - draw)).astype(float)).sum(-1)
    return score(p_a), score(p_b)


def test_sprt_decisions_and_statement() -> None:
    rng = np.random.default_rng(1)
    a, b = _deals(rng, (2000,), 0.45, 0.6)
    assert seq.sprt(a, b).decision == "b_better"
    assert seq.sprt(b, a).decision == "a_better"
    assert seq.sprt(a, a).decision == "no_difference"  # identical results: B - A is 0 on every deal
    r = seq.sprt(a[:5], b[:5])
    assert r.decision == "undecided" and r.deals == 5 and sum(r.penta_a) == 5
    lower, upper = seq.bounds(0.05, 0.05)
    assert (r.lower, r.upper) == (lower, upper) and upper == pytest.approx(np.log(0.95 / 0.025))
    assert "H0: B - A = 0 win-rate points; H1: B - A = +5 (B better) or -5 points" in r.hypotheses()
    assert "2.5% per direction" in r.hypotheses()
    way = f"{100 * r.llr_b / (upper if r.llr_b >= 0 else lower):.0f}% of the way to"
    assert f"LLR {r.llr_b:+.2f}, {way}" in r.explain() and f"(bounds {lower:+.2f}, {upper:+.2f})" in r.explain()


def _decisions(p_a: float, p_b: float, delta: float, trials: int, seed: int) -> np.ndarray:
    """Final decision of `trials` sequential tests (a look every 25 deals, at most 3,000 deals):
    1 B better, -1 A better, 2 no difference, 0 still undecided at the end."""
    rng = np.random.default_rng(seed)
    look, most = 25, 3000
    a, b = _deals(rng, (trials, most), p_a, p_b)
    k = np.rint(2 * (b - a)).astype(int) + 4
    counts = np.zeros((trials, most // look, 9))
    for j in range(9):
        counts[..., j] = (k == j).reshape(trials, most // look, look).sum(-1).cumsum(-1)
    lower, upper = seq.bounds(0.05, 0.05)
    d = seq.decide(seq.llr(counts, 0.0, delta), seq.llr(counts, 0.0, -delta), lower, upper)
    first = np.argmax(d != 0, axis=1)
    return np.where((d != 0).any(axis=1), d[np.arange(trials), first], 0)


def test_sprt_error_rates_by_simulation() -> None:
    """Sequential tests on synthetic deals with a known B - A keep their error rates (alpha = beta =
    5%, delta 5 points): 1,000 runs each, bound + 3 binomial standard errors as Monte Carlo slack."""
    trials = 1000
    slack = 3 * np.sqrt(0.05 * 0.95 / trials)
    null = _decisions(0.5, 0.5, 0.05, trials, seed=1)  # no true difference
    assert np.isin(null, (1, -1)).mean() <= 0.05 + slack  # a false "better" either way
    better = _decisions(0.5, 0.55, 0.05, trials, seed=2)  # B truly 5 points better
    assert (better != 1).mean() <= 0.05 + slack  # missed (undecided at the end counts as missed)
    worse = _decisions(0.55, 0.5, 0.05, trials, seed=3)
    assert (worse != -1).mean() <= 0.05 + slack
