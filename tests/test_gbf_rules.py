"""Granblue Fantasy TCG rule scenarios, one per rule of the digest (rules/gbf.md, r. x-y-z).

Scenarios build a state with gbf.scenario_state, place cards with numpy and call the engine's own
numba functions (sim.games.gbf.rules, .actions) on it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.cards.effects import parse_effect
from sim.cards.model import Card, Deck
from sim.engine.compiled import K_ELEM, K_RANK
from sim.engine.results import DRAW, END_DECK_OUT, G_FIRST, G_REASON, G_TURNS, G_WINNER
from sim.games.gbf import actions as A
from sim.games.gbf import engine as gbf
from sim.games.gbf import rules as R
from sim.games.gbf.policy import attack_plan

CURVE, CONTROL, AGGRO, RANDOM = (gbf.POLICIES[k] for k in ("curve", "control", "aggro", "random"))
N = 50


def member(code, atk=2, hp=3, rank=1, elem="fire", name=None, eff=(), kw=()):
    return Card(code=code, name=name or code, type="member", elements=(elem,), power=atk, hp=hp, rank=rank,
                effects=tuple(parse_effect(e) for e in eff), keywords=frozenset(kw))


def stone(code, cost=1, elem="fire", eff=()):
    return Card(code=code, name=code, type="summon_stone", elements=(elem,), cost=cost,
                effects=tuple(parse_effect(e) for e in eff))


def leader(code, atk=2, hp=6, rank=0, eff=(), name="Hero (Female)"):
    return Card(code=code, name=name, type="leader", elements=("fire",), power=atk, hp=hp, rank=rank,
                gender="female", effects=tuple(parse_effect(e) for e in eff))


def S(s):  # noqa: N802 - the player rows of a scenario state (sim.games.gbf.rules layout)
    return gbf.views(s)[0]


def G(s):  # noqa: N802
    return gbf.views(s)[1]


def K(s):  # noqa: N802
    return gbf.views(s)[2]


FILL = member("FILL", atk=1, hp=1, rank=9, elem="earth")  # never fits the rank limit
LEAD = leader("L0")


def deck(*cards, leaders=(LEAD,)):
    main = [(c, 1) for c in cards] + [(FILL, N - len(cards))]
    return Deck("gbf", "scenario", Path("scenario.toml"), {"main": main, "leader": [(ld, 1) for ld in leaders]})


def state(a=(), b=(), leaders_a=(LEAD,), leaders_b=(LEAD,), **kw):
    ca, cb = gbf.compile_matchup(deck(*a, leaders=leaders_a), deck(*b, leaders=leaders_b))
    return gbf.scenario_state(ca, cb, **kw)


def zone(s, p, z, count_col, *rows, active=1):
    """Put deck rows into zone z (taking them out of the deck's count is not needed by these tests)."""
    st = S(s)
    for i, c in enumerate(rows):
        st[p, R.Z0 + z * N + i] = c
        if z == R.Z_CRY:
            st[p, R.Z0 + R.Z_CRYA * N + i] = active
    st[p, count_col] = len(rows)
    if z == R.Z_CRY:
        st[p, R.P_ACT] = len(rows) * active


def hand(s, p, *rows):
    zone(s, p, R.Z_HAND, R.P_HAND, *rows)


def crystals(s, p, *rows, active=1):
    zone(s, p, R.Z_CRY, R.P_CRY, *rows, active=active)


def armor(s, p, *rows):
    st = S(s)
    for i, c in enumerate(rows):
        st[p, R.ARM0 + i] = c
    st[p, R.P_ARM] = len(rows)


def field(s, p, row, active=1):
    return R.place_member(s, p, row, active)


def col(slot, c):
    return R.M_BASE + slot * R.M_W + c


def members(s, p):
    return [int(S(s)[p, col(j, R.M_CARD)]) for j in range(3)]


def hand_of(s, p):
    return sorted(int(x) for x in S(s)[p, R.Z0 + R.Z_HAND * N:R.Z0 + R.Z_HAND * N + S(s)[p, R.P_HAND]])


# ---------------------------------------------------------------- 1: winning and losing


def test_rule_1_2_2_and_1_2_2_1_and_9_3_and_9_4_1_and_9_4_1_3_and_9_4_1_3_1_leader_ko_without_armor_loses_at_the_checkpoint():
    s = state()
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)  # HP 6, no armor
    assert S(s)[1, R.P_LOST] == 1 and not G(s)[R.G_OVER]  # decided at the checkpoint (r. 9-4-1)
    A.checkpoint(s)
    assert G(s)[R.G_OVER] == 1


def test_rule_1_2_2_2_and_9_4_1_4_empty_deck_loses_and_1_2_3_and_9_4_1_2_both_at_once_is_a_draw():
    s = state()
    S(s)[0, R.P_DECK] = 0
    A.checkpoint(s)
    assert G(s)[R.G_OVER] and S(s)[0, R.P_LOST] == 2 and S(s)[1, R.P_LOST] == 0
    s = state()
    S(s)[0, R.P_DECK] = S(s)[1, R.P_DECK] = 0
    A.checkpoint(s)
    assert S(s)[0, R.P_LOST] == 2 and S(s)[1, R.P_LOST] == 2


def test_rule_1_2_2_2_first_player_decks_out_at_the_crystal_of_its_14th_turn():
    a, b = gbf.compile_matchup(deck(), deck())  # nothing fits the rank limit; leaders (2 ATK) never break 6 HP
    games = gbf.play(a, b, CURVE, CURVE, seed=1, stream=0, start=0, n=20).games
    # digest §13: 40 cards after setup; 1 on the first player's turn 1, then 3 a turn: its own 14th
    # turn (game turn 27) empties the deck with the crystal, and the checkpoint after it loses
    assert (games[:, G_REASON] == END_DECK_OUT).all() and (games[:, G_TURNS] == 27).all()
    assert (games[:, G_WINNER] == 1 - games[:, G_FIRST]).all()
    assert (games[:, G_WINNER] != DRAW).all()


# ---------------------------------------------------------------- 5: setup


def test_rule_5_2_1_and_5_2_1_5_and_5_2_1_6_and_5_2_1_7_and_3_5_1_1_setup_hand_armor_leader_active():
    s = state(leaders_a=(leader("L1", rank=2), LEAD))
    A.setup(s, 0, 2)
    st = S(s)
    assert st[0, R.P_HAND] == 5 and st[0, R.P_ARM] == 5 and st[0, R.P_DECK] == N - 10
    lead = st[0, R.P_LEAD]
    assert K(s)[0, lead, K_RANK] == 0 and st[0, R.P_LACT] == 1 and st[0, R.P_LDK] == 1  # r. 5-2-1-7


def test_rule_5_2_1_5_1_and_5_2_1_5_2_mulligan_goes_to_the_bottom_unshuffled():
    s = state(a=[member(f"M{i}", rank=3) for i in range(50)])
    G(s)[R.G_PAR] = 0  # keep_rank 0: every rank-3 card goes back
    A.setup(s, 0, 1)
    st = S(s)
    assert st[0, R.P_MULL] == 1
    base = R.Z0 + R.Z_DK * N
    bottom = [st[0, base + (st[0, R.P_HEAD] + st[0, R.P_DECK] - 5 + i) % N] for i in range(5)]
    # the armor came from the new top, after the mulligan (r. 5-2-1-6): the returned 5 are still at the bottom
    assert len(set(bottom) & set(hand_of(s, 0))) == 0 and len(set(bottom)) == 5


# ---------------------------------------------------------------- 6: turn


