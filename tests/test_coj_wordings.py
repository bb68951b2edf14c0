"""CODE OF JOKER wordings read as the ones the importer knew (「すべて」 for 「全て」, 「ターン終了まで」 for
「ターン終了時まで」, 「お互いのプレイヤーのCPを-12する」 as both players' CP), 「全てのユニットの行動権を回復する」,
and 「手札を全て捨てる。そうした場合、…」 (the whole hand as a cost: paid with one card or more), with real cards."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from sim.games.coj.vocab import KEYWORDS
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real


def _has(s, p, j, name):
    return bool(R.unit_kw(s, p, j) >> KEYWORDS.index(name) & 1)


def _start(s, p):
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3 + p
    A.turn_start(s, p)


@needs_catalog
def test_1_3_056_clemente_ark_binds_every_unit():
    """クレメンテ・アーク (1-3-056, intercept): 「あなたのターン開始時、すべてのユニットに【呪縛】を与える」: the units
    of both sides get 【呪縛】."""
    s = state([real("1-3-056"), card("MINE", colour="yellow")], [card("FOE")])
    zone(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    _start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and _has(s, 0, 0, "bind") and _has(s, 1, 0, "bind")


@needs_catalog
def test_1_4_069_awakening_giant_pumps_until_the_turn_ends():
    """目覚める巨兵 (1-4-069, intercept): 「対戦相手のターン開始時、あなたのユニットを1体選ぶ。ターン終了までそれのBPを
    +8000する」: +8000 during the opponent's turn, gone at its end."""
    s = state([real("1-4-069"), card("MINE", colour="green", bp=(3000, 3000, 3000))], [card("FOE")])
    zone(s, 0, 0)
    j = field(s, 0, 1)
    _start(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and bp(s, 0, j) == 11000
    A.turn_end(s, 1)
    assert bp(s, 0, j) == 3000


@needs_catalog
def test_1_2_098_great_world_empties_both_players_cp():
    """大いなる世界 (1-2-098, intercept): 「ユニットがフィールドに出た時、お互いのプレイヤーのCPを-12する」: both at 0."""
    s = state([real("1-2-098"), card("MINE", colour="green")], [card("FOE")])
    zone(s, 0, 0)
    V(s)["P"][1, R.P_CP] = 5
    _drive(s, 0, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert V(s)["P"][0, R.P_CP] == 0 and V(s)["P"][1, R.P_CP] == 0


@needs_catalog
def test_1_3_125_total_eclipse_recovers_every_units_action_right():
    """皆既日食 (1-3-125, intercept): 「あなたのユニットがフィールドに出た時、全てのユニットの行動権を回復する」: spent
    units of both sides stand again."""
    s = state([real("1-3-125"), card("OLD", colour="colorless"), card("NEW")], [card("FOE")])
    zone(s, 0, 0)
    field(s, 0, 1, act=0)
    field(s, 1, 0, act=0)
    _drive(s, 0, 2)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert V(s)["U"][0, 0, R.U_ACT] == 1 and V(s)["U"][1, 0, R.U_ACT] == 1


@needs_catalog
def test_pr_090_geyser_discards_the_hand_to_draw_to_seven():
    """雄大なる間欠泉 (PR-090, intercept): 「あなたのターン開始時、あなたは手札をすべて捨てる。そうした場合、手札が7枚に
    なるまでカードを引く」: the two cards in hand (and the turn's draw) are discarded, then the hand is drawn to 7; with
    an empty hand nothing is discarded, so nothing is drawn either (its effects resolved alone)."""
    s = state([real("PR-090"), card("A"), card("B"), card("GREEN", colour="green")])
    zone(s, 0, 0)
    field(s, 0, 3)  # an intercept needs a unit of its colour
    V(s)["P"][0, R.P_TOP] = 4
    hand(s, 0, 1, 2)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3
    A.turn_start(s, 0)
    drawn = [int(c) for c in V(s)["H"][0, :V(s)["P"][0, R.P_HAND]]]
    assert V(s)["P"][0, R.P_ZONE] == 0 and len(drawn) == 7 and 1 not in drawn and 2 not in drawn
    s = state([real("PR-090")])
    FX.run_effects(s, 0, 0, -1, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 0


@needs_catalog
def test_1_3_020_assist_soldier_levels_one_unit_of_each_side():
    """アシストソルジャー (1-3-020) 熱血応援歌: 「このユニットが破壊された時、あなたのユニットを1体選び、それのレベルを
    +1する。対戦相手のユニットを1体選び、それのレベルを+1する」 (「…を1体選び、…」 read as 「…選ぶ。それ…」)."""
    s = state([real("1-3-020"), card("MINE")], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    FX.hit_unit(s, 1, 0, j, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["U"][0, 0, R.U_LVL] == 2 and V(s)["U"][1, 0, R.U_LVL] == 2


@needs_catalog
def test_1_4_306_gold_maiden_sets_every_own_unit_to_level_1():
    """ゴールドメイデン (1-4-306) 嘆きの棺: 「このユニットが破壊された時、あなたの全てのユニットのレベルを1にする」:
    the own Lv.3 unit goes to Lv.1, the opponent's stays."""
    s = state([real("1-4-306"), card("MINE")], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 0, 1, lvl=3)
    field(s, 1, 0, lvl=3)
    FX.hit_unit(s, 1, 0, j, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["U"][0, 0, R.U_LVL] == 1 and V(s)["U"][1, 0, R.U_LVL] == 3


@needs_catalog
def test_1_4_308_ashura_spends_every_other_unit_in_even_rounds():
    """阿修羅百式・戒 (1-4-308): 「あなたのターン開始時、ラウンド数が偶数の場合、このユニット以外の全てのユニットの
    行動権を消費する」: in round 2 every unit but itself is spent, of both sides."""
    s = state([real("1-4-308"), card("MINE")], [card("FOE")])
    field(s, 0, 0, act=0)
    field(s, 0, 1, act=0)
    field(s, 1, 0)
    _start(s, 0)
    assert V(s)["U"][0, 0, R.U_ACT] == 1 and V(s)["U"][0, 1, R.U_ACT] == 0 and V(s)["U"][1, 0, R.U_ACT] == 0


@needs_catalog
def test_1_3_012_haniwa_searches_then_spends_a_cheap_unit():
    """はにわ (1-3-012) 富の採掘: 「このユニットがフィールドに出た時、【機械】ユニットのカードを1枚ランダムで手札に加え、
    対戦相手のコスト2以下のユニットを1体選ぶ。それの行動権を消費する」 (two sentences): a 【機械】 card comes from the
    deck and the opponent's cost-2 unit is spent, not its cost-3 one."""
    machine = replace(card("MACH"), job="機械")
    s = state([real("1-3-012"), machine], [card("TWO", cost=2), card("THREE", cost=3)])
    V(s)["P"][0, R.P_TOP] = 1  # はにわ (a 【機械】 too) is out of the deck
    field(s, 1, 0)
    field(s, 1, 1)
    _drive(s, 0, 0)
    assert [int(c) for c in V(s)["H"][0, :V(s)["P"][0, R.P_HAND]]] == [1]
    assert V(s)["U"][1, 0, R.U_ACT] == 0 and V(s)["U"][1, 1, R.U_ACT] == 1
