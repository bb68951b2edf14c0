"""CODE OF JOKER trigger and intercept cards whose printed lines answer different events, with real catalog cards
(「■世界樹の恵み / あなたのユニットがフィールドに出た時、… / あなたの【精霊】ユニットがアタックした時、…」): the set card
answers each of its lines' events, and when one comes only that line runs, then the card goes to the discard
(rules.zone_trigger, effects.use_zone_card; rules/coj.md §9: a trigger card fires at its printed timing)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import BLANK, V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn

FOE = card("FOE", colour="blue", bp=(2000, 2000, 2000))


@needs_catalog
def test_1_1_060_world_tree_answers_a_spirit_attack_with_its_attack_line_only():
    """世界樹の恵み (1-1-060, trigger): 「あなたのユニットがフィールドに出た時、【精霊】ユニットのカードを1枚ランダムで手札に
    加える。 / あなたの【精霊】ユニットがアタックした時、対戦相手のユニットを1体選ぶ。それの行動権を消費する」: another
    species' attack leaves it set; a 【精霊】 attack uses it: the opposing unit loses its action right and no card is searched."""
    spirit = replace(card("SPI", colour="green"), job="精霊")
    s = state([real("1-1-060"), spirit, card("OTH", colour="green"), spirit], [FOE])
    setup_turn(s, 0)
    zone(s, 0, 0)
    other = field(s, 0, 2)
    field(s, 1, 0)
    A.attack(s, 0, other)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["U"][1, 0, R.U_ACT] == 1
    before = V(s)["P"][0, R.P_HAND]
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][1, 0, R.U_ACT] == 0
    assert V(s)["P"][0, R.P_HAND] == before


@needs_catalog
def test_1_1_060_world_tree_answers_an_entry_with_its_search_line_only():
    """世界樹の恵み (1-1-060): an own unit entering uses it: a 【精霊】 unit card comes from the deck to the hand, and the
    opposing unit keeps its action right (the attack line does not run)."""
    spirit = replace(card("SPI", colour="green"), job="精霊")
    s = state([real("1-1-060"), card("NEW", colour="green"), spirit], [FOE])
    setup_turn(s, 0)
    zone(s, 0, 0)
    field(s, 1, 0)
    hand(s, 0, 1)
    A.drive(s, 0, 0)
    held = [int(c) for c in V(s)["H"][0, :V(s)["P"][0, R.P_HAND]]]
    assert V(s)["P"][0, R.P_ZONE] == 0 and held == [2] and V(s)["U"][1, 0, R.U_ACT] == 1


@needs_catalog
def test_1_2_135_trickster_overclocks_at_the_own_turn_end_and_breaks_at_the_opponents():
    """トリックスター (1-2-135, intercept): 「あなたのターン終了時、対戦相手の全てのユニットをオーバークロックさせる。 /
    対戦相手のターン終了時、全てのレベル3以上のユニットを破壊する」: at the own turn end the opposing units go to Lv.3
    and the own Lv.3 unit stays; set again, at the opponent's turn end every Lv.3 unit is destroyed, the Lv.1 one stays."""
    s = state([real("1-2-135"), card("OWN", bp=(9000, 9000, 9000))], [FOE, card("LOW", colour="blue")])
    setup_turn(s, 0, cp=3)
    zone(s, 0, 0)
    field(s, 0, 1, lvl=3)
    field(s, 1, 0)
    A.turn_end(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][1, 0, R.U_LVL] == 3 and V(s)["P"][0, R.P_FIELD] == 1
    field(s, 1, 1)
    zone(s, 0, 0)
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 3
    A.turn_end(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_FIELD] == 0
    assert [int(c) for c in V(s)["U"][1, :V(s)["P"][1, R.P_FIELD], R.U_CARD]] == [1]


@needs_catalog
def test_2_0_136_lode_of_light_gives_four_cp_at_the_own_turn_end_only():
    """玲瓏の鉱脈 (2-0-136, trigger): 「あなたのユニットが破壊された時、あなたのCPを+1する。 / …プレイヤーアタックに成功した時、
    あなたのCPを+2する。 / あなたのターン終了時、あなたのCPを+4する」: the opponent's turn end leaves it set; the own turn
    end uses it for +4 CP (not the +1 and +2 of its other lines)."""
    s = state([real("2-0-136")], [FOE])
    setup_turn(s, 1, cp=0)
    zone(s, 0, 0)
    V(s)["P"][0, R.P_CP] = 0
    A.turn_end(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][0, R.P_CP] == 0
    setup_turn(s, 0, cp=0)
    A.turn_end(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_CP] == 4


@needs_catalog
def test_1_4_237_all_according_to_plan_draws_one_at_the_own_turn_start():
    """全ては計画通り (1-4-237, trigger): 「対戦相手の効果によってあなたが手札を捨てた時、対戦相手のユニットを1体選ぶ。それを
    破壊する。 / あなたのターン開始時、あなたはカードを1枚引く」: the own turn start uses it: the turn's 2 cards and 1 more
    are drawn and the opposing unit stays."""
    s = state([real("1-4-237")], [FOE])
    setup_turn(s, 0)
    zone(s, 0, 0)
    field(s, 1, 0)
    V(s)["P"][0, R.P_TOP] = 1
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 3 and V(s)["P"][1, R.P_FIELD] == 1


