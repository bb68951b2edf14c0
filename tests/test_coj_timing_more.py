"""CODE OF JOKER timings read through other wordings, with real catalog cards: 「ターン開始時、」 on an intercept card (each
player's turn start: a set card of two events, rules.zone_trigger) and 「あなたのフィールドに【X】ユニットがN体以上いる時、」
before a unit's field effect (rules/coj.md §10 フィールド効果: while its side's field holds them, as 「…いる場合、」)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


@needs_catalog
def test_1_2_087_holy_ground_answers_either_players_turn_start():
    """聖なる領域 (1-2-087, intercept): 「ターン開始時、ターン終了時まであなたの全てのユニットに【加護】を与える」: set, it is
    used at the opponent's turn start (the own unit gets 【加護】); set again, at the own turn start too."""
    s = state([real("1-2-087"), card("YEL", colour="yellow")], [card("FOE", colour="blue")])
    field(s, 0, 1)
    zone(s, 0, 0)
    V(s)["P"][:, R.P_TOP] = 2
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 1
    A.turn_start(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][0, 0, R.U_GKW] & R.KW_PROTECTION
    V(s)["U"][0, 0, R.U_GKW] = 0
    zone(s, 0, 0)
    setup_turn(s, 0)
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][0, 0, R.U_GKW] & R.KW_PROTECTION


@needs_catalog
def test_1_3_028_little_cat_soul_has_4000_more_while_three_beasts_stand():
    """リトルキャットソウル (1-3-028, a 【獣】): 「あなたのフィールドに【獣】ユニットが3体以上いる時、このユニットのBPを+4000する」:
    with itself and one more 【獣】 nothing; a third 【獣】 gives +4000; when one leaves, the bonus goes."""
    cat = real("1-3-028")
    beast = replace(card("BST"), job="獣")
    s = state([cat, beast, beast], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 0, 1)
    assert bp(s, 0, j) == cat.bp[0]
    field(s, 0, 2)
    assert bp(s, 0, j) == cat.bp[0] + 4000
    R.remove_unit(s, 0, 2)
    assert bp(s, 0, j) == cat.bp[0]


@needs_catalog
def test_1_4_312_cool_muscle_is_immortal_while_four_giants_stand():
    """COOLマッスル (1-4-312, a 【巨人】): 「あなたのフィールドに【巨人】ユニットが4体以上いる時、このユニットに【不滅】を与える」:
    three 【巨人】 (itself included) give nothing, the fourth 【不滅】."""
    giant = replace(card("GIA"), job="巨人")
    s = state([real("1-4-312"), giant, giant, giant], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 0, 1)
    field(s, 0, 2)
    assert not R.unit_kw(s, 0, j) & R.KW_IMMORTAL
    field(s, 0, 3)
    assert R.unit_kw(s, 0, j) & R.KW_IMMORTAL
