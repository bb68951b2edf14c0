"""PSO2 TCG scenarios for rule 403.2 with equipment: a weapon or armour whose card lets it go on an opposing
character (keyword equip_foe) sits on that player's field, works for the host's controller and still
belongs to the player who played it (seed 001: 403.2, 205.4.2, 205.4.5-205.4.7, 205.5)."""

from __future__ import annotations

import pytest

from sim.errors import InputError
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R
from tests.test_pso2_rules import V, card, deck, onto_field, state

# the opposing character's own row at the weapon's index in its table (its top card, 3 ATK) differs from the
# weapon's 1 ATK: reading the host's table instead of the owner's shows up in every figure below
GIFT = card("GIFT", type="item", kw=["weapon", "equip_foe"], atk=1)
SHACKLE = card("SHACKLE", type="item", kw=["armor", "equip_slot_3", "equip_foe"], eff=["enter:freeze:0:self"])
PLATE = card("PLATE", type="item", kw=["armor", "defense_2"])


def play_top(s, p, host):
    """Draw p's top card and play it at no cost on `host` (a unit of host_side); the card."""
    R.draw(s, p, 1)
    c = V(s)["H"][p, V(s)["P"][p, R.P_HAND] - 1]
    A.play_card(s, p, V(s)["P"][p, R.P_HAND] - 1, host)
    return c


def test_rule_403_2_an_equip_foe_weapon_sits_on_the_opposing_field_and_works_for_the_hosts_controller():
    s = state(a=[GIFT], b=[card("T", atk=3, hp=5)])
    jt, = onto_field(s, 1)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert POL.playable(s, 0, c) and POL.best_host(s, 0, c) == jt
    A.play_card(s, 0, 0, jt)
    U, P = V(s)["U"], V(s)["P"]
    assert U[1, jt, R.U_WPN] == c and U[1, jt, R.U_WPNP] == 0 and U[1, jt, R.U_WON] == 1
    assert P[0, R.P_NIT] == 0 and U[0, 0, R.U_WPN] == -1  # not on its owner's field (403.2)
    assert POL.attack_value(s, 1, jt) == 4  # 3 + the weapon's 1, read from its owner's card
    assert A.weapon_bonus(s, 1, jt) == 1 and U[1, jt, R.U_WON] == 0  # 205.5.1 for the host's controller
    assert pso2.check_seat(s, 0, -1) & pso2.V_ZONES == 0 and pso2.check_seat(s, 1, -1) & pso2.V_ZONES == 0


def test_rule_403_2_an_equip_foe_weapon_goes_to_its_owners_discard_when_the_host_leaves():
    s = state(a=[GIFT], b=[card("T", atk=3, hp=3)])
    jt, = onto_field(s, 1)
    c = play_top(s, 0, jt)
    R.damage_unit(s, 1, jt, 3, True)  # KO: 205.4.6, the equipment is destroyed with its host
    P, DC = V(s)["P"], V(s)["DC"]
    assert P[1, R.P_NU] == 1 and P[0, R.P_NDC] == 1 and DC[0, 0] == c and P[1, R.P_NDC] == 1
    assert pso2.check_seat(s, 0, -1) & pso2.V_ZONES == 0 and pso2.check_seat(s, 1, -1) & pso2.V_ZONES == 0


def test_rule_403_2_the_hosts_own_weapon_replacing_an_equip_foe_one_sends_it_to_its_owner():
    s = state(a=[GIFT], b=[card("T", atk=1, hp=3), card("SWORD", type="item", kw=["weapon"], atk=2)])
    jt, = onto_field(s, 1)
    c = play_top(s, 0, jt)
    play_top(s, 1, jt)  # 205.4.5: the new weapon takes the slot
    U, P, DC = V(s)["U"], V(s)["P"], V(s)["DC"]
    assert U[1, jt, R.U_WPNP] == 1 and POL.attack_value(s, 1, jt) == 3
    assert P[0, R.P_NDC] == 1 and DC[0, 0] == c and P[1, R.P_NDC] == 0


