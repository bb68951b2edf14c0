"""FFTCG scenarios for the "storm" vocabulary of the Locke Storm deck (issue 23): cards cast this turn, end-of-turn
abilities, hand reveals, Backup activation, flicker, counters. Each test is named after the digest rule it
implements (../shared/rules/fftcg.md); the cards come from their printed text through the importer (tcard)."""

from __future__ import annotations

import numpy as np

from sim.cards.effects import TRIGGERS, Effect
from sim.cards.model import Card
from sim.engine.compiled import K_TRIGS
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from tests.test_fftcg_rules import card, make, put, tcard, violations

LOCKE = ("The cost required to cast LOCKE is reduced by 2 for each card you have cast this turn (it cannot become 1 or"
         " less).[[br]] When LOCKE enters the field, select up to 2 of the 4 following actions. \"Your opponent"
         " discards 1 card.\" \"Choose up to 2 Characters. Dull them and Freeze them.\" \"Choose 1 Forward of cost 6 or"
         " more. Break it.\" \"Choose 1 Monster. Break it.\"")
ZIDANE = ("When ZID enters the field, your opponent reveals his/her hand. Select 1 card from their hand. Your opponent"
          " discards this card. [[br]] If your opponent has 2 cards or less in his/her hand, ZID gains +4000 power.")


def cheap(i: int) -> Card:
    """A cost-0 generic Forward: casting it only counts as a card cast."""
    return card(f"C{i}", cost=0, generic=True, name="Cheap")


def cast_all(S, cards: list[int]) -> None:
    for c in cards:
        assert T.cast(S, 0, c, -1, -1, 1)


def test_rule_15_1_1_7_cost_reduced_for_each_card_cast_this_turn_not_below_two():
    locke = tcard("LOCKE", LOCKE, cost=8, power=9000)
    S, v = make([locke, *[cheap(i) for i in range(4)]])
    for c in range(5):
        put(v, 0, c, K.Z_HAND)
    assert P.cast_requirement(S, 0, 0)[0] == 8
    cast_all(S, [1])
    assert v["ps"][0, K.P_PLAYED] == 1 and P.cast_requirement(S, 0, 0)[0] == 6
    cast_all(S, [2, 3])
    assert P.cast_requirement(S, 0, 0)[0] == 2  # 8 - 6
    cast_all(S, [4])
    assert P.cast_requirement(S, 0, 0)[0] == 2  # "it cannot become 1 or less"
    T.begin_turn(S, 1, 2, 7)  # the count is of this turn only
    assert v["ps"][0, K.P_PLAYED] == 0 and P.cast_requirement(S, 0, 0)[0] == 8


def ashe_turn(casts: int):
    """Ashe on the field and `casts` cost-0 cards cast this turn."""
    ashe = tcard("ASHE", "At the end of each of your turns, if you have cast 3 or more cards this turn, draw 1 card.")
    S, v = make([ashe, *[cheap(i) for i in range(3)]])
    put(v, 0, 0, K.Z_FIELD)
    for c in (1, 2, 3):
        put(v, 0, c, K.Z_HAND)
    cast_all(S, list(range(1, casts + 1)))
    return S, v


def test_rule_9_5_1_1_end_of_turn_draw_if_three_cards_were_cast():
    S, v = ashe_turn(2)
    T.end_phase(S, 0)
    assert v["ps"][0, K.P_HN] == 1  # 2 cards cast: no draw
    S, v = ashe_turn(3)
    T.end_phase(S, 0)
    assert v["ps"][0, K.P_HN] == 1 and violations(S) == 0  # 3 cast, 1 drawn
    T.end_phase(S, 1)  # the opponent's End Phase: not "your turn"
    assert v["ps"][0, K.P_HN] == 1


