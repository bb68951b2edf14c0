"""PSO2 TCG scenarios for the action right passed back and forth (103.6) and responses to responses
(103.7.2), PvP; each named after its rule in the seed (001)."""

from __future__ import annotations

from sim.cards.effects import parse_effect
from sim.cards.model import Card
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import rules as R
from tests.test_pso2_quick import BOLT, MATE, hand_and_pp
from tests.test_pso2_rules import PLAYER, V, card, deck_count, onto_field, state

# a Quick Active that KOs a 2-HP character and burns 3: the scripted end-step removal, a hit of 3
BOLT_BURN = card("BB", type="active", cost=1, eff=["cast:damage:2:opp_character", "cast:player_damage:3:opp_player"])
BURN = card("BURN", type="active", cost=0, kw=["main"], eff=["cast:player_damage:3:opp_player"])
MAIN_MATE = card("MMATE", type="active", cost=1, kw=["heal", "main"], eff=["cast:heal:3"])


def low_deck(s, p: int, left: int) -> None:
    """Mill p's deck down to `left` cards (the milled cards are what 回復 mode (a) brings back)."""
    R.damage_player(s, p, deck_count(s, p) - left)


def play_onto_stack(s, p: int, i: int) -> int:
    """p plays hand card i in its main phase: paid, its target chosen, onto the stack (as main_phase)."""
    c = A.pay_card(s, p, i)
    A.choose_on_stack(s, p, c)
    A.push_item(s, p, R.SKK_CARD, c, R.TR_CAST, -1, -1, p)
    return c


def test_rule_103_6_and_103_6_1_4_and_103_6_1_6_and_103_7_2_a_response_to_a_response_resolves_first():
    """In the turn end step the opponent uses the action right on a removal that would also empty the
    turn player's deck; the right passes to the turn player (103.6.1.6, one right at a time, 103.6.1.4),
    who responds to that response with 回復 (103.7.2): it resolves first and the turn player survives.
    Without a Quick answer the turn player loses."""
    for heal, survives in ((MATE, True), (MAIN_MATE, False)):
        s = state(a=[card("C", atk=1, hp=2), heal], b=[BOLT_BURN])
        onto_field(s, 0)
        hand_and_pp(s, 0, 1, 1)
        hand_and_pp(s, 1, 1, 1)
        low_deck(s, 0, 3)
        A.end_phase(s, 0)
        R.check_loss(s)
        assert V(s)["P"][0, R.P_NU] == 1  # the removal resolved: C is gone
        assert (V(s)["G"][R.G_OVER] == 0) == survives
        assert V(s)["P"][0, R.P_HAND] == (0 if survives else 1)
        if survives:
            assert deck_count(s, 0) == 3  # 回復3 brought 3 back before the 3 damage
        assert V(s)["G"][R.G_NSK] == 0


def test_rule_103_6_1_7_the_newest_item_resolves_then_the_turn_player_holds_the_right_again():
    """The turn player's burn (3) is on the stack and the opponent's deck is 3: the opponent answers with
    one 回復, which resolves after two passes (103.6.1.7); the right goes back to the turn player, then
    the opponent, who no longer needs its second 回復 and passes: the burn resolves."""
    s = state(a=[BURN], b=[MATE, MATE])
    hand_and_pp(s, 0, 1, 0)
    hand_and_pp(s, 1, 2, 2)
    low_deck(s, 1, 3)
    play_onto_stack(s, 0, 0)
    A.priority(s, 0, 1, -1, -1, 0)
    assert V(s)["G"][R.G_NSK] == 0 and V(s)["G"][R.G_OVER] == 0
    assert V(s)["P"][1, R.P_HAND] == 1 and deck_count(s, 1) == 3  # one 回復 (3 back), then the burn


def test_rule_103_6_1_3_and_103_6_1_8_rule_processes_come_before_the_right_and_two_passes_end_the_step():
    """The opponent's first removal resolves and its KO (a rule process, 103.6.1.3) is done before the
    right is granted again, so its second removal goes to the other character; then both pass on an
    empty stack and the turn end step ends (103.6.1.8): the refresh step follows."""
    s = state(a=[card("C1", atk=1, hp=2), card("C2", atk=1, hp=2), card("C3", atk=1, hp=5)], b=[BOLT, BOLT])
    onto_field(s, 0, 3)
    R.damage_unit(s, 0, 3, 1, False)
    hand_and_pp(s, 1, 2, 2)
    A.end_phase(s, 0)
    assert V(s)["P"][0, R.P_NU] == 2 and V(s)["P"][1, R.P_HAND] == 0 and V(s)["P"][1, R.P_NDC] == 2
    assert V(s)["U"][0, 1, R.U_DF] == 0  # the step ended and the refresh step removed the damage


