"""Granblue Fantasy TCG scenarios for the digest rules issue 34 part A took off the "not implemented" list
(rules/gbf.md, seed 000): damage sources and a replacement of a damage value, grant and negate and the order of
continuous effects, damage to each member of both players. Each puts the cards in place with numpy and calls
the engine's own numba functions."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.gbf import actions as A
from sim.games.gbf import engine as gbf
from sim.games.gbf import rules as R
from sim.games.gbf.policy import useful
from tests.test_gbf_rules import (
    CURVE,
    G,
    N,
    S,
    armor,
    col,
    crystals,
    deck,
    field,
    hand,
    hand_of,
    leader,
    member,
    members,
    state,
    stone,
    zone,
)

DECKS = Path(__file__).resolve().parents[1] / "decks" / "gbf"
FROM_STONES, FROM_BATTLE, FROM_EFFECTS = 2, 1, 2 | 4


def gauge_up(s, p):
    return sorted(int(x) for x in S(s)[p, R.Z0 + R.Z_GUP * N:R.Z0 + R.Z_GUP * N + S(s)[p, R.P_GUP]])


# ---------------------------------------------------------------- 4-9: damage sources


def test_rule_4_9_and_4_9_1_2_an_effects_damage_comes_from_its_card():
    """A member whose damage from summon stones is reduced by 2: a stone's 3 damage becomes 1 and it stays; a
    member's on-deploy 3 damage has that member as its source, is not reduced and KOs it."""
    ward = member("W", hp=3, eff=[f"static:damage_mod:-2:self:{FROM_STONES}"])
    bolt = stone("BOLT", cost=0, eff=["cast:damage:3:opp_character"])
    pyro = member("PY", eff=["enter:damage:3:opp_character"])
    s = state(a=[bolt, pyro], b=[ward])
    field(s, 1, 0)
    A.play_summon(s, 0, 0, True)
    assert members(s, 1)[0] == 0
    A.deploy(s, 0, 1, 1)
    A.checkpoint(s)  # the on-deploy effect is pending until then (r. 8-7-2)
    assert members(s, 1)[0] == -1 and gauge_up(s, 1) == [0]


def test_rule_4_9_1_1_battle_damage_comes_from_the_attack_cards():
    """A member whose battle damage is reduced by 2 survives an attack of 3 ATK (the damage step's source is the
    attack card) and is KO'd by 3 damage from a stone, which that reduction does not read."""
    guard = member("G", hp=3, eff=[f"static:damage_mod:-2:self:{FROM_BATTLE}"])
    s = state(a=[member("ATT", atk=3, hp=5), stone("BOLT", cost=0, eff=["cast:damage:3:opp_character"])],
              b=[guard], policies=(CURVE, CURVE))
    field(s, 0, 0)
    field(s, 1, 0)
    A.battle_phase(s, 0)
    assert S(s)[0, col(0, R.M_ACT)] == 0  # it attacked
    assert members(s, 1)[0] == 0
    A.play_summon(s, 0, 1, True)
    assert members(s, 1)[0] == -1


def test_rule_4_9_the_chain_burst_has_no_source():
    """r. 4-9 defines the sources of battle and effect damage only: a reduction of the damage from summon stones
    does not read the chain burst's damage; one of every damage (no source named) does."""
    for sources, stays in ((FROM_STONES, False), (0, True)):
        s = state(b=[member("W", hp=3, eff=[f"static:damage_mod:-1:self:{sources}"])])
        field(s, 1, 0)
        zone(s, 0, R.Z_GDN, R.P_GDN, 10, 11, 12)
        A.burst_phase(s, 0)
        assert (members(s, 1)[0] == 0) == stays


# ---------------------------------------------------------------- 8-10-1-1: a replacement of the damage value


def test_rule_8_10_1_1_a_damage_value_replacement_replaces_only_the_number():
    """"Damage from effects becomes 1": a stone's 5 damage becomes 1 and a member with HP 2 stays; the damage is
    still the stone's and still dealt, so an addition of the opponent's (+1) applies to the new number and KOs
    it; battle damage is not replaced."""
    mirror = member("M", hp=2, eff=[f"static:damage_mod:1:self:{R.DMG_BECOMES | FROM_EFFECTS}"])
    bolt = stone("BOLT", cost=0, eff=["cast:damage:5:opp_character"])
    drummer = member("D", hp=9, eff=["static:damage_mod:1:all_opp_characters"])
    s = state(a=[bolt, drummer], b=[mirror])
    field(s, 1, 0)
    A.play_summon(s, 0, 0, True)
    assert members(s, 1)[0] == 0
    field(s, 0, 1)
    A.play_summon(s, 0, 0, True)
    assert members(s, 1)[0] == -1
    s = state(b=[mirror])
    field(s, 1, 0)
    R.deal_damage_from(s, 1, 0, 5, R.DSRC_BATTLE)
    assert members(s, 1)[0] == -1


