"""CODE OF JOKER rule scenarios, one or more per section of the rules digest (rules/coj.md, §n).

Scenarios build a state with coj.scenario_state and call the engine's own numba functions on it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.cards.effects import parse_effect
from sim.cards.model import Card, Deck
from sim.engine.results import (
    DOUBLE_LOSS,
    END_ROUND_LIMIT,
    END_SIMULTANEOUS,
    G_FINAL_A,
    G_FINAL_B,
    G_FIRST,
    G_MULL_A,
    G_REASON,
    G_TURNS,
    G_WINNER,
    T_AVAILABLE,
    T_HAND,
    T_SEAT,
    T_TURN,
)
from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import engine as coj
from sim.games.coj import policy as POL
from sim.games.coj import rules as R

DECKS = Path(__file__).resolve().parents[1] / "decks" / "coj"
CURVE, CONTROL, AGGRO, RANDOM = (coj.POLICIES[k] for k in ("curve", "control", "aggro", "random"))


def card(code: str, type: str = "unit", cost: int = 1, colour: str = "red", bp=(3000, 4000, 5000),
         kw=(), eff=(), name: str | None = None) -> Card:
    return Card(code=code, name=name or code, type=type, cost=cost, elements=(colour,), bp=bp,
                keywords=frozenset(kw), effects=tuple(parse_effect(e) for e in eff))


FILLER = card("FILL", cost=9, colour="purple", bp=(1000, 1000, 1000))
BLANK = card("BLANK", type="trigger", colour="colorless")  # no effect: never fires, never matters


def deck(*cards: Card, fill: Card = FILLER) -> Deck:
    main = [(c, 1) for c in cards] + [(fill, 40 - len(cards))]
    return Deck("coj", "scenario", Path("scenario.toml"), {"main": main})


def V(s):  # noqa: N802 - named views of a scenario state
    return coj.views(s)


def state(a=(), b=(), **kw):
    ca, cb = coj.compile_matchup(deck(*a), deck(*b))
    return coj.scenario_state(ca, cb, **kw)


def field(s, p, c, lvl=1, act=1, restr=0):
    j = R.place_unit(s, p, c, lvl)
    V(s)["U"][p, j, R.U_ACT], V(s)["U"][p, j, R.U_RESTR] = act, restr
    return j


def zone(s, p, *cs):
    V(s)["P"][p, R.P_NTRIG:R.P_NINT + R.NEV] = 0  # the per-event counts zone_add keeps
    V(s)["P"][p, R.P_ZONE] = 0
    for c in cs:
        R.zone_add(s, p, c)


def bp(s, p, j):
    return R.unit_bp(s, p, j)


def blank_game(policy=CURVE, n=40, detail="games", **options):
    ca, cb = coj.compile_matchup(deck(fill=BLANK), deck(fill=BLANK))
    return coj.play(ca, cb, policy, policy, seed=7, stream=0, start=0, n=n, detail=detail, options=options)


# §1 ------------------------------------------------------------------------------------------

def test_s1_round_10_tie_goes_to_second_player():
    g = blank_game().games
    assert (g[:, G_REASON] == END_ROUND_LIMIT).all() and (g[:, G_TURNS] == 20).all()
    assert (g[:, G_FINAL_A] == 8).all() and (g[:, G_FINAL_B] == 8).all()
    assert (g[:, G_WINNER] == 1 - g[:, G_FIRST]).all()  # equal LP: the second player wins
    assert set(g[:, G_FIRST]) == {0, 1}  # random first player


def test_s1_double_loss_when_both_reach_zero_at_once():
    boom = card("BOOM", type="trigger", colour="colorless", eff=["turn_start:player_damage:8:all_players"])
    ca, cb = coj.compile_matchup(deck(fill=boom), deck(fill=boom))
    g = coj.play(ca, cb, CURVE, CURVE, seed=1, stream=0, start=0, n=20).games
    assert (g[:, G_WINNER] == DOUBLE_LOSS).all() and (g[:, G_REASON] == END_SIMULTANEOUS).all()
    assert (g[:, G_FINAL_A] == 0).all() and (g[:, G_FINAL_B] == 0).all()
    assert (g[:, G_TURNS] == 3).all()  # the first player's trigger, set in round 1, fires at its round 2


def test_s1_lp_zero_ends_the_game_at_once():
    s = state([card("A", kw=["speed_move"])])
    V(s)["P"][1, R.P_LP] = 1
    j = field(s, 0, 0)
    V(s)["G"][R.G_ROUND] = 2
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_LP] == 0 and V(s)["G"][R.G_OVER] == 1


# §2/§6 ----------------------------------------------------------------------------------------

def test_s6_mulligans_are_bounded_and_free():
    ca, cb = coj.compile_matchup(deck(fill=BLANK), deck(fill=BLANK))
    g = coj.play(ca, cb, RANDOM, RANDOM, seed=3, stream=0, start=0, n=200).games
    assert g[:, G_MULL_A].max() <= 3 and g[:, G_MULL_A].max() >= 1
    g = coj.play(ca, cb, RANDOM, RANDOM, seed=3, stream=0, start=0, n=50, options={"max_mulligans": 0}).games
    assert (g[:, G_MULL_A:G_MULL_A + 2] == 0).all()


def test_s6_first_player_round_1_no_draw_and_no_attacks():
    s = state([card("A", kw=["speed_move"])])
    A.turn_start(s, 0)  # seat 0 is first, round 1
    assert V(s)["P"][0, R.P_HAND] == 0 and V(s)["P"][0, R.P_CP] == 2
    j = field(s, 0, 0)
    assert not POL.can_attack(s, 0, j)
    V(s)["G"][R.G_ROUND] = 2
    assert POL.can_attack(s, 0, j)


# §4 ------------------------------------------------------------------------------------------

def test_s4_cp_table_first_and_second_player():
    ca, cb = coj.compile_matchup(deck(fill=BLANK), deck(fill=BLANK))
    b = coj.play(ca, cb, CURVE, CURVE, seed=5, stream=0, start=0, n=4, detail="turns")
    for i in range(4):
        t = b.turns[i]
        first = b.games[i, G_FIRST]
        for k in range(20):
            seat, own = t[k, T_SEAT], t[k, T_TURN]
            row = 0 if seat == first else 1
            assert own == k // 2 + 1
            assert t[k, T_AVAILABLE] == R.CP_TABLE[row, own - 1]
    assert list(R.CP_TABLE[0]) == [2, 3, 4, 5, 6, 7, 7, 7, 7, 7]
    assert list(R.CP_TABLE[1]) == [3, 3, 4, 5, 6, 7, 7, 7, 7, 7]


def test_s4_cp_no_carry_over_and_cap_12():
    s = state()
    V(s)["G"][R.G_ROUND] = 5
    V(s)["P"][0, R.P_CP] = 3
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_CP] == 6  # reset to the table, not 3 + 6
    FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OWN_PLAYER, 10, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_CP] == 12
    FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OPP_PLAYER, -5, 0, -1, -1, -1)
    assert V(s)["P"][1, R.P_CP] == 0  # clamped at the cp_floor option


def test_s4_reducer_mandatory_leftmost_one_per_drive():
    red3 = card("R3", cost=3)
    s = state([red3, card("RA"), card("RB"), card("R1", cost=1)])
    zone(s, 0, 1, 2)  # two red units set as reducers
    R.add_to_hand(s, 0, 0, 1)
    V(s)["P"][0, R.P_CP] = 5
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_CP] == 3  # 3 - 1: only one reducer applies
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["Z"][0, 0] == 2  # the leftmost went to the discard
    R.add_to_hand(s, 0, 3, 1)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_CP] == 3 and V(s)["P"][0, R.P_ZONE] == 0  # a 1-CP unit reduced to 0


# §5 ------------------------------------------------------------------------------------------

def test_s5_hand_limit_7_excess_draws_not_taken():
    s = state()
    for _ in range(6):
        R.add_to_hand(s, 0, 5, 1)
    assert R.draw(s, 0, 2) == 1
    assert V(s)["P"][0, R.P_HAND] == 7 and V(s)["P"][0, R.P_TOP] == 1  # the second card stays in the deck
    assert R.draw(s, 0, 2) == 0 and V(s)["P"][0, R.P_TOP] == 1


def test_s5_deck_rebuilt_as_fresh_40_when_short():
    s = state()
    V(s)["P"][0, R.P_TOP] = 39  # one card left
    assert R.draw(s, 0, 2) == 2
    assert V(s)["P"][0, R.P_REBUILDS] == 1 and V(s)["P"][0, R.P_TOP] == 2
    assert sorted(V(s)["DK"][0, :40]) == list(range(40))  # a full fresh copy of the list


def test_s5_trigger_zone_of_4():
    s = state([BLANK] * 5)
    for i in range(5):
        R.add_to_hand(s, 0, i, 1)
    for _ in range(4):
        assert POL.can_set(s, 0, 0)
        A.set_card(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 4 and not POL.can_set(s, 0, 0)


# §7 ------------------------------------------------------------------------------------------

def test_s7_turn_start_recovers_and_turn_end_resets_bp():
    s = state([card("A")], [card("B")])
    j = field(s, 0, 0, act=0, restr=1)
    V(s)["U"][0, j, R.U_TEMP], V(s)["U"][0, j, R.U_DMG] = 2000, 1000
    A.turn_end(s, 0)
    assert V(s)["U"][0, j, R.U_TEMP] == 0 and V(s)["U"][0, j, R.U_DMG] == 0
    V(s)["G"][R.G_ROUND] = 2
    A.turn_start(s, 0)
    assert V(s)["U"][0, j, R.U_ACT] == 1 and V(s)["U"][0, j, R.U_RESTR] == 0
    assert V(s)["P"][0, R.P_HAND] == 2  # draw 2


def test_s7_turn_end_recomputes_the_units_whose_turn_long_changes_end():
    """§7 turn end: a unit with damage and a temporary BP change goes back to its printed BP plus its base change; a
    unit with only a base change (kept) keeps its BP, recomputed or not."""
    s = state([card("A", bp=(3000,) * 3), card("B", bp=(4000,) * 3)], [card("C")])
    hurt, kept = field(s, 0, 0), field(s, 0, 1)
    U = V(s)["U"]
    U[0, hurt, R.U_TEMP], U[0, hurt, R.U_DMG], U[0, hurt, R.U_BASE] = 2000, 1000, 500
    U[0, kept, R.U_BASE] = 1500
    for j in (hurt, kept):
        R.unit_derive(s, 0, j)
    assert (bp(s, 0, hurt), bp(s, 0, kept)) == (4500, 5500)
    A.turn_end(s, 0)
    assert (bp(s, 0, hurt), bp(s, 0, kept)) == (3500, 5500)


def test_s7_hand_limit_in_full_games():
    for pol in (RANDOM, CURVE, CONTROL, AGGRO):
        b = blank_game(pol, n=20, detail="turns")
        used = b.turns[:, :, T_SEAT] >= 0
        assert b.turns[used][:, T_HAND].max() <= 7


# §3 / §8 -------------------------------------------------------------------------------------

def test_s8_unblocked_attack_deals_exactly_1():
    s = state([card("A", bp=(9000, 9000, 9000))])
    V(s)["G"][R.G_ROUND] = 2
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_LP] == 7
    assert V(s)["U"][0, 0, R.U_ACT] == 0  # attacking consumes the action right


def test_s8_battle_simultaneous_damage_win_and_clock_up():
    s = state([card("A", bp=(5000, 7000, 9000))], [card("B", bp=(3000, 4000, 5000))], policies=(CURVE, CONTROL))
    V(s)["G"][R.G_ROUND] = 2
    V(s)["P"][1, R.P_LP] = 4  # control chump-blocks at <= 4 LP
    field(s, 1, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][1, R.P_LP] == 4  # blocked: no life damage, blocker destroyed
    assert V(s)["U"][0, 0, R.U_LVL] == 2 and V(s)["U"][0, 0, R.U_DMG] == 0 and bp(s, 0, 0) == 7000  # clock-up heals


def test_s8_equal_bp_both_destroyed_no_winner():
    s = state([card("A", bp=(5000, 7000, 9000))], [card("B", bp=(5000, 7000, 9000))], policies=(CURVE, CURVE))
    V(s)["G"][R.G_ROUND] = 2
    field(s, 1, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][1, R.P_LP] == 8


def test_s8_penetrate_only_after_a_battle_won():
    atk = card("P", bp=(5000, 6000, 7000), kw=["penetrate"])
    s = state([atk], [card("B", bp=(3000, 3000, 3000)), card("C", bp=(5000, 5000, 5000))], policies=(CURVE, CONTROL))
    V(s)["G"][R.G_ROUND] = 2
    V(s)["P"][1, R.P_LP] = 4
    field(s, 1, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_LP] == 3  # won and destroyed the blocker: 1 LP through
    s2 = state([atk], [card("C", bp=(5000, 5000, 5000))], policies=(CURVE, CONTROL))
    V(s2)["G"][R.G_ROUND] = 2
    field(s2, 1, 0)
    A.attack(s2, 0, field(s2, 0, 0))
    assert V(s2)["P"][1, R.P_LP] == 8  # equal BP: both destroyed, no winner, no penetrate


def test_s8_overclock_restores_the_action_right():
    s = state([card("A", bp=(5000, 6000, 9000))], [card("B", bp=(1000, 1000, 1000)), card("C", bp=(1000,) * 3)],
              policies=(CURVE, CONTROL))
    V(s)["G"][R.G_ROUND] = 2
    V(s)["P"][1, R.P_LP] = 4
    field(s, 1, 0)
    field(s, 1, 1)
    j = field(s, 0, 0, lvl=2)
    A.attack(s, 0, j)
    assert V(s)["U"][0, j, R.U_LVL] == 3 and V(s)["U"][0, j, R.U_ACT] == 1 and V(s)["U"][0, j, R.U_RESTR] == 0
    assert POL.can_attack(s, 0, j)  # it attacks again
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["U"][0, j, R.U_LVL] == 3  # OC units do not clock up further


def test_s8_override_raises_level_and_draws_1():
    s = state([card("X"), card("X")])
    R.add_to_hand(s, 0, 0, 1)
    R.add_to_hand(s, 0, 1, 1)
    assert POL.can_override(s, 0, 0, 1)
    A.override(s, 0, 0, 1)
    assert V(s)["P"][0, R.P_HAND] == 2 and V(s)["HL"][0, 0] == 2  # the bottom card is Lv.2, 1 card drawn
    V(s)["HL"][0, 0] = 3
    R.add_to_hand(s, 0, 1, 1)
    assert not POL.can_override(s, 0, 2, 0)  # no override onto Lv.3


def test_s8_driven_lv3_unit_overclocks_and_level_resets_on_leaving():
    s = state([card("X")])
    R.add_to_hand(s, 0, 0, 3)
    V(s)["P"][0, R.P_CP] = 5
    A.drive(s, 0, 0)
    assert V(s)["U"][0, 0, R.U_RESTR] == 0 and V(s)["U"][0, 0, R.U_ACT] == 1
    FX.resolve(s, 1, R.OP_BOUNCE, R.TG_OPP, 0, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["HL"][0, 0] == 1  # back in hand at Lv.1


def test_s3_overdrive_inherits_the_action_right():
    evo = card("E", type="evolution", cost=2, bp=(6000, 7000, 8000))
    s = state([card("U"), evo, card("E3", type="evolution", cost=2)])
    j = field(s, 0, 0, act=0)
    R.add_to_hand(s, 0, 1, 1)
    V(s)["P"][0, R.P_CP] = 5
    assert POL.can_overdrive(s, 0, 0, j)
    A.overdrive(s, 0, 0, j)
    assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["U"][0, j, R.U_CARD] == 1
    assert V(s)["U"][0, j, R.U_ACT] == 0 and V(s)["U"][0, j, R.U_RESTR] == 0  # exhausted base -> exhausted evolution
    R.add_to_hand(s, 0, 2, 3)
    A.overdrive(s, 0, 0, j)
    assert V(s)["U"][0, j, R.U_ACT] == 1  # a Lv.3 evolution overclocks


def test_s3_overdrive_needs_same_colour_and_ignores_field_cap():
    s = state([card("U")] * 5 + [card("E", type="evolution", colour="blue")] + [card("E2", type="evolution")])
    for i in range(5):
        field(s, 0, i)
    R.add_to_hand(s, 0, 5, 1)
    R.add_to_hand(s, 0, 6, 1)
    V(s)["P"][0, R.P_CP] = 5
    assert not POL.can_overdrive(s, 0, 0, 0) and POL.can_overdrive(s, 0, 1, 0)
    R.add_to_hand(s, 0, 0, 1)
    assert not POL.can_drive(s, 0, 2)  # field of 5


# §9 ------------------------------------------------------------------------------------------

def test_s9_triggers_fire_leftmost_first_and_unusable_ones_stay():
    big = card("T6", type="trigger", colour="colorless", eff=["cast:damage:6000:opp_character"])
    small = card("T1", type="trigger", colour="colorless", eff=["cast:damage:1000:opp_character"])
    s = state([card("A", bp=(5000, 5000, 5000))], [big, small])
    V(s)["G"][R.G_ROUND] = 2
    zone(s, 1, 0, 1)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_FIELD] == 0  # the leftmost trigger destroyed the attacker
    assert V(s)["P"][1, R.P_ZONE] == 1 and V(s)["Z"][1, 0] == 1  # the other had no target and stays set
    assert V(s)["P"][1, R.P_LP] == 8  # a removed attacker deals no life damage (option default)


def test_s9_intercept_needs_cp_and_a_same_colour_unit():
    lance = card("L", type="intercept", cost=1, eff=["cast:damage:3000:opp_character"])
    s = state([card("A", bp=(5000, 5000, 5000))], [lance, card("RU", bp=(1000,) * 3), card("BU", colour="blue")],
              policies=(CURVE, AGGRO))
    V(s)["G"][R.G_ROUND] = 2
    zone(s, 1, 0)
    field(s, 1, 2, act=0)  # a blue unit only
    V(s)["P"][1, R.P_CP] = 3
    j = field(s, 0, 0)
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_ZONE] == 1 and V(s)["P"][1, R.P_LP] == 7  # no red unit: cannot use
    field(s, 1, 1, act=0)
    V(s)["P"][1, R.P_CP] = 0
    V(s)["U"][0, j, R.U_ACT] = 1
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_ZONE] == 1  # no CP
    V(s)["P"][1, R.P_CP] = 1
    V(s)["U"][0, j, R.U_ACT] = 1
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["P"][1, R.P_CP] == 0 and bp(s, 0, 0) == 2000


def test_s9_when_destroyed_effects_fire():
    ember = card("LE", type="trigger", colour="colorless", eff=["leave:player_damage:1:opp_player"])
    s = state([card("A", bp=(9000,) * 3)], [card("B", bp=(1000,) * 3), ember], policies=(CURVE, CONTROL))
    V(s)["G"][R.G_ROUND] = 2
    V(s)["P"][1, R.P_LP] = 4
    field(s, 1, 0)
    zone(s, 1, 1)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_LP] == 7 and V(s)["P"][1, R.P_ZONE] == 0


# §10 keywords ---------------------------------------------------------------------------------

def test_s10_speed_move_and_attack_ban():
    s = state([card("S", kw=["speed_move"]), card("N"), card("B", kw=["speed_move", "attack_ban"])])
    V(s)["G"][R.G_ROUND] = 2
    V(s)["P"][0, R.P_CP] = 9
    for _ in range(3):
        R.add_to_hand(s, 0, V(s)["P"][0, R.P_HAND], 1)
    for _ in range(3):
        A.drive(s, 0, 0)
    assert [POL.can_attack(s, 0, j) for j in range(3)] == [True, False, False]


def test_s10_indomitable_bind_immortal():
    s = state([card("I", kw=["indomitable"]), card("B", kw=["bind"]), card("M", kw=["immortal"])])
    for c in range(3):
        field(s, 0, c, act=0)
    A.turn_end(s, 0)  # 不屈: its controller's turn end (indomitable_every_turn_end 0)
    assert V(s)["U"][0, 0, R.U_ACT] == 1 and V(s)["U"][0, 1, R.U_ACT] == 0
    V(s)["G"][R.G_ROUND] = 2
    A.turn_start(s, 0)
    assert V(s)["U"][0, 1, R.U_ACT] == 0  # 呪縛: no recovery
    FX.resolve(s, 1, R.OP_DAMAGE, R.TG_OPP, 9000, 0, -1, 0, V(s)["U"][0, 2, R.U_UID])
    assert V(s)["P"][0, R.P_FIELD] == 3 and V(s)["U"][0, 2, R.U_DMG] == 0


def test_s10_kings_healing_and_shield_of_order():
    s = state([card("K", bp=(5000,) * 3, kw=["kings_healing"]), card("O", bp=(5000,) * 3, kw=["shield_of_order"])])
    field(s, 0, 0)
    field(s, 0, 1)
    assert not R.take_damage(s, 0, 0, 4000, True) and V(s)["U"][0, 0, R.U_DMG] == 0
    assert R.take_damage(s, 0, 0, 5000, True)
    assert not R.take_damage(s, 0, 1, 9000, True) and R.take_damage(s, 0, 1, 9000, False)


def test_s10_protection_selflessness_anchored():
    s = state([card("P", kw=["protection"]), card("S", kw=["selflessness"]), card("A", kw=["anchored"])])
    for c in range(3):
        field(s, 0, c)
    assert FX.pick_target(s, 1, R.OP_DAMAGE, R.TG_OPP, 1000, 0, -1, 0, V(s)["U"][0, 0, R.U_UID]) != 0
    assert not FX.legal_target(s, 0, 0, 0, R.OP_PUMP, 1000, 0)  # own effects cannot target it either
    assert not FX.legal_target(s, 1, 0, 1, R.OP_DULL, 0, 0) and FX.legal_target(s, 0, 0, 1, R.OP_DULL, 0, 0)
    assert not FX.legal_target(s, 1, 0, 2, R.OP_BOUNCE, 0, 0)


def test_s10_dimensional_interference_and_forced_defense():
    dim = card("D", cost=2, bp=(9000,) * 3, kw=["dimensional_interference_3"])
    s = state([dim], [card("C3", cost=3, bp=(1000,) * 3, kw=["forced_defense"]), card("C2", cost=2, bp=(1000,) * 3)],
              policies=(CURVE, AGGRO))
    V(s)["G"][R.G_ROUND] = 2
    field(s, 1, 0)
    a = field(s, 0, 0)
    assert not POL.can_block(s, 1, 0, 0, a)
    field(s, 1, 1)
    assert POL.can_block(s, 1, 1, 0, a) and POL.choose_blocker(s, 1, 0, a) == -1  # aggro would not chump
    s2 = state([card("A", bp=(9000,) * 3)], [card("F", bp=(1000,) * 3, kw=["forced_defense"])], policies=(CURVE, AGGRO))
    field(s2, 1, 0)
    assert POL.choose_blocker(s2, 1, 0, field(s2, 0, 0)) == 0  # 強制防御: must block


def test_s10_forced_defense_blocks_with_the_forced_unit_among_others():
    """§10 強制防御 with other blockers on the field: blocker_mask's second mask holds the forced units that can block
    (not an exhausted one), and a scripted or the random policy blocks with the forced unit, not the stronger one."""
    attacker, strong = card("A", bp=(5000,) * 3), card("S", bp=(8000,) * 3)
    forced, spent = (card(n, bp=(1000,) * 3, kw=["forced_defense"]) for n in ("F", "G"))
    for pol in (CURVE, RANDOM):
        s = state([attacker], [strong, forced, spent], policies=(CURVE, pol))
        field(s, 1, 0)
        field(s, 1, 1)
        field(s, 1, 2, act=0)
        a = field(s, 0, 0)
        assert POL.blocker_mask(s, 1, 0, a) == (0b011, 0b010)
        assert POL.choose_blocker(s, 1, 0, a) == 1


def test_s8_blockers_are_the_units_on_the_field_not_the_slot_one_left():
    """The policy's block tests walk all five field slots with the empty ones masked: a unit that left the field keeps
    its row past the field's end (remove_unit shifts the others left), and neither the blockers, the forced ones, the
    strongest blocker nor the lethal count may see it (a ready 9000 BP forced blocker there would stop the attack)."""
    s = state([card("A", bp=(5000,) * 3)], [card("W", bp=(1000,) * 3), card("S", bp=(9000,) * 3, kw=["forced_defense"])],
              policies=(CURVE, CURVE))
    V(s)["G"][R.G_ROUND] = 2
    field(s, 1, 0, act=0)
    field(s, 1, 1)
    a = field(s, 0, 0)
    assert POL.strongest_blocker(s, 1, 1 << 20) == 9000 and POL.choose_attack(s, 0, CURVE) == -1
    R.remove_unit(s, 1, 1)
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 1, R.U_ACT] == 1  # the left slot's row is still there
    V(s)["P"][1, R.P_LP] = 1  # one ready attacker, no ready blocker: lethal, whatever could block
    assert POL.blocker_mask(s, 1, 0, a) == (0, 0)
    assert POL.strongest_blocker(s, 1, 1 << 20) == -1
    assert POL.choose_attack(s, 0, CURVE) == a


def test_s10_silence_suppresses_own_effects():
    s = state([card("Q", kw=["silence"], eff=["enter:player_damage:1:opp_player"])])
    R.add_to_hand(s, 0, 0, 1)
    V(s)["P"][0, R.P_CP] = 5
    A.drive(s, 0, 0)
    assert V(s)["P"][1, R.P_LP] == 8


# engine-level -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def shipped():
    from sim.decks.deckfile import load_deck

    return {k: load_deck(DECKS / f"{k}.toml") for k in ("aggro", "midrange", "control")}


def test_shipped_decks_play_all_policies(shipped):
    for pa in coj.POLICIES.values():
        for pb in coj.POLICIES.values():
            a, b = coj.compile_matchup(shipped["aggro"], shipped["control"])
            batch = coj.play(a, b, pa, pb, seed=11, stream=pa * 4 + pb, start=0, n=30, detail="turns")
            assert coj.check_results(batch) == []


def test_results_do_not_depend_on_chunking_and_jokers_option(shipped):
    a, b = coj.compile_matchup(shipped["midrange"], shipped["aggro"])
    whole = coj.play(a, b, CURVE, CURVE, seed=2, stream=1, start=0, n=60, detail="cards")
    parts = [coj.play(a, b, CURVE, CURVE, seed=2, stream=1, start=k, n=20, detail="cards") for k in (0, 20, 40)]
    assert np.array_equal(whole.games, np.concatenate([p.games for p in parts]))
    assert np.array_equal(whole.cards, np.concatenate([p.cards for p in parts]))
    jok = coj.play(a, b, CURVE, CURVE, seed=2, stream=1, start=0, n=60, options={"jokers": 1})
    assert coj.check_results(jok) == [] and not np.array_equal(jok.games, whole.games)


FIXTURES = Path(__file__).resolve().parent / "fixtures" / "coj"


def _fixture_pool(name: str) -> Path:
    """The catalog a fixture deck reads: its `pool`, relative to the deck file (what load_deck opens)."""
    import tomllib

    with open(FIXTURES / name, "rb") as f:
        return (FIXTURES / tomllib.load(f)["pool"]).resolve()


CATALOG = _fixture_pool("catalog_red.toml")


@pytest.mark.skipif(not CATALOG.is_file(), reason=f"shared CoJ catalog not present at {CATALOG}")
def test_catalog_decks_play():
    """Decks of real catalog codes (the importer's Cards: type, cost, colour, BP per level) play out."""
    from sim.decks.deckfile import load_deck

    red, blue = (load_deck(FIXTURES / f"catalog_{k}.toml") for k in ("red", "blue"))
    assert red.size == 40 and all(c.bp[0] > 0 for c, _ in red.main if c.type in ("unit", "evolution"))
    a, b = coj.compile_matchup(red, blue)
    for pol in coj.POLICIES.values():
        batch = coj.play(a, b, pol, CURVE, seed=8, stream=pol, start=0, n=50, detail="turns",
                         options={"jokers": 1})
        assert coj.check_results(batch) == []
        assert (batch.games[:, G_TURNS] > 2).all()


# in-kernel invariant check (coj.check_invariants, V_*) ----------------------------------------

def test_check_state_flags_each_invariant():
    def bits(s, end=False):
        V(s)["G"][R.G_VIOL] = 0
        coj.check_state(s, end)
        return int(V(s)["G"][R.G_VIOL])

    s = state([card("A")])
    assert bits(s) == 0
    R.draw(s, 0, 2)  # copies 0 and 1 leave the deck for the hand: still one live zone each
    field(s, 1, 5)
    V(s)["P"][1, R.P_TOP] = 6  # seat 1's copy 5 came off its deck (copies 0..4 are in its discard)
    assert bits(s) == 0
    R.add_to_hand(s, 0, 3, 1)  # copy 3 is still in the deck: live twice
    assert bits(s) == coj.V_ZONES
    R.rebuild(s, 0)  # a fresh 40: the hand copies are an older generation (rebuilds + 1 allowed)
    assert bits(s) == 0
    V(s)["P"][0, R.P_CP] = R.CP_MAX + 1
    assert bits(s) == coj.V_CP
    V(s)["P"][0, R.P_CP] = 0
    V(s)["P"][1, R.P_LP] = 0  # LP 0 but the game goes on (§1)
    assert bits(s) == coj.V_LP
    V(s)["G"][R.G_OVER] = 1
    assert bits(s, end=True) == 0
    V(s)["P"][1, R.P_LP] = 3  # over without an LP of 0
    assert bits(s, end=True) == coj.V_END
    V(s)["G"][R.G_OVER] = 0  # not over before round 10 at the end
    assert bits(s, end=True) == coj.V_END
    V(s)["P"][0, R.P_HAND] = R.HAND_MAX + 1
    assert bits(s) & coj.V_LIMITS
    V(s)["P"][0, R.P_HAND] = 0
    V(s)["P"][1, R.P_TOP] = -1
    assert bits(s) & coj.V_NEGATIVE


def test_check_state_flags_kept_values_that_differ_from_their_recomputation():
    """V_DERIVED: a unit's U_KWS / U_BP (unit_derive) and the policy's current hand scan (policy.hand_facts) are
    recomputed at each check; a column written without unit_derive, or a hand changed without hand_changed, shows."""
    def bits(s):
        V(s)["G"][R.G_VIOL] = 0
        coj.check_state(s, False)
        return int(V(s)["G"][R.G_VIOL])

    s = state([card("A"), card("T", type="trigger")], [card("B")])
    V(s)["P"][0, R.P_TOP] = 3  # copies 0 to 2 came off the deck
    j = field(s, 0, 0)
    R.add_to_hand(s, 0, 1, 1)
    POL.hand_scan(s, 0)
    assert bits(s) == 0 and R.unit_bp(s, 0, j) == 3000 and V(s)["P"][0, R.P_HSET] == 0
    V(s)["U"][0, j, R.U_TEMP] = 1000  # not through unit_derive: U_BP still 3000
    assert bits(s) == coj.V_DERIVED and R.unit_bp(s, 0, j) == 3000  # the check only reads
    R.unit_derive(s, 0, j)
    assert bits(s) == 0 and R.unit_bp(s, 0, j) == 4000
    V(s)["U"][0, j, R.U_GKW] = R.KW_PENETRATE
    assert bits(s) == coj.V_DERIVED
    R.unit_derive(s, 0, j)
    assert bits(s) == 0 and R.unit_kw(s, 0, j) & R.KW_PENETRATE
    V(s)["H"][0, 0] = 2  # the trigger replaced by a unit (a filler) behind hand_changed's back: the scan is stale
    assert bits(s) == coj.V_DERIVED


def test_the_hand_scan_after_a_removal_is_the_full_scan():
    """policy.scan_removed (one card removed since the last scan) gives what policy.hand_facts finds, and leaves the
    scan to hand_facts when the removed card was the cheapest unit or an evolution, or an override was found."""
    s = state([card("U2", cost=2), card("T", type="trigger"), card("U3", cost=3), card("I", type="intercept"),
               card("E", type="evolution", cost=3)])
    for c in (0, 1, 2, 3, 4, 1):  # U2 T U3 I E T
        R.add_to_hand(s, 0, c, 1)
    # U3 (not the cheapest), U2 (the cheapest: full scan), I (after the first set card), T (the first set card: the
    # next one), T (the last set card: none left), E (an evolution: full scan)
    for i in (2, 0, 1, 0, 1, 0):
        POL.hand_scan(s, 0)
        R.remove_from_hand(s, 0, i)
        POL.hand_scan(s, 0)
        facts = POL.hand_facts(s, 0)
        assert tuple(V(s)["P"][0, [R.P_HOVR, R.P_HSET, R.P_HMINC, R.P_HEVO]]) == facts, (i, facts)
        assert V(s)["P"][0, R.P_HSCAN] == V(s)["P"][0, R.P_HVER] + 1
    assert V(s)["P"][0, R.P_HAND] == 0


def test_check_invariants_in_kernel_all_policies(shipped):
    a, b = coj.compile_matchup(shipped["aggro"], shipped["control"])
    for pa in coj.POLICIES.values():
        for pb in coj.POLICIES.values():
            for jokers in (0, 1):
                viol = coj.check_invariants(a, b, pa, pb, seed=3, stream=pa * 4 + pb, n=40,
                                            options={"jokers": jokers})
                assert viol.dtype == np.int64 and viol.shape == (40,)
                assert not viol.any(), (pa, pb, jokers, np.unique(viol))


def test_check_mode_plays_the_same_games(shipped):
    """The check flag only reads the state: a checked replay is the normal game (same RNG use)."""
    a, b = coj.compile_matchup(shipped["midrange"], shipped["aggro"])
    g0 = coj._game_template(CURVE, RANDOM, "games", None, None, None)
    cards, effs, sizes, njokers = coj._tables(a, b)
    out = []
    for check in (0, 1):
        g0[R.G_CHECK] = check
        games = coj.new_batch(25, "games", coj.MAX_TURNS, cards.shape[1] - 2).games
        viol = np.zeros(25, np.int64)
        coj._play_batch(cards, effs, sizes, njokers, g0, np.int64(7), np.int64(0), np.int64(0), 25, games,
                        np.full((1, coj.MAX_TURNS, 7), -1, np.int32),
                        np.full((1, 2, cards.shape[1] - 2, 2), -1, np.int16), viol, 0, 1)
        out.append(games)
        assert not viol.any()
    assert np.array_equal(out[0], out[1])
    assert np.array_equal(out[0], coj.play(a, b, CURVE, RANDOM, seed=7, stream=0, start=0, n=25).games)
