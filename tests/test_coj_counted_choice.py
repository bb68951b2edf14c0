"""CODE OF JOKER counted amounts (「[…×N]」) in the action on a chosen unit (「対戦相手のユニットを1体選ぶ。それに
[対戦相手の手札の枚数×1500]ダメージを与える」), with real catalog cards: the amount is counted as the effect resolves."""

from __future__ import annotations

from sim.games.coj import importer as IMP
from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real


@needs_catalog
def test_1_4_207_uriel_deals_1500_per_card_in_the_opponents_hand():
    """大天使ウリエル (1-4-207) 神炎無双剣: 「このユニットがフィールドに出た時、対戦相手のユニットを1体選ぶ。それに
    [対戦相手の手札の枚数×1500]ダメージを与える」: 3 cards in the opponent's hand, 4500 damage, a 5000 unit stays
    at 500; 4 cards, 6000, it is destroyed."""
    for cards, alive in ((3, True), (4, False)):
        s = state([real("1-4-207")], [card("FOE", bp=(5000, 5000, 5000))] + [card("H")] * 4)
        field(s, 1, 0)
        hand(s, 1, *range(1, 1 + cards))
        _drive(s, 0, 0)
        assert (V(s)["P"][1, R.P_FIELD] == 1) == alive
        if alive:
            assert bp(s, 1, 0) == 500


@needs_catalog
def test_2_1_145_wild_instinct_pumps_by_the_entering_units_cost():
    """野生のカン (2-1-145, intercept): 「対戦相手のユニットがフィールドに出た時、あなたのユニットを1体選ぶ。それの
    基本BPを+[フィールドに出たユニットのコスト×1000]する」: a cost-4 unit enters, the own unit gets +4000 base BP."""
    s = state([real("2-1-145"), card("MINE", colour="green")], [card("BIG", cost=4)])
    zone(s, 0, 0)
    j = field(s, 0, 1)
    _drive(s, 1, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["U"][0, j, R.U_BASE] == 4000


def test_a_count_with_a_second_action_is_not_read():
    """「それに[…×N]ダメージを与え、…」: which action the count multiplies is not clear, so the line is not modelled."""
    body = "このユニットがフィールドに出た時、対戦相手のユニットを1体選ぶ。それの基本BPを-[対戦相手の手札の枚数×1000]し、【沈黙】を与える。"
    assert IMP.parse_ability("■x\n" + body, "unit") is None
