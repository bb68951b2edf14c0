"""PSO2 TCG rule scenarios, one per rule of the digest (rules/pso2.md; numbers are the document's).

Scenarios build a state with pso2.scenario_state (each deck in list order, its LAST copy on top) and
call the engine's own numba functions on it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.cards.effects import parse_effect
from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.decks.validate import validate_deck
from sim.engine.results import C_DRAWN, C_PLAYED, END_DECK_OUT, G_FINAL_A, G_FINAL_B, G_REASON, G_WINNER
from sim.errors import InputError
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R

DECKS = Path(__file__).resolve().parents[1] / "decks" / "pso2"
RANDOM, AGGRO, CURVE, CONTROL = (pso2.POLICIES[k] for k in ("random", "aggro", "curve", "control"))


def card(code: str, type: str = "character", cost: int = 0, colour: str = "", atk: int = 0, hp: int = 0,
         kw=(), eff=(), cls: str = "") -> Card:
    return Card(code=code, name=code, type=type, cost=cost, elements=(colour,) if colour else (), power=atk, hp=hp,
                keywords=frozenset(kw), effects=tuple(parse_effect(e) for e in eff), cls=cls)


FILL = card("FILL", type="active", cost=9)  # no effect, never affordable
PLAYER = Card(code="PL", name="Player", type="player", hp=20, deck_size=20, cls="hunter", elements=("red",))


def deck(*cards: Card, size: int = 20, player: Card = PLAYER) -> Deck:
    """`cards` on top of the deck (the first listed is drawn first), FILL below."""
    main = [(FILL, size - len(cards))] + [(c, 1) for c in reversed(cards)]
    return Deck("pso2", "scenario", Path("scenario.toml"), {"main": main, "player": [(player, 1)]})


def state(a=(), b=(), policies=(CURVE, CURVE), first=0, options=None, player_a=PLAYER, player_b=PLAYER):
    da, db = (pso2._Pso2Deck.of(pso2.compile_deck(d, {})) for d in (deck(*a, player=player_a),
                                                                     deck(*b, player=player_b)))
    s = pso2.scenario_state([da, db], first=first, policies=policies, options=options)
    V(s)["G"][R.G_TP] = first
    return s


def V(s):  # noqa: N802 - named views of a scenario state
    return pso2.views(s)


def onto_field(s, p, k=1, on=1):
    """Draw the top k cards and put them onto p's field (no cost); their unit indices."""
    out = []
    for _ in range(k):
        R.draw(s, p, 1)
        c = R.take_from_hand(s, p, V(s)["P"][p, R.P_HAND] - 1)
        out.append(R.add_unit(s, p, c, on))
    return out


def equip(s, p, j, slot_col, on_col=None):
    """Draw the top card and equip it on unit j (weapon: slot_col U_WPN)."""
    R.draw(s, p, 1)
    c = R.take_from_hand(s, p, V(s)["P"][p, R.P_HAND] - 1)
    V(s)["U"][p, j, slot_col] = c
    V(s)["U"][p, j, on_col if on_col is not None else slot_col + 1] = 1
    return c


def deck_count(s, p):
    return int(V(s)["P"][p, R.P_DECK])


# ---------------------------------------------------------------- 1. HP, losing

def test_rule_201_4_and_214_2_damage_to_a_player_mills_the_deck():
    s = state()
    R.damage_unit(s, 1, 0, 3, True)
    assert deck_count(s, 1) == 17 and V(s)["P"][1, R.P_NDC] == 3 and V(s)["P"][1, R.P_TAKEN] == 3


def test_rule_101_3_drawing_the_last_card_loses():
    s = state()
    V(s)["P"][0, R.P_DECK] = 1
    R.draw(s, 0, 1)
    R.check_loss(s)
    assert V(s)["G"][R.G_OVER] == 1 and V(s)["G"][R.G_LOSER] == 0


def test_rule_101_7_both_decks_at_zero_the_turn_player_loses():
    s = state(first=1)
    R.damage_player(s, 0, 20)
    R.damage_player(s, 1, 20)
    R.check_loss(s)
    assert V(s)["G"][R.G_LOSER] == 1  # seat 1 is the turn player


def test_rule_101_6_a_player_who_concedes_loses_at_once():
    """101.6: a player may concede at any point and loses at once, decks untouched; the game records the
    end reason `concession` (the scripted policies never concede: the engine's concede is the entry point)."""
    from sim.engine.results import END_CONCESSION, END_REASONS, WIN_A

    s = state(first=1)
    R.draw(s, 0, 3)
    R.concede(s, 1)  # in the middle of its own turn, decks full
    G = V(s)["G"]
    assert G[R.G_OVER] == 1 and G[R.G_LOSER] == 1 and V(s)["P"][1, R.P_OUT] == R.OUT_CONCEDED
    out = np.zeros(16, np.int32)
    pso2.game_outcome(s, out)
    assert out[G_WINNER] == WIN_A and END_REASONS[out[G_REASON]] == "concession" and out[G_REASON] == END_CONCESSION
    R.concede(s, 0)  # the game is over: nothing more happens
    assert G[R.G_LOSER] == 1 and V(s)["P"][0, R.P_OUT] == 0
    pso2.check_state(s, 1)
    assert G[R.G_VIOL] & pso2.V_END == 0  # a game ended by concession with both decks above 0