def test_rule_6_2_5_first_turn_no_draw_and_6_2_7_a_crystal_every_turn():
    s = state()
    A.start_phase(s, 0, True)
    assert S(s)[0, R.P_HAND] == 0 and S(s)[0, R.P_CRY] == 1 and S(s)[0, R.P_DECK] == N - 1
    A.start_phase(s, 0, False)
    assert S(s)[0, R.P_HAND] == 2 and S(s)[0, R.P_CRY] == 2 and S(s)[0, R.P_DECK] == N - 4


def test_rule_6_2_3_untap_leader_members_crystals():
    s = state(a=[member("A")])
    crystals(s, 0, 10, 11, active=0)
    j = field(s, 0, 0, active=0)
    S(s)[0, R.P_LACT] = 0
    A.start_phase(s, 0, True)
    assert S(s)[0, R.P_LACT] == 1 and S(s)[0, col(j, R.M_ACT)] == 1
    assert S(s)[0, R.Z0 + R.Z_CRYA * N] == 1 and S(s)[0, R.Z0 + R.Z_CRYA * N + 1] == 1


def test_rule_10_17_1_1_crystal_summon_trigger_activates_and_stays_a_crystal():
    s = state(a=[stone("DRAW2", eff=["cast:draw:2"])])
    A.start_phase(s, 0, True)  # the top card (row 0) is the stone
    assert S(s)[0, R.P_CRY] == 1 and S(s)[0, R.Z0 + R.Z_CRY * N] == 0
    assert S(s)[0, R.P_HAND] == 2 and S(s)[0, R.P_GUP] == 0


def test_rule_6_5_1_2_and_6_5_1_2_1_and_6_5_1_2_1_2_and_6_5_1_2_1_4_chain_burst_damage_then_recycle():
    s = state(b=[member("B", hp=3)])
    field(s, 1, 0)
    zone(s, 0, R.Z_GDN, R.P_GDN, 5, 6, 7)
    deck_before = S(s)[0, R.P_DECK]
    S(s)[0, R.P_DECK] -= 3  # rows 5-7 left the deck for the gauge
    A.burst_phase(s, 0)
    assert members(s, 1)[0] == -1 and S(s)[1, R.P_GUP] == 1  # 3 damage >= HP 3: KO to its owner's gauge
    assert S(s)[0, R.P_GDN] == 0 and S(s)[0, R.P_DECK] == deck_before  # back under the deck
    base = R.Z0 + R.Z_DK * N
    last = (S(s)[0, R.P_HEAD] + S(s)[0, R.P_DECK] - 1) % N
    assert S(s)[0, base + last] == 7


def test_rule_6_5_1_2_1_1_chain_burst_hits_the_leader_only_without_members():
    s = state()
    armor(s, 1, 20, 21)
    zone(s, 0, R.Z_GDN, R.P_GDN, *range(5, 11))  # 6 face-down >= leader HP 6
    A.burst_phase(s, 0)
    assert S(s)[1, R.P_ARM] == 1


# ---------------------------------------------------------------- 7: crystals, rank, deploy


def test_rule_10_2_3_1_and_10_2_3_1_1_rank_limit_counts_all_crystals():
    s = state(a=[member("R2", rank=2), member("R1", rank=1)])
    crystals(s, 0, 10, 11, active=0)  # rested crystals still count
    assert R.can_deploy(s, 0, 0)
    field(s, 0, 0)
    assert not R.can_deploy(s, 0, 1)  # 2 + 1 > 2 crystals
    crystals(s, 0, 10, 11, 12, active=0)
    assert R.can_deploy(s, 0, 1)


def test_rule_10_2_3_2_1_name_limit_and_3_6_3_three_slots():
    s = state(a=[member("X", rank=0, name="Vane"), member("Y", rank=0, name="Vane (Summer)"),
                 member("P", rank=0), member("Q", rank=0), member("Z", rank=0)])
    field(s, 0, 0)
    assert not R.can_deploy(s, 0, 1)  # the same character name (r. 2-1)
    field(s, 0, 2)
    field(s, 0, 3)
    assert not R.can_deploy(s, 0, 4)  # 3 members


def test_rule_8_4_2_and_8_4_2_2_and_8_4_2_4_payment_element_icon_then_generic_no_partial():
    s = state(a=[stone("S", cost=3, elem="water")], b=[])
    water = member("W", elem="water")
    s2 = state(a=[stone("S", cost=3, elem="water"), water])
    crystals(s2, 0, 10, 11, 12)  # filler rows are earth: no water
    assert not R.can_pay(s2, 0, 3, K(s2)[0, 0, K_ELEM])
    crystals(s2, 0, 1, 11, 12)  # row 1 is a water card
    assert R.can_pay(s2, 0, 3, K(s2)[0, 0, K_ELEM])
    R.pay(s2, 0, 3, K(s2)[0, 0, K_ELEM])
    assert R.active_crystals(s2, 0, 0) == 0
    crystals(s, 0, 10)
    assert not R.can_pay(s, 0, 2, 0)  # r. 8-4-2-4: no partial payment


def test_rule_6_3_1_2_1_and_2_4_1_deploy_is_free_rank_is_not_paid_and_enters_active():
    s = state(a=[member("A", rank=1)])
    hand(s, 0, 0)
    crystals(s, 0, 10)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 0 and S(s)[0, col(0, R.M_ACT)] == 1
    assert R.active_crystals(s, 0, 0) == 1  # nothing rested


def test_rule_6_3_1_2_3_and_6_3_1_2_3_2_summon_is_paid_goes_to_gauge_and_resolves():
    s = state(a=[stone("BOLT", cost=1, eff=["cast:damage:3:opp_character"]), member("F", rank=9)],
              b=[member("B", hp=3)])
    hand(s, 0, 0)
    crystals(s, 0, 1)  # a fire crystal pays the stone's fire icon
    field(s, 1, 0)
    A.main_phase(s, 0)
    assert members(s, 1)[0] == -1 and S(s)[0, R.P_GUP] == 1 and R.active_crystals(s, 0, 0) == 0


def test_rule_10_12_make_into_crystal():
    s = state(a=[member("RAMP", rank=0, eff=["enter:gain_cp:1:own_player"])])
    hand(s, 0, 0)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 1, N - 1
    A.main_phase(s, 0)
    assert S(s)[0, R.P_CRY] == 1 and S(s)[0, R.P_DECK] == N - 2


# ---------------------------------------------------------------- 8: battle


def test_rule_7_2_1_3_1_2_leader_targetable_only_without_members():
    s = state(b=[member("B", hp=1)])
    assert attack_plan(s, 0) % 4 == R.LEADER_SLOT
    field(s, 1, 0)
    assert attack_plan(s, 0) % 4 == 0


def test_rule_7_4_1_2_and_7_2_1_3_2_and_7_2_1_3_2_1_pursuit_sums_atk_into_one_damage_instance():
    s = state(a=[member("A1", atk=3, rank=0), member("A2", atk=3, rank=0)], b=[member("B", hp=5)])
    field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    G(s)[R.G_TP] = 0
    A.battle_phase(s, 0)
    assert members(s, 1)[0] == -1  # 5 HP: no single card KOs it, a group does
    rested = [S(s)[0, col(j, R.M_ACT)] == 0 for j in range(2)] + [S(s)[0, R.P_LACT] == 0]
    assert sum(rested) >= 2


def test_rule_9_2_1_3_1_damage_below_hp_does_nothing_not_cumulative():
    s = state(b=[member("B", hp=4)])
    field(s, 1, 0)
    for _ in range(3):
        R.deal_damage(s, 1, 0, 3)
    assert members(s, 1)[0] == 0
    R.deal_damage(s, 1, 0, 0)
    assert members(s, 1)[0] == 0


