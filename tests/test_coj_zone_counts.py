"""CODE OF JOKER amounts counted on a trigger zone (「[あなたのトリガーゾーンにあるカードの数×N]」, vocab FE_OWN_ZONE /
FE_OPP_ZONE), with real catalog cards."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real

SET = card("SET", type="trigger", colour="colorless")
FOE = card("FOE", bp=(5000, 5000, 5000))


@needs_catalog
def test_pr_075_hydra_deals_and_gains_by_the_cards_set():
    """ヒュドラ (PR-075) 猛り狂う巨竜: 「このユニットがフィールドに出た時、対戦相手の全てのユニットに[あなたのトリガーゾーンに
    あるカードの数×1000]ダメージを与える。そうした場合、このユニットの基本BPを+[…×1500]する」: with 2 cards set the
    opposing units take 2000 and ヒュドラ gains 3000 base BP; with none, neither (the price of 0 damage is not paid)."""
    for n in (2, 0):
        s = state([real("PR-075"), SET, SET], [FOE, FOE])
        V(s)["P"][0, R.P_TOP] = 3
        zone(s, 0, *range(1, 1 + n))
        field(s, 1, 0)
        field(s, 1, 1)
        _drive(s, 0, 0)
        assert [bp(s, 1, j) for j in range(2)] == [5000 - 1000 * n] * 2
        assert bp(s, 0, 0) == 4000 + 1500 * n


@needs_catalog
def test_2_2_126_pulson_raises_the_gauge_by_the_cards_set():
    """遊魔戦姫プルソン (2-2-126) GO!GO!アルカナパレード♪: 「このユニットがフィールドに出た時、あなたの紫ゲージを+[あなたの
    トリガーゾーンにあるカードの枚数×1]する」: 3 cards set, the gauge goes 0 -> 3 (entered as a plain unit here)."""
    s = state([real("2-2-126"), SET, SET, SET])
    V(s)["P"][0, R.P_TOP] = 4
    zone(s, 0, 1, 2, 3)
    j = field(s, 0, 0)
    A.on_enter(s, 0, V(s)["U"][0, j, R.U_UID])
    assert V(s)["P"][0, R.P_PURPLE] == 3
