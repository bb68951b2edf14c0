"""FFTCG: restrictions the card text names that the engine used to drop (issue 33, part 1). Each test sets up a
position with the real card (its printed text from ../shared/data through the importer), acts and asserts what the
text says: the card type a choice names (11.8.4), Freeze without dulling (15.2.4.2), "other than Card Name X", EX
Bursts that cannot be used (11.10) and a character's EX Burst whose line is not modelled, the discarding player's choice, an element as the kind of a trigger, "can only
attack if", "Damage 5 --" with a play from the Break Zone, a choice among several names, and the elements of "turn
over cards until a Fire or Water card is revealed"."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from sim.cards.model import Card
from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from sim.games.fftcg.importer import parse_fftcg_text
from tests.test_fftcg_rules import card, castable, field, hand, make, put, tcard

POOL = Path(__file__).resolve().parents[2] / "shared" / "data" / "fftcg" / "cards_fftcgsim_square_api.json"
pytestmark = pytest.mark.skipif(not POOL.is_file(), reason="shared FFTCG data absent")


@lru_cache(maxsize=1)
def _pool() -> dict[str, Card]:
    from sim.decks.pools import load_pool
    return load_pool(POOL)


def real(code: str, cost: int | None = None) -> Card:
    """The pool's card (its text imported), at its printed cost unless the test waives it."""
    c = _pool()[code]
    return c if cost is None else replace(c, cost=cost)