def test_option_damage_accumulates():
    s = state(b=[member("B", hp=4)], options={"damage_accumulates": 1})
    field(s, 1, 0)
    R.deal_damage(s, 1, 0, 3)
    assert members(s, 1)[0] == 0
    R.deal_damage(s, 1, 0, 1)
    assert members(s, 1)[0] == -1


def test_rule_2_6_ougi_flips_gauge_face_down_once_per_turn():
    s = state(a=[member("O", atk=2, rank=0, eff=["attack:pump:3:self:0:2"])], b=[member("B", hp=9)])
    field(s, 0, 0)
    field(s, 1, 0)
    zone(s, 0, R.Z_GUP, R.P_GUP, 5, 6, 7)
    G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
    A.join_battle(s, 0, 0)
    assert S(s)[0, R.P_GUP] == 1 and S(s)[0, R.P_GDN] == 2 and R.unit_atk(s, 0, 0) == 5
    S(s)[0, col(0, R.M_ACT)] = 1
    A.join_battle(s, 0, 0)  # again this turn: r. 2-6-1-1-3 once per card per turn
    assert S(s)[0, R.P_GUP] == 1 and R.unit_atk(s, 0, 0) == 5


def test_rule_7_3_counter_step_assist_saves_the_partner():
    medic = member("MEDIC", rank=0, elem="light", kw=["assist"], eff=["action:shield:3:own_character:0:1"])
    s = state(a=[member("A", atk=4, rank=0)], b=[member("B", hp=4), medic], policies=(CURVE, CONTROL))
    field(s, 0, 0)
    field(s, 1, 0)
    hand(s, 1, 1)
    crystals(s, 1, 10)
    G(s)[R.G_TP] = 0
    S(s)[0, R.P_LACT] = 0  # only the 4-ATK member attacks
    A.battle_phase(s, 0)
    assert members(s, 1)[0] == 0 and S(s)[1, R.P_HAND] == 0 and S(s)[1, R.P_GUP] == 1


def test_rule_7_2_1_3_1_3_battle_fizzles_when_the_partner_leaves():
    s = state(a=[member("A", atk=5, rank=0)], b=[member("B", hp=5)])
    field(s, 0, 0)
    field(s, 1, 0)
    G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
    A.join_battle(s, 0, 0)
    assert A.battle_on(s, 0)
    R.ko_member(s, 1, 0)
    field(s, 1, 1)  # a replenished member in the same slot is a new object (r. 3-1-4)
    assert not A.battle_on(s, 0)


def test_option_battle_ends_any_attacker():
    for flag, expect in ((0, True), (1, False)):
        s = state(a=[member("A", atk=3, rank=0), member("C", atk=3, rank=0)], b=[member("B", hp=9)],
                  options={"battle_ends_any_attacker": flag})
        field(s, 0, 0)
        field(s, 0, 1)
        field(s, 1, 0)
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
        A.join_battle(s, 0, 0)
        A.join_battle(s, 0, 1)
        R.ko_member(s, 0, 1)
        assert A.battle_on(s, 0) == expect


# ---------------------------------------------------------------- 9: armor, KO, replenishment


def test_rule_9_4_2_and_9_2_1_3_6_and_9_4_2_2_armor_break_member_deploys_rested():
    s = state(b=[member("AR", rank=0)])
    armor(s, 1, 0)
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)
    assert S(s)[1, R.P_PEND_ARM] == 1 and S(s)[1, R.P_ARM] == 1  # check-type: at the checkpoint
    A.checkpoint(s)
    assert S(s)[1, R.P_ARM] == 0 and members(s, 1)[0] == 0 and S(s)[1, col(0, R.M_ACT)] == 0


def test_rule_9_4_2_3_2_1_armor_member_that_does_not_fit_goes_to_hand():
    s = state(b=[member("BIG", rank=3)])
    armor(s, 1, 0)
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)
    A.checkpoint(s)
    assert members(s, 1) == [-1, -1, -1] and hand_of(s, 1) == [0]


def test_rule_9_4_2_3_2_2_and_9_4_3_2_armor_summon_triggers_then_replenishment():
    s = state(b=[stone("ST", eff=["cast:draw:1"]), member("R0", rank=0)])
    armor(s, 1, 0)
    hand(s, 1, 1)
    S(s)[1, R.P_HEAD], S(s)[1, R.P_DECK] = 2, N - 2
    R.deal_damage(s, 1, R.LEADER_SLOT, 7)
    A.checkpoint(s)
    assert S(s)[1, R.P_GUP] == 1  # triggered into the gauge
    assert members(s, 1)[0] == 1 and S(s)[1, col(0, R.M_ACT)] == 0  # replenished, rested
    assert S(s)[1, R.P_HAND] == 1  # drew 1


def test_option_armor_break_per_hit():
    for flag, left in ((1, 0), (0, 1)):
        s = state(b=[member("X", rank=9), member("Y", rank=9)], options={"armor_break_per_hit": flag})
        armor(s, 1, 0, 1)
        R.deal_damage(s, 1, R.LEADER_SLOT, 6)
        R.deal_damage(s, 1, R.LEADER_SLOT, 6)
        assert S(s)[1, R.P_LOST] == 0  # armor is still there at the second hit (§11.6)
        A.checkpoint(s)
        assert S(s)[1, R.P_ARM] == left


def test_rule_9_4_3_and_9_4_3_3_1_member_replenishment_after_a_ko():
    s = state(b=[member("B", hp=2), member("C", rank=1)])
    field(s, 1, 0)
    hand(s, 1, 1)
    crystals(s, 1, 10)
    R.deal_damage(s, 1, 0, 2)
    assert S(s)[1, R.P_PEND_REP] == 1 and S(s)[1, R.P_GUP] == 1
    A.checkpoint(s)
    assert 1 in members(s, 1) and S(s)[1, R.P_HAND] == 0


def test_option_replenish_per_ko():
    for flag, deployed in ((1, 2), (0, 1)):
        s = state(b=[member("B", hp=2, rank=0), member("C", hp=2, rank=0), member("D", rank=0),
                     member("E", rank=0)], options={"replenish_per_ko": flag})
        field(s, 1, 0)
        field(s, 1, 1)
        hand(s, 1, 2, 3)
        R.deal_damage(s, 1, 0, 2)
        R.deal_damage(s, 1, 1, 2)
        A.checkpoint(s)
        assert sum(m >= 0 for m in members(s, 1)) == deployed


# ---------------------------------------------------------------- 10: job change, limit break


def test_rule_10_4_and_9_2_3_2_and_10_4_3_3_3_limit_break_levels_and_level_card_takes_the_ko():
    s = state(a=[member("V1", atk=2, hp=3, rank=1, name="Vane"), member("V2", atk=3, hp=3, rank=1, name="Vane (Summer)")])
    crystals(s, 0, 10)
    field(s, 0, 0)
    hand(s, 0, 1)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 1 and S(s)[0, col(0, R.M_LV)] == 1 and S(s)[0, R.P_LB] == 1
    assert R.unit_atk(s, 0, 0) == 5 and R.unit_hp(s, 0, 0) == 5  # +2/+2 per level (r. 10-4-3-3-1)
    R.deal_damage(s, 0, 0, 5)
    assert members(s, 0)[0] == 1 and S(s)[0, col(0, R.M_LV)] == 0 and S(s)[0, R.P_GUP] == 1
    assert S(s)[0, R.P_PEND_REP] == 0  # the member stayed (r. 9-2-3)