def test_rule_8_10_1_1_damage_that_becomes_0_goes_no_further_and_the_lowest_replacement_applies():
    """"Becomes 0" stops the damage before the additions (r. 9-2-1-3-1); of two value replacements the affected
    player applies the one that leaves the least (r. 8-10-2)."""
    zero = member("Z", hp=1, eff=[f"static:damage_mod:0:self:{R.DMG_BECOMES}"])
    s = state(a=[member("D", hp=9, eff=["static:damage_mod:3:all_opp_characters"])], b=[zero])
    field(s, 0, 0)
    field(s, 1, 0)
    assert R.damage_value(s, 1, 0, 4, R.DSRC_STONE) == 0
    R.deal_damage_from(s, 1, 0, 4, R.DSRC_STONE)
    assert members(s, 1)[0] == 0
    two = member("T", hp=9, eff=[f"static:damage_mod:3:self:{R.DMG_BECOMES}",
                                 f"static:damage_mod:2:self:{R.DMG_BECOMES}"])
    s = state(b=[two])
    field(s, 1, 0)
    assert R.damage_value(s, 1, 0, 7, R.DSRC_CARD) == 2


def test_a_damage_value_replacement_on_another_target_is_refused_naming_the_card():
    bad = member("BADBECOME", eff=[f"static:damage_mod:1:all_opp_characters:{R.DMG_BECOMES}"])
    with pytest.raises(InputError, match=r"BADBECOME.*8-10-1-1"):
        gbf.compile_matchup(deck(bad), deck())
    with pytest.raises(InputError, match=r"BADSRC.*4-9"):
        gbf.compile_matchup(deck(member("BADSRC", eff=["static:damage_mod:-1:self:16"])), deck())


# ---------------------------------------------------------------- 10-10: grant and negate; 8-9-1: their order


def test_rule_10_10_negate_the_opponents_members_ougi_and_continuous_effects():
    """While the opponent's negating member is in play, p's members have no ougi and no continuous effect (a
    damage reduction, a KO replacement); p's leader keeps its ougi; once the negating member is gone they are
    back. A negate of the ougi only (param 1) leaves the continuous effects."""
    hush = member("H", hp=9, eff=["static:negate:0:all_opp_characters:3"])
    ougi = member("O", eff=["attack:pump:1:self:0:1"])
    wall = member("W", name="W", hp=3, eff=["static:damage_mod:-1:self"])
    s = state(a=[ougi, wall], b=[hush], leaders_a=(leader("LO", eff=["attack:pump:2:self:0:2"]),))
    field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    assert R.ougi_cost(s, 0, 0) == -1 and R.ougi_cost(s, 0, S(s)[0, R.P_LEAD]) == 2
    assert R.damage_value(s, 0, 1, 3, R.DSRC_CARD) == 3
    R.ko_member(s, 1, 0)
    assert R.ougi_cost(s, 0, 0) == 1 and R.damage_value(s, 0, 1, 3, R.DSRC_CARD) == 2
    s = state(a=[ougi, wall], b=[member("H1", hp=9, eff=["static:negate:0:all_opp_characters:1"])])
    field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    assert R.ougi_cost(s, 0, 0) == -1 and R.damage_value(s, 0, 1, 3, R.DSRC_CARD) == 2


def test_rule_10_10_negated_ko_replacement_is_not_applied():
    knight = member("K", hp=1, eff=["static:ko_instead:1:self"])
    s = state(a=[knight, member("X")], b=[member("H", hp=9, eff=["static:negate:0:all_opp_characters:2"])])
    field(s, 0, 0)
    hand(s, 0, 1)
    field(s, 1, 0)
    R.deal_damage(s, 0, 0, 1)
    assert members(s, 0)[0] == -1 and S(s)[0, R.P_HAND] == 1


