"""The scripted policies keep in hand the cards another card of their deck asks for (issue 33, part 4; PR_HOLD):
card_value adds PR_HOLD to a card with K_ASKED (sim.games.fftcg.opening), so CP payments and hand-limit discards take
other cards first. Wedge 15-131S is a Job AVALANCHE Operative: Cloud 15-139S's enter ability asks for one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import policy as P
from tests.test_fftcg_rules import card, make, put

POOL = Path(__file__).resolve().parents[2] / "shared" / "data" / "fftcg" / "cards_fftcgsim_square_api.json"
needs_pool = pytest.mark.skipif(not POOL.is_file(), reason="shared FFTCG data not present")
FIRE = 1  # card()'s default element


def pool(code: str):
    from sim.decks.pools import load_pool
    return load_pool(POOL)[code]


def avalanche_hand(in_hand: list, on_field: tuple = (), pa: int = K.CURVE):
    """Seat 0's copies: 0 Cloud 15-139S (in the deck: it asks for the Operative), 1 Wedge 15-131S, then `in_hand`,
    all of these in hand, then `on_field` on the field."""
    S, v = make([pool("15-139S"), pool("15-131S"), *in_hand, *on_field], pa=pa)
    for c in range(1, 2 + len(in_hand)):
        put(v, 0, c, K.Z_HAND)
    for c in range(2 + len(in_hand), 2 + len(in_hand) + len(on_field)):
        put(v, 0, c, K.Z_FIELD)
    return S, v


@pytest.mark.parametrize("pa", [K.AGGRO, K.CURVE, K.CONTROL])
def test_hold_is_on_by_default_for_the_scripted_policies(pa):
    S, v = make([card("F2")], pa=pa)
    assert v["prm"][0, K.PR_HOLD] == F.DEFAULT_PARAMS[pa][K.PR_HOLD] == 30
    assert F.DEFAULT_PARAMS[K.RANDOM][K.PR_HOLD] == 0


@needs_pool
def test_card_15_131S_wedge_asked_for_is_kept_over_a_costlier_vanilla_forward_at_the_hand_limit():
    # curve values a vanilla 4-CP Forward (150 + worth 40) above Wedge (150 + its worth, 30 at most); Cloud's ask adds
    # PR_HOLD, so the End Phase discard (9.5.1.2) takes the vanilla Forward
    S, v = avalanche_hand([card("F4", cost=4, power=7000)])
    assert v["cards"][0, 1, K.K_ASKED] and not v["cards"][0, 2, K.K_ASKED]
    assert P.choose_discard(S, 0) == 2
    v["prm"][0, K.PR_HOLD] = 0
    assert K.card_value(S, 0, 1) < K.card_value(S, 0, 2)
    assert P.choose_discard(S, 0) == 1


@needs_pool
def test_card_15_131S_curve_pays_cp_with_the_vanilla_forward_not_the_operative():
    # casting a 5-CP Fire Forward with one active Fire Backup (1 CP) and two discards (rule 11.4.6): Wedge (Earth),
    # a vanilla 4-CP and a vanilla 2-CP Fire Forward in hand; the two least valued go, Wedge stays
    S, v = avalanche_hand([card("CAST", cost=5, power=8000), card("F4", cost=4, power=7000), card("F2", cost=2)],
                          (card("BK", "backup", cost=1),))
    gen, nb, nd, _ = K.plan_pay(S, 0, 5, FIRE, 2, -1, 0, False)
    assert (gen, nb, nd) == (5, 1, 2)
    assert sorted(v["scr"][1, :nd]) == [3, 4]  # F4 and F2
    v["prm"][0, K.PR_HOLD] = 0
    gen, nb, nd, _ = K.plan_pay(S, 0, 5, FIRE, 2, -1, 0, False)
    assert (gen, nb, nd) == (5, 1, 2) and sorted(v["scr"][1, :nd]) == [1, 4]  # Wedge and F2: F4 kept


@needs_pool
def test_card_15_131S_a_card_no_card_asks_for_gets_no_hold():
    # the same Wedge in a deck without another Operative or Cloud: nothing asks for it
    S, v = make([pool("15-131S"), card("F4", cost=4, power=7000)])
    put(v, 0, 0, K.Z_HAND)
    assert not v["cards"][0, 0, K.K_ASKED]
    before = K.card_value(S, 0, 0)
    v["prm"][0, K.PR_HOLD] = 0
    assert K.card_value(S, 0, 0) == before


@needs_pool
def test_card_15_134S_biggs_made_cheaper_by_an_operative_is_cast_before_a_forward_of_the_same_worth():
    # Wedge 15-131S on the field: "If you control a Job AVALANCHE Operative, the cost required to cast Biggs is
    # reduced by 2", so Biggs costs 1; curve (PR_WAIT bit 2) scores the 2 CP saved and casts Biggs before a vanilla
    # 3-CP Fire Forward listed first in hand; without the bit the Forward, first on the tie or worth more, goes first
    S, v = make([card("F3", cost=3, power=7000), pool("15-134S"), pool("15-131S"),
                 card("BE", "backup", cost=1, el=("earth",)), card("BE2", "backup", cost=1, el=("earth",)),
                 card("BF", "backup", cost=1)])
    for c in (0, 1):
        put(v, 0, c, K.Z_HAND)
    for c in (2, 3, 4, 5):
        put(v, 0, c, K.Z_FIELD)
    assert P.cast_requirement(S, 0, 1)[0] == 1
    assert v["prm"][0, K.PR_WAIT] == F.DEFAULT_PARAMS[K.CURVE][K.PR_WAIT] == 3
    assert P.choose_main(S, 0, 1, False)[:2] == (P.CAST, 1)
    v["prm"][0, K.PR_WAIT] = 1
    assert P.choose_main(S, 0, 1, False)[:2] == (P.CAST, 0)