# ---- 11.8.4: the card type a choice names --------------------------------------------------------------------
def test_11_8_4_choose_forward_never_picks_backup():
    """Hades 6-038R breaks a dull Forward, not the dull 4-cost Backup it used to prefer."""
    S, v = make([real("6-038R", cost=0)], [card("BKP", "backup", cost=4), card("FWD", cost=2)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    assert not castable(S, 0, 0)  # a dull Backup is no legal target
    put(v, 1, 1, K.Z_FIELD, dull=1)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


def test_11_8_4_bard_4_027C_dulls_a_forward_only():
    S, v = make([real("4-027C")], [card("BKP", "backup", cost=4)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)  # an active Backup
    assert not K.effect_useful(S, 0, 0, 0, 0, -1, -1)
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][1, K.S_DULL, 0] == 0


def test_11_8_4_15_137S_dull_all_the_forwards_leaves_the_backups():
    sweep = tcard("SWEEP", "Dull all the Forwards opponent controls.", "summon", cost=0)
    S, v = make([sweep], [card("BKP", "backup"), card("FWD")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_DULL, 1] == 1 and v["cs"][1, K.S_DULL, 0] == 0
    assert any(e.op == "dull" and e.target == "all_opp_characters" and e.tmask & 15 == 1  # Rude's sweep too
               for e in real("15-137S").effects)


def test_11_8_4_character_backup_and_monster_are_kinds_too():
    def target_types(text: str) -> int:
        return parse_fftcg_text(text, "X", "summon").effects[0].tmask & 15
    assert target_types("Choose 1 Character. Dull it.") == 0  # any character
    assert target_types("Choose 1 Backup. Dull it.") == 2
    assert target_types("Choose 1 Monster. Break it.") == 8
    assert target_types("Choose 1 Forward or Monster. Break it.") == 1 | 8
    assert target_types("Choose 1 Job Soldier Forward. Break it.") == 1


# ---- 15.2.4.2: Freeze does not dull -------------------------------------------------------------------------
def test_15_2_4_2_freeze_does_not_dull_and_prefers_a_dull_forward():
    """Bard 8-029C: the active Forward stays active (it may still attack); a dull one stays dull a turn more."""
    S, v = make([real("8-029C")], [card("ACT", power=9000), card("DUL", power=5000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert not K.effect_useful(S, 0, 0, 0, 0, -1, -1)  # freezing an active Forward keeps nothing dull
    put(v, 1, 1, K.Z_FIELD, dull=1)
    assert K.effect_useful(S, 0, 0, 0, 0, -1, -1)
    T.activate(S, 0, 0, 0, 1)
    cs = v["cs"]
    assert cs[1, K.S_FROZEN, 1] == 1 and cs[1, K.S_DULL, 1] == 1
    assert cs[1, K.S_FROZEN, 0] == 0 and cs[1, K.S_DULL, 0] == 0


def test_15_2_4_2_an_active_frozen_forward_stays_active():
    chill = tcard("CHILL", "Choose 1 Forward opponent controls. Freeze it.", "summon", cost=0)
    S, v = make([chill], [card("ACT")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_FROZEN, 0] == 1 and v["cs"][1, K.S_DULL, 0] == 0
    assert P.can_attack(S, 1, 0)


def test_15_2_4_2_dull_it_and_freeze_it_does_both_to_the_same_card():
    shiva = tcard("SHIVA", "Choose 1 Forward opponent controls. Dull it and Freeze it.", "summon", cost=0)
    S, v = make([shiva], [card("A", power=9000), card("B", power=3000, name="B")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    assert T.cast(S, 0, 0, -1, -1, 1)
    cs = v["cs"]
    assert cs[1, K.S_DULL, 0] == 1 and cs[1, K.S_FROZEN, 0] == 1  # the stronger Forward, both effects
    assert cs[1, K.S_DULL, 1] == 0 and cs[1, K.S_FROZEN, 1] == 0


# ---- "other than Card Name X" -----------------------------------------------------------------------------
def test_11_027R_kadaj_searches_a_remnant_other_than_kadaj():
    kadaj = real("11-027R", cost=0)
    S, v = make([kadaj, kadaj, real("11-042C")], [card("OPP")], filler=10)
    put(v, 0, 0, K.Z_HAND)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert 2 in hand(v, 0) and 1 not in hand(v, 0)  # Loz, not the second Kadaj
    other = parse_fftcg_text("When X enters the field, search for 1 Job Remnant other than Card Name Loz and add it to"
                             " your hand.", "X", "forward", 5000)
    assert not other.effects and other.unmodelled  # another name the engine cannot exclude: not modelled


# ---- 11.10: EX Bursts that cannot be used -------------------------------------------------------------------
def _top_of_deck(v, p: int, c: int) -> None:
    order, top = v["ls"][p, K.L_ORDER], v["ps"][p, K.P_TOP]
    k = int((order == c).nonzero()[0][0])
    order[k], order[top] = order[top], order[k]


@pytest.mark.parametrize("code, bursts", [("6-017C", False), ("PLAIN", True)])
def test_6_017C_bahamut_ex_bursts_cannot_be_used(code: str, bursts: bool):
    bahamut = real("6-017C", cost=0) if code != "PLAIN" else tcard(
        "PLAIN", "Choose 1 Forward. Deal it 10000 damage. PLAIN deals you 1 point of damage.", "summon", cost=0)
    burst = card("EXB", "summon", cost=9, eff=("cast:draw:1:own_player",), ex=True)
    S, v = make([bahamut, burst], [card("OPP")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    _top_of_deck(v, 0, 1)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 1] == K.Z_DAMAGE
    assert (v["ps"][0, K.P_HN] == 1) == bursts  # the EX Burst draws a card only without the rider


@pytest.mark.parametrize("code", ["9-007H", "PLAIN"])
def test_9_007H_gaius_ex_burst_is_his_search_not_his_enter_damage(code: str):
    """Gaius's EX Burst is his search for Nero / Livia / Rhitahtyn (one option per name since 2026-11-27; before, not
    modelled, and the pool loader left him unflagged so that his second ability's 3000 damage did not resolve in its
    place, 11.10.3): revealed as damage he searches; a character whose marked line deals the damage deals it."""
    gaius = real("9-007H") if code != "PLAIN" else replace(tcard(
        "PLAIN", "EX BURST When PLAIN enters the field, choose 1 Forward opponent controls. Deal it 3000 damage.",
        cost=6, power=8000), ex_burst=True)
    assert any(e.trigger == "enter" and e.op == "damage" for e in gaius.effects)
    assert gaius.ex_burst
    S, v = make([card("TGT", power=3000)], [gaius, card("Rhitahtyn", cost=2, name="Rhitahtyn")])
    put(v, 0, 0, K.Z_FIELD)
    _top_of_deck(v, 1, 0)
    K.damage_player(S, 1, 1)
    K.resolve(S)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_DAMAGE
    assert (v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK) == (code == "PLAIN")
    assert (v["cs"][1, K.S_ZONE, 1] == K.Z_HAND) == (code != "PLAIN")


def test_11_10_3_a_character_whose_ex_burst_line_is_not_modelled_is_not_flagged():
    """The pool loader leaves the EX flag off, so the engine does not resolve the card's other enter ability as its
    EX Burst."""
    from sim.games.fftcg.pool import _card as pool_card

    text = ("[[ex]]EX BURST[[/]] When X enters the field, look at the top card of your opponent's deck and swap it with"
            " the bottom card.[[br]]When X enters the field, choose 1 Forward opponent controls. Deal it 3000 damage.")
    x = pool_card("X-1", "X", "forward", 3, ("fire",), 5000, "", "", text, False, True)
    assert x.unmodelled and any(e.trigger == "enter" for e in x.effects) and not x.ex_burst


# ---- the discarding player chooses ------------------------------------------------------------------------
def test_6_038R_the_discarding_player_chooses_its_least_valuable_card():
    """The dull Forward's controller discards: a second copy of a name it controls (dead in hand), never at random."""
    S, v = make([real("6-038R", cost=0)], [card("FWD"), card("DUP", "backup", name="Twin"),
                                             card("TWIN", "backup", name="Twin"), card("BIG", cost=5, power=9000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    put(v, 1, 1, K.Z_FIELD)
    put(v, 1, 2, K.Z_HAND)
    put(v, 1, 3, K.Z_HAND)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert hand(v, 1) == [3] and v["cs"][1, K.S_ZONE, 2] == K.Z_BREAK


def test_11_042C_loz_leaving_makes_the_opponent_discard_its_choice():
    S, v = make([real("11-042C")], [card("DUP", "backup", name="Twin"), card("TWIN", "backup", name="Twin"),
                                    card("BIG", cost=5, power=9000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_HAND)
    put(v, 1, 2, K.Z_HAND)
    K.apply_op(S, 0, 0, K.OP_BREAK, 0, 0, 1, 1, 0)
    K.resolve(S)
    assert hand(v, 1) == [2]


# ---- an element as the kind of a trigger -----------------------------------------------------------------
def test_10_007H_zack_or_a_fire_forward_entering_deals_2000():
    zack = real("10-007H")
    fire = card("FIRE", cost=0, el=("fire",), name="FIRE")
    water = card("WATER", cost=0, el=("water",), name="WATER")
    S, v = make([zack, water, fire], [card("OPP", power=3000)])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert T.cast(S, 0, 1, -1, -1, 1)
    assert v["cs"][1, K.S_DMG, 0] == 0  # a Water Forward: nothing
    assert T.cast(S, 0, 2, -1, -1, 1)
    assert v["cs"][1, K.S_DMG, 0] == 2000  # a Fire Forward (not Category VII): the first line's 2000


# ---- "can only attack if A, or if B" ----------------------------------------------------------------------
def test_11_088R_elena_can_only_attack_with_4_forwards_or_another_turk():
    elena = real("11-088R")
    turk = replace(card("TURK", name="Reno"), job="Member of the Turks")
    S, v = make([elena, turk, card("F1", name="F1"), card("F2", name="F2"), card("F3", name="F3")], [card("OPP")])

    def enter(c: int) -> None:
        put(v, 0, c, K.Z_FIELD)
        K.update_static(S, 0)  # as enter_field does

    enter(0)
    assert not P.can_attack(S, 0, 0)
    enter(2)
    enter(3)
    assert not P.can_attack(S, 0, 0)  # 3 Forwards
    enter(4)
    assert P.can_attack(S, 0, 0)  # 4 Forwards
    S, v = make([elena, turk], [card("OPP")])
    enter(0)
    enter(1)
    assert P.can_attack(S, 0, 0)  # a Member of the Turks Forward other than Elena


# ---- "Damage 5 --" and a play of several names from the Break Zone ------------------------------------------
def test_15_140S_rufus_damage_5_plays_turks_of_different_names():
    def rufus_enters(damage: int) -> tuple[dict, list[int]]:
        backups = [card(f"B{k}", "backup", cost=1, el=("ice", "lightning"), name=f"B{k}") for k in range(5)]
        S, v = make([real("15-140S", cost=0), real("15-138S"), real("11-105R"), real("15-137S"), *backups],
                    [card("OPP")])
        put(v, 0, 0, K.Z_HAND)
        for c in (1, 2, 3):  # Reno, Reno, Rude
            put(v, 0, c, K.Z_BREAK)
        for c in range(4, 9):
            put(v, 0, c, K.Z_FIELD)
        v["ps"][0, K.P_BONUS] = 1  # 5 Backups + 1 CP: the 6 CP it asks
        v["ps"][0, K.P_DMG] = damage
        assert T.cast(S, 0, 0, -1, -1, 1)
        return v, field(v, 0)

    assert rufus_enters(4)[1] == [0, 4, 5, 6, 7, 8]  # 4 damage: the ability does nothing
    on = set(rufus_enters(5)[1])
    assert 3 in on and len(on & {1, 2}) == 1  # Rude and one Reno: different names


# ---- a choice among several names ---------------------------------------------------------------------------
def test_8_085C_marlene_takes_one_of_the_four_names_from_the_break_zone():
    marlene = real("8-085C", cost=0)
    tifa = replace(card("TIFA", name="Tifa"), cost=3)
    S, v = make([marlene, card("ZZ", name="Zidane"), tifa], [card("OPP")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 2, K.Z_BREAK)
    put(v, 0, 1, K.Z_BREAK)  # the latest card in the Break Zone is not one of the names
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert hand(v, 0) == [2] and v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK


# ---- the elements of "turn over cards until" ----------------------------------------------------------------
def test_11_047C_thief_turns_over_for_an_earth_or_lightning_card_only():
    """The elements were dropped (a search for any card): Thief now takes a card of either element, never the Fire
    Forward on top; with none in the deck (Water fillers) it adds nothing."""
    thief = real("11-047C", cost=0)
    for found in ("lightning", "earth", None):
        mine = [thief, card("FIRE", el=("fire",))] + ([card("HIT", el=(found,))] if found else [])
        S, v = make(mine, [card("OPP")], filler=10)
        put(v, 0, 0, K.Z_HAND)
        assert T.cast(S, 0, 0, -1, -1, 1)
        K.resolve(S)
        assert hand(v, 0) == ([2] if found else []), found
    jecht = parse_fftcg_text("Put Jecht into the Break Zone: Search for 1 Light or Dark Character and add it to your"
                             " hand.", "Jecht", "forward", 7000)
    assert [e.op for e in jecht.effects] == ["search"] and not jecht.unmodelled  # the same reading, pool-wide
