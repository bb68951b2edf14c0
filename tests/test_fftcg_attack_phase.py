"""FFTCG: abilities "At the beginning of the Attack Phase during each of your turns" (the Attack Preparation Step,
digest rule 10.1.1) and conditions on a card "you controlled" having been put from the field into the Break Zone
this turn (breaks and other moves to the Break Zone alike, 15.1.1.3.2). Cards come from their printed text (tcard)."""

from __future__ import annotations

import numpy as np

from sim.cards.effects import CNT_BROKEN, CNT_BROKEN_FORWARD, COND_COUNT, COND_OWN, cond_code, text_hash
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import policy as P
from sim.games.fftcg import search as R
from sim.games.fftcg import turn as T
from sim.games.fftcg.importer import parse_fftcg_text
from tests.test_fftcg_rules import card, castable, hand, make, put, tcard

TURKS = "Member of the Turks"
RUDE = ("At the beginning of the Attack Phase during each of your turns, if you control 4 or more Job Member of the"
        " Turks, dull all the Forwards opponent controls.")
ORPHAN = "At the beginning of the Attack Phase during each of your turns, your opponent discards 1 card."
AVALANCHE = "AVALANCHE Operative"
BARRET = ("Dull active BA: Choose 1 Forward opponent controls. Break it. You can only use this ability if a"
          " [[i]]Job AVALANCHE Operative[[/]] you controlled has been put from the field into the Break Zone this turn.")
RAIN = ("When RA enters the field, choose 1 Forward opponent controls. If a Forward you controlled has been put from"
        " the field into the Break Zone this turn, deal it 9000 damage.")
NOX = "You can only play NOX if a Forward you controlled has been put from the field into the Break Zone this turn."


def test_importer_reads_attack_phase_triggers_and_broken_this_turn_conditions():
    (rude,) = parse_fftcg_text(RUDE, "RU").effects
    assert (rude.trigger, rude.op, rude.target) == ("attack_phase", "dull", "all_opp_characters")
    assert (rude.cond, rude.cond_param) == (cond_code(COND_OWN, 4), text_hash(TURKS))  # checked on resolution
    assert parse_fftcg_text("At the beginning of your Attack Phase, draw 1 card.", "X").effects[0].trigger \
        == "attack_phase"
    for text in ("At the beginning of Main Phase 1 during each of your turns, draw 1 card.",
                 "At the beginning of your Main Phase 1, draw 1 card."):
        assert parse_fftcg_text(text, "X").effects[0].trigger == "turn_start"
    # "during each player's turn": its own trigger, queued in the opponent's Attack Phase too (turn.attack_phase_start)
    assert parse_fftcg_text("At the beginning of the Attack Phase during each player's turn, choose 1 Forward. It"
                            " gains +2000 power until the end of the turn.", "X").effects[0].trigger \
        == "each_attack_phase"
    (barret,) = parse_fftcg_text(BARRET, "BA").effects  # "Dull active X:" is the dull icon spelt out
    assert (barret.trigger, barret.op, barret.dull) == ("action", "break", True)
    assert (barret.cond, barret.cond_param) == (cond_code(COND_COUNT, 1, CNT_BROKEN), text_hash(AVALANCHE))
    (rain,) = parse_fftcg_text(RAIN, "RA").effects
    assert (rain.cond, rain.cond_param) == (cond_code(COND_COUNT, 1, CNT_BROKEN_FORWARD), 0)
    (nox,) = parse_fftcg_text(NOX, "NOX").effects
    assert (nox.trigger, nox.op, nox.cond) == ("static", "cast_if", cond_code(COND_COUNT, 1, CNT_BROKEN_FORWARD))


def test_rule_10_1_1_attack_phase_abilities_resolve_after_main_phase_1_before_the_first_attack():
    # three Turks at the start of the turn, the fourth cast in Main Phase 1: Rude's condition holds only when
    # the Attack Phase begins, and the opposing wall is dull before the first declaration
    turk = [tcard(f"T{i}", "", job=TURKS, name=f"T{i}") for i in range(3)]
    S, v = make([tcard("RU", RUDE, job=TURKS), *turk, card("BK1", type="backup"), card("BK2", type="backup")],
                [card("WALL", power=20000)])
    for c in (0, 1, 2, 4, 5):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 3, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    T.begin_turn(S, 0, 3, 7)
    assert v["cs"][1, K.S_DULL, 0] == 0  # not a start-of-turn ability
    T.main_phase(S, 0, 1, 7, 1, False)
    assert v["cs"][0, K.S_ZONE, 3] == K.Z_FIELD and v["cs"][1, K.S_DULL, 0] == 0
    assert T.attack_phase_start(S, 0, 7)
    assert v["cs"][1, K.S_DULL, 0] == 1
    assert T.attack_phase(S, 0, 7, 1) == 3  # Rude and the two Turks that are not summoning-sick, unblocked
    assert v["ps"][1, K.P_DMG] == 3


