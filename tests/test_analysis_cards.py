"""Curve, card-level and mulligan pipelines on small hand-built tables with known answers."""

from __future__ import annotations

import polars as pl
import pytest

from analysis.cards import card_stats
from analysis.curve import cost_by_turn, curve, mean_cost_by_turn
from analysis.data import from_frames
from analysis.intervals import newcombe, wilson
from analysis.mulligan import mulligans


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


def turns(rows: list[tuple[int, str, str, int, int, int, int]]) -> pl.DataFrame:
    """rows: (game_id, seat, deck, turn, available, spent, played)"""
    g, s, d, t, a, sp, p = zip(*rows, strict=True)
    n = len(rows)
    return pl.DataFrame({"game_id": g, "matchup": [0] * n, "game_turn": list(range(n)), "seat": s, "deck": d,
                         "turn": t, "resources_available": a, "resources_spent": sp, "hand": [5] * n,
                         "cards_played": p, "damage_dealt": [0] * n})


def cards(rows: list[tuple[int, str, str, str, int, int]]) -> pl.DataFrame:
    """rows: (game_id, seat, deck, code, turn_drawn, turn_played)"""
    g, s, d, c, td, tp = zip(*rows, strict=True)
    n = len(rows)
    return pl.DataFrame({"game_id": g, "matchup": [0] * n, "seat": s, "deck": d, "copy": list(range(n)),
                         "code": c, "name": [f"card {x}" for x in c], "turn_drawn": td, "turn_played": tp,
                         "opening": [x == 0 for x in td]}).with_columns(
        pl.col("turn_drawn", "turn_played").cast(pl.Int16))


def test_curve_play_draw_waste_and_made_play() -> None:
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
    assert x_play["made_play_by"].to_list() == [0.0, 1.0, 1.0]
    assert x_play["policy"].unique().to_list() == ["curve"]
    x_draw = c.filter((pl.col("deck") == "X") & (pl.col("position") == "draw"))
    assert x_draw["made_play_by"].to_list() == [1.0, 1.0]  # played on t1, stays "made a play" on t2
    assert x_draw["spent"].to_list() == [1.0, 0.0] and x_draw["wasted"].to_list() == [1.0, 4.0]
    y_draw = c.filter((pl.col("deck") == "Y") & (pl.col("position") == "draw"))  # game 0, Y second
    assert y_draw["available"].to_list() == [2.0, 2.0] and y_draw["policy"].to_list() == ["aggro"] * 2
    both_t1 = c.filter((pl.col("deck") == "X") & (pl.col("turn") == 1))["players"].sum()
    assert both_t1 == 2


def test_cost_by_turn() -> None:
    g = games(["a", "b"], ["a", "a"])
    cd = cards([(0, "a", "X", "c1", 0, 1), (0, "a", "X", "c1", 0, 2), (0, "a", "X", "c3", 1, 2),
                (0, "a", "X", "zz", 1, 2), (1, "a", "X", "c1", 0, -1), (1, "a", "X", "c3", 0, 2),
                (0, "b", "Y", "c1", 0, 1), (1, "b", "Y", "c1", -1, -1)])
    t = cost_by_turn(from_frames(g, cards=cd), {"c1": 1, "c3": 3})
    x2 = t.filter((pl.col("deck") == "X") & (pl.col("turn") == 2))
    assert x2["cost"].to_list() == [1, 3, None]
    assert x2["cards"].to_list() == [1, 2, 1]
    assert x2["per_game"].to_list() == [0.5, 1.0, 0.5]  # 2 X players in the data
    assert x2["unknown_cost"].to_list() == [False, False, True]
    m = mean_cost_by_turn(from_frames(g, cards=cd), {"c1": 1, "c3": 3}).filter(pl.col("deck") == "X")
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
    assert (x["mulligan_rate_low"], x["mulligan_rate_high"]) == pytest.approx(wilson(3, 5))
    y = t.filter(pl.col("deck") == "Y").row(0, named=True)
    assert (y["games_mulligan"], y["win_rate_keep"], y["win_rate_mulligan"]) == (0, 0.4, None)
    pos = mulligans(from_frames(g), by_position=True).filter(pl.col("deck") == "X")
    assert pos["position"].to_list() == ["draw", "play"] and pos["games"].to_list() == [2, 3]
