"""CODE OF JOKER unit abilities watching their own side's units win a battle, with real catalog cards:
「あなたの(【X】)ユニットが戦闘に勝利するたび / 戦闘で勝利した時」 (own_battles rows flagged CC_WON, at the battle-won
event after the battle's destructions, rules/coj.md §8-9). 「あなたのユニット」 is this unit too."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import BLANK, V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn

RUSH = card("RUSH", bp=(6000, 6000, 6000), kw=["speed_move"])
WEAK = card("WEAK", colour="blue", bp=(1000, 1000, 1000), kw=["forced_defense"])


def _win(s, attacker_slot, blocker):
    """Seat 0's unit attacks; seat 1's copy `blocker` (WEAK: 1000 BP, 強制防御) enters, blocks and loses."""
    field(s, 1, blocker)
    A.attack(s, 0, attacker_slot)


@needs_catalog
def test_1_1_055_white_bunny_gains_cp_for_every_own_battle_won_its_own_too():
    """ホワイトバニー (1-1-055) チャージダンス: 「あなたのユニットが戦闘に勝利するたび、あなたのCPを+1する」: another own
    unit's win and its own each give 1 CP."""
    s = state([real("1-1-055"), RUSH], [WEAK, WEAK])
    setup_turn(s, 0, cp=0)
    bunny = field(s, 0, 0)
    _win(s, field(s, 0, 1), 0)
    assert V(s)["P"][0, R.P_CP] == 1
    _win(s, bunny, 1)
    assert V(s)["P"][0, R.P_CP] == 2 and V(s)["P"][1, R.P_FIELD] == 0


@needs_catalog
def test_1_3_101_blaze_shooter_breaks_a_set_card_when_an_own_unit_wins():
    """ブレイズシューター (1-3-101) 朱弓の射手: 「あなたのユニットが戦闘で勝利するたび、対戦相手のトリガーゾーンにあるカードを
    1枚ランダムで破壊する」: another own unit's win destroys one of the opponent's 2 set cards."""
    s = state([real("1-3-101"), RUSH], [WEAK, BLANK, BLANK])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    zone(s, 1, 1, 2)
    _win(s, field(s, 0, 1), 0)
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][1, R.P_ZONE] == 1


@needs_catalog
def test_2_3_219_black_genbu_summons_a_four_gods_beast_when_one_wins():
    """ブラック玄武 (2-3-219) 翠檄黒叡智: 「あなたの【四聖獣】が戦闘で勝利した時、あなたのデッキからコスト4以下の【四聖獣】を
    ランダムで1体【特殊召喚】する」: a winner of another species summons nothing; a 【四聖獣】 winner brings the deck's
    cost-3 【四聖獣】 onto the field."""
    beast = replace(RUSH, code="BEAST", job="四聖獣")
    small = replace(card("SMALL", cost=3, colour="green"), job="四聖獣")
    s = state([real("2-3-219"), RUSH, beast, small], [WEAK, WEAK])
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 3  # copy 3 (the cost-3 beast) is the deck's next card; the rest are fillers
    field(s, 0, 0, act=0)
    _win(s, field(s, 0, 1), 0)
    assert V(s)["P"][0, R.P_FIELD] == 2
    _win(s, field(s, 0, 2), 1)
    cards = [int(c) for c in V(s)["U"][0, :V(s)["P"][0, R.P_FIELD], R.U_CARD]]
    assert cards == [0, 1, 2, 3]
