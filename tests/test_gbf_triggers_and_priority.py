"""Granblue Fantasy TCG scenarios for pending auto effects, last-known data, activation steps and priority windows
(rules/gbf.md §9, seed 000 r. 4-6, 8-5 to 8-7, 8-11). Each puts the cards in place with numpy and calls the
engine's own numba functions."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.cards.model import Deck
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.gbf import actions as A
from sim.games.gbf import engine as gbf
from sim.games.gbf import rules as R
from tests.test_gbf_rules import CURVE, G, N, S, col, crystals, field, hand, leader, member, members, state

DECKS = Path(__file__).resolve().parents[1] / "decks" / "gbf"


def pending(s, p):
    return int(S(s)[p, R.PQ])


# ---------------------------------------------------------------- 8-7: pending auto effects


def test_rule_8_7_2_an_auto_effect_is_pending_until_the_next_checkpoint():
    s = state(a=[member("M", eff=["enter:draw:1"])])
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 1, N - 1
    A.deploy(s, 0, 0, 1)
    assert S(s)[0, R.P_HAND] == 0 and pending(s, 0) == 1  # the condition is met: pending, not resolved
    A.checkpoint(s)
    assert S(s)[0, R.P_HAND] == 1 and pending(s, 0) == 0


def test_rule_8_7_2_1_a_condition_met_twice_is_pending_twice():
    s = state(a=[member("M", eff=["enter:draw:1"])])
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 1, N - 1
    j = field(s, 0, 0)
    R.pend(s, 0, 0, R.TR_ENTER, j)
    R.pend(s, 0, 0, R.TR_ENTER, j)
    assert pending(s, 0) == 2
    A.checkpoint(s)
    assert S(s)[0, R.P_HAND] == 2 and pending(s, 0) == 0


def test_rule_8_7_3_the_turn_players_pending_effects_resolve_first_whoever_triggered_first():
    """Both players' "at the start of the damage step" effects are pending; the non-turn player's was queued
    first, yet the turn player's resolves first (r. 8-5-1-2): its 3 damage KOs the defender's member, whose own
    +2 ATK (to itself) then fails (r. 8-7-6) while its draw still resolves."""
    s = state(a=[member("A", eff=["damage_step:damage:3:opp_character"])],
              b=[member("B", atk=2, hp=3, eff=["damage_step:pump:2:self", "damage_step:draw:1"]), member("C", atk=1)])
    field(s, 0, 0)
    jb, jc = field(s, 1, 0), field(s, 1, 1)
    S(s)[1, R.P_HEAD], S(s)[1, R.P_DECK] = 2, N - 2
    R.fire_area(s, 1, R.TR_DAMAGE_STEP)
    R.fire_area(s, 0, R.TR_DAMAGE_STEP)
    A.checkpoint(s)
    assert members(s, 1)[jb] == -1 and members(s, 1)[jc] == 1
    assert R.unit_atk(s, 1, jc) == 1 and R.unit_atk(s, 1, R.LEADER_SLOT) == 2  # the +2 went to no other unit
    assert S(s)[1, R.P_HAND] == 1 and pending(s, 0) == pending(s, 1) == 0  # the draw resolved; nothing left


def test_rule_8_7_6_and_8_7_3_1_a_card_that_left_still_activates_its_pending_effect_and_the_part_it_cannot_do_fails():
    s = state(a=[member("X", atk=2, hp=3, eff=["enter:pump:2:self", "enter:draw:1"]), member("Y", atk=1)])
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 2, N - 2
    jy = field(s, 0, 1)
    jx = A.deploy(s, 0, 0, 1)
    R.ko_member(s, 0, jx)  # it leaves the member area before the checkpoint
    A.checkpoint(s)
    assert S(s)[0, R.P_HAND] == 1  # activated all the same: the draw resolves
    assert R.unit_atk(s, 0, jy) == 1 and R.unit_atk(s, 0, R.LEADER_SLOT) == 2  # "this card +2": not carried out
    assert pending(s, 0) == 0  # the failed effect's pending state is cancelled too
    j = field(s, 0, 0)  # the same card back in play is a new object (r. 3-1-4): nothing of the old one applies
    assert R.unit_atk(s, 0, j) == 2


def test_rule_8_7_4_and_8_11_a_zone_change_trigger_reads_the_cards_last_known_atk():
    """Ember Martyr (3 ATK, "when this member is KO'd: deal damage equal to its ATK") pumped to 5 and KO'd: its
    effect, pending as it moved to the gauge, deals the 5 it had in the member area (r. 8-7-4-1-2, 8-11-1), which
    KOs a 5-HP member that its printed 3 would not."""
    martyr = member("GM-070", atk=3, hp=2, eff=["leave:damage:0:opp_character"])
    s = state(a=[member("Z", atk=1, hp=5)], b=[martyr])
    jz, jm = field(s, 0, 0), field(s, 1, 0)
    S(s)[1, col(jm, R.M_ATK)] = 2
    R.deal_damage(s, 1, jm, 2)
    assert members(s, 1)[jm] == -1 and members(s, 0)[jz] == 0 and pending(s, 1) == 1
    A.checkpoint(s)
    assert members(s, 0)[jz] == -1
    s = state(a=[member("Z", atk=1, hp=5)], b=[martyr])
    jz, jm = field(s, 0, 0), field(s, 1, 0)
    R.deal_damage(s, 1, jm, 2)
    A.checkpoint(s)
    assert members(s, 0)[jz] == 0  # unpumped: 3 damage, below 5 HP


def test_rule_8_7_4_a_limit_broken_member_does_not_leave_so_nothing_triggers():
    martyr = member("GM-070", atk=3, hp=2, name="Ember", eff=["leave:damage:0:opp_character"])
    s = state(a=[member("Z", atk=1, hp=1)], b=[martyr, member("GM-070b", name="Ember")])
    field(s, 0, 0)
    jm = field(s, 1, 0)
    S(s)[1, col(jm, R.M_LVC)], S(s)[1, col(jm, R.M_LV)] = 1, 1
    R.deal_damage(s, 1, jm, 9)
    A.checkpoint(s)
    assert members(s, 1)[jm] == 0 and members(s, 0)[0] == 0 and pending(s, 1) == 0


def test_a_leave_effect_on_a_leader_or_a_zero_damage_outside_one_is_refused_naming_the_card():
    for bad in (leader("BADL", eff=["leave:draw:1"]), None):
        lead = bad or leader("L0")
        main = [(member("BADM", eff=["enter:damage:0:opp_character"]) if bad is None else member("OK"), 50)]
        deck = Deck("gbf", "bad", Path("bad.toml"), {"main": main, "leader": [(lead, 1), (leader("L1"), 1)]})
        rule = "8-7-4" if bad else "8-11-1"
        with pytest.raises(InputError, match=rf"BAD.*{rule}"):
            gbf.compile_matchup(deck, deck)


# ---------------------------------------------------------------- 8-6: activation and targets


def test_rule_8_6_2_specify_pay_then_resolve_choosing_the_target_as_it_resolves():
    """An Assist (r. 10-18) used from the hand: specified, its cost paid (the crystal rested, the card to the
    gauge), then resolved; its "deal 2 damage to an opposing member" chooses as it resolves (r. 8-6-3) and takes
    the highest-ATK member it KOs. A pending effect chooses at its checkpoint, not when it triggered: the member
    that arrives in between is its target."""
    s = state(a=[member("AS", eff=["action:damage:2:opp_character:0:1"], kw=["assist"])],
              b=[member("B1", atk=1, hp=2), member("B2", atk=4, hp=2), member("B3", atk=9, hp=5)])
    field(s, 1, 0)
    field(s, 1, 1)
    field(s, 1, 2)
    crystals(s, 0, 10)
    hand(s, 0, 0)
    A.use_assist(s, 0, 0)
    assert S(s)[0, R.P_ACT] == 0 and S(s)[0, R.P_HAND] == 0 and S(s)[0, R.P_GUP] == 1
    assert members(s, 1) == [0, -1, 2]
    s = state(a=[member("PW", eff=["enter:damage:1:opp_character"])], b=[member("B1", atk=1, hp=2),
                                                                        member("B2", atk=6, hp=1)])
    field(s, 1, 0)
    A.deploy(s, 0, 0, 1)  # pending; the only member it could hit now has 2 HP
    field(s, 1, 1)
    A.checkpoint(s)
    assert members(s, 1) == [0, -1, -1]


# ---------------------------------------------------------------- 4-6, 8-5-2: priority windows


def test_rule_4_6_2_and_8_5_2_a_checkpoint_runs_before_the_priority_is_given():
    """A replenishment is due as the main phase starts (a KO of the last step): the checkpoint before the turn
    player's first action deploys the hand member rested; had the policy acted first it would have deployed it
    active."""
    s = state(a=[member("M", rank=0)])
    S(s)[0, R.P_PEND_REP] = 1
    hand(s, 0, 0)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 0 and S(s)[0, col(0, R.M_ACT)] == 0
    s = state(a=[member("M", rank=0)])
    hand(s, 0, 0)
    A.main_phase(s, 0)
    assert S(s)[0, col(0, R.M_ACT)] == 1


def test_rule_4_6_3_1_and_4_6_3_2_after_an_action_the_same_player_acts_again_and_a_pass_ends_with_a_checkpoint():
    """Two members in hand with "on deploy: draw 1": the turn player deploys one, its effect resolves at the
    checkpoint before its next priority, it deploys the other; after its pass nothing is left pending."""
    s = state(a=[member("M1", rank=0, eff=["enter:draw:1"]), member("M2", rank=0, eff=["enter:draw:1"])])
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 2, N - 2
    hand(s, 0, 0, 1)
    A.main_phase(s, 0)
    assert sorted(members(s, 0))[1:] == [0, 1] and S(s)[0, R.P_HAND] == 2 and pending(s, 0) == 0
    assert G(s)[R.G_TP] == 0


def test_rule_4_6_2_the_non_turn_player_gets_a_checkpoint_before_its_counter_step_priority():
    """The defender's pending "draw 1" resolves at the checkpoint that opens its counter step window, whether or
    not it then acts."""
    s = state(b=[member("D", eff=["enter:draw:1"])], policies=(CURVE, CURVE))
    S(s)[1, R.P_HEAD], S(s)[1, R.P_DECK] = 1, N - 1
    j = field(s, 1, 0)
    R.pend(s, 1, 0, R.TR_ENTER, j)
    A.counter_step(s, 1, False)
    assert S(s)[1, R.P_HAND] == 1 and pending(s, 1) == 0


# ---------------------------------------------------------------- the shipped pool plays them


def test_the_toolbox_deck_carries_a_leave_effect_and_its_games_keep_the_invariants():
    deck = load_deck(DECKS / "toolbox.toml")
    assert any(e.trigger == "leave" and e.op == "damage" and e.amount == 0 for c, _ in deck.main for e in c.effects)
    a, b = gbf.compile_matchup(deck, load_deck(DECKS / "aggro.toml"))
    assert not gbf.check_invariants(a, b, CURVE, CURVE, seed=34, n=60).any()


# ---------------------------------------------------------------- 3-1-5: cards entering a zone together


def test_rule_3_1_5_the_chain_burst_cards_go_under_the_deck_in_their_owners_order():
    """Three face-down gauge cards go under the deck together; the owner's order (the scripted owner's: the
    order they were flipped in) is the order they are drawn again."""
    s = state(a=[member(f"F{i}") for i in range(3)])
    gdn = R.Z0 + R.Z_GDN * N
    S(s)[0, gdn:gdn + 3] = (2, 0, 1)
    S(s)[0, R.P_GDN] = 3
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 3, N - 3
    A.burst_phase(s, 0)
    deck = R.Z0 + R.Z_DK * N
    bottom = [int(S(s)[0, deck + (S(s)[0, R.P_HEAD] + S(s)[0, R.P_DECK] - 3 + i) % N]) for i in range(3)]
    assert bottom == [2, 0, 1] and S(s)[0, R.P_GDN] == 0