def test_rule_10_3_and_10_3_2_and_6_3_1_2_4_job_change_rank_limit_once_per_turn_inherits():
    l1, l2 = leader("L1", atk=4, hp=8, rank=1), leader("L2", atk=5, hp=9, rank=2)
    s = state(leaders_a=(LEAD, l1, l2))
    crystals(s, 0, 10)
    S(s)[0, R.P_LATK] = 1  # a modification carries over (r. 10-3-3)
    A.main_phase(s, 0)
    st = S(s)
    assert K(s)[0, st[0, R.P_LEAD], K_RANK] == 1 and st[0, R.P_JC] == 1 and st[0, R.P_LUP] == 1
    assert R.unit_atk(s, 0, R.LEADER_SLOT) == 5
    crystals(s, 0, 10, 11)
    A.main_phase(s, 0)  # the second job change waits for the next turn
    assert K(s)[0, st[0, R.P_LEAD], K_RANK] == 1


def test_rule_10_18_assist_is_used_from_hand_only():
    medic = member("MEDIC", rank=0, kw=["assist"], eff=["action:draw:1:none:0:0"])
    s = state(a=[medic])
    field(s, 0, 0)
    A.main_phase(s, 0)  # in play, an Assist's action is not available
    assert S(s)[0, R.P_HAND] == 0


def test_rule_8_6_3_4_no_target_no_effect():
    s = state(a=[member("P", rank=0, eff=["enter:damage:3:opp_character"])])
    hand(s, 0, 0)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 0 and S(s)[1, R.P_LOST] == 0 and S(s)[1, R.P_PEND_ARM] == 0


def test_invariants_hold_in_full_games_of_every_option():
    a, b = gbf.compile_matchup(*(gbf_deck(n) for n in ("aggro", "control")))
    for name in gbf.OPTIONS:
        default = gbf.OPTIONS[name][0]
        value = {"counter_windows": 2, "turn_cap": 14}.get(name, 1 - default)  # turn_cap 14: games capped
        viol = gbf.check_invariants(a, b, CURVE, CONTROL, seed=3, n=200, options={name: value})
        assert not viol.any(), name
        assert gbf.check_results(gbf.play(a, b, CURVE, CONTROL, seed=3, stream=0, start=0, n=200,
                                          options={name: value})) == []


def gbf_deck(name):
    from sim.decks.deckfile import load_deck
    return load_deck(Path(__file__).resolve().parents[1] / "decks" / "gbf" / f"{name}.toml").canonical()



# ---------------------------------------------------------------- issue 34: the turn cap, counter-step plays


def test_rule_11_16_turn_cap_is_an_option_and_capped_games_are_recorded(tmp_path):
    """§11.16: the rules have no turn limit; the engine's cap is the option turn_cap (default 80, 1-1000).
    A capped game is a draw with end reason turn_cap in the games table; the turns detail holds a row
    per game turn up to the cap."""
    import polars as pl

    from sim.engine.options import check_options
    from sim.engine.results import END_TURN_CAP
    from sim.errors import InputError
    from sim.workflows.simulate import simulate

    assert gbf.OPTIONS["turn_cap"][0] == gbf.MAX_TURNS == 80
    a, b = gbf.compile_matchup(*(gbf_deck(n) for n in ("aggro", "control")))
    short = gbf.play(a, b, CURVE, CONTROL, seed=5, stream=0, start=0, n=300, detail="turns", options={"turn_cap": 10})
    capped = short.games[:, G_REASON] == END_TURN_CAP
    assert capped.any() and (short.games[capped, G_TURNS] == 10).all() and (short.games[capped, G_WINNER] == DRAW).all()
    assert (short.games[:, G_TURNS] <= 10).all() and short.turns.shape[1] == 10
    assert gbf.check_results(short) == []
    # a longer cap: the same games as the default where those end before 80, arrays sized to the cap
    base = gbf.play(a, b, CURVE, CONTROL, seed=5, stream=0, start=0, n=300, detail="turns")
    long = gbf.play(a, b, CURVE, CONTROL, seed=5, stream=0, start=0, n=300, detail="turns", options={"turn_cap": 1000})
    assert long.turns.shape[1] == 1000
    ended = base.games[:, G_REASON] != END_TURN_CAP
    assert np.array_equal(base.games[ended], long.games[ended])
    assert np.array_equal(base.turns[ended], long.turns[ended, :80])
    for bad in (0, 1001):
        with pytest.raises(InputError, match="turn_cap"):
            check_options(gbf, {"turn_cap": bad})
        with pytest.raises(InputError, match="turn_cap"):
            gbf.play(a, b, CURVE, CONTROL, seed=5, stream=0, start=0, n=1, options={"turn_cap": bad})
    res = simulate(gbf_deck("aggro"), gbf_deck("control"), games=200, out=tmp_path / "run", policy_a="curve",
                   policy_b="control", seed=5, options={"turn_cap": 10})
    games = pl.read_parquet(tmp_path / "run" / "games")
    assert res.summary["games"] == 200 and (games["end_reason"] == "turn_cap").sum() > 0
    assert games.filter(pl.col("end_reason") == "turn_cap")["winner"].unique().to_list() == ["draw"]


def test_rule_7_3_counter_step_plays_are_recorded_in_the_cards_detail():
    """r. 7-3-1-3: a summon stone (and an Assist, r. 10-18) played in the counter step is a play of the
    card: the cards detail's turn_played = the defender's latest own turn, as a main-phase play."""
    ygg = stone("YGG", cost=0, elem="earth", eff=["cast:shield:4:own_character"])
    s = state(a=[member("A", atk=4, rank=0)], b=[member("B", hp=4), ygg], policies=(CURVE, CONTROL))
    field(s, 0, 0)
    field(s, 1, 0)
    hand(s, 1, 1)
    S(s)[1, R.P_OWN_TURN] = 3
    G(s)[R.G_TP] = 0
    S(s)[0, R.P_LACT] = 0  # only the 4-ATK member attacks
    A.battle_phase(s, 0)
    C = gbf.views(s)[6]
    assert members(s, 1)[0] == 0 and S(s)[1, R.P_GUP] == 1  # saved by the stone, which went to the gauge
    assert C[1, 1, 1] == 3 and C[1, 0, 1] == -1


def test_rule_7_2_1_3_4_turn_player_plays_a_pump_stone_in_the_attack_step():
    """r. 7-2-1-3-4: in the attack step the turn player may play summon stones. The scripted policies
    count a payable +ATK stone in their attack plan and play it when it turns the damage into a KO;
    without it (or without a crystal to pay) a 3-ATK member does not attack an HP-5 one."""
    ath = stone("ATH", cost=1, elem="fire", eff=["cast:pump:3:own_character"])
    for paid in (True, False):
        s = state(a=[member("A", atk=3, rank=0), ath, member("CR")], b=[member("B", atk=1, hp=5)],
                  policies=(CURVE, CURVE))
        field(s, 0, 0)
        field(s, 1, 0)
        hand(s, 0, 1)
        if paid:
            crystals(s, 0, 2)
        G(s)[R.G_TP] = 0
        S(s)[0, R.P_LACT] = 0
        A.battle_phase(s, 0)
        C = gbf.views(s)[6]
        assert (members(s, 1)[0] == -1) == paid  # KO'd by 3 + 3
        assert (S(s)[0, R.P_HAND], S(s)[0, R.P_GUP], C[0, 1, 1] >= 0) == ((0, 1, True) if paid else (1, 0, False))


