"""Curve, card-level and mulligan pipelines on small hand-built tables with known answers."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy.stats import norm

from analysis.cards import card_stats
from analysis.curve import cost_by_turn, curve, mean_cost_by_turn, pooled, sources_by_turn
from analysis.data import from_frames
from analysis.intervals import newcombe, wilson
from analysis.mulligan import mulligans
from analysis.stratified import holm, mh_risk_difference


def games(winners: list[str], firsts: list[str], mull_a: list[int] | None = None) -> pl.DataFrame:
    n = len(winners)
    return pl.DataFrame({
        "game_id": list(range(n)), "seed": [1] * n, "matchup": [0] * n, "index": list(range(n)),
        "game": ["fftcg"] * n, "deck_a": ["X"] * n, "deck_b": ["Y"] * n,
        "policy_a": ["curve"] * n, "policy_b": ["aggro"] * n, "first_player": firsts, "winner": winners,
        "end_reason": ["life"] * n, "turns": [10] * n, "final_measure": ["damage"] * n,
        "final_a": [0] * n, "final_b": [0] * n,
        "mulligans_a": mull_a or [0] * n, "mulligans_b": [0] * n,
    })


def turns(rows: list[tuple[int, str, str, int, int, int, int]], paid: list[int] | None = None) -> pl.DataFrame:
    """rows: (game_id, seat, deck, turn, available, spent, played); paid defaults to spent; hand = 5 - turn"""
    g, s, d, t, a, sp, p = zip(*rows, strict=True)
    n = len(rows)
    return pl.DataFrame({"game_id": g, "matchup": [0] * n, "game_turn": list(range(n)), "seat": s, "deck": d,
                         "turn": t, "resources_available": a, "resources_spent": sp,
                         "resources_paid": list(sp) if paid is None else paid, "hand": [5 - x for x in t],
                         "cards_played": p, "damage_dealt": [0] * n})


def cards(rows: list[tuple[int, str, str, str, int, int]]) -> pl.DataFrame:
    """rows: (game_id, seat, deck, code, turn_drawn, turn_played)"""
    g, s, d, c, td, tp = zip(*rows, strict=True)
    n = len(rows)
    return pl.DataFrame({"game_id": g, "matchup": [0] * n, "seat": s, "deck": d, "copy": list(range(n)),
                         "code": c, "name": [f"card {x}" for x in c], "turn_drawn": td, "turn_played": tp,
                         "opening": [x == 0 for x in td]}).with_columns(
        pl.col("turn_drawn", "turn_played").cast(pl.Int16))


def test_curve_play_draw_and_waste() -> None:
    g = games(["a", "b"], ["a", "b"])
    t = turns([
        # game 0: X first. X: t1 avail 1 spent 0, t2 avail 2 spent 2 (played 1), t3 avail 3 spent 1
        (0, "a", "X", 1, 1, 0, 0), (0, "b", "Y", 1, 2, 2, 1), (0, "a", "X", 2, 2, 2, 1),
        (0, "b", "Y", 2, 2, 2, 1), (0, "a", "X", 3, 3, 1, 1),
        # game 1: Y first. X (on the draw): t1 avail 2 spent 1 played 1, t2 avail 4 spent 0
        (1, "b", "Y", 1, 1, 1, 1), (1, "a", "X", 1, 2, 1, 1), (1, "b", "Y", 2, 2, 0, 0),
        (1, "a", "X", 2, 4, 0, 0),
    ])
    c = curve(from_frames(g, turns=t))
    x_play = c.filter((pl.col("deck") == "X") & (pl.col("position") == "play"))
    assert x_play["turn"].to_list() == [1, 2, 3]
    assert x_play["wasted"].to_list() == [1.0, 0.0, 2.0]
    assert x_play["cards_played"].to_list() == [0.0, 1.0, 1.0]
    assert x_play["policy"].unique().to_list() == ["curve"]
    x_draw = c.filter((pl.col("deck") == "X") & (pl.col("position") == "draw"))
    assert x_draw["produced"].to_list() == [1.0, 0.0] and x_draw["wasted"].to_list() == [1.0, 4.0]
    y_draw = c.filter((pl.col("deck") == "Y") & (pl.col("position") == "draw"))  # game 0, Y second
    assert y_draw["available"].to_list() == [2.0, 2.0] and y_draw["policy"].to_list() == ["aggro"] * 2
    both_t1 = c.filter((pl.col("deck") == "X") & (pl.col("turn") == 1))["players"].sum()
    assert both_t1 == 2
    p = pooled(c, 6).filter(pl.col("deck") == "X")
    assert p["turn"].to_list() == [1, 2, 3] and p["players"].to_list() == [2, 2, 1]
    assert p["produced"].to_list() == [0.5, 1.0, 1.0] and p["cards_played"].to_list() == [0.5, 0.5, 1.0]
    assert p["hand"].to_list() == [4.0, 3.0, 2.0]


def test_curve_paid_apart_from_produced() -> None:
    """FFTCG: a discard's 2 CP for a 1 CP remainder produces more than it pays; the curve keeps both."""
    g = games(["a"], ["a"])
    rows = [(0, "a", "X", 1, 5, 2, 1), (0, "b", "Y", 1, 5, 3, 1), (0, "a", "X", 2, 6, 4, 2)]
    p = pooled(curve(from_frames(g, turns=turns(rows, paid=[1, 3, 3]))), 6).filter(pl.col("deck") == "X")
    assert p["produced"].to_list() == [2.0, 4.0] and p["paid"].to_list() == [1.0, 3.0]


