"""Granblue Fantasy TCG scenarios for the digest rules issue 34 added to the engine (rules/gbf.md, seed 000):
"at the start of" timings and "until your turn starts", "on job change / on limit break" and state triggers,
damage additions and reductions, choose N / up to N targets, divided damage, random choice and chips.
Each puts the cards in place with numpy and calls the engine's own numba functions."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.cards.effects import parse_effect
from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.gbf import actions as A
from sim.games.gbf import engine as gbf
from sim.games.gbf import rules as R
from tests.test_gbf_rules import (
    CURVE,
    RANDOM,
    G,
    N,
    S,
    col,
    crystals,
    field,
    hand,
    leader,
    member,
    members,
    state,
    stone,
)

DECKS = Path(__file__).resolve().parents[1] / "decks" / "gbf"


def gauge_up(s, p):
    return sorted(int(x) for x in S(s)[p, R.Z0 + R.Z_GUP * N:R.Z0 + R.Z_GUP * N + S(s)[p, R.P_GUP]])


# ---------------------------------------------------------------- 6-2 to 7-4: "at the start of" timings


def test_rule_6_2_1_until_your_turn_starts_lasts_through_the_opponents_turn():
    s = state(a=[member("M", atk=2, hp=3, eff=["enter:shield:3:self:1", "enter:pump:2:self:1"])])
    j = A.deploy(s, 0, 0, 1)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert R.unit_hp(s, 0, j) == 6 and R.unit_atk(s, 0, j) == 4
    A.burst_phase(s, 0)  # "this turn" ends (r. 6-5-1-3): not these
    G(s)[R.G_TP] = 1
    A.start_phase(s, 1, False)  # the opponent's turn starts: not its controller's
    assert R.unit_hp(s, 0, j) == 6 and R.unit_atk(s, 0, j) == 4
    G(s)[R.G_TP] = 0
    A.start_phase(s, 0, False)
    assert R.unit_hp(s, 0, j) == 3 and R.unit_atk(s, 0, j) == 2


def test_rule_6_2_2_and_2_5_2_start_of_turn_effects_of_the_leader_and_members_after_the_old_ones_end():
    """The leader's "at the start of your turn: +2 HP until your turn starts" is applied after the previous
    one ended (r. 6-2-1 comes first); a card in the hand has no effect (r. 2-5-2)."""
    s = state(a=[member("M", eff=["turn_start:draw:1"]), member("H", eff=["turn_start:draw:1"])],
              leaders_a=(leader("L0", hp=6, eff=["turn_start:shield:2:self:1"]),))
    field(s, 0, 0)
    hand(s, 0, 1)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 2, N - 2
    S(s)[0, R.P_LHP], S(s)[0, R.P_LHPU] = 2, 2  # from its previous turn (P_LHP: all its modifications)
    S(s)[0, R.P_LACT] = 0
    A.start_phase(s, 0, False)
    assert S(s)[0, R.P_LHPU] == 2 and R.unit_hp(s, 0, R.LEADER_SLOT) == 8
    assert S(s)[0, R.P_HAND] == 1 + 1 + 2  # the member's draw 1, not the hand card's, then the draw step
    assert S(s)[0, R.P_LACT] == 1


def test_rule_6_3_1_1_start_of_main_phase_effects_then_a_checkpoint():
    """The member's damage KOs the opposing member at the start of the main phase; its checkpoint replenishes
    the opponent's member area before the turn player acts."""
    s = state(a=[member("M", eff=["main_start:damage:2:opp_character"])], b=[member("B", hp=2), member("B2", rank=0)])
    field(s, 0, 0)
    field(s, 1, 0)
    hand(s, 1, 1)
    A.main_phase(s, 0)
    assert members(s, 1)[0] == 1 and S(s)[1, R.P_HAND] == 0 and gauge_up(s, 1) == [0]


def test_rule_7_2_1_1_attack_step_and_battle_phase_start_timings():
    """The member's attack-step chip comes at each attack step that starts (the battle phase's first and the
    one after the damage step); the leader's battle-phase chip only at the first."""
    s = state(a=[member("A", atk=3, rank=0, eff=["attack_step:chip:1:self:0"])], b=[member("B", hp=3)],
              leaders_a=(leader("L0", eff=["battle_start:chip:1:self:1"]),))
    field(s, 0, 0)
    field(s, 1, 0)
    S(s)[0, R.P_LACT] = 0
    A.battle_phase(s, 0)
    assert members(s, 1)[0] == -1  # one battle: the member attacked and KO'd B
    assert S(s)[0, col(0, R.M_CHA)] == 2 and S(s)[0, R.P_LCHH] == 1


