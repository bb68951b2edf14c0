"""The scripted policies' shortcuts give the answers of the full tests they skip: curve_pays plans no dry payment when
no hand Forward could be valued above pick_discard's cap, summon_wanted asks summon_worth alone when PR_TRADE > 0, and
cast_candidates scores curve's hand by worth without cast_score and tests an LB card's face-down cost before the rest
(and scans no LB card where lb_castable says none passes that test, asking it no more in a game once it said so);
the calls that instant_idle and unpayable skip (unpayable: a hand card's score too) are skipped only where the call
would answer nothing; cast pays with the plan curve_pays kept exactly as with the plan it would make (issue 38 item 4:
fewer instructions a game, the same games)."""

from __future__ import annotations

import numpy as np
import pytest

from sim.engine.compiled import K_ELEM
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from tests.test_fftcg_policy_abilities import CLOUD
from tests.test_fftcg_rules import card, make, put, tcard

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


def reference_choice(S, v, p, phase):
    """choose_main's cast as cast_candidates made it before its shortcuts: every hand card scored by cast_score, the
    best that can_cast, summon_wanted and curve_pays pass, then a face-down LB card scoring higher."""
    P.prepare_cast_context(S, p, K.hand_reserve(S, p))
    v["scr"][4, P.CX_STORM], v["scr"][4, P.CX_STORM_C] = P.storm_cost(S, p) if v["ps"][p, K.P_HAS_CR] else (-1, -1)
    hand = [int(c) for c in v["ls"][p, K.L_HAND, :v["ps"][p, K.P_HN]]]
    scores = [0 if P.beyond_cp(S, p, c) else P.cast_score(S, p, c, phase) for c in hand]
    best, best_v = -1, 0
    for k in sorted(range(len(hand)), key=lambda k: (-scores[k], k)):
        c = hand[k]
        if scores[k] > 0 and P.can_cast(S, p, c, False) and P.summon_wanted(S, p, c) and P.curve_pays(S, p, c):
            best, best_v = P.CAST * 65536 + c * 16, scores[k]
            break
    for c in range(v["ps"][p, K.P_NMAIN], v["ps"][p, K.P_NTOT]):
        if v["cs"][p, K.S_ZONE, c] != K.Z_LB or P.beyond_cp(S, p, c):
            continue
        val = P.cast_score(S, p, c, phase) + 50
        if val > best_v and P.can_cast(S, p, c, False):
            val = val if P.summon_wanted(S, p, c) else 50
            if val > best_v:
                best, best_v = P.CAST * 65536 + c * 16, val
    return best, best_v


