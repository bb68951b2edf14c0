"""Paired comparison and SPRT on synthetic outcomes with known structure."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analysis.paired import compare, paired_interval, paired_outcomes, sprt, unpaired_interval


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


def test_sprt_decisions() -> None:
    assert sprt(np.array([1] * 40 + [-1] * 10)).decision == "b_better"
    assert sprt(np.array([-1] * 40 + [1] * 10)).decision == "a_better"
    assert sprt(np.array([1, -1] * 300 + [0] * 50)).decision == "no_difference"
    assert sprt(np.array([1, -1, 1])).decision == "undecided"
    r = sprt(np.array([0, 0, 1, -1, 1]))
    assert (r.discordant, r.b_wins) == (3, 2)
    assert "2 of 3" in r.explain(0.1)


def test_sprt_splits_alpha_and_states_win_rate_points() -> None:
    r = sprt(np.array([1, -1] * 10 + [0] * 20), delta=0.1)  # half the pairs discordant
    assert r.upper == pytest.approx(np.log(0.95 / 0.025))  # each one-sided test at alpha / 2
    assert (r.pairs, r.discordant, r.discordance) == (40, 20, 0.5)
    assert r.points(0.1) == pytest.approx(10.0)  # 2 * 0.5 * 0.1 = 10 win-rate points
    assert "+-10.0 points" in r.hypotheses(0.1) and "5% (2.5% per direction)" in r.hypotheses(0.1)
    assert "discordance 50.0% of 40 pairs" in r.explain(0.1)


def test_compare_reports_the_discordance_rate() -> None:
    rows = [{"opponent": 0, "index": i, "order": "first", "won_a": 0, "won_b": int(i < 3), "d": int(i < 3)}
            for i in range(10)]
    assert compare(pl.DataFrame(rows), ["P"]).discordance == pytest.approx(0.3)


def test_sprt_error_rate_under_null() -> None:
    # fair coin on discordant pairs: a claim either way should be rare (alpha = 0.05 overall)
    rng = np.random.default_rng(11)
    wrong = 0
    for _ in range(200):
        d = rng.choice([-1, 1], size=2000)
        for end in range(50, 2001, 50):  # batches, as the CLI plays them
            r = sprt(d[:end])
            if r.decided:
                wrong += r.decision != "no_difference"
                break
    assert wrong / 200 < 0.08
