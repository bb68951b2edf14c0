"""PSO2 TCG scenarios for the card-text rules of issue 34: "set to N" values, effects that refer to a name or
a class, discard and return costs, "during your turn" abilities, the equipped card as an equipment's source
and 付与 on an opposing character; each named after its rule in the seed (001)."""

from __future__ import annotations

import pytest

from sim.cards.effects import parse_effect
from sim.cards.model import Card
from sim.errors import InputError
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R
from tests.test_pso2_quick import SHIFTA, hand_and_pp
from tests.test_pso2_rules import V, card, deck, deck_count, onto_field, state


def named(code: str, name: str, title: str = "", cls: str = "", atk: int = 1, hp: int = 5) -> Card:
    return Card(code=code, name=name, title=title, type="character", power=atk, hp=hp, cls=cls)


# ---------------------------------------------------------------- 103.5.4 / 103.5.5 "set to N"

def test_rule_103_5_4_and_103_5_5_an_atk_set_to_n_overwrites_earlier_additions_and_takes_later_ones():
    """103.5.5: a value set after additions were made is simply replaced; 103.5.4: additions made with it
    (the 付与 Active's static +2) apply after the set value; it lasts the turn."""
    zero = card("ZERO", type="active", eff=["cast:set_power:0:own_character"])
    s = state(a=[card("C", atk=4, hp=5), SHIFTA, zero])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, j)  # SHIFTA: +2 while attached
    A.char_effect(s, 0, 0, j, POL.OP_PUMP, 3, 0)  # +3 this turn
    assert R.unit_atk(s, 0, j) == 9
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert R.unit_atk(s, 0, j) == 2  # set to 0, the +3 overwritten (103.5.5), then the static +2 (103.5.4)
    A.char_effect(s, 0, 0, j, POL.OP_PUMP, 1, 0)
    assert R.unit_atk(s, 0, j) == 3  # a later addition adds to the set value
    A.end_phase(s, 0)
    assert R.unit_atk(s, 0, j) == 6  # printed 4 + 2 again


# ---------------------------------------------------------------- 206.2 / 208.1.2.1 names and classes

def test_rule_206_2_an_effect_that_names_a_card_reads_its_name_without_the_title():
    rally = card("RALLY", type="active", eff=["cast:pump:2:own_character:0:0::name=Zeno"])
    s = state(a=[named("ZT", "Zeno", title="Veteran Fighter", atk=1), named("EC", "Echo", atk=5), rally])
    jz, je = onto_field(s, 0, 2)
    R.draw(s, 0, 1)
    assert POL.playable(s, 0, V(s)["H"][0, 0])
    A.play_card(s, 0, 0, -1)
    assert R.unit_atk(s, 0, jz) == 3 and R.unit_atk(s, 0, je) == 5  # the stronger Echo is not a Zeno


def test_rule_206_2_a_named_target_must_be_on_the_field_406_2_4():
    rally = card("RALLY", type="active", eff=["cast:pump:2:own_character:0:0::name=Zeno"])
    s = state(a=[named("EC", "Echo"), rally])
    onto_field(s, 0)
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])


def test_rule_406_2_4_the_target_a_card_needs_is_its_first_ability_aimed_at_a_character():
    """406.2.4: the target a card needs to be played is that of its first cast ability aimed at a character,
    after any that is not (compiled into K_TSLOT, with the first activated one in bits 4-7, and the first
    activated ability of any kind, whose slot holds its cost, in bits 8-11)."""
    zap = card("ZAP", type="active", eff=["cast:draw:1", "cast:damage:2:opp_character:0:0::class=hunter",
                                          "cast:damage:1:opp_character"])
    gene = card("GENE", atk=1, hp=3, eff=["action:draw:1:none:0:1", "action:pump:1:own_character:0:1"])
    compiled = pso2.compile_deck(deck(zap, gene), {})
    slots = dict(zip(compiled.codes, compiled.cards[:, R.K_TSLOT], strict=True))
    assert slots["ZAP"] == 2 and slots["GENE"] == 2 << 4 | 1 << 8 and slots["FILL"] == 0
    s = state(a=[zap], b=[named("FO", "Fo", cls="force")])
    onto_field(s, 1)
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])  # the Hunter filter of slot 1 decides: no Hunter to aim at


