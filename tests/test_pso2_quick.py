"""PSO2 TCG scenarios for Quick plays in the opponent's turn (PvP and the raid Boss's turn), 付与
(attached) Actives, Search and the Mag's ability; each named after its rule in the seed (001)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.engine.results import C_DRAWN
from sim.errors import InputError
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R
from tests.test_pso2_raid import boss_deck, raid_state
from tests.test_pso2_rules import (
    CONTROL,
    CURVE,
    DECKS,
    FILL,
    PLAYER,
    V,
    card,
    deck,
    deck_count,
    onto_field,
    state,
)

BOLT = card("BOLT", type="active", cost=1, eff=["cast:damage:2:opp_character"])
MAIN_BOLT = card("MBOLT", type="active", cost=1, kw=["main"], eff=["cast:damage:2:opp_character"])
MATE = card("MATE", type="active", cost=1, kw=["heal"], eff=["cast:heal:3"])
SHIFTA = card("SHIFTA", type="active", kw=["attach"], eff=["static:pump:2:own_character"])


def hand_and_pp(s, p, hand: int, pp: int) -> None:
    """Draw `hand` cards into p's hand, then `pp` more straight into p's PP, ON."""
    R.draw(s, p, hand)
    for _ in range(pp):
        R.draw(s, p, 1)
        R.put_pp(s, p, R.take_from_hand(s, p, V(s)["P"][p, R.P_HAND] - 1), 1, 0)


# ---------------------------------------------------------------- Quick plays, PvP

def test_rule_506_3_1_and_504_1_3_2_and_506_3_2_a_quick_active_kos_the_attacker_at_the_battle_start_step():
    """504.1.3.2: an Active without 【Main】 is played by whoever holds the action right; 103.6.1.1 /
    103.6.1.6: the defender gets it at the battle start step; the attacker gone, the battle ends (506.3.2)."""
    s = state(a=[card("ATK", atk=3, hp=2)], b=[BOLT])
    j, = onto_field(s, 0)
    hand_and_pp(s, 1, 1, 1)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["P"][0, R.P_NU] == 1 and deck_count(s, 1) == 18 and V(s)["P"][1, R.P_AVAIL] == 0
    assert V(s)["C"][1, V(s)["DC"][1, 0], 1] >= 0  # the cards detail records the play


def test_rule_103_7_1_1_and_103_7_1_1_1_a_main_active_is_not_played_in_the_opponents_turn():
    s = state(a=[card("ATK", atk=3, hp=2)], b=[MAIN_BOLT])
    j, = onto_field(s, 0)
    hand_and_pp(s, 1, 1, 1)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["P"][0, R.P_NU] == 2 and deck_count(s, 1) == 15 and V(s)["P"][1, R.P_HAND] == 1


def test_rule_504_1_3_2_a_quick_heal_answers_an_attack_that_would_empty_the_deck():
    for heal, survives in ((MATE, True), (MAIN_BOLT, False)):
        s = state(a=[card("ATK", atk=3, hp=9)], b=[heal])
        j, = onto_field(s, 0)
        hand_and_pp(s, 1, 1, 1)
        R.damage_player(s, 1, 15)  # deck 3: the attack would empty it (101.3)
        A.attack(s, 0, j, 0, -1)
        R.check_loss(s)
        assert (V(s)["G"][R.G_OVER] == 0) == survives
        if survives:
            assert deck_count(s, 1) == 3  # 回復3 mode (a), then 3 milled


def test_rule_505_1_2_and_103_6_1_1_and_103_6_1_6_quick_removal_in_the_opponents_turn_end_step():
    """505.1.2: in the turn end step the turn player gets the action right, then the opponent; the
    scripted policies spend PP left ON on removal that KOs (it untaps at their start phase, 501.1.1)."""
    for hp, killed in ((2, True), (3, False)):
        s = state(a=[card("C", atk=1, hp=hp)], b=[BOLT])
        onto_field(s, 0, on=0)
        hand_and_pp(s, 1, 1, 1)
        A.end_phase(s, 0)
        assert (V(s)["P"][0, R.P_NU] == 1) == killed
        assert (V(s)["P"][1, R.P_HAND] == 0) == killed  # a BOLT that does not KO stays in hand


def test_rule_504_1_3_2_random_policy_may_pass_or_play_a_quick_active():
    seen = set()
    for seed in range(12):
        s = state(a=[card("C", atk=1, hp=9)], b=[BOLT], policies=(CURVE, pso2.POLICIES["random"]), first=0)
        V(s)["G"][R.G_TP] = 0
        pso2.seed_streams(s, seed, 0, 0)
        onto_field(s, 0, on=0)
        hand_and_pp(s, 1, 1, 1)
        A.end_phase(s, 0)
        seen.add(int(V(s)["P"][1, R.P_HAND]))
    assert seen == {0, 1}


# ---------------------------------------------------------------- Quick plays, raid (the Boss's turn)

def test_raid_the_party_plays_quick_actives_against_an_attacking_boss_character():
    """Raid §11 and 504.1.3.2: in the Boss's battle phase a party player other than the target may KO the
    attacking Boss character at the battle start step (506.3.2: its attack ends)."""
    s = raid_state([deck(), deck(BOLT)], boss_deck(card("B1", atk=3, hp=2), atk=0))
    j, = onto_field(s, 2)
    hand_and_pp(s, 1, 1, 1)
    A.attack(s, 2, j, 0, -1)
    assert V(s)["P"][2, R.P_NU] == 1 and deck_count(s, 0) == 20 and V(s)["P"][1, R.P_HAND] == 0


def test_raid_the_party_plays_quick_actives_in_the_boss_end_phase():
    """Raid §11, Boss turn ⑤b: the party may use abilities usable at this timing."""
    s = raid_state([deck(BOLT), deck()], boss_deck(card("B1", atk=3, hp=2), atk=0))
    onto_field(s, 2, on=0)
    hand_and_pp(s, 0, 1, 1)
    A.end_phase(s, 2)
    assert V(s)["P"][2, R.P_NU] == 1 and V(s)["P"][2, R.P_NDC] == 1


def test_raid_no_quick_window_in_a_party_turn():
    """The Boss has no hand (§11); other party players are not opponents: no window in a party turn."""
    s = raid_state([deck(card("A", atk=1, hp=9)), deck(BOLT)], boss_deck(atk=0))
    onto_field(s, 0, on=0)
    hand_and_pp(s, 1, 1, 1)
    V(s)["G"][R.G_TP] = 0
    A.end_phase(s, 0)
    assert V(s)["P"][1, R.P_HAND] == 1


# ---------------------------------------------------------------- 付与 (attach) Actives

def test_rule_204_2_2_and_204_2_2_1_and_301_8_an_attach_active_stays_on_its_host_and_adds_its_static_atk():
    s = state(a=[card("C", atk=1, hp=3), SHIFTA])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    c = V(s)["H"][0, 0]
    assert POL.playable(s, 0, c) and POL.best_host(s, 0, c) == j
    A.play_card(s, 0, 0, j)
    U = V(s)["U"]
    assert U[0, j, R.U_ATT] == c and R.unit_atk(s, 0, j) == 3 and V(s)["P"][0, R.P_NDC] == 0
    A.end_phase(s, 0)  # not a "this turn" effect: it lasts while attached
    assert R.unit_atk(s, 0, j) == 3
    assert not POL.playable(s, 0, c) or POL.best_host(s, 0, c) != j  # one 付与 Active per character


def test_rule_204_2_2_an_attach_active_needs_a_character_to_go_on():
    s = state(a=[SHIFTA])
    R.draw(s, 0, 1)
    assert not POL.playable(s, 0, V(s)["H"][0, 0])


def test_rule_204_2_2_2_the_attach_active_goes_to_the_discard_with_its_host():
    s = state(a=[card("C", atk=1, hp=3), SHIFTA])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, j)
    R.damage_unit(s, 0, j, 3, True)
    assert V(s)["P"][0, R.P_NU] == 1 and V(s)["P"][0, R.P_NDC] == 2


# ---------------------------------------------------------------- Search

def test_rule_301_2_search_finds_a_card_of_the_kind_and_shuffles():
    seek = card("SEEK", type="active", eff=["cast:search:1:none:2"])  # 2 = character
    s = state(a=[seek, FILL, FILL, card("C", atk=1, hp=1)])
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    H, K = V(s)["H"], pso2.views(s)
    found = H[0, 0]
    assert V(s)["P"][0, R.P_HAND] == 1 and deck_count(s, 0) == 18
    assert K["C"][0, found, C_DRAWN] >= 0
    assert found == 16  # compiled copy 16 = "C" (FILL x16 first, then the listed cards bottom-up)


def test_rule_301_2_search_may_find_nothing():
    seek = card("SEEK", type="active", eff=["cast:search:1:none:3"])  # 3 = item: none in the deck
    s = state(a=[seek])
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert V(s)["P"][0, R.P_HAND] == 0 and deck_count(s, 0) == 19


# ---------------------------------------------------------------- Mag

def test_rule_203_and_501_1_4_the_mag_start_of_turn_ability_resolves():
    mag = Card(code="MAG", name="Mag", type="mag", effects=card("x", eff=["turn_start:pump:1:own_character"]).effects)
    d = Deck("pso2", "mag", Path("mag.toml"), {"main": [(FILL, 19), (card("C", atk=2, hp=3), 1)],
                                               "player": [(PLAYER, 1)], "mag": [(mag, 1)]})
    da = pso2._Pso2Deck.of(pso2.compile_deck(d, {}))
    db = pso2._Pso2Deck.of(pso2.compile_deck(deck(), {}))
    s = pso2.scenario_state([da, db])
    j, = onto_field(s, 0, on=0)
    A.start_phase(s, 0)
    assert R.unit_atk(s, 0, j) == 3
    A.end_phase(s, 0)  # "this turn" (505.2)
    assert R.unit_atk(s, 0, j) == 2


def test_shipped_decks_play_attach_search_main_and_a_mag_ability():
    cards = [c for path in sorted(DECKS.glob("*.toml")) for c, _ in load_deck(path).main]
    kws = {k for c in cards for k in c.keywords}
    assert {"attach", "main"} <= kws
    assert any(e.op == "search" for c in cards for e in c.effects)
    assert any(c.type == "active" and "main" not in c.keywords and "attach" not in c.keywords for c in cards)
    mags = [c for path in sorted(DECKS.glob("*.toml")) for c, _ in load_deck(path).zone("mag")]
    assert any(e.trigger == "turn_start" for m in mags for e in m.effects)


def test_rule_103_7_1_1_1_quick_profile_marks_quick_actives_only():
    assert pso2.quick_profile(BOLT) == R.QK_QUICK | 2
    assert pso2.quick_profile(MATE) == R.QK_QUICK | 3 << 16
    assert pso2.quick_profile(card("SW", type="active", eff=["cast:damage:1:all_opp_characters"])) == R.QK_QUICK | 1 << 8
    assert pso2.quick_profile(MAIN_BOLT) == 0 and pso2.quick_profile(SHIFTA) == 0
    assert pso2.quick_profile(card("C", atk=1, hp=1)) == 0


# ---------------------------------------------------------------- activated abilities (300.3), 付与 ON state

SNIPER = card("SNP", atk=1, hp=3, colour="red", eff=["action:damage:2:opp_character:0:1:1"])  # ①, 【ON⇒OFF】
FIELD_GUN = card("FGUN", type="active", kw=["attach"], eff=["static:pump:1:own_character",
                                                             "action:player_damage:1:opp_player:0:0:1"])


def test_rule_300_3_and_209_1_3_and_209_1_3_1_an_activated_ability_pays_pp_of_any_colour_and_turns_its_card_off():
    s = state(a=[SNIPER, card("BLUE", type="active", colour="blue")], b=[card("T", hp=2)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    hand_and_pp(s, 0, 0, 1)  # one blue PP: the ability's ① has no colour requirement (209.1.3)
    assert POL.can_activate(s, 0, j, 0) and not POL.can_activate(s, 0, j, 1)
    A.activate(s, 0, j, 0)
    assert V(s)["P"][1, R.P_NU] == 1 and R.pp_on(s, 0) == 0 and V(s)["U"][0, j, R.U_ON] == 0
    assert not POL.can_activate(s, 0, j, 0)  # OFF: 【ON⇒OFF】 cannot be paid again (209.1.3.1)


def test_rule_504_1_4_and_504_1_4_1_the_scripted_main_phase_uses_an_activated_ability_that_kos():
    s = state(a=[SNIPER, FILL], b=[card("T", atk=5, hp=2)])
    j, = onto_field(s, 0)
    onto_field(s, 1)
    hand_and_pp(s, 0, 0, 1)
    A.main_phase(s, 0)
    assert V(s)["P"][1, R.P_NU] == 1 and V(s)["U"][0, j, R.U_ON] == 0 and deck_count(s, 1) == 19


def test_rule_504_1_4_an_activated_ability_needs_its_cost_and_a_target():
    s = state(a=[SNIPER], b=[card("T", hp=2)])
    j, = onto_field(s, 0)
    assert not POL.can_activate(s, 0, j, 0)  # no target (406.2.4), no PP
    onto_field(s, 1)
    assert not POL.can_activate(s, 0, j, 0)  # no PP for ①


def test_rule_204_2_2_3_an_attach_active_enters_on_and_its_on_to_off_ability_is_usable_at_once():
    """Seed 001, 204.2.2.3: 《アクティブカード》が場に出る時は基本的に【ON】状態で場に出ます (an Active enters the
    field ON): attached this turn, its 【ON⇒OFF】 ability is paid at once; its host, entering OFF (202.2), could not."""
    s = state(a=[card("C", atk=1, hp=3), FIELD_GUN])
    j, = onto_field(s, 0, on=0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, j)
    assert V(s)["U"][0, j, R.U_ATTON] == 1 and POL.can_activate(s, 0, j, 1)
    A.activate(s, 0, j, 1)
    assert deck_count(s, 1) == 19 and V(s)["U"][0, j, R.U_ATTON] == 0 and not POL.can_activate(s, 0, j, 1)
    A.start_phase(s, 0)  # 501.1.2 [AMBIGUOUS]: untapped with the other cards on the field
    assert POL.can_activate(s, 0, j, 1)


def test_rule_300_3_random_policy_counts_activated_abilities_among_its_choices():
    used = 0
    for seed in range(30):
        s = state(a=[SNIPER, FILL], b=[card("T", hp=9)], policies=(pso2.POLICIES["random"],) * 2)
        j, = onto_field(s, 0)
        onto_field(s, 1)
        hand_and_pp(s, 0, 0, 1)
        R.rng(s, R.nseats(s))[0] = np.uint64(seed + 1)
        A.main_phase(s, 0)
        used += V(s)["U"][1, 1, R.U_DF] == 2
    assert 0 < used < 30


def test_rule_300_3_an_activated_ability_without_a_cost_is_refused():
    bad = card("BAD", atk=1, hp=1, eff=["action:draw:1"])
    with pytest.raises(InputError, match="needs a cost"):
        pso2.compile_matchup(deck(bad), deck())
    item = card("IT", type="item", eff=["action:draw:1:none:0:1"])
    with pytest.raises(InputError, match="not on a item"):
        pso2.compile_matchup(deck(item), deck())


# ---------------------------------------------------------------- HP modifications (215.3)

def test_rule_215_3_and_215_3_1_a_minus_hp_modification_kos_at_0_hp():
    s = state(a=[card("W", type="active", eff=["cast:weaken:1:opp_character:2"])], b=[card("T", atk=3, hp=2)])
    onto_field(s, 1)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert V(s)["P"][1, R.P_NU] == 1 and V(s)["P"][1, R.P_NDC] == 1


def test_rule_215_3_1_a_minus_hp_modification_turns_damage_into_ko_damage():
    s = state(a=[card("W", type="active", eff=["cast:weaken:0:opp_character:1"])], b=[card("T", hp=5)])
    jt, = onto_field(s, 1)
    R.damage_unit(s, 1, jt, 2, False)  # 2 of 5: stays in the front row
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)  # max HP 4: 2 damage is not KO damage, the row checks are not redone
    assert V(s)["P"][1, R.P_NU] == 2 and R.unit_hp(s, 1, jt) == 4 and V(s)["U"][1, jt, R.U_ROW] == 0
    s2 = state(a=[card("W", type="active", eff=["cast:weaken:0:opp_character:3"])], b=[card("T", hp=5)])
    jt, = onto_field(s2, 1)
    R.damage_unit(s2, 1, jt, 2, False)
    R.draw(s2, 0, 1)
    A.play_card(s2, 0, 0, -1)  # max HP 2: the 2 damage is KO damage (213.2)
    assert V(s2)["P"][1, R.P_NU] == 1


def test_rule_215_3_a_plus_hp_modification_lasts_until_the_refresh_step():
    s = state(a=[card("C", atk=1, hp=3), card("PU", type="active", eff=["cast:pump:1:own_character:2"])])
    j, = onto_field(s, 0)
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert R.unit_atk(s, 0, j) == 2 and R.unit_hp(s, 0, j) == 5
    A.end_phase(s, 0)
    assert R.unit_atk(s, 0, j) == 1 and R.unit_hp(s, 0, j) == 3


def test_every_pool_card_is_played_by_the_shipped_decks():
    """Issue 34: the shipped decks exercise every card of the pool (activated abilities, hand costs, X,
    HP modifications, set values, name and class filters, "during your turn", equipment as the source,
    付与 on either side) in games, and the games keep every invariant, scripted and random."""
    import csv

    with open(DECKS / "cards.csv", encoding="utf-8") as f:
        pool = {row["code"] for row in csv.DictReader(f) if row["type"] not in ("player", "mag")}
    played: set[str] = set()
    names = ("aggro", "control", "midrange")
    for k, name in enumerate(names):
        a, b = pso2.compile_matchup(load_deck(DECKS / f"{name}.toml"), load_deck(DECKS / f"{names[k - 1]}.toml"))
        batch = pso2.play(a, b, CURVE, CURVE, seed=5, stream=0, start=0, n=300, detail="cards")
        for seat, d in enumerate((a, b)):
            played |= {code for i, code in enumerate(d.codes) if (batch.cards[:, seat, i, 1] >= 0).any()}
        assert not pso2.check_invariants(a, b, CURVE, CURVE, seed=5, n=300).any()
        assert not pso2.check_invariants(a, b, *(pso2.POLICIES["random"],) * 2, seed=5, n=300).any()
    assert pool <= played, sorted(pool - played)


# ---------------------------------------------------------------- X costs (209.3)

XBOLT = card("XBOLT", type="active", kw=["x_cost"], eff=["cast:damage:-1:opp_character"])


def test_rule_209_3_an_x_card_costs_its_printed_number_plus_x_and_its_effect_reads_x():
    s = state(a=[XBOLT], b=[card("T", hp=3)])
    onto_field(s, 1)
    hand_and_pp(s, 0, 1, 3)
    A.main_phase(s, 0)  # curve: X = the 3 ON PP
    assert V(s)["P"][1, R.P_NU] == 1 and R.pp_on(s, 0) == 0 and V(s)["P"][0, R.P_SPENT] == 3
    assert V(s)["G"][R.G_X] == 0


def test_rule_209_3_1_x_is_0_off_the_stack():
    xchar = card("XC", cost=1, atk=1, hp=9, kw=["x_cost"], eff=["enter:draw:-1"])
    s = state(a=[xchar], b=[card("BRK", type="active", eff=["cast:break:0:opp_character:1"])])
    hand_and_pp(s, 0, 1, 3)
    assert POL.playable(s, 0, V(s)["H"][0, 0])  # payable at X = 0: the printed cost
    A.main_phase(s, 0)  # X = 2: it draws 2 as it enters
    assert V(s)["P"][0, R.P_NU] == 2 and V(s)["P"][0, R.P_HAND] == 2 and R.pp_on(s, 0) == 0
    R.draw(s, 1, 1)
    V(s)["G"][R.G_TP] = 1
    A.play_card(s, 1, 0, -1)  # "cost 1 or less" reads the printed 1 (X = 0 on the field)
    assert V(s)["P"][0, R.P_NU] == 1


def test_rule_209_3_and_103_5_1_random_x_is_a_whole_number_up_to_the_pp_left():
    spent = set()
    for seed in range(40):
        s = state(a=[XBOLT], b=[card("T", hp=9)], policies=(pso2.POLICIES["random"],) * 2)
        onto_field(s, 1)
        hand_and_pp(s, 0, 1, 3)
        R.rng(s, R.nseats(s))[0] = np.uint64(seed + 1)
        x = POL.choose_x(s, 0, V(s)["H"][0, 0])
        assert 0 <= x <= 3
        spent.add(x)
    assert spent == {0, 1, 2, 3}
    s = state(a=[FILL])
    assert POL.choose_x(s, 0, 19) == -1  # no X


def test_rule_209_3_an_x_amount_needs_an_x_card():
    with pytest.raises(InputError, match="x_cost"):
        pso2.compile_matchup(deck(card("BAD", type="active", eff=["cast:damage:-1:opp_character"])), deck())


def test_rule_506_4_and_506_4_3_and_506_5_and_506_5_3_quick_plays_after_the_battle_start_step_end_the_battle():
    """The defender (random) may pass at the battle start step, Warcry at the participation step, and
    then KO the attacker with a Quick Active at the participation or engagement step: the battle ends
    with no damage dealt (the Warcry card OFF and unhurt)."""
    after_warcry = 0
    for seed in range(60):
        s = state(a=[card("ATK", atk=3, hp=2)], b=[card("W", atk=0, hp=9, kw=["warcry"]), BOLT],
                  policies=(CURVE, pso2.POLICIES["random"]))
        j, = onto_field(s, 0)
        jw, = onto_field(s, 1)
        hand_and_pp(s, 1, 1, 1)
        R.rng(s, R.nseats(s) + 1)[0] = np.uint64(seed + 1)
        A.attack(s, 0, j, 0, -1)
        U = V(s)["U"]
        gone, hurt = V(s)["P"][0, R.P_NU] == 1, U[1, jw, R.U_DF] > 0 or deck_count(s, 1) < 17
        after_warcry += gone and U[1, jw, R.U_ON] == 0 and not hurt
    assert after_warcry > 0


@pytest.mark.parametrize("window", [False, True])
def test_rule_506_4_3_and_506_5_3_the_battle_goes_on_after_a_step_without_a_window_or_with_a_pass(window):
    """506.4.3 / 506.5.3: a battle ends at a step only if the attacker or its target left the field or the game
    ended. After a step with no window (the defender cannot pay its Quick Active) or a window in which the
    defender passes (its Active cannot KO the attacker), the battle goes on against the Warcry card of 506.4.2."""
    s = state(a=[card("A", atk=3, hp=9)], b=[card("W", atk=1, hp=9, kw=["warcry"]), BOLT], policies=(CURVE, CONTROL))
    ja, = onto_field(s, 0)
    jw, = onto_field(s, 1)
    hand_and_pp(s, 1, 1, 1 if window else 0)
    assert A.quick_window(s, 0) == window
    A.attack(s, 0, ja, 0, -1)
    U = V(s)["U"]
    assert U[1, jw, R.U_ON] == 0 and U[1, jw, R.U_DF] == 3 and U[0, ja, R.U_DF] == 1
    assert V(s)["P"][1, R.P_HAND] == 1  # the Active kept: 2 damage does not KO the attacker


def test_rule_504_1_4_2_a_quick_activated_ability_kos_the_attacker_in_the_opponents_turn():
    for main, answered in ((False, True), (True, False)):
        sniper = card("SNP", atk=1, hp=3, kw=["main"] if main else [], eff=["action:damage:2:opp_character:0:1:1"])
        s = state(a=[card("ATK", atk=3, hp=2)], b=[sniper])
        j, = onto_field(s, 0)
        js, = onto_field(s, 1)
        hand_and_pp(s, 1, 0, 1)
        A.attack(s, 0, j, 0, -1)
        assert (V(s)["P"][0, R.P_NU] == 1) == answered  # KO'd at the battle start step
        assert (V(s)["U"][1, js, R.U_ON] == 0) == answered and (deck_count(s, 1) == 18) == answered


def test_rule_504_1_4_2_and_209_1_3_1_the_windows_skip_a_quick_ability_until_its_card_is_on_again():
    """504.1.4.2 / 209.1.3.1: a Quick ability whose 【ON⇒OFF】 card is OFF cannot be used; the opponent's-turn
    windows then skip the scan (P_QRDEAD) until the seat gains an ON card, here at its start phase (501.1.2)."""
    s = state(a=[card("ATK", atk=3, hp=2)], b=[SNIPER])
    j, = onto_field(s, 0)
    onto_field(s, 1, on=0)
    hand_and_pp(s, 1, 0, 1)
    P = V(s)["P"]
    assert not A.quick_window(s, 0) and P[1, R.P_QRDEAD] == 1
    A.start_phase(s, 1)
    assert P[1, R.P_QRDEAD] == 0 and A.quick_window(s, 0)
    A.attack(s, 0, j, 0, -1)
    assert P[0, R.P_NU] == 1  # the sniper, ON again, KOs the attacker at the battle start step


def test_rule_504_1_4_2_and_209_1_3_the_windows_skip_a_quick_ability_until_its_pp_cost_can_be_paid():
    """209.1.3: ① needs an ON PP card; with none the windows skip the scan until a card enters PP ON (503.1.1)."""
    s = state(a=[card("ATK", atk=3, hp=2)], b=[SNIPER])
    onto_field(s, 0)
    onto_field(s, 1)
    P = V(s)["P"]
    assert not A.quick_window(s, 0) and P[1, R.P_QRDEAD] == 1
    hand_and_pp(s, 1, 0, 1)
    assert P[1, R.P_QRDEAD] == 0 and A.quick_window(s, 0)


def test_rule_406_2_4_a_quick_ability_without_a_target_is_looked_at_again_when_one_enters():
    """406.2.4: a payable Quick ability with no character to aim at cannot be used now, but the mark that
    skips the windows' scan is not set: the other seat's next character gives it a target."""
    s = state(a=[card("ATK", atk=3, hp=2)], b=[SNIPER])
    onto_field(s, 1)
    hand_and_pp(s, 1, 0, 1)
    P = V(s)["P"]
    assert not A.quick_window(s, 0) and P[1, R.P_QRDEAD] == 0
    onto_field(s, 0)
    assert A.quick_window(s, 0)


def test_rule_504_1_4_2_random_policy_may_use_a_quick_activated_ability_in_the_turn_end_step():
    used = 0
    for seed in range(30):
        s = state(a=[card("T", hp=9)], b=[SNIPER], policies=(CURVE, pso2.POLICIES["random"]))
        onto_field(s, 0)
        js, = onto_field(s, 1)
        hand_and_pp(s, 1, 0, 1)
        R.rng(s, R.nseats(s) + 1)[0] = np.uint64(seed + 1)
        A.end_phase(s, 0)
        used += V(s)["U"][1, js, R.U_ON] == 0
    assert 0 < used < 30


# ---------------------------------------------------------------- responses (103.7)

def test_rule_103_7_and_406_4_a_quick_heal_responds_to_lethal_burn_and_resolves_first():
    burn = card("BURN", type="active", cost=0, eff=["cast:player_damage:3:opp_player"])
    for heal, survives in ((MATE, True), (MAIN_BOLT, False)):
        s = state(a=[burn, FILL], b=[heal])
        hand_and_pp(s, 1, 1, 1)
        R.damage_player(s, 1, 15)  # deck 3, the discard full: BURN would empty it (101.3)
        R.draw(s, 0, 1)
        A.main_phase(s, 0)
        assert (V(s)["G"][R.G_OVER] == 0) == survives
        assert V(s)["P"][0, R.P_HAND] == 0  # BURN was played either way


def test_rule_103_7_a_response_that_removes_the_host_leaves_the_attach_active_nothing_to_go_on():
    outcomes = set()
    for seed in range(40):
        s = state(a=[card("C", atk=1, hp=2), SHIFTA, FILL], b=[BOLT], policies=(CURVE, pso2.POLICIES["random"]))
        j, = onto_field(s, 0, on=0)  # OFF: it cannot attack, so only a response removes it
        R.draw(s, 0, 1)
        hand_and_pp(s, 1, 1, 1)
        R.rng(s, R.nseats(s) + 1)[0] = np.uint64(seed + 1)
        A.main_phase(s, 0)
        P = V(s)["P"]
        if P[0, R.P_NU] == 1:  # BOLT KO'd the host in response: SHIFTA went to the discard unattached
            assert P[0, R.P_NDC] == 2 and P[1, R.P_HAND] == 0
            outcomes.add("fizzled")
        else:
            assert V(s)["U"][0, j, R.U_ATT] >= 0
            outcomes.add("attached")
    assert outcomes == {"fizzled", "attached"}
