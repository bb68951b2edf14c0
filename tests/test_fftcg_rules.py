"""FFTCG rules scenarios: one test per implemented rule, named after its rule number in the digest
(../shared/rules/fftcg.md). Each sets up a position with fftcg.new_state, acts, and asserts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from sim.cards.effects import TRIGGERS, Effect, parse_effect
from sim.cards.model import Card, Deck
from sim.engine.compiled import K_TRIGS
from sim.engine.results import (
    DRAW,
    END_DECK_OUT,
    END_EMPTY_DECK_DAMAGE,
    END_LIFE,
    END_SIMULTANEOUS,
    WIN_A,
    WIN_B,
)
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T


def card(code: str, type: str = "forward", cost: int = 2, el: tuple[str, ...] = ("fire",), power: int = 5000,
         kw: tuple[str, ...] = (), eff: tuple[str, ...] = (), ex: bool = False, lb: int = -1,
         generic: bool = False, name: str | None = None) -> Card:
    return Card(code=code, name=name or code, type=type, cost=cost, elements=el,
                power=power if type == "forward" else 0, keywords=frozenset(kw),
                effects=tuple(parse_effect(e) for e in eff), ex_burst=ex, lb_cost=lb, generic=generic)


# uncastable, generic filler (cost 9 Water): keeps decks long without playing itself
FILLER = card("FILL", cost=9, el=("water",), power=1000, generic=True, name="Filler")


def make(a: list[Card], b: list[Card] | None = None, lb_a: list[Card] = (), filler: int = 30,
         pa: int = K.CURVE, pb: int = K.CURVE, **options: int):
    """Seat 0 holds `a` as copies 0..len(a)-1 (one each), seat 1 `b`; then `filler` fillers each."""
    def deck(cards, lb):
        return Deck("fftcg", "t", Path("t.toml"), {"main": [(c, 1) for c in cards] + [(FILLER, filler)],
                                                   "lb": [(c, 1) for c in lb]})
    da, db = F.compile_matchup(deck(a, lb_a), deck(b or [], ()))
    S = F.new_state(da, db, pa, pb, options=options)
    return S, F.views(S)


def put(v, p: int, c: int, zone: int, dull: int = 0, sick: int = 0) -> None:
    """Move copy c of seat p from its deck to `zone`, keeping the deck order, lists and counts consistent."""
    ps, ls, cs = v["ps"], v["ls"], v["cs"]
    top = ps[p, K.P_TOP]
    order = ls[p, K.L_ORDER]
    k = int(np.nonzero(order[top:ps[p, K.P_NMAIN]] == c)[0][0]) + top
    order[k], order[top] = order[top], order[k]
    ps[p, K.P_TOP] += 1
    cs[p, K.S_ZONE, c] = zone
    if zone == K.Z_HAND:
        ls[p, K.L_HAND, ps[p, K.P_HN]] = c
        ps[p, K.P_HN] += 1
    elif zone == K.Z_FIELD:
        ls[p, K.L_FIELD, ps[p, K.P_FN]] = c
        ps[p, K.P_FN] += 1
        cs[p, K.S_DULL, c] = dull
        cs[p, K.S_SICK, c] = sick
        index_field(v, p)
    elif zone == K.Z_DAMAGE:
        ps[p, K.P_DMG] += 1


def index_field(v, p: int) -> None:
    """The engine's index_field after a test changed the field list by hand (the views share one blob)."""
    K.index_field(F.State.of(v["ps"].base), p)


def castable(S, p: int, c: int, instant: bool = False, keep: int = 0) -> bool:
    P.prepare_cast_context(S, p, keep)
    return bool(P.can_cast(S, p, c, instant))


def hand(v, p: int) -> list[int]:
    return sorted(v["ls"][p, K.L_HAND, :v["ps"][p, K.P_HN]].tolist())


def field(v, p: int) -> list[int]:
    return sorted(v["ls"][p, K.L_FIELD, :v["ps"][p, K.P_FN]].tolist())


def violations(S) -> int:
    F.check_state(S)
    return int(F.views(S)["gs"][K.X_VIOL])


# ---- 1. losses and draws -------------------------------------------------------------------------------
def test_rule_3_1_1_seven_damage_loses():
    S, v = make([])
    K.damage_player(S, 1, 6)
    assert not K.check_over(S, 7)
    K.damage_player(S, 1, 1)
    assert K.check_over(S, 7)
    assert v["gs"][K.X_WINNER] == WIN_A and v["gs"][K.X_REASON] == END_LIFE
    assert v["ps"][1, K.P_DMG] == 7 and violations(S) == 0


def test_rule_3_1_1_limited_loses_at_six():
    deck = Deck("fftcg", "t", Path("t"), {"main": [(card("F", power=6000), 20), (card("B", "backup"), 20)]})
    a, b = F.compile_matchup(deck, deck)
    for limited, need in ((1, 6), (0, 7)):
        g = F.play(a, b, K.AGGRO, K.AGGRO, seed=2, stream=0, start=0, n=300, options={"limited": limited}).games
        life = g[g[:, 2] == END_LIFE]
        loser_dmg = np.where(life[:, 1] == WIN_A, life[:, 5], life[:, 4])
        assert len(life) > 0 and loser_dmg.min() == need


def test_rule_12_4_2_draw_from_empty_deck_loses():
    S, v = make([], filler=10)
    v["ps"][0, K.P_TOP] = 9  # one card left (the others are "elsewhere" for this check)
    K.draw(S, 0, 2)
    assert v["ps"][0, K.P_HN] == 1 and v["ps"][0, K.P_DREW_EMPTY] == 1
    assert K.check_over(S, 7)
    assert v["gs"][K.X_WINNER] == WIN_B and v["gs"][K.X_REASON] == END_DECK_OUT


def test_rule_3_1_3_damage_with_empty_deck_loses():
    S, v = make([], filler=10)
    v["ps"][1, K.P_TOP] = 8
    K.damage_player(S, 1, 2)  # exactly the 2 cards left: not a loss (12.4.3 "exceeding")
    assert not K.check_over(S, 7)
    K.damage_player(S, 1, 1)
    assert K.check_over(S, 7)
    assert v["gs"][K.X_WINNER] == WIN_A and v["gs"][K.X_REASON] == END_EMPTY_DECK_DAMAGE


def test_rule_3_3_simultaneous_loss_is_a_draw():
    # seat 1 takes its 7th damage; the revealed EX Burst deals the 7th to seat 0 too (6.5.2.1)
    burst = card("EXB", "summon", eff=("cast:player_damage:1:opp_player",), ex=True)
    S, v = make([], [burst])
    v["ps"][0, K.P_DMG] = 6
    v["ps"][1, K.P_DMG] = 6
    K.damage_player(S, 1, 1)
    K.resolve(S)
    assert K.check_over(S, 7)
    assert v["gs"][K.X_WINNER] == DRAW and v["gs"][K.X_REASON] == END_SIMULTANEOUS


# ---- 5. setup ----------------------------------------------------------------------------------------------
def test_rule_8_2_1_4_mulligan_puts_the_hand_on_the_bottom():
    fwd = card("F", power=5000)
    deck = Deck("fftcg", "t", Path("t"), {"main": [(fwd, 50)]})
    a, b = F.compile_matchup(deck, deck)
    keep = F.new_state(a, b, K.AGGRO, K.AGGRO, seed=7)  # a cheap character: no redraw scores more, keeps
    mull = F.new_state(a, b, K.CONTROL, K.CONTROL, seed=7)
    F.views(mull)["prm"][:, K.PR_MULL] = 1  # the count rule: no Backup, mulligans
    F.setup(keep, 0)
    F.setup(mull, 0)
    vk, vm = F.views(keep), F.views(mull)
    order_k, order_m = vk["ls"][0, K.L_ORDER, :50], vm["ls"][0, K.L_ORDER, :50]
    assert vk["ps"][0, K.P_MULL] == 0 and vm["ps"][0, K.P_MULL] == 1
    assert hand(vm, 0) == sorted(order_k[5:10].tolist())  # the second hand is cards 6-10
    assert order_m[45:].tolist() == order_k[:5].tolist()  # the first hand at the bottom, unshuffled
    assert (vm["cs"][0, K.S_DRAWN, order_m[:5]] == 0).all() and violations(mull) == 0


def test_rule_9_2_1_3_first_player_draws_one_then_two():
    S, v = make([], [])
    T.take_turn(S, 0, 1, 7, 1)
    assert (v["cs"][0, K.S_DRAWN] == 1).sum() == 1
    T.take_turn(S, 1, 2, 7, 1)
    assert (v["cs"][1, K.S_DRAWN] == 1).sum() == 2
    assert violations(S) == 0


# ---- 6. turn structure -------------------------------------------------------------------------------------
def test_rule_9_1_active_phase_untaps_and_15_2_4_frozen_does_not():
    wall = card("WALL", power=20000)
    S, v = make([card("A"), card("B")], [wall], pa=K.CONTROL)
    put(v, 0, 0, K.Z_FIELD, dull=1)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    v["cs"][0, K.S_FROZEN, 1] = 1
    T.take_turn(S, 0, 3, 7, 1)
    assert v["cs"][0, K.S_DULL, 0] == 0  # untapped (control does not attack into a 20000 wall)
    assert v["cs"][0, K.S_DULL, 1] == 1 and v["cs"][0, K.S_FROZEN, 1] == 0  # skipped once, then thawed


