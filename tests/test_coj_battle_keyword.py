"""CODE OF JOKER keywords granted 「戦闘終了時まで」 (until the end of the battle), with real catalog cards: the
unit has the keyword through the battle's damage and its end (貫通, the winner's clock-up) and loses it when
the attack ends; a sentence that also changes BP in that wording stays unread (the BP change would need the
same duration)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import importer as IMP
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


def _cards(s, p):
    return [int(c) for c in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]]


@needs_catalog
def test_1_2_093_the_battling_unit_is_immortal_until_the_battle_ends():
    """魔導壁 (1-2-093, intercept): 「あなたのユニットが戦闘した時、戦闘終了時までそれに【不滅】を与える」: a 1000
    blue unit (the card needs one of its colour) blocking a 9000 attacker survives the battle (without the card it is destroyed) and has no 【不滅】 once
    the attack has ended."""
    for with_card in (True, False):
        s = state([real("1-2-093"), card("WALL", colour="blue", bp=(1000,) * 3, kw=["forced_defense"])],
                  [card("ATK", bp=(9000,) * 3)])
        if with_card:
            zone(s, 0, 0)
        setup_turn(s, 1)
        field(s, 0, 1)
        A.attack(s, 1, field(s, 1, 0))
        assert _cards(s, 0) == ([1] if with_card else [])
        assert _cards(s, 1) == [0]
        if with_card:
            assert V(s)["P"][0, R.P_ZONE] == 0
            assert not R.unit_kw(s, 0, 0) & R.KW_IMMORTAL and V(s)["U"][0, 0, R.U_BKW] == 0


@needs_catalog
def test_2_0_210_a_warrior_attacking_is_immortal_until_the_battle_ends():
    """エンパイアソルジャー (2-0-210): 「あなたの【戦士】ユニットがアタックした時、戦闘終了時までそれに【不滅】を与え
    る」: a 1000 【戦士】 attacker blocked by a 9000 unit survives and has no 【不滅】 after the attack; an attacker
    of another species is destroyed."""
    for job in ("戦士", "獣"):
        s = state([real("2-0-210"), replace(card("ATK", bp=(1000,) * 3), job=job)],
                  [card("WALL", bp=(9000,) * 3, kw=["forced_defense"])])
        setup_turn(s, 0)
        field(s, 0, 0, act=0)
        field(s, 1, 0)
        A.attack(s, 0, field(s, 0, 1))
        assert _cards(s, 0) == ([0, 1] if job == "戦士" else [0])
        assert _cards(s, 1) == [0]
        assert all(not R.unit_kw(s, 0, j) & R.KW_IMMORTAL for j in range(V(s)["P"][0, R.P_FIELD]))


@needs_catalog
def test_2_0_311_harpy_is_unblockable_for_one_attack():
    """ハーピー (2-0-311) 奇跡・ひとくち頂戴!: 「このユニットがアタックした時、このユニットに【神託】がある場合、この
    ユニットに戦闘終了時まで「ブロックされない」効果を与える。このユニットの【神託】を取り除く」: its first attack
    is not blocked by a 【強制防御】 unit (1 life damage) and it loses 【神託】; after that attack it can be blocked
    again, and its second attack (no 【神託】 left) is blocked."""
    s = state([real("2-0-311")], [card("WALL", bp=(9000,) * 3, kw=["forced_defense"])])
    setup_turn(s, 0)
    field(s, 1, 0)
    j = field(s, 0, 0)
    lp = int(V(s)["P"][1, R.P_LP])
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_LP] == lp - 1 and V(s)["U"][0, j, R.U_LOST] & R.KW_ORACLE
    assert V(s)["U"][0, j, R.U_BKW] == 0
    V(s)["U"][0, j, R.U_ACT] = 1
    A.attack(s, 0, j)
    assert V(s)["P"][1, R.P_LP] == lp - 1 and _cards(s, 0) == []


def _attack_into_4500(code, colour):
    """The intercept `code` set, a 4000 unit of `colour` attacks into a 4500 【強制防御】 blocker: the state and the
    opponent's LP before the attack; asserts the card was used, the blocker destroyed and 1 life damage dealt."""
    s = state([real(code), card("ATK", colour=colour, bp=(4000,) * 3)],
              [card("WALL", bp=(4500,) * 3, kw=["forced_defense"])])
    zone(s, 0, 0)
    setup_turn(s, 0)
    field(s, 1, 0)
    lp = int(V(s)["P"][1, R.P_LP])
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][0, R.P_ZONE] == 0 and _cards(s, 1) == [] and V(s)["P"][1, R.P_LP] == lp - 1
    return s


@needs_catalog
def test_1_0_095_tackle_lifts_an_attacker_and_penetrates_for_its_battle():
    """タックル (1-0-095, intercept): 「あなたのユニットが戦闘した時、それがアタック中だった場合、それの基本BPを+1000し、
    戦闘終了時まで【貫通】を与える」: a 4000 attacker blocked by a 4500 unit becomes 5000, wins, deals 1 life damage
    by 【貫通】 and keeps the base BP but not 【貫通】 after the attack; a blocking unit gets neither (it was not
    attacking) and loses that battle."""
    s = _attack_into_4500("1-0-095", "green")
    assert V(s)["U"][0, 0, R.U_BASE] == 1000 and not R.unit_kw(s, 0, 0) & R.KW_PENETRATE

    s = state([real("1-0-095"), card("WALL", colour="green", bp=(4000,) * 3, kw=["forced_defense"])],
              [card("ATK", bp=(4500,) * 3)])
    zone(s, 0, 0)
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 7
    field(s, 0, 1)
    A.attack(s, 1, field(s, 1, 0))
    assert _cards(s, 0) == [] and _cards(s, 1) == [0]


@needs_catalog
def test_1_1_091_straight_punch_bp_until_turn_end_penetration_until_battle_end():
    """正拳突き (1-1-091, intercept): 「あなたのユニットが戦闘した時、ターン終了時までそれのBPを+1000し、戦闘終了時まで
    【貫通】を与える」: a 4000 attacker blocked by a 4500 unit wins at 5000 and deals 1 life damage; after the
    attack it still has +1000 for the turn and no 【貫通】."""
    s = _attack_into_4500("1-1-091", "red")
    assert V(s)["U"][0, 0, R.U_TEMP] == 1000 and not R.unit_kw(s, 0, 0) & R.KW_PENETRATE


def test_battle_long_grants_read_only_on_keyword_sentences():
    """「戦闘終了時まで」 gives grant_keyword amount GRANT_BATTLE; a BP change 「戦闘終了時まで」 is refused, alone or
    with a keyword in one sentence (only 「…BPを+Nし、戦闘終了時まで【X】を与える」 is split in two)."""
    (e,) = IMP.parse_body("戦闘終了時までそれに【不滅】を与える", "battle")
    assert (e.op, e.amount, e.target) == ("grant_keyword", VOC.GRANT_BATTLE, "own_character")
    assert IMP.parse_body("戦闘終了時までそれのBPを+1000し、【貫通】を与える", "battle") is None
    assert IMP.parse_body("戦闘終了時までそれのBPを+1000する", "battle") is None
