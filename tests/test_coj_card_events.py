"""CODE OF JOKER abilities that answer a trigger or intercept card being used, or a hand discarded by an effect,
with real catalog cards: 「あなたの / 対戦相手のトリガーカードの効果が発動するたび」, 「…インターセプトカード(の効果)が
発動した時」, 「あなたの効果によって対戦相手が手札を捨てた時」, 「対戦相手の効果によってあなたが手札を捨てた時」. Such an
event happens inside an effect; its abilities resolve once that effect and the event it answered are done
(effects.settle, as "when destroyed" effects do; rules/coj.md §9), units first, then trigger cards, then intercepts."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn

DRAWER = card("DRW", type="trigger", colour="colorless", bp=(0, 0, 0), eff=["turn_start:draw:1:own_player"])
FOE = card("FOE", bp=(5000, 5000, 5000))
BLANK_SET = card("SET", type="trigger", colour="colorless", bp=(0, 0, 0))  # a set card with no effect


def _discard(s, p, target):
    """Seat p's effect: 「対戦相手は手札を1枚捨てる」 (opp_player) or 「あなたは手札を1枚捨てる」 (own_player)."""
    FX.resolve(s, p, R.OP_DISCARD, target, 1, 0, -1, -1, -1)
    FX.settle(s)


@needs_catalog
def test_1_4_304_miria_hits_when_an_own_trigger_card_fires_not_the_opponents():
    """謀略の女王ミリア (1-4-304) 曲者討伐: 「あなたのトリガーカードの効果が発動するたび、対戦相手のユニットを1体選ぶ。それに
    2000ダメージを与える」: the opponent's trigger card does nothing; an own one firing at the turn start deals 2000."""
    s = state([real("1-4-304"), DRAWER], [FOE, DRAWER])
    field(s, 0, 0)
    field(s, 1, 0)
    zone(s, 0, 1)
    zone(s, 1, 1)
    V(s)["P"][:, R.P_TOP] = 2  # the draws take filler cards
    A.turn_start(s, 1)
    assert V(s)["P"][1, R.P_ZONE] == 0 and bp(s, 1, 0) == 5000
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and bp(s, 1, 0) == 3000


@needs_catalog
def test_1_3_017_iris_takes_an_action_right_when_an_opposing_trigger_card_fires():
    """イーリス (1-3-017) レインボウ・ソング: 「対戦相手のトリガーカードの効果が発動するたび、対戦相手のユニットを1体選ぶ。
    それの行動権を消費する」: the opponent's trigger firing at its turn start takes its unit's action right."""
    s = state([real("1-3-017")], [FOE, DRAWER])
    field(s, 0, 0)
    field(s, 1, 0)
    zone(s, 1, 1)
    V(s)["P"][1, R.P_TOP] = 2
    A.turn_start(s, 1)
    assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["U"][1, 0, R.U_ACT] == 0


@needs_catalog
def test_1_3_059_trigger_counter_bounces_when_an_opposing_trigger_card_fires():
    """トリガーカウンター (1-3-059, intercept) : 「対戦相手のトリガーカードの効果が発動した時、対戦相手のユニットを1体選ぶ。
    それを手札に戻す」: the opponent's trigger firing uses it; the opposing unit returns to its hand."""
    s = state([real("1-3-059"), card("YEL", colour="yellow")], [FOE, DRAWER])
    zone(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    zone(s, 1, 1)
    V(s)["P"][0, R.P_CP] = 1
    V(s)["P"][1, R.P_TOP] = 2
    A.turn_start(s, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_FIELD] == 0 and 0 in V(s)["H"][1, :V(s)["P"][1, R.P_HAND]]


@needs_catalog
def test_pr_180_radiant_dragon_and_2_0_104_big_machine_grow_when_an_own_intercept_is_used():
    """レイディアントドラゴン (PR-180) 紫電の溢力: 「あなたのインターセプトカードの効果が発動するたび、このユニットの基本BPを
    +2000する」, ビッグマシン (2-0-104) 更なる巨大化: 「あなたのインターセプトカードが発動するたび、このユニットの基本BPを
    +2000する」: アーマーブレイク (1-0-077) used at an own unit's entry gives each +2000 base BP."""
    s = state([real("PR-180"), real("2-0-104"), real("1-0-077"), card("RED", colour="red")],
              [card("FOE", bp=(9000, 9000, 9000))])
    setup_turn(s, 0)
    dragon, machine = field(s, 0, 0), field(s, 0, 1)
    field(s, 1, 0)
    zone(s, 0, 2)
    hand(s, 0, 3)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and bp(s, 1, 0) == 6000
    assert V(s)["U"][0, dragon, R.U_BASE] == 2000 and V(s)["U"][0, machine, R.U_BASE] == 2000


@needs_catalog
def test_1_3_064_intercept_counter_destroys_when_an_opposing_intercept_is_used():
    """インターセプトカウンター (1-3-064, intercept) : 「対戦相手のインターセプトカードの効果が発動した時、対戦相手のレベル2以上
    のユニットを1体選ぶ。それを破壊する」: the opponent's アーマーブレイク (1-0-077) used at its unit's entry uses it; the
    opposing Lv.2 unit is destroyed."""
    s = state([real("1-3-064"), card("BLU", colour="blue", bp=(9000, 9000, 9000))],
              [real("1-0-077"), card("RED", colour="red"), card("BIG", bp=(9000, 9000, 9000))])
    zone(s, 0, 0)
    field(s, 0, 1)
    setup_turn(s, 1)
    field(s, 1, 2, lvl=2)
    zone(s, 1, 0)
    hand(s, 1, 1)
    A.drive(s, 1, 0)
    assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["P"][0, R.P_ZONE] == 0
    assert [int(c) for c in V(s)["U"][1, :V(s)["P"][1, R.P_FIELD], R.U_CARD]] == [1]


@needs_catalog
def test_1_2_032_cyclops_recovers_when_the_opponent_discards_by_its_effect():
    """サイクロプス (1-2-032) 劣化した魔術鉄鎖: 「あなたの効果によって対戦相手が手札を捨てた時、このユニットの行動権を回復
    する」: an own discard (「あなたは手札を捨てる」) does nothing; the opponent discarding by its effect recovers it."""
    s = state([real("1-2-032"), card("A"), card("B")], [card("C")])
    field(s, 0, 0, act=0)
    hand(s, 0, 1)
    hand(s, 1, 0)
    _discard(s, 0, R.TG_OWN_PLAYER)
    assert V(s)["U"][0, 0, R.U_ACT] == 0
    _discard(s, 0, R.TG_OPP_PLAYER)
    assert V(s)["P"][1, R.P_HAND] == 0 and V(s)["U"][0, 0, R.U_ACT] == 1


@needs_catalog
def test_1_1_036_mischief_and_1_3_262_sweet_bitterness_answer_the_opponents_discard():
    """ミスチーフ (1-1-036) and 甘露なる苦汁 (1-3-262), intercepts: 「あなたの効果によって対戦相手が手札を捨てた時」
    destroy an opposing Lv.2+ unit / CP +1: the opponent discarding by seat 0's effect uses both."""
    s = state([real("1-1-036"), real("1-3-262"), card("BLU", colour="blue")], [card("C"), card("BIG", bp=(9000, 9000, 9000))])
    zone(s, 0, 0, 1)
    field(s, 0, 2)
    field(s, 1, 1, lvl=2)
    hand(s, 1, 0)
    V(s)["P"][0, R.P_CP] = 2
    _discard(s, 0, R.TG_OPP_PLAYER)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][0, R.P_CP] == 3


