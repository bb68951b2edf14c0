"""FFTCG card conformance, one scenario per line: the modelled lines of the real decks' cards that the generic reader
of tests/test_fftcg_conformance.py does not read (modal lines, party and other triggers, "for each" amounts,
conditions, cost reductions), most played first. Each test builds the card with only that line (its pool card, the
line's effects from the importer, cost waived except where the cost is the line), sets up what the line asks,
triggers it through the engine and asserts the printed outcome.

`COVERED` lists the (card, line) pairs these tests trigger; the count test checks each names exactly one line the
generic reader leaves uncovered, so `python -m tests.test_fftcg_conformance_cards` prints the suite's coverage.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from sim.cards.model import Card
from sim.decks.card_table import line_status
from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from sim.games.fftcg.importer import ability_lines
from tests.test_fftcg_conformance import CASES, DATA, _card, _line_card, _of_kind, _real, uncovered
from tests.test_fftcg_rules import card, make, put

pytestmark = pytest.mark.skipif(not (DATA / "cards_fftcgsim_square_api.json").is_file(),
                                reason="shared FFTCG data absent")

COVERED: list[tuple[str, str]] = []  # (card code, start of the printed line, after any "EX BURST ")


def covers(code: str, start: str) -> Callable:
    """Registers the line a test triggers (for the coverage count)."""
    COVERED.append((code, start))
    return lambda fn: fn


def _printed(line: str) -> str:
    return re.sub(r"^EX BURST ", "", line)


def line_card(code: str, start: str, keep_cost: bool = False, element_cp: bool = False) -> Card:
    """The pool card `code` with only its line starting `start` (cost 0 unless the cost is what the line is about; its
    abilities' element CP only with element_cp: tests/test_fftcg_conformance._line_card)."""
    c = _card(code)
    line = next(ln for ln in ability_lines(c.text) if _printed(ln).startswith(start))
    lc = _line_card(c, line, element_cp)
    return replace(lc, cost=c.cost) if keep_cost else lc


def hand_of(v, p: int) -> int:
    return int(v["ps"][p, K.P_HN])


def opp_hand(v, n: int, first: int) -> None:
    """Seat 1 holds n fillers (copies first.. of its deck)."""
    for k in range(n):
        put(v, 1, first + k, K.Z_HAND)


def opposing(S, p: int, c: int, op: int, amount: int = 0) -> None:
    """An effect of seat 1 - p does op (amount) to seat p's copy c, and it resolves."""
    K.apply_op(S, p, c, op, amount, 0, 1 - p, 1 - p, 0)
    K.resolve(S)


BOLT = card("BOLT", "summon", cost=0, eff=("cast:damage:3000:opp_character",))  # an opposing Summon
ZAP = card("ZAP", "backup", cost=0, eff=("enter:damage:3000:opp_character",))  # an opposing ability


def hit_by(mine: list[Card], src: Card):
    """`mine` on seat 0's field; seat 1 casts src, which deals 3000 damage to a Character of seat 0 it chooses."""
    S, v = make(mine, [src], filler=12)
    for k in range(len(mine)):
        put(v, 0, k, K.Z_FIELD)
    put(v, 1, 0, K.Z_HAND)
    K.update_static(S, 0)
    assert T.cast(S, 1, 0, -1, -1, 1)
    K.resolve(S)
    return S, v


def cast(S, v, c: int = 0) -> None:
    put(v, 0, c, K.Z_HAND)
    assert T.cast(S, 0, c, -1, -1, 1)
    K.resolve(S)


def attack(S, attackers: list[int]) -> int:
    scr = K.st_scr(S)
    for k, a in enumerate(attackers):
        scr[2, k] = a
    return T.declare_attack(S, 0, len(attackers), 7, 1)


def dulled_by_attack(c: Card, theirs: list[Card]) -> list[int]:
    """Which of the opponent's Characters `theirs` (all active on its field) are dull after c attacks alone."""
    S, v = make([c], theirs, filler=12)
    put(v, 0, 0, K.Z_FIELD)
    for k in range(len(theirs)):
        put(v, 1, k, K.Z_FIELD)
    attack(S, [0])
    return [int(v["cs"][1, K.S_DULL, k]) for k in range(len(theirs))]


def cast_facing(c: Card, mine: list[Card], theirs: list[Card]):
    """c cast (or entering) from the hand, `mine` active on the player's field and `theirs` on the opponent's."""
    S, v = make([c, *mine], theirs, filler=12)
    for k in range(len(mine)):
        put(v, 0, k + 1, K.Z_FIELD)
    for k in range(len(theirs)):
        put(v, 1, k, K.Z_FIELD)
    cast(S, v)
    return S, v


def requirement(S) -> int:
    """The CP seat 0 needs to cast its copy 0 now (its static cost reductions brought up to date)."""
    K.update_static(S, 0)
    return int(P.cast_requirement(S, 0, 0)[0])


def zones_after_entering(c: Card, mine: list[Card], zone: int) -> list[int]:
    """Where the cards `mine` (first put in `zone`, or left in the deck) are after c is cast or enters from the
    hand."""
    S, v = make([c, *mine], [card("OPP")], filler=12)
    for k in range(len(mine) if zone != K.Z_DECK else 0):
        put(v, 0, k + 1, zone)
    cast(S, v)
    return [int(v["cs"][0, K.S_ZONE, k + 1]) for k in range(len(mine))]


def cost_with(c: Card, mine: list[Card], theirs: list[Card], fielded_mine: int, fielded_theirs: int = 0) -> int:
    """The CP to cast c from the hand with the first `fielded_mine` of `mine` and `fielded_theirs` of `theirs` on the
    field."""
    S, v = make([c, *mine], theirs, filler=12)
    put(v, 0, 0, K.Z_HAND)
    for k in range(fielded_mine):
        put(v, 0, k + 1, K.Z_FIELD)
    for k in range(fielded_theirs):
        put(v, 1, k, K.Z_FIELD)
    return requirement(S)


def fielded(mine: list[Card], theirs: list[Card]):
    """A game with every card of `mine` (seat 0) and `theirs` (seat 1) active on the field."""
    S, v = make(mine, theirs, filler=12)
    for p, cards in ((0, mine), (1, theirs)):
        for k in range(len(cards)):
            put(v, p, k, K.Z_FIELD)
    return S, v


def fwd(code: str, power: int = 5000, **kw) -> Card:
    return card(code, power=power, name=code, **kw)


# -- 9 copies ---------------------------------------------------------------------------------------------------------

@covers("2-133R", "Choose 1 Forward opponent controls. It loses 1000 power for each dull Character")
def test_2_133R_cuchulainn_weakens_1000_per_dull_opposing_character_and_draws():
    c = line_card("2-133R", "Choose 1 Forward opponent controls. It loses 1000 power for each dull Character")
    S, v = make([c], [fwd("TGT", 9000), card("B1", "backup"), card("B2", "backup"), card("B3", "backup")], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD, dull=1)
    put(v, 1, 2, K.Z_FIELD, dull=1)
    put(v, 1, 3, K.Z_FIELD)  # active: not counted
    h0 = hand_of(v, 0)
    cast(S, v)
    assert K.power(S, 1, 0) == 9000 - 2000
    assert hand_of(v, 0) == h0 + 1


# -- 8 copies ---------------------------------------------------------------------------------------------------------

@covers("6-075R", "Choose 1 Forward you control and 1 Forward opponent controls. The former gains +2000")
def test_6_075R_titan_pumps_the_former_which_deals_its_power_to_the_latter():
    c = line_card("6-075R", "Choose 1 Forward you control and 1 Forward opponent controls. The former gains +2000")
    S, v = cast_facing(c, [fwd("MINE", 5000)], [fwd("TGT", 9000)])
    assert K.power(S, 0, 1) == 7000
    assert v["cs"][1, K.S_DMG, 0] == 7000 and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


# -- 7 copies ---------------------------------------------------------------------------------------------------------

@covers("3-154S", "If you control a Category IX Forward, the cost for playing Zidane")
def test_3_154S_zidane_costs_1_less_with_a_category_ix_forward():
    c = line_card("3-154S", "If you control a Category IX Forward, the cost for playing Zidane", keep_cost=True)
    ix = [_of_kind(card("BK", "backup"), "category", "IX"), _of_kind(fwd("IX"), "category", "IX")]
    assert cost_with(c, ix, [], 1) == c.cost  # a Category IX Backup is not a Forward
    assert cost_with(c, ix, [], 2) == c.cost - 1


@covers("3-154S", "When Zidane enters the field, select 1 of the following actions.")
def test_3_154S_zidane_entering_does_exactly_one_of_the_three_actions():
    c = line_card("3-154S", "When Zidane enters the field, select 1 of the following actions.")
    S, v = make([c, _of_kind(card("IX", "backup"), "category", "IX")], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    opp_hand(v, 3, 1)
    h0, o0 = hand_of(v, 0), hand_of(v, 1)
    cast(S, v)
    done = [hand_of(v, 0) == h0 + 1, hand_of(v, 1) == o0 - 1, v["cs"][0, K.S_DULL, 1] == 0]
    assert done.count(True) == 1, done


# -- 6 copies ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("code,pump", [("1-075C", 3000), ("1-076C", 2000)])
def test_1_075C_1_076C_chocobo_party_attack_pumps_the_whole_party(code: str, pump: int):
    c = line_card(code, "When Chocobo forms a party and attacks")
    mate = fwd("MATE", el=c.elements)
    S, v = make([c, mate, fwd("OTHER", el=c.elements)], [card("OPP")], filler=12)
    for k in range(3):
        put(v, 0, k, K.Z_FIELD)
    attack(S, [0])  # alone: no party
    assert v["cs"][0, K.S_PUMP, 0] == 0
    attack(S, [0, 1])
    assert v["cs"][0, K.S_PUMP, 0] == pump and v["cs"][0, K.S_PUMP, 1] == pump and v["cs"][0, K.S_PUMP, 2] == 0


covers("1-075C", "When Chocobo forms a party and attacks")
covers("1-076C", "When Chocobo forms a party and attacks")


@covers("3-056H", "When Zidane enters the field, your opponent reveals his/her hand.")
def test_3_056H_zidane_entering_makes_the_opponent_discard_1():
    c = line_card("3-056H", "When Zidane enters the field, your opponent reveals his/her hand.")
    S, v = make([c], [card("OPP")], filler=12)
    opp_hand(v, 3, 0)
    cast(S, v)
    assert hand_of(v, 1) == 2


@covers("3-056H", "If your opponent has 2 cards or less in his/her hand, Zidane gains +4000")
@pytest.mark.parametrize("held,gain", [(3, 0), (2, 4000), (0, 4000)])
def test_3_056H_zidane_gains_4000_while_the_opponent_holds_2_or_less(held: int, gain: int):
    c = line_card("3-056H", "If your opponent has 2 cards or less in his/her hand, Zidane gains +4000")
    S, v = make([c], [card("OPP")], filler=12)
    opp_hand(v, held, 0)
    put(v, 0, 0, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == c.power + gain


@covers("8-085C", "When Marlene enters the field, choose 1 Card Name Aerith or Card Name Cloud")
@pytest.mark.parametrize("name", ["Aerith", "Tifa", "Barret"])
def test_8_085C_marlene_adds_a_named_card_from_the_break_zone(name: str):
    c = line_card("8-085C", "When Marlene enters the field, choose 1 Card Name Aerith or Card Name Cloud")
    assert zones_after_entering(c, [fwd(name), fwd("Zack")], K.Z_BREAK) == [K.Z_HAND, K.Z_BREAK]


@covers("9-062H", "When Vincent enters the field, you may put 1 Backup you control into the Break Zone.")
def test_9_062H_vincent_puts_a_backup_into_the_break_zone_to_deal_8000_to_a_dull_forward():
    c = line_card("9-062H", "When Vincent enters the field, you may put 1 Backup you control into the Break Zone.")
    S, v = make([c, card("BK", "backup")], [fwd("ACT", 8000), fwd("DULL", 8000)], filler=12)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD, dull=1)
    cast(S, v)  # 8000 breaks the dull one: worth the Backup
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_DMG, 0] == 0 and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


# -- 5 copies ---------------------------------------------------------------------------------------------------------

@covers("15-014H", "Choose 1 Forward. Deal it 5000 damage. When it is put from the field")
@pytest.mark.parametrize("power,breaks", [(5000, True), (9000, False)])
def test_15_014H_brynhildr_deals_5000_and_draws_if_it_broke(power: int, breaks: bool):
    c = line_card("15-014H", "Choose 1 Forward. Deal it 5000 damage. When it is put from the field")
    S, v = make([c], [fwd("TGT", power)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    h0 = hand_of(v, 0)
    cast(S, v)
    assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == breaks
    assert hand_of(v, 0) == h0 + (1 if breaks else 0)


@covers("3-033L", "When Genesis deals damage to your opponent, your opponent discards 1")
def test_3_033L_genesis_hitting_the_opponent_makes_it_discard_1():
    c = line_card("3-033L", "When Genesis deals damage to your opponent, your opponent discards 1")
    S, v = make([c], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    opp_hand(v, 3, 0)
    scr = K.st_scr(S)
    scr[2, 0] = 0
    assert not T.one_attack(S, 0, 1, 7, 1)  # no Forward to block: the opponent takes the damage
    assert v["ps"][1, K.P_DMG] == 1 and hand_of(v, 1) == 2


@covers("3-084C", "If you control 2 or more Card Name WRO Member, WRO Member gains +1000 power and Brave")
def test_3_084C_wro_member_with_another_wro_member_gains_1000_and_brave():
    c = line_card("3-084C", "If you control 2 or more Card Name WRO Member, WRO Member gains +1000 power and Brave")
    S, v = make([c, fwd("WRO Member")], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == c.power and not K.has_kw(S, 0, 0, K.KW_BRAVE)
    put(v, 0, 1, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == c.power + 1000 and K.has_kw(S, 0, 0, K.KW_BRAVE)


@covers("6-017C", "Choose 1 Forward. Deal it 10000 damage. Bahamut deals you 1 point of damage.")
def test_6_017C_bahamut_deals_10000_and_1_point_to_its_caster():
    c = line_card("6-017C", "Choose 1 Forward. Deal it 10000 damage. Bahamut deals you 1 point of damage.")
    S, v = cast_facing(c, [], [fwd("TGT", 12000)])
    assert v["cs"][1, K.S_DMG, 0] == 10000 and v["ps"][0, K.P_DMG] == 1 and v["ps"][1, K.P_DMG] == 0


@covers("8-090C", "The Card Name Alphinaud you control gains +1000 power.")
def test_8_090C_alisaie_gives_alphinaud_1000():
    c = line_card("8-090C", "The Card Name Alphinaud you control gains +1000 power.")
    S, v = make([c, fwd("Alphinaud"), fwd("Other")], [card("OPP")], filler=12)
    for k in range(3):
        put(v, 0, k, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 6000 and K.power(S, 0, 2) == 5000


@covers("8-092C", "When Alphinaud attacks, dull all the Forwards with a power equal or inferior")
def test_8_092C_alphinaud_attacking_dulls_the_forwards_not_stronger_than_it():
    c = line_card("8-092C", "When Alphinaud attacks, dull all the Forwards with a power equal or inferior")
    assert dulled_by_attack(c, [fwd("EQ", c.power), fwd("LOW", c.power - 1000), fwd("HIGH", c.power + 1000)]) \
        == [1, 1, 0]


# -- 4 copies ---------------------------------------------------------------------------------------------------------

@covers("3-049C", "When Izana enters the field, you may search for 1 Job Chocobo")
@pytest.mark.parametrize("kind", ["job", "card name"])
def test_3_049C_izana_searches_a_job_or_card_name_chocobo(kind: str):
    c = line_card("3-049C", "When Izana enters the field, you may search for 1 Job Chocobo")
    got = _of_kind(fwd("GOT"), kind, "Chocobo")
    S, v = make([c, fwd("NOT"), got], [card("OPP")], filler=12)
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_HAND and v["cs"][0, K.S_ZONE, 1] != K.Z_HAND


def test_3_049C_3_127R_a_closing_italic_tag_against_the_next_word_keeps_them_apart():
    assert ability_lines(_card("3-049C").text)[0].endswith("1 Job Chocobo or Card Name Chocobo and add it to your hand.")
    assert "1 Category IX Forward and" in ability_lines(_card("3-127R").text)[0]
    assert ability_lines("play 1 Forward o[[i]]f cost X o[[/]]r less") == ["play 1 Forward of cost X or less"]


@covers("4-064L", "When Fat Chocobo enters the field, you may search for 1 Job Chocobo")
def test_4_064L_fat_chocobo_plays_a_chocobo_of_cost_3_or_less_from_the_deck():
    c = line_card("4-064L", "When Fat Chocobo enters the field, you may search for 1 Job Chocobo")
    big = _of_kind(fwd("BIG", cost=4), "job", "Chocobo")
    small = _of_kind(fwd("SMALL", cost=3), "job", "Chocobo")
    S, v = make([c, big, small], [card("OPP")], filler=12)
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_FIELD and v["cs"][0, K.S_ZONE, 1] != K.Z_FIELD


@covers("4-064L", "《ダル》: Choose 1 Job Chocobo or Card Name Chocobo. It gains +2000 power")
def test_4_064L_fat_chocobo_dulls_to_pump_a_chocobo_2000():
    c = line_card("4-064L", "《ダル》: Choose 1 Job Chocobo or Card Name Chocobo. It gains +2000 power")
    S, v = make([c, _of_kind(fwd("CH"), "job", "Chocobo")], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert K.power(S, 0, 1) == 7000 and v["cs"][0, K.S_DULL, 0] == 1


# -- 3 copies ---------------------------------------------------------------------------------------------------------

@covers("1-155R", "The [Job (Standard Unit)] Forwards you control gain +2000 power and First Strike.")
def test_1_155R_warrior_of_light_gives_standard_units_2000_and_first_strike():
    c = line_card("1-155R", "The [Job (Standard Unit)] Forwards you control gain +2000 power and First Strike.")
    S, v = make([c, _of_kind(fwd("SU"), "job", "Standard Unit"), fwd("NOT")], [card("OPP")], filler=12)
    for k in range(3):
        put(v, 0, k, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 7000 and K.has_kw(S, 0, 1, K.KW_FIRST_STRIKE)
    assert K.power(S, 0, 2) == 5000 and not K.has_kw(S, 0, 2, K.KW_FIRST_STRIKE)


@covers("1-163L", "For each Forward other than Tidus you control, Tidus gains +1000 power.")
def test_1_163L_tidus_gains_1000_per_other_forward():
    c = line_card("1-163L", "For each Forward other than Tidus you control, Tidus gains +1000 power.")
    S, v = make([c, fwd("F1"), fwd("F2"), card("BK", "backup")], [fwd("OPP")], filler=12)
    for k in range(4):
        put(v, 0, k, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == c.power + 2000


@covers("10-003C", "Choose 1 Forward. Deal it 2000 damage for each Backup you control.")
def test_10_003C_balasa_deals_2000_per_backup():
    c = line_card("10-003C", "Choose 1 Forward. Deal it 2000 damage for each Backup you control.")
    S, v = cast_facing(c, [card("B1", "backup"), card("B2", "backup"), fwd("F")], [fwd("TGT", 9000)])
    assert v["cs"][1, K.S_DMG, 0] == 4000


@covers("10-132S", "When you cast a Summon, choose 1 Forward opponent controls. Deal it 2000 damage.")
def test_10_132S_terra_deals_2000_when_its_controller_casts_a_summon():
    c = line_card("10-132S", "When you cast a Summon, choose 1 Forward opponent controls. Deal it 2000 damage.")
    S, v = make([c, card("SUM", "summon", cost=0), fwd("F", cost=0)], [fwd("TGT", 9000)], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v, 2)  # a Forward: nothing
    assert v["cs"][1, K.S_DMG, 0] == 0
    cast(S, v, 1)
    assert v["cs"][1, K.S_DMG, 0] == 2000


@pytest.mark.parametrize("code", ["10-134S", "13-129S"])
def test_10_134S_13_129S_ability_damage_becomes_0_battle_damage_stays(code: str):
    c = line_card(code, "If ")
    S, v = fielded([c], [fwd("OPP", 3000)])
    K.update_static(S, 0)
    K.apply_op(S, 0, 0, K.OP_DAMAGE, 4000, 0, 1, 1, 0)  # an opposing "deal it 4000 damage"
    assert v["cs"][0, K.S_DMG, 0] == 0
    K.deal_damage(S, 1, 0, 0, 0, 2000, False, True)  # a battle: the damage is marked
    assert v["cs"][0, K.S_DMG, 0] == 2000


covers("10-134S", "If Kain is dealt damage other than battle damage")
covers("13-129S", "If Philia is dealt damage by an ability")


@covers("13-016H", "When Rubicante is put from the field into the Break Zone, choose 1 Forward opponent controls")
def test_13_016H_rubicante_leaving_deals_its_power():
    c = line_card("13-016H", "When Rubicante is put from the field into the Break Zone, choose 1 Forward opponent")
    S, v = fielded([c], [fwd("TGT", 9000)])
    opposing(S, 0, 0, K.OP_BREAK)
    assert v["cs"][1, K.S_DMG, 0] == c.power


@covers("11-138S", "When Sephiroth attacks, dull all the Forwards opponent controls with 8000 power or less.")
def test_11_138S_sephiroth_attacking_dulls_the_forwards_of_8000_or_less():
    c = line_card("11-138S", "When Sephiroth attacks, dull all the Forwards opponent controls with 8000 power or less.")
    assert dulled_by_attack(c, [fwd("EQ", 8000), fwd("HIGH", 9000), card("BK", "backup")]) == [1, 0, 0]


@covers("13-132S", "When Titania enters the field, choose up to 2 Characters opponent controls.")
def test_13_132S_titania_dulls_and_freezes_two_opposing_characters():
    c = line_card("13-132S", "When Titania enters the field, choose up to 2 Characters opponent controls.")
    S, v = cast_facing(c, [], [fwd("A"), card("B", "backup")])
    for k in range(2):
        assert v["cs"][1, K.S_DULL, k] == 1 and v["cs"][1, K.S_FROZEN, k] == 1


@covers("11-131S", "When Barret enters the field, choose 1 Forward opponent controls. Deal it 1000 damage for each")
def test_11_131S_barret_deals_1000_per_category_vii_character():
    c = line_card("11-131S", "When Barret enters the field, choose 1 Forward opponent controls. Deal it 1000 damage")
    S, v = cast_facing(c, [_of_kind(card("VII", "backup"), "category", "VII"), _of_kind(fwd("X"), "category", "X")],
                       [fwd("TGT", 9000)])
    assert v["cs"][1, K.S_DMG, 0] == 2000  # Barret (Category VII) and the Backup


@covers("13-129S", "When Philia enters the field, deal 10000 damage to all the Forwards.")
def test_13_129S_philia_deals_10000_to_every_forward_and_1_point_to_its_controller():
    c = line_card("13-129S", "When Philia enters the field, deal 10000 damage to all the Forwards.")
    S, v = cast_facing(c, [fwd("MINE", 12000)], [fwd("THEIRS", 12000)])
    assert v["cs"][0, K.S_DMG, 1] == 10000 and v["cs"][1, K.S_DMG, 0] == 10000
    assert v["ps"][0, K.P_DMG] == 1


@covers("1-215S", "When your opponent casts a Summon, activate Lenne.")
def test_1_215S_lenne_activates_when_the_opponent_casts_a_summon():
    c = line_card("1-215S", "When your opponent casts a Summon, activate Lenne.")
    S, v = make([c], [card("SUM", "summon", cost=0)], filler=12)
    put(v, 0, 0, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_HAND)
    assert T.cast(S, 1, 0, -1, -1, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_DULL, 0] == 0


@covers("10-004H", "When Caius enters the field, you may play 1 Character of cost 3 or less from your hand")
def test_10_004H_caius_plays_a_character_of_cost_3_or_less_from_the_hand():
    c = line_card("10-004H", "When Caius enters the field, you may play 1 Character of cost 3 or less from your hand")
    assert zones_after_entering(c, [fwd("BIG", cost=4), fwd("SMALL", cost=3)], K.Z_HAND) == [K.Z_HAND, K.Z_FIELD]


@covers("10-004H", "When Caius is put from the field into the Break Zone, select 1 Character you control.")
def test_10_004H_caius_leaving_puts_another_character_of_its_controller_into_the_break_zone():
    c = line_card("10-004H", "When Caius is put from the field into the Break Zone, select 1 Character you control.")
    S, v = fielded([c, fwd("MINE")], [fwd("OPP")])
    opposing(S, 0, 0, K.OP_BREAK)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


@covers("10-135S", "When Kefka attacks, choose 1 Forward you control and 1 Forward opponent controls. Break them.")
def test_10_135S_kefka_attacking_breaks_one_forward_of_each_side():
    c = line_card("10-135S", "When Kefka attacks, choose 1 Forward you control and 1 Forward opponent controls.")
    S, v = fielded([c, fwd("MINE")], [fwd("OPP")])
    attack(S, [0])
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK
    assert [v["cs"][0, K.S_ZONE, k] for k in range(2)].count(K.Z_BREAK) == 1


@covers("10-136S", "If your opponent controls 7 or more Characters, the cost for playing Shantotto")
def test_10_136S_shantotto_costs_3_less_against_7_characters():
    c = line_card("10-136S", "If your opponent controls 7 or more Characters, the cost for playing Shantotto",
                  keep_cost=True)
    backups = [card(f"B{k}", "backup") for k in range(7)]
    assert cost_with(c, [], backups, 0, 6) == c.cost
    assert cost_with(c, [], backups, 0, 7) == c.cost - 3


@covers("10-136S", "When Shantotto enters the field, select 1 of the 2 following actions.")
def test_10_136S_shantotto_entering_does_exactly_one_of_its_two_actions():
    c = line_card("10-136S", "When Shantotto enters the field, select 1 of the 2 following actions.")
    S, v = make([c, fwd("MINE", cost=3)], [fwd("OPP", cost=3)], filler=12)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    done = [v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD, v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK]
    assert done.count(True) == 1, done


@covers("10-139S", "When Onion Knight deals damage to your opponent, you may search for 1 Card Name Onion Knight")
def test_10_139S_onion_knight_hitting_the_opponent_searches_an_onion_knight():
    c = line_card("10-139S", "When Onion Knight deals damage to your opponent, you may search for 1 Card Name")
    S, v = make([c, fwd("OTHER"), fwd("Onion Knight")], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    scr = K.st_scr(S)
    scr[2, 0] = 0
    assert not T.one_attack(S, 0, 1, 7, 1)
    assert v["ps"][1, K.P_DMG] == 1
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_HAND and v["cs"][0, K.S_ZONE, 1] != K.Z_HAND


@pytest.mark.parametrize("code,start", [("10-139S", "Meteor"), ("13-136S", "Blasting Zone")])
def test_10_139S_13_136S_special_deals_damage_equal_to_its_power(code: str, start: str):
    c = line_card(code, start)
    S, v = make([c, replace(c, code=c.code + "+")], [fwd("TGT", 20000)], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)  # the card of the same name 《S》 discards
    put(v, 1, 0, K.Z_FIELD)
    v["cs"][0, K.S_PUMP, 0] = 1000  # its power now, not the printed one
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][1, K.S_DMG, 0] == c.power + 1000 and v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK


covers("10-139S", "Meteor")
covers("13-136S", "Blasting Zone")


@pytest.mark.parametrize("code,start,op", [
    ("11-099H", "When a Forward opponent controls is put from the field into the Break Zone", K.OP_BREAK),
    ("11-099H", "When a Forward opponent controls is put from the field into the Break Zone", K.OP_BOUNCE),
    ("19-136S", "When a Forward opponent controls leaves the field", K.OP_BOUNCE),
    ("19-136S", "When a Forward opponent controls leaves the field", K.OP_BREAK)])
def test_11_099H_19_136S_an_opposing_forward_leaving_dulls_another(code: str, start: str, op: int):
    """Anima: put into the Break Zone (a return to the hand does not trigger); Noel: leaving the field, either way."""
    S, v = fielded([line_card(code, start)], [fwd("A"), fwd("B")])
    K.apply_op(S, 1, 0, op, 0, 0, 0, 0, 0)
    K.resolve(S)
    assert v["cs"][1, K.S_ZONE, 0] != K.Z_FIELD
    assert v["cs"][1, K.S_DULL, 1] == (1 if code == "19-136S" or op == K.OP_BREAK else 0)


covers("11-099H", "When a Forward opponent controls is put from the field into the Break Zone, choose 1 Forward")
covers("19-136S", "When a Forward opponent controls leaves the field, choose 1 Forward opponent controls. Dull")


@pytest.mark.parametrize("start,damage,amount", [
    ("When Azul is dealt damage", 0, 1000),
    ("Damage 3 --", 2, 0), ("Damage 3 --", 3, 2000),
    ("Damage 5 --", 4, 0), ("Damage 5 --", 5, 3000)])
def test_11_137S_azul_dealt_damage_deals_its_amount_from_the_damage_it_asks(start: str, damage: int, amount: int):
    c = line_card("11-137S", start)
    S, v = fielded([c], [fwd("TGT", 9000)])
    v["ps"][0, K.P_DMG] = damage
    K.update_static(S, 0)
    opposing(S, 0, 0, K.OP_DAMAGE, 1000)
    assert v["cs"][0, K.S_DMG, 0] == 1000 and v["cs"][1, K.S_DMG, 0] == amount


covers("11-137S", "When Azul is dealt damage")
covers("11-137S", "Damage 3 --")
covers("11-137S", "Damage 5 --")


@covers("11-139S", "When Aerith enters the field, choose up to 2 Category VII Characters in your Break Zone")
def test_11_139S_aerith_adds_two_category_vii_characters_other_than_aerith():
    c = line_card("11-139S", "When Aerith enters the field, choose up to 2 Category VII Characters in your Break")
    vii = [_of_kind(fwd(n), "category", "VII") for n in ("Aerith", "Tifa", "Cloud")]
    assert zones_after_entering(c, [*vii, fwd("X")], K.Z_BREAK) == [K.Z_BREAK, K.Z_HAND, K.Z_HAND, K.Z_BREAK]


@covers("12-037L", "If you control 6 or more Characters, Ashe gains +2000 power")
def test_12_037L_ashe_with_6_characters_gains_2000():
    c = line_card("12-037L", "If you control 6 or more Characters, Ashe gains +2000 power")
    S, v = make([c, *[card(f"B{k}", "backup") for k in range(5)]], [card("OPP")], filler=12)
    for k in range(5):
        put(v, 0, k, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == c.power
    put(v, 0, 5, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 0) == c.power + 2000


@pytest.mark.parametrize("code,start,cut", [
    ("13-012R", "If you have received 5 points of damage or more", 3),
    ("13-130S", "The cost required to cast Ran'jit is reduced by 1 for each Backup", 2),
    ("12-116L", "The cost required to cast Locke is reduced by 2 for each card", 4)])
def test_13_012R_13_130S_12_116L_cost_reductions(code: str, start: str, cut: int):
    c = line_card(code, start, keep_cost=True)
    S, v = make([c, card("B1", "backup"), card("B2", "backup")], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    assert requirement(S) == c.cost
    if code == "13-012R":
        v["ps"][0, K.P_DMG] = 5
    elif code == "13-130S":
        put(v, 0, 1, K.Z_FIELD)
        put(v, 0, 2, K.Z_FIELD)
    else:
        v["ps"][0, K.P_PLAYED] = 2
    K.counts_changed(S)
    assert requirement(S) == max(c.cost - cut, 2 if code == "12-116L" else 1)


covers("13-012R", "If you have received 5 points of damage or more")
covers("13-130S", "The cost required to cast Ran'jit is reduced by 1 for each Backup")
covers("12-116L", "The cost required to cast Locke is reduced by 2 for each card")


@pytest.mark.parametrize("start", ["《火》《ダル》: Choose 1 Forward. It gains", "《ダル》, put Geomancer into the Break Zone"])
def test_14_016C_geomancer_makes_a_forward_unable_to_block(start: str):
    c = line_card("14-016C", start)
    S, v = fielded([c], [fwd("OPP")])
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert K.has_kw(S, 1, 0, K.KW_NO_BLOCK)
    assert v["cs"][0, K.S_ZONE, 0] == (K.Z_BREAK if "put" in start else K.Z_FIELD)


covers("14-016C", "《火》《ダル》: Choose 1 Forward. It gains")
covers("14-016C", "《ダル》, put Geomancer into the Break Zone")


@pytest.mark.parametrize("code,start", [("2-009R", "《火》《火》《ダル》: Choose 1 attacking Forward"),
                                        ("1-209S", "《雷》《ダル》: Choose 1 attacking Lightning Forward")])
def test_2_009R_1_209S_an_attacking_forward_gets_the_bonus(code: str, start: str):
    c = line_card(code, start)
    el = ("lightning",)
    S, v = make([c, fwd("ATT", el=el), fwd("IDLE", el=el)], [card("OPP")], filler=12)
    for k in range(3):
        put(v, 0, k, K.Z_FIELD)
    attack(S, [1])
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    if code == "2-009R":
        assert K.power(S, 0, 1) == 7000 and K.power(S, 0, 2) == 5000
    else:
        assert K.has_kw(S, 0, 1, K.KW_FIRST_STRIKE) and not K.has_kw(S, 0, 2, K.KW_FIRST_STRIKE)


covers("2-009R", "《火》《火》《ダル》: Choose 1 attacking Forward")
covers("1-209S", "《雷》《ダル》: Choose 1 attacking Lightning Forward")


@pytest.mark.parametrize("code", ["15-131S", "15-134S"])
def test_15_131S_15_134S_two_avalanche_operatives_attacking_as_a_party(code: str):
    c = line_card(code, "When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack")
    mate = _of_kind(fwd("MATE", el=c.elements), "job", "AVALANCHE Operative")
    S, v = fielded([c, mate], [_of_kind(card("BIG", "backup", cost=4), "job", "X")])
    v["cs"][1, K.S_DULL, 0] = 1
    h0 = hand_of(v, 0)
    attack(S, [0, 1])
    if code == "15-131S":  # Wedge: the dull Character of cost 4 or more breaks
        assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK
    else:  # Biggs: draw 1, the party cannot be broken
        assert hand_of(v, 0) == h0 + 1
        assert all(K.has_kw(S, 0, k, K.KW_NO_BREAK) for k in (0, 1))


covers("15-131S", "When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack")
covers("15-134S", "When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack")


@pytest.mark.parametrize("code,kw", [("15-137S", K.KW_BRAVE), ("15-138S", K.KW_FIRST_STRIKE)])
def test_15_137S_15_138S_with_the_president_the_turks_gain_1000_and_a_keyword(code: str, kw: int):
    c = line_card(code, "If you control a Job President of Shinra")
    turk = _of_kind(fwd("TURK"), "job", "Member of the Turks")
    S, v = make([c, turk, _of_kind(card("PRES", "backup"), "job", "President of Shinra"), fwd("OTHER")],
                [card("OPP")], filler=12)
    for k in (0, 1, 3):
        put(v, 0, k, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 5000 and not K.has_kw(S, 0, 1, kw)
    put(v, 0, 2, K.Z_FIELD)
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 6000 and K.has_kw(S, 0, 1, kw)
    assert K.power(S, 0, 0) == c.power + 1000  # a Turk itself
    assert K.power(S, 0, 3) == 5000


covers("15-137S", "If you control a Job President of Shinra")
covers("15-138S", "If you control a Job President of Shinra")


def static_power(c: Card, mine: list[Card], damage: int = 0) -> int:
    """c's power on the field with `mine` beside it and `damage` points received."""
    S, v = fielded([c, *mine], [card("OPP")])
    v["ps"][0, K.P_DMG] = damage
    K.update_static(S, 0)
    return int(K.power(S, 0, 0))


@covers("16-134S", "Damage 3 -- Yuna gains \"The Job Guardian Forwards you control gain +2000 power.\"")
@pytest.mark.parametrize("damage,gain", [(2, 0), (3, 2000)])
def test_16_134S_yuna_at_damage_3_gives_guardians_2000(damage: int, gain: int):
    c = line_card("16-134S", "Damage 3 -- Yuna gains")
    S, v = fielded([c, _of_kind(fwd("GU"), "job", "Guardian"), fwd("NOT")], [card("OPP")])
    v["ps"][0, K.P_DMG] = damage
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 5000 + gain and K.power(S, 0, 2) == 5000


@covers("19-137S", "If you control 5 or more Category XIII Characters, Hope gains +1000 power.")
def test_19_137S_hope_with_5_category_xiii_characters_gains_1000():
    c = line_card("19-137S", "If you control 5 or more Category XIII Characters, Hope gains +1000 power.")
    xiii = [_of_kind(card(f"X{k}", "backup"), "category", "XIII") for k in range(4)]
    assert static_power(c, xiii[:3]) == c.power  # Hope (DFF · XIII) and 3
    assert static_power(c, xiii) == c.power + 1000


@covers("5-002R", "If you have received 5 points of damage or more, Ayame gains +3000 power.")
def test_5_002R_ayame_at_5_damage_gains_3000():
    c = line_card("5-002R", "If you have received 5 points of damage or more, Ayame gains +3000 power.")
    assert static_power(c, [], 4) == c.power and static_power(c, [], 5) == c.power + 3000


@covers("18-137S", "Damage 5 -- When Aranea enters the field, choose 1 Forward of cost 5 or less")
@pytest.mark.parametrize("damage,breaks", [(4, False), (5, True)])
def test_18_137S_aranea_at_damage_5_breaks_a_forward_of_cost_5_or_less(damage: int, breaks: bool):
    c = line_card("18-137S", "Damage 5 -- When Aranea enters the field")
    S, v = make([c], [fwd("SIX", cost=6), fwd("FIVE", cost=5)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = damage
    cast(S, v)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD and (v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK) == breaks


@covers("19-135S", "Damage 5 -- When Cid Raines attacks, choose 1 Forward opponent controls. Break it.")
@pytest.mark.parametrize("damage,breaks", [(4, False), (5, True)])
def test_19_135S_cid_raines_at_damage_5_attacking_breaks_a_forward(damage: int, breaks: bool):
    c = line_card("19-135S", "Damage 5 -- When Cid Raines attacks")
    S, v = fielded([c], [fwd("OPP")])
    v["ps"][0, K.P_DMG] = damage
    attack(S, [0])
    assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == breaks


@covers("19-136S", "When Noel attacks, until the end of the turn, Noel gains +1000 power for each Category XIII")
def test_19_136S_noel_attacking_gains_1000_per_category_xiii_character():
    c = line_card("19-136S", "When Noel attacks")
    S, v = fielded([c, _of_kind(card("X", "backup"), "category", "XIII"), fwd("NOT")], [card("OPP")])
    attack(S, [0])
    assert K.power(S, 0, 0) == c.power + 2000  # Noel (DFF · XIII) and the Backup


@pytest.mark.parametrize("code,start,base", [("3-017L", "When Vivi enters the field", 4000),
                                             ("3-015R", "When Black Waltz 2 enters the field", 3000)])
@pytest.mark.parametrize("held", [0, 3])
def test_3_017L_3_015R_deal_an_amount_and_1000_per_card_in_the_opponents_hand(code: str, start: str, base: int,
                                                                             held: int):
    c = line_card(code, start)
    S, v = make([c], [fwd("TGT", 12000)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    opp_hand(v, held, 1)
    cast(S, v)
    assert v["cs"][1, K.S_DMG, 0] == base + 1000 * held


covers("3-017L", "When Vivi enters the field, choose 1 Forward opponent controls. Deal it 4000 damage and 1000")
covers("3-015R", "When Black Waltz 2 enters the field, choose 1 Forward opponent controls. Deal it 3000 damage")


@covers("3-129L", "When you cast a Summon, all the Forwards you control gain +1000 power")
def test_3_129L_garnet_casting_a_summon_pumps_her_side_1000():
    c = line_card("3-129L", "When you cast a Summon, all the Forwards you control gain +1000 power")
    S, v = make([c, fwd("F"), card("SUM", "summon", cost=0)], [fwd("OPP")], filler=12)
    for p, k in ((0, 0), (0, 1), (1, 0)):
        put(v, p, k, K.Z_FIELD)
    cast(S, v, 2)
    assert K.power(S, 0, 0) == c.power + 1000 and K.power(S, 0, 1) == 6000 and K.power(S, 1, 0) == 5000


@covers("3-135H", "Choose up to 2 Forwards opponent controls. Return them to their owners' hand.")
def test_3_135H_syldra_returns_two_opposing_forwards():
    c = line_card("3-135H", "Choose up to 2 Forwards opponent controls.")
    S, v = cast_facing(c, [], [fwd("A"), fwd("B"), card("BK", "backup")])
    assert [v["cs"][1, K.S_ZONE, k] for k in range(3)] == [K.Z_HAND, K.Z_HAND, K.Z_FIELD]


@covers("4-096H", "When Raubahn enters the field, choose 1 Forward opponent controls. Deal it and Raubahn 9000")
def test_4_096H_raubahn_deals_9000_to_a_forward_and_itself():
    c = line_card("4-096H", "When Raubahn enters the field")
    S, v = cast_facing(c, [], [fwd("TGT", 12000)])
    assert v["cs"][1, K.S_DMG, 0] == 9000 and v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK  # 9000 on an 8000 Forward


@covers("18-135S", "If Gladiolus deals damage to a Forward, the damage increases by 2000 instead.")
def test_18_135S_gladiolus_deals_2000_more_to_a_forward():
    c = line_card("18-135S", "If Gladiolus deals damage to a Forward")
    S, v = fielded([c], [fwd("TGT", 12000)])
    K.update_static(S, 0)
    K.deal_damage(S, 0, 0, 1, 0, 5000, False, True)
    assert v["cs"][1, K.S_DMG, 0] == 7000


@covers("3-099R", "When Angeal Penance deals damage to your opponent, choose 1 damaged Forward. Break it.")
def test_3_099R_angeal_penance_hitting_the_opponent_breaks_a_damaged_forward():
    c = line_card("3-099R", "When Angeal Penance deals damage to your opponent")
    S, v = fielded([c], [fwd("HURT", 9000), fwd("WHOLE", 9000)])
    v["cs"][1, K.S_DMG, 0] = 1000
    v["cs"][1, K.S_DULL, 0] = v["cs"][1, K.S_DULL, 1] = 1  # neither can block
    K.st_scr(S)[2, 0] = 0
    assert not T.one_attack(S, 0, 1, 7, 1)
    assert v["ps"][1, K.P_DMG] == 1
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 1] == K.Z_FIELD


@pytest.mark.parametrize("code,start,el,cost,zone", [
    ("3-144L", "When Lenna enters the field, choose 1 Water Forward of cost 2 or less", "water", 2, K.Z_FIELD),
    ("18-131S", "When Iedolas enters the field, choose 1 Fire Forward of cost 4 or less", "fire", 4, K.Z_FIELD),
    ("3-072R", "When Rem enters the field, choose 1 Category TYPE-0 card", "", 0, K.Z_HAND)])
def test_3_144L_18_131S_3_072R_a_card_of_the_kind_comes_back_from_the_break_zone(code: str, start: str, el: str,
                                                                                  cost: int, zone: int):
    c = line_card(code, start)
    if el:  # the right one, then the wrong element, then one over the cost limit
        mine = [fwd("OK", cost=cost, el=(el,)), fwd("EL", cost=cost, el=("dark",)), fwd("BIG", cost=cost + 1, el=(el,))]
    else:
        mine = [_of_kind(fwd("OK"), "category", "TYPE-0"), _of_kind(fwd("EL"), "category", "VII")]
    assert zones_after_entering(c, mine, K.Z_BREAK) == [zone] + [K.Z_BREAK] * (len(mine) - 1)


covers("3-144L", "When Lenna enters the field, choose 1 Water Forward of cost 2 or less")
covers("18-131S", "When Iedolas enters the field, choose 1 Fire Forward of cost 4 or less")
covers("3-072R", "When Rem enters the field, choose 1 Category TYPE-0 card")


@pytest.mark.parametrize("code,start,names", [
    ("15-136S", "When President Shinra enters the field, you may search for 1 Card Name Rufus or Job", ("Rufus", "Elena")),
    ("3-143C", "When Leonora enters the field, you may search for 1 Card Name Palom or", ("Palom", "Porom"))])
def test_15_136S_3_143C_searches_either_printed_kind(code: str, start: str, names: tuple[str, str]):
    c = line_card(code, start)
    for name in names:
        got = _of_kind(fwd(name), "job", "Member of the Turks") if name == "Elena" else fwd(name)
        assert zones_after_entering(c, [fwd("NOT"), got], K.Z_DECK)[1] == K.Z_HAND, name


covers("15-136S", "When President Shinra enters the field, you may search for 1 Card Name Rufus or Job")
covers("3-143C", "When Leonora enters the field, you may search for 1 Card Name Palom or")


@covers("3-113R", "When Nine attacks, choose 1 Forward you control. Until the end of the turn, it gains +1000")
def test_3_113R_nine_attacking_pumps_a_forward_1000_per_class_zero_cadet_forward():
    c = line_card("3-113R", "When Nine attacks")
    S, v = fielded([c, _of_kind(fwd("CADET"), "job", "Class Zero Cadet"), fwd("NOT")], [card("OPP")])
    attack(S, [0])
    gains = [int(K.power(S, 0, k)) - base for k, base in enumerate((c.power, 5000, 5000))]
    assert sorted(gains) == [0, 0, 2000]  # Nine and the Cadet


@covers("17-101C", "《ダル》, put Knight into the Break Zone: Choose 1 active Forward. Deal it 4000 damage.")
def test_17_101C_knight_deals_4000_to_an_active_forward():
    c = line_card("17-101C", "《ダル》, put Knight into the Break Zone")
    S, v = fielded([c], [fwd("DULL", 9000), fwd("ACT", 9000)])
    v["cs"][1, K.S_DULL, 0] = 1
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][1, K.S_DMG, 1] == 4000 and v["cs"][1, K.S_DMG, 0] == 0 and v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK


@covers("3-020H", "Choose up to 1 Forward of cost 2 or less in your Break Zone. Play it onto the field. Deal 2000")
def test_3_020H_phoenix_plays_a_forward_from_the_break_zone_and_deals_2000_to_the_opponents():
    c = line_card("3-020H", "Choose up to 1 Forward of cost 2 or less in your Break Zone.")
    S, v = make([c, fwd("SMALL", cost=2), fwd("BIG", cost=3)], [fwd("OPP", 9000)], filler=12)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_BREAK)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD and v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK
    assert v["cs"][1, K.S_DMG, 0] == 2000 and v["cs"][0, K.S_DMG, 1] == 0


@covers("13-131S", "When Emet-Selch enters the field, you may pay 《4》. If you do so, search for 1 Ice Backup")
def test_13_131S_emet_selch_pays_4_to_play_an_ice_backup_of_cost_4_or_less():
    c = line_card("13-131S", "When Emet-Selch enters the field, you may pay")
    ok, big = card("OK", "backup", cost=4, el=("ice",)), card("BIG", "backup", cost=5, el=("ice",))
    S, v = make([c, big, ok], [card("OPP")], filler=12)
    v["ps"][0, K.P_BONUS] = 20
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_FIELD and v["cs"][0, K.S_ZONE, 1] != K.Z_FIELD


@pytest.mark.parametrize("code,start", [("13-134S", "Y'shtola cannot be chosen by your opponent's Summons."),
                                        ("3-129L", "Garnet cannot be chosen by your opponent's Summons.")])
def test_13_134S_3_129L_an_opposing_summon_cannot_choose_it(code: str, start: str):
    S, v = hit_by([line_card(code, start), fwd("MINE")], BOLT)
    assert v["cs"][0, K.S_DMG, 0] == 0 and v["cs"][0, K.S_DMG, 1] == 3000


covers("13-134S", "Y'shtola cannot be chosen by your opponent's Summons.")
covers("3-129L", "Garnet cannot be chosen by your opponent's Summons.")


# -- the lines left after the first pass, most played first ------------------------------------------------------------

def stack(v, p: int, copies: list[int]) -> None:
    """The copies `copies` of seat p's deck (still in it) become its top cards, in that order."""
    order, top = v["ls"][p, K.L_ORDER], int(v["ps"][p, K.P_TOP])
    for i, c in enumerate(copies):
        k = int((order == c).nonzero()[0][0])
        order[k], order[top + i] = order[top + i], order[k]


def in_break_zone(v, p: int) -> int:
    return int((v["cs"][p, K.S_ZONE] == K.Z_BREAK).sum())


def zones_after(c: Card, mine: list[Card], zone: int, how: str) -> list[int]:
    """Where the cards `mine` (first put in `zone`) are after c, on the field, is broken by an opposing effect
    (how="leave") or uses its action ability (how="action")."""
    S, v = make([c, *mine], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    for k in range(len(mine)):
        put(v, 0, k + 1, zone)
    if how == "leave":
        K.apply_op(S, 0, 0, K.OP_BREAK, 0, 0, 1, 1, 0)
    else:
        assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK
    return [int(v["cs"][0, K.S_ZONE, k + 1]) for k in range(len(mine))]


@covers("5-114C", "《雷》《ダル》, put Cannoneer into the Break Zone: Choose 1 blocking Forward.")
def test_5_114C_cannoneer_weakens_the_blocking_forward_3000():
    c = line_card("5-114C", "《雷》《ダル》, put Cannoneer into the Break Zone")
    S, v = fielded([c, fwd("ATT")], [fwd("BLK", 7000), fwd("IDLE", 7000)])
    attack(S, [1])
    K.st_gs(S)[K.X_BLOCKER] = 1  # seat 1's copy 0 blocks
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert K.power(S, 1, 0) == 4000 and K.power(S, 1, 1) == 7000 and v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK


@covers("1-199S", "When Paine enters the field, choose up to 3 Backups you control. If you control")
@pytest.mark.parametrize("rikku", [False, True])
def test_1_199S_paine_activates_3_backups_if_rikku_is_there(rikku: bool):
    c = line_card("1-199S", "When Paine enters the field, choose up to 3 Backups you control.")
    S, v = make([c, *[card(f"B{k}", "backup") for k in range(4)], fwd("Rikku")], [card("OPP")], filler=12)
    for k in range(1, 5):
        put(v, 0, k, K.Z_FIELD, dull=1)
    if rikku:
        put(v, 0, 5, K.Z_FIELD)
    cast(S, v)
    assert sorted(int(v["cs"][0, K.S_DULL, k]) for k in range(1, 5)) == ([0, 0, 0, 1] if rikku else [1, 1, 1, 1])


@covers("11-027R", "When Kadaj enters the field, you may search for 1 Job Remnant other than Card Name Kadaj")
def test_11_027R_kadaj_searches_a_remnant_not_named_kadaj():
    c = line_card("11-027R", "When Kadaj enters the field, you may search for 1 Job Remnant")
    remnants = [_of_kind(fwd(name), "job", "Remnant") for name in ("Kadaj", "Loz")]
    assert zones_after_entering(c, remnants, K.Z_DECK) == [K.Z_DECK, K.Z_HAND]


@pytest.mark.parametrize("code,start,pair,miss", [
    ("11-047C", "When Thief enters the field, turn over", ("earth", "lightning"), "fire"),
    ("11-096C", "When Selkie enters the field, turn over", ("fire", "water"), "earth"),
    ("13-005C", "When Black Mage enters the field, turn over", ("lightning", "water"), "fire"),
    ("11-041C", "When Yuke enters the field, turn over", ("wind", "earth"), "fire")])
@pytest.mark.parametrize("hit", [0, 1])
def test_11_047C_11_096C_13_005C_11_041C_turning_over_cards_until_one_of_two_elements(code: str, start: str,
                                                                                      pair: tuple[str, str],
                                                                                      miss: str, hit: int):
    """Approximate (card table): played as a search for a card of either element, so the player picks it (the
    fillers are Water: a Water card may be the one)."""
    c = line_card(code, start)
    S, v = make([c, fwd("MISS", el=(miss,)), fwd("HIT", el=(pair[hit],))], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    stack(v, 0, [1, 2])
    h0 = hand_of(v, 0)
    assert T.cast(S, 0, 0, -1, -1, 1)
    K.resolve(S)
    assert hand_of(v, 0) == h0 - 1 + 1 and v["cs"][0, K.S_ZONE, 1] == K.Z_DECK
    got = int(v["ls"][0, K.L_HAND, 0])
    assert got == 2 or (got > 2 and "water" in pair)


covers("11-047C", "When Thief enters the field, turn over")
covers("11-096C", "When Selkie enters the field, turn over")
covers("13-005C", "When Black Mage enters the field, turn over")
covers("11-041C", "When Yuke enters the field, turn over")


@covers("11-055R", "Choose up to 1 Backup you control. Activate it, and deal 2000 damage")
@pytest.mark.parametrize("damage,dealt", [(4, 2000), (5, 4000)])
def test_11_055R_pandemonium_activates_a_backup_and_deals_2000_or_4000_to_the_opponents_forwards(damage: int,
                                                                                                dealt: int):
    c = line_card("11-055R", "Choose up to 1 Backup you control.")
    S, v = make([c, card("BK", "backup")], [fwd("A", 9000), fwd("B", 9000)], filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    v["ps"][1, K.P_DMG] = damage
    cast(S, v)
    assert v["cs"][0, K.S_DULL, 1] == 0
    assert v["cs"][1, K.S_DMG, 0] == dealt and v["cs"][1, K.S_DMG, 1] == dealt


@covers("11-088R", "Elena can only attack if you control 4 or more Forwards, or if you control a Job Member")
@pytest.mark.parametrize("others,may", [([], False), (["F", "F"], False), (["F", "F", "F"], True), (["TURK"], True),
                                        (["TURKB"], False)])
def test_11_088R_elena_attacks_only_beside_3_forwards_or_a_turks_forward(others: list[str], may: bool):
    c = line_card("11-088R", "Elena can only attack if")
    mine = [_of_kind(fwd("T"), "job", "Member of the Turks") if o == "TURK" else
            _of_kind(card("TB", "backup"), "job", "Member of the Turks") if o == "TURKB" else fwd(f"F{k}")
            for k, o in enumerate(others)]
    S, v = fielded([c, *mine], [card("OPP")])
    K.update_static(S, 0)
    assert bool(P.can_attack(S, 0, 0)) == may


@covers("12-037L", "At the end of each of your turns, if you have cast 3 or more cards this turn, draw 1 card.")
@pytest.mark.parametrize("played,drawn", [(2, 0), (3, 1)])
def test_12_037L_ashe_draws_at_the_end_of_a_turn_with_3_cards_cast(played: int, drawn: int):
    c = line_card("12-037L", "At the end of each of your turns")
    S, v = fielded([c], [card("OPP")])
    v["ps"][0, K.P_PLAYED] = played
    h0 = hand_of(v, 0)
    T.end_phase(S, 0)
    assert hand_of(v, 0) == h0 + drawn


@pytest.mark.parametrize("start", ["When Chocobo enters the field, the Forwards you control can form a party",
                                   "《ダル》: The Forwards you control can form a party"])
def test_12_047C_chocobo_lets_forwards_of_any_element_party(start: str):
    c = line_card("12-047C", start)
    S, v = make([c, fwd("FIRE", el=("fire",)), fwd("ICE", el=("ice",))], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    assert not P.shares_element(S, 0, 1, 2)
    if start.startswith("When"):
        cast(S, v)
    else:
        put(v, 0, 0, K.Z_FIELD)
        assert T.activate(S, 0, 0, 0, 1)
        K.resolve(S)
    assert P.shares_element(S, 0, 1, 2)


covers("12-047C", "When Chocobo enters the field, the Forwards you control can form a party")
covers("12-047C", "《ダル》: The Forwards you control can form a party")


@covers("12-114R", "When 1 or more dull Backups you control is activated due to your Summons or abilities")
def test_12_114R_baralai_deals_3000_when_its_controllers_summon_activates_a_backup():
    c = line_card("12-114R", "When 1 or more dull Backups you control is activated")
    pan = line_card("11-055R", "Choose up to 1 Backup you control.")  # activates a Backup, deals 2000
    S, v = make([c, card("BK", "backup"), pan], [fwd("A", 9000)], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v, 2)
    assert v["cs"][0, K.S_DULL, 1] == 0 and v["cs"][1, K.S_DMG, 0] == 2000 + 3000


@covers("12-114R", "When your opponent discards 1 or more cards from their hand due to your Summons or abilities")
def test_12_114R_baralai_dulls_and_freezes_when_its_controllers_ability_makes_the_opponent_discard():
    c = line_card("12-114R", "When your opponent discards 1 or more cards")
    zid = line_card("3-056H", "When Zidane enters the field, your opponent reveals his/her hand.")
    S, v = make([c, zid], [fwd("A", 9000), card("X"), card("Y")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_HAND)
    put(v, 1, 2, K.Z_HAND)
    cast(S, v, 1)
    assert hand_of(v, 1) == 1
    assert v["cs"][1, K.S_DULL, 0] == 1 and v["cs"][1, K.S_FROZEN, 0] == 1


@pytest.mark.parametrize("code", ["15-137S", "15-138S"])
@pytest.mark.parametrize("turks", [3, 4])
def test_15_137S_15_138S_with_4_turks_the_attack_phase_begins_with_the_bonus(code: str, turks: int):
    c = line_card(code, "At the beginning of the Attack Phase")
    mates = [_of_kind(fwd(f"T{k}"), "job", "Member of the Turks") for k in range(turks - 1)]
    S, v = make([c, *mates], [fwd("A"), fwd("B")], filler=12)
    for k in range(turks):
        put(v, 0, k, K.Z_FIELD, sick=1)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    T.attack_phase_start(S, 0, 7)
    on = turks == 4
    if code == "15-137S":  # Rude: dull all the Forwards opponent controls
        assert [int(v["cs"][1, K.S_DULL, k]) for k in range(2)] == [int(on)] * 2
    else:  # Reno: the Turks Forwards gain Haste
        assert all(v["cs"][0, K.S_SICK, k] == int(not on) for k in range(turks))  # Haste: no longer sick


covers("15-137S", "At the beginning of the Attack Phase")
covers("15-138S", "At the beginning of the Attack Phase")


@covers("16-135S", "When you cast a Summon, choose up to 1 Forward opponent controls. Its power becomes 5000")
@pytest.mark.parametrize("mine", [True, False])
def test_16_135S_lulu_casting_a_summon_in_her_turn_sets_an_opposing_forwards_power_to_5000(mine: bool):
    c = line_card("16-135S", "When you cast a Summon")
    S, v = make([c, card("SUM", "summon", cost=0)], [fwd("TGT", 9000)], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    K.st_gs(S)[K.X_ACTIVE] = 0 if mine else 1  # "This effect will trigger only during your turn."
    cast(S, v, 1)
    assert K.power(S, 1, 0) == (5000 if mine else 9000)


@covers("16-136S", "Summons and abilities of your opponent must choose Auron if possible.")
def test_16_136S_an_opposing_summon_must_choose_auron():
    S, v = hit_by([line_card("16-136S", "Summons and abilities of your opponent must choose Auron"),
                   fwd("WEAK", 3000)], BOLT)  # 3000 breaks WEAK: the target of choice but for Auron
    assert v["cs"][0, K.S_DMG, 0] == 3000 and v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD


@covers("18-133S", "When Ignis or a Card Name Noctis you control attacks, activate all the Characters you control.")
@pytest.mark.parametrize("who", [0, 1])
def test_18_133S_ignis_or_noctis_attacking_activates_all_the_characters(who: int):
    c = line_card("18-133S", "When Ignis or a Card Name Noctis you control attacks")
    S, v = fielded([c, fwd("Noctis"), card("BK", "backup")], [card("OPP")])
    v["cs"][0, K.S_DULL, 2] = 1
    attack(S, [who])
    assert [int(v["cs"][0, K.S_DULL, k]) for k in range(3)] == [0, 0, 0]


@covers("19-130S", "If you control 3 or more Category XIII Characters, the cost required to cast Bahamut")
def test_19_130S_bahamut_costs_3_less_with_3_category_xiii_characters():
    c = line_card("19-130S", "If you control 3 or more Category XIII Characters", keep_cost=True)
    xiii = [_of_kind(card(f"X{k}", "backup"), "category", "XIII") for k in range(3)]
    assert cost_with(c, xiii, [], 2) == c.cost
    assert cost_with(c, xiii, [], 3) == c.cost - 3


@pytest.mark.parametrize("code,start,dealt", [("19-130S", "Choose 1 Forward. Deal it 10000 damage.", 10000),
                                              ("13-012R", "Choose 1 Forward. Deal it 8000 damage.", 8000),
                                              ("4-016R", "Choose 1 Forward. Deal it 8000 damage.", 8000)])
def test_19_130S_13_012R_4_016R_bahamut_deals_its_damage_and_a_broken_forward_leaves_the_field(code: str, start: str,
                                                                                              dealt: int):
    """Approximate: "remove it from the game instead" is played as the break (card table)."""
    c = line_card(code, start)
    S, v = cast_facing(c, [], [fwd("BIG", 20000)])
    assert v["cs"][1, K.S_DMG, 0] == dealt
    S, v = cast_facing(c, [], [fwd("SMALL", dealt)])
    assert v["cs"][1, K.S_ZONE, 0] != K.Z_FIELD


covers("19-130S", "Choose 1 Forward. Deal it 10000 damage.")
covers("13-012R", "Choose 1 Forward. Deal it 8000 damage.")
covers("4-016R", "Choose 1 Forward. Deal it 8000 damage.")


@covers("3-106C", "When Black Mage enters the field, choose 1 Forward opponent controls. If you control 4 or more")
@pytest.mark.parametrize("others,loss", [(2, 0), (3, 8000)])
def test_3_106C_black_mage_weakens_8000_with_4_black_mages(others: int, loss: int):
    c = line_card("3-106C", "When Black Mage enters the field")
    S, v = cast_facing(c, [card("Black Mage", "backup") for _ in range(others)], [fwd("TGT", 9000)])
    assert K.power(S, 1, 0) == 9000 - loss


@covers("3-153S", "When Ace enters the field, you may play 1 Job Class Zero Cadet Forward from your hand")
def test_3_153S_ace_plays_a_class_zero_cadet_forward_from_the_hand():
    c = line_card("3-153S", "When Ace enters the field")
    cadet = _of_kind(fwd("CADET", cost=5), "job", "Class Zero Cadet")
    assert zones_after_entering(c, [fwd("NOT"), cadet], K.Z_HAND) == [K.Z_HAND, K.Z_FIELD]


@covers("4-115L", "When Lightning enters the field or attacks, choose 1 Forward opponent controls. If you control")
@pytest.mark.parametrize("xiii", [False, True])
@pytest.mark.parametrize("how", ["enter", "attack"])
def test_4_115L_lightning_dulls_a_forward_beside_another_category_xiii_character(xiii: bool, how: str):
    c = line_card("4-115L", "When Lightning enters the field or attacks")
    ally = _of_kind(card("AL", "backup"), "category", "XIII" if xiii else "XII")
    if how == "enter":
        S, v = cast_facing(c, [ally], [fwd("TGT")])
    else:
        S, v = fielded([c, ally], [fwd("TGT")])
        attack(S, [0])
    assert v["cs"][1, K.S_DULL, 0] == int(xiii)


@covers("5-086L", "When Cecil enters the field, choose 1 dull Forward opponent controls. If its cost")
@pytest.mark.parametrize("damage,breaks", [(2, False), (3, True)])
def test_5_086L_cecil_breaks_a_dull_forward_costing_no_more_than_the_damage_received(damage: int, breaks: bool):
    c = line_card("5-086L", "When Cecil enters the field")
    S, v = make([c], [fwd("ACT", cost=1), fwd("DULL", cost=3)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD, dull=1)
    v["ps"][0, K.P_DMG] = damage
    cast(S, v)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD and (v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK) == breaks


@pytest.mark.parametrize("code,start,mine,theirs,damage,gain,kws", [
    ("5-149S", "If your opponent controls any Monster", [], ["monster"], 0, 2000,
     (K.KW_FIRST_STRIKE, K.KW_BRAVE)),
    ("5-157S", "For each Job Sky Pirate other than Fran", ["sky", "sky", "fwd"], [], 0, 2000, ()),
    ("3-139C", "For each Backup you control, Knight gains", ["bk", "bk", "fwd"], [], 0, 2000, ()),
    ("7-131S", "If you control 4 or more Forwards, Warrior of Light gains Haste", ["fwd"] * 3, [], 0, 0,
     (K.KW_HASTE,)),
    ("7-135S", "If you have received 5 points of damage or more, Cecil gains", [], [], 5, 2000,
     (K.KW_NOT_BY_ABILITIES,)),
    ("8-009C", "If you have received 3 points of damage or more, Samurai gains Brave", [], [], 3, 0, (K.KW_BRAVE,)),
    ("8-009C", "If you have received 5 points of damage or more, Samurai gains +1000", [], [], 5, 1000, ()),
    ("8-148S", "If your opponent doesn't control Forwards, Yugiri gains Haste", [], ["bk"], 0, 0, (K.KW_HASTE,))])
def test_5_149S_5_157S_3_139C_7_131S_7_135S_8_009C_8_148S_field_abilities_on_and_off(code: str, start: str, mine: list[str], theirs: list[str],
                                                    damage: int, gain: int, kws: tuple[int, ...]):
    """Each one's field ability, asserted with what it asks and (below) without it."""
    c = line_card(code, start)

    def build(kind: str, k: int) -> Card:
        return {"monster": card(f"M{k}", "monster"), "bk": card(f"B{k}", "backup"),
                "sky": _of_kind(fwd(f"S{k}"), "job", "Sky Pirate")}.get(kind, fwd(f"F{k}"))

    S, v = fielded([c, *[build(m, k) for k, m in enumerate(mine)]], [build(t, k) for k, t in enumerate(theirs)]
                   or [card("OPP", "backup")])
    v["ps"][0, K.P_DMG] = damage
    K.update_static(S, 0)
    K.update_static(S, 1)
    assert K.power(S, 0, 0) == c.power + gain and all(K.has_kw(S, 0, 0, kw) for kw in kws)
    without = fielded([c], [fwd("OPP")])[0] if code == "8-148S" else fielded([c], [card("OPP", "backup")])[0]
    K.update_static(without, 0)
    assert K.power(without, 0, 0) == c.power and not any(K.has_kw(without, 0, 0, kw) for kw in kws)


covers("5-149S", "If your opponent controls any Monster")
covers("5-157S", "For each Job Sky Pirate other than Fran")
covers("3-139C", "For each Backup you control, Knight gains")
covers("7-131S", "If you control 4 or more Forwards, Warrior of Light gains Haste")
covers("7-135S", "If you have received 5 points of damage or more, Cecil gains")
covers("8-009C", "If you have received 3 points of damage or more, Samurai gains Brave")
covers("8-009C", "If you have received 5 points of damage or more, Samurai gains +1000")
covers("8-148S", "If your opponent doesn't control Forwards, Yugiri gains Haste")


@covers("5-152S", "When Serah attacks, activate all the Job Moogle you control.")
def test_5_152S_serah_attacking_activates_the_moogles():
    c = line_card("5-152S", "When Serah attacks")
    S, v = fielded([c, _of_kind(card("MOG", "backup"), "job", "Moogle"), card("BK", "backup")], [card("OPP")])
    v["cs"][0, K.S_DULL, 1] = v["cs"][0, K.S_DULL, 2] = 1
    attack(S, [0])
    assert v["cs"][0, K.S_DULL, 1] == 0 and v["cs"][0, K.S_DULL, 2] == 1


@covers("5-154S", "When Yeul is put from the field into the Break Zone, put the top 10 cards of your deck")
def test_5_154S_yeul_leaving_mills_10():
    c = line_card("5-154S", "When Yeul is put from the field into the Break Zone")
    S, v = fielded([c], [card("OPP")])
    deck0 = int(v["ps"][0, K.P_NMAIN] - v["ps"][0, K.P_TOP])
    opposing(S, 0, 0, K.OP_BREAK)
    assert int(v["ps"][0, K.P_NMAIN] - v["ps"][0, K.P_TOP]) == deck0 - 10 and in_break_zone(v, 0) == 11


@covers("5-155S", "When Vaan enters the field, activate all the Job Sky Pirate you control.")
def test_5_155S_vaan_entering_activates_the_sky_pirates():
    c = line_card("5-155S", "When Vaan enters the field")
    S, v = make([c, _of_kind(card("SKY", "backup"), "job", "Sky Pirate"), card("BK", "backup")], [card("OPP")],
                filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 0, 2, K.Z_FIELD, dull=1)
    cast(S, v)
    assert v["cs"][0, K.S_DULL, 1] == 0 and v["cs"][0, K.S_DULL, 2] == 1


@pytest.mark.parametrize("code,start,mine,by_summon,shielded", [
    ("5-157S", "The Card Name Balthier you control cannot be chosen", fwd("Balthier"), False, True),
    ("5-157S", "The Card Name Balthier you control cannot be chosen", fwd("Balthier"), True, False),
    ("7-108H", "The Job Guardian other than Kimahri", _of_kind(fwd("GU"), "job", "Guardian"), False, True),
    ("7-108H", "The Job Guardian other than Kimahri", fwd("NOT"), False, False),
    ("7-108H", "The Category X Characters other than Kimahri", _of_kind(fwd("X"), "category", "X"), True, True),
    ("7-108H", "The Category X Characters other than Kimahri", _of_kind(fwd("X"), "category", "X"), False, False)])
def test_5_157S_7_108H_an_opposing_summon_or_ability_cannot_choose_the_kind(code: str, start: str, mine: Card,
                                                                           by_summon: bool, shielded: bool):
    S, v = hit_by([line_card(code, start), replace(mine, power=3000)], BOLT if by_summon else ZAP)  # 3000 breaks it
    assert (v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD) == shielded


covers("5-157S", "The Card Name Balthier you control cannot be chosen")
covers("7-108H", "The Job Guardian other than Kimahri")
covers("7-108H", "The Category X Characters other than Kimahri")


@covers("5-166S", "The Card Name Ashe you control cannot be broken by opposing Summons or abilities that don't")
def test_5_166S_rasler_keeps_ashe_from_an_opposing_break_but_not_from_damage():
    c = line_card("5-166S", "The Card Name Ashe you control cannot be broken")
    S, v = fielded([c, fwd("Ashe", 7000)], [card("OPP")])
    K.update_static(S, 0)
    opposing(S, 0, 1, K.OP_BREAK, 0)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD
    opposing(S, 0, 1, K.OP_DAMAGE, 7000)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK


@covers("6-041L", "When Rinoa enters the field, choose 1 Forward other than Rinoa you control. Remove it")
def test_6_041L_rinoa_removes_a_forward_and_plays_it_back_dull():
    c = line_card("6-041L", "When Rinoa enters the field")
    S, v = cast_facing(c, [fwd("MINE", 7000)], [card("OPP")])
    cs = v["cs"]
    assert cs[0, K.S_ZONE, 1] == K.Z_FIELD and cs[0, K.S_DULL, 1] == 1 and cs[0, K.S_DULL, 0] == 0


@covers("6-065C", "If Dark Knight receives damage, the damage increases by 4000 instead.")
def test_6_065C_dark_knight_receives_4000_more():
    c = replace(line_card("6-065C", "If Dark Knight receives damage"), power=20000)  # survives to show it
    S, v = fielded([c], [fwd("OPP")])
    K.update_static(S, 0)
    K.deal_damage(S, 1, 0, 0, 0, 1000, False, True)
    assert v["cs"][0, K.S_DMG, 0] == 5000


@covers("7-108H", "The cost required to play Kimahri onto the field is reduced by 1 for each Job Guardian")
def test_7_108H_kimahri_costs_1_less_per_guardian():
    c = line_card("7-108H", "The cost required to play Kimahri", keep_cost=True)
    gu = [_of_kind(card(f"G{k}", "backup"), "job", "Guardian") for k in range(2)] + [card("BK", "backup")]
    assert cost_with(c, gu, [], 0) == c.cost and cost_with(c, gu, [], 3) == c.cost - 2


@covers("7-132S", "When Firion enters the field, choose 1 Forward opponent controls. Deal it 2000 damage for each")
@pytest.mark.parametrize("others,dealt", [(0, 2000), (1, 4000), (3, 6000)])
def test_7_132S_firion_deals_2000_per_forward_up_to_3(others: int, dealt: int):
    c = line_card("7-132S", "When Firion enters the field")
    S, v = cast_facing(c, [fwd(f"F{k}") for k in range(others)], [fwd("TGT", 12000)])
    assert v["cs"][1, K.S_DMG, 0] == dealt


@covers("7-134S", "When The Emperor enters the field, choose 1 Forward opponent controls. If you have received 4")
@pytest.mark.parametrize("damage", [3, 4])
def test_7_134S_the_emperor_at_4_damage_dulls_and_freezes(damage: int):
    c = line_card("7-134S", "When The Emperor enters the field")
    S, v = make([c], [fwd("TGT")], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = damage
    cast(S, v)
    on = int(damage >= 4)
    assert v["cs"][1, K.S_DULL, 0] == on and v["cs"][1, K.S_FROZEN, 0] == on


@covers("7-137S", "When Garland blocks, Garland gains +2000 power until the end of the turn.")
def test_7_137S_garland_blocking_gains_2000():
    c = line_card("7-137S", "When Garland blocks")
    S, v = fielded([c], [fwd("ATT", 1000)])
    K.st_scr(S)[2, 0] = 0
    T.resolve_attack(S, 1, 1, 0, 7, 1)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_FIELD and K.power(S, 0, 0) == c.power + 2000


@covers("8-032R", "Choose up to 3 Forwards or Monsters opponent controls. Dull them and Freeze them.")
def test_8_032R_shiva_dulls_and_freezes_3_forwards_or_monsters():
    c = line_card("8-032R", "Choose up to 3 Forwards or Monsters")
    S, v = cast_facing(c, [], [fwd("A"), fwd("B"), card("M", "monster"), card("BK", "backup")])
    assert [int(v["cs"][1, K.S_DULL, k]) for k in range(4)] == [1, 1, 1, 0]
    assert [int(v["cs"][1, K.S_FROZEN, k]) for k in range(4)] == [1, 1, 1, 0]


@covers("8-032R", "You can only cast Shiva during your turn.")
def test_8_032R_shiva_is_cast_only_in_its_controllers_turn():
    c = line_card("8-032R", "You can only cast Shiva during your turn.")
    S, v = make([c], [c], filler=12)
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_HAND)
    assert K.cast_allowed(S, 0, 0) and not K.cast_allowed(S, 1, 0)  # seat 0's turn


@covers("8-137S", "When Gosetsu enters the field, you may search for 1 Card Name Hien or Card Name Yugiri")
@pytest.mark.parametrize("name", ["Hien", "Yugiri"])
def test_8_137S_gosetsu_searches_hien_or_yugiri(name: str):
    c = line_card("8-137S", "When Gosetsu enters the field")
    assert zones_after_entering(c, [fwd("NOT"), fwd(name)], K.Z_DECK)[1] == K.Z_HAND


@covers("8-138S", "When a Job Samurai Forward you control attacks, all the Forwards you control gain +1000")
def test_8_138S_hien_a_samurai_attacking_pumps_the_forwards_1000():
    c = line_card("8-138S", "When a Job Samurai Forward you control attacks")
    S, v = fielded([c, _of_kind(fwd("SAM"), "job", "Samurai"), fwd("F")], [fwd("OPP")])
    attack(S, [2])
    assert K.power(S, 0, 2) == 5000 and K.power(S, 0, 0) == c.power
    attack(S, [1])
    assert K.power(S, 0, 0) == c.power + 1000 and K.power(S, 0, 1) == 6000 and K.power(S, 0, 2) == 6000
    assert K.power(S, 1, 0) == 5000


@covers("8-139S", "The Forwards other than Lyse you control gain +1000 power. If you have received 5 points")
@pytest.mark.parametrize("damage,gain", [(4, 1000), (5, 2000)])
def test_8_139S_lyse_pumps_the_others_1000_or_2000_at_5_damage(damage: int, gain: int):
    c = line_card("8-139S", "The Forwards other than Lyse you control gain")
    S, v = fielded([c, fwd("F")], [fwd("OPP")])
    v["ps"][0, K.P_DMG] = damage
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 5000 + gain and K.power(S, 1, 0) == 5000
    assert K.power(S, 0, 0) == c.power + (gain if damage >= 5 else 0)  # "the Forwards you control": Lyse too


@covers("8-140S", "The Card Name Yuffie you control gains +1000 power.")
def test_8_140S_godo_gives_yuffie_1000():
    c = line_card("8-140S", "The Card Name Yuffie you control gains")
    S, v = fielded([c, fwd("Yuffie"), fwd("Other")], [card("OPP")])
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 6000 and K.power(S, 0, 2) == 5000


@pytest.mark.parametrize("code,start,right,wrong", [
    ("8-140S", "《ダル》: Choose 1 attacking Card Name Yuffie you control.", fwd("Yuffie"), fwd("Other")),
    ("8-146S", "《ダル》: Choose 1 attacking Category XIV Forward you control.",
     _of_kind(fwd("XIV"), "category", "XIV"), _of_kind(fwd("XIII"), "category", "XIII"))])
def test_8_140S_8_146S_an_attacking_forward_of_the_kind_gains_first_strike(code: str, start: str, right: Card,
                                                                          wrong: Card):
    c = line_card(code, start)
    for who, gains in ((right, True), (wrong, False)):
        S, v = fielded([c, who], [card("OPP")])
        attack(S, [1])
        ok = T.activate(S, 0, 0, 0, 1)
        K.resolve(S)
        assert bool(ok and K.has_kw(S, 0, 1, K.KW_FIRST_STRIKE)) == gains


covers("8-140S", "《ダル》: Choose 1 attacking Card Name Yuffie you control.")
covers("8-146S", "《ダル》: Choose 1 attacking Category XIV Forward you control.")


@covers("8-143S", "When Cloud enters the field, choose 1 Forward. If you control 4 or more Category VII Forwards")
@pytest.mark.parametrize("others,breaks", [(2, False), (3, True)])
def test_8_143S_cloud_breaks_a_forward_with_4_category_vii_forwards(others: int, breaks: bool):
    c = line_card("8-143S", "When Cloud enters the field")
    vii = [_of_kind(fwd(f"V{k}"), "category", "VII") for k in range(others)]
    S, v = cast_facing(c, vii, [fwd("TGT")])
    assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == breaks


@pytest.mark.parametrize("code,start,ally,cut", [
    ("8-144S", "If you control a Card Name Cloud Forward", fwd("Cloud"), 2),
    ("5-122R", "If you control Card Name Ashe", fwd("Ashe"), 2),
    ("8-074H", "If you control Card Name Noctis", fwd("Noctis"), 2),
    ("3-050L", "If you control a Category VII Forward", _of_kind(fwd("VII"), "category", "VII"), 1)])
def test_8_144S_5_122R_8_074H_3_050L_an_ally_of_the_kind_makes_the_card_cheaper(code: str, start: str, ally: Card, cut: int):
    c = line_card(code, start, keep_cost=True)
    assert cost_with(c, [ally], [], 0) == c.cost and cost_with(c, [ally], [], 1) == c.cost - cut


covers("8-144S", "If you control a Card Name Cloud Forward")
covers("5-122R", "If you control Card Name Ashe")
covers("8-074H", "If you control Card Name Noctis")
covers("3-050L", "If you control a Category VII Forward")


@covers("9-020R", "You must control a Category XIV Forward to play Rhitahtyn")
@pytest.mark.parametrize("xiv", [False, True])
def test_9_020R_rhitahtyn_is_played_only_beside_a_category_xiv_forward(xiv: bool):
    c = line_card("9-020R", "You must control a Category XIV Forward")
    S, v = make([c, _of_kind(fwd("A"), "category", "XIV" if xiv else "XIII")], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 0, K.Z_HAND)
    K.update_static(S, 0)
    assert bool(K.cast_allowed(S, 0, 0)) == xiv


@covers("13-132S", "You can only cast Titania if you have a Forward, Backup, Monster and a Summon")
@pytest.mark.parametrize("missing", [None, "forward", "backup", "summon", "monster"])
def test_13_132S_titania_is_cast_only_with_the_four_card_types_in_the_break_zone(missing: str | None):
    c = line_card("13-132S", "You can only cast Titania if")
    kinds = [t for t in ("forward", "backup", "summon", "monster") if t != missing]
    S, v = make([c, *(card(t.upper(), t, name=t) for t in kinds), card("HELD", "monster", name="Held")],
                [card("OPP")], filler=12)
    for k in range(len(kinds)):
        put(v, 0, 1 + k, K.Z_BREAK)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, len(kinds) + 1, K.Z_HAND)  # a Monster in the hand is not one in the Break Zone
    assert bool(K.cast_allowed(S, 0, 0)) == (missing is None)


@covers("13-136S", "When a Job Scion of the Seventh Dawn other than Thancred enters your field")
def test_13_136S_thancred_gains_2000_haste_and_brave_when_a_scion_enters():
    c = line_card("13-136S", "When a Job Scion of the Seventh Dawn")
    S, v = make([c, fwd("NOT", cost=0), _of_kind(fwd("SC", cost=0), "job", "Scion of the Seventh Dawn")],
                [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD, sick=1)
    cast(S, v, 1)
    assert K.power(S, 0, 0) == c.power and not K.has_kw(S, 0, 0, K.KW_BRAVE)
    cast(S, v, 2)
    assert K.power(S, 0, 0) == c.power + 2000
    assert v["cs"][0, K.S_SICK, 0] == 0 and K.has_kw(S, 0, 0, K.KW_BRAVE)  # Haste: no longer sick


@covers("15-132S", "When 2 or more Job AVALANCHE Operative Forwards you control form a party and attack, select")
def test_15_132S_jessie_party_attack_brings_a_cloud():
    c = line_card("15-132S", "When 2 or more Job AVALANCHE Operative")
    mate = _of_kind(fwd("MATE", el=c.elements), "job", "AVALANCHE Operative")
    S, v = make([c, mate, fwd("Cloud", cost=5), fwd("Cloud", cost=5)], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_HAND)  # copy 3 stays in the deck
    attack(S, [0, 1])
    done = [v["cs"][0, K.S_ZONE, 2] == K.Z_FIELD, v["cs"][0, K.S_ZONE, 3] == K.Z_HAND]
    assert done.count(True) == 1, done
    # no Cloud in the hand: the play would do nothing, so the player searches (until 2026-11-27 it chose the play)
    S, v = make([c, mate, fwd("Cloud", cost=5)], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    attack(S, [0, 1])
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_HAND


def activated(c: Card, mine: list[Card], theirs: list[Card]):
    """c and `mine` active on seat 0's field, `theirs` on seat 1's; c's action ability used with the CP it asks."""
    S, v = fielded([c, *mine], theirs)
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    return S, v


@covers("1-172C", "Draw 2 cards, then discard 1 card from your hand.")
def test_1_172C_moogle_draws_2_and_discards_1():
    c = line_card("1-172C", "Draw 2 cards, then discard 1 card from your hand.")
    S, v = make([c], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    h0, b0 = hand_of(v, 0), in_break_zone(v, 0)
    assert T.cast(S, 0, 0, -1, -1, 1)
    K.resolve(S)
    assert hand_of(v, 0) == h0 - 1 + 2 - 1 and in_break_zone(v, 0) == b0 + 2  # the Summon and the discard


@covers("10-050C", "When Thief attacks, your opponent puts the top card of his/her deck into the Break Zone.")
def test_10_050C_thief_attacking_mills_the_opponent_1():
    c = line_card("10-050C", "When Thief attacks")
    S, v = fielded([c], [card("OPP")])
    deck0 = int(v["ps"][1, K.P_NMAIN] - v["ps"][1, K.P_TOP])
    attack(S, [0])
    assert int(v["ps"][1, K.P_NMAIN] - v["ps"][1, K.P_TOP]) == deck0 - 1 and in_break_zone(v, 1) == 1


@covers("11-069H", "When Cindy enters the field, you may search for up to 2 Category XV Forwards")
def test_11_069H_cindy_searches_2_category_xv_forwards():
    c = line_card("11-069H", "When Cindy enters the field")
    xv = [_of_kind(fwd(f"XV{k}"), "category", "XV") for k in range(3)]
    assert sorted(zones_after_entering(c, [fwd("NOT"), *xv], K.Z_DECK)) == sorted(
        [K.Z_DECK, K.Z_DECK, K.Z_HAND, K.Z_HAND])
    assert zones_after_entering(c, [fwd("NOT"), *xv], K.Z_DECK)[0] == K.Z_DECK


@pytest.mark.parametrize("code,start,setup,cut", [
    ("13-072R", "If you have received 5 points of damage or more, the cost required to cast Odin", "damage5", 3),
    ("2-081L", "The cost required to play Gabranth onto the field is reduced by 1 for each point", "damage3", 3),
    ("16-139S", "The cost required to cast Tidus is reduced by 1 for each Category X Forward", "x2", 2)])
def test_13_072R_2_081L_16_139S_counted_cost_reductions(code: str, start: str, setup: str, cut: int):
    c = line_card(code, start, keep_cost=True)
    x = [_of_kind(fwd(f"X{k}"), "category", "X") for k in range(2)] + [_of_kind(card("XB", "backup"), "category", "X")]
    S, v = make([c, *x], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 3, K.Z_FIELD)  # a Category X Backup: not a Forward
    v["ps"][0, K.P_DMG] = 4 if setup == "damage5" else 0
    K.counts_changed(S)
    assert requirement(S) == c.cost
    if setup == "damage5":
        v["ps"][0, K.P_DMG] = 5
    elif setup == "damage3":
        v["ps"][0, K.P_DMG] = 3
    else:
        put(v, 0, 1, K.Z_FIELD)
        put(v, 0, 2, K.Z_FIELD)
    K.counts_changed(S)
    assert requirement(S) == max(c.cost - cut, 1)


covers("13-072R", "If you have received 5 points of damage or more, the cost required to cast Odin")
covers("2-081L", "The cost required to play Gabranth onto the field is reduced by 1 for each point")
covers("16-139S", "The cost required to cast Tidus is reduced by 1 for each Category X Forward")


@pytest.mark.parametrize("code,start,dull,dealt,marked", [
    ("14-068C", "If Dark Elf is dealt 9000 damage or more", 0, 9000, 0),
    ("14-068C", "If Dark Elf is dealt 9000 damage or more", 0, 8000, 8000),
    ("5-107H", "If Thancred receives damage while dull", 1, 5000, 3000),
    ("5-107H", "If Thancred receives damage while dull", 0, 5000, 5000),
    ("5-122R", "If Vossler receives damage, reduce the damage by 1000", 0, 5000, 4000)])
def test_14_068C_5_107H_5_122R_damage_it_receives_is_changed(code: str, start: str, dull: int, dealt: int,
                                                             marked: int):
    c = replace(line_card(code, start), power=20000)
    S, v = fielded([c], [fwd("OPP")])
    v["cs"][0, K.S_DULL, 0] = dull
    K.update_static(S, 0)
    K.deal_damage(S, 1, 0, 0, 0, dealt, False, True)
    assert v["cs"][0, K.S_DMG, 0] == marked


covers("14-068C", "If Dark Elf is dealt 9000 damage or more")
covers("5-107H", "If Thancred receives damage while dull")
covers("5-122R", "If Vossler receives damage, reduce the damage by 1000")


@covers("5-122R", "If the Card Name Ashe you control receives damage, reduce the damage by 2000")
def test_5_122R_vossler_shields_ashe_2000():
    c = line_card("5-122R", "If the Card Name Ashe you control receives damage")
    S, v = fielded([c, fwd("Ashe", 9000), fwd("Other", 9000)], [fwd("OPP")])
    K.update_static(S, 0)
    K.deal_damage(S, 1, 0, 0, 1, 5000, False, True)
    K.deal_damage(S, 1, 0, 0, 2, 5000, False, True)
    assert v["cs"][0, K.S_DMG, 1] == 3000 and v["cs"][0, K.S_DMG, 2] == 5000


@covers("2-006R", "When Sazh attacks, choose 1 Forward opponent controls. Deal it 1000 damage for each point")
def test_2_006R_sazh_attacking_deals_1000_per_point_of_damage_received():
    c = line_card("2-006R", "When Sazh attacks")
    S, v = fielded([c], [fwd("TGT", 9000)])
    v["ps"][0, K.P_DMG] = 3
    attack(S, [0])
    assert v["cs"][1, K.S_DMG, 0] == 3000


@covers("2-072C", "When Reddas attacks, the Forwards other than Reddas you control gain +1000 power")
def test_2_072C_reddas_attacking_pumps_the_others_1000():
    c = line_card("2-072C", "When Reddas attacks")
    S, v = fielded([c, fwd("F")], [fwd("OPP")])
    attack(S, [0])
    assert K.power(S, 0, 0) == c.power and K.power(S, 0, 1) == 6000 and K.power(S, 1, 0) == 5000


@pytest.mark.parametrize("code,start,right,wrong", [
    ("2-075H", "When Ingus enters the field, you may play 1 [Job (Standard Unit)] of cost 2 or less",
     _of_kind(fwd("SU", cost=2), "job", "Standard Unit"), _of_kind(fwd("BIG", cost=3), "job", "Standard Unit")),
    ("7-060R", "When Bartholomew enters the field, you may play 1 Card Name Hope", fwd("Hope", cost=4), fwd("Other"))])
def test_2_075H_7_060R_entering_plays_a_card_of_the_kind_from_the_hand(code: str, start: str, right: Card,
                                                                     wrong: Card):
    c = line_card(code, start)
    assert zones_after_entering(c, [wrong, right], K.Z_HAND) == [K.Z_HAND, K.Z_FIELD]


covers("2-075H", "When Ingus enters the field, you may play 1 [Job (Standard Unit)] of cost 2 or less")
covers("7-060R", "When Bartholomew enters the field, you may play 1 Card Name Hope")


@covers("2-107C", "All Forwards opponent controls lose 3000 power until the end of the turn.")
def test_2_107C_cyclops_weakens_the_opponents_forwards_3000():
    c = line_card("2-107C", "All Forwards opponent controls lose 3000 power")
    S, v = cast_facing(c, [fwd("MINE")], [fwd("A", 9000), fwd("B", 9000)])
    assert K.power(S, 1, 0) == 6000 and K.power(S, 1, 1) == 6000 and K.power(S, 0, 1) == 5000


@pytest.mark.parametrize("code,start,gain,kw", [
    ("3-086C", "The Card Name WRO Member you control gain +2000 power.", 2000, 0),
    ("8-072R", "The Category XV Forwards other than Ignis you control gain +1000 power and Brave.", 1000,
     K.KW_BRAVE),
    ("1-083H", "The Forwards you control gain +1000 power.", 1000, 0)])
def test_3_086C_8_072R_1_083H_team_pumps(code: str, start: str, gain: int, kw: int):
    c = line_card(code, start)
    kind = {"3-086C": fwd("WRO Member"), "8-072R": _of_kind(fwd("XV"), "category", "XV")}.get(code, fwd("ANY"))
    other = fwd("Other") if code != "1-083H" else card("BK", "backup")
    S, v = fielded([c, kind, other], [fwd("OPP")])
    K.update_static(S, 0)
    assert K.power(S, 0, 1) == 5000 + gain and (not kw or K.has_kw(S, 0, 1, kw))
    assert K.power(S, 1, 0) == 5000 and (code == "1-083H" or K.power(S, 0, 2) == 5000)


covers("3-086C", "The Card Name WRO Member you control gain +2000 power.")
covers("8-072R", "The Category XV Forwards other than Ignis you control gain +1000 power and Brave.")
covers("1-083H", "The Forwards you control gain +1000 power.")


@covers("3-109C", "When Sice attacks, choose 1 Forward opponent controls. Until the end of the turn, it loses 1000")
def test_3_109C_sice_attacking_weakens_1000_per_class_zero_cadet():
    c = line_card("3-109C", "When Sice attacks")
    S, v = fielded([c, _of_kind(card("CAD", "backup"), "job", "Class Zero Cadet"), fwd("NOT")], [fwd("TGT", 9000)])
    attack(S, [0])
    assert K.power(S, 1, 0) == 9000 - 2000  # Sice (a Class Zero Cadet) and the Backup


@covers("4-148L", "When Shadow Lord enters the field, break all the Forwards of cost 2 or less.")
def test_4_148L_shadow_lord_breaks_every_forward_of_cost_2_or_less():
    c = line_card("4-148L", "When Shadow Lord enters the field")
    S, v = cast_facing(replace(c, cost=0), [fwd("MINE", cost=2), fwd("BIG", cost=3)],
                       [fwd("A", cost=1), fwd("B", cost=3), card("BK", "backup", cost=1)])
    assert [v["cs"][0, K.S_ZONE, k] for k in range(1, 3)] == [K.Z_BREAK, K.Z_FIELD]
    assert [v["cs"][1, K.S_ZONE, k] for k in range(3)] == [K.Z_BREAK, K.Z_FIELD, K.Z_FIELD]


@covers("4-148L", "When a Forward opponent controls is put from the field into the Break Zone, choose 1 Forward")
def test_4_148L_shadow_lord_an_opposing_forward_broken_deals_2000_to_another():
    c = line_card("4-148L", "When a Forward opponent controls is put from the field")
    S, v = fielded([c], [fwd("A"), fwd("B", 9000)])
    K.apply_op(S, 1, 0, K.OP_BREAK, 0, 0, 0, 0, 0)
    K.resolve(S)
    assert v["cs"][1, K.S_DMG, 1] == 2000


@covers("5-004R", "When Caius is put from the field into the Break Zone, discard 1 card from your hand.")
def test_5_004R_caius_leaving_discards_1():
    c = line_card("5-004R", "When Caius is put from the field into the Break Zone")
    assert sorted(zones_after(c, [card("X"), card("Y")], K.Z_HAND, "leave")) == [K.Z_HAND, K.Z_BREAK]


@covers("5-067R", "When Miounne enters the field, choose 1 Character other than Miounne you control. You may")
def test_5_067R_miounne_returns_a_character_and_draws_1():
    c = line_card("5-067R", "When Miounne enters the field")
    S, v = make([c, fwd("MINE")], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    h0 = hand_of(v, 0)
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_HAND and hand_of(v, 0) == h0 + 2  # the Character and the draw


@covers("5-070C", "When Reks is put from the field into the Break Zone, you may play 1 Card Name Vaan")
def test_5_070C_reks_leaving_plays_vaan_from_the_hand():
    c = line_card("5-070C", "When Reks is put from the field")
    assert zones_after(c, [fwd("Other", cost=1), fwd("Vaan", cost=5)], K.Z_HAND, "leave") == [K.Z_HAND, K.Z_FIELD]


@pytest.mark.parametrize("code,start,names", [
    ("5-120C", "When Louisoix enters the field, you may search for 1 Card Name Alisaie", ("Alisaie", "Alphinaud")),
    ("9-098C", "When Reeve enters the field, you may search for 1 Card Name Vincent", ("Vincent", "Cait Sith"))])
def test_5_120C_9_098C_searches_either_name(code: str, start: str, names: tuple[str, str]):
    c = line_card(code, start)
    for name in names:
        assert zones_after_entering(c, [fwd("NOT"), fwd(name)], K.Z_DECK) == [K.Z_DECK, K.Z_HAND], name


covers("5-120C", "When Louisoix enters the field, you may search for 1 Card Name Alisaie")
covers("9-098C", "When Reeve enters the field, you may search for 1 Card Name Vincent")


@covers("6-051C", "Search for 1 Job Chocobo or Job Moogle and add it to your hand.")
@pytest.mark.parametrize("job", ["Chocobo", "Moogle"])
def test_6_051C_choco_mog_searches_a_chocobo_or_a_moogle(job: str):
    c = line_card("6-051C", "Search for 1 Job Chocobo or Job Moogle")
    assert zones_after_entering(c, [fwd("NOT"), _of_kind(fwd("GOT"), "job", job)], K.Z_DECK) == [K.Z_DECK, K.Z_HAND]


@covers("5-146H", "When Wol is put from the field into the Break Zone, choose 1 Job Warrior of Light of cost 3")
def test_5_146H_wol_leaving_plays_a_warrior_of_light_of_cost_3_or_less_from_the_break_zone():
    c = line_card("5-146H", "When Wol is put from the field")
    wol = [_of_kind(fwd("BIG", cost=4), "job", "Warrior of Light"), _of_kind(fwd("OK", cost=3), "job",
                                                                             "Warrior of Light")]
    assert zones_after(c, wol, K.Z_BREAK, "leave") == [K.Z_BREAK, K.Z_FIELD]


@covers("6-087R", "《ダル》, put Edea into the Break Zone: Choose 1 Job Witch in your Break Zone.")
def test_6_087R_edea_plays_a_witch_from_the_break_zone():
    c = line_card("6-087R", "《ダル》, put Edea into the Break Zone")
    assert zones_after(c, [fwd("NOT"), _of_kind(fwd("W"), "job", "Witch")], K.Z_BREAK, "action") \
        == [K.Z_BREAK, K.Z_FIELD]


@covers("12-039C", "Draw 1 card. If you have cast 4 or more cards this turn, draw 2 cards instead.")
@pytest.mark.parametrize("before,drawn", [(2, 1), (3, 2)])
def test_12_039C_alexander_draws_2_as_the_fourth_card_cast(before: int, drawn: int):
    c = line_card("12-039C", "Draw 1 card.")
    S, v = make([c], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    v["ps"][0, K.P_PLAYED] = before
    h0 = hand_of(v, 0)
    assert T.cast(S, 0, 0, -1, -1, 1)
    K.resolve(S)
    assert hand_of(v, 0) == h0 - 1 + drawn


@covers("12-038H", "When Althea enters the field, choose 1 Character other than Althea you control. Activate it.")
def test_12_038H_althea_entering_activates_another_character():
    c = line_card("12-038H", "When Althea enters the field")
    S, v = make([c, card("BK", "backup")], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    cast(S, v)
    assert v["cs"][0, K.S_DULL, 1] == 0


@covers("12-038H", "《ダル》: Choose 1 Character other than Althea you control. Return it and Althea")
def test_12_038H_althea_returns_a_character_and_herself():
    c = line_card("12-038H", "《ダル》: Choose 1 Character other than Althea")
    S, v = activated(c, [fwd("MINE")], [card("OPP")])
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_HAND and v["cs"][0, K.S_ZONE, 1] == K.Z_HAND


@covers("12-051R", "When Paine enters the field, if you control 3 or more Category X Characters, activate all")
@pytest.mark.parametrize("x,on", [(1, False), (2, True)])
def test_12_051R_paine_with_3_category_x_characters_activates_the_backups(x: int, on: bool):
    c = line_card("12-051R", "When Paine enters the field, if you control 3 or more Category X")
    bks = [_of_kind(card(f"B{k}", "backup"), "category", "X") for k in range(x)] + [card("BK", "backup")]
    S, v = make([c, *bks], [card("OPP")], filler=12)
    for k in range(1, len(bks) + 1):
        put(v, 0, k, K.Z_FIELD, dull=1)
    cast(S, v)
    assert all(v["cs"][0, K.S_DULL, k] == (0 if on else 1) for k in range(1, len(bks) + 1))


@covers("6-027L", "When Kuja enters the field, choose 1 Forward or Monster opponent controls. Dull it and Freeze")
def test_6_027L_kuja_dulls_and_freezes_a_forward_or_monster():
    c = line_card("6-027L", "When Kuja enters the field")
    for theirs in (fwd("F"), card("M", "monster")):
        S, v = cast_facing(c, [], [card("BK", "backup"), theirs])
        assert v["cs"][1, K.S_DULL, 1] == 1 and v["cs"][1, K.S_FROZEN, 1] == 1 and v["cs"][1, K.S_DULL, 0] == 0


@covers("12-035C", "When Belle enters the field, your opponent reveals their hand. Select 1 card of cost 4 or more")
def test_12_035C_belle_makes_the_opponent_discard_a_card_of_cost_4_or_more():
    c = line_card("12-035C", "When Belle enters the field")
    S, v = make([c], [card("SMALL", cost=3), card("BIG", cost=4)], filler=12)
    put(v, 1, 0, K.Z_HAND)
    put(v, 1, 1, K.Z_HAND)
    cast(S, v)
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_HAND


@pytest.mark.parametrize("code,start,theirs,check", [
    ("2-089C", "《土》《土》《ダル》, put Monk into the Break Zone", "mine", "monk"),
    ("3-062C", "《風》《ダル》: Choose 1 attacking Forward", "attack", "deuce"),
    ("3-121C", "《水》《水》《1》《ダル》, put Blue Mage into the Break Zone", "big", "blue"),
    ("4-058C", "《風》《2》《ダル》, put Cactuar into the Break Zone", "opp", "cactuar"),
    ("2-021C", "《火》《火》《ダル》: Choose 1 Forward. Deal it 1000 damage for each", "opp", "montblanc"),
    ("11-069H", "《土》《ダル》, put Cindy into the Break Zone", "mine", "cindy"),
    ("11-107C", "《水》: During this turn, the next damage dealt to Izayoi", "opp", "izayoi")])
def test_2_089C_3_062C_3_121C_4_058C_2_021C_11_069H_11_107C_action_abilities(code: str, start: str, theirs: str, check: str):
    """Approximate lines (the element of the CP is not checked; "choose 1 Forward" of either side): what they print."""
    c = line_card(code, start)
    mine = {"monk": [fwd("MINE")], "cindy": [_of_kind(fwd("XV"), "category", "XV"), fwd("NOT")],
            "montblanc": [_of_kind(card("MOG", "backup"), "job", "Moogle")], "deuce": [fwd("ATT")]}.get(check, [])
    opp = [fwd("SMALL", 9000, cost=4), fwd("BIG", 9000, cost=5)] if check == "blue" else [fwd("OPP", 12000)]
    S, v = fielded([c, *mine], opp)
    if check == "deuce":
        gs = K.st_gs(S)  # seat 1's turn, its Forward attacking (as declare_attack leaves the battle)
        gs[K.X_ACTIVE], gs[K.X_BATTLE] = 1, 1
        K.st_scr(S)[2, 0] = 0
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    cs = v["cs"]
    if check == "monk":
        assert K.power(S, 0, 1) == 8000 and K.has_kw(S, 0, 1, K.KW_BRAVE) and cs[0, K.S_ZONE, 0] == K.Z_BREAK
    elif check == "deuce":
        assert cs[1, K.S_DMG, 0] == 2000
    elif check == "blue":
        assert cs[1, K.S_ZONE, 1] == K.Z_HAND and cs[1, K.S_ZONE, 0] == K.Z_FIELD
    elif check == "cactuar":
        assert cs[1, K.S_DMG, 0] == 10000 and v["ps"][0, K.P_DMG] == 1
    elif check == "montblanc":  # Montblanc is a Moogle too
        assert cs[1, K.S_DMG, 0] == 2000
    elif check == "cindy":
        assert K.power(S, 0, 1) == 8000 and K.power(S, 0, 2) == 5000
    else:  # Izayoi
        K.deal_damage(S, 1, 0, 0, 0, 5000, False, True)
        assert cs[0, K.S_DMG, 0] == 3000


covers("2-089C", "《土》《土》《ダル》, put Monk into the Break Zone")
covers("3-062C", "《風》《ダル》: Choose 1 attacking Forward")
covers("3-121C", "《水》《水》《1》《ダル》, put Blue Mage into the Break Zone")
covers("4-058C", "《風》《2》《ダル》, put Cactuar into the Break Zone")
covers("2-021C", "《火》《火》《ダル》: Choose 1 Forward. Deal it 1000 damage for each")
covers("11-069H", "《土》《ダル》, put Cindy into the Break Zone")
covers("11-107C", "《水》: During this turn, the next damage dealt to Izayoi")


@pytest.mark.parametrize("code,start,damage,haste", [
    ("2-019R", "Choose 1 Forward. Until the end of the turn, it gains +1000 power, Haste and First Strike.", 0, True),
    ("9-017C", "Choose 1 Forward. Until the end of the turn, it gains +1000 power and First Strike.", 3, False),
    ("9-017C", "Choose 1 Forward. Until the end of the turn, it gains +1000 power and First Strike.", 4, True)])
def test_2_019R_9_017C_belias_pumps_1000_first_strike_and_draws(code: str, start: str, damage: int, haste: bool):
    c = line_card(code, start)
    S, v = make([c, fwd("MINE")], [fwd("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD, sick=1)
    put(v, 1, 0, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = damage
    h0 = hand_of(v, 0)
    cast(S, v)
    assert K.power(S, 0, 1) == 6000 and K.has_kw(S, 0, 1, K.KW_FIRST_STRIKE)
    assert v["cs"][0, K.S_SICK, 1] == int(not haste) and hand_of(v, 0) == h0 + 1  # Haste: no longer sick
    assert K.power(S, 1, 0) == 5000


covers("2-019R", "Choose 1 Forward. Until the end of the turn, it gains +1000 power, Haste and First Strike.")
covers("9-017C", "Choose 1 Forward. Until the end of the turn, it gains +1000 power and First Strike.")


@covers("6-052R", "Choose 1 Forward. Its power becomes 4000 until the end of the turn. Draw 1 card.")
def test_6_052R_diablos_sets_a_forwards_power_to_4000_and_draws():
    c = line_card("6-052R", "Choose 1 Forward. Its power becomes 4000")
    S, v = make([c], [fwd("TGT", 9000)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    h0 = hand_of(v, 0)
    cast(S, v)
    assert K.power(S, 1, 0) == 4000 and hand_of(v, 0) == h0 + 1


@covers("6-079L", "When Minfilia enters the field, choose up to 2 Characters in your Break Zone. Add them")
def test_6_079L_minfilia_adds_2_characters_from_the_break_zone():
    c = line_card("6-079L", "When Minfilia enters the field")
    assert zones_after_entering(c, [fwd("A"), card("B", "backup"), card("S", "summon"), fwd("C")], K.Z_BREAK) \
        .count(K.Z_HAND) == 2


def special(c: Card, mine: list[Card], theirs: list[Card], damage: int = 0):
    """c's Special Ability used from the field (a card of its name in the hand for 《S》, the CP it asks), `mine`
    beside it and `theirs` on the opponent's field."""
    S, v = make([c, replace(c, code=c.code + "+"), *mine], theirs, filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    for k in range(len(mine)):
        put(v, 0, k + 2, K.Z_FIELD)
    for k in range(len(theirs)):
        put(v, 1, k, K.Z_FIELD)
    v["ps"][0, K.P_BONUS] = 20
    v["ps"][0, K.P_DMG] = damage
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK  # the card 《S》 discards
    return S, v


@covers("3-017L", "Firaga 《S》《火》《火》《火》《ダル》: Deal 7000 damage to all Forwards.")
def test_3_017L_vivi_firaga_deals_7000_to_every_forward():
    c = replace(line_card("3-017L", "Firaga"), power=9000)
    S, v = special(c, [fwd("MINE", 9000)], [fwd("A", 9000), fwd("B", 9000)])
    assert v["cs"][0, K.S_DMG, 0] == 7000 and v["cs"][0, K.S_DMG, 2] == 7000
    assert v["cs"][1, K.S_DMG, 0] == 7000 and v["cs"][1, K.S_DMG, 1] == 7000


@covers("3-113R", "Primal Roar 《S》《雷》《雷》《雷》《雷》: All Forwards cannot block this turn.")
def test_3_113R_nine_primal_roar_no_forward_can_block():
    S, v = special(line_card("3-113R", "Primal Roar"), [fwd("MINE")], [fwd("A"), fwd("B")])
    assert all(K.has_kw(S, 1, k, K.KW_NO_BLOCK) for k in range(2)) and K.has_kw(S, 0, 2, K.KW_NO_BLOCK)


@covers("5-086L", "Dark 《S》: Choose 1 Forward. Cecil deals you 1 point of damage.")
@pytest.mark.parametrize("cost,breaks", [(3, True), (4, False)])
def test_5_086L_cecil_dark_deals_a_point_to_its_controller_then_breaks_a_cheap_enough_forward(cost: int, breaks: bool):
    S, v = special(line_card("5-086L", "Dark 《S》"), [], [fwd("TGT", cost=cost)], damage=2)
    assert v["ps"][0, K.P_DMG] == 3 and (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == breaks


@covers("5-099H", "Sheol 《S》: Activate all the Forwards you control. They gain Haste")
def test_5_099H_illua_sheol_activates_and_hastes_her_forwards_and_weakens_the_opponents():
    c = line_card("5-099H", "Sheol")
    S, v = make([c, replace(c, code=c.code + "+"), fwd("MINE")], [fwd("A", 9000)], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_FIELD, dull=1, sick=1)
    put(v, 1, 0, K.Z_FIELD)
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_DULL, 2] == 0 and v["cs"][0, K.S_SICK, 2] == 0 and K.power(S, 1, 0) == 7000


@pytest.mark.parametrize("code,start,mine,dealt", [
    ("5-155S", "Pyroclasm", [card("B1", "backup"), card("B2", "backup"), fwd("F")], 4000),
    ("3-062C", "Concerto", [_of_kind(fwd("C1"), "job", "Class Zero Cadet"),
                            _of_kind(fwd("C2"), "job", "Class Zero Cadet"),
                            _of_kind(card("CB", "backup"), "job", "Class Zero Cadet")], 8000),
    ("8-072R", "Overwhelm", [_of_kind(fwd("XV"), "category", "XV"), _of_kind(card("XB", "backup"), "category",
                                                                             "XV")], 8000)])
def test_5_155S_3_062C_8_072R_specials_dealing_an_amount_per_card(code: str, start: str, mine: list[Card], dealt: int):
    """Ignis (Category XV Forward) counts himself."""
    S, v = special(line_card(code, start), mine, [fwd("TGT", 20000)])
    assert v["cs"][1, K.S_DMG, 0] == dealt


covers("5-155S", "Pyroclasm")
covers("3-062C", "Concerto")
covers("8-072R", "Overwhelm")


@pytest.mark.parametrize("code,start", [("16-138S", "Aurochs Spirit"), ("18-140S", "Royal Retribution")])
def test_16_138S_18_140S_specials_that_break_a_forward(code: str, start: str):
    """Approximate: "it loses all abilities" is dropped (card table); the break is what they print."""
    S, v = special(line_card(code, start), [], [fwd("TGT", 20000)])
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


covers("16-138S", "Aurochs Spirit")
covers("18-140S", "Royal Retribution")


@pytest.mark.parametrize("code,start,theirs,check", [
    ("16-018C", "Damage 5 -- When Lilty enters the field", [fwd("TGT", 9000)], "dealt"),
    ("16-052C", "Damage 5 -- When Selkie enters the field", [card("SM", "backup", cost=3), card("BG", "backup", cost=4)],
     "broke1"),
    ("16-101C", "Damage 5 -- When Yuke enters the field", [fwd("BG", cost=6), fwd("SM", cost=5)], "broke1")])
@pytest.mark.parametrize("damage", [4, 5])
def test_16_018C_16_052C_16_101C_at_damage_5_the_backup_breaks_itself_for_its_effect(code: str, start: str,
                                                                                     theirs: list[Card], check: str,
                                                                                     damage: int):
    c = line_card(code, start)
    S, v = make([c], theirs, filler=12)
    for k in range(len(theirs)):
        put(v, 1, k, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = damage
    cast(S, v)
    on = damage >= 5
    assert (v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK) == on
    if check == "dealt":  # 10000 breaks it
        assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == on
    else:
        assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD and (v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK) == on


covers("16-018C", "Damage 5 -- When Lilty enters the field")
covers("16-052C", "Damage 5 -- When Selkie enters the field")
covers("16-101C", "Damage 5 -- When Yuke enters the field")


@covers("3-153S", "When Ace is put from the field into the Break Zone, choose 1 Job Class Zero Cadet Forward")
def test_3_153S_ace_leaving_adds_a_class_zero_cadet_forward_not_named_ace():
    c = line_card("3-153S", "When Ace is put from the field")
    cadets = [_of_kind(fwd(n), "job", "Class Zero Cadet") for n in ("Ace", "Deuce")]
    assert zones_after(c, cadets, K.Z_BREAK, "leave") == [K.Z_BREAK, K.Z_HAND]


@covers("1-048C", "《ダル》, put Devout into the Break Zone: Choose 1 Forward of cost 4 or less from your Break Zone")
def test_1_048C_devout_plays_a_forward_of_cost_4_or_less_from_the_break_zone():
    c = line_card("1-048C", "《ダル》, put Devout into the Break Zone")
    assert zones_after(c, [fwd("BIG", cost=5), fwd("OK", cost=4)], K.Z_BREAK, "action") == [K.Z_BREAK, K.Z_FIELD]


@covers("10-090C", "Damage 5 -- Put Kanna Kamuy into the Break Zone: Choose 1 Forward. It loses 9000 power")
@pytest.mark.parametrize("damage", [4, 5])
def test_10_090C_kanna_kamuy_at_damage_5_weakens_a_forward_9000(damage: int):
    c = line_card("10-090C", "Damage 5 -- Put Kanna Kamuy")
    S, v = fielded([c], [fwd("TGT", 12000)])
    v["ps"][0, K.P_DMG] = damage
    assert bool(P.can_activate(S, 0, 0, 0, 0)) == (damage >= 5)
    if damage >= 5:
        assert T.activate(S, 0, 0, 0, 1)
        K.resolve(S)
        assert K.power(S, 1, 0) == 3000 and v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK


@covers("6-071H", "《土》《1》《ダル》: Choose 1 Forward you control. During this turn, it cannot be returned")
def test_6_071H_krile_keeps_a_forward_from_an_opposing_return():
    S, v = activated(line_card("6-071H", "《土》《1》《ダル》"), [fwd("MINE")], [card("OPP")])
    opposing(S, 0, 1, K.OP_BOUNCE, 0)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD


@covers("16-137S", "When Rikku attacks, choose 1 Forward opponent controls. Return it to its owner's hand.")
def test_16_137S_rikku_attacking_returns_an_opposing_forward():
    c = line_card("16-137S", "When Rikku attacks")
    S, v = fielded([c], [fwd("TGT")])
    h0 = hand_of(v, 0)
    attack(S, [0])
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_HAND and hand_of(v, 0) == h0


@covers("13-133S", "Damage 5 -- The Crystal Exarch gains \"When The Crystal Exarch attacks, choose 1 Forward.")
@pytest.mark.parametrize("damage,power,breaks", [(5, 5000, True), (5, 20000, False), (4, 5000, False)])
def test_13_133S_the_crystal_exarch_at_damage_5_attacking_breaks_a_weaker_forward(damage: int, power: int,
                                                                                  breaks: bool):
    c = line_card("13-133S", "Damage 5 --")
    S, v = fielded([c], [fwd("TGT", power)])
    v["ps"][0, K.P_DMG] = damage
    K.update_static(S, 0)
    attack(S, [0])
    assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == breaks


@covers("6-079L", "《土》《土》《1》《ダル》, put Minfilia into the Break Zone: Choose 1 Light Character or Dark")
def test_6_079L_minfilia_breaks_a_light_or_dark_character():
    c = line_card("6-079L", "《土》《土》《1》《ダル》")
    S, v = activated(c, [], [fwd("FIRE", el=("fire",)), fwd("DARK", el=("dark",))])
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


@covers("7-133S", "When Ultimecia enters the field, select 1 of the 3 following actions.")
@pytest.mark.parametrize("damage,most", [(5, 1), (6, 2)])
def test_7_133S_ultimecia_does_one_action_or_up_to_two_at_6_damage(damage: int, most: int):
    c = line_card("7-133S", "When Ultimecia enters the field")
    S, v = make([c], [fwd("A"), fwd("B"), card("BK", "backup")], filler=12)
    for k in range(3):
        put(v, 1, k, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = damage
    cast(S, v)
    cs = v["cs"]
    done = [sum(int(cs[1, K.S_DULL, k]) for k in range(3)) > 0,
            bool(cs[1, K.S_FROZEN, 0] and cs[1, K.S_FROZEN, 1]), bool(cs[1, K.S_FROZEN, 2])]
    assert 1 <= done.count(True) <= most, done
    assert sum(int(cs[1, K.S_DULL, k]) for k in range(3)) <= 2


@covers("19-137S", "When Hope enters the field, select 1 of the 2 following actions.")
def test_19_137S_hope_does_one_of_its_two_actions():
    c = line_card("19-137S", "When Hope enters the field")
    S, v = make([c, _of_kind(fwd("XIII"), "category", "XIII")], [fwd("TGT", 9000)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    done = [v["cs"][0, K.S_ZONE, 1] == K.Z_HAND, K.power(S, 1, 0) == 9000 - 1000]  # Hope (XIII) on the field
    assert done.count(True) == 1, done


@covers("16-134S", "When Yuna enters the field, select 1 of the 2 following actions.")
@pytest.mark.parametrize("damage,most", [(4, 1), (5, 2)])
def test_16_134S_yuna_does_one_action_or_up_to_two_at_5_damage(damage: int, most: int):
    c = line_card("16-134S", "When Yuna enters the field")
    S, v = make([c, _of_kind(fwd("GU", cost=2), "job", "Guardian"), card("BK", "backup")], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_FIELD, dull=1)
    v["ps"][0, K.P_DMG] = damage
    cast(S, v)
    done = [v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD, v["cs"][0, K.S_DULL, 2] == 0]
    assert 1 <= done.count(True) <= most, done


@covers("8-060L", "When Fina enters the field, select 1 of the 2 following actions.")
def test_8_060L_fina_without_the_extra_cost_does_one_of_its_two_actions():
    c = line_card("8-060L", "When Fina enters the field")
    S, v = make([c, card("BK", "backup")], [fwd("A", 9000)], filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    done = [v["cs"][1, K.S_DMG, 0] == 5000, v["cs"][0, K.S_DULL, 1] == 0]
    assert done.count(True) == 1, done


@covers("15-139S", "When Cloud enters the field, if you control a Job AVALANCHE Operative Forward, select up to 2")
@pytest.mark.parametrize("operative", [False, True])
def test_15_139S_cloud_with_an_avalanche_operative_does_up_to_two_actions(operative: bool):
    c = line_card("15-139S", "When Cloud enters the field")
    op = _of_kind(fwd("OP"), "job", "AVALANCHE Operative" if operative else "Member of the Turks")
    back = _of_kind(fwd("BACK", cost=4), "job", "AVALANCHE Operative")
    S, v = make([c, op, back], [fwd("TGT", 12000)], filler=12)
    put(v, 0, 1, K.Z_FIELD, sick=1)
    put(v, 0, 2, K.Z_BREAK)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    done = [v["cs"][1, K.S_DMG, 0] == 10000 or v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK,
            v["cs"][0, K.S_ZONE, 2] == K.Z_FIELD, bool(K.has_kw(S, 0, 1, K.KW_HASTE))]
    assert (1 <= done.count(True) <= 2) if operative else done.count(True) == 0, done


@covers("8-060L", "If you pay the cost to play Fina onto the field, you may pay an extra")
@pytest.mark.parametrize("winds,paid", [(2, False), (3, True)])
def test_8_060L_fina_pays_the_extra_3_wind_when_her_backups_cover_it(winds: int, paid: bool):
    c = line_card("8-060L", "If you pay the cost to play Fina")
    S, v = make([c, *[card(f"W{k}", "backup", el=("wind",)) for k in range(winds)]], [card("OPP")], filler=12)
    for k in range(1, winds + 1):
        put(v, 0, k, K.Z_FIELD)
    cast(S, v)
    assert v["cs"][0, K.S_PAID, 0] == int(paid)
    assert [int(v["cs"][0, K.S_DULL, k]) for k in range(1, winds + 1)] == [int(paid)] * winds


@covers("16-138S", "When Wakka or a Category X Forward enters your field, place 1 Reel Counter on Wakka.")
def test_16_138S_wakka_counts_its_own_entry_and_each_category_x_forwards():
    c = line_card("16-138S", "When Wakka or a Category X Forward enters your field")
    S, v = make([c, fwd("NOT", cost=0), _of_kind(fwd("XII", cost=0), "category", "XII"),
                 _of_kind(fwd("TEN", cost=0), "category", "X")], [card("OPP")], filler=12)
    cast(S, v)
    assert v["cs"][0, K.S_COUNTERS, 0] == 1
    cast(S, v, 1)
    cast(S, v, 2)
    assert v["cs"][0, K.S_COUNTERS, 0] == 1
    cast(S, v, 3)
    assert v["cs"][0, K.S_COUNTERS, 0] == 2


@covers("12-048R", "《ダル》: Place 1 Item Counter on Chocolatte.")
def test_12_048R_chocolatte_dulls_to_place_an_item_counter():
    S, v = activated(line_card("12-048R", "《ダル》: Place 1 Item Counter"), [], [card("OPP")])
    assert v["cs"][0, K.S_COUNTERS, 0] == 1 and v["cs"][0, K.S_DULL, 0] == 1


@covers("12-048R", "《ダル》, remove 2 Item Counters from Chocolatte: Draw 1 card.")
@pytest.mark.parametrize("held", [1, 2])
def test_12_048R_chocolatte_removes_2_item_counters_to_draw(held: int):
    c = line_card("12-048R", "《ダル》, remove 2 Item Counters")
    S, v = fielded([c], [card("OPP")])
    v["cs"][0, K.S_COUNTERS, 0] = held
    h0 = hand_of(v, 0)
    assert bool(P.can_activate(S, 0, 0, 0, 0)) == (held >= 2)
    if held >= 2:
        assert T.activate(S, 0, 0, 0, 1)
        K.resolve(S)
        assert hand_of(v, 0) == h0 + 1 and v["cs"][0, K.S_COUNTERS, 0] == 0


@covers("11-032C", "《X》《ダル》, put Black Mage into the Break Zone: Cast 1 Summon of cost X or less")
def test_11_032C_black_mage_casts_a_summon_free_and_it_returns_to_the_hand():
    c = line_card("11-032C", "《X》《ダル》, put Black Mage into the Break Zone")
    bolt = card("BOLT", "summon", cost=3, eff=("cast:damage:3000:opp_character",))
    S, v = make([c, bolt], [fwd("TGT", 9000)], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    v["ps"][0, K.P_BONUS] = 20
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][1, K.S_DMG, 0] == 3000
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_HAND and v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK


@covers("15-135S", "When Tseng enters the field, reveal the top 5 cards of your deck. Add 1 Job Member of the Turks")
def test_15_135S_tseng_adds_a_turk_from_the_top_5_then_plays_a_turk_from_the_hand():
    c = line_card("15-135S", "When Tseng enters the field")
    turks = [_of_kind(fwd(f"T{k}", cost=2), "job", "Member of the Turks") for k in range(2)]
    S, v = make([c, *turks], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    order, top = v["ls"][0, K.L_ORDER], int(v["ps"][0, K.P_TOP])
    k = int((order == 1).nonzero()[0][0])
    order[k], order[top + 3] = order[top + 3], order[k]  # the fourth card revealed
    assert T.cast(S, 0, 0, -1, -1, 1)
    K.resolve(S)
    assert sorted(int(v["cs"][0, K.S_ZONE, k]) for k in (1, 2)) == sorted([K.Z_HAND, K.Z_FIELD])


@covers("15-140S", "Damage 5 -- When Rufus enters the field, you may pay")
@pytest.mark.parametrize("damage", [4, 5])
def test_15_140S_rufus_at_damage_5_plays_turks_of_different_names_from_the_break_zone(damage: int):
    c = line_card("15-140S", "Damage 5 -- When Rufus enters the field")
    turks = [_of_kind(fwd(n, cost=3), "job", "Member of the Turks") for n in ("Reno", "Rude", "Reno")]
    S, v = make([c, *turks, fwd("NOT")], [card("OPP")], filler=12)
    for k in range(1, 5):
        put(v, 0, k, K.Z_BREAK)
    v["ps"][0, K.P_DMG] = damage
    v["ps"][0, K.P_BONUS] = 20
    cast(S, v)
    played = [k for k in range(1, 5) if v["cs"][0, K.S_ZONE, k] == K.Z_FIELD]
    assert (sorted(turks[k - 1].name for k in played) == ["Reno", "Rude"]) if damage >= 5 else played == []


@covers("12-116L", "When Locke enters the field, select up to 2 of the 4 following actions.")
def test_12_116L_locke_does_one_or_two_of_its_four_actions():
    c = line_card("12-116L", "When Locke enters the field")
    S, v = make([c], [fwd("BIG", cost=6), card("M", "monster"), fwd("SMALL", cost=2), card("X"), card("Y")],
                filler=12)
    for k in range(3):
        put(v, 1, k, K.Z_FIELD)
    put(v, 1, 3, K.Z_HAND)
    put(v, 1, 4, K.Z_HAND)
    cast(S, v)
    cs = v["cs"]
    done = [hand_of(v, 1) == 1, any(cs[1, K.S_FROZEN, k] and cs[1, K.S_DULL, k] for k in range(3)),
            cs[1, K.S_ZONE, 0] == K.Z_BREAK, cs[1, K.S_ZONE, 1] == K.Z_BREAK]
    assert 1 <= done.count(True) <= 2, done
    assert cs[1, K.S_ZONE, 2] == K.Z_FIELD  # cost 2: no action breaks it


@pytest.mark.parametrize("code", ["5-032H", "6-102R"])
def test_5_032H_6_102R_summons_doing_one_or_two_of_four_actions(code: str):
    c = line_card(code, "Select up to 2 of the 4 following actions.")
    theirs = [fwd("ACT", 9000, cost=5), fwd("DULL", 9000, cost=4), card("M", "monster", cost=2), card("X"), card("Y")]
    S, v = make([c, fwd("LT", el=("lightning",))], theirs, filler=12)
    put(v, 0, 1, K.Z_FIELD, sick=1)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD, dull=int(code == "5-032H"))  # Ramuh: an active Forward of cost 4 to dull
    put(v, 1, 2, K.Z_FIELD)
    put(v, 1, 3, K.Z_HAND)
    put(v, 1, 4, K.Z_HAND)
    cast(S, v)
    cs = v["cs"]
    if code == "5-032H":  # discard, dull, freeze, 7000 to a dull Forward
        done = [hand_of(v, 1) == 1, cs[1, K.S_DULL, 0] == 1, bool(cs[1, K.S_FROZEN, 0] or cs[1, K.S_FROZEN, 1]),
                cs[1, K.S_DMG, 1] == 7000 or cs[1, K.S_ZONE, 1] == K.Z_BREAK]
    else:  # break a Monster of cost 2 or less, dull a Forward of cost 4 or less, 7000 to an active one, Haste
        done = [cs[1, K.S_ZONE, 2] == K.Z_BREAK, cs[1, K.S_DULL, 1] == 1,
                7000 in (cs[1, K.S_DMG, 0], cs[1, K.S_DMG, 1]), bool(K.has_kw(S, 0, 1, K.KW_HASTE))]
    assert 1 <= done.count(True) <= 2, done


covers("5-032H", "Select up to 2 of the 4 following actions.")
covers("6-102R", "Select up to 2 of the 4 following actions.")


@covers("12-115C", "When Rikku enters the field, select 1 of the 2 following actions.")
def test_12_115C_rikku_dulls_a_character_or_activates_two():
    c = line_card("12-115C", "When Rikku enters the field")
    S, v = make([c, card("B1", "backup"), card("B2", "backup")], [fwd("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 0, 2, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    done = [v["cs"][1, K.S_DULL, 0] == 1, v["cs"][0, K.S_DULL, 1] == 0 and v["cs"][0, K.S_DULL, 2] == 0]
    assert done.count(True) == 1, done


# -- the Shadowbringers starters' lines modelled on 2026-11-27 (issue 33 part 4) ----------------------------------------

@covers("12-024H", "Damage 5 -- When Emet-Selch enters the field, you may pay 《氷》.")
@pytest.mark.parametrize("damage,cp", [(5, 1), (4, 1), (5, 0)])
def test_12_024H_emet_selch_at_damage_5_pays_1_to_break_a_dull_forward(damage: int, cp: int):
    c = line_card("12-024H", "Damage 5 --")
    S, v = make([c], [fwd("DULL", cost=5), fwd("UP", cost=5)], filler=12)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    put(v, 1, 1, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = damage
    v["ps"][0, K.P_BONUS] = cp
    cast(S, v)
    on = damage == 5 and cp == 1
    assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == on and v["cs"][1, K.S_ZONE, 1] == K.Z_FIELD
    assert v["ps"][0, K.P_BONUS] == cp - int(on)  # the 《氷》 is paid only when the ability resolves


def test_12_024H_emet_selch_with_no_dull_forward_plays_a_forward_of_cost_2_or_less_from_the_break_zone():
    c = line_card("12-024H", "Damage 5 --")
    S, v = make([c, fwd("BIG", cost=3), fwd("SMALL", cost=2)], [fwd("UP", cost=5)], filler=12)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_BREAK)
    put(v, 1, 0, K.Z_FIELD)
    v["ps"][0, K.P_DMG] = 5
    v["ps"][0, K.P_BONUS] = 1
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_FIELD and v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


THREE_NAMES = {"9-007H": ("Nero (XIV)", "Livia", "Rhitahtyn"), "18-134S": ("Noctis", "Ignis", "Gladiolus"),
               "19-129S": ("Lightning", "Fang", "Hope"), "16-139S": ("Jecht", "Yuna", "Wakka")}
for _code, _start in (("9-007H", "When Gaius enters the field, you may search for 1 Card Name"),
                      ("18-134S", "Damage 3 -- When Prompto enters the field, you may search for 1 Card Name"),
                      ("19-129S", "When Vanille enters the field, you may search for 1 Card Name"),
                      ("16-139S", "When Tidus enters the field, you may search for 1 Card Name")):
    covers(_code, _start)


@pytest.mark.parametrize("code", list(THREE_NAMES))
@pytest.mark.parametrize("held", [0, 1, 2, None])
def test_9_007H_18_134S_19_129S_16_139S_search_one_of_three_names(code: str, held: int | None):
    c = line_card(code, "Damage 3 --" if code == "18-134S" else f"When {_card(code).name} enters the field, you may")
    named = [fwd(THREE_NAMES[code][held], cost=2)] if held is not None else []
    S, v = make([c, fwd("Other", cost=2), *named], [card("OPP")], filler=12)
    v["ps"][0, K.P_DMG] = 3  # Prompto's "Damage 3 --"
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_DECK
    assert held is None or v["cs"][0, K.S_ZONE, 2] == K.Z_HAND


@covers("9-014L", "When Nael enters the field, reveal the top 3 cards of your deck. Add up to 2 Forwards among them")
def test_9_014L_nael_adds_up_to_2_forwards_of_the_top_3_and_breaks_the_rest():
    c = line_card("9-014L", "When Nael enters the field")
    def nael_enters(mine: list[Card]) -> list[int]:
        S, v = make([c, *mine], [card("OPP")], filler=12)
        put(v, 0, 0, K.Z_HAND)
        stack(v, 0, list(range(1, len(mine) + 1)))
        assert T.cast(S, 0, 0, -1, -1, 1)
        K.resolve(S)
        return [int(v["cs"][0, K.S_ZONE, k]) for k in range(1, len(mine) + 1)]

    # the fourth card stays in the deck
    assert nael_enters([fwd("F1"), card("B", "backup"), fwd("F2"), fwd("F3")]) == [K.Z_HAND, K.Z_BREAK, K.Z_HAND,
                                                                                 K.Z_DECK]
    assert nael_enters([fwd("F1"), fwd("F2"), fwd("F3")]) == [K.Z_HAND, K.Z_HAND, K.Z_BREAK]  # up to 2


@covers("13-138S", "When The Oracle of Light is put from the field into the Break Zone, you may remove")
def test_13_138S_the_oracle_of_light_broken_plays_a_scion_from_the_break_zone_dull():
    c = line_card("13-138S", "When The Oracle of Light is put from the field into the Break Zone")
    scion = _of_kind(fwd("SC", cost=4), "job", "Scion of the Seventh Dawn")
    S, v = make([c, scion, fwd("NOT", cost=5)], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_BREAK)
    opposing(S, 0, 0, K.OP_BREAK)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD and v["cs"][0, K.S_DULL, 1] == 1
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK  # stays: approximate
    # returned to the hand she is not put into the Break Zone: nothing happens (until 2026-11-27 every "leave"
    # ability also fired on a return to the hand)
    S, v = make([c, scion], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_BREAK)
    opposing(S, 0, 0, K.OP_BOUNCE)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_HAND and v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK


@covers("13-133S", "At the beginning of the Attack Phase during each player's turn, choose 1 Forward.")
@pytest.mark.parametrize("turn", [0, 1])
def test_13_133S_the_crystal_exarch_gives_2000_at_each_players_attack_phase(turn: int):
    c = line_card("13-133S", "At the beginning of the Attack Phase")
    S, v = fielded([c], [fwd("OPP")])
    v["gs"][K.X_ACTIVE] = turn
    assert T.attack_phase_start(S, turn, 7)
    assert K.power(S, 0, 0) == c.power + 2000 and K.power(S, 1, 0) == 5000


@covers("13-134S", "When Y'shtola enters the field, choose 1 Forward in your Break Zone. If its cost is equal to")
@pytest.mark.parametrize("scions", [0, 1, 2])
def test_13_134S_y_shtola_plays_a_forward_of_cost_up_to_the_scions_she_makes(scions: int):
    c = line_card("13-134S", "When Y'shtola enters the field")
    mates = [_of_kind(fwd(f"S{k}", cost=1), "job", "Scion of the Seventh Dawn") for k in range(scions)]
    assert c.job == "Scion of the Seventh Dawn"  # she counts herself
    S, v = make([c, fwd("THREE", cost=3), fwd("TWO", cost=2), *mates], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_BREAK)
    for k in range(scions):
        put(v, 0, 3 + k, K.Z_FIELD)
    cast(S, v)
    count = scions + 1
    assert [int(v["cs"][0, K.S_ZONE, k]) for k in (1, 2)] == [
        K.Z_FIELD if count >= 3 else K.Z_BREAK, K.Z_FIELD if count == 2 else K.Z_BREAK]


@covers("13-137S", "If you have a Card Name Innocence in your Break Zone, Innocence gains")
@pytest.mark.parametrize("in_bz", [True, False])
def test_13_137S_innocence_with_an_innocence_in_the_break_zone_deals_10000_or_makes_the_opponent_discard_2(
        in_bz: bool):
    c = line_card("13-137S", "If you have a Card Name Innocence")
    other = replace(c, code="13-137S-2")
    S, v = make([c, other], [fwd("TGT", 9000), *(card(f"H{k}", "backup") for k in range(3))], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_BREAK if in_bz else K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    for k in range(1, 4):
        put(v, 1, k, K.Z_HAND)
    v["ps"][0, K.P_BONUS] = 20
    keep = 0
    for k in (0, 1):  # 10000 damage to a Forward; the opponent discards 2
        assert bool(P.can_activate(S, 0, 0, k, keep)) == in_bz
    if in_bz:
        assert T.activate(S, 0, 0, 0, 1)
        K.resolve(S)
        assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK
        assert v["cs"][0, K.S_DULL, 0] == 1  # the dull cost was paid; activate her for the second ability
        v["cs"][0, K.S_DULL, 0] = 0
        assert T.activate(S, 0, 0, 1, 1)
        K.resolve(S)
        assert hand_of(v, 1) == 1


# -- coverage ---------------------------------------------------------------------------------------------------------

def covered_lines() -> list[tuple[str, str]]:
    """The generic reader's uncovered lines that a test here triggers (each registered start names exactly one)."""
    out = []
    for code, start in COVERED:
        hits = [(cd, ln) for cd, ln in uncovered() if cd == code and _printed(ln).startswith(start)]
        assert len(hits) == 1, (code, start, hits)
        out.append(hits[0])
    return out


def test_the_scenarios_here_cover_lines_the_reader_leaves():
    got = covered_lines()
    assert len(set(got)) == len(got)
    assert (CASES[0] + len(got), CASES[2] - len(got)) == AFTER


AFTER = (495, 0)  # (modelled lines with a case, modelled lines without one) over both files


def coverage() -> str:
    """The suite's coverage of the real decks' modelled lines, both files together."""
    cards, cases, missed = _real()
    covered = set(covered_lines()) | {(c.code, c.line) for c in cases}
    full = top = 0
    modelled = 0
    for rank, (c, _n) in enumerate(cards):
        lines = [ln for ln in ability_lines(c.text) if line_status(c, ln)[0] != "not modelled"]
        if lines:
            modelled += 1
            done = all((c.code, ln) in covered for ln in lines)
            full += done
            top += done and rank < 50
    return (f"{len(covered)} of {len(cases) + len(missed)} modelled lines have a case ({len(cases)} read by"
            f" tests/test_fftcg_conformance.py, {len(covered) - len(cases)} scenarios in"
            f" tests/test_fftcg_conformance_cards.py), {len({c for c, _ in covered})} cards; every modelled line of"
            f" {full} of the {modelled} cards that have one, and of {top} of the 50 most played cards")


if __name__ == "__main__":
    print(coverage())