def test_rule_101_3_games_end_when_a_deck_reaches_zero():
    a, b = pso2.compile_matchup(load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "control.toml"))
    g = pso2.play(a, b, CURVE, CURVE, seed=3, stream=0, start=0, n=200).games
    deckout = g[:, G_REASON] == END_DECK_OUT
    assert deckout.mean() > 0.95
    loser_hp = np.where(g[deckout, G_WINNER] == 0, g[deckout, G_FINAL_B], g[deckout, G_FINAL_A])
    assert (loser_hp == 0).all()


# ---------------------------------------------------------------- 5-6. setup and turn

def test_rule_102_5_and_404_5_face_down_pp_returns_to_the_deck_bottom():
    s = state()
    pso2.deal_seat(s, 1, True)
    assert deck_count(s, 1) == 20 - 5 - 1 and V(s)["P"][1, R.P_NPP] == 1 and V(s)["PP"][1, 0, R.PP_FD] == 1
    fd = V(s)["PP"][1, 0, R.PP_CARD]
    R.pay(s, 1, 1, 0)
    assert V(s)["P"][1, R.P_NPP] == 0 and deck_count(s, 1) == 15 and V(s)["DK"][1, 0] == fd


def test_rule_502_1_1_the_first_player_skips_only_its_first_draw_phase_draw():
    # control's drawing character costs 4; a turn-1 Scout Report (PA-009, cost 1) finds one card (301.2)
    a, b = pso2.compile_matchup(load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "control.toml"))
    batch = pso2.play(a, b, CURVE, CURVE, seed=4, stream=0, start=0, n=100, detail="cards")
    for i in range(100):
        first = batch.games[i, 0]
        drawn = batch.cards[i, :, :, C_DRAWN]
        codes = (a, b)[first].codes
        searched = sum(1 for k, c in enumerate(codes) if c == "PA-009" and batch.cards[i, first, k, C_PLAYED] == 1)
        assert (drawn[first] == 1).sum() <= 1 + searched  # at most the optional PP draw (503.1.2)
        assert (drawn[1 - first] == 1).sum() >= 1  # the second player's draw phase


def test_rule_503_1_and_503_1_2_pp_phase_pitch_and_optional_draw():
    s = state(a=[card("X", atk=1, hp=1)] * 3)
    R.draw(s, 0, 3)
    A.pp_phase(s, 0)
    assert V(s)["P"][0, R.P_NPP] == 1 and V(s)["P"][0, R.P_HAND] == 3 and deck_count(s, 0) == 16
    s = state(a=[card("X", atk=1, hp=1)] * 3)
    R.draw(s, 0, 3)
    V(s)["P"][0, R.P_DECK] = 1  # edge case 2: at 1 card the draw would lose
    A.pp_phase(s, 0)
    assert V(s)["P"][0, R.P_HAND] == 2 and deck_count(s, 0) == 1


def test_rule_505_2_and_402_3_1_refresh_removes_all_damage_and_discards_to_seven():
    s = state(a=[card("X", hp=5)], b=[card("Y", hp=5)])
    ja, = onto_field(s, 0)
    jb, = onto_field(s, 1)
    R.damage_unit(s, 0, ja, 2, True)
    R.damage_unit(s, 1, jb, 2, True)
    R.draw(s, 0, 9)
    A.end_phase(s, 0)
    U = V(s)["U"]
    assert U[0, ja, R.U_DF] == 0 and U[1, jb, R.U_DF] == 0 and V(s)["P"][0, R.P_HAND] == 7


# ---------------------------------------------------------------- 3.2 / 7. costs

def test_rule_209_1_2_colour_requirement_is_presence_in_pp():
    red = card("RED", cost=0, colour="red", atk=1, hp=1)
    s = state(a=[red])
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert not POL.playable(s, 0, c)  # even at cost 0 (209.1.2.1)
    R.put_pp(s, 0, 5, 0, 0)  # a FILL (white) card: no red
    assert not POL.playable(s, 0, c)
    s2 = state(a=[red, card("RP", type="active", colour="red")])
    R.draw(s2, 0, 2)
    R.put_pp(s2, 0, R.take_from_hand(s2, 0, 1), 0, 0)  # a red card in PP, OFF
    assert POL.playable(s2, 0, V(s2)["H"][0, 0])
    s3 = state(a=[red, card("RP", type="active", colour="red")], options={"colour_gate_strict": 1})
    R.draw(s3, 0, 2)
    R.put_pp(s3, 0, R.take_from_hand(s3, 0, 1), 0, 0)
    assert not POL.playable(s3, 0, V(s3)["H"][0, 0])  # strict: the red PP must be ON


def test_rule_209_1_1_and_215_1_3_and_504_2_cost_is_paid_by_turning_pp_off():
    s = state(a=[card("C3", cost=3, atk=3, hp=3)] + [card("P", type="active")] * 3)
    R.draw(s, 0, 4)
    for _ in range(3):
        R.put_pp(s, 0, R.take_from_hand(s, 0, 1), 1, 0)
    assert POL.playable(s, 0, V(s)["H"][0, 0])
    A.play_card(s, 0, 0, -1)
    assert R.pp_on(s, 0) == 0 and V(s)["P"][0, R.P_NU] == 2