def test_rule_10_10_and_10_10_3_a_granted_effect_is_treated_as_the_members_own():
    """"Your other members have the effect above" (damage this member receives is reduced by 1): the captain and
    each of its controller's other members take 1 less; the leader is not a member and takes it all."""
    captain = member("C", name="C", hp=9, eff=["static:damage_mod:-1:self", "static:grant:0:all_own_characters"])
    s = state(b=[captain, member("B", name="B", hp=3)])
    field(s, 1, 0)
    field(s, 1, 1)
    assert R.damage_value(s, 1, 0, 3, R.DSRC_CARD) == 2 and R.damage_value(s, 1, 1, 3, R.DSRC_STONE) == 2
    assert R.damage_value(s, 1, R.LEADER_SLOT, 3, R.DSRC_CARD) == 3
    R.ko_member(s, 1, 0)
    assert R.damage_value(s, 1, 1, 3, R.DSRC_CARD) == 3


def test_rule_8_9_1_non_numeric_continuous_effects_apply_before_the_numbers():
    """r. 8-9-1: printed text, then the non-numeric continuous effects (grant, negate), then the numeric ones. The
    opponent's negate removes the granted reduction and the captain's own before any number is applied, so B
    takes the opponent's +1 addition on the full damage; without the negate B takes 3 + 1 - 1."""
    captain = member("C", name="C", hp=9, eff=["static:damage_mod:-1:self", "static:grant:0:all_own_characters"])
    drummer = member("D", name="D", hp=9, eff=["static:damage_mod:1:all_opp_characters"])
    hush = member("H", name="H", hp=9, eff=["static:negate:0:all_opp_characters:2"])
    s = state(a=[drummer, hush], b=[captain, member("B", name="B", hp=4)])
    field(s, 0, 0)
    field(s, 1, 0)
    field(s, 1, 1)
    assert R.damage_value(s, 1, 1, 3, R.DSRC_CARD) == 3
    field(s, 0, 1)
    assert R.damage_value(s, 1, 1, 3, R.DSRC_CARD) == 4 and R.damage_value(s, 1, 0, 3, R.DSRC_CARD) == 4
    R.deal_damage_from(s, 1, 1, 3, R.DSRC_CARD)
    assert members(s, 1)[1] == -1


def test_rule_10_10_2_1_negate_received_effects_ends_what_the_card_has_received():
    """The ATK and HP modifications a member received (this turn's and until its controller's turn) and its chips
    end; its level-card bonus and its rested state (an instant effect's result) stay."""
    dispel = stone("DISPEL", cost=0, eff=["cast:negate_received:0:opp_character"])
    s = state(a=[dispel], b=[member("B", atk=2, hp=3)])
    j = field(s, 1, 0, active=0)
    st = S(s)
    st[1, col(j, R.M_ATK)], st[1, col(j, R.M_ATKU)], st[1, col(j, R.M_HP)] = 5, 2, 4
    st[1, col(j, R.M_CHA)], st[1, col(j, R.M_CHR)], st[1, col(j, R.M_LV)] = 1, 1, 1
    assert R.unit_atk(s, 1, j) == 2 + 5 + 2
    A.play_summon(s, 0, 0, True)
    assert R.unit_atk(s, 1, j) == 4 and R.unit_hp(s, 1, j) == 5 and st[1, col(j, R.M_CHR)] == 0
    assert st[1, col(j, R.M_ACT)] == 0 and st[1, col(j, R.M_LV)] == 1
    assert not useful(s, 0, 0, 0, False)  # nothing received left: the policy does not cast it


def test_a_negate_or_grant_in_another_form_is_refused_naming_the_card():
    for bad, rule in ((member("BADNEG", eff=["static:negate:0:all_opp_characters:4"]), "10-10-2"),
                      (member("BADGRANT", eff=["static:grant:0:all_own_characters"]), "10-10-1"),
                      (stone("BADRECV", eff=["cast:negate_received:0:all_opp_characters"]), "10-10-2-1")):
        with pytest.raises(InputError, match=rf"{bad.code}.*{rule}"):
            gbf.compile_matchup(deck(bad), deck())


# ---------------------------------------------------------------- 9-2-2-1-1: KOs of both players at once


