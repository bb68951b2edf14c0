"""CODE OF JOKER unit abilities and intercepts that watch their own side's units overclock or clock up, with real
catalog cards: 「あなたのユニットがオーバークロックした時」 (Lv.3 on the field or an entry at Lv.3), 「…フィールドでレベル3に
クロックアップした時」 (Lv.3 on the field only), 「…クロックアップした時」 (every rise on the field). They resolve with the OC
abilities (rules/coj.md §9: after all other effects): the unit's own first, then its side's units and set cards."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn

MINE = card("MINE", cost=1, colour="blue", bp=(3000, 4000, 5000))


def _watched(code):
    """Seat 0: the card of `code` and another own unit (its slot returned) on the field, a third in the deck;
    seat 1: a 9000 BP unit. Seat 0's turn."""
    s = state([real(code), MINE, MINE], [card("FOE", bp=(9000, 9000, 9000))])
    setup_turn(s, 0)
    field(s, 0, 0)
    j = field(s, 0, 1)
    field(s, 1, 0)
    return s, j


def _rise(s, p, j, lvl):
    R.set_level(s, p, j, lvl)
    FX.settle(s)


def _drive_at_3(s, p, c):
    R.add_to_hand(s, p, c, 3)
    A.drive(s, p, V(s)["P"][p, R.P_HAND] - 1)


@needs_catalog
def test_1_2_003_hitomi_hits_when_an_own_unit_reaches_level_3_on_the_field():
    """炎の魔導師ヒトミ (1-2-003) 紅蓮のオーバーフレア: 「あなたのユニットがフィールドでレベル3にクロックアップした時、
    対戦相手のユニットを1体選ぶ。それに4000ダメージを与える」: another own unit rising to Lv.2 and one entering at Lv.3 do
    nothing; one rising to Lv.3 on the field deals 4000."""
    s, j = _watched("1-2-003")
    _rise(s, 0, j, 2)
    _drive_at_3(s, 0, 2)
    assert bp(s, 1, 0) == 9000
    _rise(s, 0, j, 3)
    assert bp(s, 1, 0) == 5000


@needs_catalog
def test_2_2_105_holmes_hits_when_an_own_unit_overclocks_also_entering_at_level_3():
    """未来探偵ホームズ (2-2-105) ロジックなど燃え尽きろォ!: 「あなたのユニットがオーバークロックした時、対戦相手のユニットを
    1体選ぶ。それに3000ダメージを与える」: a clock-up to Lv.2 does nothing; a unit driven at Lv.3 (it overclocks, §8)
    deals 3000."""
    s, j = _watched("2-2-105")
    _rise(s, 0, j, 2)
    assert bp(s, 1, 0) == 9000
    _drive_at_3(s, 0, 2)
    assert bp(s, 1, 0) == 6000


@needs_catalog
def test_1_2_146_black_flame_answers_a_clock_up_not_an_entry_at_level_3():
    """黒炎浸蝕 (1-2-146, intercept) : 「あなたのユニットがクロックアップした時、対戦相手のユニットを1体選ぶ。それを破壊
    する」: a unit driven at Lv.3 leaves it set; an own unit rising to Lv.2 on the field uses it: the opposing unit is
    destroyed."""
    s = state([real("1-2-146"), MINE, MINE], [card("FOE", bp=(9000, 9000, 9000))])
    zone(s, 0, 0)
    setup_turn(s, 0)
    j = field(s, 0, 1)
    field(s, 1, 0)
    _drive_at_3(s, 0, 2)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_FIELD] == 1
    _rise(s, 0, j, 2)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_FIELD] == 0


@needs_catalog
def test_pr_172_giant_spark_hits_the_opponents_acted_units_when_an_own_unit_overclocks():
    """ジャイアントスパーク (PR-172, intercept) : 「あなたのユニットがオーバークロックした時、対戦相手の全ての行動済ユニットに
    7000ダメージを与える」: an own yellow unit reaching Lv.3 uses it; the opposing unit without its action right is
    destroyed, the one with it untouched."""
    yellow = card("YEL", cost=1, colour="yellow", bp=(3000, 4000, 5000))
    foe = card("FOE", bp=(6000, 6000, 6000))
    s = state([real("PR-172"), yellow], [foe, foe])
    zone(s, 0, 0)
    setup_turn(s, 0)
    j = field(s, 0, 1, lvl=2)
    field(s, 1, 0, act=0)
    field(s, 1, 1)
    _rise(s, 0, j, 3)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 0, R.U_ACT] == 1 and bp(s, 1, 0) == 6000
