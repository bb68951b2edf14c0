"""Scripted attack and block choices read First Strike (15.2.3): the side that has it alone breaks
before the damage back, so it takes none."""

from __future__ import annotations

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from tests.test_fftcg_rules import card, make, put


def duel(attacker, blocker, risk: int):
    S, v = make([attacker], [blocker])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["prm"][0, K.PR_RISK] = risk
    return S, v


def test_rule_15_2_3_no_attack_into_a_first_strike_blocker_that_breaks_first():
    # even trade on paper (7000 vs 7000), but Rufus strikes first: Cloud breaks, Rufus does not
    S, _ = duel(card("CLOUD", power=7000), card("RUFUS", power=7000, kw=("first_strike",)), risk=1)
    assert not P.attack_safe(S, 0, 0, 1)
    S, _ = duel(card("CLOUD", power=7000), card("RUFUS", power=7000), risk=1)
    assert P.attack_safe(S, 0, 0, 1)  # without First Strike the trade is even: risk 1 takes it


def test_rule_15_2_3_a_first_strike_attacker_that_breaks_the_blocker_first_is_safe():
    S, _ = duel(card("FS", power=7000, kw=("first_strike",)), card("BIG", power=7000), risk=0)
    assert P.attack_safe(S, 0, 0, 0)  # it breaks BIG before BIG's 7000 lands
    S, _ = duel(card("FS", power=7000, kw=("first_strike",)), card("BIG", power=8000), risk=0)
    assert not P.attack_safe(S, 0, 0, 0)  # BIG survives the first strike and breaks it back
    S, _ = duel(card("FS", power=7000, kw=("first_strike",)), card("BIG", power=7000, kw=("first_strike",)), 0)
    assert not P.attack_safe(S, 0, 0, 0)  # both strike first: simultaneous again


def test_rule_15_2_3_a_blocker_that_would_be_broken_first_does_not_count_as_a_trade():
    # control blocks to trade (kills, does not survive) when the attacker costs at least as much,
    # but not when the attacker's First Strike breaks the blocker before it deals damage
    for kw, blocks in (((), True), (("first_strike",), False)):
        S, v = make([card("A", power=7000, cost=5, kw=kw)], [card("B", power=7000, cost=3)], pb=K.CONTROL)
        put(v, 0, 0, K.Z_FIELD)
        put(v, 1, 0, K.Z_FIELD)
        v["scr"][2, 0] = 0
        assert (P.choose_block(S, 1, 1) == 0) == blocks, kw


def test_rule_15_2_3_a_first_strike_blocker_that_breaks_the_attacker_survives():
    # B (5000, First Strike) breaks the 5000 attacker before it deals damage: a free block for any policy
    for kw, expected in (((), -1), (("first_strike",), 0)):
        S, v = make([card("A", power=5000, cost=2)], [card("B", power=5000, cost=4, kw=kw)], pb=K.AGGRO)
        put(v, 0, 0, K.Z_FIELD)
        put(v, 1, 0, K.Z_FIELD)
        v["scr"][2, 0] = 0
        assert P.choose_block(S, 1, 1) == expected, kw