def test_rule_208_1_2_1_an_all_card_is_not_a_class_card_for_effects():
    hunt = card("HUNT", type="active", eff=["cast:damage:3:opp_character:0:0::class=hunter"])
    s = state(a=[hunt, hunt], b=[named("ALL", "Any", cls="all", atk=9, hp=3), named("HU", "Hu", cls="hunter", hp=3)])
    ja, jh = onto_field(s, 1, 2)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)  # the "ALL" card, stronger and costlier to leave, is not a Hunter card
    assert V(s)["P"][1, R.P_NU] == 2 and V(s)["U"][1, 1, R.U_CARD] == V(s)["U"][1, ja, R.U_CARD]
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])  # 406.2.4: no Hunter character left


# ---------------------------------------------------------------- 209.1.3.1.1 discard and return costs

def test_rule_209_1_3_1_and_209_1_3_1_1_a_discard_cost_takes_a_card_of_the_own_hand():
    gene = card("GENE", atk=1, hp=3, eff=["action:damage:2:opp_character:0:0:dull+discard1"])
    s = state(a=[gene, card("JUNK", type="active", cost=1)], b=[card("T", hp=2), card("O")])
    j, = onto_field(s, 0)
    onto_field(s, 1)
    assert not POL.can_activate(s, 0, j, 0)  # an empty hand cannot pay it
    R.draw(s, 0, 1)
    R.draw(s, 1, 1)  # the opponent's hand pays nothing (209.1.3.1.1: "your own" hand)
    assert POL.can_activate(s, 0, j, 0)
    A.activate(s, 0, j, 0)
    P = V(s)["P"]
    assert P[0, R.P_HAND] == 0 and P[0, R.P_NDC] == 1 and P[1, R.P_HAND] == 1 and P[1, R.P_NU] == 1
    assert V(s)["U"][0, j, R.U_ON] == 0


def test_rule_209_1_3_1_1_a_return_cost_puts_a_hand_card_back_into_the_deck():
    matoi = card("MATOI", atk=1, hp=3, eff=["action:pump:1:self:0:0:dull+return1"])
    back = card("BACK", type="active", cost=1)
    s = state(a=[matoi, back])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    before = deck_count(s, 0)
    A.activate(s, 0, j, 0)
    assert V(s)["P"][0, R.P_HAND] == 0 and deck_count(s, 0) == before + 1 and V(s)["DK"][0, 0] == c
    assert R.unit_atk(s, 0, j) == 2


def test_rule_209_1_3_1_1_costs_of_the_wrong_kind_are_refused():
    with pytest.raises(ValueError, match="discardN or returnN"):
        parse_effect("action:draw:1:none:0:0:discard")
    with pytest.raises(InputError, match="activated ability"):
        pso2.compile_matchup(deck(card("X", type="active", eff=["cast:draw:1:none:0:0:discard1"])), deck())


# ---------------------------------------------------------------- 501.1.3 "during your turn"

def test_rule_501_1_3_a_during_your_turn_ability_applies_in_its_controllers_turns_only():
    drive = card("DRIVE", type="active", kw=["attach"], eff=["static:pump:2:own_character:0:0::my_turn"])
    s = state(a=[card("C", atk=1, hp=9), drive])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, j)
    assert R.unit_atk(s, 0, j) == 3  # attached in its own turn
    A.end_phase(s, 0)
    V(s)["G"][R.G_TP] = 1
    assert R.unit_atk(s, 0, j) == 1  # the opponent's turn: off
    V(s)["G"][R.G_TP] = 0
    A.start_phase(s, 0)
    assert R.unit_atk(s, 0, j) == 3  # on again as the own turn starts (501.1.3)