def test_rule_7_3_1_3_after_a_counter_step_the_attacker_pursues():
    """r. 7-3-1-3 / 7-2-1-3-2: after the defender's counter step the game returns to the attack step,
    where the turn player may add a pursuing attack card to the same battle. The defender's Assist
    (+3 HP) saves its member from the 4-ATK attacker; the turn player answers with its 3-ATK member
    (4 + 3 >= 4 + 3). Without that second active member the partner survives. A counter that KOs the
    attack card is answered the same way."""
    medic = member("MEDIC", rank=0, elem="light", kw=["assist"], eff=["action:shield:3:own_character:0:1"])
    for second in (True, False):
        s = state(a=[member("A", atk=4, rank=0), member("C", atk=3, rank=0)], b=[member("B", hp=4), medic],
                  policies=(CURVE, CONTROL))
        field(s, 0, 0)
        field(s, 0, 1, active=1 if second else 0)
        field(s, 1, 0)
        hand(s, 1, 1)
        crystals(s, 1, 10)
        G(s)[R.G_TP] = 0
        S(s)[0, R.P_LACT] = 0  # the leader does not attack
        A.battle_phase(s, 0)
        assert S(s)[1, R.P_HAND] == 0 and S(s)[1, R.P_GUP] >= 1  # the Assist was used
        assert (members(s, 1)[0] == -1) == second
        assert S(s)[0, col(1, R.M_ACT)] == 0
    sniper = member("SNIPE", rank=0, elem="light", kw=["assist"], eff=["action:damage:4:opp_character:0:1"])
    s = state(a=[member("A", atk=4, hp=3, rank=0), member("C", atk=5, rank=0)], b=[member("B", hp=4), sniper],
              policies=(CURVE, CONTROL))
    field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    hand(s, 1, 1)
    crystals(s, 1, 10)
    G(s)[R.G_TP] = 0
    S(s)[0, R.P_LACT] = 0
    A.battle_phase(s, 0)
    assert members(s, 0)[0] == -1 and members(s, 1)[0] == -1  # the attacker was KO'd, the pursuer KO'd B


def test_rule_7_2_1_4_out_of_battle_counter_returns_to_the_attack_step():
    """r. 7-2-1-4: when the turn player passes out of battle the defender may open a counter step;
    r. 7-3-1-3: after it the game is back in the attack step. The defender's stone KOs the turn
    player's rested member, which goes to its gauge (r. 9-2-2-3-1) and pays the leader's ougi (draw 1):
    back in the attack step the leader attacks to fire it. Without the counter the leader stays active."""
    quake = stone("QK", cost=0, elem="earth", eff=["cast:damage:1:all_opp_characters"])
    ougi_lead = leader("LO", atk=2, eff=["attack:draw:1:none:0:1"])
    for countered in (True, False):
        s = state(a=[member("X", atk=1, hp=1, rank=0)], b=[member("B", hp=9), quake], leaders_a=(ougi_lead,),
                  policies=(CURVE, CONTROL))
        field(s, 0, 0, active=0)
        field(s, 1, 0)
        if countered:
            hand(s, 1, 1)
        G(s)[R.G_TP] = 0
        A.battle_phase(s, 0)
        assert (members(s, 0)[0] == -1) == countered
        assert (S(s)[0, R.P_LACT], S(s)[0, R.P_GDN]) == ((0, 1) if countered else (1, 0))
        assert members(s, 1)[0] == 0  # 2 ATK does not KO the 9-HP member: the attack was for the ougi


def test_policy_attacks_count_the_ougi_and_fire_it_when_no_group_kos():
    """Policy (docs/policies_gbf.md): the attack plan counts a payable ougi's +ATK to the card itself
    (r. 2-6-1-1-2) within the face-up gauge (control keeps `ougi_spare`), and with no group that KOs it
    attacks with the units whose ougi the gauge pays (the effect, and face-down gauge cards for the
    chain burst)."""
    ougi = member("OG", atk=3, rank=0, eff=["attack:pump:2:self:0:2"])
    for gauge, ko in ((2, True), (1, False)):
        s = state(a=[ougi, member("G1"), member("G2")], b=[member("B", hp=5)], policies=(CURVE, CURVE))
        field(s, 0, 0)
        field(s, 1, 0)
        zone(s, 0, R.Z_GUP, R.P_GUP, *range(1, 1 + gauge))
        G(s)[R.G_TP] = 0
        S(s)[0, R.P_LACT] = 0
        assert attack_plan(s, 0) == (1 * 4 + 0 if ko else -1)
        A.battle_phase(s, 0)
        assert (members(s, 1)[0] == -1) == ko and S(s)[0, R.P_GDN] == (2 if ko else 0)
    s = state(a=[member("D", atk=1, rank=0, eff=["attack:draw:1:none:0:1"])], b=[member("B", hp=5)],
              policies=(CURVE, CURVE))
    field(s, 0, 0)
    field(s, 1, 0)
    zone(s, 0, R.Z_GUP, R.P_GUP, 1)
    G(s)[R.G_TP] = 0
    S(s)[0, R.P_LACT] = 0
    A.battle_phase(s, 0)
    assert S(s)[0, R.P_GDN] == 1 and S(s)[0, R.P_HAND] == 1 and members(s, 1)[0] == 0


def test_rule_6_3_1_2_2_assist_in_the_turn_players_own_main_phase():
    """r. 6-3-1-2-2 / 10-18: an Assist is an activated effect used from the hand, also in the turn
    player's own main phase. The scripted policies use one when its effect has something to do there
    (a damage that KOs an opposing member); a +HP Assist waits for the counter step."""
    tact = member("TACT", rank=5, kw=["assist"], eff=["action:damage:2:opp_character:0:1"])
    medic = member("MEDIC", rank=5, kw=["assist"], eff=["action:shield:3:own_character:0:1"])
    s = state(a=[tact, medic], b=[member("B", hp=2)], policies=(CURVE, CURVE))
    hand(s, 0, 0, 1)
    crystals(s, 0, 5, 6)
    field(s, 1, 0)
    A.main_phase(s, 0)
    C = gbf.views(s)[6]
    assert members(s, 1)[0] == -1 and hand_of(s, 0) == [1] and S(s)[0, R.P_GUP] == 1 and S(s)[0, R.P_ACT] == 1
    assert C[0, 0, 1] >= 0 and C[0, 1, 1] == -1  # the used Assist is a play of that card


# ---------------------------------------------------------------- issue 34: the cited rules without a scenario
# (sim.bench.rule_coverage gbf: each rule number the engine package names gets a test named after it)


def test_rule_9_2_and_9_2_1_and_2_7_one_instance_at_current_hp_kos_at_once():
    """r. 9-2-1 / 2-7: one damage instance >= the current HP (printed + this turn's +HP) KOs a member;
    r. 9-2: damage is interrupt-type, the KO happens before any checkpoint."""
    s = state(b=[member("B", hp=3)])
    field(s, 1, 0)
    S(s)[1, col(0, R.M_HP)] = 2  # +2 HP this turn: current HP 5
    assert R.unit_hp(s, 1, 0) == 5
    assert R.deal_damage(s, 1, 0, 4) == 0 and members(s, 1)[0] == 0
    assert R.deal_damage(s, 1, 0, 5) == 1 and members(s, 1)[0] == -1  # no checkpoint ran
    assert S(s)[1, R.P_PEND_REP] == 1  # only the check-type replenishment waits for one


