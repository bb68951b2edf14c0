"""CODE OF JOKER recovery of a species or colour from the discard (「あなたの捨札にある【天使】ユニットのカードを1枚
ランダムで手札に加える」, 「…紫属性のカードを…」: only cards of that kind are picked) and of a deleted card (「あなたの
捨札にある消滅しているカードを1枚選ぶ。それを手札に加える」), with real catalog cards."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, card, field, state
from tests.test_coj_timing import needs_catalog, real

MAN = card("MAN")  # neither an 【天使】 nor purple


def _hand(s, p):
    return sorted(int(c) for c in V(s)["H"][p, :V(s)["P"][p, R.P_HAND]])


@needs_catalog
def test_pr_093_serenity_nurse_recovers_an_angel_not_another_card():
    """セレニティナース (PR-093) ラストナースコール: 「このユニットが破壊された時、あなたの捨札にある【天使】ユニットの
    カードを1枚ランダムで手札に加える」: with one other 【天使】 (copy 1) and five other cards in the discard, the card
    recovered is an 【天使】: copy 1 or the nurse herself (an 【天使】, in the discard by then), over several seeds."""
    angel = replace(card("ANG"), job="天使")
    for seed in range(6):
        s = state([real("PR-093"), angel] + [MAN] * 5, [card("FOE")], seed=seed)
        V(s)["P"][0, R.P_TOP] = 7  # every copy out of the deck: the ones not on the field are in the discard
        j = field(s, 0, 0)
        FX.hit_unit(s, 1, 0, j, R.OP_BREAK, 0, 0)
        FX.settle(s)
        assert len(_hand(s, 0)) == 1 and _hand(s, 0)[0] in (0, 1)


@needs_catalog
def test_2_0_033_chloe_recovers_a_purple_card_at_a_low_gauge():
    """舞踏のクロエ (2-0-033) 満月の護り: 「[▼2]このユニットがフィールドに出た時、あなたの紫ゲージが2以下の場合、
    あなたの捨札にある紫属性のカードを1枚ランダムで手札に加える。あなたの紫ゲージを+1する」: the purple card of the
    discard comes back (not the others), and the gauge rises; with no purple card there, nothing comes back."""
    for purple in (True, False):
        s = state([real("2-0-033"), card("PUR", colour="purple") if purple else MAN] + [MAN] * 4)
        V(s)["P"][0, R.P_TOP] = 6
        _drive(s, 0, 0)
        assert _hand(s, 0) == ([1] if purple else [])
        assert V(s)["P"][0, R.P_PURPLE] == 1


@needs_catalog
def test_1_4_011_dark_priest_takes_back_a_deleted_card():
    """ダークプリースト (1-4-011) 転生の禁術: 「このユニットがフィールドに出た時、あなたの捨札にある消滅しているカードを
    1枚選ぶ。それを手札に加える」: of a deleted cost-5 and a deleted cost-1 card the policy takes the cost-5 one (the
    highest cost, as for every 「選んで」 pick), which is no longer deleted; the discard cards stay where they are;
    with nothing deleted nothing comes back."""
    for gone in (True, False):
        s = state([real("1-4-011"), card("BIG", cost=5), card("SMALL", cost=1)] + [MAN] * 2)
        V(s)["P"][0, R.P_TOP] = 5
        if gone:
            for c in (1, 2):
                j = field(s, 0, c)
                R.delete_unit(s, 0, j)
        _drive(s, 0, 0)
        assert _hand(s, 0) == ([1] if gone else [])
        assert not R.deleted(s, 0, 1) and R.deleted(s, 0, 2) == gone
