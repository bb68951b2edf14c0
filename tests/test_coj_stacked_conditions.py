"""CODE OF JOKER abilities with two conditions, with real catalog cards: a timing's condition on the event (the
entering unit's kind, the destruction's cause) and a 「〜場合」, or two filters on the event's unit (a cost floor and a
colour), held as E_COND and E_COND2 (effects.run_effects, card_usable: both must hold)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


@needs_catalog
def test_2_2_046_gathered_incarnations_needs_a_bushin_entry_and_room_on_the_field():
    """結集セシ化身タチ (2-2-046, intercept) : 「あなたの【武身】ユニットがフィールドに出た時、あなたのフィールドのユニットが4体
    以下の場合、あなたのデッキから進化ユニット以外のコスト5以下の【武身】ユニットを…【特殊召喚】する」: a 【武身】 entering
    as the fifth unit leaves it set; entering as the second it summons the deck's 【武身】."""
    bushin = replace(card("BSN", cost=0, colour="yellow"), job="武身")
    s = state([real("2-2-046"), bushin, bushin, bushin, card("A"), card("B"), card("C")], [])
    zone(s, 0, 0)
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 3  # copy 3, a 【武身】, is the deck's next card
    for c in (4, 5, 6):
        field(s, 0, c)
    hand(s, 0, 1, 2)
    A.drive(s, 0, 0)  # 4 units: the condition holds
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_FIELD] == 5
    s = state([real("2-2-046"), bushin, bushin, bushin, card("A"), card("B"), card("C"), card("D")], [])
    zone(s, 0, 0)
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 3
    for c in (4, 5, 6, 7):
        field(s, 0, c)
    hand(s, 0, 1)
    A.drive(s, 0, 0)  # the fifth unit: 5 on the field
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][0, R.P_FIELD] == 5


@needs_catalog
def test_pr_093_serenity_nurse_answers_another_angel_destroyed_by_an_effect_only():
    """セレニティナース (PR-093) 躯に手向け: 「このユニット以外のあなたの【天使】ユニットが効果によって破壊されるたび、対戦相手は
    手札を1枚ランダムで捨てる」: an 【天使】 lost in battle does nothing; one destroyed by an effect makes the opponent
    discard."""
    angel = replace(card("ANG", bp=(1000, 1000, 1000), kw=["speed_move"]), job="天使")
    s = state([real("PR-093"), angel, angel], [card("WALL", bp=(9000, 9000, 9000), kw=["forced_defense"]), card("H")])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    field(s, 1, 0)
    hand(s, 1, 1)
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["P"][1, R.P_HAND] == 1
    FX.hit_unit(s, 1, 0, field(s, 0, 2), R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][1, R.P_HAND] == 0


@needs_catalog
def test_pr_086_ninlil_draws_for_an_own_green_unit_of_cost_four_or_more():
    """南風のニンリル (PR-086) 麗しの碧い風: 「あなたのコスト4以上の緑属性ユニットがフィールドに出るたび、あなたはカードを1枚
    引く」: a cost-3 green unit and a cost-4 red one draw nothing; a cost-4 green one draws 1."""
    s = state([real("PR-086"), card("G3", cost=3, colour="green"), card("R4", cost=4), card("G4", cost=4, colour="green")], [])
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 4  # the draw takes a filler card
    field(s, 0, 0)
    for c in (1, 2, 3):
        hand(s, 0, c)
        V(s)["P"][0, R.P_CP] = 7
        A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][0, R.P_FIELD] == 4
