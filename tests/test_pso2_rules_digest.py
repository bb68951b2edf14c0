"""PSO2 TCG scenarios for digest rules the engine and `tcgsim validate` implemented before naming them
(rules/pso2.md, seed 001): deck construction, losing, numbers, replacements, zones, turn order, the
main phase and the battle steps. Each sets up a position, acts and checks what the digest states."""

from __future__ import annotations

from pathlib import Path

from sim.cards.model import Card, Deck
from sim.decks.validate import validate_deck
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R
from tests.test_pso2_quick import BOLT, MAIN_BOLT, hand_and_pp
from tests.test_pso2_rules import FILL, PLAYER, V, card, deck, deck_count, equip, onto_field, state

# ---------------------------------------------------------------- 2. deck construction (tcgsim validate)


def rules_broken(main, player=PLAYER, mag=()) -> set[str]:
    d = Deck("pso2", "v", Path("v.toml"), {"main": main, "player": [(player, 1)], "mag": list(mag)})
    return {v.rule.split(" (")[0].removeprefix("PSO2 ") for v in validate_deck(d)}


def filler(n: int) -> list:
    return [(card(f"F{i}", hp=1), 1) for i in range(n)]


def test_rule_100_1_1_a_black_player_card_uses_no_mag():
    black = Card(code="PB", name="Black", type="player", hp=20, deck_size=20, elements=("black",))
    mag = Card(code="M", name="Mag", type="mag")
    assert "100.1.1" in rules_broken(filler(20), black, [(mag, 1)])
    assert "100.1.1" not in rules_broken(filler(20), PLAYER, [(mag, 1)])


def test_rule_100_3_and_100_3_1_three_copies_per_name_and_the_title_is_part_of_the_name():
    zeno = Card(code="Z1", name="Zeno", type="character", hp=2)
    veteran = Card(code="Z2", name="Zeno", title="Veteran Fighter", type="character", hp=3)
    assert "100.3" not in rules_broken([(zeno, 3), (veteran, 3)] + filler(14))
    assert "100.3" in rules_broken([(zeno, 4), (veteran, 2)] + filler(14))


def test_rule_100_3_2_a_card_may_allow_more_copies():
    rappy = card("RAP", hp=1, kw=["proliferate"])
    assert not rules_broken([(rappy, 9)] + filler(11))


def test_rule_100_4_and_100_5_actives_and_items_match_the_player_class_characters_do_not():
    force_bolt = card("FB", type="active", cls="force")
    force_rod = card("FR", type="item", cls="force", kw=["weapon"])
    assert {"100.4", "100.5"} <= rules_broken([(force_bolt, 1), (force_rod, 1)] + filler(18))
    assert not rules_broken([(card("FC", hp=1, cls="force"), 1), (card("AB", type="active", cls="all"), 1)]
                            + filler(18))


def test_rule_100_6_at_most_nine_drop_cards():
    drops = [(card(f"D{i}", type="active", kw=["drop"]), 1) for i in range(10)]
    assert "100.6" in rules_broken(drops + filler(10))
    assert "100.6" not in rules_broken(drops[:9] + filler(11))


def test_rule_100_7_a_black_player_card_allows_only_black_and_erosion_cards():
    black = Card(code="PB", name="Black", type="player", hp=20, deck_size=20, elements=("black",))
    ok = [(card(f"B{i}", hp=1, colour="black"), 1) for i in range(19)] + [(card("E", hp=1, kw=["erosion"]), 1)]
    assert "100.7" not in rules_broken(ok, black)
    assert "100.7" in rules_broken(ok[:-1] + [(card("W", hp=1), 1)], black)


# ---------------------------------------------------------------- 1. losing, 9. numbers and replacements

