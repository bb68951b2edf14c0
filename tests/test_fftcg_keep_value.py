"""Curve keeps its best cards when it pays CP (issue 33, part 4): a Backup in hand is valued by what it is worth, as
a Forward is, not above every Forward, and a Forward worth more than 1 CP above the card being cast is not paid
away for it (Cloud 15-139S went on turn 1 for Zack, SOLDIER: 3rd Class and a vanilla 1-CP Evoker)."""

from __future__ import annotations

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from tests.test_fftcg_rules import card, make, put

FIRE = 1  # the element mask of card()'s default element


def hand(cards, pa: int = K.CURVE):
    S, v = make(cards, pa=pa)
    for c in range(len(cards)):
        put(v, 0, c, K.Z_HAND)
    return S, v


@pytest.mark.parametrize("pa", [K.CURVE, K.CONTROL])
def test_a_vanilla_backup_against_a_six_cp_forward(pa):
    S, _ = hand([card("EVOKER", "backup", cost=1), card("CLOUD", cost=6, power=8000), card("F1", cost=1, power=3000)],
                pa)
    if pa == K.CURVE:  # worth for worth: the 6-CP Forward over the 1-CP Backup, which ties with a 1-CP Forward
        assert K.card_value(S, 0, 1) > K.card_value(S, 0, 0) == K.card_value(S, 0, 2)
    else:  # control keeps every Backup
        assert K.card_value(S, 0, 0) > K.card_value(S, 0, 1)


def test_curve_pays_a_cheap_forward_with_cheap_cards_not_the_six_cp_one():
    S, v = hand([card("F3", cost=3, power=7000), card("CLOUD", cost=6, power=8000),
                 card("EVOKER", "backup", cost=1), card("F2", cost=2)])
    gen, nb, nd, _ = K.plan_pay(S, 0, 3, FIRE, 0, -1, 0, False)
    assert (gen, nb, nd) == (4, 0, 2)
    assert sorted(v["scr"][1, :nd]) == [2, 3]  # the Backup and the 2-CP Forward



def test_curve_does_not_pay_a_forward_worth_more_than_1_cp_above_the_cast():
    S, _ = hand([card("F2", cost=2), card("CLOUD", cost=6, power=8000)])
    assert K.plan_pay(S, 0, 2, FIRE, 0, -1, 0, True)[0] < 0  # the only discard would be CLOUD
    assert K.plan_pay(S, 0, 2, FIRE, 0, -1, 0, False)[0] < 0
    S, v = hand([card("F2", cost=2), card("F3", cost=3, power=6000)])  # 1 CP more: still a payment
    assert K.plan_pay(S, 0, 2, FIRE, 0, -1, 0, False)[:3] == (2, 0, 1) and v["scr"][1, 0] == 1
    S, _ = hand([card("F2", cost=2), card("CLOUD", cost=6, power=8000)], K.CONTROL)  # curve's rule only
    assert K.plan_pay(S, 0, 2, FIRE, 0, -1, 0, False)[0] == 2
    S, _ = hand([card("F2", cost=2), card("BIG", "summon", cost=6)])  # a Summon may still pay
    assert K.plan_pay(S, 0, 2, FIRE, 0, -1, 0, False)[0] == 2


def test_curve_casts_what_it_can_pay_without_the_forward_it_keeps():
    """can_cast's test does not read card values: curve passes over a card only that Forward could pay for (a cast
    whose payment fails would end the Main Phase) and casts the next one."""
    S, v = make([card("F3", cost=3, power=7000), card("CLOUD", cost=6, power=8000),
                 card("L", cost=1, el=("light",)), card("BK", "backup", cost=1)])
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    put(v, 0, 3, K.Z_FIELD)  # 1 CP; F3 needs a discard, and the Light card cannot be one
    assert P.choose_main(S, 0, 1, False)[:2] == (P.CAST, 2)
