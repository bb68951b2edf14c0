"""CODE OF JOKER zone-size conditions and counts with real catalog cards: a full hand (「手札が7枚の場合」), cards in
the opponent's trigger zone (「トリガーゾーンに3枚以上カードがある場合」), the own deck (「デッキが2枚以上 / 1枚以下の
場合」), two conditions at once (「…で、…場合」: E_COND and E_COND2), the discard's cards of a species
(「[あなたの捨札の【侍】の数×2000]」) and the whole opposing trigger zone destroyed (「カード全てを破壊する」)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import BLANK, V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


@needs_catalog
def test_1_3_121_unfair_tax_discards_two_from_a_full_opposing_hand_only():
    """アンフェア・タックス (1-3-121, trigger) : 「対戦相手のターン開始時、対戦相手の手札が7枚の場合、対戦相手の手札を2枚
    ランダムで捨てる」: at the opponent's turn start with 6 cards after its draw it stays set; with 7 it fires, 5 left."""
    s = state([real("1-3-121")], [])
    zone(s, 0, 0)
    V(s)["P"][1, R.P_TOP] = 10
    hand(s, 1, *range(20, 24))
    A.turn_start(s, 1)  # draws 2: 6 cards
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_HAND] == 6
    hand(s, 1, 24)
    A.turn_start(s, 1)  # the draw is cut at 7 (§5)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_HAND] == 5


@needs_catalog
def test_2_0_132_eris_discards_at_purple_one_and_a_full_opposing_hand():
    """軍姫エリス (2-0-132) 理不尽な訓令: 「[▲1]対戦相手のターン開始時、あなたの紫ゲージが1以上で、対戦相手の手札が7枚の
    場合、対戦相手の手札を2枚ランダムで捨てる」: a full hand at purple 0 keeps its cards; at purple 1 two go."""
    s = state([real("2-0-132")], [])
    field(s, 0, 0)
    V(s)["P"][1, R.P_TOP] = 10
    hand(s, 1, *range(20, 27))
    A.turn_start(s, 1)
    assert V(s)["P"][1, R.P_HAND] == 7
    V(s)["P"][0, R.P_PURPLE] = 1
    A.turn_start(s, 1)
    assert V(s)["P"][1, R.P_HAND] == 5


@needs_catalog
def test_2_0_051_lucky_shot_needs_three_opposing_set_cards():
    """強運の狙撃 (2-0-051, intercept) : 「あなたのユニットがフィールドに出た時、対戦相手のトリガーゾーンに3枚以上カードが
    ある場合、対戦相手のトリガーゾーンにあるカードを2枚までランダムで破壊する」: with 2 set it stays set; with 3, 2 go."""
    red = card("RED", cost=0)
    s = state([real("2-0-051"), red, red], [BLANK, BLANK, BLANK])
    zone(s, 0, 0)
    zone(s, 1, 0, 1)
    setup_turn(s, 0)
    hand(s, 0, 1, 2)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_ZONE] == 2
    zone(s, 1, 0, 1, 2)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_ZONE] == 1


@needs_catalog
def test_1_4_249_true_power_needs_an_attack_and_an_empty_opposing_zone():
    """真の力を見せてやろう (1-4-249, intercept) : 「あなたのユニットが戦闘した時、それがアタック中で対戦相手のトリガーゾーンに
    カードがない場合、ターン終了時までそれのBPを+5000する」: an attacker blocked while the opponent has a card set gets
    nothing; blocked with the opponent's zone empty it gets +5000 and wins the battle."""
    attacker = card("ATK", bp=(5000, 5000, 5000), kw=["speed_move"])
    wall = card("WALL", colour="blue", bp=(8000, 8000, 8000), kw=["forced_defense"])
    s = state([real("1-4-249"), attacker, attacker], [wall, wall, BLANK])
    zone(s, 0, 0)
    zone(s, 1, 2)
    setup_turn(s, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    A.attack(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][0, R.P_FIELD] == 0
    zone(s, 1)
    j = field(s, 0, 2)
    field(s, 1, 1)
    A.attack(s, 0, j)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_FIELD] == 1 and bp(s, 0, 0) == 10000


