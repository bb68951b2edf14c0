"""CODE OF JOKER timed abilities printed under one condition (「対戦相手のトリガーゾーンにカードがない場合、以下の効果が発動する。
このユニットがフィールドに出た時、…。このユニットがアタックした時、…」), with real catalog cards: each ability runs at its
printed timing only while the condition holds as it resolves (importer._conditional_lines: the condition on each row), and
the conditions 「対戦相手のフィールドにいるユニット数があなたのフィールドにいるユニット数より多い場合」 (CC_OPP_FIELD_MORE) and
「あなたのフィールドにユニットが4属性以上いる場合」 (CC_OWN_COLOURS_GE)."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import BLANK, V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn

FOE = card("FOE", colour="blue", bp=(3000, 3000, 3000))


@needs_catalog
def test_1_3_005_burns_on_entry_only_while_the_opposing_zone_is_empty():
    """(1-3-005): 「対戦相手のトリガーゾーンにカードがない場合、以下の効果が発動する。このユニットがフィールドに出た時、対戦相手
    の全てのユニットに2000ダメージを与える。…」: driven while the opponent has a card set, nothing; the second copy driven
    once the zone is empty deals 2000 to the opposing unit."""
    s = state([real("1-3-005"), real("1-3-005")], [FOE, BLANK])
    setup_turn(s, 0)
    f = field(s, 1, 0)
    zone(s, 1, 1)
    hand(s, 0, 0, 1)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_FIELD] == 1 and bp(s, 1, f) == 3000
    R.zone_remove(s, 1, 0)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_FIELD] == 2 and bp(s, 1, f) == 1000


@needs_catalog
def test_1_3_230_forces_a_block_on_entry_only_when_the_opponent_has_more_units():
    """(1-3-230): 「対戦相手のフィールドにいるユニット数があなたのフィールドにいるユニット数より多い場合、以下の効果が発動する。
    このユニットがフィールドに出た時、対戦相手のユニットを1体選ぶ。それにターン終了時まで【強制防御】を与える。…」: entering
    against one opposing unit (1 against 1 with itself), nothing; the second copy, own 2 against 3, gives one 【強制防御】."""
    s = state([real("1-3-230"), real("1-3-230")], [FOE, FOE, FOE])
    setup_turn(s, 0, cp=12)
    field(s, 1, 0)
    hand(s, 0, 0, 1)
    A.drive(s, 0, 0)
    assert not any(V(s)["U"][1, j, R.U_GKW] & R.KW_FORCED for j in range(V(s)["P"][1, R.P_FIELD]))
    field(s, 1, 1)
    field(s, 1, 2)
    A.drive(s, 0, 0)
    forced = [j for j in range(V(s)["P"][1, R.P_FIELD]) if V(s)["U"][1, j, R.U_GKW] & R.KW_FORCED]
    assert len(forced) == 1


@needs_catalog
def test_1_4_041_draws_two_at_an_own_entry_once_four_colours_stand():
    """(1-4-041, trigger): 「あなたのフィールドにユニットが4属性以上いる場合、以下の効果が発動する。あなたのユニットがフィールドに
    出た時、あなたはカードを2枚引く。あなたのターン開始時、…」: an entry that makes three colours leaves it set; the entry of
    a fourth colour uses it: two cards drawn."""
    colours = [card(c[:3].upper(), colour=c) for c in ("red", "blue", "green", "yellow")]
    s = state([real("1-4-041"), *colours], [FOE])
    setup_turn(s, 0)
    zone(s, 0, 0)
    field(s, 0, 1)
    field(s, 0, 2)
    V(s)["P"][0, R.P_TOP] = 5
    hand(s, 0, 3, 4)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][0, R.P_HAND] == 1
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 2
