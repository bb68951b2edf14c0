"""CODE OF JOKER 【特殊召喚】 from the own deleted cards (「あなたの捨札にある消滅しているカードから…」) and summons the
player picks (「…を1体選んで【特殊召喚】する」, or no 「ランダムで」: the scripted policy takes the highest cost, as for
every 「選んで」 pick), and the conditions on the own hand (「手札がN枚以上あり、…」) and discard (「あなたの捨札に青属性の
カードがN枚以上ある場合」), with real catalog cards."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


def _field_cards(s, p):
    return [int(c) for c in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]]


def _deck_cards(s, p):
    P = V(s)["P"]
    return sorted(int(c) for c in V(s)["DK"][p, P[p, R.P_TOP]:P[p, R.P_N]])


@needs_catalog
def test_pr_065_raimaru_summons_a_deleted_unit_not_a_discard_one():
    """冥府剣士ライマル (PR-065) 禁呪の代償: 「このユニットがフィールドに出た時、あなたの捨札にある消滅しているカードから
    ランダムで1体【特殊召喚】する」: of a deleted unit (copy 1) and a unit in the discard that is not deleted (copy 2) the
    deleted one comes back at Lv.1, no longer deleted; with nothing deleted nothing comes."""
    for gone in (True, False):
        for seed in range(4):
            s = state([real("PR-065"), card("GONE", cost=3), card("DISC", cost=3)], seed=seed)
            V(s)["P"][0, R.P_TOP] = 3
            if gone:
                R.delete_unit(s, 0, field(s, 0, 1))
            assert R.deleted(s, 0, 1) == gone
            _drive(s, 0, 0)
            assert sorted(_field_cards(s, 0)) == ([0, 1] if gone else [0])
            assert not R.deleted(s, 0, 1)
            if gone:
                j = _field_cards(s, 0).index(1)
                assert V(s)["U"][0, j, R.U_LVL] == 1 and V(s)["U"][0, j, R.U_RESTR] == 1


@needs_catalog
def test_2_3_007_gold_mimic_summons_a_deleted_unit_of_cost_3_or_less_when_destroyed():
    """黄金魍魎ゴ・ルード (2-3-007) ゴールドミミック: 「このユニットが破壊された時、あなたの捨札にある消滅しているカード
    から進化ユニットカード以外のコスト3以下のユニットをランダムで1体【特殊召喚】する」: of the deleted cards only the
    cost-3 unit qualifies (not the deleted cost-4 one, nor a deleted evolution)."""
    s = state([real("2-3-007"), card("C3", cost=3), card("C4", cost=4), card("EVO", type="evolution", cost=1)],
              [card("FOE")])
    V(s)["P"][0, R.P_TOP] = 4
    for c in (1, 2, 3):
        R.delete_unit(s, 0, field(s, 0, c))
    field(s, 0, 0)
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert _field_cards(s, 0) == [1] and R.deleted(s, 0, 2) and R.deleted(s, 0, 3)


@needs_catalog
def test_2_0_324_andromeda_summons_the_chosen_costliest_unit_from_the_deck():
    """星天女アンドロメダ (2-0-324) 私の救世主さま: 「このユニットがフィールドに出た時、あなたのフィールドのユニットが4体
    以下の場合、あなたのデッキから進化ユニット以外のコスト7以下のユニットを1体選んで【特殊召喚】する」: the policy picks
    the cost-7 unit (not the cost-2 one, the cost-8 one above the bound, nor the cost-5 evolution), taken out of the
    deck; the random policy picks either legal one."""
    cards = [real("2-0-324"), card("C2", cost=2), card("C7", cost=7), card("C8", cost=8),
             card("EVO", type="evolution", cost=5)]
    s = state(cards)
    V(s)["P"][0, R.P_TOP] = 1
    _drive(s, 0, 0)
    assert sorted(_field_cards(s, 0)) == [0, 2] and 2 not in _deck_cards(s, 0)
    picked = set()
    for seed in range(10):
        s = state(cards, seed=seed, policies=(0, 0))
        V(s)["P"][0, R.P_TOP] = 1
        _drive(s, 0, 0)
        picked.add(_field_cards(s, 0)[1])
    assert picked == {1, 2}


@needs_catalog
def test_2_3_020_atalanta_summons_a_beast_from_the_deck_at_turn_end():
    """獣王女アタランテ (2-3-020) 結託の獣友: 「あなたのターン終了時、あなたのデッキから進化ユニット以外のコスト3以下の
    【獣】ユニットを1体【特殊召喚】する」 (no 「ランダムで」: the player picks): the cost-3 【獣】 comes, not the cost-1
    【獣】 (a lower pick), the cost-3 unit of another species nor the cost-4 【獣】."""
    beast = replace(card("B3", cost=3), job="獣")
    s = state([real("2-3-020"), replace(card("B1", cost=1), job="獣"), beast, card("X3", cost=3),
               replace(card("B4", cost=4), job="獣")])
    V(s)["P"][0, R.P_TOP] = 1
    field(s, 0, 0)
    setup_turn(s, 0)
    A.turn_end(s, 0)
    assert _field_cards(s, 0) == [0, 2]


@needs_catalog
def test_1_4_257_angel_circle_summons_an_angel_when_an_angel_is_destroyed():
    """エンジェルサークル (1-4-257, intercept): 「あなたの【天使】ユニットが破壊された時、あなたのフィールドにユニットが
    4体以下の場合、あなたの捨札にある進化ユニットカード以外のコスト3以下の【天使】ユニットを1体【特殊召喚】する」: the
    destroyed 【天使】 (cost 1) goes to the discard, and the player's pick is the cost-3 【天使】 there; another species'
    destruction does not set it off. (§3: an intercept needs a unit of its colour on the field: YEL.)"""
    angel = replace(card("ANG", cost=1), job="天使")
    cards = [real("1-4-257"), angel, replace(card("A3", cost=3), job="天使"), card("X3", cost=3),
             replace(card("A4", cost=4), job="天使"), card("MAN", cost=1), card("YEL", colour="yellow")]
    for victim, summoned in ((1, [6, 2]), (5, [6])):
        s = state(cards, [card("FOE")])
        V(s)["P"][0, R.P_TOP] = 7
        zone(s, 0, 0)
        field(s, 0, victim)
        field(s, 0, 6)
        setup_turn(s, 1)
        V(s)["P"][0, R.P_CP] = 1  # the intercept's cost
        FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
        FX.settle(s)
        assert _field_cards(s, 0) == summoned


@needs_catalog
def test_2_0_368_ominous_omen_needs_a_card_in_hand_and_then_discards_one():
    """不吉な予感 (2-0-368, intercept): 「対戦相手のターン終了時、あなたの手札が1枚以上あり、あなたのフィールドのユニット
    が4体以下の場合、あなたの捨札にある進化ユニット以外のコスト3以下の紫属性ユニットをランダムで1体【特殊召喚】する。
    あなたは手札のカードを1枚選んで捨てる」: with a card in hand the purple cost-2 unit of the discard comes (not the red
    one) and the hand card is discarded; with an empty hand the condition fails and the card is not used (PF: a purple
    unit on the field, which a purple intercept needs, §3)."""
    for in_hand in (True, False):
        s = state([real("2-0-368"), card("PUR", cost=2, colour="purple"), card("RED", cost=2), card("H"),
                   card("PF", colour="purple")], [card("FOE")])
        V(s)["P"][0, R.P_TOP] = 5
        zone(s, 0, 0)
        field(s, 0, 4)
        if in_hand:
            hand(s, 0, 3)
        setup_turn(s, 1)
        A.turn_end(s, 1)
        assert _field_cards(s, 0) == ([4, 1] if in_hand else [4])
        assert V(s)["P"][0, R.P_HAND] == 0 and V(s)["P"][0, R.P_ZONE] == (0 if in_hand else 1)


@needs_catalog
def test_2_2_048_pandemonium_counts_the_blue_cards_of_the_discard():
    """百鬼夜行 (2-2-048, intercept): 「あなたのユニットがフィールドに出た時、あなたのフィールドにユニットが4体以下で、
    あなたの捨札の青属性のカードが15枚以上ある場合、あなたの捨札にある進化ユニット以外のコスト3以下の青属性ユニットを
    ランダムで4体まで【特殊召喚】する」: 15 blue cards in the discard summon four blue units (14 do nothing)."""
    for blues in (15, 14):
        cards = [real("2-2-048"), card("ENTER", colour="blue")] + [card("BLU", cost=2, colour="blue")] * blues
        s = state(cards, [card("FOE")])
        V(s)["P"][0, R.P_TOP] = len(cards)
        zone(s, 0, 0)
        _drive(s, 0, 1)
        assert len(_field_cards(s, 0)) == (5 if blues == 15 else 1)


@needs_catalog
def test_2_0_060_divine_wind_gives_cp_with_ten_green_cards_in_the_discard():
    """救いの神風 (2-0-060, intercept): 「あなたのユニットがフィールドに出た時、あなたの捨札に緑属性のカードが10枚以上
    ある場合、あなたのCPを+5する」: the green cards are counted, the red ones are not."""
    for greens in (10, 9):
        cards = [real("2-0-060"), card("ENTER", cost=0, colour="green")] + [card("GRN", colour="green")] * greens + [card("RED")] * 3
        s = state(cards, [card("FOE")])
        V(s)["P"][0, R.P_TOP] = len(cards)
        zone(s, 0, 0)
        _drive(s, 0, 1)
        assert V(s)["P"][0, R.P_CP] == (7 - 3 + 5 if greens == 10 else 7)  # the intercept costs 3
