"""CODE OF JOKER unit abilities that watch their own side, with real catalog cards: 「あなたの(【X】)ユニットが
フィールドに出た / アタックした / ブロックした / プレイヤーアタックに成功した時」 (rules/coj.md §9 tier 1:
the acting unit first, then the other units of the turn player and of the other player). 「あなたのユニット」
is this unit too; 「このユニット以外の」 leaves it out."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn

OTHER = card("OTH", cost=1, colour="green", bp=(3000, 3000, 3000))


def _slot(s, p, c):
    return [int(x) for x in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]].index(c)


@needs_catalog
def test_1_0_103_devil_builder_grows_at_every_own_attack_its_own_too():
    """デビルビルダー (1-0-103) ビルドアップ: 「あなたのユニットがアタックするたび、ターン終了時までこのユニットのBPを
    +2000する」: another own unit's attack and its own each give +2000; the opponent's attack none."""
    s = state([real("1-0-103"), card("RUSH", kw=["speed_move"])], [card("FOE", kw=["speed_move"])])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    base = bp(s, 0, j)
    A.attack(s, 0, field(s, 0, 1))
    assert bp(s, 0, _slot(s, 0, 0)) == base + 2000
    A.attack(s, 0, _slot(s, 0, 0))
    assert bp(s, 0, _slot(s, 0, 0)) == base + 4000
    A.turn_end(s, 0)
    setup_turn(s, 1)
    V(s)["U"][0, :2, R.U_ACT] = 0  # nothing of seat 0 blocks
    A.attack(s, 1, field(s, 1, 0))
    assert bp(s, 0, _slot(s, 0, 0)) == base


@needs_catalog
def test_2_1_119_hazuki_pumps_another_entering_warrior_only():
    """日輪刀のハヅキ (2-1-119) 日輪発破の陣: 「このユニット以外のあなたの【戦士】ユニットがフィールドに出た時、それの
    基本BPを+1000する」: a driven 【戦士】 gets +1000 base BP, a unit of another species nothing, and Hazuki's
    own entry does not pump it."""
    warrior = replace(card("WAR", cost=1, colour="green", bp=(3000, 3000, 3000)), job="戦士")
    s = state([real("2-1-119"), warrior, OTHER])
    setup_turn(s, 0)
    hand(s, 0, 0, 1, 2)
    A.drive(s, 0, 0)
    hazuki = bp(s, 0, _slot(s, 0, 0))
    assert hazuki == real("2-1-119").bp[0]
    A.drive(s, 0, 0)  # the 【戦士】
    A.drive(s, 0, 0)  # the other one
    assert bp(s, 0, _slot(s, 0, 1)) == 4000 and V(s)["U"][0, _slot(s, 0, 1), R.U_BASE] == 1000
    assert bp(s, 0, _slot(s, 0, 2)) == 3000 and bp(s, 0, _slot(s, 0, 0)) == hazuki


@needs_catalog
def test_1_2_110_angel_builder_grows_when_an_own_unit_blocks():
    """エンジェルビルダー (1-2-110) ビルドガード: 「あなたのユニットがブロックするたび、ターン終了時までこのユニットの
    BPを+1000する」: another own unit's block gives +1000. Its field effect gives itself (a 【巨人】) 【加護】,
    which does not stop 「このユニット」 effects: 加護 is 効果に選ばれない (keywords.json), and nothing is chosen."""
    s = state([real("1-2-110"), card("WALL", bp=(9000, 9000, 9000), kw=["forced_defense"])],
              [card("RUSH", bp=(3000, 3000, 3000))])
    j = field(s, 0, 0, act=0)  # it cannot block itself
    base = bp(s, 0, j)
    field(s, 0, 1)
    setup_turn(s, 1)
    A.attack(s, 1, field(s, 1, 0))
    assert V(s)["P"][1, R.P_FIELD] == 0 and bp(s, 0, _slot(s, 0, 0)) == base + 1000


@needs_catalog
def test_2_3_023_queen_termite_gains_purple_when_an_own_insect_hits():
    """クイーンターマイト (2-3-023) 天まで届け！蟻の思い: 「あなたの【昆虫】ユニットがプレイヤーアタックに成功した時、
    あなたの紫ゲージを+1する」: an own 【昆虫】 unit's hit adds 1, another species' hit nothing."""
    insect = replace(card("ANT", kw=["speed_move"]), job="昆虫")
    s = state([real("2-3-023"), insect, card("RUSH", kw=["speed_move"])])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][1, R.P_LP] == 7 and V(s)["P"][0, R.P_PURPLE] == 1
    A.attack(s, 0, field(s, 0, 2))
    assert V(s)["P"][1, R.P_LP] == 6 and V(s)["P"][0, R.P_PURPLE] == 1