@needs_catalog
def test_1_4_109_clonya_and_1_3_039_toast_answer_an_own_discard_by_the_opponents_effect():
    """夜盗クローニャ (1-4-109) 一蓮托生: 「対戦相手の効果によってあなたが手札を捨てた時、対戦相手のユニットを1体選ぶ。それを
    消滅させる」 and 謀略の祝杯 (1-3-039, trigger): 「…あなたはカードを3枚引く」: an own discard by the own effect does
    nothing; one by the opponent's effect deletes the opposing unit and draws 3."""
    s = state([real("1-4-109"), real("1-3-039"), card("A"), card("B")], [FOE])
    field(s, 0, 0)
    zone(s, 0, 1)
    field(s, 1, 0)
    hand(s, 0, 2, 3)
    V(s)["P"][0, R.P_TOP] = 4  # the draws take filler cards
    _discard(s, 0, R.TG_OWN_PLAYER)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_FIELD] == 1
    _discard(s, 1, R.TG_OPP_PLAYER)
    assert V(s)["P"][1, R.P_FIELD] == 0 and R.deleted(s, 1, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 3


@needs_catalog
def test_pr_218_mikoto_1_3_247_and_2_0_348_answer_a_set_card_destroyed_by_the_own_effect():
    """紅蓮少女ミコト (PR-218): entering, 「対戦相手のトリガーゾーンにあるカードを1枚ランダムで破壊する」, then 「あなたの効果
    によって対戦相手のトリガーゾーンにあるカードを破壊した時、対戦相手のユニットを1体選ぶ。それに3000ダメージを与える」; the
    set アサルトフレイル (1-3-247, 5000 damage) and 略奪の旗印 (2-0-348, draw 2) answer the same destruction."""
    s = state([real("PR-218"), real("1-3-247"), real("2-0-348")], [card("FOE", bp=(9000, 9000, 9000)), BLANK_SET])
    setup_turn(s, 0)
    zone(s, 0, 1, 2)
    zone(s, 1, 1)
    field(s, 1, 0)
    V(s)["P"][0, R.P_TOP] = 3  # the draws take filler cards
    hand(s, 0, 0)
    A.drive(s, 0, 0)
    assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["P"][0, R.P_ZONE] == 0
    assert bp(s, 1, 0) == 1000 and V(s)["P"][0, R.P_HAND] == 2


@needs_catalog
def test_1_2_104_melusine_recovers_after_its_turn_end_destroys_a_set_card():
    """メリュジーヌ (1-2-104): 「あなたのターン終了時、対戦相手のトリガーゾーンにあるカードを1枚ランダムで破壊する」 and 「対戦相手
    のトリガーゾーンにあるカードを破壊した時、このユニットの行動権を回復する」: exhausted, it is active again after its turn end."""
    s = state([real("1-2-104")], [BLANK_SET])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    zone(s, 1, 0)
    A.turn_end(s, 0)
    assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["U"][0, 0, R.U_ACT] == 1