def test_curve_of_results_written_without_paid() -> None:
    """A results directory from before resources_paid: produced as before, paid unknown (null), no error."""
    g = games(["a"], ["a"])
    t = turns([(0, "a", "X", 1, 5, 2, 1), (0, "b", "Y", 1, 5, 3, 1)]).drop("resources_paid")
    c = curve(from_frames(g, turns=t))
    assert c["produced"].to_list() == [2.0, 3.0] and c["paid"].null_count() == 2


def test_resource_cards_played_by_turn() -> None:
    # game 0: X first, 6 game turns (X has own turns 1-3); game 1: X second, 5 game turns (X: 1-2)
    g = games(["a", "b"], ["a", "b"]).with_columns(pl.Series("turns", [6, 5]))
    cd = cards([(0, "a", "X", "bk", 0, 1), (0, "a", "X", "bk", 2, 3), (0, "a", "X", "fw", 0, 1),
                (1, "a", "X", "bk", 0, 2), (1, "a", "X", "bk", -1, -1), (1, "a", "X", "fw", 0, -1)])
    s = sources_by_turn(from_frames(g, cards=cd), {"bk": "backup", "fw": "forward"}, 4)
    assert s["turn"].to_list() == [1, 2, 3]  # nobody reached own turn 4
    assert s["players"].to_list() == [2, 2, 1]
    assert s["sources"].to_list() == [0.5, 1.0, 2.0]  # game 0: 1, 1, 2; game 1: 0, 1


def test_sources_by_turn_stops_at_max_turn() -> None:
    # seat a is first in a 10-turn game (5 own turns), asked about own turns 1..2 only: its Backup of turn 4 never
    # counts, the one of turn 2 counts on turn 2, and the player counts on both turns
    g = games(["a"], ["a"])
    cd = cards([(0, "a", "X", "bk", 0, 2), (0, "a", "X", "bk", 1, 4), (0, "a", "X", "bk", 0, 1)])
    s = sources_by_turn(from_frames(g, cards=cd), {"bk": "backup"}, 2)
    assert s["turn"].to_list() == [1, 2] and s["players"].to_list() == [1, 1]
    assert s["sources"].to_list() == [1.0, 2.0]


def test_cost_by_turn() -> None:
    # game 2 ends after game turn 2 with X second: X began only its own turn 1 there
    g = games(["a", "b", "b"], ["a", "a", "b"]).with_columns(pl.Series("turns", [10, 10, 2]))
    cd = cards([(0, "a", "X", "c1", 0, 1), (0, "a", "X", "c1", 0, 2), (0, "a", "X", "c3", 1, 2),
                (0, "a", "X", "zz", 1, 2), (1, "a", "X", "c1", 0, -1), (1, "a", "X", "c3", 0, 2),
                (0, "b", "Y", "c1", 0, 1), (1, "b", "Y", "c1", -1, -1), (2, "a", "X", "c1", 0, 1)])
    t = cost_by_turn(from_frames(g, cards=cd), {"c1": 1, "c3": 3})
    x2 = t.filter((pl.col("deck") == "X") & (pl.col("turn") == 2))
    assert x2["cost"].to_list() == [1, 3, None]
    assert x2["cards"].to_list() == [1, 2, 1]
    assert x2["per_player"].to_list() == [0.5, 1.0, 0.5]  # 2 X players began own turn 2
    assert x2["unknown_cost"].to_list() == [False, False, True]
    x1 = t.filter((pl.col("deck") == "X") & (pl.col("turn") == 1))
    assert x1["cards"].to_list() == [2] and x1["per_player"].to_list() == [pytest.approx(2 / 3)]  # all 3 did
    m = mean_cost_by_turn(t).filter(pl.col("deck") == "X")
    assert m["turn"].to_list() == [1, 2] and m["mean_cost"].to_list() == [1.0, pytest.approx(7 / 3)]


