"""CODE OF JOKER 【起動】 abilities (「■起動・…」, keywords.json 起動: 「1ターンに1度だけ任意のタイミングで発動できる」)
with real catalog cards: used by the unit's controller as an action of the own action phase, once a turn per unit,
never by a unit with 【沈黙】 nor when none of its effects can act (§9 use legality)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import policy as PO
from sim.games.coj import rules as R
from sim.games.coj.activated import can_activate
from tests.test_coj_rules import V, bp, card, field, state
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn

FOE = card("FOE", bp=(5000, 5000, 5000))


def _bps(s, p):
    return [bp(s, p, j) for j in range(V(s)["P"][p, R.P_FIELD])]


@needs_catalog
def test_2_2_104_belial_sweeps_once_a_turn():
    """転生・ベリアル (2-2-104) 転生の邪炎: 「全てのユニットに3000ダメージを与える。(この効果は1ターンに1度発動できる)」:
    used, every unit takes 3000 (itself too); the same turn it cannot be used again, the next turn it can."""
    s = state([real("2-2-104")], [FOE, FOE])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    field(s, 1, 0)
    field(s, 1, 1)
    assert can_activate(s, 0, j)
    A.activate(s, 0, j)
    assert _bps(s, 0) == [4000] and _bps(s, 1) == [2000, 2000]
    assert not can_activate(s, 0, j)
    V(s)["G"][R.G_TURN] += 2  # the owner's next turn
    assert can_activate(s, 0, j)


@needs_catalog
def test_2_2_104_belial_silenced_cannot_use_it():
    """A unit with 【沈黙】 (its effects do not activate) cannot use its 【起動】 ability."""
    s = state([real("2-2-104")], [FOE])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    field(s, 1, 0)
    V(s)["U"][0, j, R.U_GKW] |= R.KW_SILENCE
    R.unit_derive(s, 0, j)  # its keywords now (U_KWS) follow the column written
    assert not can_activate(s, 0, j)


@needs_catalog
def test_2_2_014_marine_stella_needs_a_card_to_discard():
    """マリンステラガール (2-2-014) ワンダーステラ: 「あなたは手札を1枚選んで捨てる。そうした場合、あなたはカードを1枚
    引く」: with an empty hand the price cannot be paid, so it cannot be used; with a card it swaps it for the deck's
    top card."""
    s = state([real("2-2-014"), card("H", cost=4), card("TOP")])
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 2  # copy 2 is the deck's top card
    j = field(s, 0, 0)
    assert not can_activate(s, 0, j)
    hand(s, 0, 1)
    assert can_activate(s, 0, j)
    A.activate(s, 0, j)
    assert [int(c) for c in V(s)["H"][0, :V(s)["P"][0, R.P_HAND]]] == [2]


@needs_catalog
def test_2_2_107_catapiwarashi_hits_only_the_acted_units():
    """空戦型キャタピワラシ (2-2-107) 一斉掃射: 「対戦相手の全ての行動済ユニットに2000ダメージを与える」: only the
    opposing units without their action right take it; with none, it cannot be used."""
    s = state([real("2-2-107")], [FOE, FOE])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    field(s, 1, 0)
    assert not can_activate(s, 0, j)
    field(s, 1, 1, act=0)
    A.activate(s, 0, j)
    assert _bps(s, 1) == [5000, 3000]


@needs_catalog
def test_2_2_104_scripted_policy_uses_it_before_attacking_and_random_policy_lists_it():
    """The scripted policies use a usable 【起動】 ability once the plays are made, before the attacks; the random
    policy has it among its legal actions (once: after the use it is gone from the list)."""
    for pol in (2, 0):
        s = state([real("2-2-104")], [FOE], policies=(pol, pol))
        setup_turn(s, 0)
        j = field(s, 0, 0, restr=0)
        field(s, 1, 0)
        use = PO.act(PO.A_ACTIVATE, j, 0)
        count, _ = PO.enum_actions(s, 0, -1)
        listed = [PO.enum_actions(s, 0, k)[1] for k in range(count)]
        assert use in listed
        if pol:
            assert PO.choose_action(s, 0) == use
        A.do_action(s, 0, use)
        count, _ = PO.enum_actions(s, 0, -1)
        assert use not in [PO.enum_actions(s, 0, k)[1] for k in range(count)]


@needs_catalog
def test_2_3_202_four_saints_mill_the_chosen_saint_beast_from_the_deck():
    """2-3-202 四聖の殉国: 「デッキから【四聖獣】を1体選んで捨てる」: of the deck's cards the policy sends the costliest
    【四聖獣】 to the discard (not a costlier card of another species); with no 【四聖獣】 in the deck it cannot be used."""
    saint = real("2-3-202")
    for with_saint in (True, False):
        other = replace(card("S2", cost=2), job="四聖獣") if with_saint else card("N2", cost=2)
        s = state([saint, card("BIG", cost=9), other, card("N1", cost=1)])
        setup_turn(s, 0)
        V(s)["P"][0, R.P_TOP] = 1
        j = field(s, 0, 0)
        assert can_activate(s, 0, j) == with_saint
        if with_saint:
            A.activate(s, 0, j)
            P = V(s)["P"]
            assert P[0, R.P_TOP] == 2 and 2 not in V(s)["DK"][0, P[0, R.P_TOP]:P[0, R.P_N]]


@needs_catalog
def test_2_3_026_daji_gives_up_a_unit_for_the_gauge_and_burns_when_destroyed():
    """災禍の悪女・妲己 (2-3-026) 月に叢雲、花に風: 「■起動 あなたのユニットを1体選ぶ。それを破壊し、あなたの紫ゲージを+2
    する」 and, on its own line, 「自身が破壊された時、対戦相手の全ユニットに[紫ゲージ×1000]ダメージを与える」: the
    activation destroys the own unit it costs least (the cheap one, not 妲己) and the gauge goes 0 -> 2; 妲己 destroyed
    later deals 2000 to every opposing unit."""
    s = state([real("2-3-026"), card("CHEAP", cost=1)], [FOE, FOE])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    field(s, 1, 1)
    A.activate(s, 0, j)
    assert [int(c) for c in V(s)["U"][0, :V(s)["P"][0, R.P_FIELD], R.U_CARD]] == [0]
    assert V(s)["P"][0, R.P_PURPLE] == 2
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert _bps(s, 1) == [3000, 3000]


@needs_catalog
def test_1_3_023_banshee_destroys_itself_to_raise_an_opposing_level():
    """バンシー (1-3-023) 冥界エール: 「このユニットを破壊し、対戦相手のユニットを1体選ぶ。それのレベルを+1する」 (read as
    two sentences): the unit is destroyed and the opposing unit goes to Lv.2."""
    s = state([real("1-3-023")], [FOE])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    field(s, 1, 0)
    A.activate(s, 0, j)
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["U"][1, 0, R.U_LVL] == 2


@needs_catalog
def test_2_2_006_balor_recovers_an_acted_giant():
    """魔眼王バロール (2-2-006) 偉力の覚醒: 「あなたのフィールドに【巨人】ユニットが2体以上いる場合、あなたの行動済の【巨人】
    ユニットからランダムで1体の行動権を回復する」: with バロール and an acted 【巨人】 on the field, that one gets its action
    right back (not the acted unit of another species); with no second 【巨人】 it cannot be used."""
    giant = replace(card("GIANT"), job="巨人")
    for second in (True, False):
        s = state([real("2-2-006"), giant if second else card("MAN"), card("OTHER")])
        setup_turn(s, 0)
        j = field(s, 0, 0)
        field(s, 0, 1, act=0)
        field(s, 0, 2, act=0)
        assert can_activate(s, 0, j) == second
        if second:
            A.activate(s, 0, j)
            assert V(s)["U"][0, 1, R.U_ACT] == 1 and V(s)["U"][0, 2, R.U_ACT] == 0
