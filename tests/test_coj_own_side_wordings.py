"""CODE OF JOKER unit abilities watching units act, in wordings beyond 「あなたの(【X】)ユニットが…時」, with real catalog
cards: 「ユニットがアタックするたび」 (either side's, this unit too), 「あなたの紫ユニットがアタックするたび」 (a colour
without 属性), 「あなたのこのカード以外の【昆虫】ユニットがフィールドに出るたび」."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, card, field, state
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn

RUSH = card("RUSH", bp=(3000, 3000, 3000), kw=["speed_move"])


@needs_catalog
def test_1_4_120_aither_grows_at_every_attack_of_either_side():
    """天空のアイテール (1-4-120) ラッキー☆スター: 「ユニットがアタックするたび、このユニットの基本BPを+1000する」: another own
    unit's attack, its own and an opposing unit's each give +1000 base BP."""
    s = state([real("1-4-120"), RUSH], [RUSH])
    setup_turn(s, 0)
    aither = field(s, 0, 0)
    A.attack(s, 0, field(s, 0, 1))
    A.attack(s, 0, aither)
    assert V(s)["U"][0, aither, R.U_BASE] == 2000
    setup_turn(s, 1)
    V(s)["U"][0, :2, R.U_ACT] = 0  # nothing of seat 0 blocks
    A.attack(s, 1, field(s, 1, 0))
    assert V(s)["U"][0, aither, R.U_BASE] == 3000


@needs_catalog
def test_sp_040_silky_gains_purple_when_an_own_purple_unit_attacks():
    """シルキー (SP-040) いっち団結: 「あなたの紫ユニットがアタックするたび、あなたの紫ゲージを+1する」: a red unit's attack adds
    nothing, a purple one's 1."""
    s = state([real("SP-040"), RUSH, replace(RUSH, code="PURP", elements=("purple",))], [])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][0, R.P_PURPLE] == 0
    A.attack(s, 0, field(s, 0, 2))
    assert V(s)["P"][0, R.P_PURPLE] == 1


@needs_catalog
def test_1_2_047_gizargon_levels_up_when_another_insect_enters():
    """ギザルゴン (1-2-047) クロック・アップ: 「あなたのこのカード以外の【昆虫】ユニットがフィールドに出るたび、このユニットの
    レベルを+1する」: its own entry and another species' do nothing; an 【昆虫】 entering takes it to Lv.2."""
    insect = replace(card("BUG", cost=0, colour="green"), job="昆虫")
    s = state([real("1-2-047"), card("OTH", cost=0), insect], [])
    setup_turn(s, 0)
    hand(s, 0, 0, 1, 2)
    for _ in range(3):
        A.drive(s, 0, 0)
        if V(s)["P"][0, R.P_FIELD] < 3:
            assert V(s)["U"][0, 0, R.U_LVL] == 1
    assert V(s)["U"][0, 0, R.U_LVL] == 2