@pytest.mark.parametrize("pa", [K.CURVE, K.CONTROL, K.AGGRO])
@pytest.mark.parametrize("backups, face_down", [(0, 2), (1, 2), (3, 2), (3, 1), (5, 0)])
def test_cast_candidates_choose_as_every_card_scored_by_cast_score(pa, backups, face_down):
    """A hand of a Cloud whose enter ability waits for an Operative, a Backup, a Forward, a removal Summon and a
    card beyond any payment, an LB Summon and an LB Cloud of LB cost 1, and 0 to 5 active Backups: the shortcuts
    choose as before."""
    biggs = card("BIGGS", cost=3, power=7000)
    biggs = type(biggs)(**{**biggs.__dict__, "job": "AVALANCHE Operative"})
    hand = [tcard("CLOUD", CLOUD, cost=2, power=8000), card("BK", "backup", cost=2), biggs,
            card("BOLT", "summon", cost=2, eff=("cast:damage:5000:opp_character",)), card("HUGE", cost=9)]
    field = [card(f"B{i}", "backup", cost=1, name=f"B{i}") for i in range(backups)]
    lb = [card("ULT", "summon", cost=1, eff=("cast:draw:1",), lb=1),
          card("L1", "summon", cost=1, eff=("cast:draw:1",), lb=0, name="L1")]
    lb_cloud = tcard("LBCLOUD", CLOUD, cost=1, power=8000, name="CLOUD")
    lb.append(type(lb_cloud)(**{**lb_cloud.__dict__, "lb_cost": 1}))
    S, v = make(hand + field, [card("T", cost=3, power=5000)], lb_a=lb, pa=pa)
    for c in range(len(hand)):
        put(v, 0, c, K.Z_HAND)
    for c in range(len(hand), len(hand) + backups):
        put(v, 0, c, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    n = v["ps"][0, K.P_NMAIN]
    if face_down < 2:  # the other LB card face up: ULT's LB cost 1 cannot be paid
        v["cs"][0, K.S_ZONE, n + 1] = K.Z_LB_UP
    if face_down < 1:
        v["cs"][0, K.S_ZONE, n] = K.Z_LB_UP
    for phase in (1, 2):
        want = reference_choice(S, v, 0, phase)
        assert P.cast_candidates(S, 0, phase, K.hand_reserve(S, 0))[:2] == want


SNIPE = "《ダル》: Choose 1 Forward opponent controls. Break it."
MY_TURN = " You can only use this ability during your turn."
PUMP = "《ダル》: Choose 1 Forward you control. It gains +1000 power until the end of the turn."


@pytest.mark.parametrize("text, react", [
    (SNIPE, True),
    (SNIPE + MY_TURN, False),  # never in the opponent's turn (9.3.1.7)
    (PUMP, False),  # removes nothing
    ("", False),
])
def test_deck_flags_ht_react(text, react):
    _, v = make([tcard("B", text, type="backup")] if text else [card("F1")], [card("A1")])
    flags = F.deck_flags(v["cards"], v["effs"], v["ps"][:, K.P_NMAIN].astype(np.int64),
                          v["ps"][:, K.P_NTOT].astype(np.int64))
    assert bool(flags[0, 2] & K.HT_REACT) == react and not flags[1, 2] & K.HT_REACT


@pytest.mark.parametrize("pa", [K.RANDOM, K.AGGRO, K.CURVE, K.CONTROL])
@pytest.mark.parametrize("dmg", [0, 4])
@pytest.mark.parametrize("react_deck", [True, False])
def test_instant_idle_only_where_choose_instant_answers_nothing(pa, dmg, react_deck):
    """Seat 0 holds a castable removal Summon and a Back Attack Forward and controls an active removal ability (limited
    to its own turn in a deck without HT_REACT, as deck_flags sets it); in every battle window where instant_idle
    says so, choose_instant answers -1 (and it does not say so everywhere)."""
    bolt = card("BOLT", "summon", cost=1, eff=("cast:damage:9000:opp_character",))
    back = card("BACK", cost=1, power=9000, kw=("back_attack",))
    snipe = tcard("SN", SNIPE if react_deck else SNIPE + MY_TURN, type="backup")
    S, v = make([bolt, back, snipe, card("B1", "backup", cost=1, name="B1"),
                 card("B2", "backup", cost=1, name="B2")], [card("ATT", cost=3, power=5000)], pa=pa)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    for c in (2, 3, 4):
        put(v, 0, c, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = dmg
    if not react_deck:
        v["ps"][0, K.P_HAS_TRIG] &= ~K.HT_REACT
    idle = 0
    for attacking, hc in ((True, 0), (False, 0), (False, -1)):
        if K.st_prm(S)[0, K.PR_REACT] and react_deck and not attacking and hc < 0:
            assert not P.instant_idle(S, 0, attacking, hc)
        if P.instant_idle(S, 0, attacking, hc):
            idle += 1
            assert P.choose_instant(S, 0, attacking, 1, hc) == -1
    if not react_deck:  # choose_instant asks instant_idle first: with HT_REACT set anyway, its own scan finds nothing
        v["ps"][0, K.P_HAS_TRIG] |= K.HT_REACT
        assert P.choose_instant(S, 0, False, 1, -1) == -1
    if pa == K.RANDOM:
        assert idle == 1  # only the window after a battle, without PR_REACT
    elif pa == K.CURVE and dmg == 4 or pa == K.CONTROL:
        assert P.choose_instant(S, 0, False, 1, 0) >= 0 and not P.instant_idle(S, 0, False, 0)


@pytest.mark.parametrize("backups", [0, 1, 2])
def test_unpayable_only_where_can_cast_says_no(backups):
    """Hand cards of cost 1-5 in one, two or no element (Light), 0-2 active Fire Backups: unpayable says so only of a
    card can_cast refuses, and of some."""
    light = card("LIGHT", cost=2, el=("light",), name="LIGHT")
    hand = [card(f"F{i}", cost=i, name=f"F{i}") for i in range(1, 6)] + \
        [card("FW", cost=2, el=("fire", "water"), name="FW"), light]
    S, v = make(hand + [card(f"B{i}", "backup", cost=1, name=f"B{i}") for i in range(backups)])
    for c in range(len(hand)):
        put(v, 0, c, K.Z_HAND)
    for c in range(len(hand), len(hand) + backups):
        put(v, 0, c, K.Z_FIELD)
    v["ps"][0, K.P_HAS_CR] = 0  # as deck_flags sets it for a deck without cost reductions
    P.prepare_cast_context(S, 0, 5)  # a hand reserve of 5: one discard at most, so some cards cannot be paid
    said = [c for c in range(len(hand)) if P.unpayable(S, 0, c)]
    assert said and all(not P.can_cast(S, 0, c, False) for c in said)
    assert not P.unpayable(S, 0, 5)  # two elements: can_cast's plan_pay answers



@pytest.mark.parametrize("water", [False, True])
def test_11_4_6_cast_candidates_scores_no_card_it_cannot_pay(water):
    """Rule 11.4.6 (a cast's cost must be paid, one CP of the card's element at least): curve holds MID (Fire, 2 CP)
    and LOW (Water, 1 CP) beside two active Fire Backups, in a deck without cost reductions, and casts MID either way,
    as when every card is scored. Without a Water Backup LOW cannot be paid, so it is left unscored (0 in scr[3]);
    with one it is payable and keeps its score (MID paid by Backups alone: no payment plan overwrites scr[3])."""
    hand = [card("MID", cost=2, power=5000), card("LOW", cost=1, el=("water",), power=2000)]
    backups = [card("B0", "backup", cost=1, name="B0"), card("B1", "backup", cost=1, name="B1")]
    if water:
        backups.append(card("BW", "backup", cost=1, el=("water",), name="BW"))
    S, v = make(hand + backups)
    for c in range(len(hand)):
        put(v, 0, c, K.Z_HAND)
    for c in range(len(hand), len(hand) + len(backups)):
        put(v, 0, c, K.Z_FIELD)
    v["ps"][0, K.P_HAS_CR] = 0  # as deck_flags sets it for a deck without cost reductions
    want = reference_choice(S, v, 0, 1)
    P.prepare_cast_context(S, 0, K.hand_reserve(S, 0))
    assert P.unpayable(S, 0, 1) != water and not P.unpayable(S, 0, 0)
    best, best_v, _ = P.cast_candidates(S, 0, 1, K.hand_reserve(S, 0))
    assert (best, best_v) == want and best == P.CAST * 65536 + 0 * 16
    assert v["scr"][3, 1] == (P.worth_score(S, 0, 1) if water else 0)


@pytest.mark.parametrize("lb_costs, face_up, castable", [
    ((2, 2), 0, False),  # two face down: each pays 1 LB cost with the other, not 2
    ((2, 1), 0, True),
    ((1, 1), 1, False),  # the first face up: the last one has no other to pay with
    ((3, 1, 1, 1), 0, True),  # found at the second card: the scan stops there
    ((0,), 0, True),
    ((), 0, False),  # no LB deck
])
def test_15_2_8_3_lb_castable_where_some_lb_card_passes_the_lb_cost(lb_costs, face_up, castable):
    """Rule 15.2.8.3.1 (the LB cost: other face-down LB cards turned face up): lb_castable, which lets cast_candidates
    skip its LB scan, says yes exactly where some face-down LB card has that many others face down."""
    lb = [card(f"L{i}", "summon", cost=1, eff=("cast:draw:1",), lb=x, name=f"L{i}") for i, x in enumerate(lb_costs)]
    S, v = make([card("F1", cost=1)], lb_a=lb)
    n = v["ps"][0, K.P_NMAIN]
    for c in range(n, n + face_up):
        v["cs"][0, K.S_ZONE, c] = K.Z_LB_UP
    down = [c for c in range(n, n + len(lb)) if v["cs"][0, K.S_ZONE, c] == K.Z_LB]
    assert any(P.lb_face_down(S, 0) - 1 >= P.lb_cost(S, 0, c) for c in down) == castable
    assert P.lb_castable(S, 0) == castable


@pytest.mark.parametrize("lb_costs, spent", [
    ((2, 1), False),  # L1 (LB cost 1) is paid with L0 face down: the scan runs and casts it
    ((2, 2), True),  # each needs 2 others face down and has 1: never castable again
    ((), True),  # no LB deck
])
def test_15_2_8_3_lb_spent_only_where_no_lb_card_can_be_cast_again(lb_costs, spent):
    """Rule 15.2.8.3.1 (an LB card is cast by turning other face-down LB cards face up): cast_candidates records
    lb_castable's no for the game (P_LB_SPENT) and asks it no more. It does so only where no face-down card passes,
    and turning the face-down cards face up one by one (the only way they leave the LB deck) keeps that no."""
    lb = [card(f"L{i}", "summon", cost=1, eff=("cast:draw:1",), lb=x, name=f"L{i}") for i, x in enumerate(lb_costs)]
    S, v = make([card("F1", cost=1), card("F2", cost=1)], lb_a=lb)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    n = v["ps"][0, K.P_NMAIN]
    want = reference_choice(S, v, 0, 1)
    assert P.cast_candidates(S, 0, 1, K.hand_reserve(S, 0))[:2] == want
    assert v["ps"][0, K.P_LB_SPENT] == spent
    assert (want[0] == P.CAST * 65536 + (n + 1) * 16) == (not spent)  # the LB card, where one can be cast
    for c in range(n, n + len(lb_costs)):
        v["cs"][0, K.S_ZONE, c] = K.Z_LB_UP
        assert not spent or not P.lb_castable(S, 0)


def test_lb_spent_skips_the_lb_scan():
    """With P_LB_SPENT set, cast_candidates scans no LB card, even one it would cast (where the flag cannot be set in a
    game): the flag is what skips the scan."""
    lb = [card("L0", "summon", cost=1, eff=("cast:draw:1",), lb=2, name="L0"),
          card("L1", "summon", cost=1, eff=("cast:draw:1",), lb=1, name="L1")]
    S, v = make([card("F1", cost=1), card("F2", cost=1)], lb_a=lb)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    n = v["ps"][0, K.P_NMAIN]
    assert P.cast_candidates(S, 0, 1, K.hand_reserve(S, 0))[0] == P.CAST * 65536 + (n + 1) * 16
    v["ps"][0, K.P_LB_SPENT] = 1
    assert P.cast_candidates(S, 0, 1, K.hand_reserve(S, 0))[0] != P.CAST * 65536 + (n + 1) * 16


@pytest.mark.parametrize("one", [1, 0])
def test_11_4_6_2_a_backup_counts_for_its_other_elements_only_without_multi_backup_one_element(one):
    """Rule 11.4.6.2 (each element of the cost paid by a CP of it) and option multi_backup_one_element, with the cost's
    elements read from cost_needs' tables: FW (Fire and Wind, 2 CP) beside a Fire-Wind Backup and a Water one: with the
    option the Wind CP is missing (no Wind card to discard); without it the Fire-Wind Backup gives both, the Water one
    the rest. Beside a Fire and a Wind Backup (one element each) it is paid either way."""
    fw = card("FW", cost=2, el=("fire", "wind"))
    S, v = make([fw, card("FWB", "backup", el=("fire", "wind")), card("WAB", "backup", el=("water",))],
                multi_backup_one_element=one)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    req = FIRE | 4  # Fire and Wind (ELEMENTS order: fire, ice, wind, ...)
    assert v["cards"][0, 0, K_ELEM] == req
    got = K.plan_pay(S, 0, 2, req, 0, -1, 0, False)
    assert got[:3] == ((-1, 0, 0) if one else (2, 2, 0))
    S, v = make([fw, card("FB", "backup"), card("WB", "backup", el=("wind",))], multi_backup_one_element=one)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    assert K.plan_pay(S, 0, 2, req, 0, -1, 0, False)[:3] == (2, 2, 0)
    assert sorted(v["scr"][0, :2]) == [1, 2]


def kept_plan_hand():
    """Curve casting F2 (2 CP, Fire) with no Backup: CLOUD (6 CP) is valued above pick_discard's cap, so curve_pays
    plans the payment; F3 comes before the Summon in hand, so a dry plan (any card) would discard F3, the full plan
    the Summon, valued lowest."""
    S, v = make([card("F2", cost=2), card("CLOUD", cost=6, power=8000), card("F3", cost=3, power=6000),
                 card("SUM", "summon", cost=2, eff=("cast:draw:1",))])
    for c in range(4):
        put(v, 0, c, K.Z_HAND)
    P.prepare_cast_context(S, 0, K.hand_reserve(S, 0))
    assert P.can_cast(S, 0, 0, False) and P.curve_pays(S, 0, 0)
    assert v["scr"][4, P.CX_PLAN] == 0 * K.W + 0 + 1  # seat 0's card 0
    return S, v


@pytest.mark.parametrize("kept", [True, False])
def test_11_4_6_cast_pays_with_the_plan_curve_pays_kept(kept):
    """Rule 11.4.6 (the cast's cost is paid): with curve_pays' plan kept, cast discards what planning anew discards
    (the Summon, not the dry plan's F3), and leaves no plan behind."""
    S, v = kept_plan_hand()
    dry = S.copy()
    assert K.plan_pay(dry, 0, 2, FIRE, 0, -1, K.hand_reserve(dry, 0), True)[0] >= 0
    assert F.views(dry)["scr"][1, 0] == 2  # the dry plan's discard: F3
    if not kept:
        v["scr"][4, P.CX_PLAN] = 0  # cast plans the payment itself
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][0, K.S_ZONE, 3] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 2] == K.Z_HAND
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_FIELD and v["gs"][K.X_VIOL] == 0
    assert v["scr"][4, P.CX_PLAN] == 0


def test_kept_plan_is_dropped_where_the_position_may_change():
    """choose_main (here passing: settled, no action ability) and choose_instant drop a kept plan: the next cast
    plans its payment."""
    S, v = kept_plan_hand()
    assert P.choose_main(S, 0, 1, True)[0] == 0
    assert v["scr"][4, P.CX_PLAN] == 0
    S, v = kept_plan_hand()
    P.choose_instant(S, 0, True, 1, 0)
    assert v["scr"][4, P.CX_PLAN] == 0
