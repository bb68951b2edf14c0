"""PSO2 TCG scenarios for what is chosen as a card goes onto the stack (406.2, 406.2.3, 406.3) and
checked as it resolves (406.4.1); each named after its rule in the seed (001)."""

from __future__ import annotations

import numpy as np

from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import rules as R
from tests.test_pso2_quick import BOLT, hand_and_pp
from tests.test_pso2_rules import FILL, V, card, deck_count, onto_field, state

ZAP = card("ZAP", type="active", eff=["cast:damage:2:opp_character"])
RALLY = card("RALLY", type="active", kw=["main"], eff=["cast:pump:2:own_character"])
MEND = card("MEND", type="active", kw=["main", "heal"], eff=["cast:heal:3"])


def on_stack(s, p):
    """p pays for its last hand card and chooses as it goes onto the stack; the card."""
    c = A.pay_card(s, p, V(s)["P"][p, R.P_HAND] - 1)
    A.choose_on_stack(s, p, c)
    return c


def test_rule_406_2_and_406_2_3_the_target_is_chosen_as_the_card_goes_onto_the_stack():
    """A character that arrives between the choice and the resolution is not the target, however
    better a target it would have been."""
    s = state(a=[ZAP], b=[card("CHEAP", cost=1, hp=2), card("BIG", cost=5, hp=2)])
    onto_field(s, 1)  # BIG stays in the deck for now
    R.draw(s, 0, 1)
    c = on_stack(s, 0)
    assert V(s)["G"][R.G_AIM] == V(s)["U"][1, 1, R.U_ENTRY] and V(s)["G"][R.G_AIMP] == 1
    onto_field(s, 1)  # BIG enters while ZAP waits
    A.put_card(s, 0, c, -1)
    assert V(s)["P"][1, R.P_NU] == 2 and V(s)["U"][1, 1, R.U_DF] == 0  # CHEAP KO'd, BIG untouched
    assert V(s)["G"][R.G_AIM] == 0


def test_rule_406_4_1_a_card_whose_target_chosen_on_the_stack_left_does_nothing():
    """The target left before the card resolved: nothing of the card happens (no other character
    gets the +2), and it goes to the discard as any resolved Active."""
    s = state(a=[card("X", atk=3, hp=2), card("Y", atk=1, hp=2), RALLY])
    x, y = onto_field(s, 0, 2, on=0)
    R.draw(s, 0, 1)
    c = on_stack(s, 0)
    assert V(s)["G"][R.G_AIM] == V(s)["U"][0, x, R.U_ENTRY]  # the stronger one
    R.ko_unit(s, 0, x)  # what a response would do
    A.put_card(s, 0, c, -1)
    P, U = V(s)["P"], V(s)["U"]
    assert P[0, R.P_NU] == 2 and U[0, 1, R.U_ATK] == 0  # Y, unpumped
    assert V(s)["DC"][0, P[0, R.P_NDC] - 1] == c


def test_rule_406_2_3_and_406_4_1_a_response_that_kos_the_chosen_target_leaves_the_card_doing_nothing():
    """Through the main phase: the opponent (random) may answer RALLY with a Quick BOLT. When BOLT
    KOs the character RALLY aims at, RALLY does nothing; otherwise RALLY pumps its first choice."""
    outcomes = set()
    for seed in range(40):
        s = state(a=[card("X", atk=3, hp=2), card("Y", atk=1, hp=2), RALLY, FILL],
                  b=[BOLT], policies=(pso2.POLICIES["curve"], pso2.POLICIES["random"]))
        x, y = onto_field(s, 0, 2, on=0)  # OFF: they do not attack
        ex, ey = V(s)["U"][0, x, R.U_ENTRY], V(s)["U"][0, y, R.U_ENTRY]
        R.draw(s, 0, 1)
        hand_and_pp(s, 1, 1, 1)
        R.rng(s, R.nseats(s) + 1)[0] = np.uint64(seed + 1)
        A.main_phase(s, 0)
        U, P = V(s)["U"], V(s)["P"]
        left = {U[0, j, R.U_ENTRY]: U[0, j, R.U_ATK] for j in range(1, P[0, R.P_NU])}
        assert P[0, R.P_HAND] == 0  # RALLY was played
        if ex not in left:
            assert left == {ey: 0}
            outcomes.add("fizzled")
        else:
            assert left[ex] == 2 and left.get(ey, 0) == 0
            outcomes.add("pumped")
    assert outcomes == {"fizzled", "pumped"}


def test_rule_406_3_the_mode_of_heal_is_chosen_as_the_card_goes_onto_the_stack():
    """回復 (302.9) has two modes; the one chosen on the stack is kept: mode (a) stays mode (a) though a
    damaged back-row character arrives, and mode (b) on a character that left does nothing."""
    s = state(a=[MEND, card("HURT", hp=4)])
    R.draw(s, 0, 1)
    c = on_stack(s, 0)
    assert V(s)["G"][R.G_AIM] == -1  # mode (a): no damaged back-row character yet
    j, = onto_field(s, 0)
    V(s)["U"][0, j, R.U_ROW], V(s)["U"][0, j, R.U_DB] = 1, 1
    R.damage_player(s, 0, 3)  # 3 cards in the discard for mode (a) to take back
    before = deck_count(s, 0)
    A.put_card(s, 0, c, -1)
    assert deck_count(s, 0) == before + 3 and V(s)["U"][0, j, R.U_DB] == 1

    s = state(a=[card("HURT", hp=4), MEND])
    j, = onto_field(s, 0)
    V(s)["U"][0, j, R.U_ROW], V(s)["U"][0, j, R.U_DB] = 1, 1
    R.draw(s, 0, 1)
    c = on_stack(s, 0)
    assert V(s)["G"][R.G_AIM] == V(s)["U"][0, j, R.U_ENTRY]  # mode (b) on HURT (deck 18 >= 15)
    R.damage_player(s, 0, 2)  # 2 cards in the discard for a mode (a) to take back
    R.ko_unit(s, 0, j)
    before = deck_count(s, 0)
    A.put_card(s, 0, c, -1)
    assert deck_count(s, 0) == before  # neither mode happened (406.4.1)