def test_rule_9_2_2_1_1_damage_to_each_member_of_both_players_is_dealt_at_once():
    """The turn player's stone deals 2 damage to each member. Each value is taken before any KO, so the opponent's
    drummer (+1 to the turn player's members) adds to the turn player's member although the same damage KOs the
    drummer; the turn player's KOs are processed first, then the opponent's; each player queues a
    replenishment."""
    quake = stone("QUAKE", cost=0, eff=["cast:damage:2:all_characters"])
    s = state(a=[quake, member("A", name="A", hp=3)],
              b=[member("D", name="D", hp=2, eff=["static:damage_mod:1:all_opp_characters"]), member("B", hp=5)])
    field(s, 0, 1)
    field(s, 1, 0)
    field(s, 1, 1)
    A.play_summon(s, 0, 0, True)
    assert members(s, 0) == [-1, -1, -1] and members(s, 1) == [-1, 1, -1]
    assert gauge_up(s, 0) == [0, 1] and gauge_up(s, 1) == [0]
    assert S(s)[0, R.P_PEND_REP] == 1 and S(s)[1, R.P_PEND_REP] == 1


def test_rule_9_2_2_1_1_the_policy_casts_a_sweep_of_both_sides_when_it_kos_more_of_the_opponents():
    quake = stone("QUAKE", cost=0, eff=["cast:damage:2:all_characters"])
    s = state(a=[quake, member("A", name="A", hp=2)], b=[member("B", name="B", hp=2), member("C", name="C", hp=2)])
    field(s, 0, 1)
    field(s, 1, 0)
    assert not useful(s, 0, 0, 0, False)
    field(s, 1, 1)
    assert useful(s, 0, 0, 0, False)


def test_the_shipped_decks_hold_the_cards_of_these_rules():
    """Games exercise them: control holds the stone-ward and the effect-damage replacement, midrange the negate,
    the grant, the dispel and the sweep of both sides, aggro the armor-naming ougi, the two-action cost and the
    stone of two element icons."""
    effects = {e.op + ":" + e.target + ":" + str(e.param) for name in ("control", "midrange", "aggro")
               for c, _ in load_deck(DECKS / f"{name}.toml").main for e in c.effects}
    assert {"damage_mod:self:2", "damage_mod:self:14", "negate:all_opp_characters:3", "grant:all_own_characters:0",
            "negate_received:opp_character:0", "damage:all_characters:0", "break_armor:opp_player:0"} <= effects
    aggro = {c.code: c for c, _ in load_deck(DECKS / "aggro.toml").main}
    assert aggro["GM-067"].effects[0].xcost and aggro["GS-019"].effects[0].cost == 2


# ---------------------------------------------------------------- 9-4-2-3-1-1: an effect names the armor card


def test_rule_9_4_2_3_1_1_an_effect_that_names_an_armor_card_breaks_that_one():
    """An ougi breaks one of the opponent's armor cards of its controller's choice: the card is named as the effect
    resolves and the break at the checkpoint turns that card up (not one its owner picks); the other armor stays."""
    lancer = member("LB", eff=["attack:break_armor:1:opp_player:0:0"])
    s = state(a=[lancer], b=[member("M1", name="M1", rank=9), member("M2", name="M2", rank=9),
                             stone("ST", eff=["cast:draw:1"])])
    armor(s, 1, 0, 1, 2)
    j = field(s, 0, 0)
    R.fire(s, 0, 0, R.TR_ATTACK, j)
    arm = [int(x) for x in S(s)[1, R.ARM0:R.ARM0 + 3]]
    named = [-1 - a for a in arm if a < 0]
    assert len(named) == 1 and S(s)[1, R.P_PEND_ARM] == 1 and R.named_armor(s, 1) >= 0
    A.checkpoint(s)
    left = sorted(int(x) for x in S(s)[1, R.ARM0:R.ARM0 + S(s)[1, R.P_ARM]])
    assert S(s)[1, R.P_ARM] == 2 and left == sorted({0, 1, 2} - set(named)) and min(left) >= 0
    assert named[0] in hand_of(s, 1) + gauge_up(s, 1)  # a member that does not fit goes to the hand
    assert useful(s, 0, 0, 0, False) and not useful(s, 0, 0, 0, True)


