"""The curve policy's shortcuts give the answers of the full tests they skip: curve_pays plans no dry payment when
no hand Forward could be valued above pick_discard's cap, and summon_wanted asks summon_worth alone when PR_TRADE > 0
(issue 38 item 4: fewer instructions a game, the same games)."""

from __future__ import annotations

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from tests.test_fftcg_rules import card, make, put

FIRE = 1  # the element mask of card()'s default element


@pytest.mark.parametrize("other, over_cap", [
    (card("CLOUD", cost=6, power=8000), True),  # worth 6 CP against a 2-CP cast: the cap keeps it
    (card("F3", cost=3, power=6000), False),  # 1 CP more: within the cap
    (card("BIG", "summon", cost=6), False),  # no Forward at all
])
def test_curve_pays_answers_as_the_capped_dry_plan(other, over_cap):
    S, v = make([card("F2", cost=2), other])
    for c in range(2):
        put(v, 0, c, K.Z_HAND)
    P.prepare_cast_context(S, 0, K.hand_reserve(S, 0))
    assert P.can_cast(S, 0, 0, False)  # payable: the uncapped plan exists
    assert P.forward_over_cap(S, 0, 0) == over_cap
    assert P.curve_pays(S, 0, 0) == (K.plan_pay(S, 0, 2, FIRE, 0, -1, K.hand_reserve(S, 0), True)[0] >= 0)
    assert P.curve_pays(S, 0, 0) != over_cap


@pytest.mark.parametrize("pa", [K.CURVE, K.CONTROL])
@pytest.mark.parametrize("summon_cost, target", [
    (2, None),  # no target
    (2, card("T", cost=2, power=5000)),  # breaks a Forward worth it
    (2, card("T", cost=2, power=9000)),  # does not break it: not useful
    (4, card("T", cost=2, power=5000)),  # useful, but the target is too cheap for curve's PR_TRADE
])
def test_summon_wanted_is_summon_useful_and_summon_worth(pa, summon_cost, target):
    S, v = make([card("BOLT", "summon", cost=summon_cost, eff=("cast:damage:5000:opp_character",))],
                [target] if target is not None else [], pa=pa)
    put(v, 0, 0, K.Z_HAND)
    if target is not None:
        put(v, 1, 0, K.Z_FIELD)
    assert P.summon_wanted(S, 0, 0) == (P.summon_useful(S, 0, 0) and P.summon_worth(S, 0, 0))
