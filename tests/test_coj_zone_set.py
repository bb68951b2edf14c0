"""CODE OF JOKER cards set in the own trigger zone from the deck (「あなたのデッキから1枚ランダムで(あなたの)トリガーゾーンに
(赤属性の)(インターセプト)カードをセットする」), with real catalog cards: op search with SEARCH_TO_ZONE takes the first
matching cards of the shuffled deck (a uniform random pick) into the zone's free slots."""

from __future__ import annotations

from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, card, state, zone
from tests.test_coj_timing import needs_catalog, real

BLANK = card("SET", type="trigger", colour="colorless")


def _zone(s, p):
    return [int(c) for c in V(s)["Z"][p, :V(s)["P"][p, R.P_ZONE]]]


@needs_catalog
def test_2_2_102_sets_the_decks_top_card_and_not_into_a_full_zone():
    """2-2-102 冷酷なる躾: 「このユニットがフィールドに出た時、あなたのデッキから1枚ランダムでトリガーゾーンにセットする」:
    the shuffled deck's top card goes to the zone (any card, a unit too); with the zone full (§5: 4 cards) nothing moves."""
    for full in (False, True):
        s = state([real("2-2-102"), card("TOP"), BLANK, BLANK, BLANK, BLANK])
        V(s)["P"][0, R.P_TOP] = 1 if not full else 6
        if full:
            zone(s, 0, 2, 3, 4, 5)
        top = V(s)["P"][0, R.P_TOP]
        _drive(s, 0, 0)
        if full:
            assert _zone(s, 0) == [2, 3, 4, 5] and V(s)["P"][0, R.P_TOP] == top
        else:
            assert _zone(s, 0) == [1] and V(s)["P"][0, R.P_TOP] == top + 1


@needs_catalog
def test_sp_046_sets_a_red_intercept_from_the_deck():
    """熱きパッション (SP-046): 「…あなたのデッキから1枚ランダムであなたのトリガーゾーンに赤属性のインターセプトカードを
    セットする」: past a blue intercept and a red trigger card, the red intercept is set; the others stay in the deck."""
    s = state([real("SP-046"), card("BI", type="intercept", colour="blue"), card("RT", type="trigger"),
               card("RI", type="intercept")])
    V(s)["P"][0, R.P_TOP] = 1
    _drive(s, 0, 0)
    assert _zone(s, 0) == [3]
    deck = V(s)["DK"][0, V(s)["P"][0, R.P_TOP]:V(s)["P"][0, R.P_N]]
    assert 1 in deck and 2 in deck and 3 not in deck


@needs_catalog
def test_pr_140_microburst_sets_a_purple_intercept_and_raises_the_gauge():
    """PR-140 マイクロバースト: 「[▼2]このユニットがフィールドに出た時、あなたの紫ゲージが2以下の場合、あなたのデッキから
    1枚ランダムであなたのトリガーゾーンに紫属性のインターセプトカードをセットし、あなたの紫ゲージを+1する」: at a gauge
    of 2 both happen; at 3 neither."""
    for gauge in (2, 3):
        s = state([real("PR-140"), card("PI", type="intercept", colour="purple")])
        V(s)["P"][0, R.P_TOP] = 1
        V(s)["P"][0, R.P_PURPLE] = gauge
        _drive(s, 0, 0)
        assert _zone(s, 0) == ([1] if gauge == 2 else [])
        assert V(s)["P"][0, R.P_PURPLE] == 3  # 2 + 1, or 3 untouched