# ---------------------------------------------------------------- 3.1 cards entering

def test_rule_202_2_characters_enter_the_front_row_off_and_302_6_ambush_on():
    s = state(a=[card("N", atk=1, hp=1), card("AMB", atk=1, hp=1, kw=["ambush"])])
    R.draw(s, 0, 2)
    A.play_card(s, 0, 0, -1)
    A.play_card(s, 0, 0, -1)
    U = V(s)["U"]
    assert U[0, 1, R.U_ROW] == 0 and U[0, 1, R.U_ON] == 0
    assert U[0, 2, R.U_ON] == 1


def test_rule_302_2_on_entry_and_205_3_items_stay_on_the_field():
    s = state(a=[card("IT", type="item", eff=["enter:draw:1"]), card("D1", atk=1, hp=1)])
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert V(s)["P"][0, R.P_NIT] == 1 and V(s)["P"][0, R.P_HAND] == 1


def test_rule_204_2_1_an_active_resolves_and_is_discarded():
    s = state(a=[card("BOLT", type="active", eff=["cast:damage:2:opp_character"])], b=[card("T", hp=2)])
    onto_field(s, 1)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert V(s)["P"][1, R.P_NU] == 1 and V(s)["P"][0, R.P_NDC] == 1


def test_rule_406_2_4_a_targeting_active_needs_a_legal_target():
    s = state(a=[card("BOLT", type="active", eff=["cast:damage:2:opp_character"])])
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])


# ---------------------------------------------------------------- 3.3 damage and rows

def test_rule_213_3_1_front_row_half_hp_moves_to_the_back_row():
    s = state(a=[card("H5", hp=5)])
    j, = onto_field(s, 0)
    assert R.damage_unit(s, 0, j, 3, True) == 0
    assert V(s)["U"][0, j, R.U_ROW] == 1 and V(s)["P"][0, R.P_NU] == 2


def test_rule_213_3_2_back_row_half_hp_is_ko_damage_per_row():
    s = state(a=[card("H4", hp=4), card("H5", hp=5)])
    j4, j5 = onto_field(s, 0, 2)
    V(s)["U"][0, j4, R.U_ROW] = 1
    assert R.damage_unit(s, 0, j4, 2, True) == 1  # back row, HP 4, takes 2: KO
    j5 = 1
    R.damage_unit(s, 0, j5, 3, True)  # front row 3 of 5: moves back
    assert R.damage_unit(s, 0, j5, 1, True) == 0  # then 1 in the back row: not KO (different rows)
    assert V(s)["P"][0, R.P_NU] == 2


def test_rule_213_3_ko_damage_stops_a_multi_hit():
    s = state(a=[card("H2", hp=2)])  # the rules' example: 3 hits of 1 on HP 2, the 2nd destroys it
    j, = onto_field(s, 0)
    assert R.damage_unit(s, 0, j, 1, True) == 0 and V(s)["U"][0, j, R.U_ROW] == 1  # half in front: back
    assert R.damage_unit(s, 0, j, 1, True) == 1 and V(s)["P"][0, R.P_NU] == 1  # half in the back row: KO


def test_rule_506_6_and_212_2_battle_damage_is_simultaneous_and_mutual():
    s = state(a=[card("A", atk=2, hp=4)], b=[card("B", atk=3, hp=5)])
    ja, = onto_field(s, 0)
    jb, = onto_field(s, 1)
    A.attack(s, 0, ja, jb, -1)
    U = V(s)["U"]
    assert U[0, ja, R.U_DF] == 3 and U[0, ja, R.U_ROW] == 1  # 3 of HP 4: pushed back (213.3.1)
    assert U[1, jb, R.U_DF] == 2 and U[1, jb, R.U_ROW] == 0 and U[0, ja, R.U_ON] == 0


# ---------------------------------------------------------------- 8. battle keywords

def test_rule_302_1_warcry_redirects_the_attack():
    s = state(a=[card("A", atk=3, hp=9)], b=[card("W", atk=1, hp=9, kw=["warcry"])], policies=(CURVE, CONTROL))
    ja, = onto_field(s, 0)
    jw, = onto_field(s, 1)
    A.attack(s, 0, ja, 0, -1)
    assert deck_count(s, 1) == 19  # only the draw: the player took nothing
    U = V(s)["U"]
    assert U[1, jw, R.U_ON] == 0 and U[1, jw, R.U_DF] == 3 and U[0, ja, R.U_DF] == 1


def test_rule_302_1_warcry_needs_an_on_card():
    s = state(a=[card("A", atk=3, hp=9)], b=[card("W", atk=1, hp=9, kw=["warcry"])], policies=(CURVE, CONTROL))
    ja, = onto_field(s, 0)
    onto_field(s, 1, on=0)
    A.attack(s, 0, ja, 0, -1)
    assert deck_count(s, 1) == 19 - 3