def test_rule_9_5_1_1_end_of_turn_abilities_resolve_before_the_hand_limit_discard():
    S, v = ashe_turn(3)
    for _ in range(5):
        put(v, 0, int(v["ls"][0, K.L_ORDER, v["ps"][0, K.P_TOP]]), K.Z_HAND)
    T.end_phase(S, 0)  # 5 in hand, draws a 6th, discards to 5
    assert v["ps"][0, K.P_HN] == 5 and (v["cs"][0, K.S_ZONE] == K.Z_BREAK).sum() == 1


def test_rule_11_3_draw_two_instead_once_four_cards_were_cast():
    alexander = tcard("ALEX", "EX BURST Draw 1 card. If you have cast 4 or more cards this turn, draw 2 cards instead.",
                      "summon", cost=0)
    S, v = make([alexander, *[cheap(i) for i in range(3)]])
    for c in range(4):
        put(v, 0, c, K.Z_HAND)
    S2 = S.copy()
    cast_all(S, [1, 2, 0])  # Alexander is the 3rd card cast
    assert v["ps"][0, K.P_HN] == 1 + 1
    v2 = F.views(S2)
    cast_all(S2, [1, 2, 3, 0])  # the 4th: it counts itself
    assert v2["ps"][0, K.P_HN] == 0 + 2


def test_rule_15_1_1_4_reveal_the_hand_and_select_the_card_to_discard():
    zidane = tcard("ZID", ZIDANE, cost=0, power=3000)
    belle = tcard("BELLE", "When BELLE enters the field, your opponent reveals their hand. Select 1 card of cost 4 or"
                  " more in their hand. Your opponent discards this card.", "backup", cost=0)
    opp = [card("O2", cost=2, name="O2"), card("O5", cost=5, name="O5"), card("O3", cost=3, name="O3")]
    S, v = make([zidane, belle], opp)
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    for c in range(3):
        put(v, 1, c, K.Z_HAND)
    cast_all(S, [0])
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["ps"][1, K.P_HN] == 2  # the most expensive card
    cast_all(S, [1])
    assert v["ps"][1, K.P_HN] == 2  # no card of cost 4 or more left: nothing is discarded
    assert violations(S) == 0


def test_rule_11_9_static_bonus_follows_the_opponents_hand_size():
    zidane = tcard("ZID", ZIDANE, cost=0, power=3000)
    S, v = make([zidane], [card(f"O{i}", cost=2, name=f"O{i}") for i in range(4)])
    for c in range(4):
        put(v, 1, c, K.Z_HAND)
    put(v, 0, 0, K.Z_HAND)
    cast_all(S, [0])  # enters, the opponent discards: 3 cards left
    assert v["ps"][1, K.P_HN] == 3 and K.power(S, 0, 0) == 3000
    K.discard(S, 1, int(v["ls"][1, K.L_HAND, 0]))
    assert K.power(S, 0, 0) == 7000  # 2 cards or less
    K.draw(S, 1, 1)
    assert K.power(S, 0, 0) == 3000


