"""Scripted attack choices form a party (15.1.1.9) when no Forward may attack alone but a party wins any
block, and (curve and control) when the party's attack triggers an ability that removes an opposing character now
(Wedge 15-131S). A party formed only because it triggers another ability (a draw, "cannot be broken", Jessie
15-132S's free Cloud) was measured and not kept (docs/policies_fftcg.md): with a Forward safe alone, it attacks
alone."""

from __future__ import annotations

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from tests.test_fftcg_party import BIGGS, CHOCOBO, WEDGE
from tests.test_fftcg_rules import card, make, put, tcard


def attackers(S, n: int) -> list[int]:
    return sorted(int(x) for x in K.st_scr(S)[2, :n])


def position(a, b, pa=K.CURVE):
    S, v = make(a, b, pa=pa)
    for c in range(len(a)):
        put(v, 0, c, K.Z_FIELD)
    for c in range(len(b)):
        put(v, 1, c, K.Z_FIELD)
    return S


def test_rule_15_1_1_9_a_party_attacks_when_no_forward_may_attack_alone():
    two, big = [card("F1", power=5000), card("F2", power=5000)], [card("BIG", power=8000)]
    S = position(two, big)  # 8000 breaks each alone and survives; the 10000 party breaks it (a trade: curve)
    n = P.choose_attack(S, 0)
    assert n == 2 and attackers(S, n) == [0, 1]
    assert P.choose_attack(position(two, big, pa=K.CONTROL), 0) == 0  # control risks no member
    assert P.choose_attack(position(two, [card("HUGE", power=11000)]), 0) == 0  # the party loses too


def test_rule_15_1_1_9_a_forward_safe_alone_attacks_alone_even_when_a_party_would_trigger():
    members = [tcard("CH", CHOCOBO), card("F", power=5000)]
    assert P.choose_attack(position(members, [card("SMALL", power=3000)]), 0) == 1
    av = "AVALANCHE Operative"
    operatives = [tcard("BI", BIGGS, job=av), tcard("JE", "", job=av, name="JE")]
    assert P.choose_attack(position(operatives, [card("SMALL", power=3000)]), 0) == 1


def test_rule_15_1_1_9_a_party_of_triggering_members_attacks_when_none_may_alone():
    av = "AVALANCHE Operative"
    S = position([tcard("BI", BIGGS, job=av), tcard("JE", "", job=av, name="JE")], [card("BIG", power=8000)])
    n = P.choose_attack(S, 0)
    assert n == 2 and attackers(S, n) == [0, 1]


JESSIE = ("When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack, select 1 of the 2"
          " following actions. \"Play 1 Card Name Cloud from your hand onto the field.\" \"Search for 1 Card Name Cloud"
          " and add it to your hand.\"")


def operatives(first: str, text: str, theirs, pa=K.CURVE, hand: list = ()):
    """Two Operatives (the first with `text`) and a third Forward on seat 0's field, `theirs` on seat 1's."""
    av = "AVALANCHE Operative"
    mine = [tcard(first, text, job=av, power=7000), tcard("OP2", "", job=av, name="OP2", power=7000),
            card("F", power=7000)]
    S, v = make(mine + list(hand), theirs, pa=pa)
    for c in range(3):
        put(v, 0, c, K.Z_FIELD)
    for c in range(len(hand)):
        put(v, 0, 3 + c, K.Z_HAND)
    for c in range(len(theirs)):
        put(v, 1, c, K.Z_FIELD)
    return S, v


@pytest.mark.parametrize("pa", [K.CURVE, K.CONTROL])
def test_15_131S_two_operatives_attack_as_a_party_when_wedge_breaks_a_dull_character(pa: int):
    theirs = [card("SMALL", power=3000), card("PRES", "backup", cost=4)]
    S, v = operatives("WE", WEDGE, theirs, pa)
    v["cs"][1, K.S_DULL, 1] = 1  # a dull Backup of cost 4: Wedge's trigger breaks it
    n = P.choose_attack(S, 0)
    assert n == 2 and attackers(S, n) == [0, 1]  # the two Operatives, not the third Forward
    v["cs"][1, K.S_DULL, 1] = 0  # nothing to break: one Forward attacks alone
    assert P.choose_attack(S, 0) == 1
    S, v = operatives("WE", WEDGE, theirs, K.AGGRO)
    v["cs"][1, K.S_DULL, 1] = 1
    assert P.choose_attack(S, 0) == 1  # aggro attacks one at a time


def test_15_132S_a_party_is_not_formed_for_jessie_alone():
    """Jessie's ability removes nothing: a party for its free Cloud was measured and not kept (docs/policies_fftcg.md)."""
    cloud = card("CL", cost=6, power=8000, name="Cloud")
    S, _ = operatives("JE", JESSIE, [card("SMALL", power=3000)], hand=[cloud])
    assert P.choose_attack(S, 0) == 1
