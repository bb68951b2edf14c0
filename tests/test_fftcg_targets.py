"""FFTCG target qualifiers: "choose 1 dull / active / attacking / blocking / damaged <Element> Forward" (digest rule
11.3.3: a target must meet what the text asks of it; 11.3.9: a target that no longer does is illegal on resolution).
Cards come from their printed text (tcard)."""

from __future__ import annotations

from sim.games.fftcg import core as K
from sim.games.fftcg import turn as T
from tests.test_fftcg_rules import card, castable, field, make, put, tcard

HADES = "Choose 1 dull Forward. Break it. That Forward's controller discards 1 card from their hand."


def test_rule_11_3_3_a_dull_target_must_be_dull():
    S, v = make([tcard("HADES", HADES, "summon", cost=0)], [card("OPP")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert not castable(S, 0, 0)  # its only Forward is active: no legal target
    v["cs"][1, K.S_DULL, 0] = 1
    assert castable(S, 0, 0)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_rule_11_3_3_active_and_element_qualifiers():
    bolt = tcard("BOLT", "Choose 1 active Lightning Forward. Deal it 7000 damage.", "summon", cost=0)
    S, v = make([bolt], [card("DULL_L", el=("lightning",)), card("FIRE", name="FIRE"),
                         card("ACT_L", el=("lightning",), name="ACT_L")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD, dull=1)
    put(v, 1, 1, K.Z_FIELD)
    put(v, 1, 2, K.Z_FIELD)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert field(v, 1) == [0, 1] and v["cs"][1, K.S_ZONE, 2] == K.Z_BREAK


def test_rule_11_3_3_a_damaged_target_must_have_damage():
    finish = tcard("FIN", "Choose 1 damaged Forward. Break it.", "summon", cost=0)
    S, v = make([finish], [card("OPP")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert not castable(S, 0, 0)
    v["cs"][1, K.S_DMG, 0] = 1000
    assert T.cast(S, 0, 0, -1, -1, 1) and v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_rule_10_1_3_2_attacking_and_blocking_forwards_exist_only_in_battle():
    rally = tcard("RALLY", "When RALLY attacks, choose 1 attacking Forward. It gains +2000 power until the end of the"
                  " turn.", power=5000)
    wall = tcard("WALL", "When WALL blocks, choose 1 blocking Forward. It gains +3000 power until the end of the turn.",
                 power=6000)
    pump = tcard("PUMP", "Choose 1 attacking Forward. It gains +2000 power until the end of the turn.", "summon", cost=0)
    S, v = make([rally, pump], [wall])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert not castable(S, 0, 1)  # no battle: nothing is attacking
    K.st_scr(S)[2, 0] = 0
    n = T.declare_attack(S, 0, 1, 7, 1)
    assert n == 1 and v["cs"][0, K.S_PUMP, 0] == 2000  # the attacker is attacking when its trigger resolves
    assert castable(S, 0, 1, instant=True)
    T.resolve_attack(S, 0, n, 0, 7, 1)
    assert v["cs"][1, K.S_PUMP, 0] == 3000  # the blocker is blocking when its trigger resolves
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_BREAK  # 9000 damage against 7000 power
    gs = v["gs"]
    assert gs[K.X_BATTLE] == 0 and gs[K.X_BLOCKER] == 0  # the battle is over (10.1.4.5)


def test_rule_11_3_4_a_player_does_not_dull_the_forward_its_next_option_needs_active():
    ramuh = tcard("RAMUH", "Select up to 2 of the 4 following actions. \"Choose 1 Monster of cost 2 or less. Break it.\""
                  " \"Choose 1 Forward of cost 4 or less. Dull it.\" \"Choose 1 active Forward. Deal it 7000 damage.\""
                  " \"Choose 1 Lightning Forward. It gains Haste until the end of the turn.\"", "summon", cost=0)
    S, v = make([ramuh], [card("OPP", cost=3, power=7000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert K.choose_modes(S, 0, 0, 0, 0) == 1 << 3  # 7000 alone: dulling first would make it an illegal target


TITAN = ("Choose 1 Forward you control and 1 Forward opponent controls. The former gains +2000 power until the end"
         " of the turn. Then, the former deals damage equal to its power to the latter.")


def test_rule_11_3_3_a_fight_chooses_a_forward_of_its_own_too():
    titan = tcard("TITAN", TITAN, "summon", cost=0)
    S, v = make([titan, card("MINE", power=5000, name="MINE")], [card("OPP", power=9000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert not castable(S, 0, 0)  # no Forward of its own to choose
    put(v, 0, 1, K.Z_FIELD)
    assert castable(S, 0, 0)
    assert not K.effect_useful(S, 0, 0, 0, 0, -1, -1)  # 5000 + 2000 would not break 9000
    v["cs"][0, K.S_PUMP, 1] = 2000
    assert K.effect_useful(S, 0, 0, 0, 0, -1, -1)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


def test_rule_11_3_3_a_break_zone_choice_keeps_its_element_and_names():
    """"Choose 1 Lightning Summon in your Break Zone" takes a Lightning Summon, not any Summon; a limit the engine
    cannot match ("cost n or more") leaves the line not modelled instead of taking any card."""
    from sim.games.fftcg.importer import parse_fftcg_text

    mage = tcard("BM", "《ダル》, put BM into the Break Zone: Choose 1 Lightning Summon in your Break Zone. Add it to"
                 " your hand.", "backup")
    S, v = make([mage, card("BOLT", "summon", el=("lightning",), name="BOLT"), card("FIRE", "summon", name="FIRE")],
                [card("OPP")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_BREAK)  # the latest card in the Break Zone, and of the wrong element
    assert T.activate(S, 0, 0, 0, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_HAND and v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK
    dear = parse_fftcg_text("When DEAR enters the field, choose 1 Forward of cost 3 or more in your Break Zone. Add it"
                            " to your hand.", "DEAR", "backup", 0)
    assert not dear.effects and len(dear.unmodelled) == 1