def test_rule_9_4_2_3_1_1_a_named_card_is_broken_before_one_its_owner_picks():
    """Two breaks queued at one checkpoint, one from a leader hit and one naming a card: both cards leave the armor,
    the named one among them, whichever the order."""
    s = state(a=[member("LB", eff=["attack:break_armor:1:opp_player:0:0"])],
              b=[member(f"M{i}", name=f"M{i}", rank=9) for i in range(4)])
    armor(s, 1, 0, 1, 2, 3)
    R.deal_damage(s, 1, R.LEADER_SLOT, 9)
    R.fire(s, 0, 0, R.TR_ATTACK, field(s, 0, 0))
    named = [-1 - int(a) for a in S(s)[1, R.ARM0:R.ARM0 + 4] if a < 0]
    A.checkpoint(s)
    assert S(s)[1, R.P_ARM] == 2 and named[0] in hand_of(s, 1)


# ---------------------------------------------------------------- 8-4-2-2-2 / 8-4-2-3: mixed icons, several cost actions


def test_rule_8_4_2_1_and_8_4_2_2_2_element_icons_mixed_with_number_icons_are_both_paid():
    """〔fire fire ②〕 (4 crystals, 2 element icons: the E_COST of the stone's cast effect): 4 crystals with one fire
    are not enough; with two fire crystals they are, and paying rests both fire crystals and two others."""
    surtr = stone("SURTR", cost=4, elem="fire", eff=["cast:damage:6:opp_character:0:2"])
    fire = member("F", elem="fire")
    s = state(a=[surtr, fire, member("F2", elem="fire")])
    cost, elem = R.summon_cost(s, 0, 0)
    assert cost == 4 and elem >> R.ICON_SHIFT == 2
    crystals(s, 0, 1, 10, 11, 12)
    assert not R.can_pay(s, 0, cost, elem)
    crystals(s, 0, 1, 2, 10, 11, 12)
    assert R.can_pay(s, 0, cost, elem)
    R.pay(s, 0, cost, elem)
    act = S(s)[0, R.Z0 + R.Z_CRYA * N:R.Z0 + R.Z_CRYA * N + 5]
    assert list(act[:2]) == [0, 0] and act.sum() == 1
    one = stone("ONE", cost=2, elem="fire", eff=["cast:draw:1"])  # no icon count: one fire icon, as before
    s = state(a=[one, fire])
    crystals(s, 0, 1, 10)
    assert R.can_pay(s, 0, *R.summon_cost(s, 0, 0))


def test_rule_8_4_2_3_an_activated_effect_with_two_cost_actions_pays_both_in_order_or_is_not_used():
    """〔①, put a card from your hand into your gauge〕: with a hand card the effect is offered and paying rests a
    crystal, then puts the hand card into the gauge, then it resolves; with an empty hand it is not offered and no
    crystal is rested (r. 8-4-2-4)."""
    alchemist = member("AL", eff=["action:damage:3:opp_character:0:1:once+discard1"])
    s = state(a=[alchemist, member("X")], b=[member("B", hp=3)], policies=(CURVE, CURVE))
    j = field(s, 0, 0)
    field(s, 1, 0)
    crystals(s, 0, 10)
    assert R.action_effect(s, 0, 0) == -1
    hand(s, 0, 1)
    assert R.action_effect(s, 0, 0) == 0
    A.use_effect(s, 0, j)
    assert S(s)[0, R.P_ACT] == 0 and S(s)[0, R.P_HAND] == 0 and gauge_up(s, 0) == [1]
    assert members(s, 1)[0] == -1


def test_a_cost_action_the_engine_does_not_read_is_refused_naming_the_card():
    with pytest.raises(InputError, match=r"BADCOST.*8-4-2-3"):
        gbf.compile_matchup(deck(member("BADCOST", eff=["action:draw:1:none:0:1:once+return1"])), deck())
    with pytest.raises(InputError, match=r"BADARMOR.*9-4-2-2"):
        gbf.compile_matchup(deck(member("BADARMOR", eff=["attack:break_armor:1:opp_character:0:1"])), deck())


# ---------------------------------------------------------------- with pending auto effects (r. 8-7, 8-11)
# The cards as decks/gbf/cards.csv has them: Ember Martyr's "when KO'd" damage waits in its controller's queue
# until a checkpoint (r. 8-7-2), so what it meets there (sources, negates, grants) is what holds when it resolves.

MARTYR = member("GM-070", atk=3, hp=2, name="Ember Martyr", eff=["leave:damage:0:opp_character"])
RUNEWARD = member("GM-062", atk=2, hp=4, name="Runeward Sentinel", eff=[f"static:damage_mod:-2:self:{FROM_STONES}"])
MIRROR = member("GM-063", atk=3, hp=4, name="Mirror Knight",
                eff=[f"static:damage_mod:1:self:{R.DMG_BECOMES | FROM_EFFECTS}"])
