"""CODE OF JOKER 「このカードのレベルによって以下の効果が発動する」 on trigger and intercept cards: such a card is
always Lv.1 (rules/coj.md §8 「クロックレベル」 and override: levels belong to unit and evolution cards, every
card starts at Lv.1; seed 004 「クロックレベル/クロックアップ」), so its 【レベル1】 part runs."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


@needs_catalog
def test_1_2_078_provocation_deals_its_level_1_damage():
    """挑発 (1-2-078, intercept): 「対戦相手のユニットがアタックした時、このカードのレベルによって… 【レベル1】
    それに3000ダメージを与える。【レベル2】…5000… 【レベル3】…7000…」: the attacker takes 3000 (a 9000 one
    is left at 6000, not 4000 or 2000)."""
    s = state([real("1-2-078"), card("GUARD", colour="red", bp=(1000,) * 3)], [card("RUSH", bp=(9000,) * 3)])
    zone(s, 0, 0)
    field(s, 0, 1, act=0)  # cannot block
    setup_turn(s, 1)
    j = field(s, 1, 0)
    A.attack(s, 1, j)
    assert V(s)["P"][0, R.P_ZONE] == 0 and bp(s, 1, 0) == 6000


@needs_catalog
def test_2_3_028_big_dream_draws_one_at_level_1():
    """ビッグドリーム (2-3-028, trigger): 「あなたのターン開始時、このカードのレベルによって… 【レベル1】あなたは
    カードを1枚引く。【レベル2】…2枚… 【レベル3】…3枚…」: one card besides the turn's draw of 2."""
    s = state([real("2-3-028")])
    zone(s, 0, 0)
    V(s)["G"][R.G_ROUND] = 2
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_HAND] == 3 and V(s)["P"][0, R.P_ZONE] == 0
