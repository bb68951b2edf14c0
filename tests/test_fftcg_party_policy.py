"""Scripted attack choices form a party (15.1.1.9) when no Forward may attack alone but a party wins any
block. A party formed only because it triggers an ability was measured and not kept (docs/policies_fftcg.md):
with a Forward safe alone, it attacks alone."""

from __future__ import annotations

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from tests.test_fftcg_party import BIGGS, CHOCOBO
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