HUSH = member("GM-064", atk=2, hp=3, name="Hush Mage", eff=["static:negate:0:all_opp_characters:3"])
QUAKE = stone("GS-018", cost=0, eff=["cast:damage:2:all_characters"])


def test_rule_4_9_1_2_and_8_7_4_1_2_a_pending_leave_damage_comes_from_its_card_with_its_last_known_atk():
    """A summon stone KOs Ember Martyr, pumped to 5 ATK. Its pending damage is the Martyr's (a card's effect, r.
    4-9-1-2), not the stone's: Runeward Sentinel's reduction of stone damage does not read it and the 5 it had in
    the member area (r. 8-7-4-1-2) KO the 4-HP Sentinel; Mirror Knight's "damage from an effect becomes 1" does
    read it and the Knight stays."""
    bolt = stone("BOLT", cost=0, eff=["cast:damage:2:opp_character"])
    for target, ko in ((RUNEWARD, True), (MIRROR, False)):
        s = state(a=[bolt, target], b=[MARTYR])
        jt, jm = field(s, 0, 1), field(s, 1, 0)
        S(s)[1, col(jm, R.M_ATK)] = 2
        A.play_summon(s, 0, 0, True)
        assert members(s, 1)[jm] == -1 and S(s)[1, R.PQ] == 1 and members(s, 0)[jt] == 1  # pending, not dealt
        A.checkpoint(s)
        assert (members(s, 0)[jt] == -1) == ko, target.code
    s = state(a=[RUNEWARD], b=[MARTYR])  # its printed 3 would not KO the Sentinel
    jt, jm = field(s, 0, 0), field(s, 1, 0)
    R.ko_member(s, 1, jm)
    A.checkpoint(s)
    assert members(s, 0)[jt] == 0


def test_rule_10_10_2_and_8_7_3_a_negate_applies_as_the_pending_effect_resolves_and_leaves_auto_effects_alone():
    """The Martyr's controller replenishes with Hush Mage (a rule process, before any pending auto effect, r.
    8-5-1): when the Martyr's 4 damage resolves, Mirror Knight's replacement is negated and the Knight is KO'd.
    A Hush Mage KO'd together with the Martyr negates nothing by then: the Knight takes 1. The opponent's Hush
    Mage negates ougi and continuous effects, not the Martyr's auto effect, which still resolves."""
    for in_hand, ko in ((True, True), (False, False)):
        s = state(a=[MIRROR], b=[MARTYR, HUSH, member("C1", rank=0), member("C2", rank=0)])
        jt, jm = field(s, 0, 0), field(s, 1, 0)
        crystals(s, 1, 2, 3)
        S(s)[1, col(jm, R.M_ATK)] = 1
        if in_hand:
            hand(s, 1, 1)
        else:
            R.ko_member(s, 1, field(s, 1, 1))
        R.ko_member(s, 1, jm)
        A.checkpoint(s)
        assert (1 in members(s, 1)) == in_hand
        assert (members(s, 0)[jt] == -1) == ko
    s = state(a=[HUSH, member("Z", atk=3, hp=3)], b=[MARTYR])
    jz = field(s, 0, 1)
    field(s, 0, 0)
    R.ko_member(s, 1, field(s, 1, 0))
    A.checkpoint(s)
    assert members(s, 0)[jz] == -1