@pytest.mark.parametrize("twice", [0, 1])
def test_rule_302_1_warcry_collapses_rapid_fire_targets(twice):
    s = state(a=[card("R", atk=1, hp=9, kw=["rapid_fire"])],
              b=[card("W", atk=0, hp=9, kw=["warcry"]), card("T", atk=0, hp=9)],
              policies=(CURVE, CONTROL), options={"rapid_warcry_twice": twice})
    ja, = onto_field(s, 0)
    jw, jt = onto_field(s, 1, 2)
    V(s)["U"][1, jt, R.U_ON] = 0
    A.attack(s, 0, ja, 0, jt)
    U = V(s)["U"]
    assert deck_count(s, 1) == 18 and U[1, jt, R.U_DF] == 0
    assert U[1, jw, R.U_DF] == 1 + twice


def test_rule_205_5_1_and_506_5_2_weapon_turned_off_adds_its_attack():
    s = state(a=[card("A", atk=1, hp=9, cls="hunter"), card("SW", type="item", atk=2, kw=["weapon"])])
    ja, = onto_field(s, 0)
    equip(s, 0, ja, R.U_WPN, R.U_WON)
    A.attack(s, 0, ja, 0, -1)
    assert deck_count(s, 1) == 20 - 3 and V(s)["U"][0, ja, R.U_WON] == 0


def test_rule_205_5_2_and_506_6_1_1_armour_reduces_damage_and_option_armor_vs_effects():
    for opt, expect in ((1, 0), (0, 2)):
        s = state(b=[card("T", hp=9), card("AR", type="item", kw=["armor", "defense_2"])],
                  options={"armor_vs_effects": opt})
        jt, = onto_field(s, 1)
        equip(s, 1, jt, R.U_A0, R.U_AON0)
        R.damage_unit(s, 1, jt, 2, False)  # effect damage
        assert V(s)["U"][1, jt, R.U_DF] == expect
    s = state(a=[card("A", atk=3, hp=9)], b=[card("T", hp=9), card("AR", type="item", kw=["armor", "defense_2"])])
    ja, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    equip(s, 1, jt, R.U_A0, R.U_AON0)
    A.attack(s, 0, ja, jt, -1)
    assert V(s)["U"][1, jt, R.U_DF] == 1 and V(s)["U"][1, jt, R.U_AON0] == 0


def test_rule_205_4_4_and_205_4_4_1_and_205_4_5_armour_slots_overflow_destroys_the_oldest():
    big = card("BIG", type="item", kw=["armor", "defense_3", "equip_slot_2"])
    s = state(a=[card("T", hp=9), card("A1", type="item", kw=["armor", "defense_1"]), big, big])
    j, = onto_field(s, 0)
    for _ in range(3):
        R.draw(s, 0, 1)
        A.equip_armor(s, 0, 0, j, R.take_from_hand(s, 0, 0))
    U = V(s)["U"]  # two 2-slot pieces cannot share 3 slots: the older pieces went to the discard
    used = [U[0, j, R.U_A0 + a] for a in range(3) if U[0, j, R.U_A0 + a] >= 0]
    assert len(used) == 1 and V(s)["P"][0, R.P_NDC] == 2


def test_rule_205_4_6_equipment_goes_with_its_host():
    s = state(a=[card("A", atk=5, hp=9)], b=[card("T", hp=2, cls="hunter"),
                                              card("SW", type="item", atk=2, kw=["weapon"])])
    ja, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    equip(s, 1, jt, R.U_WPN, R.U_WON)
    V(s)["U"][1, jt, R.U_WON] = 0  # already used
    A.attack(s, 0, ja, jt, -1)
    assert V(s)["P"][1, R.P_NU] == 1 and V(s)["P"][1, R.P_NDC] == 2


def test_rule_205_4_3_equipment_class_must_match_the_host():
    s = state(a=[card("F", hp=3, cls="force"), card("SW", type="item", atk=2, kw=["weapon"], cls="hunter")])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert not POL.host_ok(s, 0, j, c) and POL.host_ok(s, 0, 0, c)  # the Hunter Player card fits


def test_rule_215_2_the_player_card_attacks_with_its_weapon_and_the_option():
    for opt in (1, 0):
        s = state(a=[card("SW", type="item", atk=2, kw=["weapon"], cls="hunter")], options={"player_attacks": opt})
        equip(s, 0, 0, R.U_WPN, R.U_WON)
        assert POL.can_attack(s, 0, 0) == bool(opt)
    s = state(a=[card("SW", type="item", atk=2, kw=["weapon"], cls="hunter")])
    equip(s, 0, 0, R.U_WPN, R.U_WON)
    A.attack(s, 0, 0, 0, -1)
    assert deck_count(s, 1) == 18 and V(s)["U"][0, 0, R.U_ON] == 0


