"""FFTCG party attacks and the abilities they trigger (digest rule 15.1.1.9): "When X forms a party and attacks",
"When n or more <kind> Forwards you control form a party and attack", "When a party you control attacks", and
"all the Forwards in that party" as a target. Cards come from their printed text (tcard)."""

from __future__ import annotations

from sim.games.fftcg import core as K
from sim.games.fftcg import turn as T
from sim.games.fftcg.importer import parse_fftcg_text
from tests.test_fftcg_rules import card, hand, make, put, tcard

CHOCOBO = ("When CH forms a party and attacks, CH and all the Forwards forming a party with it gain +3000 power until"
           " the end of the turn.")
WEDGE = ("When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack, choose 1 dull Character"
         " of cost 4 or more opponent controls. Break it.")
BIGGS = ("When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack, draw 1 card, all Forwards"
         " in that party gain \"This Forward cannot be broken.\" until the end of the turn.")


def declare(S, attackers: list[int]) -> int:
    scr = K.st_scr(S)
    for k, a in enumerate(attackers):
        scr[2, k] = a
    return T.declare_attack(S, 0, len(attackers), 7, 1)


def test_importer_reads_party_triggers_and_the_party_target():
    assert [(e.trigger, e.op, e.target) for e in parse_fftcg_text(CHOCOBO, "CH").effects] == \
        [("party_attack", "pump", "party")]
    assert [(e.trigger, e.op, e.target) for e in parse_fftcg_text(BIGGS, "BI").effects] == \
        [("own_party_attacks", "draw", "own_player"), ("own_party_attacks", "no_break", "party")]
    assert parse_fftcg_text(WEDGE, "WE").effects[0].cond >> 9 == 2  # two members of the kind
    # "the Forwards forming a party" outside a party's attack means nothing the engine could target
    assert parse_fftcg_text("When X attacks, all the Forwards in that party gain +1000 power until the end of the"
                            " turn.", "X").unmodelled


def test_rule_15_1_1_9_forms_a_party_and_attacks_triggers_only_for_a_party():
    S, v = make([tcard("CH", CHOCOBO), card("MATE", name="MATE"), card("OTHER", name="OTHER")])
    for c in range(3):
        put(v, 0, c, K.Z_FIELD)
    declare(S, [0])  # alone: not a party
    assert v["cs"][0, K.S_PUMP, 0] == 0
    declare(S, [1, 0])  # with MATE: CH and its party gain +3000, OTHER (not in the party) nothing
    assert v["cs"][0, K.S_PUMP, 0] == 3000 and v["cs"][0, K.S_PUMP, 1] == 3000 and v["cs"][0, K.S_PUMP, 2] == 0


def test_rule_15_1_1_9_n_or_more_of_a_kind_must_form_the_party():
    av = "AVALANCHE Operative"
    S, v = make([tcard("WE", WEDGE, job=av), card("BARRET", name="BARRET"), tcard("JE", "", job=av, name="JE")],
                [card("BIG", cost=5, name="BIG"), card("SMALL", cost=2, name="SMALL")])
    for c in range(3):
        put(v, 0, c, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    put(v, 1, 1, K.Z_FIELD, dull=1)
    declare(S, [0, 1])  # one Operative and another Forward: no trigger
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD
    declare(S, [0, 2])  # two Operatives: the dull cost-4-or-more Character breaks
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 1] == K.Z_FIELD


def test_rule_15_1_1_9_all_forwards_in_that_party_cannot_be_broken():
    av = "AVALANCHE Operative"
    S, v = make([tcard("BI", BIGGS, job=av), tcard("JE", "", job=av, name="JE"), card("D1", name="D1")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    drawn = len(hand(v, 0))
    declare(S, [0, 1])
    assert len(hand(v, 0)) == drawn + 1
    for c in (0, 1):
        v["cs"][0, K.S_DMG, c] = 9000
        K.apply_op(S, 0, c, K.OP_BREAK, 0, 0, 1, 1, 0)  # an opposing "break it"
        assert v["cs"][0, K.S_ZONE, c] == K.Z_FIELD