def test_rule_9_2_2_1_1_and_8_7_3_a_sweep_of_both_sides_queues_both_players_leave_effects_the_turn_players_first():
    """Quake (2 damage to each member) KOs an Ember Martyr on each side: both "when KO'd" effects are pending, each
    with its card's ATK as it last was (4 for the turn player's, pumped; 3), and they resolve at the checkpoint:
    the 4 KOs the opponent's Runeward Sentinel (a card's damage, not reduced), the 3 leaves the turn player's.
    Order: with "when KO'd: draw 2" on both sides and one card left in each deck, the turn player's resolves
    first, its deck-out is decided at the rule processes after it (r. 8-5-1) and the game ends before the
    opponent's effect resolves: the turn player loses alone."""
    s = state(a=[QUAKE, MARTYR, RUNEWARD], b=[MARTYR, RUNEWARD])
    ja, ra = field(s, 0, 1), field(s, 0, 2)
    jb, rb = field(s, 1, 0), field(s, 1, 1)
    S(s)[0, col(ja, R.M_ATK)] = 1
    A.play_summon(s, 0, 0, True)
    assert members(s, 0)[ja] == -1 and members(s, 1)[jb] == -1
    assert members(s, 0)[ra] == 2 and members(s, 1)[rb] == 1  # stone damage 2 - 2: the Sentinels stay
    assert S(s)[0, R.PQ] == 1 and S(s)[1, R.PQ] == 1
    assert S(s)[0, R.PQ0 + R.Q_ATK] == 4 and S(s)[1, R.PQ0 + R.Q_ATK] == 3
    A.checkpoint(s)
    assert members(s, 1)[rb] == -1 and members(s, 0)[ra] == 2
    drawer = member("DR", hp=2, eff=["leave:draw:2"])
    s = state(a=[QUAKE, drawer], b=[drawer], first=0)
    field(s, 0, 1)
    field(s, 1, 0)
    for p in range(2):
        S(s)[p, R.P_HEAD], S(s)[p, R.P_DECK] = 2, 1
    A.play_summon(s, 0, 0, True)
    assert S(s)[0, R.PQ] == 1 and S(s)[1, R.PQ] == 1
    A.checkpoint(s)
    assert G(s)[R.G_OVER] == 1 and S(s)[0, R.P_LOST] == 2 and S(s)[1, R.P_LOST] == 0
    assert S(s)[1, R.PQ] == 1 and S(s)[1, R.P_HAND] == 0  # the opponent's draw never resolved


def test_rule_10_10_1_a_granted_reduction_holds_for_the_whole_sweep_and_is_read_again_by_a_pending_effect():
    """Aegis Captain's "damage this member receives is reduced by 1", granted to its controller's other members:
    in a sweep every value is taken before any KO (r. 9-2-2-1-1), so a 1-HP captain KO'd by it still reduces the
    damage of the member beside it, which stays. The Martyr's pending 3 damage reads the grant when it resolves:
    2 to a 3-HP member while the captain is in play; 3, a KO, when the captain left with the Martyr."""
    def aegis(hp):
        return member("GM-065", atk=3, hp=hp, name="Aegis Captain",
                      eff=["static:damage_mod:-1:self", "static:grant:0:all_own_characters"])

    s = state(a=[QUAKE], b=[aegis(1), member("X", hp=2)])
    jc, jx = field(s, 1, 0), field(s, 1, 1)
    A.play_summon(s, 0, 0, True)
    assert members(s, 1)[jc] == -1 and members(s, 1)[jx] == 1
    for captain_stays in (True, False):
        s = state(a=[MARTYR], b=[aegis(5), member("X", hp=3)])
        jm = field(s, 0, 0)
        jc, jx = field(s, 1, 0), field(s, 1, 1)
        if not captain_stays:
            R.ko_member(s, 1, jc)
        R.ko_member(s, 0, jm)
        A.checkpoint(s)
        assert (members(s, 1)[jx] == 1) == captain_stays


def test_rule_10_10_2_and_2_6_an_ougi_is_read_after_the_checkpoint_that_resolves_the_queue():
    """The attack card's ougi (r. 2-6) is negated while the opponent's Hush Mage is in play. Declared with the
    Martyr's "when KO'd" damage still pending, the checkpoint after the declaration resolves it first: the 3
    damage KOs the Mage, so the ougi is there again and fires (+3 ATK, one gauge card down); with nothing
    pending the Mage stays and the ougi is treated as absent (r. 10-10-2): no flip, no ATK."""
    for martyr_pending, fires in ((True, True), (False, False)):
        s = state(a=[member("O", atk=2, rank=0, eff=["attack:pump:3:self:0:1"]), MARTYR, member("G1"), member("G2")],
                  b=[HUSH, member("B", hp=9)])
        jo, jm = field(s, 0, 0), field(s, 0, 1)
        jh, jb = field(s, 1, 0), field(s, 1, 1)
        zone(s, 0, R.Z_GUP, R.P_GUP, 2, 3)
        assert R.ougi_cost(s, 0, 0) == -1
        if martyr_pending:
            R.ko_member(s, 0, jm)
        G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, jb, S(s)[1, col(jb, R.M_SER)]
        A.join_battle(s, 0, jo)
        assert (members(s, 1)[jh] == -1) == fires
        assert (R.unit_atk(s, 0, jo) == 5) == fires and S(s)[0, R.P_GDN] == (1 if fires else 0)