def test_rule_9_2_2_and_9_2_2_3_1_and_3_1_6_and_3_4_kod_member_goes_face_up_on_top_of_its_owners_gauge():
    s = state(a=[member("A", atk=5, rank=0)], b=[member("B", hp=3)])
    zone(s, 1, R.Z_GUP, R.P_GUP, 7)
    field(s, 0, 0)
    field(s, 1, 0)
    R.deal_damage(s, 1, 0, 3)  # KO'd by player 0's damage: still to player 1's gauge
    assert S(s)[1, R.P_GUP] == 2 and S(s)[1, R.Z0 + R.Z_GUP * N + 1] == 0 and S(s)[1, R.P_GDN] == 0
    assert S(s)[0, R.P_GUP] == 0


def test_rule_2_8_battle_damage_is_the_current_atk():
    """r. 2-8: the damage of an attack is the attack card's current ATK, this turn's +ATK included: a
    2-ATK member with +3 KOs an HP-5 one (the printed 2 would not, and without the +3 it does not)."""
    for pump, ko in ((3, True), (0, False)):
        s = state(a=[member("A", atk=2, rank=0)], b=[member("B", hp=5)], policies=(CURVE, CURVE))
        field(s, 0, 0)
        field(s, 1, 0)
        S(s)[0, col(0, R.M_ATK)] = pump
        G(s)[R.G_TP] = 0
        S(s)[0, R.P_LACT] = 0
        A.battle_phase(s, 0)
        assert (members(s, 1)[0] == -1) == ko


def test_rule_9_2_3_and_10_4_3_and_10_4_3_3_1_limit_break_level_cards():
    """r. 10-4-3: a limit break puts the old card under the new one as a level card; r. 10-4-3-3-1:
    +2 ATK / +2 HP per level card; r. 9-2-3: a KO sends one level card to the gauge, the member stays."""
    s = state(a=[member("V1", atk=1, hp=2, rank=0, name="Vane"), member("V2", atk=1, hp=2, rank=0,
                                                                     name="Vane [Summer]")])
    field(s, 0, 0)
    hand(s, 0, 1)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 1 and S(s)[0, col(0, R.M_LVC)] == 0 and S(s)[0, col(0, R.M_LV)] == 1
    S(s)[0, col(0, R.M_LVC + 1)], S(s)[0, col(0, R.M_LV)] = 9, 2  # a second level card
    assert R.unit_atk(s, 0, 0) == 5 and R.unit_hp(s, 0, 0) == 6
    assert R.deal_damage(s, 0, 0, 6) == 1
    assert members(s, 0)[0] == 1 and S(s)[0, col(0, R.M_LV)] == 1 and S(s)[0, R.P_GUP] == 1
    assert S(s)[0, R.Z0 + R.Z_GUP * N] == 9 and S(s)[0, R.P_PEND_REP] == 0  # the top level card went
    assert R.unit_hp(s, 0, 0) == 4


def test_rule_3_6_3_1_level_cards_carry_no_rank():
    s = state(a=[member("V1", rank=3, name="Vane"), member("V2", rank=1, name="Vane (Summer)"), member("P", rank=1)])
    crystals(s, 0, 10, 11)
    j = field(s, 0, 1)
    S(s)[0, col(j, R.M_LVC)], S(s)[0, col(j, R.M_LV)] = 0, 1  # the rank-3 card is a level card under it
    assert R.member_rank(s, 0, -1) == 1 and R.can_deploy(s, 0, 2)


def test_rule_2_6_1_1_1_ougi_flips_the_top_face_up_gauge_cards_and_needs_them_all():
    ougi = member("O", atk=2, rank=0, eff=["attack:pump:3:self:0:2"])
    for gauge in ((5, 6, 7), (5,)):
        s = state(a=[ougi], b=[member("B", hp=9)])
        field(s, 0, 0)
        field(s, 1, 0)
        zone(s, 0, R.Z_GUP, R.P_GUP, *gauge)
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
        A.join_battle(s, 0, 0)
        if len(gauge) == 3:
            assert S(s)[0, R.P_GUP] == 1 and S(s)[0, R.Z0 + R.Z_GUP * N] == 5
            assert sorted(S(s)[0, R.Z0 + R.Z_GDN * N:R.Z0 + R.Z_GDN * N + 2]) == [6, 7]
        else:  # one face-up card cannot pay an ougi of 2: no partial payment, no effect
            assert S(s)[0, R.P_GUP] == 1 and S(s)[0, R.P_GDN] == 0 and R.unit_atk(s, 0, 0) == 2


def test_rule_2_6_1_1_2_and_2_6_1_1_3_and_6_5_1_3_ougi_boost_and_use_last_the_turn():
    """r. 2-6-1-1-2: an ougi's +ATK lasts the turn; r. 2-6-1-1-3: once per card per turn; r. 6-5-1-3:
    at the end of the burst phase this turn's modifications and uses end, so it fires again next turn."""
    s = state(a=[member("O", atk=2, rank=0, eff=["attack:pump:3:self:0:1"])], b=[member("B", hp=9)])
    field(s, 0, 0)
    field(s, 1, 0)
    zone(s, 0, R.Z_GUP, R.P_GUP, 5, 6, 7)
    for turn in range(2):
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
        S(s)[0, col(0, R.M_ACT)] = 1
        A.join_battle(s, 0, 0)
        assert R.unit_atk(s, 0, 0) == 5 and S(s)[0, col(0, R.M_OUGI)] == 1
        A.end_battle(s, 0)
        assert R.unit_atk(s, 0, 0) == 5  # still this turn
        S(s)[0, col(0, R.M_ACT)] = 1
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
        A.join_battle(s, 0, 0)  # a second attack this turn: no second ougi
        assert S(s)[0, R.P_GUP] == 2 - turn and R.unit_atk(s, 0, 0) == 5
        A.end_battle(s, 0)
        S(s)[0, R.P_GDN] = 0  # no chain burst: only the end of the turn matters here
        A.burst_phase(s, 0)
        assert R.unit_atk(s, 0, 0) == 2 and S(s)[0, col(0, R.M_OUGI)] == 0


def test_rule_6_5_and_6_5_1_3_burst_phase_ends_both_players_turn_effects():
    s = state(a=[member("A", rank=0)], b=[member("B", rank=0)])
    field(s, 0, 0)
    field(s, 1, 0)
    for p in range(2):
        S(s)[p, col(0, R.M_ATK)], S(s)[p, col(0, R.M_HP)], S(s)[p, col(0, R.M_ACTED)] = 2, 2, 1
        S(s)[p, R.P_LATK], S(s)[p, R.P_LHP], S(s)[p, R.P_LOUGI] = 1, 1, 1
    S(s)[0, R.P_JC], S(s)[0, R.P_LB] = 1, 1
    A.burst_phase(s, 0)  # no face-down gauge card: no chain burst (r. 6-5-1-2)
    assert members(s, 1)[0] == 0
    for p in range(2):
        assert R.unit_atk(s, p, 0) == 2 and R.unit_hp(s, p, 0) == 3 and S(s)[p, col(0, R.M_ACTED)] == 0
        assert R.unit_atk(s, p, R.LEADER_SLOT) == 2 and S(s)[p, R.P_LOUGI] == 0
    assert S(s)[0, R.P_JC] == 0 and S(s)[0, R.P_LB] == 0