def test_rule_9_5_1_2_end_phase_discards_to_five_and_9_5_1_3_clears_damage():
    S, v = make([card("A", power=7000)], [card("B", power=7000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    for _ in range(8):
        put(v, 0, v["ls"][0, K.L_ORDER, v["ps"][0, K.P_TOP]], K.Z_HAND)
    v["cs"][0, K.S_DMG, 0] = 3000
    v["cs"][1, K.S_DMG, 0] = 5000
    v["cs"][1, K.S_PUMP, 0] = 2000
    T.end_phase(S, 0)
    assert v["ps"][0, K.P_HN] == 5
    assert v["cs"][0, K.S_DMG, 0] == 0 and v["cs"][1, K.S_DMG, 0] == 0 and v["cs"][1, K.S_PUMP, 0] == 0
    assert violations(S) == 0


# ---- 7. CP ----------------------------------------------------------------------------------------------------
def test_rule_5_2_1_3_discard_gives_two_cp_but_never_light_or_dark():
    S, v = make([card("F", cost=2), card("X", "summon", cost=5), card("L", el=("light",), cost=5)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    assert not castable(S, 0, 0)  # only a Light card to discard
    put(v, 0, 1, K.Z_HAND)
    assert castable(S, 0, 0)  # one Fire discard = 2 CP
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 2] == K.Z_HAND
    assert violations(S) == 0


def test_rule_11_4_6_1_needs_one_cp_of_its_element():
    S, v = make([card("F", cost=2), card("W", cost=5, el=("water",)), card("WB", "backup", el=("water",)),
                 card("FB", "backup")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_FIELD)
    assert not castable(S, 0, 0)  # 3 CP of Water, no Fire
    put(v, 0, 3, K.Z_FIELD)
    assert castable(S, 0, 0)
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][0, K.S_DULL, 2] == 1 and v["cs"][0, K.S_DULL, 3] == 1 and v["cs"][0, K.S_ZONE, 1] == K.Z_HAND


def test_rule_11_4_6_2_multi_element_needs_each_element():
    S, v = make([card("FW", cost=1, el=("fire", "wind")), card("FB", "backup"), card("WB", "backup", el=("wind",))])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    assert not castable(S, 0, 0)  # cost 1, but Wind is missing
    put(v, 0, 2, K.Z_FIELD)
    assert castable(S, 0, 0)
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["ps"][0, K.P_SPENT] == 2 and violations(S) == 0  # max(cost, elements) = 2
    assert v["ps"][0, K.P_PAID] == 2


def test_rule_11_4_6_3_light_or_dark_card_takes_any_element():
    S, v = make([card("L", cost=2, el=("light",)), card("W1", "backup", el=("water",)),
                 card("W2", "backup", el=("water",))])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    assert castable(S, 0, 0)


def test_rule_11_4_6_4_no_surplus_except_one_from_a_discard():
    S, v = make([card("F4", cost=4), card("FB", "backup"), card("X1", "summon", cost=7), card("X2", "summon", cost=7)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_HAND)
    put(v, 0, 3, K.Z_HAND)
    gen, nb, nd, bonus = K.plan_pay(S, 0, 4, 1, 0, -1, 0, False)
    # Backup + 2 discards = 5 is not minimal: the Backup is redundant; 2 discards pay exactly 4
    assert (gen, nb, nd, bonus) == (4, 0, 2, 0)
    assert K.payment_legal(S, 0, 4, 1, nb, nd, bonus)
    S2, v2 = make([card("F3", cost=3), card("FB", "backup"), card("B2", "backup"), card("B3", "backup")])
    for c in range(1, 4):
        put(v2, 0, c, K.Z_FIELD)
    assert K.plan_pay(S2, 0, 3, 1, -1, -1, 0, False)[:3] == (3, 3, 0)
    # a 4th source would be surplus from a Backup: illegal (digest example "discard + 2 backups")
    v2["scr"][0, :3] = [1, 2, 3]
    v2["scr"][1, 0] = 0
    assert not K.payment_legal(S2, 0, 3, 1, 3, 1, 0)


def test_rule_11_4_6_4_a_discard_for_a_one_cp_remainder_produces_more_than_is_paid():
    """Cost 3 and no Backup: two discards make 4 CP; 3 are paid and 1 is lost (the turns detail's
    resources_paid and resources_spent)."""
    S, v = make([card("F3", cost=3), card("X", "summon", cost=7), card("Y", "summon", cost=7)])
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK
    assert (v["ps"][0, K.P_SPENT], v["ps"][0, K.P_PAID]) == (4, 3) and violations(S) == 0


# ---- 3/9. field limits -------------------------------------------------------------------------------------
def test_rule_5_2_3_1_1_3_backup_enters_dull_forward_active():
    S, v = make([card("B", "backup", cost=1), card("F", cost=1), card("X", "summon", cost=9), card("Y", "summon", cost=9)])
    for c in range(4):
        put(v, 0, c, K.Z_HAND)
    T.cast(S, 0, 0, -1, -1, 1)
    T.cast(S, 0, 1, -1, -1, 1)
    assert v["cs"][0, K.S_DULL, 0] == 1 and v["cs"][0, K.S_DULL, 1] == 0
    assert v["cs"][0, K.S_SICK, 1] == 1 and field(v, 0) == [0, 1]


def test_rule_7_7_4_at_most_five_backups():
    backups = [card(f"B{i}", "backup", cost=1, name=f"B{i}") for i in range(6)]
    S, v = make(backups + [card("X", cost=9)])
    for c in range(5):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 5, K.Z_HAND)
    put(v, 0, 6, K.Z_HAND)
    assert not castable(S, 0, 5)
    v["ps"][0, K.P_FN] = 4  # with four, the fifth is fine
    v["cs"][0, K.S_ZONE, 4] = K.Z_BREAK
    index_field(v, 0)
    assert castable(S, 0, 5)


def test_field_lists_of_forwards_and_backups_follow_the_field_order():
    S, v = make([card("F1"), card("B1", "backup"), card("F2"), card("B2", "backup"), card("F3")])
    for c in range(5):
        put(v, 0, c, K.Z_FIELD)
    K.leave_field(S, 0, 0, K.Z_BREAK)  # the field list takes its last card in the gap: 4, 1, 2, 3
    ls, ps = v["ls"], v["ps"]
    assert ls[0, K.L_FWD, :ps[0, K.P_NF]].tolist() == [4, 2]
    assert ls[0, K.L_BKP, :ps[0, K.P_NB]].tolist() == [1, 3]
    assert violations(S) == 0
    ls[0, K.L_FWD, 0], ls[0, K.L_FWD, 1] = 2, 4
    assert violations(S) & K.V_ZONES  # the check notices an index out of field order


def test_rule_7_7_3_one_character_per_name_unless_generic():
    S, v = make([card("C1", name="Cloud"), card("C2", name="Cloud"), card("M1", name="Moogle", generic=True),
                 card("M2", name="Moogle", generic=True), card("X", cost=9), card("Y", cost=9)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    for c in (1, 3, 4, 5):
        put(v, 0, c, K.Z_HAND)
    assert not castable(S, 0, 1)
    assert castable(S, 0, 3)


def test_rule_7_7_5_one_light_or_dark_character():
    S, v = make([card("L", el=("light",), cost=1), card("D", el=("dark",), cost=1), card("X", cost=9)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    assert not castable(S, 0, 1)


# ---- 8. attacks -------------------------------------------------------------------------------------------
def test_rule_10_1_2_1_1_summoning_sick_cannot_attack_unless_haste():
    S, v = make([card("A"), card("H", kw=("haste",))])
    put(v, 0, 0, K.Z_FIELD, sick=1)
    put(v, 0, 1, K.Z_FIELD, sick=1)
    assert not P.can_attack(S, 0, 0) and P.can_attack(S, 0, 1)
    v["cs"][0, K.S_SICK, 0] = 0
    assert P.can_attack(S, 0, 0)


def test_rule_10_1_2_2_attacking_dulls_but_15_2_1_brave_does_not():
    S, v = make([card("A", power=9000), card("BR", kw=("brave",), power=9000)], pa=K.AGGRO, pb=K.AGGRO)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    T.attack_phase(S, 0, 7, 1)
    assert v["cs"][0, K.S_ATTACKED, 0] == 1 and v["cs"][0, K.S_ATTACKED, 1] == 1
    assert v["cs"][0, K.S_DULL, 0] == 1 and v["cs"][0, K.S_DULL, 1] == 0
    assert not P.can_attack(S, 0, 1)  # Brave still attacks once per turn (10.1.2.1.2)


def test_rule_10_1_4_1_unblocked_attack_deals_exactly_one_damage():
    S, v = make([card("BIG", power=15000)], pa=K.AGGRO)
    put(v, 0, 0, K.Z_FIELD)
    T.attack_phase(S, 0, 7, 1)
    assert v["ps"][1, K.P_DMG] == 1 and violations(S) == 0


def test_rule_10_1_3_blocking_does_not_dull_and_10_1_4_2_battle_damage_breaks():
    S, v = make([card("ATK", power=5000)], [card("WALL", power=10000)], pa=K.AGGRO, pb=K.CONTROL)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    T.attack_phase(S, 0, 7, 1)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK  # 10000 damage >= 5000 power (12.4.5)
    assert v["cs"][1, K.S_DULL, 0] == 0 and v["cs"][1, K.S_DMG, 0] == 5000
    assert v["ps"][1, K.P_DMG] == 0


def test_rule_12_4_5_break_at_damage_equal_to_power():
    S, v = make([card("A", power=5000), card("B", power=5000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    v["cs"][0, K.S_DMG, 0] = 5000
    v["cs"][0, K.S_DMG, 1] = 4000
    K.rule_processes(S)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD


def test_rule_12_4_4_power_zero_goes_to_the_break_zone():
    S, v = make([card("A", power=5000)], [card("W", "summon", eff=("cast:weaken:5000:opp_character",))])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_HAND)
    K.push(S, 1, 1, 0, 0, -1, -1)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK


def test_rule_15_2_3_first_strike_breaks_before_damage_back():
    S, v = make([card("FS", power=7000, kw=("first_strike",))], [card("B", power=7000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["scr"][2, 0] = 0
    T.deal_battle(S, 0, 1, 1, 0, True)
    K.rule_processes(S)
    T.deal_battle(S, 0, 1, 1, 0, False)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_DMG, 0] == 0


def test_rule_15_1_1_9_party_same_element_and_blocker_splits_damage():
    S, v = make([card("P1", power=5000), card("P2", power=6000), card("W", power=9000, el=("wind",))],
                [card("B", power=8000)])
    for c in range(3):
        put(v, 0, c, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert P.party_for(S, 0, 0) == 2  # the Wind Forward cannot join a Fire party (15.1.1.9.2)
    T.deal_battle(S, 0, 2, 1, 0, True)
    T.deal_battle(S, 0, 2, 1, 0, False)
    K.rule_processes(S)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK  # 11000 from the party
    # 8000 split in 1000s: 5000 breaks P1, the remaining 3000 go to P2 (10.1.4.2.1)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_DMG, 1] == 3000


def test_rule_15_1_1_9_2_party_shared_element_option():
    S, v = make([card("FW", power=5000, el=("fire", "wind")), card("W", power=5000, el=("wind",))])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    assert P.party_for(S, 0, 0) == 2
    S2, v2 = make([card("FW", power=5000, el=("fire", "wind")), card("W", power=5000, el=("wind",))],
                  party_shared_element=0)
    put(v2, 0, 0, K.Z_FIELD)
    put(v2, 0, 1, K.Z_FIELD)
    assert P.party_for(S2, 0, 0) == 1


# ---- effects, EX Burst, LB, Summons, Back Attack ------------------------------------------------------------
def test_trigger_mask_lists_each_trigger_of_the_card():
    # the engine skips a card's effect slots unless K_TRIGS has the trigger (push_trigger, statics, ...)
    two = card("TWO", eff=("enter:draw:1:own_player", "static:pump:1000:self"))
    S, v = make([two, card("NONE")])
    assert v["cards"][0, 0, K_TRIGS] == (1 << TRIGGERS.index("enter")) | (1 << TRIGGERS.index("static"))
    assert v["cards"][0, 1, K_TRIGS] == 0
    assert K.push_trigger(S, 0, 0, 0, K.TR_ATTACK, -1, -1) == 0
    assert K.push_trigger(S, 0, 0, 0, K.TR_ENTER, -1, -1) == 1


def test_rule_11_10_ex_burst_resolves_when_revealed_as_damage():
    bolt = card("EX", "summon", eff=("cast:damage:5000:opp_character",), ex=True)
    plain = card("NOEX", "summon", eff=("cast:damage:5000:opp_character",))
    S, v = make([card("A", power=5000), card("B", power=5000)], [bolt, plain])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    K.damage_player(S, 1, 2)  # reveals EX then NOEX
    K.resolve(S)
    assert v["ps"][1, K.P_DMG] == 2
    assert sorted(v["cs"][0, K.S_ZONE, :2].tolist()) == [K.Z_FIELD, K.Z_BREAK]  # only one Forward broken
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_DAMAGE and violations(S) == 0


@pytest.mark.parametrize("pb", [K.AGGRO, K.CURVE, K.CONTROL])
def test_rule_11_10_an_ex_burst_that_would_deal_its_owner_the_losing_damage_is_not_used(pb: int):
    """An EX Burst may be used (11.10): the scripted players decline one that deals its own player the damage that
    loses the game (Bahamut 6-017C at 6 damage), and use it one point earlier."""
    bahamut = tcard("BAH", "Choose 1 Forward. Deal it 10000 damage. Bahamut deals you 1 point of damage. EX Bursts of"
                    " cards put into the Damage Zone due to this damage cannot be used.", "summon", cost=4, name="Bahamut")
    bahamut = replace(bahamut, ex_burst=True)
    for before, used in ((5, False), (4, True)):
        S, v = make([card("A", power=8000)], [bahamut], pb=pb)
        put(v, 0, 0, K.Z_FIELD)
        v["ps"][1, K.P_DMG] = before
        K.damage_player(S, 1, 1)  # reveals Bahamut
        K.resolve(S)
        assert (v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK) == used
        assert v["ps"][1, K.P_DMG] == before + 1 + used and not K.check_over(S, 7)


def test_rule_15_2_8_limit_break_flips_other_lb_cards_and_is_single_use():
    ult = card("ULT", "summon", cost=1, eff=("cast:draw:1",), lb=2)
    others = [card(f"L{i}", "summon", cost=1, eff=("cast:draw:1",), lb=0, name=f"L{i}") for i in range(2)]
    S, v = make([card("X", cost=9)], lb_a=[ult, *others])
    put(v, 0, 0, K.Z_HAND)
    n = v["ps"][0, K.P_NMAIN]
    v["cs"][0, K.S_ZONE, n + 2] = K.Z_LB_UP  # only one other face-down card: LB 2 cannot be paid
    assert not castable(S, 0, n)
    v["cs"][0, K.S_ZONE, n + 2] = K.Z_LB
    assert castable(S, 0, n)
    T.cast(S, 0, n, -1, -1, 1)
    assert v["cs"][0, K.S_ZONE, n:n + 3].tolist() == [K.Z_LB_UP] * 3  # cast card and both flipped
    assert not castable(S, 0, n) and violations(S) == 0


def test_rule_15_2_5_back_attack_casts_at_instant_speed():
    S, v = make([card("BA", kw=("back_attack",), cost=1), card("N", cost=1), card("S", "summon", cost=1,
                 eff=("cast:draw:1",)), card("X", cost=9)])
    for c in range(4):
        put(v, 0, c, K.Z_HAND)
    assert castable(S, 0, 0, instant=True)
    assert not castable(S, 0, 1, instant=True)
    assert castable(S, 0, 2, instant=True)


def test_rule_11_3_summon_needs_a_target_then_goes_to_the_break_zone():
    bolt = card("BOLT", "summon", cost=1, eff=("cast:damage:6000:opp_character",))
    S, v = make([bolt, card("X", "summon", cost=9)], [card("T", power=6000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    assert not castable(S, 0, 0)  # no opposing Forward to choose
    put(v, 1, 0, K.Z_FIELD)
    assert castable(S, 0, 0)
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_rule_15_1_1_8_search_takes_a_card_of_the_type_and_shuffles():
    finder = card("FIND", "backup", cost=1, eff=("enter:search:1:own_player:1",))
    target = card("TGT", "backup", cost=3, name="Target")
    S, v = make([finder, card("X", "summon", cost=9), target])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    deck_before = v["ps"][0, K.P_NMAIN] - v["ps"][0, K.P_TOP]
    T.cast(S, 0, 0, -1, -1, 1)
    assert 2 in hand(v, 0)
    assert v["ps"][0, K.P_NMAIN] - v["ps"][0, K.P_TOP] == deck_before - 1 and violations(S) == 0


def test_rule_15_1_1_8_search_takes_the_matching_card_its_player_wants():
    bro = tcard("BRO", "When BRO enters the field, you may search for 1 Category X Forward and add it to your hand.",
                "backup", cost=1)
    x_small, x_big = card("XS", cost=2, name="X small"), card("XB", cost=5, name="X big")
    other = card("OT", cost=7, name="Other")
    cards = [bro, card("X", "summon", cost=9), replace(x_small, category="X"), replace(x_big, category="X"), other]
    for pol, wanted in ((K.CURVE, {3}), (K.RANDOM, {2, 3})):
        got = set()
        for seed in range(8):
            S, v = make(cards, pa=pol, filler=1)
            v["rng"][:, 0] = [seed * 4 + k + 1 for k in range(4)]
            put(v, 0, 0, K.Z_HAND)
            put(v, 0, 1, K.Z_HAND)
            top, nmain = v["ps"][0, K.P_TOP], v["ps"][0, K.P_NMAIN]
            K.shuffle(v["rng"][0], v["ls"][0, K.L_ORDER, top:nmain], nmain - top)
            T.cast(S, 0, 0, -1, -1, 1)
            found = set(hand(v, 0)) & {2, 3, 4}
            assert len(found) == 1 and violations(S) == 0  # one card, of Category X, never the costlier Other
            got |= found
        assert got == wanted  # curve: the one it values most (the costlier); random: either


def test_rule_15_1_1_8_search_for_one_of_two_kinds():
    pres = tcard("PRES", "When PRES enters the field, you may search for 1 Card Name Rufus or Job Turk and add it to"
                 " your hand.", "backup", cost=1)
    rufus, turk, other = card("RU", cost=2, name="Rufus"), card("TU", cost=3, name="Reno"), card("OT", cost=7)
    for seed in range(6):
        S, v = make([pres, card("X", "summon", cost=9), rufus, replace(turk, job="Turk"), other], filler=1)
        v["rng"][:, 0] = [seed * 4 + k + 1 for k in range(4)]
        put(v, 0, 0, K.Z_HAND)
        put(v, 0, 1, K.Z_HAND)
        T.cast(S, 0, 0, -1, -1, 1)
        assert set(hand(v, 0)) & {2, 3, 4} == {3}  # the Turk (curve values the costlier Forward), never Other
    S, v = make([pres, card("X", "summon", cost=9), rufus, other], filler=1)  # no Turk: the first kind, by name
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    T.cast(S, 0, 0, -1, -1, 1)
    assert set(hand(v, 0)) & {2, 3} == {2}


def test_rule_15_1_1_8_search_keeps_the_element_and_the_cost_limit():
    """"Search for 1 Fire Forward of cost 3 or less": curve would value the costlier or the Ice Forward more, but
    only the cheap Fire one fits; a search the engine cannot match ("cost 4 or more") is not modelled."""
    from sim.games.fftcg.importer import parse_fftcg_text

    seek = tcard("SEEK", "When SEEK enters the field, you may search for 1 Fire Forward of cost 3 or less and add it"
                 " to your hand.", "backup", cost=1)
    fits, dear, ice = card("FI", cost=3, name="Fits"), card("DE", cost=5, name="Dear"), card("IC", cost=3, el=("ice",),
                                                                                          power=9000, name="Ice")
    for seed in range(4):
        S, v = make([seek, card("X", "summon", cost=9), fits, dear, ice], filler=1)
        v["rng"][:, 0] = [seed * 4 + k + 1 for k in range(4)]
        put(v, 0, 0, K.Z_HAND)
        put(v, 0, 1, K.Z_HAND)
        T.cast(S, 0, 0, -1, -1, 1)
        assert set(hand(v, 0)) & {2, 3, 4} == {2}
    dear_search = parse_fftcg_text("When SEEK enters the field, you may search for 1 Forward of cost 4 or more and add"
                                   " it to your hand.", "SEEK", "backup", 0)
    assert not dear_search.effects and len(dear_search.unmodelled) == 1


def test_rule_15_2_4_2_freeze_effect_freezes_without_dulling():
    S, v = make([card("FR", cost=1, eff=("enter:freeze:0:opp_character",)), card("X", "summon", cost=9)], [card("T")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_DULL, 0] == 0 and v["cs"][1, K.S_FROZEN, 0] == 1


def test_rule_11_6_2_2_dull_action_needs_no_summoning_sickness():
    S, v = make([card("AB", "backup", cost=1, eff=("action:draw:1:none:0:0:dull",))])
    put(v, 0, 0, K.Z_FIELD, sick=1)
    assert not P.can_activate(S, 0, 0, 0, 0)
    v["cs"][0, K.S_SICK, 0] = 0
    assert P.can_activate(S, 0, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][0, K.S_DULL, 0] == 1 and v["ps"][0, K.P_HN] == 1


SCRIPTED = [F.POLICIES[name] for name in ("random", "aggro", "curve", "control")]
SEARCH_8 = F.POLICIES["search:8"]  # the search policy's code at a test-sized budget


@pytest.mark.parametrize("policy", [*SCRIPTED, SEARCH_8])
def test_rule_3_1_full_games_end_by_a_loss_condition(policy):
    deck = Deck("fftcg", "t", Path("t"), {"main": [(card("F", power=6000), 25), (card("B", "backup"), 25)]})
    a, b = F.compile_matchup(deck, deck)
    g = F.play(a, b, policy, policy, seed=1, stream=0, start=0, n=200).games
    life = g[:, 2] == END_LIFE
    loser_dmg = np.where(g[:, 1] == WIN_A, g[:, 5], g[:, 4])
    assert (loser_dmg[life] >= 7).all()
    assert np.isin(g[:, 2], [END_LIFE, END_DECK_OUT, END_EMPTY_DECK_DAMAGE, END_SIMULTANEOUS]).all()


# ---- real starter decks (shared data; fixtures only) ------------------------------------------------------
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "fftcg"
STARTERS = ("custom_starter__ff_xiii_2023__default_starter_deck.toml",
            "opus_starter__opus_iii_2017__ff_ix_fire_water_starter_deck.toml")


@pytest.mark.skipif(not (SHARED / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
def test_real_starter_decks_play_every_pairing_with_invariants():
    from sim.decks.deckfile import load_deck

    pool = SHARED / "cards_fftcgsim_square_api.json"
    a, b = F.compile_matchup(*(load_deck(SHARED / "decks" / "starter" / name, pool) for name in STARTERS))
    pairings = [(pa, pb, 2000) for pa in SCRIPTED for pb in SCRIPTED] + [(SEARCH_8, pb, 100) for pb in SCRIPTED]
    for pa, pb, n in pairings:
        viol = F.check_invariants(a, b, pa, pb, seed=pa * 4 + pb, n=n)
        assert (viol == 0).all(), (pa, pb, np.unique(viol))
        g = F.play(a, b, pa, pb, seed=pa * 4 + pb, stream=0, start=0, n=n).games
        assert (g[:, 2] != 3).all()  # no game hit the turn cap


# ---- imported vocabulary: conditions, "for each", type filters, restrictions, cost reduction, play ----------
def tcard(code: str, text: str, type: str = "forward", cost: int = 2, power: int = 5000, job: str = "",
          category: str = "", name: str | None = None) -> Card:
    """A card whose effects come from the FFTCG text importer (so the test covers text -> engine)."""
    from sim.games.fftcg.importer import parse_fftcg_text
    nm = name or code
    parsed = parse_fftcg_text(text, nm, type, power)
    assert not parsed.unmodelled, parsed.unmodelled
    return Card(code=code, name=nm, type=type, cost=cost, elements=("fire",), power=power if type == "forward" else 0,
                keywords=parsed.keywords, effects=parsed.effects, job=job, category=category)


def test_rule_15_2_damage_gate_static_switches_on_with_damage():
    cid = tcard("CID", "Damage 3 -- CID gains +1000 power and First Strike.")
    S, v = make([cid])
    put(v, 0, 0, K.Z_FIELD)
    K.damage_player(S, 0, 2)
    assert K.power(S, 0, 0) == 5000 and not K.has_kw(S, 0, 0, K.KW_FIRST_STRIKE)
    K.damage_player(S, 0, 1)
    assert K.power(S, 0, 0) == 6000 and K.has_kw(S, 0, 0, K.KW_FIRST_STRIKE)


def test_rule_15_2_damage_gate_static_switches_off_with_heal():
    cid = tcard("CID", "Damage 3 -- CID gains +1000 power and First Strike.")
    potion = card("POT", "summon", eff=("cast:heal:1:own_player",))
    S, v = make([cid, potion])
    put(v, 0, 0, K.Z_FIELD)
    K.damage_player(S, 0, 3)
    assert K.power(S, 0, 0) == 6000
    K.exec_effect(S, 0, 0, 1, 0, -1, -1)
    assert v["ps"][0, K.P_DMG] == 2 and K.power(S, 0, 0) == 5000 and not K.has_kw(S, 0, 0, K.KW_FIRST_STRIKE)


def test_rule_12_4_5_lost_static_bonus_breaks_a_damaged_forward():
    general = tcard("GEN", "The Forwards you control gain +2000 power.", "backup")
    S, v = make([general, card("F", power=5000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    K.update_static(S, 0)
    K.deal_damage(S, 1, 0, 0, 1, 6000, True, False)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD  # 6000 damage, 7000 power
    K.apply_op(S, 0, 0, K.OP_BREAK, 0, 0, 1, 1, 0)  # the bonus goes with the Backup
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK


def test_rule_15_2_damage_gate_trigger_needs_the_damage():
    text = "Damage 5 -- When {} enters the field, choose 1 Forward opponent controls. Break it."
    a, b = tcard("ARA", text.format("ARA"), cost=0), tcard("ARB", text.format("ARB"), cost=0)
    S, v = make([a, b, card("X", cost=9), card("Y", cost=9)], [card("T")])
    for c in range(4):
        put(v, 0, c, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = 4
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD  # 4 damage: the ability does nothing
    v["ps"][0, K.P_DMG] = 5
    T.cast(S, 0, 1, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_condition_control_a_card_name_and_a_job():
    noel = tcard("NOEL", "If you control Card Name Serah, NOEL gains +2000 power.")
    serah = card("SER", cost=0, name="Serah")
    wedge = tcard("WEDGE", "If you control a Job AVALANCHE Operative, the cost required to cast WEDGE is reduced by 2.",
                  cost=3)
    op = card("OPR", "backup", cost=1, name="Operative")
    op = Card(**{**op.__dict__, "job": "AVALANCHE Operative"})
    S, v = make([noel, serah, wedge, op, card("X", cost=9)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 4, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == 5000
    T.cast(S, 0, 1, -1, -1, 1)  # Serah enters: Noel's condition holds
    assert K.power(S, 0, 0) == 7000
    K.leave_field(S, 0, 1, K.Z_BREAK)
    assert K.power(S, 0, 0) == 5000
    assert P.cast_requirement(S, 0, 2)[0] == 3
    put(v, 0, 3, K.Z_FIELD)
    assert P.cast_requirement(S, 0, 2)[0] == 1


def test_cost_reduction_for_each_backup_never_below_one():
    ranjit = tcard("RJ", "The cost required to cast RJ is reduced by 1 for each Backup you control.", cost=4)
    backups = [card(f"B{i}", "backup", cost=1, name=f"B{i}") for i in range(4)]
    S, v = make([ranjit, *backups])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    assert P.cast_requirement(S, 0, 0)[0] == 2
    put(v, 0, 3, K.Z_FIELD)
    put(v, 0, 4, K.Z_FIELD)
    assert P.cast_requirement(S, 0, 0)[0] == 1


def test_for_each_damage_counts_backups():
    vaan = tcard("VAAN", "EX BURST Choose 1 Forward. Deal it 2000 damage for each Backup you control.", "summon",
                 cost=0)
    S, v = make([vaan, card("X", cost=9), card("B1", "backup", name="B1"), card("B2", "backup", name="B2"),
                 card("B3", "backup", name="B3")], [card("T", power=6000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_FIELD)
    put(v, 0, 3, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    S2 = S.copy()
    T.cast(S, 0, 0, -1, -1, 1)  # 2 backups: 4000 damage, the 6000 Forward survives
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD and v["cs"][1, K.S_DMG, 0] == 4000
    v2 = F.views(S2)
    put(v2, 0, 4, K.Z_FIELD)
    T.cast(S2, 0, 0, -1, -1, 1)  # 3 backups: 6000 damage breaks it
    assert v2["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_backup_target_break_leaves_forwards_alone():
    archer = tcard("ARC", "《ダル》: Choose 1 Backup of cost 3 or less. Break it.", "backup", cost=1)
    S, v = make([archer], [card("T", cost=1), card("BK", "backup", cost=3, name="BK")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert not P.can_activate(S, 0, 0, 0, 0)  # no Backup to choose
    put(v, 1, 1, K.Z_FIELD, dull=1)
    assert P.can_activate(S, 0, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


def test_cannot_block_this_turn_until_the_end_phase():
    red = tcard("RM", "《1》《ダル》: Choose 1 Forward. It cannot block this turn.", "backup", cost=1)
    S, v = make([red, card("X", cost=9)], [card("T", power=9000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert P.best_blocker_power(S, 1) == 9000
    T.activate(S, 0, 0, 0, 1)
    assert K.has_kw(S, 1, 0, K.KW_NO_BLOCK) and P.best_blocker_power(S, 1) == -1
    T.end_phase(S, 0)
    assert P.best_blocker_power(S, 1) == 9000


def test_play_onto_the_field_from_break_zone_and_hand():
    phoenix = tcard("PHX", "Choose up to 1 Forward of cost 2 or less in your Break Zone. Play it onto the field.",
                    "summon", cost=0)
    caius = tcard("CAI", "When CAI enters the field, you may play 1 Character of cost 3 or less from your hand onto"
                  " the field.", cost=0)
    S, v = make([phoenix, caius, card("F2", cost=2, name="F2"), card("F4", cost=4, name="F4"),
                 card("H3", "backup", cost=3, name="H3"), card("X", cost=9), card("Y", cost=9)],
                [card("T")])
    for c in (0, 1, 4, 5, 6):
        put(v, 0, c, K.Z_HAND)
    put(v, 0, 2, K.Z_BREAK)
    put(v, 0, 3, K.Z_BREAK)
    put(v, 1, 0, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    assert 2 in field(v, 0) and v["cs"][0, K.S_ZONE, 3] == K.Z_BREAK
    T.cast(S, 0, 1, -1, -1, 1)
    assert 4 in field(v, 0) and 4 not in hand(v, 0) and violations(S) == 0


def test_condition_on_the_opponent_field_is_recomputed():
    yugiri = tcard("YUG", "If your opponent doesn't control Forwards, YUG gains Haste.")
    S, v = make([yugiri], [card("T")])
    put(v, 0, 0, K.Z_FIELD, sick=1)
    K.update_static(S, 0)
    assert K.has_kw(S, 0, 0, K.KW_HASTE)
    put(v, 1, 0, K.Z_HAND)
    K.enter_field(S, 1, 0)
    assert not K.has_kw(S, 0, 0, K.KW_HASTE)


def test_dig_adds_the_first_match_of_the_top_cards_and_bottoms_the_rest():
    balthier = tcard("BAL", "When BAL enters the field, reveal the top 3 cards of your deck. Add 1 Job Sky Pirate among"
                     " them to your hand and return the other cards to the bottom of your deck in any order.", cost=0)
    pirate = Card(code="PIR", name="Pirate", type="forward", cost=2, elements=("fire",), power=5000, job="Sky Pirate")
    S, v = make([balthier, pirate, card("X", cost=9)], filler=10)
    put(v, 0, 0, K.Z_HAND)
    ps, order = v["ps"], v["ls"][0, K.L_ORDER]
    top = int(ps[0, K.P_TOP])
    k = int(np.nonzero(order[top:ps[0, K.P_NMAIN]] == 1)[0][0]) + top  # the pirate goes second from the top
    order[k], order[top + 1] = order[top + 1], order[k]
    revealed = [int(order[top]), int(order[top + 2])]
    T.cast(S, 0, 0, -1, -1, 1)
    assert 1 in hand(v, 0)
    assert [int(x) for x in order[ps[0, K.P_NMAIN] - 2:ps[0, K.P_NMAIN]]] == revealed and violations(S) == 0


def test_dig_and_play_keep_the_element_of_the_card_they_take():
    """"Add 1 Lightning card among them": a Fire card on top is passed over; "Play 1 Ice Forward of cost 3 or less
    from your hand onto the field" plays the Ice one, not the costlier-fitting Fire one."""
    seer = tcard("SEER", "When SEER enters the field, reveal the top 2 cards of your deck. Add 1 Lightning card among"
                 " them to your hand and return the other cards to the bottom of your deck in any order.", cost=0)
    bolt = card("BOLT", "summon", el=("lightning",), name="BOLT")
    S, v = make([seer, card("FIRE", cost=9, name="FIRE"), bolt], filler=10)
    put(v, 0, 0, K.Z_HAND)
    ps, order = v["ps"], v["ls"][0, K.L_ORDER]
    top = int(ps[0, K.P_TOP])
    for want, c in ((top, 1), (top + 1, 2)):  # the Fire card on top, the Lightning Summon second
        k = int(np.nonzero(order[top:ps[0, K.P_NMAIN]] == c)[0][0]) + top
        order[k], order[want] = order[want], order[k]
    T.cast(S, 0, 0, -1, -1, 1)
    assert 2 in hand(v, 0) and 1 not in hand(v, 0)
    call = tcard("CALL", "Play 1 Ice Forward of cost 3 or less from your hand onto the field.", "summon", cost=0)
    S, v = make([call, card("F3", cost=3, name="F3"), card("I2", cost=2, el=("ice",), name="I2")])
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_FIELD and v["cs"][0, K.S_ZONE, 1] == K.Z_HAND


def test_break_of_cost_n_or_more_and_team_pump_other_than_itself():
    alex = tcard("ALX", "Choose 1 Character of cost 4 or more. Break it.", "summon", cost=0)
    reddas = tcard("RED", "When RED attacks, the Forwards other than RED you control gain +1000 power until the end of"
                   " the turn.")
    S, v = make([alex, reddas, card("M", name="Mate")], [card("C3", cost=3, name="C3"), card("C5", cost=5, name="C5")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD
    K.push_trigger(S, 0, 0, 1, K.TR_ATTACK, -1, -1)
    K.resolve(S)
    assert K.power(S, 0, 2) == 6000 and K.power(S, 0, 1) == 5000


def test_when_dealt_damage_triggers_on_ability_and_battle_damage():
    azul = tcard("AZ", "When AZ is dealt damage, choose 1 Forward opponent controls. Deal it 1000 damage.", power=9000)
    bolt = tcard("BOLT", "Choose 1 Forward. Deal it 2000 damage.", "summon", cost=0)
    S, v = make([card("T", power=12000)], [azul, bolt])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["scr"][2, 0] = 0
    T.deal_battle(S, 0, 1, 1, 0, False)  # T attacks, Azul blocks: both are dealt battle damage
    K.resolve(S)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_DMG, 0] == 9000 + 1000  # + Azul's trigger
    S, v = make([card("T", power=9000)], [azul, bolt])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    K.apply_op(S, 1, 0, K.OP_DAMAGE, 2000, 0, 0, 0, 0)  # ability damage to Azul (from seat 0)
    K.resolve(S)
    assert v["cs"][0, K.S_DMG, 0] == 1000


def test_opponent_forward_broken_and_summon_cast_triggers():
    anima = tcard("AN", "When a Forward opponent controls is put from the field into the Break Zone, choose 1 Forward"
                  " opponent controls. Dull it.", "backup")
    terra = tcard("TE", "When you cast a Summon, choose 1 Forward opponent controls. Deal it 2000 damage.")
    draw1 = tcard("DR", "Draw 1 card.", "summon", cost=0)
    S, v = make([anima, terra, draw1], [card("A", power=3000, name="A"), card("B", name="B")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    T.cast(S, 0, 2, -1, -1, 1)  # casting a Summon: Terra deals 2000 (no kill possible: the strongest, B)
    assert v["cs"][1, K.S_DMG, 1] == 2000 and v["ps"][0, K.P_HN] == 1
    K.leave_field(S, 1, 0, K.Z_BREAK)
    K.resolve(S)
    assert v["cs"][1, K.S_DULL, 1] == 1  # Anima dulled the remaining Forward


def test_cannot_be_chosen_by_opponent_summons_only():
    ysh = tcard("YSH", "YSH cannot be chosen by your opponent's Summons.")
    bolt = tcard("BOLT", "Choose 1 Forward. Deal it 2000 damage.", "summon", cost=0)
    zap = tcard("ZAP", "When ZAP enters the field, choose 1 Forward opponent controls. Deal it 2000 damage.", cost=0)
    S, v = make([bolt, zap], [ysh])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    K.update_static(S, 1)
    assert not castable(S, 0, 0)  # the only Forward cannot be chosen by a Summon
    T.cast(S, 0, 1, -1, -1, 1)  # an ability can choose it
    assert v["cs"][1, K.S_DMG, 0] == 2000


def test_action_usable_only_if_a_condition_holds():
    ysh = tcard("YS", "《ダル》, put YS into the Break Zone: Choose 1 Forward. Deal it 7000 damage. You can only use this"
                " ability if you control 2 or more Backups.", "backup", cost=1)
    S, v = make([ysh, card("B1", "backup", name="B1")], [card("T", power=7000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert not P.can_activate(S, 0, 0, 0, 0)  # 1 Backup
    put(v, 0, 1, K.Z_FIELD)
    assert P.can_activate(S, 0, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_discard_from_own_hand_and_each_player_discards():
    moogle = tcard("MOG", "EX BURST Draw 2 cards, then discard 1 card from your hand.", "summon", cost=0)
    bard = tcard("BARD", "《ダル》, put BARD into the Break Zone: Each player discards 1 card from his/her hand.", "backup",
                 cost=1)
    S, v = make([moogle, bard, card("X", cost=9)], [card("T"), card("U", name="U")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 1, 0, K.Z_HAND)
    put(v, 1, 1, K.Z_HAND)
    T.cast(S, 0, 0, -1, -1, 1)  # hand: X + 2 drawn, then 1 discarded
    assert v["ps"][0, K.P_HN] == 2
    T.activate(S, 0, 1, 0, 1)
    assert v["ps"][0, K.P_HN] == 1 and v["ps"][1, K.P_HN] == 1 and violations(S) == 0


def test_optional_payment_on_resolution():
    wm = tcard("WM", "When WM enters the field, you may pay 《水》. When you do so, draw 1 card.", "backup", cost=0)
    S, v = make([wm, card("B", "backup", el=("water",), name="B")], filler=10)  # a Water Backup pays the 《水》
    put(v, 0, 0, K.Z_HAND)
    S2 = S.copy()
    T.cast(S, 0, 0, -1, -1, 1)  # nothing to pay with: no draw
    assert v["ps"][0, K.P_HN] == 0
    v2 = F.views(S2)
    put(v2, 0, 1, K.Z_FIELD)  # an active Backup pays 1 CP
    T.cast(S2, 0, 0, -1, -1, 1)
    assert v2["ps"][0, K.P_HN] == 1 and v2["cs"][0, K.S_DULL, 1] == 1 and violations(S2) == 0


def test_rule_11_6_2_action_cost_discard_needs_the_cards():
    ninja = tcard("NJ", "《ダル》, discard 1 card: Choose 1 Forward. Deal it 3000 damage.", "backup", cost=1)
    S, v = make([ninja, card("X", cost=9, name="X")], [card("T", power=3000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert not P.can_activate(S, 0, 0, 0, 0)  # nothing to discard
    put(v, 0, 1, K.Z_HAND)
    assert P.can_activate(S, 0, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["ps"][0, K.P_HN] == 0
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and violations(S) == 0


def test_rule_11_6_2_action_cost_puts_the_top_cards_into_the_break_zone():
    corneo = tcard("DC", "《ダル》, put the top 2 cards of your deck into the Break Zone: Choose 1 Forward. Dull it.",
                   "backup", cost=1)
    S, v = make([corneo], [card("T")], filler=3)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    ps, ls = v["ps"], v["ls"]
    top = int(ps[0, K.P_TOP])
    milled = ls[0, K.L_ORDER, top:top + 2].tolist()
    T.activate(S, 0, 0, 0, 1)
    assert ps[0, K.P_TOP] == top + 2 and all(v["cs"][0, K.S_ZONE, c] == K.Z_BREAK for c in milled)
    assert v["cs"][1, K.S_DULL, 0] == 1
    v["cs"][0, K.S_DULL, 0] = 0
    assert not P.can_activate(S, 0, 0, 0, 0)  # 1 card left in the deck: the cost cannot be paid


def test_rule_15_1_1_3_2_leave_trigger_puts_the_top_cards_into_the_break_zone():
    yeul = tcard("YE", "When YE is put from the field into the Break Zone, put the top 10 cards of your deck into the"
                 " Break Zone.", "backup", cost=1)
    thief = tcard("TH", "When TH attacks, your opponent puts the top card of his/her deck into the Break Zone.")
    S, v = make([yeul, thief], [card("T")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    top0, top1 = int(v["ps"][0, K.P_TOP]), int(v["ps"][1, K.P_TOP])
    K.leave_field(S, 0, 0, K.Z_BREAK)
    K.resolve(S)
    assert v["ps"][0, K.P_TOP] == top0 + 10 and v["ps"][0, K.P_DMG] == 0
    K.push_trigger(S, 0, 0, 1, K.TR_ATTACK, -1, -1)
    K.resolve(S)
    assert v["ps"][1, K.P_TOP] == top1 + 1
    assert v["cs"][1, K.S_ZONE, v["ls"][1, K.L_ORDER, top1]] == K.Z_BREAK


def test_recover_matches_the_category_and_skips_its_own_name():
    aerith = tcard("AE", "When AE enters the field, choose up to 2 Category VII Characters in your Break Zone other than"
                   " Card Name AE. Add them to your hand.", "backup", cost=1, category="VII")
    S, v = make([aerith, card("AE", "backup", name="AE"), tcard("SU", "Draw 1 card.", "summon", category="VII"),
                 tcard("F7", "Brave", category="VII"), tcard("FX", "Brave", category="X"), card("B", "backup", name="B")])
    for c in (1, 2, 3, 4):
        put(v, 0, c, K.Z_BREAK)
    put(v, 0, 5, K.Z_FIELD)  # pays the 1 CP
    v["cards"][0, 1, K.K_CATH] = v["cards"][0, 0, K.K_CATH]  # the other Aerith is Category VII too
    put(v, 0, 0, K.Z_HAND)
    T.cast(S, 0, 0, -1, -1, 1)
    assert hand(v, 0) == [3]  # not the Summon, not Category X, not another Aerith


def test_rule_15_1_1_2_dull_all_forwards_with_power_up_to_a_bound_or_its_own():
    seph = tcard("SE", "When SE attacks, dull all the Forwards opponent controls with 8000 power or less.", power=9000)
    alph = tcard("AL", "When AL attacks, dull all the Forwards with a power equal or inferior to AL's opponent controls.",
                 power=7000)
    S, v = make([seph, alph], [card("T1", power=8000), card("T2", power=9000, name="T2"),
                               card("T3", power=7000, name="T3")])
    for c in (0, 1, 2):
        put(v, 1, c, K.Z_FIELD)
    put(v, 0, 0, K.Z_FIELD)
    K.push_trigger(S, 0, 0, 0, K.TR_ATTACK, -1, -1)
    K.resolve(S)
    assert v["cs"][1, K.S_DULL, :3].tolist() == [1, 0, 1]
    v["cs"][1, K.S_DULL, :3] = 0
    put(v, 0, 1, K.Z_FIELD)
    K.push_trigger(S, 0, 0, 1, K.TR_ATTACK, -1, -1)
    K.resolve(S)
    assert v["cs"][1, K.S_DULL, :3].tolist() == [0, 0, 1]  # up to AL's 7000


def test_rule_11_3_former_gains_power_then_deals_damage_equal_to_it_to_the_latter():
    odin = tcard("OD", "Choose 1 Forward you control and 1 Forward opponent controls. The former gains +2000 power until"
                 " the end of the turn. Then, the former deals damage equal to its power to the latter.", "summon",
                 cost=0)
    S, v = make([odin, card("F", power=6000)], [card("T", power=8000)])
    put(v, 0, 0, K.Z_HAND)
    assert not castable(S, 0, 0)  # no opposing Forward to choose
    put(v, 1, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    assert K.power(S, 0, 1) == 8000 and v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and violations(S) == 0


def test_rule_15_1_1_3_2_put_itself_into_the_break_zone_as_an_optional_cost():
    lilty = tcard("LI", "Damage 5 -- When LI enters the field, you may put LI into the Break Zone. When you do so, choose"
                  " 1 Forward. Deal it 10000 damage.", "backup", cost=0)
    S, v = make([lilty], [card("T", power=9000)])
    put(v, 0, 0, K.Z_HAND)
    S2 = S.copy()
    T.cast(S, 0, 0, -1, -1, 1)  # no damage yet: the ability does nothing, LI stays
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_FIELD
    v2 = F.views(S2)
    v2["ps"][0, K.P_DMG] = 5
    T.cast(S2, 0, 0, -1, -1, 1)  # no target: LI is not put into the Break Zone
    assert v2["cs"][0, K.S_ZONE, 0] == K.Z_FIELD
    K.leave_field(S2, 0, 0, K.Z_HAND)
    put(v2, 1, 0, K.Z_FIELD)
    T.cast(S2, 0, 0, -1, -1, 1)
    assert v2["cs"][0, K.S_ZONE, 0] == K.Z_BREAK and v2["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_for_each_dull_character_opponent_controls():
    bolt = tcard("BO", "Choose 1 Forward opponent controls. It loses 1000 power for each dull Character opponent controls"
                 " until the end of the turn. Draw 1 card.", "summon", cost=0)
    S, v = make([bolt], [card("T", power=2000), card("U", power=9000, name="U"), card("B", "backup", name="B")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    put(v, 1, 1, K.Z_FIELD)
    put(v, 1, 2, K.Z_FIELD, dull=1)
    T.cast(S, 0, 0, -1, -1, 1)  # 2 dull characters: -2000 breaks T (power 0, 12.4.4)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 1] == K.Z_FIELD


def test_rule_15_1_1_3_2_put_a_backup_into_the_break_zone_when_the_damage_breaks():
    vincent = tcard("VI", "When VI enters the field, you may put 1 Backup you control into the Break Zone. When you do"
                    " so, choose 1 dull Forward. Deal it 8000 damage.", cost=0)
    S, v = make([vincent, card("B1", "backup", name="B1"), card("B2", "backup", name="B2")],
                [card("T", power=9000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD, dull=1)  # "choose 1 dull Forward"
    S2 = S.copy()
    T.cast(S, 0, 0, -1, -1, 1)  # 8000 would not break T: keep the Backups
    assert field(v, 0) == [0, 1, 2] and v["cs"][1, K.S_DMG, 0] == 0
    v2 = F.views(S2)
    v2["cs"][1, K.S_DMG, 0] = 1000
    T.cast(S2, 0, 0, -1, -1, 1)  # now it breaks T: the dull Backup goes
    assert field(v2, 0) == [0, 1] and v2["cs"][0, K.S_ZONE, 2] == K.Z_BREAK
    assert v2["cs"][1, K.S_ZONE, 0] == K.Z_BREAK



def test_break_if_its_cost_is_at_most_the_damage_received():
    cecil = tcard("CE", "When CE enters the field, choose 1 dull Forward opponent controls. If its cost is equal to or"
                  " less than the damage you have received, break it.", cost=0)
    S, v = make([cecil], [card("T3", cost=3), card("T2", cost=2, name="T2")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    put(v, 1, 1, K.Z_FIELD, dull=1)
    S2 = S.copy()
    T.cast(S, 0, 0, -1, -1, 1)  # no damage received: nothing qualifies
    assert field(v, 1) == [0, 1]
    v2 = F.views(S2)
    v2["ps"][0, K.P_DMG] = 2
    T.cast(S2, 0, 0, -1, -1, 1)
    assert field(v2, 1) == [0] and v2["cs"][1, K.S_ZONE, 1] == K.Z_BREAK


def test_rule_11_7_1_special_ability_discards_a_card_of_the_same_name():
    kain = tcard("KA", "Gungnir 《S》《1》: Choose 1 Forward opponent controls. Deal it 5000 damage.")
    S, v = make([kain, card("KA", name="KA", power=5000), card("X", "summon", cost=9, name="X")], [card("T")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 0, 2, K.Z_HAND)
    assert not P.can_activate(S, 0, 0, 0, 0)  # no other KA in hand
    put(v, 0, 1, K.Z_HAND)
    assert P.can_activate(S, 0, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)  # X pays the CP, the other KA is the Special Ability's discard
    assert v["ps"][0, K.P_HN] == 0 and v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and violations(S) == 0


# ---- replacement effects, set power, "it" again, own-Forward triggers, cast and break restrictions ----------
def test_rule_11_12_5_static_damage_replacement():
    knight = tcard("DK", "If DK receives damage, the damage increases by 4000 instead.", power=9000)
    voss = tcard("VO", "If VO receives damage, reduce the damage by 1000 instead.[[br]]If the Card Name Ashe you"
                 " control receives damage, reduce the damage by 2000 instead.", power=8000)
    ashe = card("AS", power=8000, name="Ashe")
    philia = tcard("PH", "If PH is dealt damage by an ability, the damage becomes 0 instead.", power=8000)
    elf = tcard("EL", "If EL is dealt 9000 damage or more, the damage becomes 0 instead.", power=8000)
    than = tcard("TH", "If TH receives damage while dull, the damage is reduced by 2000 instead.", power=8000)
    glad = tcard("GL", "If GL deals damage to a Forward, the damage increases by 2000 instead.", power=5000)
    S, v = make([knight, voss, ashe, philia, elf, than], [glad, card("SRC")])
    for c in range(6):
        put(v, 0, c, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    cs = v["cs"]
    for c, amount, want in ((0, 3000, 7000), (1, 3000, 2000), (2, 3000, 1000), (3, 5000, 0), (4, 9000, 0),
                            (4, 3000, 3000), (5, 3000, 3000)):
        cs[0, K.S_DMG, c] = 0
        K.apply_op(S, 0, c, K.OP_DAMAGE, amount, 0, 1, 1, 1)  # ability damage from seat 1's SRC
        assert cs[0, K.S_DMG, c] == want, (c, amount)
    cs[0, K.S_DULL, 5] = 1
    cs[0, K.S_DMG, 5] = 0
    K.apply_op(S, 0, 5, K.OP_DAMAGE, 3000, 0, 1, 1, 1)
    assert cs[0, K.S_DMG, 5] == 1000  # reduced only while dull
    K.apply_op(S, 0, 0, K.OP_DAMAGE, 1000, 0, 1, 1, 0)  # from GL: +2000, then DK's own +4000
    assert cs[0, K.S_DMG, 0] == 7000 + 7000
    cs[0, K.S_DMG, 3] = 0
    v["scr"][2, 0] = 0
    T.deal_battle(S, 1, 1, 0, 3, False)  # GL attacks, PH blocks: battle damage is not "by an ability", +2000 from GL
    assert cs[0, K.S_DMG, 3] == 7000 and cs[1, K.S_DMG, 0] == 8000


def test_rule_11_12_5_damage_doubled_and_next_damage_reduced_this_turn():
    scar = tcard("SC", "When SC enters the field, choose 1 Forward. During this turn, if it is dealt damage, double the"
                 " damage instead.", cost=0)
    porom = tcard("PO", "《ダル》, put PO into the Break Zone: Choose 1 Forward. During this turn, the next damage"
                  " dealt to it is reduced by 2000 instead.", "backup")
    S, v = make([scar], [card("T", power=9000), porom])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    K.apply_op(S, 1, 0, K.OP_DAMAGE, 3000, 0, 0, 0, 0)
    assert v["cs"][1, K.S_DMG, 0] == 6000
    T.activate(S, 1, 1, 0, 1)  # shield on T (its own Forward): the next 3000 x 2 loses 2000, then no more
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_SHIELD, 0] == 2000
    v["cs"][1, K.S_DMG, 0] = 0
    K.apply_op(S, 1, 0, K.OP_DAMAGE, 3000, 0, 0, 0, 0)
    K.apply_op(S, 1, 0, K.OP_DAMAGE, 1000, 0, 0, 0, 0)
    assert v["cs"][1, K.S_DMG, 0] == 4000 + 2000
    T.end_phase(S, 0)
    K.apply_op(S, 1, 0, K.OP_DAMAGE, 1000, 0, 0, 0, 0)
    assert v["cs"][1, K.S_DMG, 0] == 1000  # the doubling ended with the turn


def test_rule_11_3_10_power_becomes_n_until_end_of_turn():
    diablos = tcard("DI", "Choose 1 Forward. Its power becomes 4000 until the end of the turn. Draw 1 card.", "summon",
                    cost=0)
    S, v = make([diablos], [card("BIG", power=9000), card("SMALL", power=3000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    assert K.power(S, 1, 0) == 4000 and K.power(S, 1, 1) == 3000 and v["ps"][0, K.P_HN] == 1
    T.end_phase(S, 0)
    assert K.power(S, 1, 0) == 9000


def test_rule_11_11_2_1_more_damage_to_the_same_chosen_forward_and_draw_when_it_breaks():
    vivi = tcard("VI", "When VI enters the field, choose 1 Forward opponent controls. Deal it 4000 damage and 1000 more"
                 " damage for each card in your opponent's hand.", cost=0)
    bryn = tcard("BR", "Choose 1 Forward. Deal it 5000 damage. When it is put from the field into the Break Zone this"
                 " turn, draw 1 card.", "summon", cost=0)
    S, v = make([vivi, bryn, bryn], [card("A", power=9000), card("B", power=8000), card("H1"), card("H2")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    put(v, 1, 2, K.Z_HAND)
    put(v, 1, 3, K.Z_HAND)
    T.cast(S, 0, 0, -1, -1, 1)  # 4000 + 2 x 1000 on the strongest (no kill possible), both on the same one
    assert v["cs"][1, K.S_DMG, 0] == 6000 and v["cs"][1, K.S_DMG, 1] == 0
    T.cast(S, 0, 1, -1, -1, 1)  # 5000 breaks A (6000 + 5000 >= 9000): draw 1
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["ps"][0, K.P_HN] == 2
    T.cast(S, 0, 2, -1, -1, 1)  # 5000 does not break B (8000): no draw
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_FIELD and v["ps"][0, K.P_HN] == 1


def test_rule_11_8_6_x_or_a_kind_entering_triggers_for_x_and_for_the_others_once_each():
    """"When ZACK or a Category VII Forward enters your field": ZACK's own entry once (not a second time as a
    Category VII Forward), then each other Category VII Forward; a Forward of another category does not."""
    zack = replace(tcard("ZACK", "When ZACK or a Category VII Forward enters your field, choose 1 Forward opponent"
                         " controls. Deal it 2000 damage.", cost=0), category="VII")
    vii, other = replace(card("VII", cost=0, name="VII"), category="VII"), card("X", cost=0, name="X")
    S, v = make([zack, vii, other], [card("BIG", power=9000)])
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_DMG, 0] == 2000
    T.cast(S, 0, 2, -1, -1, 1)
    assert v["cs"][1, K.S_DMG, 0] == 2000
    T.cast(S, 0, 1, -1, -1, 1)
    assert v["cs"][1, K.S_DMG, 0] == 4000


def test_rule_11_8_6_triggers_on_own_forwards_attacking_and_entering():
    hien = tcard("HI", "When a Job Samurai Forward you control attacks, all the Forwards you control gain +1000 power"
                 " until the end of the turn.", "backup")
    than = tcard("TH", "When a Job Scion other than TH enters your field, until the end of the turn, TH gains +2000"
                 " power, Haste and Brave.", job="Scion")
    sam = replace(card("SAM", power=5000), job="Samurai")
    scion = replace(card("SCI", cost=0), job="Scion")
    S, v = make([hien, than, sam, card("OTHER"), scion])
    for c in range(4):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 4, K.Z_HAND)
    T.cast(S, 0, 4, -1, -1, 1)  # a Scion enters: TH's ability (not for its own entry)
    assert K.power(S, 0, 1) == 7000 and K.has_kw(S, 0, 1, K.KW_BRAVE)
    for a, want in ((3, 0), (2, 1000)):  # a non-Samurai attacks: nothing; the Samurai: every Forward +1000
        v["scr"][2, 0] = a
        K.push_own(S, 0, K.TR_OWN_ATTACKS, 0, a, 0)
        K.resolve(S)
        assert K.power(S, 0, 3) == 5000 + want


def test_rule_9_3_1_6_cast_only_during_your_turn_or_while_controlling_a_kind():
    shiva = tcard("SH", "You can only cast SH during your turn.[[br]]Choose 1 Forward. Dull it.", "summon", cost=0)
    rhit = tcard("RH", "You must control a Category XIV Forward to play RH from your hand onto the field.", cost=0)
    xiv = replace(card("XIV", cost=0), category="XIV")
    S, v = make([shiva, rhit, xiv], [card("T")])
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    v["gs"][K.X_ACTIVE] = 1
    assert not castable(S, 0, 0, instant=True) and not castable(S, 0, 1)
    v["gs"][K.X_ACTIVE] = 0
    assert castable(S, 0, 0, instant=True) and not castable(S, 0, 1)
    T.cast(S, 0, 2, -1, -1, 1)
    assert castable(S, 0, 1)


def test_rule_15_1_1_9_2_party_with_any_element_this_turn():
    choco = tcard("CH", "《ダル》: The Forwards you control can form a party with Forwards of any Element this turn.",
                  "backup")
    S, v = make([choco, card("FI", power=5000), card("WA", power=5000, el=("water",))])
    for c in range(3):
        put(v, 0, c, K.Z_FIELD)
    assert P.party_for(S, 0, 1) == 1
    T.activate(S, 0, 0, 0, 1)
    assert P.party_for(S, 0, 1) == 2
    T.end_phase(S, 0)
    assert P.party_for(S, 0, 1) == 1


def test_rule_12_4_5_cannot_be_broken_and_cannot_be_returned():
    wro = tcard("WRO", "《ダル》, put WRO into the Break Zone: Choose 1 Card Name Commander. It cannot be broken this"
                " turn.", "backup")
    rasler = tcard("RA", "The Card Name Ashe you control cannot be broken by opposing Summons or abilities that don't"
                   " deal damage.", "backup")
    krile = tcard("KR", "《ダル》: Choose 1 Forward you control. During this turn, it cannot be returned to its owner's"
                  " hand by your opponent's Summons or abilities.", "backup")
    S, v = make([wro, rasler, krile, card("CMD", name="Commander", power=5000), card("ASH", name="Ashe")])
    for c in range(5):
        put(v, 0, c, K.Z_FIELD)
    K.update_static(S, 0)
    T.activate(S, 0, 0, 0, 1)
    v["cs"][0, K.S_DMG, 3] = 6000
    K.rule_processes(S)
    assert v["cs"][0, K.S_ZONE, 3] == K.Z_FIELD  # damage >= power but it cannot be broken this turn
    K.apply_op(S, 0, 4, K.OP_BREAK, 0, 0, 1, 1, 0)  # the opponent's break: Ashe stays (Rasler)
    assert v["cs"][0, K.S_ZONE, 4] == K.Z_FIELD
    K.apply_op(S, 0, 4, K.OP_BREAK, 0, 0, 0, 0, 1)  # its controller's own effect still breaks it
    assert v["cs"][0, K.S_ZONE, 4] == K.Z_BREAK
    T.activate(S, 0, 2, 0, 1)  # Krile on the Commander
    K.apply_op(S, 0, 3, K.OP_BOUNCE, 0, 0, 1, 1, 0)
    assert v["cs"][0, K.S_ZONE, 3] == K.Z_FIELD
    T.end_phase(S, 0)
    K.rule_processes(S)
    K.apply_op(S, 0, 3, K.OP_BOUNCE, 0, 0, 1, 1, 0)
    assert v["cs"][0, K.S_ZONE, 3] == K.Z_HAND


def test_rule_11_3_3_targets_must_choose_taunt_own_break_capped_count_and_lower_power():
    auron = tcard("AU", "Summons and abilities of your opponent must choose AU if possible.", power=9000)
    bolt = tcard("BO", "Choose 1 Forward. Deal it 5000 damage.", "summon", cost=0)
    S, v = make([bolt], [card("SMALL", power=3000), auron])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    K.update_static(S, 1)
    T.cast(S, 0, 0, -1, -1, 1)  # the 3000 one would die, but Auron must be chosen
    assert v["cs"][1, K.S_DMG, 1] == 5000 and v["cs"][1, K.S_DMG, 0] == 0
    kefka = tcard("KE", "When KE attacks, choose 1 Forward you control and 1 Forward opponent controls. Break them.",
                  cost=5)
    firion = tcard("FI", "When FI enters the field, choose 1 Forward opponent controls. Deal it 2000 damage for each"
                   " Forward you control (up to 3 Forwards).", cost=0, power=9000)
    exarch = tcard("EX", "When EX attacks, choose 1 Forward. If its power is less than EX's power, break it.",
                   power=7000)
    S, v = make([kefka, card("CHEAP", cost=1), card("F3"), card("F4"), firion, exarch],
                [card("BIG", power=20000), card("EQ", power=7000), card("LOW", power=6500)])
    for c in range(4):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 4, K.Z_HAND)
    put(v, 0, 5, K.Z_FIELD)
    for c in range(3):
        put(v, 1, c, K.Z_FIELD)
    T.cast(S, 0, 4, -1, -1, 1)  # 6 Forwards, counted up to 3: 6000
    assert v["cs"][1, K.S_DMG, 0] == 6000
    K.push_trigger(S, 0, 0, 5, K.TR_ATTACK, -1, -1)  # only LOW has less power than EX's 7000
    K.resolve(S)
    assert v["cs"][1, K.S_ZONE, 2] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 1] == K.Z_FIELD
    K.push_trigger(S, 0, 0, 0, K.TR_ATTACK, -1, -1)  # own: the cheapest (FI, cost 0); opposing: the most valuable
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 4] == K.Z_BREAK and v["ps"][0, K.P_FN] == 5
    assert v["ps"][1, K.P_FN] == 1


def test_rule_11_6_2_one_activation_pays_once_and_resolves_every_effect():
    ab = tcard("AB", "《1》: Choose 1 Forward opponent controls. Deal it 1000 damage. Draw 1 card.", "backup")
    S, v = make([ab, card("B2", "backup")], [card("T")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert P.can_activate(S, 0, 0, 0, 0) and not P.can_activate(S, 0, 0, 1, 0)  # slot 1 belongs to slot 0's ability
    T.activate(S, 0, 0, 0, 1)
    cs = v["cs"]
    assert cs[0, K.S_DULL, 0] + cs[0, K.S_DULL, 1] == 1  # 1 CP paid once, by one Backup
    assert cs[1, K.S_DMG, 0] == 1000 and v["ps"][0, K.P_HN] == 1 and violations(S) == 0


def test_rule_11_6_once_per_turn_action_ability():
    yeul = tcard("YE", "《0》: Draw 1 card. You can only use this ability once per turn.", "backup")
    S, v = make([yeul])
    put(v, 0, 0, K.Z_FIELD)
    assert P.can_activate(S, 0, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)
    assert v["ps"][0, K.P_HN] == 1 and not P.can_activate(S, 0, 0, 0, 0)
    T.end_phase(S, 0)
    assert P.can_activate(S, 0, 0, 0, 0)


def test_rule_11_8_4_a_removal_answer_respects_its_target_filter():
    """A defender holding "break 1 Backup" does not cast it at the attacking Forward: on resolution
    it could only break a Backup (the answer check once chose targets without the card's filter)."""
    backup_only = Card(code="KILL", name="KILL", type="summon", cost=2, elements=("water",),
                       effects=(Effect("cast", "break", 0, "opp_character", tmask=1 << K.BACKUP),))
    any_forward = card("SLAY", "summon", el=("water",), eff=("cast:break:0:opp_character",))
    S, v = make([card("ATK", power=7000), card("BK", "backup")], [backup_only, any_forward, FILLER, FILLER],
                pb=K.CONTROL)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    for c in range(4):
        put(v, 1, c, K.Z_HAND)
    P.prepare_cast_context(S, 1, 0)
    assert P.card_useful(S, 1, 0, K.TR_CAST, 0, 0)  # it has a legal target: the Backup
    assert not P.removes(S, 1, 0, 0, 0) and P.removes(S, 1, 1, 0, 0)
    assert P.choose_instant(S, 1, False, 0, 0) == 1


def test_rule_11_8_4_forward_only_effects_choose_among_the_forwards():
    """choose_target and target_exists scan only the Forwards (L_FWD) for the ops forwards_only names, so legal_target
    must refuse a Backup for each of them; the Forward behind a Backup in field order is still found."""
    S, v = make([], [card("BK", "backup"), card("F", power=3000)])
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    ops = sorted({getattr(K, n) for n in dir(K) if n.startswith("OP_")})
    only = [op for op in ops if K.forwards_only(op)]
    assert K.OP_DAMAGE in only and K.OP_BREAK not in only and K.OP_DULL not in only
    for op in only:
        assert not K.legal_target(S, 1, 0, op, 0, 0, 0), op
    assert K.target_exists(S, 0, K.OP_DAMAGE, 0, K.TG_OPP_CHAR, 0, 0, 0, 0)
    assert K.choose_target(S, 0, K.OP_DAMAGE, 3000, 0, K.TG_OPP_CHAR, 0, 0, -1, -1, 0, 0) == (1, 1)
    K.leave_field(S, 1, 1, K.Z_BREAK)
    assert not K.target_exists(S, 0, K.OP_DAMAGE, 0, K.TG_OPP_CHAR, 0, 0, 0, 0)
    assert K.target_exists(S, 0, K.OP_BREAK, 0, K.TG_OPP_CHAR, 0, 0, 0, 0)


def test_importer_restriction_bits_are_the_engines():
    from sim.games.fftcg.importer import RESTRICTION_BITS
    assert 1 << RESTRICTION_BITS["block"] == K.KW_NO_BLOCK and 1 << RESTRICTION_BITS["attack"] == K.KW_NO_ATTACK


def test_rule_10_1_2_a_forward_that_cannot_attack_is_never_an_attacker():
    wol = tcard("WOL", "WOL cannot attack.", power=9000)
    S, v = make([wol, card("F")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    K.update_static(S, 0)
    assert not P.can_attack(S, 0, 0) and P.can_attack(S, 0, 1)


def test_rule_10_1_3_a_forward_that_cannot_block_is_never_a_blocker():
    for text, blocks in (("JACK cannot block.", False), ("JACK gains +1000 power.", True)):
        jack = tcard("JACK", text, power=9000)
        S, v = make([card("A", power=5000)], [jack])
        put(v, 0, 0, K.Z_FIELD)
        put(v, 1, 0, K.Z_FIELD)
        K.update_static(S, 1)
        v["scr"][2, 0] = 0  # A attacks: Jack would survive and break it
        assert (P.choose_block(S, 1, 1) == 0) == blocks


def test_rule_10_1_2_a_conditional_restriction_follows_its_condition():
    king = tcard("KING", "If your opponent doesn't control any Forwards, KING cannot attack.")
    S, v = make([king], [card("O")])
    put(v, 0, 0, K.Z_FIELD)
    K.update_static(S, 0)
    assert not P.can_attack(S, 0, 0)
    put(v, 1, 0, K.Z_FIELD)
    K.update_static(S, 0)
    assert P.can_attack(S, 0, 0)
