"""CODE OF JOKER timings read through other wordings, with real catalog cards: 「ターン開始時 / ターン終了時、」 on an intercept
card (each player's: a set card of two events, rules.zone_trigger; a condition in its body kept on both),
「あなたのフィールドに【X】ユニットがN体以上いる時、」 before a unit's field effect (rules/coj.md §10 フィールド効果: while its side's
field holds them, as 「…いる場合、」), 「あなたの【X】ユニットが戦闘した時」 (CC_OWN_BATTLER) and 「あなたの【X】ユニット以外のユニットが
フィールドに出た時」 (CC_EVENT_OTHER_KIND) on set cards, and 「このユニットは【X】を持つ」 as the keyword granted."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import BLANK, V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


@needs_catalog
def test_1_2_087_holy_ground_answers_either_players_turn_start():
    """聖なる領域 (1-2-087, intercept): 「ターン開始時、ターン終了時まであなたの全てのユニットに【加護】を与える」: set, it is
    used at the opponent's turn start (the own unit gets 【加護】); set again, at the own turn start too."""
    s = state([real("1-2-087"), card("YEL", colour="yellow")], [card("FOE", colour="blue")])
    field(s, 0, 1)
    zone(s, 0, 0)
    V(s)["P"][:, R.P_TOP] = 2
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 1
    A.turn_start(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][0, 0, R.U_GKW] & R.KW_PROTECTION
    V(s)["U"][0, 0, R.U_GKW] = 0
    R.unit_derive(s, 0, 0)  # its keywords now (U_KWS) follow the column written
    zone(s, 0, 0)
    setup_turn(s, 0)
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][0, 0, R.U_GKW] & R.KW_PROTECTION


@needs_catalog
def test_1_3_028_little_cat_soul_has_4000_more_while_three_beasts_stand():
    """リトルキャットソウル (1-3-028, a 【獣】): 「あなたのフィールドに【獣】ユニットが3体以上いる時、このユニットのBPを+4000する」:
    with itself and one more 【獣】 nothing; a third 【獣】 gives +4000; when one leaves, the bonus goes."""
    cat = real("1-3-028")
    beast = replace(card("BST"), job="獣")
    s = state([cat, beast, beast], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 0, 1)
    assert bp(s, 0, j) == cat.bp[0]
    field(s, 0, 2)
    assert bp(s, 0, j) == cat.bp[0] + 4000
    R.remove_unit(s, 0, 2)
    assert bp(s, 0, j) == cat.bp[0]


@needs_catalog
def test_1_4_312_cool_muscle_is_immortal_while_four_giants_stand():
    """COOLマッスル (1-4-312, a 【巨人】): 「あなたのフィールドに【巨人】ユニットが4体以上いる時、このユニットに【不滅】を与える」:
    three 【巨人】 (itself included) give nothing, the fourth 【不滅】."""
    giant = replace(card("GIA"), job="巨人")
    s = state([real("1-4-312"), giant, giant, giant], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 0, 1)
    field(s, 0, 2)
    assert not R.unit_kw(s, 0, j) & R.KW_IMMORTAL
    field(s, 0, 3)
    assert R.unit_kw(s, 0, j) & R.KW_IMMORTAL


@needs_catalog
def test_1_1_094_dragon_roar_pumps_an_own_dragon_in_battle_only():
    """龍の咆哮 (1-1-094, intercept): 「あなたの【ドラゴン】ユニットが戦闘した時、ターン終了時までそれのBPを+5000する」: a 3000 red
    【ドラゴン】 attacking into a 5000 blocker gets +5000 and wins; a red attacker of another species leaves it set and loses."""
    for job in ("ドラゴン", "獣"):
        s = state([real("1-1-094"), replace(card("ATK", bp=(3000,) * 3), job=job)],
                  [card("WAL", colour="blue", bp=(5000,) * 3, kw=["forced_defense"])])
        setup_turn(s, 0)
        zone(s, 0, 0)
        field(s, 1, 0)
        A.attack(s, 0, field(s, 0, 1))
        used = job == "ドラゴン"
        assert V(s)["P"][0, R.P_ZONE] == (0 if used else 1)
        assert V(s)["P"][0, R.P_FIELD] == (1 if used else 0) and V(s)["P"][1, R.P_FIELD] == (0 if used else 1)
        if used:
            assert bp(s, 0, 0) == 8000