def test_rule_302_5_and_302_5_1_combo_is_on_again_after_engaging_the_player_once_per_turn():
    s = state(a=[card("C", atk=2, hp=9, kw=["combo"])], b=[card("T", hp=9)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["U"][0, j, R.U_ON] == 1
    A.attack(s, 0, j, 0, -1)
    assert V(s)["U"][0, j, R.U_ON] == 0 and deck_count(s, 1) == 19 - 4
    s = state(a=[card("C", atk=2, hp=9, kw=["combo"])], b=[card("T", hp=9)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)  # against a character: no combo
    assert V(s)["U"][0, j, R.U_ON] == 0


def test_rule_302_7_rapid_fire_two_targets_one_battle():
    s = state(a=[card("R", atk=2, hp=9, kw=["rapid_fire"])], b=[card("T", atk=3, hp=9)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1, on=0)
    A.attack(s, 0, j, 0, jt)
    assert deck_count(s, 1) == 17 and V(s)["U"][1, jt, R.U_DF] == 2 and V(s)["U"][0, j, R.U_DF] == 3


def test_rule_302_8_snipe_takes_no_battle_damage_while_attacking():
    s = state(a=[card("S", atk=2, hp=3, kw=["snipe"])], b=[card("T", atk=5, hp=9)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)
    assert V(s)["U"][0, j, R.U_DF] == 0 and V(s)["P"][0, R.P_NU] == 2


@pytest.mark.parametrize("side", [0, 1])
def test_rule_pierce_x_mills_on_a_ko_even_if_the_attacker_dies(side):
    s = state(a=[card("P", atk=4, hp=2, kw=["pierce_2"])], b=[card("T", atk=4, hp=4)],
              options={"pierce_attacker_side": side})
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)
    assert V(s)["P"][0, R.P_NU] == 1 and V(s)["P"][1, R.P_NU] == 1  # both KO'd
    milled = (19, 17) if side == 0 else (17, 19)
    assert (deck_count(s, 0), deck_count(s, 1)) == milled


@pytest.mark.parametrize("only_player", [1, 0])
def test_rule_302_10_erosion_option(only_player):
    s = state(a=[card("E", atk=1, hp=9, kw=["erosion"])], b=[card("T", hp=9)],
              options={"erosion_player_only": only_player})
    j, = onto_field(s, 0)
    onto_field(s, 1)
    assert POL.target_ok(s, 0, j, 0) == bool(only_player) and POL.target_ok(s, 0, j, 1) != bool(only_player)


def test_rule_301_3_freeze_stops_attacks_until_its_controllers_turn_ends():
    s = state(a=[card("FR", type="active", eff=["cast:freeze:0:opp_character"])], b=[card("T", atk=1, hp=9)])
    jt, = onto_field(s, 1)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert not POL.can_attack(s, 1, jt)
    A.end_phase(s, 1)
    A.start_phase(s, 1)
    assert POL.can_attack(s, 1, jt)


def test_rule_302_3_on_ko_fires_when_destroyed_to_the_discard():
    s = state(a=[card("A", atk=5, hp=9)], b=[card("M", hp=2, eff=["leave:player_damage:2:opp_player"])])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)
    assert deck_count(s, 0) == 19 - 2


# ---------------------------------------------------------------- keywords: heal, drop, proliferate

def test_rule_302_9_heal_mode_a_returns_cards_without_heal():
    heal = card("HEAL", type="active", kw=["heal"], eff=["cast:heal:3"])
    s = state(a=[card("X", hp=1), heal])
    R.damage_player(s, 0, 3)  # X, the Heal card and a FILL to the discard
    assert R.heal_player(s, 0, 3) == 2  # up to 3, but only the 2 cards without 回復
    assert deck_count(s, 0) == 19 and V(s)["P"][0, R.P_NDC] == 1


def test_rule_302_9_heal_mode_b_resets_damage_and_row():
    s = state(a=[card("X", hp=6)])
    j, = onto_field(s, 0)
    R.damage_unit(s, 0, j, 3, True)
    assert V(s)["U"][0, j, R.U_ROW] == 1
    R.heal_unit(s, 0, j)
    assert V(s)["U"][0, j, R.U_ROW] == 0 and V(s)["U"][0, j, R.U_DF] == 0


def test_rule_302_4_drop_fires_only_in_the_opponents_turn():
    drop = card("DR", type="active", kw=["drop"], eff=["drop:player_damage:1:opp_player"])
    s = state(b=[drop], first=0)  # seat 0's turn: seat 1's Drop card is milled by seat 0's damage
    R.damage_player(s, 1, 1)
    A.settle(s)
    assert deck_count(s, 0) == 19
    s = state(b=[drop], first=1)  # seat 1's own turn: no Drop
    R.damage_player(s, 1, 1)
    A.settle(s)
    assert deck_count(s, 0) == 20


def _validate(copies: int, kw=()) -> list:
    c = card("RAP", cost=1, colour="red", atk=1, hp=1, kw=kw)
    main = [(c, copies), (card("F2", type="character", hp=1), 20 - copies)] if copies < 20 else [(c, copies)]
    return validate_deck(Deck("pso2", "v", Path("v.toml"), {"main": main, "player": [(PLAYER, 1)]}))


def test_rule_302_11_proliferate_allows_nine_copies():
    assert not [v for v in _validate(9, ["proliferate"]) if "302.11" in v.rule or "100.3" in v.rule and "RAP" in
                v.message]
    assert any("302.11" in v.rule for v in _validate(10, ["proliferate"]))
    assert any("100.3" in v.rule and "RAP" in v.message for v in _validate(4))


def test_rule_100_2_shipped_decks_are_valid_and_exercise_every_keyword():
    keywords: set[str] = set()
    for path in sorted(DECKS.glob("*.toml")):
        d = load_deck(path)
        assert validate_deck(d) == []
        keywords |= {k for c, _ in d.main for k in c.keywords}
    assert {"warcry", "combo", "rapid_fire", "snipe", "drop", "heal", "proliferate", "weapon", "armor", "ambush",
            "erosion"} <= keywords
    assert any(k.startswith("pierce_") for k in keywords)


def test_options_every_ambiguity_is_an_option_with_a_default():
    assert set(pso2.OPTIONS) >= {"erosion_player_only", "fd_pp_colour", "new_pp_on", "player_attacks",
                                 "armor_vs_effects", "weapon_bonus_turn", "rapid_warcry_twice", "multicolour_all"}
    with pytest.raises(InputError):
        pso2.option_values({"nope": 1})


def test_rule_101_7_end_reason_names_the_turn_player_loss_apart_from_a_draw():
    """101.7: both decks at 0 at once is a loss for the turn player, recorded as the end reason
    simultaneous_turn_player_loses (a winner, both final decks 0); `simultaneous` stays the reason of
    the games where nobody wins (a draw in FFTCG and GBF, a double loss in CoJ)."""
    from sim.engine.results import END_REASONS, END_SIMULTANEOUS, END_SIMULTANEOUS_TP_LOSES, WIN_A, WIN_B

    assert END_REASONS[END_SIMULTANEOUS] == "simultaneous"
    assert END_REASONS[END_SIMULTANEOUS_TP_LOSES] == "simultaneous_turn_player_loses"
    a, b = pso2.compile_matchup(load_deck(DECKS / "midrange.toml"), load_deck(DECKS / "midrange.toml"))
    g = pso2.play(a, b, AGGRO, AGGRO, seed=3, stream=0, start=0, n=2000).games  # 9 such games
    both = g[:, G_REASON] == END_SIMULTANEOUS_TP_LOSES
    assert both.any() and not (g[:, G_REASON] == END_SIMULTANEOUS).any()
    assert np.isin(g[both, G_WINNER], [WIN_A, WIN_B]).all()
    assert (g[both, G_FINAL_A] == 0).all() and (g[both, G_FINAL_B] == 0).all()


def test_rule_503_1_1_a_card_put_into_pp_enters_on():
    """503.1.1 (seed 001): a card put into PP has no stated state, so it is upright = ON (215.1.1) and
    pays a cost this turn; only used PP turns OFF (215.1.3). Option new_pp_on=0: it enters OFF."""
    for flag in (1, 0):
        s = state(a=[card("X", atk=1, hp=1)] * 3, options={"new_pp_on": flag})
        R.draw(s, 0, 3)
        A.pp_phase(s, 0)
        P, PP = V(s)["P"], V(s)["PP"]
        assert P[0, R.P_NPP] == 1 and PP[0, 0, R.PP_ON] == flag and P[0, R.P_AVAIL] == flag


# ---------------------------------------------------------------- rules the engine cites, one scenario each

def test_rule_100_1_a_deck_needs_exactly_one_player_card():
    d = Deck("pso2", "none", Path("none.toml"), {"main": [(FILL, 20)]})
    with pytest.raises(InputError, match="100.1"):
        pso2.compile_deck(d, {})


def test_rule_102_1_the_first_player_is_random():
    a, b = pso2.compile_matchup(load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "control.toml"))
    first = pso2.play(a, b, CURVE, CURVE, seed=5, stream=0, start=0, n=200).games[:, 0]
    assert 0.35 < first.mean() < 0.65


def test_rule_102_2_and_102_4_and_102_4_1_shuffle_then_draw_five_from_the_top():
    s = state()
    pso2.deal_seat(s, 0, False)
    P, DK, H = V(s)["P"], V(s)["DK"], V(s)["H"]
    assert P[0, R.P_HAND] == 5 and deck_count(s, 0) == 15
    assert sorted(list(DK[0, :15]) + list(H[0, :5])) == list(range(20))


def test_rule_103_2_1_2_a_hit_of_zero_is_not_dealt():
    s = state(a=[card("C", atk=1, hp=3)])
    j, = onto_field(s, 0)
    assert R.damage_unit(s, 0, j, 0, True) == 0 and V(s)["U"][0, j, R.U_DF] == 0
    R.damage_player(s, 1, 0)
    assert V(s)["P"][1, R.P_TAKEN] == 0


def test_rule_103_4_2_a_triggered_ability_waits_in_the_processing_area_until_it_resolves():
    s = state(b=[card("DR", type="active", kw=["drop"], eff=["drop:player_damage:1:opp_player"])], first=0)
    R.damage_player(s, 1, 1)
    assert V(s)["G"][R.G_NTQ] == 1 and deck_count(s, 0) == 20
    A.settle(s)
    assert V(s)["G"][R.G_NTQ] == 0 and deck_count(s, 0) == 19


def test_rule_103_5_3_a_negative_attack_counts_as_zero():
    s = state(a=[card("C", atk=1, hp=3)])
    j, = onto_field(s, 0)
    V(s)["U"][0, j, R.U_ATK] = -5
    assert R.unit_atk(s, 0, j) == 0


def test_rule_201_2_and_201_5_and_212_1_1_the_player_card_is_unit_0_never_leaves_and_has_attack_0():
    s = state(a=[card("C", atk=1, hp=1)])
    j, = onto_field(s, 0)
    R.damage_unit(s, 0, j, 5, True)
    U = V(s)["U"]
    assert V(s)["P"][0, R.P_NU] == 1 and U[0, 0, R.U_CARD] == R.player_row(s) and R.unit_atk(s, 0, 0) == 0


def test_rule_201_3_the_deck_is_the_hp_in_the_results():
    a, b = pso2.compile_matchup(load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "midrange.toml"))
    g = pso2.play(a, b, CURVE, CURVE, seed=2, stream=0, start=0, n=50).games
    assert (np.minimum(g[:, G_FINAL_A], g[:, G_FINAL_B]) == 0).all() and pso2.FINAL_MEASURE == "hp"


def test_rule_205_4_2_equipment_enters_on():
    s = state(a=[card("A", atk=1, hp=9, cls="hunter"), card("SW", type="item", cost=0, atk=2, kw=["weapon"])])
    ja, = onto_field(s, 0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, ja)
    assert V(s)["U"][0, ja, R.U_WPN] >= 0 and V(s)["U"][0, ja, R.U_WON] == 1


def test_rule_208_1_2_an_all_class_item_fits_any_host():
    s = state(a=[card("F", atk=1, hp=9, cls="force"), card("AR", type="item", kw=["armor"], cls="all"),
                 card("HW", type="item", kw=["weapon"], cls="hunter")])
    j, = onto_field(s, 0)
    R.draw(s, 0, 2)
    H = V(s)["H"]
    assert POL.host_ok(s, 0, j, H[0, 0]) and not POL.host_ok(s, 0, j, H[0, 1])


def test_rule_209_1_2_1_the_colour_requirement_holds_at_cost_0():
    s = state(a=[card("R0", cost=0, colour="red", atk=1, hp=1), card("B", type="active", colour="blue")])
    R.draw(s, 0, 2)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])
    R.put_pp(s, 0, R.take_from_hand(s, 0, 1), 1, 0)  # blue in PP: still no red
    assert not POL.playable(s, 0, V(s)["H"][0, 0])


