"""CODE OF JOKER unit abilities and intercepts that watch their own side's units be destroyed, with real catalog
cards: 「(このユニット以外の)あなたの(【X】 / 赤属性)ユニットが破壊された時 / 破壊されるたび」 (rules/coj.md §9: a
destruction's effects interrupt; tier 1 the destroyed unit's own, then the watching units of its side, then
trigger and intercept cards). A watching unit must be on the field when the destruction resolves; 「あなたの
ユニット」 is this unit too (its own destruction fires it as a "when destroyed" ability), 「このユニット以外の」
leaves it out. The destroyed unit is matched as it last was on the field."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn

UNDEAD = replace(card("UND", cost=1, colour="red", bp=(3000, 3000, 3000)), job="不死")
PLAIN = card("PLN", cost=1, colour="blue", bp=(3000, 3000, 3000))
FOE = card("FOE", bp=(5000, 5000, 5000))


def _destroy(s, p, c):
    """The opponent's effect destroys p's unit of card row c; its "when destroyed" effects then resolve."""
    j = [int(x) for x in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]].index(c)
    FX.hit_unit(s, 1 - p, p, j, R.OP_BREAK, 0, 0)
    FX.settle(s)


def _placed(a, b):
    """A scenario with every card of both decks' lists on the field, in the opponent's turn."""
    s = state(a, b)
    setup_turn(s, 1)
    for p, cards in enumerate((a, b)):
        for c in range(len(cards)):
            field(s, p, c)
    return s


def _bps(s, p):
    return [bp(s, p, j) for j in range(V(s)["P"][p, R.P_FIELD])]


@needs_catalog
def test_1_2_102_skull_sweeps_when_an_own_undead_is_destroyed_itself_too():
    """地獄のシャレコウベ (1-2-102, 【不死】) 怨念爆弾: 「あなたの【不死】ユニットが破壊されるたび、対戦相手の全ての
    ユニットに2000ダメージを与える」: another species' destruction does nothing, an own 【不死】's deals 2000 to each
    opposing unit, and so does the skull's own destruction (it is one of your 【不死】 units)."""
    s = _placed([real("1-2-102"), UNDEAD, PLAIN], [FOE, FOE])
    _destroy(s, 0, 2)
    assert _bps(s, 1) == [5000, 5000]
    _destroy(s, 0, 1)
    assert _bps(s, 1) == [3000, 3000]
    _destroy(s, 0, 0)
    assert _bps(s, 1) == [1000, 1000] and V(s)["P"][0, R.P_FIELD] == 0


@needs_catalog
def test_1_2_035_thanatos_levels_up_when_another_undead_is_destroyed():
    """タナトス (1-2-035) クロック・アップ: 「このユニット以外のあなたの【不死】ユニットが破壊されるたび、このユニットの
    レベルを+1する」: the opponent's 【不死】 unit and an own unit of another species do nothing; an own 【不死】
    takes Thanatos to Lv.2."""
    s = _placed([real("1-2-035"), UNDEAD, PLAIN], [UNDEAD])
    _destroy(s, 1, 0)
    _destroy(s, 0, 2)
    assert V(s)["U"][0, 0, R.U_LVL] == 1
    _destroy(s, 0, 1)
    assert V(s)["U"][0, 0, R.U_LVL] == 2


@needs_catalog
def test_2_1_023_scorpio_gains_purple_for_another_ninja_destroyed_in_battle():
    """隠秘のスコーピオ (2-1-023) 夜陰にまぎれて: 「このユニット以外のあなたの【忍者】ユニットが破壊された時、あなたの
    紫ゲージを+1する」: a 【忍者】 that loses a battle adds 1; a unit of another species nothing."""
    ninja = replace(card("NIN", cost=1, colour="purple", bp=(3000, 3000, 3000), kw=["speed_move"]), job="忍者")
    s = state([real("2-1-023"), ninja, PLAIN], [card("WALL", bp=(9000, 9000, 9000), kw=["forced_defense"])])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    field(s, 0, 1)
    field(s, 0, 2)
    field(s, 1, 0)
    _destroy(s, 0, 2)
    assert V(s)["P"][0, R.P_PURPLE] == 0
    A.attack(s, 0, 1)  # the wall blocks and destroys the ninja
    assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["P"][0, R.P_PURPLE] == 1


@needs_catalog
def test_pr_157_backdraft_answers_an_own_red_unit_destroyed_only():
    """バックドラフト (PR-157, intercept) : 「あなたの赤属性ユニットが破壊された時、全てのユニットに4000ダメージを与える」:
    an own blue unit destroyed leaves it set; an own red one destroyed uses it, 4000 damage to every unit."""
    red = card("RED", colour="red", bp=(3000, 3000, 3000))
    big = card("BIG", colour="red", bp=(9000, 9000, 9000))
    s = state([real("PR-157"), red, PLAIN, big], [FOE])
    zone(s, 0, 0)
    setup_turn(s, 1)
    for c in (1, 2, 3):
        field(s, 0, c)
    field(s, 1, 0)
    _destroy(s, 0, 2)
    assert V(s)["P"][0, R.P_ZONE] == 1 and _bps(s, 1) == [5000]
    _destroy(s, 0, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert _bps(s, 0) == [5000] and _bps(s, 1) == [1000]


@needs_catalog
def test_pr_137_otachibana_grants_indomitable_also_when_itself_is_destroyed():
    """白浜のオトタチバナ (PR-137) さざ波の囁き: 「あなたのユニットが破壊された時、あなたのユニットを1体選ぶ。それに
    【不屈】を与える」: another own unit destroyed gives an own unit 【不屈】, and so does its own destruction."""
    s = _placed([real("PR-137"), PLAIN, PLAIN, PLAIN], [])
    _destroy(s, 0, 1)
    assert _indomitable(s) == 1
    before = _indomitable(s, skip=0)
    _destroy(s, 0, 0)
    assert V(s)["P"][0, R.P_FIELD] == 2 and _indomitable(s) == before + 1


def _indomitable(s, skip=-1):
    """Seat 0's units with 【不屈】, but the one of card row skip."""
    return sum(bool(R.unit_kw(s, 0, j) & R.KW_INDOMITABLE) for j in range(V(s)["P"][0, R.P_FIELD])
               if V(s)["U"][0, j, R.U_CARD] != skip)


@needs_catalog
def test_2_3_132_ginko_pumps_base_bp_by_the_purple_gauge_at_one_or_more():
    """妖剣士ギンコ (2-3-132) 魂魄継承: 「[▲1]あなたのユニットが破壊された時、あなたの全てのユニットの基本BPを
    +[あなたの紫ゲージ×100]する」: at purple 0 nothing; at purple 3 each own unit gets +300 base BP."""
    s = _placed([real("2-3-132"), PLAIN, PLAIN, PLAIN], [])
    _destroy(s, 0, 1)
    assert V(s)["U"][0, :3, R.U_BASE].tolist() == [0, 0, 0]
    V(s)["P"][0, R.P_PURPLE] = 3
    _destroy(s, 0, 2)
    assert V(s)["U"][0, :2, R.U_BASE].tolist() == [300, 300]
