"""PSO2 TCG scenarios for conflicts between card text and the rules (103.1.1) and between instructions
(103.1.2); each named after its rule in the seed (001)."""

from __future__ import annotations

from sim.games.pso2 import actions as A
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R
from tests.test_pso2_rules import V, card, onto_field, state


def test_rule_103_1_1_card_text_is_applied_over_the_rules():
    """奇襲 (302.6) over 202.2: the character enters ON, not OFF; 狙撃 (302.8) over 506.6.1: the attacker
    takes none of the damage the rules have the target deal back. (The exception, a concession over
    everything, is 101.6's test.)"""
    s = state(a=[card("N", atk=1, hp=5), card("AMB", atk=1, hp=5, kw=["ambush"])])
    R.draw(s, 0, 2)
    A.play_card(s, 0, 1, -1)  # AMB (unit 1): its text
    A.play_card(s, 0, 0, -1)  # N (unit 2): the rule
    assert [V(s)["U"][0, j, R.U_ON] for j in (1, 2)] == [1, 0]

    for kw, taken in ((), 3), (("snipe",), 0):
        s = state(a=[card("S", atk=1, hp=9, kw=kw)], b=[card("T", atk=3, hp=9)])
        j, = onto_field(s, 0)
        t, = onto_field(s, 1)
        A.attack(s, 0, j, t, -1)
        assert V(s)["U"][0, j, R.U_DF] == taken


def test_rule_103_1_2_cannot_is_applied_over_may():
    """連撃 (302.5) turns the attacker ON after it engages the player: it may attack again; a フリーズ
    (301.3: it cannot declare attacks) on it wins, whichever came first."""
    s = state(a=[card("C", atk=2, hp=9, kw=["combo"])])
    j, = onto_field(s, 0)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["U"][0, j, R.U_ON] == 1 and POL.can_attack(s, 0, j)  # may attack again
    V(s)["U"][0, j, R.U_FROZEN] = 1
    assert V(s)["U"][0, j, R.U_ON] == 1 and not POL.can_attack(s, 0, j)