def test_rule_214_3_and_215_3_1_damage_is_marked_and_max_hp_is_printed_plus_modifiers():
    s = state(a=[card("C", atk=1, hp=6)])
    j, = onto_field(s, 0)
    R.damage_unit(s, 0, j, 1, True)
    assert V(s)["U"][0, j, R.U_DF] == 1 and R.unit_hp(s, 0, j) == 6
    V(s)["U"][0, j, R.U_HP] = -2
    assert R.unit_hp(s, 0, j) == 4


def test_rule_301_4_and_301_5_a_ko_destroys_the_character_to_the_discard():
    s = state(a=[card("C", atk=1, hp=2)])
    j, = onto_field(s, 0)
    R.ko_unit(s, 0, j)
    assert V(s)["P"][0, R.P_NU] == 1 and V(s)["P"][0, R.P_NDC] == 1


def test_rule_404_2_a_pitched_card_is_face_up_and_404_5_1_the_face_down_one_has_no_colour():
    for opt, colour in ((0, 0), (1, 1)):
        s = state(a=[card("R", colour="red", atk=1, hp=1)] * 2, options={"fd_pp_colour": opt})
        R.draw(s, 0, 2)
        R.put_pp(s, 0, R.take_from_hand(s, 0, 0), 1, 1)
        assert bool(R.pp_colours(s, 0)) == bool(colour)
        R.put_pp(s, 0, R.take_from_hand(s, 0, 0), 1, 0)
        assert V(s)["PP"][0, 1, R.PP_FD] == 0 and R.pp_colours(s, 0) != 0


