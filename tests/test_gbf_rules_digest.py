"""Granblue Fantasy TCG scenarios for digest rules implemented before they were named (rules/gbf.md,
seed 000): deck construction (r. 5-1, checked by `tcgsim validate`), the start phase's checkpoints,
crystals, deploys, limit breaks, the battle phase's steps and turn order."""

from __future__ import annotations

from pathlib import Path

from sim.cards.model import Card, Deck
from sim.decks.validate import validate_deck
from sim.engine.compiled import K_ELEM
from sim.engine.results import T_SEAT
from sim.games.gbf import actions as A
from sim.games.gbf import engine as gbf
from sim.games.gbf import rules as R
from tests.test_gbf_rules import (
    CURVE,
    RANDOM,
    G,
    K,
    N,
    S,
    col,
    crystals,
    deck,
    field,
    hand,
    hand_of,
    members,
    state,
    zone,
)
from tests.test_gbf_rules import leader as engine_leader
from tests.test_gbf_rules import member as engine_member
from tests.test_gbf_rules import stone as stone_card


def member(code: str, name: str | None = None) -> Card:
    return Card(code=code, name=name or code, type="member", elements=("fire",), power=2, hp=3, rank=1)


def stone(code: str) -> Card:
    return Card(code=code, name=code, type="summon_stone", elements=("fire",), cost=1)


def leader(code: str, rank: int = 0, gender: str = "female") -> Card:
    return Card(code=code, name=f"Hero ({gender.title()})", type="leader", elements=("fire",), power=2, hp=6,
                rank=rank, gender=gender)


def filler(n: int) -> list[tuple[Card, int]]:
    return [(member(f"F{i}"), 1) for i in range(n)]


def rules_broken(main, leaders=((leader("L0"), 1),)) -> set[str]:
    d = Deck("gbf", "v", Path("v.toml"), {"main": list(main), "leader": list(leaders)})
    return {v.rule.split(" (")[0].removeprefix("GBF ") for v in validate_deck(d)}


def test_rule_5_1_and_5_1_3_the_main_deck_holds_exactly_50_cards():
    assert not rules_broken(filler(50))
    assert "5-1-3" in rules_broken(filler(49)) and "5-1-3" in rules_broken(filler(51))


def test_rule_5_1_3_1_at_most_4_cards_of_one_card_number_in_the_main_deck():
    assert "5-1-3-1" not in rules_broken([(member("M"), 4)] + filler(46))
    assert "5-1-3-1" in rules_broken([(member("M"), 5)] + filler(45))


def test_rule_5_1_3_2_at_most_8_summon_stones():
    stones = [(stone(f"S{i}"), 1) for i in range(9)]
    assert "5-1-3-2" not in rules_broken(stones[:8] + filler(42))
    assert "5-1-3-2" in rules_broken(stones + filler(41))


def test_rule_5_1_2_1_at_most_4_copies_in_the_leader_deck():
    assert "5-1-2-1" not in rules_broken(filler(50), [(leader("L0"), 4)])
    assert "5-1-2-1" in rules_broken(filler(50), [(leader("L0"), 5)])


def test_rule_5_1_2_2_the_leaders_share_one_gender():
    same = [(leader("L0"), 1), (leader("L1", rank=1), 1)]
    mixed = [(leader("L0"), 1), (leader("L1", rank=1, gender="male"), 1)]
    assert "5-1-2-2" not in rules_broken(filler(50), same)
    assert "5-1-2-2" in rules_broken(filler(50), mixed)


# ---------------------------------------------------------------- the engine: start phase, crystals, deploys, turns

def test_rule_6_2_4_and_1_2_1_a_checkpoint_right_after_the_untap_ends_the_game_before_the_draw():
    s = state()
    S(s)[0, R.P_LOST] = 1  # the leader was KO'd: decided at the next checkpoint
    A.start_phase(s, 0, False)
    assert G(s)[R.G_OVER] == 1 and S(s)[0, R.P_HAND] == 0 and S(s)[0, R.P_CRY] == 0


def test_rule_6_2_8_the_crystal_that_empties_the_deck_loses_at_the_next_checkpoint():
    s = state()
    S(s)[0, R.P_DECK] = 3
    A.start_phase(s, 0, False)
    assert S(s)[0, R.P_HAND] == 2 and S(s)[0, R.P_CRY] == 1 and G(s)[R.G_OVER] and S(s)[0, R.P_LOST] == 2