def test_rule_501_1_3_the_condition_belongs_to_static_abilities():
    with pytest.raises(InputError, match="my_turn"):
        pso2.compile_matchup(deck(card("X", type="active", eff=["cast:draw:1:none:0:0::my_turn"])), deck())


# ---------------------------------------------------------------- 205.4.7 the equipped card as the source

def test_rule_205_4_7_an_equipments_self_is_the_equipped_card():
    blade = card("BLADE", type="item", kw=["weapon"], atk=1, eff=["enter:pump:2:self"])
    s = state(a=[card("C", atk=1, hp=3, cls="hunter"), blade])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, j)
    assert V(s)["U"][0, j, R.U_WPN] >= 0 and R.unit_atk(s, 0, j) == 3


# ---------------------------------------------------------------- 403.2 付与 on an opposing card

HEX = card("HEX", type="active", kw=["attach"], eff=["static:weaken:2:opp_character"])


def test_rule_403_2_an_attach_active_goes_on_an_opposing_character_and_to_its_owners_discard():
    s = state(a=[HEX], b=[card("T", atk=3, hp=3), card("W", atk=1, hp=3)])
    jt, jw = onto_field(s, 1, 2)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert POL.playable(s, 0, c) and POL.best_host(s, 0, c) == jt  # the strongest opposing character
    A.play_card(s, 0, 0, jt)
    U = V(s)["U"]
    assert U[1, jt, R.U_ATT] == c and U[1, jt, R.U_ATTP] == 0 and R.unit_atk(s, 1, jt) == 1
    assert POL.action_row(s, 1, jt, 1) == -1  # no ability of it for the host's controller
    assert POL.best_host(s, 0, c) == jw  # one 付与 Active per character
    R.damage_unit(s, 1, jt, 3, True)
    P, DC = V(s)["P"], V(s)["DC"]
    assert P[1, R.P_NU] == 2 and P[0, R.P_NDC] == 1 and DC[0, 0] == c and P[1, R.P_NDC] == 1


def test_rule_403_2_an_attach_active_on_an_opposing_character_needs_one():
    s = state(a=[HEX], b=[card("T", atk=3, hp=3)])
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])
    onto_field(s, 1)
    hand_and_pp(s, 0, 0, 0)
    assert POL.playable(s, 0, V(s)["H"][0, 0])


def test_rule_403_2_an_opposing_attach_card_has_no_activated_ability():
    bad = card("BAD", type="active", kw=["attach"], eff=["static:weaken:1:opp_character",
                                                          "action:draw:1:none:0:0:1"])
    with pytest.raises(InputError, match="403.2"):
        pso2.compile_matchup(deck(bad), deck())


def test_rule_215_3_1_a_lowered_max_hp_does_not_redo_the_back_row_check_and_breaks_no_invariant():
    """Digest §3.3 [AMBIGUOUS]: the row checks act on damage as it is dealt (213.3.2); a -HP afterwards KOs
    only at 0 HP or damage >= max HP (215.3.1). The invariant check (V_ROWS) reads it so."""
    s = state(a=[card("T", atk=1, hp=5)], b=[card("J", type="active", eff=["cast:weaken:0:opp_character:2"])])
    j, = onto_field(s, 0)
    V(s)["U"][0, j, R.U_ROW] = 1
    R.damage_unit(s, 0, j, 2, False)  # 2 of 5 in the back row: not half
    R.draw(s, 1, 1)
    V(s)["G"][R.G_TP] = 1
    A.play_card(s, 1, 0, -1)  # max HP 3: 2 damage is now half, not KO damage
    assert V(s)["P"][0, R.P_NU] == 2 and R.unit_hp(s, 0, j) == 3
    assert pso2.check_seat(s, 0, -1) & pso2.V_ROWS == 0