def test_rule_101_4_the_game_ends_at_once_and_waiting_abilities_do_not_resolve():
    s = state(a=[card("KILL", eff=["enter:player_damage:20:opp_player"]), card("DRAW", eff=["enter:draw:1"])])
    R.queue_trigger(s, 0, 19, R.TR_ENTER)
    R.queue_trigger(s, 0, 18, R.TR_ENTER)
    A.settle(s)
    assert V(s)["G"][R.G_OVER] == 1 and V(s)["G"][R.G_LOSER] == 1 and V(s)["P"][0, R.P_HAND] == 0


def test_rule_103_1_3_the_possible_part_of_an_instruction_is_carried_out():
    s = state()
    V(s)["P"][0, R.P_DECK] = 2
    assert R.draw(s, 0, 3) == 2 and V(s)["P"][0, R.P_HAND] == 2  # draw 3 from 2 cards: 2 drawn


def test_rule_103_4_2_3_an_abilitys_effects_resolve_in_the_order_of_its_text():
    """Mill 1 then draw 1: the top card goes to the discard and the next one is drawn."""
    s = state(a=[card("SPELL", type="active", eff=["cast:mill:1:own_player", "cast:draw:1"]), card("TOP", hp=1),
                 card("NEXT", hp=1)])  # deck rows: SPELL 19 (drawn first), TOP 18, NEXT 17
    R.draw(s, 0, 1)
    A.play_card(s, 0, 0, -1)
    assert V(s)["DC"][0, 0] == 18 and V(s)["H"][0, 0] == 17


def test_rule_103_4_3_1_and_506_6_1_2_and_506_6_2_an_armour_replacement_that_prevents_all_damage_leaves_no_damage():
    s = state(a=[card("A", atk=2, hp=9)], b=[card("T", hp=4), card("AR", type="item", kw=["armor", "defense_3"])])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    equip(s, 1, jt, R.U_A0, R.U_AON0)
    A.attack(s, 0, j, jt, -1)
    U = V(s)["U"]
    assert U[1, jt, R.U_DF] == 0 and U[1, jt, R.U_ROW] == 0 and U[1, jt, R.U_AON0] == 0


def test_rule_103_4_3_2_and_205_5_2_1_the_owner_orders_armour_replacements_highest_defense_first():
    """Armour is a rule process (205.5.2.1): nothing waits in the processing area."""
    s = state(b=[card("T", hp=9), card("A1", type="item", kw=["armor", "defense_1"]),
                 card("A3", type="item", kw=["armor", "defense_3"])])
    jt, = onto_field(s, 1)
    equip(s, 1, jt, R.U_A0, R.U_AON0)  # defense 1
    equip(s, 1, jt, R.U_A1, R.U_AON1)  # defense 3
    R.damage_unit(s, 1, jt, 2, True)
    U = V(s)["U"]
    assert U[1, jt, R.U_DF] == 0 and U[1, jt, R.U_AON0] == 1 and U[1, jt, R.U_AON1] == 0
    assert V(s)["G"][R.G_NTQ] == 0


def test_rule_103_5_2_1_half_max_hp_rounds_up():
    for dmg, back in ((2, 0), (3, 1)):  # HP 5: half is 3 (2.5 rounded up)
        s = state(a=[card("H5", hp=5)])
        j, = onto_field(s, 0)
        R.damage_unit(s, 0, j, dmg, True)
        assert V(s)["U"][0, j, R.U_ROW] == back


def test_rule_209_2_an_effect_reading_cost_reads_the_printed_cost():
    brk = card("BRK", type="active", eff=["cast:break:0:opp_character:2"])  # cost 2 or less
    for cost, broken in ((2, True), (3, False)):
        s = state(a=[brk], b=[card("T", cost=cost, hp=9)])
        onto_field(s, 1)
        R.draw(s, 0, 1)
        A.play_card(s, 0, 0, -1)
        assert (V(s)["P"][1, R.P_NU] == 1) == broken