def test_card_stats_17lands_rates() -> None:
    # X is seat a in 4 games; a wins games 0 and 1. Card "k" (2 copies) and "m" (1 copy).
    g = games(["a", "a", "b", "draw"], ["a", "b", "a", "b"])
    cd = cards([
        (0, "a", "X", "k", 0, 1), (0, "a", "X", "k", 3, -1), (0, "a", "X", "m", -1, -1),   # k OH+drawn, win
        (1, "a", "X", "k", 2, 2), (1, "a", "X", "k", -1, -1), (1, "a", "X", "m", 0, 3),    # k drawn, win
        (2, "a", "X", "k", -1, -1), (2, "a", "X", "k", -1, -1), (2, "a", "X", "m", 1, -1),  # k not seen, loss
        (3, "a", "X", "k", -1, -1), (3, "a", "X", "k", -1, -1), (3, "a", "X", "m", -1, -1),  # k not seen, draw
    ])
    s = card_stats(from_frames(g, cards=cd))
    k = s.filter(pl.col("code") == "k").row(0, named=True)
    assert (k["games"], k["copies"]) == (4, 2)
    assert (k["games_opening"], k["wins_opening"]) == (1, 1)
    assert (k["games_drawn"], k["wins_drawn"]) == (2, 2)
    assert (k["games_in_hand"], k["wins_in_hand"], k["games_not_seen"], k["wins_not_seen"]) == (2, 2, 2, 0)
    assert k["win_rate_in_hand"] == 1.0 and k["win_rate_not_seen"] == 0.0
    assert (k["gap"], k["gap_low"], k["gap_high"]) == pytest.approx(newcombe(2, 2, 0, 2))
    assert k["avg_turn_played"] == 1.5
    assert (k["copies_in_hand"], k["copies_dead"], k["dead_rate"]) == (3, 1, pytest.approx(1 / 3))
    assert (k["dead_rate_low"], k["dead_rate_high"]) == pytest.approx(wilson(1, 3))
    # opening hand vs not; games 0 and 2 (X on the play, 10 game turns) reach own turn 5, 1 and 3 too
    assert (k["games_not_opening"], k["wins_not_opening"]) == (3, 1)
    assert (k["gap_opening"], k["gap_opening_low"]) == pytest.approx(newcombe(1, 1, 1, 3)[:2])
    assert (k["games_by_turn"], k["wins_by_turn"], k["games_not_by_turn"]) == (2, 2, 2)  # drawn on turns 0 and 2
    assert (k["games_played"], k["wins_played"]) == (2, 2)
    assert k["win_rate_deck"] == 0.5
    assert k["gap_adjusted"] == 1.0  # per seat order (own turns all 5): won with k, not without
    assert not any(c.startswith("vs_deck") for c in s.columns)  # (1 - f) x gap: shrinks common cards to 0
    m = s.filter(pl.col("code") == "m").row(0, named=True)
    assert (m["games_in_hand"], m["wins_in_hand"], m["games_not_seen"], m["wins_not_seen"]) == (2, 1, 2, 1)
    assert m["win_rate_opening"] == 1.0 and m["avg_turn_played"] == 3.0
    assert m["name"] == "card m" and m["policy"] == "curve"


def test_mulligans() -> None:
    g = games(["a", "a", "b", "b", "a"], ["a", "b", "a", "b", "a"], mull_a=[0, 1, 0, 2, 1])
    t = mulligans(from_frames(g))
    x = t.filter(pl.col("deck") == "X").row(0, named=True)
    assert (x["games"], x["games_mulligan"], x["mean_mulligans"]) == (5, 3, pytest.approx(4 / 5))
    assert (x["games_keep"], x["wins_keep"], x["wins_mulligan"]) == (2, 1, 2)
    assert x["win_rate_mulligan"] == pytest.approx(2 / 3)
    assert (x["mulligan_minus_keep"], x["mulligan_minus_keep_low"]) == pytest.approx(newcombe(2, 3, 1, 2)[:2])
    assert (x["mulligan_rate_low"], x["mulligan_rate_high"]) == pytest.approx(wilson(3, 5))
    y = t.filter(pl.col("deck") == "Y").row(0, named=True)
    assert (y["games_mulligan"], y["win_rate_keep"], y["win_rate_mulligan"]) == (0, 0.4, None)
    pos = mulligans(from_frames(g), by_position=True).filter(pl.col("deck") == "X")
    assert pos["position"].to_list() == ["draw", "play"] and pos["games"].to_list() == [2, 3]