@needs_catalog
def test_1_4_034_giant_village_searches_at_another_species_entry_and_pumps_at_a_giants():
    """巨人の集落 (1-4-034, trigger): 「あなたの【巨人】ユニットがフィールドに出た時、あなたの【巨人】ユニットの基本BPを+2000する。 /
    あなたの【巨人】ユニット以外のユニットがフィールドに出た時、【巨人】ユニットのカードを1枚ランダムで手札に加える」: another
    species entering uses it for a 【巨人】 card from the deck; a 【巨人】 entering for +2000 base BP and no card."""
    giant = replace(card("GIA"), job="巨人")
    s = state([real("1-4-034"), card("OTH"), giant], [card("FOE")])
    setup_turn(s, 0)
    zone(s, 0, 0)
    V(s)["P"][0, R.P_TOP] = 1
    hand(s, 0, 1)
    A.drive(s, 0, 0)
    held = [int(c) for c in V(s)["H"][0, :V(s)["P"][0, R.P_HAND]]]
    assert V(s)["P"][0, R.P_ZONE] == 0 and held == [2]
    zone(s, 0, 0)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 0 and V(s)["U"][0, 1, R.U_BASE] == 2000


@needs_catalog
def test_1_2_138_goddess_breath_recovers_at_either_turn_end_with_an_empty_hand():
    """女神の息吹 (1-2-138, intercept): 「ターン終了時、あなたの手札が0枚以下の場合、あなたは捨札からカードを2枚ランダムで手札に
    加える」: at the opponent's turn end with a card in hand it stays set; with an empty hand two discard cards come back."""
    s = state([real("1-2-138"), card("A"), card("B"), card("C")], [card("FOE")])
    zone(s, 0, 0)
    V(s)["P"][0, R.P_TOP] = 4  # copies 1..3 are in the discard
    hand(s, 0, 3)
    setup_turn(s, 1)
    A.turn_end(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][0, R.P_HAND] == 1
    R.remove_from_hand(s, 0, 0)
    setup_turn(s, 1)
    A.turn_end(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 2


@needs_catalog
def test_1_3_001_assault_mode_has_speed_move_when_the_opposing_zone_is_empty():
    """(1-3-001): 「対戦相手のトリガーゾーンにカードがない場合、以下の効果が発動する。このユニットがフィールドに出た時、このユニットは
    【スピードムーブ】を持つ。…」: driven while the opponent has a card set it has no 【スピードムーブ】; the second copy, driven
    once the zone is empty, has it."""
    s = state([real("1-3-001"), real("1-3-001")], [card("FOE"), BLANK])
    setup_turn(s, 0)
    field(s, 1, 0)
    zone(s, 1, 1)
    hand(s, 0, 0, 1)
    A.drive(s, 0, 0)
    assert not R.unit_kw(s, 0, 0) & R.KW_SPEED
    R.zone_remove(s, 1, 0)
    A.drive(s, 0, 0)
    assert R.unit_kw(s, 0, 1) & R.KW_SPEED


@needs_catalog
def test_1_2_021_eternal_life_costs_a_life_when_it_attacks_or_blocks():
    """永遠の命 (1-2-021): 「このユニットがアタックかブロックした時、あなたは1ライフダメージを受ける。」: read as two timings (attack,
    block); its unblocked attack costs its player 1 LP besides the opponent's 1."""
    effects = real("1-2-021").effects
    assert [e.trigger for e in effects if e.op == "player_damage"] == ["attack", "block"]
    s = state([real("1-2-021")], [card("FOE")])
    setup_turn(s, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_LP] == 7 and V(s)["P"][1, R.P_LP] == 7


@needs_catalog
def test_1_3_108_recovers_an_own_unit_when_destroyed_on_the_opponents_turn():
    """浮き輪をあげるっ! (1-3-108): 「このユニットが対戦相手のターンに破壊された時、あなたのユニットを1体選ぶ。それの行動権を回復する」:
    destroyed on its own turn, the exhausted own unit stays exhausted; on the opponent's turn it recovers (CC_OPP_TURN)."""
    for turn, recovered in ((0, 0), (1, 1)):
        s = state([real("1-3-108"), card("MAN")], [card("FOE")])
        setup_turn(s, turn)
        j = field(s, 0, 0)
        field(s, 0, 1, act=0)
        R.destroy(s, 0, j)
        FX.settle(s)
        assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["U"][0, 0, R.U_ACT] == recovered