def test_rule_3_7_1_1_a_crystal_enters_active():
    s = state()
    A.start_phase(s, 0, True)
    assert S(s)[0, R.P_CRY] == 1 and R.active_crystals(s, 0, 0) == 1


def test_rule_2_2_1_1_1_a_crystal_with_no_element_pays_generic_costs_only():
    s = state(a=[Card(code="NONE", name="None", type="member", power=1, hp=1, rank=9)])
    earth = K(s)[0, 1, K_ELEM]  # row 1: a filler card (earth)
    crystals(s, 0, 0)  # row 0: a card with no element
    assert R.can_pay(s, 0, 1, 0) and not R.can_pay(s, 0, 1, earth)
    crystals(s, 0, 1)
    assert R.can_pay(s, 0, 1, earth)


def test_rule_10_2_1_and_10_2_2_limit_break_and_job_change_are_not_deploys():
    """Their cards' `enter` abilities (on deploy) do not fire; the name limit does not stop a limit break."""
    vane = engine_member("V1", atk=2, hp=3, rank=1, name="Vane")
    summer = engine_member("V2", atk=3, hp=3, rank=1, name="Vane (Summer)", eff=["enter:draw:1"])
    l1 = engine_leader("L1", rank=1, eff=["enter:draw:1"])
    s = state(a=[vane, summer], leaders_a=(engine_leader("L0"), l1))
    crystals(s, 0, 10, 11)
    field(s, 0, 0)
    hand(s, 0, 1)
    A.main_phase(s, 0)
    assert members(s, 0)[0] == 1 and S(s)[0, R.P_LB] == 1 and S(s)[0, R.P_JC] == 1
    assert S(s)[0, R.P_HAND] == 0  # neither the limit break nor the job change drew a card


def test_rule_6_3_1_2_5_and_10_4_2_one_limit_break_a_turn():
    vane = [engine_member(f"V{i}", atk=2, hp=3, rank=1, name="Vane" if i == 0 else f"Vane (Form {i})") for i in range(3)]
    s = state(a=vane)
    crystals(s, 0, 10)
    field(s, 0, 0)
    hand(s, 0, 1, 2)
    A.main_phase(s, 0)
    assert S(s)[0, col(0, R.M_LV)] == 1 and S(s)[0, R.P_HAND] == 1


def test_rule_7_4_and_7_4_1_3_after_a_damage_step_the_battle_phase_returns_to_the_attack_step():
    s = state(a=[engine_member("A1", atk=3, rank=0), engine_member("A2", atk=3, rank=0)],
              b=[engine_member("B1", hp=3), engine_member("B2", hp=3)])
    field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    field(s, 1, 1)
    G(s)[R.G_TP] = 0
    A.battle_phase(s, 0)
    assert members(s, 1)[:2] == [-1, -1]  # two battles, one KO each


def test_rule_6_5_1_4_the_opponent_becomes_the_turn_player():
    a, b = gbf.compile_matchup(deck(), deck())
    turns = gbf.play(a, b, CURVE, CURVE, seed=3, stream=0, start=0, n=5, detail="turns").turns
    for i in range(5):
        seats = turns[i, :, T_SEAT][turns[i, :, T_SEAT] >= 0]
        assert len(seats) > 2 and (seats[1:] != seats[:-1]).all()


# ---------------------------------------------------------------- numbers, damage, chain burst, limit break, armor

def test_rule_1_3_2_2_drawing_0_or_fewer_cards_does_nothing():
    s = state()
    R.draw_cards(s, 0, 0)
    R.draw_cards(s, 0, -2)
    assert S(s)[0, R.P_HAND] == 0 and S(s)[0, R.P_DECK] == N


def test_rule_1_3_6_a_value_may_be_driven_negative_and_a_negative_hit_does_nothing():
    s = state(b=[engine_member("B", hp=3)])
    j = field(s, 1, 0)
    S(s)[1, R.P_LATK] = -5
    S(s)[1, col(j, R.M_ATK)] = -4
    assert R.unit_atk(s, 1, R.LEADER_SLOT) == -3 and R.unit_atk(s, 1, j) == -2
    R.deal_damage(s, 1, j, R.unit_atk(s, 1, j))
    assert members(s, 1)[0] == 0 and S(s)[1, col(j, R.M_DMG)] == 0


