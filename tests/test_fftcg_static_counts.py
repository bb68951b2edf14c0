"""FFTCG field abilities (rule 11.9) on a dealt game's flags: the engine recomputes a seat's static bonuses only when
something they read changed (deck_flags records which counts each deck's statics read; P_NSTAT says whether one is on
the field). Each test changes a count or the field and checks the bonus that follows it, and that a change the seat's
statics do not read leaves them alone (refresh_static overwrites S_PREV, so a marker there shows whether it ran).
Scenario states from new_state recompute on every change (STATIC_ALWAYS): `dealt` gives them begin_game's flags."""

from __future__ import annotations

import numpy as np

from sim.cards.effects import (
    CNT_BZ_TYPES,
    CNT_OWN_DAMAGE,
    CNT_OWN_HAND,
    COND_COUNT,
    COND_MY_TURN,
    COND_OPP,
    FE_DULL,
    FE_OPP,
    FE_OWN,
    FE_OWN_HAND,
    cond_code,
)
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import turn as T
from tests.test_fftcg_rules import card, make, put, tcard

ZIDANE = ("When ZID enters the field, your opponent reveals his/her hand. Select 1 card from their hand. Your opponent"
          " discards this card. [[br]] If your opponent has 2 cards or less in his/her hand, ZID gains +4000 power.")
MARK = -12345  # in S_PREV: refresh_static has not run since it was put there


def dealt(v) -> None:
    """The static flags begin_game gives a dealt game (deck_flags), and no static bonus on the field yet."""
    flags = F.deck_flags(v["cards"], v["effs"], v["ps"][:, K.P_NMAIN].astype(np.int64),
                          v["ps"][:, K.P_NTOT].astype(np.int64))
    for p in range(2):
        v["ps"][p, K.P_HAS_STATIC] = flags[p, 0]
        v["ps"][p, K.P_NSTAT] = 0


def cast(S, p: int, c: int) -> None:
    assert T.cast(S, p, c, -1, -1, 1)


def test_3_056H_zidane_follows_the_opponents_hand_not_his_controllers():
    zidane = tcard("ZID", ZIDANE, cost=0, power=3000)
    S, v = make([zidane], [card(f"O{i}", cost=2, name=f"O{i}") for i in range(5)])
    dealt(v)
    flags = v["ps"][0, K.P_HAS_STATIC]
    assert flags & K.STATIC_COUNT and flags & K.CK_OPP_HAND and not flags & (K.CK_OWN_HAND | K.CK_EVERY)
    assert flags & K.STATIC_OPP and not flags & K.STATIC_OPP_FIELD
    for c in range(4):
        put(v, 1, c, K.Z_HAND)
    put(v, 1, 4, K.Z_BREAK)
    put(v, 0, 0, K.Z_HAND)
    cast(S, 0, 0)  # enters, the opponent discards: 3 cards left
    assert v["ps"][1, K.P_HN] == 3 and K.power(S, 0, 0) == 3000
    v["cs"][0, K.S_PREV, 0] = MARK
    K.draw(S, 0, 2)  # Zidane's controller's hand: not read
    K.enter_field(S, 1, 4)  # the opponent's field, its hand unchanged: not read either
    assert v["cs"][0, K.S_PREV, 0] == MARK
    K.discard(S, 1, int(v["ls"][1, K.L_HAND, 0]))
    assert K.power(S, 0, 0) == 7000  # 2 cards or less
    K.draw(S, 1, 1)
    assert K.power(S, 0, 0) == 3000


def test_rule_11_9_1_bonus_follows_the_opponents_damage():
    rai = tcard("RAI", "If your opponent has received 5 points of damage or more, RAI gains +2000 power.", cost=0)
    S, v = make([rai])
    dealt(v)
    assert v["ps"][0, K.P_HAS_STATIC] & K.CK_OPP_DAMAGE
    put(v, 0, 0, K.Z_HAND)
    cast(S, 0, 0)
    K.damage_player(S, 1, 4)
    assert K.power(S, 0, 0) == 5000
    v["cs"][0, K.S_PREV, 0] = MARK
    K.draw(S, 1, 1)  # the opponent's hand: not read
    assert v["cs"][0, K.S_PREV, 0] == MARK
    K.damage_player(S, 1, 1)
    assert K.power(S, 0, 0) == 7000


def test_rule_11_9_1_bonus_follows_the_cards_cast_this_turn_and_their_reset():
    ash = tcard("ASH", "If you have cast 2 or more cards this turn, ASH gains +2000 power.", cost=0)
    S, v = make([ash, card("C1", cost=0, generic=True, name="Cheap")])
    dealt(v)
    assert v["ps"][0, K.P_HAS_STATIC] & K.CK_CAST
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    cast(S, 0, 0)
    assert K.power(S, 0, 0) == 5000
    cast(S, 0, 1)
    assert K.power(S, 0, 0) == 7000
    T.begin_turn(S, 1, 2, 7)  # the count starts again (no recount yet); the opponent's draw recounts
    assert v["ps"][0, K.P_PLAYED] == 0 and K.power(S, 0, 0) == 5000


def test_rule_11_9_2_a_bonus_applies_the_instant_its_source_enters_and_goes_with_it():
    general = tcard("GEN", "The Forwards you control gain +2000 power.", "backup", cost=0)
    S, v = make([card("F1", cost=0, power=5000), general, card("F2", cost=0, power=6000)], [card("X", cost=0)])
    dealt(v)
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    put(v, 1, 0, K.Z_HAND)
    cast(S, 0, 0)
    assert v["ps"][0, K.P_NSTAT] == 0 and K.power(S, 0, 0) == 5000
    v["cs"][0, K.S_PREV, 0] = MARK
    cast(S, 1, 0)  # the opponent's field changes: nothing on seat 0's field reads it
    assert v["cs"][0, K.S_PREV, 0] == MARK
    cast(S, 0, 1)  # the Backup enters: its bonus applies at once (11.9.2)
    assert v["ps"][0, K.P_NSTAT] == 1 and K.power(S, 0, 0) == 7000
    cast(S, 0, 2)
    assert K.power(S, 0, 2) == 8000
    K.apply_op(S, 0, 1, K.OP_BREAK, 0, 0, 1, 1, 0)  # the Backup is broken: the bonus goes with it
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK
    assert v["ps"][0, K.P_NSTAT] == 0 and K.power(S, 0, 0) == 5000 and K.power(S, 0, 2) == 6000


def test_rule_11_9_1_static_reads_of_each_condition_and_count():
    reads = F.static_reads
    assert reads(cond_code(COND_COUNT, 3, CNT_OWN_HAND), 0) == K.STATIC_COUNT | K.CK_OWN_HAND
    assert reads(cond_code(COND_COUNT, 3, CNT_OWN_DAMAGE), 0) == K.STATIC_COUNT  # damage recomputes by itself
    assert reads(cond_code(COND_COUNT, 2, CNT_BZ_TYPES), 0) == K.STATIC_COUNT | K.CK_EVERY
    assert reads(cond_code(COND_MY_TURN), 0) == K.CK_EVERY
    assert reads(0, cond_code(FE_OWN_HAND, 0)) == K.CK_OWN_HAND
    assert reads(0, cond_code(FE_OWN, 0) | FE_DULL) == K.CK_EVERY
    assert reads(0, cond_code(FE_OWN, 0)) == 0
    assert reads(cond_code(COND_OPP, 1), 0) == reads(0, cond_code(FE_OPP, 0)) == K.STATIC_OPP_FIELD