def test_rule_103_6_1_2_a_start_phase_trigger_gives_the_turn_player_the_action_right():
    """A "start of your turn" ability goes onto the stack; the turn player gets the action right and
    passes, the opponent answers before it resolves (回復 against a burn that would empty its deck)."""
    burner = Card(code="PLB", name="Burner", type="player", hp=20, deck_size=20, cls="hunter",
                  elements=("red",), effects=(parse_effect("turn_start:player_damage:3:opp_player"),))
    for heal, survives in ((MATE, True), (MAIN_MATE, False)):
        s = state(b=[heal], player_a=burner, player_b=PLAYER)
        hand_and_pp(s, 1, 1, 1)
        low_deck(s, 1, 3)
        A.start_phase(s, 0)
        R.check_loss(s)
        assert (V(s)["G"][R.G_OVER] == 0) == survives and V(s)["G"][R.G_NSK] == 0


def test_rule_103_6_1_5_1_in_the_main_phase_the_turn_player_acts_again_on_an_empty_stack():
    """No pass on an empty stack in the main phase: after each card resolves the turn player holds the
    right and plays the next (two characters in one main phase, the stack empty after each)."""
    s = state(a=[card("C1", cost=0, atk=1, hp=2), card("C2", cost=0, atk=1, hp=2)], b=[MATE])
    R.draw(s, 0, 2)
    hand_and_pp(s, 1, 1, 1)
    A.main_phase(s, 0)
    assert V(s)["P"][0, R.P_NU] == 3 and V(s)["P"][0, R.P_PLAYED] == 2 and V(s)["G"][R.G_NSK] == 0
    assert V(s)["P"][1, R.P_HAND] == 1  # nothing to answer: the opponent passed each time


def test_rule_103_6_2_1_activating_an_ability_uses_the_action_right_and_can_be_answered():
    """An activated ability goes onto the stack (its cost paid) and the opponent gets the right: it
    answers a burn that would empty its deck with 回復 before the ability resolves."""
    for heal, survives in ((MATE, True), (MAIN_MATE, False)):
        s = state(a=[card("S", atk=1, hp=3, eff=["action:player_damage:3:opp_player:0:1"])], b=[heal])
        j, = onto_field(s, 0)
        hand_and_pp(s, 0, 0, 1)
        hand_and_pp(s, 1, 1, 1)
        low_deck(s, 1, 3)
        c = A.activate_paid(s, 0, j, 0)
        assert V(s)["P"][0, R.P_AVAIL] == 0  # ① paid as it is activated (209.1.3.1)
        A.push_item(s, 0, R.SKK_ABILITY, c, R.TR_ACTION, V(s)["U"][0, j, R.U_ENTRY], -1, -1)
        A.priority(s, 0, 1, -1, -1, 0)
        R.check_loss(s)
        assert (V(s)["G"][R.G_OVER] == 0) == survives


def test_rule_103_6_2_2_characters_and_items_are_not_played_in_response():
    """Only Quick Actives and Quick abilities answer a card on the stack: the opponent, holding a
    character, an item and a Quick 回復 with the PP for each, plays the 回復 only."""
    s = state(a=[BURN], b=[card("CH", cost=1, atk=1, hp=1), card("IT", type="item", cost=1), MATE])
    hand_and_pp(s, 0, 1, 0)
    hand_and_pp(s, 1, 3, 3)
    low_deck(s, 1, 3)
    play_onto_stack(s, 0, 0)
    A.priority(s, 0, 1, -1, -1, 0)
    assert V(s)["P"][1, R.P_NU] == 1 and V(s)["P"][1, R.P_NIT] == 0 and V(s)["P"][1, R.P_HAND] == 2
    assert V(s)["G"][R.G_OVER] == 0


def test_rule_103_7_1_the_opponents_quick_removal_answers_an_attack_and_the_battle_ends():
    """In a battle step the turn player holds the right first and passes; the opponent's removal KOs the
    attacker, both pass and the step ends with the battle over (506.3.2)."""
    s = state(a=[card("ATK", atk=3, hp=2)], b=[BOLT])
    j, = onto_field(s, 0)
    hand_and_pp(s, 1, 1, 1)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["P"][0, R.P_NU] == 1 and deck_count(s, 1) == 18 and V(s)["G"][R.G_NSK] == 0


def test_rule_406_1_a_card_played_waits_in_the_processing_area_until_it_resolves():
    """The paid card is on the stack, in no other zone (the zones invariant counts it there once), and
    enters the field only as it resolves."""
    s = state(a=[card("C", atk=1, hp=2)])
    R.draw(s, 0, 1)
    play_onto_stack(s, 0, 0)
    assert V(s)["G"][R.G_NSK] == 1 and V(s)["P"][0, R.P_HAND] == 0 and V(s)["P"][0, R.P_NU] == 1
    assert pso2.check_seat(s, 0, -1) & pso2.V_ZONES == 0
    A.resolve_top(s)
    assert V(s)["G"][R.G_NSK] == 0 and V(s)["P"][0, R.P_NU] == 2
    assert pso2.check_seat(s, 0, -1) & pso2.V_ZONES == 0
