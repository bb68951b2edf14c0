"""CODE OF JOKER card effects on the joker gauge (§9: the gauge a joker is paid from, in percent) with real catalog
cards: 「(あなた / 対戦相手 / お互い)のジョーカーゲージをN%増加 / 上昇 / 減少させる」 (gain_cp param GAIN_JOKER, kept
within 0..joker_gauge_max). The gauge matters for play with the jokers option on; the effects change it either way."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


def _gauges(s):
    return [int(V(s)["P"][p, R.P_GAUGE]) for p in range(2)]


@needs_catalog
def test_1_3_207_nemesis_takes_five_percent_of_the_opposing_gauge_when_it_attacks():
    """ネメシス (1-3-207) 神罰の執行人: 「このユニットがアタックした時、対戦相手のジョーカーゲージを5%減少させる」."""
    s = state([real("1-3-207")], [])
    setup_turn(s, 0)
    V(s)["P"][1, R.P_GAUGE] = 30
    A.attack(s, 0, field(s, 0, 0))
    assert _gauges(s) == [0, 25]


@needs_catalog
def test_1_3_241_time_compression_fills_both_gauges():
    """時の圧縮 (1-3-241, intercept) : 「あなたのユニットがフィールドに出た時、お互いのジョーカーゲージを20%増加させる」:
    an own unit's entry uses it; each player's gauge rises by 20, up to the maximum (100)."""
    s = state([real("1-3-241"), card("U", cost=0)], [])
    zone(s, 0, 0)
    setup_turn(s, 0)
    V(s)["P"][1, R.P_GAUGE] = 90
    hand(s, 0, 1)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and _gauges(s) == [20, 100]


@needs_catalog
def test_1_4_046_arcana_grave_lowers_a_small_handed_opponents_gauge_and_it_draws():
    """アルカナの墓標 (1-4-046, intercept) : 「対戦相手のターン開始時、対戦相手の手札が6枚以下の場合、対戦相手のジョーカー
    ゲージを20%減少させる。対戦相手はカードを1枚引く」: at the opponent's turn start (2 cards after its draw) its gauge
    loses 20 and it draws 1 more."""
    s = state([real("1-4-046")], [])
    zone(s, 0, 0)
    V(s)["P"][1, R.P_GAUGE] = 50
    A.turn_start(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and _gauges(s) == [0, 30] and V(s)["P"][1, R.P_HAND] == 3


@needs_catalog
def test_pr_045_and_2_2_132_raise_the_own_gauge_at_turn_starts():
    """アルカナジェネレーター (PR-045, intercept) : 「対戦相手のターン開始時、あなたのジョーカーゲージを20%上昇させる」 and
    勝利への方程式 (2-2-132, intercept) : 「あなたのターン開始時、あなたのCPが10以上の場合、あなたのジョーカーゲージを50%
    増加する」: the opponent's turn start gives 20; the own one at the table's CP leaves 2-2-132 set; with 11 CP (the
    turn-start event again, CP gained before it) it is used, its 1 CP paid, and at 10 CP left it gives 50."""
    s = state([real("PR-045"), real("2-2-132"), card("U")], [])
    zone(s, 0, 0, 1)
    field(s, 0, 2)
    V(s)["P"][0, R.P_CP] = 3
    A.turn_start(s, 1)
    assert _gauges(s) == [20, 0] and V(s)["P"][0, R.P_ZONE] == 1
    A.turn_start(s, 0)
    assert _gauges(s) == [20, 0] and V(s)["P"][0, R.P_ZONE] == 1
    V(s)["P"][0, R.P_CP] = 11
    A.event(s, 0, -1, R.TR_TURN_START, R.TR_OPP_TURN_START, R.EV_TURN_START, R.EV_OPP_TURN_START, 0, -1)
    assert _gauges(s) == [70, 0] and V(s)["P"][0, R.P_ZONE] == 0