@pytest.mark.parametrize("pump", [True, False])
def test_rule_7_4_1_1_start_of_damage_step_effects_of_both_players_before_the_damage(pump):
    eff = ["damage_step:pump:1:self"] if pump else []
    s = state(a=[member("A", atk=3, rank=0, eff=eff)], b=[member("B", hp=3, eff=["damage_step:shield:1:self"])])
    field(s, 0, 0)
    field(s, 1, 0)
    S(s)[0, R.P_LACT] = 0
    A.battle_phase(s, 0)
    assert (members(s, 1)[0] == -1) == pump  # 3 + 1 ATK against 3 + 1 HP; without the pump 3 against 4


def test_rule_6_5_1_1_start_of_burst_phase_effects_then_a_checkpoint():
    s = state(a=[member("M", eff=["burst_start:damage:1:opp_character"])], b=[member("B", hp=1), member("B2", rank=0)])
    field(s, 0, 0)
    field(s, 1, 0)
    hand(s, 1, 1)
    A.burst_phase(s, 0)
    assert members(s, 1)[0] == 1 and S(s)[1, R.P_HAND] == 0


@pytest.mark.parametrize("paid", [True, False])
def test_rule_7_2_1_3_3_an_activated_effect_in_the_attack_step_answers_a_counter_step(paid):
    """The defender's Assist raises its member's HP to 5 in the counter step; back in the attack step the
    attacker's 〔1〕 +2 ATK effect on itself makes its 3 ATK a KO, if a crystal pays it."""
    s = state(a=[member("A", atk=3, rank=0, eff=["action:pump:2:self:0:1:once"])],
              b=[member("B", hp=3), member("M", eff=["action:shield:2:own_character:0:0"], kw=["assist"])])
    field(s, 0, 0)
    field(s, 1, 0)
    hand(s, 1, 1)
    if paid:
        crystals(s, 0, 5)
    S(s)[0, R.P_LACT] = 0
    A.battle_phase(s, 0)
    assert S(s)[1, R.P_HAND] == 0  # the Assist was used
    assert (members(s, 1)[0] == -1) == paid and S(s)[0, col(0, R.M_ACTED)] == paid


@pytest.mark.parametrize("cost", [0, 1])
def test_rule_8_4_2_2_1_and_8_4_2_5_a_zero_cost_is_paid_by_declaring_an_unpaid_one_is_not_used(cost):
    """With no crystal, the Assist of cost (0) deals its damage in the main phase; the one of cost 1 is not
    used."""
    s = state(a=[member("M", eff=[f"action:damage:1:opp_character:0:{cost}"], kw=["assist"])],
              b=[member("B", hp=1)])
    field(s, 1, 0)
    hand(s, 0, 0)
    A.main_phase(s, 0)
    assert (members(s, 1)[0] == -1) == (cost == 0) and S(s)[0, R.P_HAND] == (cost != 0)


# ---------------------------------------------------------------- 8-7: triggers


def test_rule_8_7_2_2_on_job_change_and_on_limit_break_fire_for_the_card_itself():
    vane = member("V1", atk=2, hp=3, rank=1, name="Vane")
    summer = member("V2", atk=3, hp=3, rank=1, name="Vane (Summer)", eff=["limit_break:draw:2", "enter:draw:5"])
    l1 = leader("L1", rank=1, eff=["job_change:draw:1"])
    s = state(a=[vane, summer], leaders_a=(leader("L0", eff=["job_change:draw:3"]), l1))
    crystals(s, 0, 10, 11)
    field(s, 0, 0)
    hand(s, 0, 1)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 12, N - 12
    A.main_phase(s, 0)
    assert S(s)[0, R.P_LB] == 1 and S(s)[0, R.P_JC] == 1
    assert S(s)[0, R.P_HAND] == 2 + 1  # the new leader's and the new card's, not the old leader's or on deploy


