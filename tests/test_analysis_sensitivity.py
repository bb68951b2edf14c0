"""Policy sensitivity (analysis/sensitivity.py) on constructed games where a ranking flips or holds."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from analysis import sensitivity
from analysis.data import from_frames
from analysis.paired import Interval


def round_robin(strength: dict[str, dict[str, float]], seeds: int = 400, rng_seed: int = 0) -> pl.DataFrame:
    """Games of every pairing (policy -> deck -> strength on the logit scale): each pair of decks plays
    `seeds` seeds from both seat orders, P vs P; the winner is drawn from the strengths."""
    rng = np.random.default_rng(rng_seed)
    cols: dict[str, list] = {k: [] for k in ("game_id", "matchup", "index", "deck_a", "deck_b", "policy_a",
                                              "policy_b", "first_player", "winner")}
    m = 0
    for policy, s in strength.items():
        decks = list(s)
        for i, x in enumerate(decks):
            for y in decks[i + 1:]:
                for a, b in ((x, y), (y, x)):
                    p_a = 1 / (1 + math.exp(s[b] - s[a]))
                    won = rng.random(seeds) < p_a
                    cols["game_id"] += [(m << 32) + k for k in range(seeds)]
                    cols["matchup"] += [m] * seeds
                    cols["index"] += list(range(seeds))
                    cols["deck_a"] += [a] * seeds
                    cols["deck_b"] += [b] * seeds
                    cols["policy_a"] += [policy] * seeds
                    cols["policy_b"] += [policy] * seeds
                    cols["first_player"] += ["a" if k % 2 else "b" for k in range(seeds)]
                    cols["winner"] += ["a" if w else "b" for w in won]
                    m += 1
    n = len(cols["game_id"])
    return pl.DataFrame(cols).with_columns(pl.lit("fftcg").alias("game"), pl.lit(1).alias("seed"),
                                           pl.lit(10).alias("turns"), pl.lit("life").alias("end_reason"),
                                           pl.Series("mulligans_a", [0] * n, pl.Int32),
                                           pl.Series("mulligans_b", [0] * n, pl.Int32))


FLIP = {"curve": {"A": 0.8, "B": 0.0, "C": -0.8}, "control": {"A": -0.8, "B": 0.8, "C": 0.0}}
HOLD = {"curve": {"A": 0.8, "B": 0.0, "C": -0.8}, "control": {"A": 0.9, "B": 0.1, "C": -0.9}}


def test_a_ranking_that_flips_is_found_and_stated() -> None:
    results = from_frames(round_robin(FLIP))
    assert sensitivity.pairings(results) == ["curve", "control"]
    rates = sensitivity.deck_rates(results)
    ranks = {(r["pairing"], r["deck"]): r["rank"] for r in rates.iter_rows(named=True)}
    assert [ranks["curve", d] for d in "ABC"] == [1, 2, 3] and [ranks["control", d] for d in "ABC"] == [3, 1, 2]
    table = sensitivity.comparisons(results)
    flipped = table.filter(pl.col("flips")).select("kind", "deck_1", "deck_2").unique()
    assert ("head_to_head", "A", "B") in flipped.rows() and ("ranking", "A", "B") in flipped.rows()
    statements = {(f["kind"], f["ahead"], f["behind"]): f for f in sensitivity.flips(table)}
    ab = statements["head_to_head", "A", "B"]
    assert ab["holds_under"] == "curve" and ab["reversed_under"] == "control"
    assert ab["statement"].startswith("A beats B under curve (+") and " but B beats A under control (+" in ab["statement"]
    assert "A ranks above B under curve" in statements["ranking", "A", "B"]["statement"]
    corr = sensitivity.rank_correlations(rates).row(0, named=True)
    assert corr["spearman"] == pytest.approx(-0.5) and corr["decks"] == 3
    assert corr["spearman_method"] == "exact" and corr["spearman_p"] == pytest.approx(1.0)  # 3 decks: 6 orders


def test_a_ranking_that_holds_reports_no_flip() -> None:
    results = from_frames(round_robin(HOLD))
    table = sensitivity.comparisons(results)
    assert (table["verdict"] == 1).all()  # every order is significant, the same way, under both pairings
    assert not table["flips"].any() and sensitivity.flips(table) == []
    corr = sensitivity.rank_correlations(sensitivity.deck_rates(results)).row(0, named=True)
    assert corr["spearman"] == pytest.approx(1.0) and corr["kendall"] == pytest.approx(1.0)


def test_holm_decides_significance_and_noise_is_no_flip() -> None:
    """A comparison significant before Holm but not after, under one pairing, is not a flip; one that is
    significant after Holm under one pairing and not under the other is one (listed as 'not under')."""
    base = {"kind": ["ranking"] * 2, "pairing": ["curve", "control"], "deck_1": ["A"] * 2, "deck_2": ["B"] * 2,
            "diff": [0.05, 0.01], "low": [0.01, -0.03], "high": [0.09, 0.05]}
    noise = sensitivity.mark_flips(pl.DataFrame({**base, "p": [0.02, 0.6], "p_holm": [0.08, 0.6]}))
    assert noise["verdict"].to_list() == [0, 0] and not noise["flips"].any()
    real = sensitivity.mark_flips(pl.DataFrame({**base, "p": [0.001, 0.6], "p_holm": [0.004, 0.6]}))
    assert real["verdict"].to_list() == [1, 0] and real["flips"].all()
    (found,) = sensitivity.flips(real)
    assert found["statement"] == ("A ranks above B under curve (+5.0 pts, unadjusted 95% interval +1.0 to +9.0; p Holm 0.004) "
                                  "but not under control (+1.0 pts, unadjusted 95% interval -3.0 to +5.0; p Holm 0.600)")


def test_ranking_variance_counts_the_games_two_decks_share() -> None:
    """The interval of A's field win rate - B's, recomputed by brute force: each game's influence on
    the difference, summed within a seed of a deck pair, squared and summed."""
    games = round_robin({"curve": HOLD["curve"], "control": HOLD["control"]}, seeds=60, rng_seed=3)
    table = sensitivity.ranking(from_frames(games)).filter(pl.col("pairing") == "curve")
    g = games.filter(pl.col("policy_a") == "curve").to_dicts()
    for row in table.iter_rows(named=True):
        d1, d2 = row["deck_1"], row["deck_2"]
        won = {d: [(r["winner"] == ("a" if r["deck_a"] == d else "b")) for r in g if d in (r["deck_a"], r["deck_b"])]
               for d in (d1, d2)}
        rate = {d: float(np.mean(won[d])) for d in won}
        clusters: dict[tuple, float] = {}
        for r in g:
            key = (min(r["deck_a"], r["deck_b"]), max(r["deck_a"], r["deck_b"]), r["index"])
            for d, sign in ((d1, 1.0), (d2, -1.0)):
                if d in (r["deck_a"], r["deck_b"]):
                    w = r["winner"] == ("a" if r["deck_a"] == d else "b")
                    clusters[key] = clusters.get(key, 0.0) + sign * (w - rate[d]) / len(won[d])
        se = math.sqrt(sum(v * v for v in clusters.values()))
        assert row["diff"] == pytest.approx(rate[d1] - rate[d2])
        assert row["high"] - row["diff"] == pytest.approx(1.959963984540054 * se)


def test_mixed_policy_games_are_not_a_pairing() -> None:
    games = round_robin({"curve": HOLD["curve"]})
    mixed = games.with_columns(pl.lit("control").alias("policy_b"), pl.col("matchup") + 100)
    results = from_frames(pl.concat([games, mixed]))
    assert sensitivity.pairings(results) == ["curve"]
    assert sensitivity.deck_rates(results)["games"].to_list() == [4 * 400] * 3  # 2 opponents x 2 seats x 400


def test_variant_difference_holds_or_flips_across_pairings() -> None:
    holds = sensitivity.variant_comparisons("A", "B", {"curve": Interval(0.06, 0.02, 0.10, 4000),
                                                       "control": Interval(0.05, 0.01, 0.09, 4000)})
    assert holds["verdict"].to_list() == [1, 1] and not holds["flips"].any()
    assert sensitivity.variant_verdict(holds).startswith("holds: B does better than A under every pairing")
    flips = sensitivity.variant_comparisons("A", "B", {"curve": Interval(0.061, 0.023, 0.099, 4000),
                                                       "control": Interval(-0.008, -0.046, 0.030, 4000)})
    assert flips["verdict"].to_list() == [1, 0] and flips["flips"].all()
    verdict = sensitivity.variant_verdict(flips)
    assert verdict.startswith("depends on the policy: B does better than A under curve (+6.1 pts, unadjusted 95% interval +2.3 to +9.9")
    assert "but not under control (-0.8 pts, unadjusted 95% interval -4.6 to +3.0" in verdict
    none = sensitivity.variant_comparisons("A", "B", {"curve": Interval(0.01, -0.03, 0.05, 4000),
                                                      "control": Interval(0.0, -0.04, 0.04, 4000)})
    assert sensitivity.variant_verdict(none).startswith("no pairing shows a significant difference")


def test_exact_spearman_walks_each_order_of_the_decks_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 6 decks ranked the same under both pairings: the exact two-sided p is 2 / 6! (the two perfect orders), from
    # 6! = 720 statistics; permuting both samples took (6!)**2 (about ten minutes, and hours at 7 decks)
    from scipy import stats

    calls = 0
    spearmanr = stats.spearmanr

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        return spearmanr(*args, **kwargs)

    monkeypatch.setattr(stats, "spearmanr", counted)
    x = np.arange(6, dtype=float)
    p, method = sensitivity._spearman_p(x, 2 * x + 1)
    assert method == "exact" and p == pytest.approx(2 / 720)
    assert calls <= 720 + 1


def test_a_report_imports_scipy_stats_only_for_rank_correlations() -> None:
    """The intervals and p-values take scipy.special's functions (what scipy.stats' t and norm evaluate, without
    its second of import), so the report's modules load without scipy.stats; rank_correlations still uses it."""
    code = ("import sys, polars as pl\n"
            "import reports.write, reports.compare_report, analysis.sensitivity as s\n"
            "assert 'scipy.stats' not in sys.modules\n"
            "s.rank_correlations(pl.DataFrame({'pairing': ['p'] * 3 + ['q'] * 3, 'deck': list('abc') * 2,\n"
            "                                  'win_rate': [0.1, 0.5, 0.9, 0.2, 0.4, 0.8]}))\n"
            "assert 'scipy.stats' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])


@pytest.mark.parametrize("df", [1, 2, 9, 499, 3999])
def test_t_and_normal_tails_are_scipy_stats_own(df: int) -> None:
    from scipy import stats

    z = np.array([0.0, 0.3, 1.96, 4.0, 40.0, np.inf])
    assert sensitivity.special.stdtrit(df, 0.975) == stats.t.ppf(0.975, df)
    assert np.array_equal(sensitivity.special.stdtr(df, -z), stats.t.sf(z, df))
    assert np.array_equal(sensitivity.special.ndtr(-z), stats.norm.sf(z))