def test_rule_406_4_1_a_targeted_effect_whose_target_left_does_nothing():
    s = state(a=[card("BOLT", type="active", eff=["cast:damage:2:opp_character"])], b=[card("T", hp=9)])
    onto_field(s, 1)
    V(s)["G"][R.G_FOCUS] = 99  # the aimed-at character is no longer on the field
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert V(s)["U"][1, 1, R.U_DF] == 0 and V(s)["P"][0, R.P_NDC] == 1


def test_rule_500_1_and_501_1_1_turns_alternate_and_the_start_phase_untaps_pp():
    a, b = pso2.compile_matchup(load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "control.toml"))
    t = pso2.play(a, b, CURVE, CURVE, seed=1, stream=0, start=0, n=5, detail="turns").turns
    from sim.engine.results import T_SEAT
    for i in range(5):
        seats = t[i, :, T_SEAT][t[i, :, T_SEAT] >= 0]
        assert (seats[1:] != seats[:-1]).all()
    s = state(a=[FILL] * 2)
    R.draw(s, 0, 2)
    for _ in range(2):
        R.put_pp(s, 0, R.take_from_hand(s, 0, 0), 1, 0)
    R.pay(s, 0, 2, 0)
    A.start_phase(s, 0)
    assert R.pp_on(s, 0) == 2


def test_rule_506_4_and_506_4_1_the_attacker_turns_off_at_the_participation_step():
    s = state(a=[card("C", atk=1, hp=9)])
    j, = onto_field(s, 0)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["U"][0, j, R.U_ON] == 0