def test_rule_8_7_5_a_state_trigger_fires_while_its_state_holds_once_per_checkpoint():
    s = state(a=[member("M", eff=["hand_empty:draw:1"]), member("P", eff=["hand_empty:pump:1:self"])])
    field(s, 0, 0)
    field(s, 0, 1)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 2, N - 2
    A.checkpoint(s)
    assert S(s)[0, R.P_HAND] == 1 and S(s)[0, col(1, R.M_ATK)] == 1  # both once: the hand is no longer empty
    A.checkpoint(s)
    assert S(s)[0, R.P_HAND] == 1 and S(s)[0, col(1, R.M_ATK)] == 1
    R.take_hand(s, 0, 0)
    A.checkpoint(s)  # the state arises again
    assert S(s)[0, R.P_HAND] == 1 and S(s)[0, col(1, R.M_ATK)] == 2


# ---------------------------------------------------------------- 8-9, 9-2: modifications and damage


def test_rule_8_9_2_a_modification_does_not_follow_a_member_that_left_the_member_area():
    s = state(a=[member("M", atk=2, hp=3)])
    j = field(s, 0, 0)
    S(s)[0, col(j, R.M_ATK)], S(s)[0, col(j, R.M_ATKU)], S(s)[0, col(j, R.M_CHA)] = 3, 2, 1
    R.ko_member(s, 0, j)
    j = field(s, 0, 0)  # the same card deployed again: a new object (r. 3-1-4)
    assert R.unit_atk(s, 0, j) == 2


def test_rule_9_2_1_3_2_and_9_2_1_3_3_additions_then_reductions_change_the_damage_value():
    adder = member("D", eff=["static:damage_mod:1:all_opp_characters"])
    s = state(a=[adder], b=[member("B", hp=3, eff=["static:damage_mod:-1:self"])])
    field(s, 1, 0)
    R.deal_damage(s, 1, 0, 3)  # 3 - 1: the reduction alone
    assert members(s, 1)[0] == 0
    field(s, 0, 0)
    assert R.damage_value(s, 1, 0, 3, R.DSRC_CARD) == 3 and R.damage_value(s, 1, 0, 1, R.DSRC_CARD) == 1
    R.deal_damage(s, 1, 0, 0)  # 0 is not dealt at all (r. 9-2-1-3-1): the addition does not make it 1
    assert members(s, 1)[0] == 0
    R.deal_damage(s, 1, 0, 3)  # 3 + 1 - 1
    assert members(s, 1)[0] == -1


def test_rule_8_1_3_a_static_effect_applies_while_its_card_is_in_play():
    s = state(a=[member("D", hp=9, eff=["static:damage_mod:1:all_opp_characters"])], b=[member("B", hp=3)])
    field(s, 1, 0)
    j = field(s, 0, 0)
    assert R.damage_value(s, 1, 0, 2, R.DSRC_CARD) == 3
    R.deal_damage(s, 0, j, 9)  # the drummer is KO'd: its effect stops
    assert members(s, 0)[j] == -1 and R.damage_value(s, 1, 0, 2, R.DSRC_CARD) == 2


def test_rule_9_2_1_3_5_a_member_with_damage_at_least_its_hp_is_knocked_out():
    s = state(b=[member("B", hp=4), member("C", hp=4)])
    field(s, 1, 0)
    field(s, 1, 1)
    assert R.deal_damage(s, 1, 0, 3) == 0 and R.deal_damage(s, 1, 1, 4) == 1
    assert members(s, 1)[:2] == [0, -1] and gauge_up(s, 1) == [1]


def test_rule_9_2_1_3_2_a_static_addition_works_only_from_the_member_area():
    s = state(a=[member("D", eff=["static:damage_mod:2:all_opp_characters"])], b=[member("B", hp=3)])
    field(s, 1, 0)
    hand(s, 0, 0)
    R.deal_damage(s, 1, 0, 2)
    assert members(s, 1)[0] == 0  # in the hand it adds nothing (r. 2-5-2)


# ---------------------------------------------------------------- 8-6-3, 10-13, 10-14: choices