def test_rule_9_2_1_3_4_the_card_receives_the_damage_value_against_its_hp():
    for x, ko in ((3, False), (4, True)):
        s = state(b=[engine_member("B", hp=4)])
        field(s, 1, 0)
        R.deal_damage(s, 1, 0, x)
        assert (members(s, 1)[0] == -1) == ko


def test_rule_6_5_1_2_1_3_the_chain_burst_is_followed_by_a_checkpoint():
    """A chain burst KOs the opposing leader (no member, no armor): the checkpoint inside the burst
    phase decides the game before the gauge cards go under the deck."""
    s = state()
    zone(s, 0, R.Z_GDN, R.P_GDN, 5, 6, 7, 8, 9, 10)  # 6 face-down cards: 6 damage, the leader's HP
    A.burst_phase(s, 0)
    assert G(s)[R.G_OVER] == 1 and S(s)[1, R.P_LOST] == 1


def test_rule_10_4_3_3_2_a_limit_broken_member_keeps_its_rest_state():
    vane = engine_member("V1", atk=2, hp=3, rank=1, name="Vane")
    summer = engine_member("V2", atk=3, hp=3, rank=1, name="Vane (Summer)")
    s = state(a=[vane, summer])
    crystals(s, 0, 10)
    j = field(s, 0, 0, active=0)
    hand(s, 0, 1)
    A.main_phase(s, 0)
    assert members(s, 0)[j] == 1 and S(s)[0, col(j, R.M_ACT)] == 0


def test_rule_10_17_1_2_an_armor_summon_stone_that_is_not_triggered_goes_to_the_hand():
    outcomes = set()
    for seed in range(30):
        s = state(b=[stone_card("ST", eff=["cast:draw:1"])], policies=(CURVE, RANDOM), seed=seed)
        S(s)[1, R.ARM0] = 0
        S(s)[1, R.P_ARM] = 1
        S(s)[1, R.P_HEAD], S(s)[1, R.P_DECK] = 1, N - 1
        R.deal_damage(s, 1, R.LEADER_SLOT, 7)
        A.checkpoint(s)
        outcomes.add("gauge" if S(s)[1, R.P_GUP] == 1 else "hand" if 0 in hand_of(s, 1) else "?")
    assert outcomes == {"gauge", "hand"}


def test_rule_3_5_1_the_leader_deck_holds_leader_cards():
    assert "5-1-2" in rules_broken(filler(50), [(leader("L0"), 1), (member("M"), 1)])
    assert "5-1-2" not in rules_broken(filler(50), [(leader("L0"), 1), (leader("L1", rank=1), 1)])


def test_rule_1_3_2_1_a_rested_member_is_not_rested_again():
    """A dull (rest) effect picks an active opposing member, not an already rested one of more ATK."""
    rest = stone_card("REST", eff=["cast:dull:0:opp_character"])
    s = state(a=[rest], b=[engine_member("BIG", atk=5), engine_member("SMALL", atk=1)])
    big = field(s, 1, 0, active=0)
    small = field(s, 1, 1)
    R.resolve(s, 0, 0, 0, -1, 0)
    assert S(s)[1, col(big, R.M_ACT)] == 0 and S(s)[1, col(small, R.M_ACT)] == 0
    s = state(a=[rest], b=[engine_member("BIG", atk=5)])
    big = field(s, 1, 0, active=0)
    R.resolve(s, 0, 0, 0, -1, 0)  # nothing active to rest: nothing happens
    assert S(s)[1, col(big, R.M_ACT)] == 0 and members(s, 1)[0] == 0


def test_rule_7_2_1_3_2_2_a_pursuing_cards_ougi_fires():
    s = state(a=[engine_member("P", atk=1, rank=0, eff=["attack:pump:3:self:0:1"])],
              b=[engine_member("B", hp=9)])
    j = field(s, 0, 0)
    field(s, 1, 0)
    zone(s, 0, R.Z_GUP, R.P_GUP, 5)
    G(s)[R.G_BATTLE], G(s)[R.G_PSLOT], G(s)[R.G_PSER] = 1, 0, S(s)[1, col(0, R.M_SER)]
    assert A.join_battle(s, 0, R.LEADER_SLOT)  # the leader declares (no ougi)
    assert A.join_battle(s, 0, j)  # the member pursues: its ougi fires at the checkpoint
    assert S(s)[0, R.P_GUP] == 0 and S(s)[0, R.P_GDN] == 1 and R.unit_atk(s, 0, j) == 4