def test_rule_213_2_ko_damage_is_damage_at_least_the_max_hp():
    for dmg, ko in ((3, 0), (4, 1)):  # HP 4 in the front row: 3 pushes it back (213.3.1), 4 is KO damage
        s = state(a=[card("H4", hp=4)])
        j, = onto_field(s, 0)
        assert R.damage_unit(s, 0, j, dmg, True) == ko
        assert V(s)["P"][0, R.P_NU] == 2 - ko


def test_rule_214_2_1_one_hit_mills_its_cards_at_once_and_each_drop_card_fires():
    drop = card("DR", type="active", kw=["drop"], eff=["drop:player_damage:1:opp_player"])
    s = state(b=[drop, drop], first=0)
    R.damage_player(s, 1, 2)
    assert V(s)["G"][R.G_NTQ] == 2  # both wait, then resolve together
    A.settle(s)
    assert deck_count(s, 0) == 18


# ---------------------------------------------------------------- 4. zones, 9. targets

def test_rule_403_1_4_moving_to_the_back_row_is_not_a_zone_change():
    s = state(a=[card("E", hp=4, eff=["enter:draw:1"])])
    j, = onto_field(s, 0)
    R.damage_unit(s, 0, j, 2, True)
    assert V(s)["U"][0, j, R.U_ROW] == 1 and V(s)["G"][R.G_NTQ] == 0 and V(s)["P"][0, R.P_HAND] == 0


def test_rule_406_2_5_a_target_chosen_on_resolution_may_be_missing():
    s = state(a=[card("S", hp=2, eff=["enter:damage:1:opp_character"])])
    R.draw(s, 0, 1)
    assert POL.playable(s, 0, V(s)["H"][0, 0])
    A.play_card(s, 0, 0, -1)
    assert V(s)["P"][0, R.P_NU] == 2


# ---------------------------------------------------------------- 6. turn structure, main phase

def test_rule_501_1_2_the_start_phase_turns_allies_equipment_and_attach_actives_on():
    s = state(a=[card("C", atk=1, hp=3, cls="hunter"), card("SW", type="item", atk=1, kw=["weapon"]),
                 card("AR", type="item", kw=["armor", "defense_1"])])
    j, = onto_field(s, 0, on=0)
    equip(s, 0, j, R.U_WPN, R.U_WON)
    equip(s, 0, j, R.U_A0, R.U_AON0)
    U = V(s)["U"]
    U[0, 0, R.U_ON] = U[0, j, R.U_WON] = U[0, j, R.U_AON0] = U[0, j, R.U_ATTON] = 0
    A.start_phase(s, 0)
    assert U[0, 0, R.U_ON] == U[0, j, R.U_ON] == U[0, j, R.U_WON] == U[0, j, R.U_AON0] == U[0, j, R.U_ATTON] == 1


def test_rule_501_1_5_the_start_phase_comes_before_the_draw_phase():
    """The Mag mills the top card at the start of the turn; the draw phase then draws the next one."""
    mag = Card(code="MAG", name="Mag", type="mag", effects=card("x", eff=["turn_start:mill:1:own_player"]).effects)
    da = pso2._Pso2Deck.of(pso2.compile_deck(Deck("pso2", "m", Path("m.toml"), {
        "main": [(FILL, 20)], "player": [(PLAYER, 1)], "mag": [(mag, 1)]}), {}))
    s = pso2.scenario_state([da, pso2._Pso2Deck.of(pso2.compile_deck(deck(), {}))])
    V(s)["G"][R.G_PAR] = 0  # pp_target 0: nothing pitched, the hand stays as drawn
    A.party_turn(s, 0, 1)
    assert V(s)["DC"][0, 0] == 19 and V(s)["H"][0, 0] == 18 and V(s)["P"][0, R.P_HAND] == 1