def test_rule_10_1_1_attack_phase_abilities_trigger_once_per_turn_with_or_without_attacks():
    for attackers, policy in ((0, K.AGGRO), (2, K.AGGRO), (0, K.CURVE)):
        S, v = make([tcard("OR", ORPHAN, type="backup"), card("A1"), card("A2")], [card(f"H{i}") for i in range(4)],
                    pa=policy)
        put(v, 0, 0, K.Z_FIELD)
        for c in range(1, 1 + attackers):
            put(v, 0, c, K.Z_FIELD)
        for c in range(4):
            put(v, 1, c, K.Z_HAND)
        T.take_turn(S, 0, 3, 7, 1)
        assert len(hand(v, 1)) == 3, (attackers, policy)  # back to 10.1.2 after an attack (10.1.4.6), not 10.1.1
        assert v["ps"][1, K.P_DMG] == attackers


def test_rule_10_1_1_searching_and_searched_against_turns_fire_attack_phase_abilities_too():
    def searching(turn):  # the search's turns play their decisions in a workspace made once per batch
        return lambda S, *args: turn(S, *args, R.search_workspace(S, R.WIN_MODELS))

    turns = {"scripted": T.take_turn, "search": searching(R.take_turn_search),
             "defended": searching(R.take_turn_defended)}
    for name, turn in turns.items():
        pa = F.POLICIES["search:4"] if name == "search" else K.CURVE
        pb = F.POLICIES["search:4"] if name == "defended" else K.CURVE
        S, v = make([tcard("OR", ORPHAN, type="backup"), card("A1")], [card(f"H{i}") for i in range(4)], pa=pa, pb=pb)
        put(v, 0, 0, K.Z_FIELD)
        put(v, 0, 1, K.Z_FIELD)
        for c in range(4):
            put(v, 1, c, K.Z_HAND)
        turn(S, 0, 3, 7, 1)
        assert len(hand(v, 1)) == 3, name


def test_rule_10_1_1_only_decks_with_attack_phase_abilities_look_for_them():
    _, v = make([tcard("OR", ORPHAN)], [card("A1")])
    flags = F.deck_flags(v["cards"], v["effs"], v["ps"][:, K.P_NMAIN].astype(np.int64),
                          v["ps"][:, K.P_NTOT].astype(np.int64))
    assert flags[0, 2] & K.HT_ATTACK_PHASE and not flags[1, 2] & K.HT_ATTACK_PHASE


def test_rule_15_1_1_3_2_a_kind_put_from_the_field_into_the_break_zone_this_turn():
    op1, op2, op3 = (tcard(f"OP{i}", "", job=AVALANCHE, name=f"OP{i}") for i in range(3))
    S, v = make([tcard("BA", BARRET, job=AVALANCHE), op1, op2, op3], [card("BIG"), card("BIG2", name="BIG2")])
    for c in (0, 1, 2):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 3, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)

    def usable() -> bool:
        return bool(P.can_activate(S, 0, 0, 0, 0))

    assert not usable()
    K.discard(S, 0, 3)  # hand -> Break Zone: not from the field
    assert not usable()
    K.apply_op(S, 0, 1, K.OP_BREAK, 0, 0, 1, 1, 0)  # broken by an opposing effect
    assert usable()
    K.to_hand(S, 0, 1)  # it leaving the Break Zone does not undo that it was put there
    assert usable()
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_DULL, 0] == 1
    T.end_phase(S, 0)
    T.begin_turn(S, 1, 2, 7)
    T.begin_turn(S, 0, 3, 7)
    assert not usable()  # another turn
    K.leave_field(S, 0, 2, K.Z_BREAK)  # put into the Break Zone, not broken (15.1.1.3.2): counts as well
    assert usable()


def test_rule_15_1_1_3_2_a_forward_you_controlled_gates_an_effect_and_a_cast():
    S, v = make([tcard("RA", RAIN), tcard("NOX", NOX), card("MATE", name="MATE", power=1000),
                 card("BK1", type="backup"), card("BK2", type="backup")], [card("BIG", power=9000)])
    for c in (0, 2, 3, 4):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    K.push_trigger(S, 0, 0, 0, K.TR_ENTER, -1, -1)
    K.resolve(S)
    assert v["cs"][1, K.S_DMG, 0] == 0 and not castable(S, 0, 1)
    v["cs"][0, K.S_PUMP, 2] = -1000  # power 0: the rule process puts it into the Break Zone (12.4.4)
    K.rule_processes(S)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK
    K.push_trigger(S, 0, 0, 0, K.TR_ENTER, -1, -1)
    K.resolve(S)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK  # 9000 damage broke it
    assert castable(S, 0, 1)


def test_rule_11_6_2_barret_breaks_in_main_phase_2_after_an_operative_broke_in_battle():
    barret = tcard("BA", "BA cannot attack.[[br]]" + BARRET, job=AVALANCHE)
    S, v = make([barret, tcard("WE", "", job=AVALANCHE, name="WE")], [card("WALL", cost=4, power=10000)],
                pa=K.AGGRO)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    T.take_turn(S, 0, 3, 7, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK  # aggro attacked into the wall, which blocked and broke it
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_DULL, 0] == 1  # then Barret broke the wall