def test_rule_7_2_1_3_1_and_7_2_1_3_1_1_and_7_1_declaring_rests_the_card_and_makes_it_an_attack_card():
    s = state(a=[member("A", rank=0)], b=[member("B", hp=9)])
    j = field(s, 0, 0)
    field(s, 1, 0)
    G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
    assert A.join_battle(s, 0, j)
    assert S(s)[0, col(j, R.M_ACT)] == 0 and A.attacker_in(s, 0, j) and G(s)[R.G_ATTSEEN] == 1
    assert A.join_battle(s, 0, R.LEADER_SLOT)  # the leader attacks too (r. 7-1)
    assert S(s)[0, R.P_LACT] == 0 and A.attacker_in(s, 0, R.LEADER_SLOT) and G(s)[R.G_ATTSEEN] == 0b1001


def test_rule_7_2_1_3_1_4_ougi_fires_at_the_checkpoint_of_the_declaration_only_in_battle():
    ougi_lead = leader("LO", atk=2, eff=["attack:draw:1:none:0:1"])
    for partner_there in (True, False):
        s = state(b=[member("B", hp=9)], leaders_a=(ougi_lead,))
        field(s, 1, 0)
        zone(s, 0, R.Z_GUP, R.P_GUP, 5)
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT] = 1, 0
        G(s)[R.G_PSER] = S(s)[1, col(0, R.M_SER)] + (0 if partner_there else 1)  # another object: not in battle
        assert A.join_battle(s, 0, R.LEADER_SLOT) == partner_there
        assert (S(s)[0, R.P_LOUGI], S(s)[0, R.P_GDN], S(s)[0, R.P_HAND]) == ((1, 1, 1) if partner_there else (0, 0, 0))


def test_rule_7_2_1_3_attack_step_pursuit_only_after_a_counter_step():
    """r. 7-2-1-3: the attack step's actions; the engine offers pursuits when it is back from a counter
    step (pursue), and summon stones in either case."""
    for pursue in (True, False):
        s = state(a=[member("A", atk=4, rank=0), member("C", atk=3, rank=0)], b=[member("B", hp=6)],
                  policies=(CURVE, CURVE))
        field(s, 0, 0)
        field(s, 0, 1)
        field(s, 1, 0)
        G(s)[R.G_TP] = 0
        S(s)[0, R.P_LACT] = 0  # the 2-ATK leader would make up the 6 too
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
        A.join_battle(s, 0, 0)
        assert A.attack_step(s, 0, True, pursue)
        assert A.attacker_in(s, 0, 1) == pursue  # 4 < 6: the 3-ATK member pursues to reach the HP


def test_rule_6_4_battle_phase_attacks_the_leader_without_members_and_breaks_armor():
    s = state(a=[member("A", atk=6, rank=0)], b=[member("AR", rank=9)], policies=(CURVE, CURVE))
    field(s, 0, 0)
    armor(s, 1, 0)
    G(s)[R.G_TP] = 0
    S(s)[0, R.P_LACT] = 0
    A.battle_phase(s, 0)
    assert S(s)[0, col(0, R.M_ACT)] == 0 and S(s)[1, R.P_ARM] == 0 and hand_of(s, 1) == [0]
    assert not G(s)[R.G_BATTLE] and not G(s)[R.G_OVER]


def test_rule_1_3_2_drawing_from_an_empty_deck_does_nothing_and_4_8_and_3_2_3_draw_one_at_a_time():
    s = state()
    R.draw_cards(s, 0, 3)
    assert hand_of(s, 0) == [0, 1, 2] and S(s)[0, R.P_HEAD] == 3 and S(s)[0, R.P_DECK] == N - 3
    S(s)[0, R.P_DECK] = 1
    R.draw_cards(s, 0, 2)
    assert hand_of(s, 0) == [0, 1, 2, 3] and S(s)[0, R.P_DECK] == 0 and R.draw_top(s, 0) == -1


def test_rule_6_2_and_6_2_6_start_phase_deck_out_at_the_draw_before_the_crystal():
    """r. 6-2: untap, draw 2, checkpoint (r. 6-2-6: the empty deck loses here), then the crystal."""
    s = state()
    S(s)[0, R.P_DECK] = 2
    A.start_phase(s, 0, False)
    assert S(s)[0, R.P_HAND] == 2 and S(s)[0, R.P_CRY] == 0 and G(s)[R.G_OVER] and S(s)[0, R.P_LOST] == 2


def test_rule_6_3_and_6_3_1_2_and_6_3_1_3_main_phase_acts_until_the_policy_passes():
    from sim.games.gbf.policy import A_PASS, ACT, main_action
    s = state(a=[member("A", rank=0), member("B", rank=0), stone("BOLT", cost=1, eff=["cast:damage:3:opp_character"]),
                 member("F", rank=9)], b=[member("X", hp=3)], policies=(CURVE, CURVE))
    hand(s, 0, 0, 1, 2)
    crystals(s, 0, 3)
    field(s, 1, 0)
    A.main_phase(s, 0)  # priority comes back after each action: two deploys and a summon
    assert sorted(m for m in members(s, 0) if m >= 0) == [0, 1] and S(s)[0, R.P_HAND] == 0
    assert members(s, 1)[0] == -1 and main_action(s, 0) == A_PASS * ACT


def test_rule_8_1_2_activated_effect_pays_its_cost_and_resolves():
    s = state(a=[member("E", rank=0, eff=["action:draw:1:none:0:1:once"])], policies=(CURVE, CURVE))
    field(s, 0, 0)
    crystals(s, 0, 10)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 1, N - 1  # row 0 is in play: the deck starts at a filler
    A.main_phase(s, 0)
    assert S(s)[0, R.P_HAND] == 1 and R.active_crystals(s, 0, 0) == 0 and S(s)[0, col(0, R.M_ACTED)] == 1
    s = state(a=[member("E", rank=0, eff=["action:draw:1:none:0:1"])], policies=(CURVE, CURVE))
    field(s, 0, 0)
    A.main_phase(s, 0)  # no crystal: no cost, no activation (r. 8-4-2-5)
    assert S(s)[0, R.P_HAND] == 0


def test_rule_8_5_1_and_9_4_defeat_check_before_the_armor_break():
    s = state(b=[member("AR", rank=0)])
    armor(s, 1, 0)
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)
    S(s)[0, R.P_DECK] = 0
    A.checkpoint(s)
    assert G(s)[R.G_OVER] and S(s)[0, R.P_LOST] == 2 and S(s)[1, R.P_ARM] == 1 and members(s, 1)[0] == -1


def test_rule_9_4_2_1_1_the_turn_players_armor_break_first():
    """Both leaders lost an armor: the turn player's (a stone that deals 3 to an opposing member) breaks
    first and finds no target; the non-turn player's armor member then deploys and stays."""
    for tp, survives in ((0, True), (1, False)):
        s = state(a=[stone("QK", cost=0, eff=["cast:damage:3:opp_character"])], b=[member("AR", hp=3, rank=0)])
        G(s)[R.G_TP] = tp
        armor(s, 0, 0)
        armor(s, 1, 0)
        R.deal_damage(s, 0, R.LEADER_SLOT, 6)
        R.deal_damage(s, 1, R.LEADER_SLOT, 6)
        A.checkpoint(s)
        assert S(s)[0, R.P_GUP] == 1 and (members(s, 1)[0] == 0) == survives