def test_rule_406_2_1_the_non_turn_players_triggers_resolve_first():
    """Seat 0's trigger empties seat 1's deck (the game ends); seat 1's draws a card: it resolves first."""
    s = state(a=[card("KILL", eff=["enter:player_damage:20:opp_player"])], b=[card("DRAW", eff=["enter:draw:1"])])
    R.queue_trigger(s, 0, 19, R.TR_ENTER)
    R.queue_trigger(s, 1, 19, R.TR_ENTER)
    A.settle(s)
    assert V(s)["P"][1, R.P_HAND] == 1 and V(s)["G"][R.G_OVER] == 1


# ---------------------------------------------------------------- cited rules: equipment, hand, main phase, battle steps

def test_rule_205_4_a_weapon_is_equipped_on_its_host_not_put_among_the_items():
    s = state(a=[card("C", atk=1, hp=3, cls="hunter"), card("SW", type="item", atk=2, kw=["weapon"], cls="hunter")])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert POL.playable(s, 0, c) and POL.best_host(s, 0, c) in (0, j)
    A.play_card(s, 0, 0, j)
    U = V(s)["U"]
    assert U[0, j, R.U_WPN] == c and V(s)["P"][0, R.P_NIT] == 0 and V(s)["P"][0, R.P_HAND] == 0


def test_rule_402_3_the_hand_limit_is_checked_only_at_the_owners_refresh_step():
    s = state(a=[FILL] * 9, b=[FILL] * 9, first=0)
    R.draw(s, 0, 9)
    R.draw(s, 1, 9)
    assert V(s)["P"][0, R.P_HAND] == 9  # no limit while the turn goes on
    A.end_phase(s, 0)
    assert V(s)["P"][0, R.P_HAND] == 7 and V(s)["P"][1, R.P_HAND] == 9  # the non-turn player keeps 9
    assert V(s)["P"][0, R.P_NDC] == 2


def test_rule_504_1_any_number_of_plays_and_attacks_in_one_main_phase():
    amb = card("AMB", cost=1, atk=1, hp=3, kw=["ambush"])
    s = state(a=[amb, amb, FILL, FILL])
    R.draw(s, 0, 4)
    for _ in range(2):
        R.put_pp(s, 0, R.take_from_hand(s, 0, V(s)["P"][0, R.P_HAND] - 1), 1, 0)
    A.main_phase(s, 0)
    assert V(s)["P"][0, R.P_NU] == 3 and R.pp_on(s, 0) == 0  # both played, in one main phase
    assert deck_count(s, 1) == 20 - 2 and V(s)["U"][0, 1, R.U_ON] == 0 and V(s)["U"][0, 2, R.U_ON] == 0


def test_rule_504_1_6_and_504_1_6_2_declaring_the_end_phase_ends_the_main_phase_with_actions_left():
    """The random policy may declare the end phase first: the main phase then ends with the playable
    card still in hand and the ON character still ON; otherwise it acted before ending."""
    ended_first = acted = 0
    for seed in range(40):
        s = state(a=[card("C", cost=1, atk=1, hp=3), FILL, card("ON", atk=1, hp=3)], policies=(RANDOM, RANDOM))
        j, = onto_field(s, 0)
        R.draw(s, 0, 2)
        R.put_pp(s, 0, R.take_from_hand(s, 0, 1), 1, 0)
        R.rng(s, R.nseats(s))[0] = np.uint64(seed + 1)
        A.main_phase(s, 0)
        untouched = V(s)["P"][0, R.P_HAND] == 1 and V(s)["U"][0, j, R.U_ON] == 1 and deck_count(s, 1) == 20
        ended_first += untouched
        acted += not untouched
    assert ended_first > 0 and acted > 0


def test_rule_506_3_and_506_3_2_a_battle_ended_at_the_battle_start_step_leaves_the_attacker_on():
    """Edge case 11: its "when this attacks" ability KOs the target at the battle start step; the
    battle ends there, before the participation step turns the attacker OFF."""
    s = state(a=[card("A", atk=1, hp=9, eff=["attack:damage:5:opp_character"])], b=[card("T", atk=4, hp=3)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)
    assert V(s)["P"][1, R.P_NU] == 1 and V(s)["U"][0, j, R.U_ON] == 1 and V(s)["U"][0, j, R.U_DF] == 0


def test_rule_506_5_and_506_5_2_and_205_5_1_1_the_target_declares_its_weapon_at_the_engagement_step():
    """The weapon is a rule process (205.5.1.1): nothing waits in the processing area."""
    s = state(a=[card("A", atk=1, hp=9)], b=[card("T", atk=1, hp=9, cls="hunter"),
                                              card("SW", type="item", atk=3, kw=["weapon"], cls="hunter")])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    equip(s, 1, jt, R.U_WPN, R.U_WON)
    A.attack(s, 0, j, jt, -1)
    assert V(s)["U"][0, j, R.U_DF] + V(s)["U"][0, j, R.U_DB] == 4 and V(s)["U"][1, jt, R.U_WON] == 0
    assert V(s)["G"][R.G_NTQ] == 0
