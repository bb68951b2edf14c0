"""Biggs 15-134S: "When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack, draw 1 card,
all Forwards in that party gain 'This Forward cannot be broken.'". The trigger resolves at the declaration, before
the block (10.1.2.5), so the scripted attack choice counts such a party as losing no member (PR_SHIELD), and the
blocker's choice counts no broken member (policy.broken_power)."""

from __future__ import annotations

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from tests.test_fftcg_conformance import _card
from tests.test_fftcg_rules import make, put


def facing_rufus(mine: list[str], shield: int = 1):
    S, v = make([_card(c) for c in mine], [_card("15-140S")], filler=12)
    for k in range(len(mine)):
        put(v, 0, k, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["prm"][0, K.PR_SHIELD] = shield
    K.update_static(S, 0)
    K.update_static(S, 1)
    return S, v


@pytest.mark.parametrize("mine,shield,size", [(["15-134S", "15-132S"], 1, 2), (["15-134S", "15-132S"], 0, 0),
                                              (["15-131S", "15-132S"], 1, 0)])
def test_15_134S_two_operatives_with_biggs_attack_rufus_first_strike_as_an_unbreakable_party(mine, shield, size):
    S, v = facing_rufus(mine, shield)  # Rufus 15-140S: 9000, First Strike, Brave; the Operatives 7000 each
    assert P.choose_attack(S, 0) == size  # Wedge and Jessie: First Strike breaks one, the other deals 7000


def test_15_134S_the_party_attack_breaks_rufus_and_loses_no_member():

    S, v = facing_rufus(["15-134S", "15-132S"])
    n = P.choose_attack(S, 0)
    assert n == 2
    n = T.declare_attack(S, 0, n, 7, 1)
    assert P.choose_block(S, 1, n) == -1  # Rufus would break no member and die: it does not block
    T.resolve_attack(S, 0, n, 0, 7, 1)  # blocked anyway
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK
    assert all(v["cs"][0, K.S_ZONE, k] == K.Z_FIELD for k in range(2))
