"""CODE OF JOKER wordings read since issue 35's seventh round, with real catalog cards: a second timing on a body
with a 「そうした場合」 price (「このユニットがフィールドに出た時、またはあなたのターン開始時、…」), 「あなたは捨札にある…」 /
「捨札の…」 recoveries, 「…のカードをランダムで1枚破壊する」 in the other word order, and 「このユニットに【X】を与え、…」 as
two sentences."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


def _hand(s, p):
    return sorted(int(c) for c in V(s)["H"][p, :V(s)["P"][p, R.P_HAND]])


@needs_catalog
def test_pr_118_may_swaps_a_card_on_entry_and_at_turn_start():
    """道化師メイ (PR-118) チェンジジャグリング: 「このユニットがフィールドに出た時、またはあなたのターン開始時、あなたは
    手札を1枚選んで捨てる。そうした場合、あなたはカードを1枚引く」: at the turn start the costliest hand card goes and the
    deck's top card comes; with an empty hand nothing is drawn (the price is not paid)."""
    s = state([real("PR-118"), card("BIG", cost=6), card("TOP")])
    V(s)["P"][0, R.P_TOP] = 2
    j = field(s, 0, 0)
    hand(s, 0, 1)
    setup_turn(s, 0)
    FX.fire_unit(s, 0, j, R.TR_TURN_START, -1, -1)
    FX.settle(s)
    assert _hand(s, 0) == [2]
    s = state([real("PR-118"), card("TOP")])
    V(s)["P"][0, R.P_TOP] = 1
    _drive(s, 0, 0)
    assert _hand(s, 0) == []


@needs_catalog
def test_2_2_015_leo_recovers_an_intercept():
    """英魂のレオ (2-2-015) 魔術救済: 「このユニットがフィールドに出た時、あなたは捨札にあるインターセプトカードを1枚ランダム
    で手札に加える」: the intercept of the discard comes back, not the unit."""
    s = state([real("2-2-015"), card("UNIT", cost=3), card("INT", type="intercept", colour="colorless")])
    V(s)["P"][0, R.P_TOP] = 3
    _drive(s, 0, 0)
    assert _hand(s, 0) == [2]


@needs_catalog
def test_2_3_121_nyx_recovers_up_to_three_units():
    """暗黒神姫ニュクス (2-3-121) 神々のロンド: 「自身がフィールドに出た時、捨札のユニットカードをランダムで3枚まで手札に
    加える」: the two units of the discard come back (the trigger card stays)."""
    s = state([real("2-3-121"), card("U1"), card("U2"), card("TRG", type="trigger", colour="colorless")])
    V(s)["P"][0, R.P_TOP] = 4
    setup_turn(s, 0)
    hand(s, 0, 0)
    R.place_unit(s, 0, 0, 1)  # the unit is on the field (an evolution's entry is an overdrive: on_enter below)
    R.remove_from_hand(s, 0, 0)
    A.on_enter(s, 0, V(s)["U"][0, 0, R.U_UID])
    assert _hand(s, 0) == [1, 2]


@needs_catalog
def test_1_4_303_trishula_breaks_a_set_card_on_entry():
    """三叉・トリシューラ (1-4-303) 三叉の炎舞: 「このユニットがフィールドに出た時、またはあなたのターン開始時、対戦相手の
    トリガーゾーンのカードをランダムで1枚破壊する」: one of the two set cards goes."""
    s = state([real("1-4-303")], [card("S1", type="trigger", colour="colorless"), card("S2", type="trigger", colour="colorless")])
    zone(s, 1, 0, 1)
    _drive(s, 0, 0)
    assert V(s)["P"][1, R.P_ZONE] == 1


@needs_catalog
def test_2_0_130_ja_ark_penetrates_and_breaks_a_set_card_on_attack():
    """宇宙亡霊ジャ・アーク (2-0-130) 電撃奪取: 「[▲3]このユニットがアタックした時、ターン終了時までこのユニットに【貫通】
    を与え、対戦相手のトリガーゾーンにあるカードを1枚ランダムで破壊する」: with a purple gauge of 3 the attack gives it
    【貫通】 for the turn and breaks the set card; at 2 neither."""
    for gauge in (3, 2):
        s = state([real("2-0-130")], [card("S1", type="trigger", colour="colorless")])
        zone(s, 1, 0)
        setup_turn(s, 0)
        j = field(s, 0, 0, restr=0)
        V(s)["P"][0, R.P_PURPLE] = gauge
        A.attack(s, 0, j)
        assert V(s)["P"][1, R.P_ZONE] == (0 if gauge == 3 else 1)
        assert bool(V(s)["U"][0, 0, R.U_GKW] & R.KW_PENETRATE) == (gauge == 3)