@needs_catalog
def test_2_0_053_demon_resolve_answers_a_demon_block_not_the_battle():
    """魔炎の決意 (2-0-053, intercept): 「あなたのユニットが戦闘した時、それがアタック中だった場合、…BPを+3000する。 / あなたの
    【悪魔】ユニットがブロックした時、ターン終了時まであなたの全ての【悪魔】ユニットのBPを+3000する」: a 【悪魔】 blocking uses it
    at its block (its battle line needs an own attacker): the other own 【悪魔】 gets +3000; a blocker of another species
    leaves it set."""
    for job in ("悪魔", "獣"):
        s = state([real("2-0-053"), replace(card("WAL", bp=(5000,) * 3, kw=["forced_defense"]), job=job),
                   replace(card("DEM", bp=(1000,) * 3), job="悪魔")], [card("ATK", colour="blue", bp=(3000,) * 3)])
        setup_turn(s, 1)
        zone(s, 0, 0)
        field(s, 0, 1)
        demon = field(s, 0, 2)
        A.attack(s, 1, field(s, 1, 0))
        used = job == "悪魔"
        assert V(s)["P"][0, R.P_ZONE] == (0 if used else 1)
        assert R.unit_bp(s, 0, demon) == (4000 if used else 1000)


@needs_catalog
def test_1_4_039_clown_feast_bounces_after_a_clowns_player_attack():
    """ピエロ達の宴 (1-4-039, trigger): 「…/ あなたの【道化師】ユニットがプレイヤーアタックに成功した時、対戦相手のユニットを
    1体選ぶ。それを対戦相手の手札に戻す」: an unblocked 【道化師】 attacker's hit uses it: the opposing (exhausted) unit goes
    back to the hand; another species' hit leaves it set."""
    for job in ("道化師", "獣"):
        s = state([real("1-4-039"), replace(card("CLN"), job=job)], [FOE])
        setup_turn(s, 0)
        zone(s, 0, 0)
        field(s, 1, 0, act=0)
        A.attack(s, 0, field(s, 0, 1))
        used = job == "道化師"
        assert V(s)["P"][0, R.P_ZONE] == (0 if used else 1)
        assert V(s)["P"][1, R.P_FIELD] == (0 if used else 1)


# Lines whose card needs a class of each of the two issue-35 branches: a set card of several events (this
# module) whose line reads only with an op or count of the other branch (trigger-zone counts, a set card
# broken at random, a card recovered from the discard, a colour condition). --------------------------------

BLANK2 = card("BL2", type="trigger", colour="colorless")


@needs_catalog
def test_1_4_126_scripture_blessing_gains_cp_by_the_opponents_set_cards_at_the_own_turn_start():
    """聖典の恩恵 (1-4-126, intercept): 「あなたのターン開始時、あなたのCPを+[対戦相手のトリガーゾーンにあるカードの枚数×1]
    する。 / あなたのターン終了時、あなたのCPを+[対戦相手の手札の枚数×1]する」: the own turn start uses it for +2 CP with
    two opposing set cards (the round's CP less its cost, and 2), and the card goes to the discard."""
    s = state([real("1-4-126")], [FOE, BLANK, BLANK2])
    setup_turn(s, 0)
    zone(s, 0, 0)
    zone(s, 1, 1, 2)
    V(s)["P"][0, R.P_TOP] = 1
    A.turn_start(s, 0)
    table = R.CP_TABLE[V(s)["P"][0, R.P_ORDER], V(s)["G"][R.G_ROUND] - 1]
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_CP] == table - real("1-4-126").cost + 2


@needs_catalog
def test_pr_215_rebellion_breaks_one_opposing_set_card_at_the_own_turn_start():
    """神への反逆 (PR-215, intercept): 「あなたのターン開始時、対戦相手のトリガーゾーンのカードをランダムで1枚破壊する。 /
    対戦相手の【神】ユニットがフィールドに出た時、それを破壊する」: the own turn start uses it: one of the two opposing set
    cards is destroyed; the opponent's turn start leaves it set."""
    s = state([real("PR-215")], [FOE, BLANK, BLANK2])
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 7
    zone(s, 0, 0)
    zone(s, 1, 1, 2)
    V(s)["P"][1, R.P_TOP] = 1
    A.turn_start(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_ZONE] == 2
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 1
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_ZONE] == 1


@needs_catalog
def test_pr_037_water_element_core_gains_three_cp_with_two_blue_units_only():
    """水のエレメント・コア (PR-037, intercept): 「あなたのターン開始時、あなたのフィールドに青属性ユニットが2体以上いる場合、
    あなたのCPを+3する。 / あなたのユニットがフィールドに出た時、…」: at the own turn start two blue units on the field give
    +3 CP over the round's (less its cost); one blue and one red give none and the card stays set."""
    for second, used in (("blue", True), ("red", False)):
        s = state([real("PR-037"), card("BLU", colour="blue"), card("OTH", colour=second)], [FOE])
        setup_turn(s, 0)
        zone(s, 0, 0)
        field(s, 0, 1)
        field(s, 0, 2)
        V(s)["P"][0, R.P_TOP] = 3
        A.turn_start(s, 0)
        table = R.CP_TABLE[V(s)["P"][0, R.P_ORDER], V(s)["G"][R.G_ROUND] - 1]
        assert V(s)["P"][0, R.P_ZONE] == (0 if used else 1)
        assert V(s)["P"][0, R.P_CP] == table + (3 - real("PR-037").cost if used else 0)