def test_rule_504_1_1_and_504_1_2_and_504_1_3_and_504_1_3_1_characters_items_and_main_actives_wait_for_the_own_main_phase():
    """In the opponent's battle start step only the Quick Active is played (504.1.3.2)."""
    s = state(a=[card("ATK", atk=3, hp=2)], b=[card("CH", cost=1, hp=5), card("IT", type="item", cost=1),
                                               MAIN_BOLT, BOLT])
    j, = onto_field(s, 0)
    hand_and_pp(s, 1, 4, 4)
    A.attack(s, 0, j, 0, -1)
    assert V(s)["P"][1, R.P_HAND] == 3 and V(s)["P"][1, R.P_NU] == 1 and V(s)["P"][1, R.P_NIT] == 0
    assert V(s)["P"][0, R.P_NU] == 1  # the Quick BOLT KO'd the attacker


def test_rule_504_1_5_only_an_on_ally_declares_an_attack():
    s = state(a=[card("C", atk=1, hp=3)])
    j, = onto_field(s, 0, on=0)
    assert not POL.can_attack(s, 0, j)
    V(s)["U"][0, j, R.U_ON] = 1
    assert POL.can_attack(s, 0, j)


def test_rule_500_3_and_506_6_4_each_attack_is_a_battle_phase_and_play_returns_to_the_main_phase():
    amb = card("AMB", atk=1, hp=3, kw=["ambush"])
    s = state(a=[amb, amb, card("LATE", cost=1, atk=1, hp=3), FILL])
    onto_field(s, 0, 2)
    R.draw(s, 0, 2)
    R.put_pp(s, 0, R.take_from_hand(s, 0, 1), 1, 0)
    A.main_phase(s, 0)  # LATE played, then two battles, each back to the main phase
    assert deck_count(s, 1) == 18 and V(s)["P"][0, R.P_NU] == 4


# ---------------------------------------------------------------- 8. the battle steps

def test_rule_506_2_1_the_battle_start_step_resolves_before_the_damage_step():
    s = state(a=[card("A", atk=1, hp=3, eff=["attack:pump:2:self"])])
    j, = onto_field(s, 0)
    A.attack(s, 0, j, 0, -1)
    assert deck_count(s, 1) == 17  # the "when this attacks" +2 counted in the damage


def test_rule_506_4_1_1_and_302_8_snipe_holds_only_while_attacking():
    s = state(a=[card("S", atk=1, hp=4, kw=["snipe"])], b=[card("T", atk=3, hp=9)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)
    assert V(s)["U"][0, j, R.U_DF] == 0
    V(s)["G"][R.G_TP] = 1
    A.attack(s, 1, jt, j, -1)  # attacked, it is not attacking: the 3 damage is dealt
    assert V(s)["U"][0, j, R.U_DF] == 3


def test_rule_506_4_2_warcry_changes_the_target_at_the_participation_step():
    s = state(a=[card("A", atk=2, hp=9)], b=[card("T", hp=9), card("W", atk=0, hp=9, kw=["warcry"])],
              policies=(pso2.POLICIES["curve"], pso2.POLICIES["control"]))
    j, = onto_field(s, 0)
    jt, jw = onto_field(s, 1, 2)
    A.attack(s, 0, j, 0, -1)
    U = V(s)["U"]
    assert U[0, j, R.U_ON] == 0 and U[1, jw, R.U_ON] == 0 and U[1, jw, R.U_DF] == 2 and deck_count(s, 1) == 18


def test_rule_506_6_3_an_on_ko_ability_of_the_attacker_resolves_after_the_battle_damage():
    s = state(a=[card("A", atk=1, hp=3, eff=["leave:player_damage:1:opp_player"])], b=[card("T", atk=3, hp=9)])
    j, = onto_field(s, 0)
    jt, = onto_field(s, 1)
    A.attack(s, 0, j, jt, -1)  # KO'd by the return damage; its 【戦闘不能時】 then mills 1
    assert V(s)["P"][0, R.P_NU] == 1 and V(s)["U"][1, jt, R.U_DF] == 1 and deck_count(s, 1) == 18