def test_rule_9_4_3_1_1_and_8_5_1_both_players_replenish_before_any_auto_effect_resolves():
    """Both players replenish, the turn player first (r. 9-4-3-1-1); the "on deploy: 3 damage" of the member one
    of them deploys is pending (r. 8-7-2) and resolves only after every rule process (r. 8-5-1), so the other
    player's replenished member is in play, and KO'd, whichever player is the turn player. (With the effect
    pending, nothing between the two replenishments can show their order.)"""
    for tp in (0, 1):
        s = state(a=[member("P", rank=0, eff=["enter:damage:3:opp_character"])], b=[member("Q", hp=3, rank=0)])
        G(s)[R.G_TP] = tp
        hand(s, 0, 0)
        hand(s, 1, 0)
        S(s)[0, R.P_PEND_REP] = S(s)[1, R.P_PEND_REP] = 1
        A.checkpoint(s)
        assert members(s, 0)[0] == 0 and members(s, 1)[0] == -1 and S(s)[1, R.P_GUP] == 1


def test_rule_3_6_1_1_from_the_hand_active_by_a_rule_process_rested():
    s = state(a=[member("A", rank=0), member("B", rank=0)])
    hand(s, 0, 0)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 0 and S(s)[0, col(0, R.M_ACT)] == 1
    hand(s, 0, 1)
    S(s)[0, R.P_PEND_REP] = 1
    A.checkpoint(s)
    assert members(s, 0)[1] == 1 and S(s)[0, col(1, R.M_ACT)] == 0


def test_rule_3_1_4_a_member_that_leaves_play_is_a_new_object():
    s = state(b=[member("B", hp=3, rank=0)])
    field(s, 1, 0)
    ser = S(s)[1, col(0, R.M_SER)]
    S(s)[1, col(0, R.M_ATK)] = 4
    R.deal_damage(s, 1, 0, 3)
    hand(s, 1, 0)
    A.checkpoint(s)  # the replenishment deploys the same card again
    assert members(s, 1)[0] == 0 and S(s)[1, col(0, R.M_SER)] != ser and R.unit_atk(s, 1, 0) == 2


def test_rule_3_8_and_3_8_2_and_9_4_2_3_1_armor_break_takes_a_uniformly_random_armor_card():
    seen = set()
    for seed in range(40):
        s = state(b=[member(f"M{i}", rank=9) for i in range(5)], seed=seed)
        armor(s, 1, 0, 1, 2, 3, 4)
        R.deal_damage(s, 1, R.LEADER_SLOT, 6)
        A.checkpoint(s)
        assert S(s)[1, R.P_ARM] == 4 and len(hand_of(s, 1)) == 1
        seen.add(hand_of(s, 1)[0])
    assert seen == {0, 1, 2, 3, 4}


def test_rule_10_17_a_trigger_activated_stone_is_free_by_default():
    bolt = stone("BOLT", cost=3, eff=["cast:damage:3:opp_character"])
    for pays, ko in ((0, True), (1, False)):
        s = state(a=[bolt], b=[member("B", hp=3)], options={"trigger_pays_cost": pays})
        field(s, 1, 0)
        A.trigger_summon(s, 0, 0, True)
        assert S(s)[0, R.P_GUP] == 1 and (members(s, 1)[0] == -1) == ko


def test_rule_10_2_3_deploy_needs_the_rank_and_name_limits():
    s = state(a=[member("V", rank=1, name="Vane"), member("V2", rank=0, name="Vane [Summer]"),
                 member("R3", rank=3)], policies=(CURVE, CURVE))
    crystals(s, 0, 10)
    field(s, 0, 0)
    S(s)[0, R.P_LB] = 1  # no limit break this turn: V2 could only deploy, and the name limit forbids it
    hand(s, 0, 1, 2)
    A.main_phase(s, 0)
    assert members(s, 0) == [0, -1, -1] and hand_of(s, 0) == [1, 2]


def test_rule_10_3_3_job_change_keeps_the_rest_state_and_the_old_leader_face_up():
    l1 = leader("L1", atk=4, hp=8, rank=1)
    s = state(leaders_a=(LEAD, l1))
    crystals(s, 0, 10)
    lead0 = S(s)[0, R.P_LEAD]
    S(s)[0, R.P_LACT] = 0
    A.main_phase(s, 0)
    assert S(s)[0, R.P_LEAD] != lead0 and S(s)[0, R.P_LACT] == 0
    assert S(s)[0, R.P_LUP] == 1 and S(s)[0, R.LUP0] == lead0 and S(s)[0, R.P_LDK] == 0


def test_rule_2_1_character_name_is_outside_the_brackets():
    assert gbf.char_name("Vane [Summer] (Light)") == "Vane" and gbf.char_name("Hero (Female)") == "Hero"
    s = state(a=[member("X", rank=0, name="[Holy Knight] Vane"), member("Y", rank=0, name="Vane (Earth)")])
    field(s, 0, 0)
    assert not R.can_deploy(s, 0, 1)


def test_rule_2_11_2_three_card_kinds():
    from sim.engine.compiled import K_TYPE
    s = state(a=[member("M"), stone("S")])
    assert (K(s)[0, 0, K_TYPE], K(s)[0, 1, K_TYPE], K(s)[0, S(s)[0, R.P_LEAD], K_TYPE]) == (R.MEMBER, R.SUMMON, R.LEADER)


def test_rule_5_1_2_and_5_1_2_3_leader_deck_of_1_to_5_with_a_rank_0_leader():
    from sim.errors import InputError
    with pytest.raises(InputError, match="5-1-2"):
        state(leaders_a=tuple(leader(f"L{i}") for i in range(6)))
    with pytest.raises(InputError, match="5-1-2-3"):
        state(leaders_a=(leader("L1", rank=1),))
    state(leaders_a=tuple(leader(f"L{i}", rank=i) for i in range(5)))


def test_rule_5_2_and_5_2_1_4_and_5_2_1_4_1_first_player_at_random_both_set_up():
    a, b = gbf.compile_matchup(deck(), deck())
    games = gbf.play(a, b, CURVE, CURVE, seed=2, stream=0, start=0, n=200).games
    first = games[:, G_FIRST].mean()
    assert 0.39 < first < 0.61  # 200 fair coins: outside this ~1 time in 400
    s = state()
    A.setup(s, 0, 1)
    A.setup(s, 1, 1)
    for p in range(2):
        assert S(s)[p, R.P_HAND] == 5 and S(s)[p, R.P_ARM] == 5 and S(s)[p, R.P_DECK] == N - 10


def test_rule_11_1_1_3_counter_windows_caps_the_counter_steps_of_a_battle():
    """The rules let counter steps repeat (r. 11-1-1-3); the option counter_windows caps them per battle.
    The defender's first Assist (+3 HP) is answered by the attacker's pursuit (4 + 3 >= 4 + 3); with 2
    windows its second Assist answers that and its member survives, with 1 the member is KO'd (and the
    second Assist card is the member replenished in its place)."""
    medic = member("MEDIC", rank=0, elem="light", kw=["assist"], eff=["action:shield:3:own_character:0:1"])
    medic2 = member("MEDIC2", rank=0, elem="light", kw=["assist"], eff=["action:shield:3:own_character:0:1"])
    for windows, survives in ((1, False), (2, True)):
        s = state(a=[member("A", atk=4, rank=0), member("C", atk=3, rank=0)],
                  b=[member("B", hp=4), medic, medic2], policies=(CURVE, CONTROL),
                  options={"counter_windows": windows})
        field(s, 0, 0)
        field(s, 0, 1)
        field(s, 1, 0)
        hand(s, 1, 1, 2)
        crystals(s, 1, 10, 11)
        G(s)[R.G_TP] = 0
        S(s)[0, R.P_LACT] = 0
        A.battle_phase(s, 0)
        assert S(s)[0, col(1, R.M_ACT)] == 0  # C pursued after the first counter step (4 + 3 >= 4 + 3)
        assert (members(s, 1)[0] == 0) == survives and S(s)[1, R.P_HAND] == 0, windows