@needs_catalog
def test_2_1_051_last_leaf_draws_one_or_two_by_the_deck_left():
    """最後の一葉 (2-1-051, intercept) : 「…あなたのデッキが2枚以上の場合、あなたはカードを1枚引く。あなたのデッキが1枚以下の
    場合、あなたはカードを2枚引く」: with a full deck 1 card; with 1 card left 2 (the deck is rebuilt for the second, §5)."""
    green = card("GRN", colour="green", cost=0)
    s = state([real("2-1-051"), green, green], [])
    zone(s, 0, 0)
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 3
    hand(s, 0, 1)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 1
    s = state([real("2-1-051"), green, green], [])
    zone(s, 0, 0)
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = V(s)["P"][0, R.P_N] - 1
    hand(s, 0, 1)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 2


@needs_catalog
def test_1_1_073_izo_counts_the_samurai_in_the_discard():
    """IZO (1-1-073) 人斬りの刀: 「このユニットがアタックした時、ターン終了時までこのユニットのBPを+[あなたの捨札の【侍】の数
    ×2000]する」: 2 【侍】 and 1 other card in the discard give +4000."""
    samurai = replace(card("SAM"), job="侍")
    s = state([real("1-1-073"), samurai, samurai, card("OTH")], [])
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 4  # copies 1-3 are in the discard
    A.attack(s, 0, field(s, 0, 0))
    assert bp(s, 0, 0) == 2000 + 4000


@needs_catalog
def test_1_3_008_belphegor_destroys_the_whole_opposing_zone_when_destroyed():
    """ヴェルフェゴール (1-3-008) 魔穴の激流: 「このユニットが破壊された時、対戦相手のトリガーゾーンにあるカード全てを破壊
    する」: the opponent's 4 set cards all go."""
    s = state([real("1-3-008")], [BLANK, BLANK, BLANK, BLANK])
    field(s, 0, 0)
    zone(s, 1, 0, 1, 2, 3)
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][1, R.P_ZONE] == 0


@needs_catalog
def test_sp_036_enbu_destroys_the_whole_zone_then_returns_to_hand_only_if_it_did():
    """上忍炎威 (SP-036) 上忍法・修羅壊炎: 「このユニットがプレイヤーアタックに成功した時、対戦相手のトリガーゾーンにあるカードを
    全て破壊する。そうした場合、このユニットを手札に戻す」: with the opposing zone empty it stays on the field; with 2 set
    both go and it returns to the hand."""
    s = state([real("SP-036")], [BLANK, BLANK])
    setup_turn(s, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["P"][1, R.P_LP] == 7
    zone(s, 1, 0, 1)
    V(s)["U"][0, 0, R.U_ACT] = 1
    A.attack(s, 0, 0)
    assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][0, R.P_HAND] == 1


@needs_catalog
def test_1_4_311_frost_giant_summons_a_giant_in_even_rounds_with_room():
    """フロストジャイアント (1-4-311) ブラン・アヴァランチ: 「このユニットが破壊された時、ラウンド数が偶数で、あなたのフィールドに
    ユニットが4体以下の場合、あなたの捨札にある進化ユニットカード以外のコスト3以下の【巨人】ユニットをランダムで1体【特殊召喚】
    する」: destroyed in round 3 nothing comes; in round 4 a 【巨人】 of the discard (itself or the other) is summoned."""
    giant = replace(card("GNT", cost=2), job="巨人")
    for rnd, summoned in ((3, 0), (4, 1)):
        s = state([real("1-4-311"), giant], [], rnd=rnd)
        V(s)["P"][0, R.P_TOP] = 2  # the other giant is in the discard
        field(s, 0, 0)
        FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
        FX.settle(s)
        assert V(s)["P"][0, R.P_FIELD] == summoned