def test_mantel_haenszel_risk_difference_by_hand() -> None:
    # two strata: (n1, a, n0, c) = (10, 8, 10, 4) and (20, 5, 5, 1)
    strata = pl.LazyFrame({"k": ["x", "x"], "n1": [10, 20], "a": [8, 5], "n0": [10, 5], "c": [4, 1]})
    r = mh_risk_difference(strata, ["k"], "rd").collect().row(0, named=True)
    w = [10 * 10 / 20, 20 * 5 / 25]
    d = [0.8 - 0.4, 0.25 - 0.2]
    v = [0.8 * 0.2 / 10 + 0.4 * 0.6 / 10, 0.25 * 0.75 / 20 + 0.2 * 0.8 / 5]
    rd = (w[0] * d[0] + w[1] * d[1]) / sum(w)
    se = np.sqrt(w[0] ** 2 * v[0] + w[1] ** 2 * v[1]) / sum(w)
    assert r["rd"] == pytest.approx(rd) and r["rd_high"] - r["rd"] == pytest.approx(1.959964 * se, rel=1e-6)
    assert r["rd_strata"] == 2 and r["rd_p"] == pytest.approx(2 * norm.sf(rd / se))


def test_holm_known_values() -> None:
    adjusted = holm(np.array([0.01, 0.04, 0.03, 0.005, np.nan]))
    assert adjusted[:4] == pytest.approx([0.03, 0.06, 0.06, 0.02]) and np.isnan(adjusted[4])


def length_confounded_games(n: int = 6000, seed: int = 5) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Deck X (seat a) wins long games; card "k" (3 of 50) has no effect on the result, but long
    games draw more cards, so it is seen more often in the games X wins. Game turns and the seat
    fix the winner (strata of those would leave nothing to compare); own turns and the seat do not."""
    rng = np.random.default_rng(seed)
    turns_ = rng.integers(6, 25, n)
    first = np.where(rng.random(n) < 0.5, "a", "b")
    won = rng.random(n) < 0.15 + 0.035 * (turns_ - 6)
    # as in the engines, a game ends on its winner's turn: odd game turns when the first player won
    turns_ = turns_ + ((turns_ % 2 == 1) != (won == (first == "a")))
    g = games(np.where(won, "a", "b").tolist(), first.tolist()).with_columns(pl.Series("turns", turns_))
    own = np.where(first == "a", (turns_ + 1) // 2, turns_ // 2)
    pos = np.array([rng.permutation(50)[:3] for _ in range(n)])  # deck positions of the 3 copies
    drawn = np.where(pos < 5, 0, (pos - 5) // 2 + 1)  # 5-card hand, then 2 a turn
    drawn = np.where(drawn <= own[:, None], drawn, -1)
    rows = [(i, "a", "X", "k", int(t), int(t)) for i in range(n) for t in drawn[i]]
    return g, cards(rows)


def test_length_adjusted_gap_removes_the_game_length_confound() -> None:
    g, cd = length_confounded_games()
    k = card_stats(from_frames(g, cards=cd)).row(0, named=True)
    assert k["gap_low"] > 0.05  # the naive gap says "the deck wins more when it draws k"
    assert k["gap_adjusted_low"] < 0 < k["gap_adjusted_high"] and abs(k["gap_adjusted"]) < 0.03
    assert k["gap_opening_low"] < 0 < k["gap_opening_high"]  # the opening hand is not confounded
    assert k["gap_adjusted_p_holm"] == pytest.approx(k["gap_adjusted_p"])  # one card: nothing to adjust
    p1, p0 = k["win_rate_opening"], k["win_rate_not_opening"]
    se = np.sqrt(p1 * (1 - p1) / k["games_opening"] + p0 * (1 - p0) / k["games_not_opening"])
    assert k["gap_opening_p"] == pytest.approx(2 * norm.sf(abs(p1 - p0) / se))


def test_a_stratum_without_variance_gives_no_p_value() -> None:
    strata = pl.LazyFrame({"k": ["x"], "n1": [4], "a": [4], "n0": [4], "c": [0]})
    r = mh_risk_difference(strata, ["k"], "rd").collect().row(0, named=True)
    assert r["rd"] == 1.0 and r["rd_p"] is None  # no spread: nothing to test, and Holm skips it
