"""CODE OF JOKER field effects (rules/coj.md §10 フィールド効果) on units of a level, or under a condition on, or counting, an LP, a hand's size or
the purple gauge, with real catalog cards: 「あなたのライフが6以下の時、…」, 「対戦相手の手札が2枚以下の時、…」, 「[▼4]あなたの紫ゲージが
4以下の場合、…」, 「このユニットのBPは+[あなたのライフ×1000]される」: recomputed at every change of those
(rules.static_inputs_changed), while the unit is on the field."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import engine as coj
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from tests.test_coj_rules import BLANK, V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real


def _purple(s, p, n):
    FX.resolve(s, p, R.OP_GAIN_CP, R.TG_OWN_PLAYER, n, VOC.GAIN_PURPLE, -1, -1, -1)


@needs_catalog
def test_1_1_011_angels_are_protected_while_the_life_is_6_or_less():
    """聖天使ニケ (1-1-011, a 【天使】 with a printed 【加護】): 「あなたのライフが6以下の時、あなたの【天使】ユニットに【加護】を与える」:
    at 8 LP another own 【天使】 has no 【加護】; after 2 LP lost it has, a unit of another species not; healed to 7, it is
    gone."""
    s = state([real("1-1-011"), replace(card("ANG"), job="天使"), card("MAN")], [card("FOE")])
    field(s, 0, 0)
    a, o = field(s, 0, 1), field(s, 0, 2)
    assert V(s)["P"][0, R.P_LP] == 8 and not R.unit_kw(s, 0, a) & R.KW_PROTECTION
    R.lp_loss(s, 0, 2, True)
    assert R.unit_kw(s, 0, a) & R.KW_PROTECTION and not R.unit_kw(s, 0, o) & R.KW_PROTECTION
    FX.resolve(s, 0, R.OP_HEAL, R.TG_OWN_PLAYER, 1, 0, -1, -1, -1)
    assert not R.unit_kw(s, 0, a) & R.KW_PROTECTION


@needs_catalog
def test_1_1_082_gains_5000_while_the_opponent_holds_2_cards_or_fewer():
    """システムΣ (1-1-082): 「対戦相手の手札が2枚以下の時、このユニットのBPを+5000する」: against 3 cards in hand its printed
    BP; once the opponent has 2, +5000; a card drawn back, the bonus goes."""
    unit = real("1-1-082")
    s = state([unit], [card("A"), card("B"), card("C")])
    hand(s, 1, 0, 1, 2)
    j = field(s, 0, 0)
    assert bp(s, 0, j) == unit.bp[0]
    R.remove_from_hand(s, 1, 0)
    assert bp(s, 0, j) == unit.bp[0] + 5000
    R.add_to_hand(s, 1, 0, 1)
    assert bp(s, 0, j) == unit.bp[0]


@needs_catalog
def test_2_0_042_protected_at_a_low_gauge_and_every_unit_counts_the_gauge():
    """(2-0-042): 「[▼4]あなたの紫ゲージが4以下の場合、このユニットに【加護】を与える」 and 「あなたのユニットのBPを+[あなたの紫ゲージ
    の数×500]する」: at gauge 0 【加護】 and no BP; at 2, +1000 to each own unit; at 5, no 【加護】 and +2500."""
    unit = real("2-0-042")
    s = state([unit, card("MAN", bp=(1000, 1000, 1000))], [card("FOE", bp=(1000, 1000, 1000))])
    j, o = field(s, 0, 0), field(s, 0, 1)
    f = field(s, 1, 0)
    assert R.unit_kw(s, 0, j) & R.KW_PROTECTION and bp(s, 0, j) == unit.bp[0]
    _purple(s, 0, 2)
    assert bp(s, 0, j) == unit.bp[0] + 1000 and bp(s, 0, o) == 2000 and bp(s, 1, f) == 1000
    _purple(s, 0, 3)
    assert not R.unit_kw(s, 0, j) & R.KW_PROTECTION and bp(s, 0, o) == 3500


@needs_catalog
def test_pr_140_gains_3000_and_indomitable_at_gauge_3():
    """(PR-140): 「[▲3]あなたの紫ゲージが3以上の場合、このユニットのBPを+3000し、【不屈】を与える」: at gauge 2 neither; at 3 both."""
    unit = real("PR-140")
    s = state([unit], [card("FOE")])
    j = field(s, 0, 0)
    _purple(s, 0, 2)
    assert bp(s, 0, j) == unit.bp[0] and not R.unit_kw(s, 0, j) & R.KW_INDOMITABLE
    _purple(s, 0, 1)
    assert bp(s, 0, j) == unit.bp[0] + 3000 and R.unit_kw(s, 0, j) & R.KW_INDOMITABLE


@needs_catalog
def test_1_1_072_and_2_3_114_count_the_life_and_the_life_lost():
    """(1-1-072): 「このユニットのBPは+[あなたのライフ×1000]される」 and (2-3-114): 「このユニットのBPを+[あなたの受けているライフ
    ダメージ×1000]する」: at 8 LP +8000 and +0; after 3 LP lost +5000 and +3000."""
    life, lost = real("1-1-072"), real("2-3-114")
    s = state([life, lost], [card("FOE")])
    a, b = field(s, 0, 0), field(s, 0, 1)
    assert bp(s, 0, a) == life.bp[0] + 8000 and bp(s, 0, b) == lost.bp[0]
    R.lp_loss(s, 0, 3, False)
    assert V(s)["P"][0, R.P_LP] == 5
    assert bp(s, 0, a) == life.bp[0] + 5000 and bp(s, 0, b) == lost.bp[0] + 3000


@needs_catalog
def test_1_2_049_gives_by_level_and_shields_itself_at_level_1():
    """(1-2-049): 「あなたのレベル2以上のユニットのBPを+2000する。あなたのレベル3以上のユニットに【不屈】を与える」 and 「このユニットの
    レベルが1の時、このユニットに【秩序の盾】を与える」: an own Lv.1 unit gets nothing, clocked up to Lv.2 +2000, to Lv.3 【不屈】
    too; the unit itself has 【秩序の盾】 at Lv.1 and, clocked up to Lv.2, +2000 instead."""
    goddess = real("1-2-049")
    s = state([goddess, card("MAN", bp=(1000, 1000, 1000))], [card("FOE", bp=(1000, 1000, 1000))])
    j, o = field(s, 0, 0), field(s, 0, 1)
    f = field(s, 1, 0, lvl=2)
    assert R.unit_kw(s, 0, j) & R.KW_SHIELD and bp(s, 0, j) == goddess.bp[0] and bp(s, 0, o) == 1000 and bp(s, 1, f) == 1000
    R.set_level(s, 0, o, 2)
    assert bp(s, 0, o) == 3000 and not R.unit_kw(s, 0, o) & R.KW_INDOMITABLE
    R.set_level(s, 0, o, 3)
    assert bp(s, 0, o) == 3000 and R.unit_kw(s, 0, o) & R.KW_INDOMITABLE
    R.set_level(s, 0, j, 2)
    assert not R.unit_kw(s, 0, j) & R.KW_SHIELD and bp(s, 0, j) == goddess.bp[1] + 2000


@needs_catalog
def test_2_0_102_and_2_3_218_count_the_set_cards_and_the_round():
    """(2-0-102): 「このユニットのBPは+[お互いのトリガーゾーンにあるカードの数×1000]される」 and (2-3-218): 「このユニットのBPを+[ラウンド数
    ×1000]する」: with one card set on each side +2000, one more +3000, and at round 2 +2000, at the next round's turn start
    +3000."""
    front, time = real("2-0-102"), real("2-3-218")
    s = state([front, time, BLANK, BLANK], [BLANK])
    V(s)["G"][R.G_ROUND] = 2
    a, b = field(s, 0, 0), field(s, 0, 1)
    zone(s, 0, 2)
    zone(s, 1, 0)
    assert bp(s, 0, a) == front.bp[0] + 2000 and bp(s, 0, b) == time.bp[0] + 2000
    R.zone_add(s, 0, 3)
    assert bp(s, 0, a) == front.bp[0] + 3000
    V(s)["G"][R.G_ROUND] = 3
    V(s)["P"][0, R.P_TOP] = 4
    A.turn_start(s, 0)
    assert bp(s, 0, b) == time.bp[0] + 3000


@needs_catalog
def test_the_flag_of_field_effects_reading_inputs_follows_the_units_on_the_field():
    """rules.P_FSTATIC_IN (what static_inputs_changed reads instead of walking the field's effect rows): set while
    システムΣ (1-1-082, 「対戦相手の手札が2枚以下の時、…」) is on its side's field, not for a unit without field effects,
    cleared when it leaves; the compiled card carries K_STATIC_IN."""
    unit = real("1-1-082")
    s = state([card("MAN"), unit], [card("FOE")])
    assert list(R.statics_reading_inputs(coj._SCENARIOS[s][1][0, :2])) == [0, 1]
    field(s, 0, 0)
    assert V(s)["P"][0, R.P_FSTATIC_IN] == 0
    j = field(s, 0, 1)
    assert V(s)["P"][0, R.P_FSTATIC_IN] == 1 and V(s)["P"][1, R.P_FSTATIC_IN] == 0
    R.remove_unit(s, 0, j)
    assert V(s)["P"][0, R.P_FSTATIC_IN] == 0
