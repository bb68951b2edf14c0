"""CODE OF JOKER trigger and intercept cards answering 「ユニットがフィールドに出た時」 (any unit, either side;
rules/coj.md §9 trigger points), with real catalog cards."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


def _drive(s, p, c):
    setup_turn(s, p)
    hand(s, p, c)
    A.drive(s, p, V(s)["P"][p, R.P_HAND] - 1)


@needs_catalog
def test_2_0_137_sweep_answers_an_opponents_entry_and_an_own_one():
    """薙ぎ払い (2-0-137, intercept): 「ユニットがフィールドに出た時、対戦相手の全てのユニットに1000ダメージを与え
    る」: usable when the opponent's unit enters (it dies at 1000 BP) and when the own one does."""
    for side in (1, 0):
        s = state([real("2-0-137"), card("MINE", bp=(1000,) * 3)], [card("THEIRS", bp=(1000,) * 3)])
        zone(s, 0, 0)
        if side == 0:
            field(s, 1, 0)  # an opposing unit for it to hit
        _drive(s, side, 1 if side == 0 else 0)
        assert V(s)["P"][0, R.P_ZONE] == 0  # used
        assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][0, R.P_FIELD] == (1 if side == 0 else 0)


@needs_catalog
def test_1_4_122_over_capacity_fires_at_the_ninth_unit_of_either_side():
    """定員オーバー (1-4-122, trigger): 「ユニットがフィールドに出た時、フィールドにユニットが9体以上いる場合、対戦
    相手に1ライフダメージを与える」: the opponent's entry that makes 9 units fires it; at 8 it stays set."""
    s = state([real("1-4-122"), *[card(f"M{k}") for k in range(4)]], [card(f"T{k}") for k in range(5)])
    zone(s, 0, 0)
    for k in range(4):
        field(s, 0, 1 + k)
    for k in range(3):
        field(s, 1, k)
    _drive(s, 1, 3)  # 8 units
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_LP] == 8
    _drive(s, 1, 4)  # 9 units
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_LP] == 7