def test_rule_403_2_an_equip_foe_armours_self_is_the_opposing_host_and_it_fills_that_cards_slots():
    """205.4.7: its 【登場時】 freezes the equipped opposing character; 装備枠3 fills the host's armour slots
    (205.4.4.1), so its controller has no room for its own armour; with defense 0 it reduces nothing."""
    s = state(a=[SHACKLE], b=[card("T", atk=3, hp=5), PLATE])
    jt, = onto_field(s, 1)
    c = play_top(s, 0, jt)
    U = V(s)["U"]
    assert U[1, jt, R.U_A0] == c and U[1, jt, R.U_AP0] == 0 and U[1, jt, R.U_FROZEN] == 1
    assert not POL.can_attack(s, 1, jt)  # 301.3
    R.draw(s, 1, 1)
    assert not POL.host_ok(s, 1, jt, V(s)["H"][1, 0])  # no armour slot left on that character
    R.damage_unit(s, 1, jt, 2, True)
    assert U[1, jt, R.U_DF] == 2 and U[1, jt, R.U_AON0] == 1  # 205.5.2: defense 0 reduces nothing
    assert pso2.check_seat(s, 0, -1) & pso2.V_ZONES == 0 and pso2.check_seat(s, 1, -1) & pso2.V_ZONES == 0


def test_rule_403_2_armour_reduction_reads_the_owners_card_and_overflow_discards_to_the_owner():
    """205.5.2 for the host's controller with the defense printed on its owner's card; 205.4.5: the host's
    controller's own armour on a full set destroys the oldest piece, which goes to its owner's discard."""
    ward = card("WARD", type="item", kw=["armor", "defense_2", "equip_slot_3", "equip_foe"])
    s = state(a=[ward], b=[card("T", atk=1, hp=9), card("CAP", type="item", kw=["armor", "defense_1"])])
    jt, = onto_field(s, 1)
    c = play_top(s, 0, jt)
    R.damage_unit(s, 1, jt, 3, True)
    U = V(s)["U"]
    assert U[1, jt, R.U_DF] == 1 and U[1, jt, R.U_AON0] == 0  # 3 - its defense 2
    play_top(s, 1, jt)
    P, DC = V(s)["P"], V(s)["DC"]
    assert U[1, jt, R.U_AP0] == 1 and P[0, R.P_NDC] == 1 and DC[0, 0] == c and P[1, R.P_NDC] == 0
    assert pso2.check_seat(s, 0, -1) & pso2.V_ZONES == 0 and pso2.check_seat(s, 1, -1) & pso2.V_ZONES == 0


def test_rule_403_2_an_equip_foe_card_needs_an_opposing_character():
    s = state(a=[card("C", atk=5, hp=5), GIFT])
    onto_field(s, 0)  # an own character is no host for it, nor is the opposing Player card
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])


def test_rule_403_2_the_scripted_policies_spend_an_equip_foe_card_on_a_hard_hitter_only():
    s = state(a=[SHACKLE], b=[card("W", atk=POL.FOE_HOST_ATK - 1, hp=5), card("H", atk=POL.FOE_HOST_ATK, hp=5)])
    onto_field(s, 1)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert POL.playable(s, 0, c) and not POL.worth_playing(s, 0, c, POL.play_host(s, 0, c))
    jh, = onto_field(s, 1)
    assert POL.play_host(s, 0, c) == jh and POL.worth_playing(s, 0, c, jh)


@pytest.mark.parametrize("bad", [
    card("X", type="active", kw=["equip_foe"]),
    card("X", type="item", kw=["equip_foe"]),
    card("X", type="item", kw=["weapon", "equip_foe"], eff=["enter:draw:1:none"]),
])
def test_rule_403_2_equip_foe_is_an_equipment_with_abilities_on_its_host_only(bad):
    with pytest.raises(InputError, match="equip_foe"):
        pso2.compile_matchup(deck(bad), deck())