def test_rule_15_1_1_1_activate_a_backup_and_deal_more_damage_at_five_opponent_damage():
    pandemonium = tcard("PAN", "EX BURST Choose up to 1 Backup you control. Activate it, and deal 2000 damage to all the"
                        " Forwards opponent controls. If your opponent has received 5 points of damage or more,"
                        " activate it, and deal 4000 damage to all the Forwards opponent controls instead.", "summon",
                        cost=0)
    S, v = make([pandemonium, card("BK", "backup", name="BK")], [card("T1", power=3000, name="T1"),
                                                                 card("T2", power=5000, name="T2")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    S2 = S.copy()
    cast_all(S, [0])
    cs = v["cs"]
    assert cs[0, K.S_DULL, 1] == 0  # the Backup is active again
    assert cs[1, K.S_DMG, 0] == 2000 and cs[1, K.S_DMG, 1] == 2000
    v2 = F.views(S2)
    v2["ps"][1, K.P_DMG] = 5
    cast_all(S2, [0])
    assert v2["cs"][1, K.S_DMG, 1] == 4000 and v2["cs"][1, K.S_ZONE, 0] == K.Z_BREAK  # 4000, not 2000 + 4000


def test_rule_11_8_1_triggers_on_own_backups_activated_and_opponent_discards():
    baralai = tcard("BAR", "When 1 or more dull Backups you control is activated due to your Summons or abilities, deal"
                    " 3000 damage to all the Forwards opponent controls.[[br]] When your opponent discards 1 or more"
                    " cards from their hand due to your Summons or abilities, choose 1 Character. Dull it and Freeze"
                    " it.", power=7000)
    wake = tcard("WAKE", "Activate all the Backups you control.", "summon", cost=0)
    wake_active = tcard("WAKE2", "Activate all the Backups you control.", "summon", cost=0)
    rip = tcard("RIP", "Your opponent discards 1 card.", "summon", cost=0)
    rip2 = tcard("RIP2", "Your opponent discards 1 card.", "summon", cost=0)
    S, v = make([baralai, wake, wake_active, rip, rip2, card("B1", "backup", name="B1"), card("B2", "backup", name="B2")],
                [card("T1", power=4000, name="T1"), card("T2", power=8000, name="T2"), card("H", name="H")])
    put(v, 0, 0, K.Z_FIELD)
    for c in (1, 2, 3, 4):
        put(v, 0, c, K.Z_HAND)
    put(v, 0, 5, K.Z_FIELD, dull=1)
    put(v, 0, 6, K.Z_FIELD, dull=1)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    cast_all(S, [1])  # two dull Backups activated by one effect: one trigger, 3000 damage once
    cs = v["cs"]
    assert cs[0, K.S_DULL, 5] == 0 and cs[0, K.S_DULL, 6] == 0
    assert cs[1, K.S_DMG, 1] == 3000 and cs[1, K.S_ZONE, 0] == K.Z_FIELD and cs[1, K.S_DMG, 0] == 3000
    cast_all(S, [2])  # no dull Backup to activate: no trigger
    assert cs[1, K.S_DMG, 1] == 3000
    cast_all(S, [3])  # the opponent's hand is empty: nothing discarded, no trigger
    assert cs[1, K.S_FROZEN, 1] == 0 and cs[1, K.S_FROZEN, 0] == 0
    put(v, 1, 2, K.Z_HAND)
    cast_all(S, [4])
    assert v["ps"][1, K.P_HN] == 0 and cs[1, K.S_FROZEN, 1] == 1 and cs[1, K.S_DULL, 1] == 1  # the active 8000
    assert violations(S) == 0


def test_rule_7_4_removed_forward_comes_back_dull_as_a_new_object_and_enters_again():
    rinoa = tcard("RINOA", "When RINOA enters the field, choose 1 Forward other than RINOA you control. Remove it from the"
                  " game. Then, play the removed Forward onto the field dull.", cost=0, power=7000)
    zidane = tcard("ZID", ZIDANE, cost=3, power=3000)
    S, v = make([rinoa, zidane, card("PLAIN", cost=5, power=8000, name="PLAIN")],
                [card(f"O{i}", cost=i + 1, name=f"O{i}") for i in range(4)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    for c in range(4):
        put(v, 1, c, K.Z_HAND)
    cs = v["cs"]
    cs[0, K.S_DMG, 1] = 2000
    cast_all(S, [0])
    # Zidane (an enter ability) is chosen over the costlier plain Forward; it comes back dull, sick, undamaged
    assert cs[0, K.S_ZONE, 1] == K.Z_FIELD and cs[0, K.S_DULL, 1] == 1 and cs[0, K.S_SICK, 1] == 1
    assert cs[0, K.S_DMG, 1] == 0 and cs[0, K.S_DULL, 2] == 0
    assert v["ps"][1, K.P_HN] == 3 and cs[1, K.S_ZONE, 3] == K.Z_BREAK  # its enter ability: the cost-4 card
    assert cs[0, K.S_ZONE, 0] == K.Z_FIELD and violations(S) == 0


def test_rule_7_4_flicker_is_not_a_break():
    rinoa = tcard("RINOA", "When RINOA enters the field, choose 1 Forward other than RINOA you control. Remove it from the"
                  " game. Then, play the removed Forward onto the field dull.", cost=0, power=7000)
    ward = tcard("WARD", "When WARD is put from the field into the Break Zone, draw 1 card.", cost=2)
    S, v = make([rinoa, ward])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD)
    cast_all(S, [0])
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD and v["ps"][0, K.P_HN] == 0  # no leave ability


def test_rule_11_8_14_may_return_another_own_character_and_draw_if_done():
    miounne = tcard("MIO", "When MIO enters the field, choose 1 Character other than MIO you control. You may return it"
                    " to its owner's hand. If you do so, draw 1 card.", "backup", cost=0)
    S, v = make([miounne, card("BK", "backup", cost=2, name="BK"), card("BIG", cost=6, name="BIG")])
    put(v, 0, 0, K.Z_HAND)
    S_alone = S.copy()
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_FIELD)
    cast_all(S, [0])
    cs = v["cs"]
    assert cs[0, K.S_ZONE, 0] == K.Z_FIELD  # not itself
    assert cs[0, K.S_ZONE, 1] == K.Z_HAND and cs[0, K.S_ZONE, 2] == K.Z_FIELD  # the cheapest other character
    assert v["ps"][0, K.P_HN] == 2  # it, and the card drawn
    va = F.views(S_alone)
    cast_all(S_alone, [0])
    assert va["cs"][0, K.S_ZONE, 0] == K.Z_FIELD and va["ps"][0, K.P_HN] == 0  # nothing returned: no draw


def test_rule_15_1_1_1_activate_another_character_then_return_both_for_a_dull_cost():
    althea = tcard("ALT", "When ALT enters the field, choose 1 Character other than ALT you control. Activate it.[[br]]"
                   " 《ダル》: Choose 1 Character other than ALT you control. Return it and ALT to their owners' hand.",
                   "backup", cost=0)
    S, v = make([althea, card("BK", "backup", cost=2, name="BK")])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    cast_all(S, [0])
    cs = v["cs"]
    assert cs[0, K.S_DULL, 1] == 0 and cs[0, K.S_DULL, 0] == 1  # the other one; Althea entered dull (a Backup)
    cs[0, K.S_DULL, 0] = 0
    cs[0, K.S_SICK, 0] = 0
    assert P.can_activate(S, 0, 0, 1, 0)
    T.activate(S, 0, 0, 1, 1)
    assert cs[0, K.S_ZONE, 0] == K.Z_HAND and cs[0, K.S_ZONE, 1] == K.Z_HAND and violations(S) == 0


def test_rule_6_7_counters_paid_by_an_action_cost_and_lost_with_the_zone():
    choc = tcard("CHOC", "《ダル》: Place 1 Item Counter on CHOC.[[br]] 《ダル》, remove 2 Item Counters from CHOC: Draw 1"
                 " card. You can only use this ability during your turn and only once per turn.", "backup", cost=2)
    S, v = make([choc])
    put(v, 0, 0, K.Z_FIELD)
    cs = v["cs"]
    assert not P.can_activate(S, 0, 0, 1, 0)  # no counters yet
    for n in (1, 2):
        assert P.ability_useful(S, 0, 0, 0)
        T.activate(S, 0, 0, 0, 1)
        assert cs[0, K.S_COUNTERS, 0] == n
        cs[0, K.S_DULL, 0] = 0
    assert not P.ability_useful(S, 0, 0, 0)  # enough counters for the draw: the policies stop placing them
    assert P.can_activate(S, 0, 0, 1, 0)
    T.activate(S, 0, 0, 1, 1)
    assert cs[0, K.S_COUNTERS, 0] == 0 and v["ps"][0, K.P_HN] == 1 and cs[0, K.S_ZONE, 0] == K.Z_FIELD
    cs[0, K.S_COUNTERS, 0] = 2
    K.leave_field(S, 0, 0, K.Z_HAND)  # 6.7.3: counters vanish when the card changes zones
    assert cs[0, K.S_COUNTERS, 0] == 0


def test_triggers_from_31_on_share_the_sign_bit_of_the_trigger_mask():
    assert len(TRIGGERS) > 31
    late = Card(code="LATE", name="LATE", type="forward", cost=1, elements=("fire",), power=1000,
                effects=(Effect("opp_discards", "draw", 1, "own_player"),))
    early = Card(code="EARLY", name="EARLY", type="forward", cost=1, elements=("fire",), power=1000,
                 effects=(Effect("enter", "draw", 1, "own_player"),))
    S, v = make([late, early])
    assert v["cards"][0, 0, K_TRIGS] < 0  # the sign bit
    assert K.has_trigger(S, 0, 0, K.TR_OPP_DISCARDS) and K.has_trigger(S, 0, 0, K.TR_OWN_BACKUP_ACT)
    assert not K.has_trigger(S, 0, 0, K.TR_ENTER)
    assert K.has_trigger(S, 0, 1, K.TR_ENTER) and not K.has_trigger(S, 0, 1, K.TR_OPP_DISCARDS)
    assert np.int64(v["cards"][0, 1, K_TRIGS]) == 1 << K.TR_ENTER


def test_rule_15_1_1_7_curve_casts_cheap_cards_before_the_card_they_make_cheaper():
    """The curve policy casts the cards that cost <= 2 before Locke while Locke stays affordable: Locke and
    both cheap Forwards reach the field (casting Locke first would discard them to pay 8)."""
    locke = tcard("LOCKE", LOCKE, cost=8, power=9000)
    backups = [card(f"B{i}", "backup", cost=2, name=f"B{i}") for i in range(5)]
    S, v = make([locke, card("C1", cost=1, generic=True, name="Cheap"), card("C2", cost=1, generic=True, name="Cheap"),
                 *backups], [card("T")])
    for c in range(3):
        put(v, 0, c, K.Z_HAND)
    for c in range(3, 8):
        put(v, 0, c, K.Z_FIELD)
    for _ in range(2):
        put(v, 0, int(v["ls"][0, K.L_ORDER, v["ps"][0, K.P_TOP]]), K.Z_HAND)  # two fillers
    kind, c, _ = P.choose_main(S, 0, 1, False)
    assert kind == P.CAST and c in (1, 2)
    T.main_phase(S, 0, 1, 7, 1, False)
    cs = v["cs"]
    assert cs[0, K.S_ZONE, 0] == K.Z_FIELD and cs[0, K.S_ZONE, 1] == K.Z_FIELD and cs[0, K.S_ZONE, 2] == K.Z_FIELD
    assert v["ps"][0, K.P_PLAYED] == 3 and violations(S) == 0


FINA = ("If you pay the cost to play FINA onto the field, you may pay an extra 《風》《風》《風》.[[br]] When FINA enters the"
        " field, select 1 of the 2 following actions. If you paid the extra cost, select 2 of the 2 following actions"
        " instead.[[br]] \"Deal 5000 damage to all the Forwards opponent controls.\"[[br]] \"Activate all the"
        " Characters you control.\"")


def test_rule_11_4_optional_extra_cost_when_cast_selects_both_actions():
    """A Fina of cost 2 with 2 + 3 CP from Backups pays the extra: both actions (the Backups dulled to pay are
    activated again); with 4 active Backups the extra would take a discard: one action."""
    fina = tcard("FINA", FINA, cost=2, power=9000)
    backups = [card(f"B{i}", "backup", cost=2, name=f"B{i}") for i in range(5)]
    S, v = make([fina, *backups, card("X1", cost=9, name="X1"), card("X2", cost=9, name="X2")],
                [card("T", power=5000)])
    put(v, 0, 0, K.Z_HAND)
    for c in range(1, 6):
        put(v, 0, c, K.Z_FIELD)
    for c in (6, 7):
        put(v, 0, c, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    S2 = S.copy()
    cast_all(S, [0])  # 2 + 3 = 5 Backups, no discard
    cs = v["cs"]
    assert cs[0, K.S_PAID, 0] == 1 and cs[1, K.S_ZONE, 0] == K.Z_BREAK
    assert all(cs[0, K.S_DULL, c] == 0 for c in range(1, 6))  # "Activate all the Characters you control"
    assert violations(S) == 0
    v2 = F.views(S2)
    v2["cs"][0, K.S_DULL, 1] = 1  # 4 active Backups: 2 takes none, 5 would take a discard
    cast_all(S2, [0])
    cs2 = v2["cs"]
    assert cs2[0, K.S_PAID, 0] == 0 and cs2[1, K.S_ZONE, 0] == K.Z_BREAK
    assert sum(cs2[0, K.S_DULL, c] for c in range(1, 6)) == 3  # the dull one and the 2 that paid: not activated
    K.leave_field(S2, 0, 0, K.Z_HAND)
    assert cs2[0, K.S_PAID, 0] == 0


def test_rule_15_1_1_7_cast_a_summon_of_cost_x_free_and_return_it_to_the_hand():
    black_mage = tcard("BM", "《X》《ダル》, put BM into the Break Zone: Cast 1 Summon of cost X or less from your hand"
                       " without paying the cost. Then, return that Summon to your hand after use instead of putting it"
                       " in the Break Zone.", "backup", cost=2)
    study = tcard("STUDY", "Draw 1 card.", "summon", cost=2)
    big = tcard("BIG", "Draw 2 cards.", "summon", cost=5)
    S, v = make([black_mage, study, big, card("B1", "backup", name="B1"), card("B2", "backup", name="B2")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_HAND)
    put(v, 0, 3, K.Z_FIELD)
    put(v, 0, 4, K.Z_FIELD)
    assert P.can_activate(S, 0, 0, 0, 0)
    assert not P.ability_useful(S, 0, 0, 0)  # the policies give Black Mage up only for a removal (below)
    T.activate(S, 0, 0, 0, 1)
    cs = v["cs"]
    # BIG (5) is beyond X: 2 Backups + STUDY discarded = 4 CP; STUDY is cast with X = 2 (both Backups)
    assert cs[0, K.S_ZONE, 0] == K.Z_BREAK and cs[0, K.S_DULL, 3] == 1 and cs[0, K.S_DULL, 4] == 1
    assert v["ps"][0, K.P_PLAYED] == 1 and v["ps"][0, K.P_HN] == 3  # STUDY back in hand, BIG, the card drawn
    assert cs[0, K.S_ZONE, 1] == K.Z_HAND and cs[0, K.S_ZONE, 2] == K.Z_HAND
    assert violations(S) == 0


def test_rule_15_1_1_7_policies_cast_a_free_summon_only_to_remove_a_forward():
    black_mage = tcard("BM", "《X》《ダル》, put BM into the Break Zone: Cast 1 Summon of cost X or less from your hand"
                       " without paying the cost. Then, return that Summon to your hand after use instead of putting it"
                       " in the Break Zone.", "backup", cost=2)
    bolt = tcard("BOLT", "Choose 1 Forward. Deal it 5000 damage.", "summon", cost=2)
    S, v = make([black_mage, bolt, card("B1", "backup", name="B1"), card("B2", "backup", name="B2")],
                [card("SMALL", cost=2, power=3000, name="SMALL"), card("MID", cost=3, power=5000, name="MID")])
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_HAND)
    put(v, 0, 2, K.Z_FIELD)
    put(v, 0, 3, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert not P.ability_useful(S, 0, 0, 0)  # only a cost-2 Forward to remove
    put(v, 1, 1, K.Z_FIELD)
    assert P.ability_useful(S, 0, 0, 0)
    T.activate(S, 0, 0, 0, 1)
    assert v["cs"][1, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 1] == K.Z_HAND