def test_rule_8_6_3_and_8_6_3_1_rest_2_chooses_as_many_as_it_can():
    s = state(a=[member("X", eff=["enter:dull:2:opp_character"])],
              b=[member("B1", atk=1), member("B2", atk=5), member("B3", atk=3)])
    for r in range(3):
        field(s, 1, r)
    A.deploy(s, 0, 0, 1)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert [int(S(s)[1, col(j, R.M_ACT)]) for j in range(3)] == [1, 0, 0]  # the two highest-ATK ones
    S(s)[1, col(1, R.M_ACT)] = 1
    S(s)[1, col(0, R.M_ACT)] = 0
    S(s)[1, col(2, R.M_ACT)] = 0
    A.deploy(s, 0, 0, 1)  # one active member left: that one (r. 8-6-3-3)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert [int(S(s)[1, col(j, R.M_ACT)]) for j in range(3)] == [0, 0, 0]


def test_rule_10_13_and_8_6_3_2_and_1_3_5_divided_damage_to_up_to_n_members_each_share_its_own_instance():
    """4 damage among up to 3: 3 to the 5-ATK member with 3 HP and 1 to the 1-HP one, KO-ing both; none to
    the third (up to 3: 2 chosen). The shares are whole numbers of at least 1; each is tested against its
    target's HP on its own."""
    s = state(a=[member("X", eff=["enter:damage:4:opp_character:3"])],
              b=[member("B1", atk=1, hp=1), member("B2", atk=5, hp=3), member("B3", atk=2, hp=2)])
    for r in range(3):
        field(s, 1, r)
    A.deploy(s, 0, 0, 1)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert members(s, 1) == [-1, -1, 2]
    s = state(a=[member("X", eff=["enter:damage:4:opp_character:3"])],
              b=[member("B1", atk=1, hp=1), member("B2", atk=5, hp=3), member("B3", atk=2, hp=2)])
    for r in range(3):
        field(s, 1, r)
    assert R.divide_damage(s, 1, 4, 3) == (1, 3, 0)
    s = state(a=[member("X", eff=["enter:damage:4:opp_character:3"])], b=[member("B1", atk=1, hp=9)])
    field(s, 1, 0)
    A.deploy(s, 0, 0, 1)  # nothing to KO: all 4 on one member, one instance (below its 9 HP)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert members(s, 1)[0] == 0


def test_rule_10_14_random_choice_from_a_hidden_zone_is_seeded():
    picks = set()
    for seed in range(12):
        s = state(a=[member("X", eff=["enter:discard:1:opp_player"])], b=[member(f"H{i}") for i in range(3)],
                  seed=seed)
        hand(s, 1, 0, 1, 2)
        A.deploy(s, 0, 0, 1)
        A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
        assert S(s)[1, R.P_HAND] == 2 and len(gauge_up(s, 1)) == 1
        picks.add(gauge_up(s, 1)[0])
        again = state(a=[member("X", eff=["enter:discard:1:opp_player"])], b=[member(f"H{i}") for i in range(3)],
                      seed=seed)
        hand(again, 1, 0, 1, 2)
        A.deploy(again, 0, 0, 1)
        A.checkpoint(again)  # its enter effects resolve (r. 8-7-2)
        assert gauge_up(again, 1) == gauge_up(s, 1)  # the same seed, the same card
    assert picks == {0, 1, 2}


# ---------------------------------------------------------------- 10-16: chips


def test_rule_10_16_and_10_16_2_and_10_16_4_1_atk_hp_and_rank_chips_modify_their_stat():
    s = state(a=[member("X", atk=2, hp=3, rank=2, eff=["enter:chip:1:self:0", "enter:chip:2:self:1",
                                                        "enter:chip:-1:self:2"]),
                 member("Y", rank=2)])
    crystals(s, 0, 10, 11)
    j = A.deploy(s, 0, 0, 1)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert R.unit_atk(s, 0, j) == 3 and R.unit_hp(s, 0, j) == 5 and R.member_rank(s, 0, -1) == 1
    assert not R.can_deploy(s, 0, 1)  # 1 + 2 > 2 crystals
    crystals(s, 0, 10, 11, 12)
    assert R.can_deploy(s, 0, 1)  # 1 + 2 <= 3 crystals: without the chip 2 + 2 would not fit


def test_rule_10_16_1_chips_go_with_a_card_that_changes_zone():
    s = state(a=[member("X", atk=2, hp=3, eff=["enter:chip:2:self:0"])], b=[member("B")])
    j = A.deploy(s, 0, 0, 1)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert R.unit_atk(s, 0, j) == 4
    R.ko_member(s, 0, j)
    j = field(s, 0, 0)
    assert R.unit_atk(s, 0, j) == 2


def test_rule_10_16_1_3_chips_carry_over_a_job_change_and_a_limit_break():
    vane = member("V1", atk=2, hp=3, rank=1, name="Vane")
    summer = member("V2", atk=3, hp=3, rank=1, name="Vane (Summer)")
    l1 = leader("L1", atk=4, rank=1)
    s = state(a=[vane, summer], leaders_a=(leader("L0"), l1))
    crystals(s, 0, 10, 11)
    j = field(s, 0, 0)
    S(s)[0, col(j, R.M_ATK)], S(s)[0, col(j, R.M_CHA)] = 1, 1  # an ATK+1 chip (M_ATK: all modifications)
    S(s)[0, R.P_LHP], S(s)[0, R.P_LCHH] = 2, 2
    hand(s, 0, 1)
    A.main_phase(s, 0)
    assert S(s)[0, R.P_JC] == 1 and S(s)[0, R.P_LB] == 1
    assert R.unit_atk(s, 0, j) == 3 + 2 + 1  # the new card, its level card, the chip
    assert R.unit_hp(s, 0, R.LEADER_SLOT) == 6 + 2 and R.unit_atk(s, 0, R.LEADER_SLOT) == 4


@pytest.mark.parametrize("chips", [1, 0])
def test_rule_10_15_reset_to_the_original_value_keeps_the_level_cards(chips):
    """The attacking member's ATK modifications go (its chips too under the default reset_removes_chips=1);
    its level card's +2 stays (r. 10-15-1-1)."""
    s = state(a=[member("R", rank=0), stone("MEDUSA", eff=["cast:reset:0:opp_character:0"])],
              b=[member("B", atk=3, hp=3), member("C", atk=9)], options={"reset_removes_chips": chips})
    field(s, 1, 1)
    j = field(s, 1, 0)
    S(s)[1, col(j, R.M_LV)], S(s)[1, col(j, R.M_LVC)] = 1, 10
    # +3 this turn, +1 until its turn starts, an ATK+2 chip: M_ATK holds all of them
    S(s)[1, col(j, R.M_ATK)], S(s)[1, col(j, R.M_ATKU)], S(s)[1, col(j, R.M_CHA)] = 6, 1, 2
    S(s)[1, col(j, R.M_HP)] = 4
    S(s)[1, col(j, R.M_ATT)] = 1
    A.play_summon(s, 0, 1, True)
    assert R.unit_atk(s, 1, j) == 3 + 2 + (0 if chips else 2)
    assert R.unit_hp(s, 1, j) == 3 + 2 + 4  # only the named stat


def test_a_chip_param_outside_atk_hp_rank_is_refused_naming_the_card():
    bad = Card(code="BAD", name="Bad", type="member", elements=("fire",), power=1, hp=1, rank=0,
               effects=(parse_effect("enter:chip:1:self:7"),))
    deck = Deck("gbf", "bad", Path("bad.toml"), {"main": [(bad, 50)], "leader": [(leader("L0"), 1)]})
    with pytest.raises(InputError, match=r"BAD.*10-16-4-1"):
        gbf.compile_matchup(deck, deck)


# ---------------------------------------------------------------- the shipped pool plays them


def test_the_toolbox_deck_carries_the_new_timings_and_its_games_keep_the_invariants():
    deck = load_deck(DECKS / "toolbox.toml")
    effects = {e.trigger for c, _ in deck.main + deck.zone("leader") for e in c.effects} | \
        {e.op for c, _ in deck.main + deck.zone("leader") for e in c.effects}
    assert {"turn_start", "main_start", "battle_start", "attack_step", "damage_step", "burst_start", "job_change",
            "limit_break", "hand_empty", "static", "chip", "discard", "action", "reset"} <= effects
    a, b = gbf.compile_matchup(deck, load_deck(DECKS / "control.toml"))
    for pa, pb in ((CURVE, CURVE), (RANDOM, RANDOM)):
        assert not gbf.check_invariants(a, b, pa, pb, seed=34, n=60).any()
