"""CODE OF JOKER 【特殊召喚】 (special summon) and 「デッキに戻す」 with real catalog cards: the unit is put
on the field without paying and without entering (keywords.json 特殊召喚: no 「フィールドに出た時」 ability
fires and no 「ユニットがフィールドに出た時」 card answers it), picked at random among the matching cards."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn

WATCH = card("WATCH", type="trigger", colour="colorless", eff=["own_enters:heal:100:own_player"])


def _deck_cards(s, p):
    P = V(s)["P"]
    return sorted(V(s)["DK"][p, P[p, R.P_TOP]:P[p, R.P_N]])


def _field_cards(s, p):
    return [int(c) for c in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]]


@needs_catalog
def test_1_4_212_mjolnir_summons_a_bushin_from_the_deck_and_returns_to_it():
    """雷鎚・ミョルニル (1-4-212) 武身転生: 「相手ターン終了時、あなたのフィールドにユニットが4体以下の場合、デッキ
    からコスト3か4の【武身】をランダムで1体【特殊召喚】し、このユニットをデッキに戻す」. With 4 own units the
    summon fills the field to 5 and the unit still goes back (one condition for the sentence). The summoned
    炎剣・レーヴァテイン (2-0-005, cost 3) enters at Lv.1 with its action right and the attack restriction; its
    own 「フィールドに出た時」 damage and the set WATCH (「あなたのユニットがフィールドに出た時」) do not fire."""
    mjolnir, flame, big = real("1-4-212"), real("2-0-005"), real("2-0-023")  # 2-0-023: a cost-5 【武身】
    s = state([mjolnir, flame, big, card("A"), card("B"), card("C"), WATCH],
              [card("FOE", bp=(3000, 3000, 3000))])
    V(s)["P"][0, R.P_TOP] = 7  # copies 0-6 drawn; the deck is copies 7.. (fillers), then 1 and 2 put back
    deck = V(s)["DK"][0]
    deck[7], deck[1], deck[8], deck[2] = 1, 7, 2, 8
    for c in (0, 3, 4, 5):
        field(s, 0, c)
    zone(s, 0, 6)
    field(s, 1, 0)
    setup_turn(s, 1)
    A.turn_end(s, 1)
    # 2-0-005 in, 1-4-212 out, the cost-5 one still in the deck; 2-0-005's own 武身転生 does not answer the turn
    # end it was summoned in (it would summon 1-4-212 back, and so on)
    assert sorted(_field_cards(s, 0)) == [1, 3, 4, 5]
    j = _field_cards(s, 0).index(1)
    U = V(s)["U"][0, j]
    assert U[R.U_LVL] == 1 and U[R.U_ACT] == 1 and U[R.U_RESTR] == 1
    assert 0 in _deck_cards(s, 0) and 2 in _deck_cards(s, 0) and 1 not in _deck_cards(s, 0)
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["P"][0, R.P_LP] == 8  # no enter ability, no entry answered
    assert V(s)["P"][0, R.P_ZONE] == 1


@needs_catalog
def test_1_4_212_mjolnir_does_nothing_on_a_full_field():
    """The same ability with 5 own units: the condition fails, neither the summon nor the return happens."""
    mjolnir, flame = real("1-4-212"), real("2-0-005")
    s = state([mjolnir, card("A"), card("B"), card("C"), card("D"), flame])
    V(s)["P"][0, R.P_TOP] = 5
    for c in range(5):
        field(s, 0, c)
    setup_turn(s, 1)
    A.turn_end(s, 1)
    assert _field_cards(s, 0) == [0, 1, 2, 3, 4] and 5 in _deck_cards(s, 0)


@needs_catalog
def test_1_3_055_crimson_summoning_takes_a_random_red_unit_of_cost_2_or_less_from_the_discard():
    """紅炎の召喚術 (1-3-055): 「あなたの捨札にある進化ユニットカード以外のコスト2以下の赤属性ユニットをランダム
    で1体【特殊召喚】する」: only the red non-evolution units of cost <= 2 in the discard qualify (not a blue
    one, a red evolution, a cost-3 one, nor a copy still in the deck), each picked at some seed."""
    picked = set()
    for seed in range(12):
        s = state([real("1-3-055"), card("R1", cost=1), card("R2", cost=2), card("BLUE", cost=1, colour="blue"),
                   card("EVO", type="evolution", cost=1), card("R3", cost=3), card("DECK", cost=1)],
                  [card("RUSH", bp=(3000, 3000, 3000))], seed=seed)
        V(s)["P"][0, R.P_TOP] = 6  # copies 1-5 are in the discard, copy 6 (DECK) in the deck
        zone(s, 0, 0)
        uid = V(s)["U"][1, field(s, 1, 0), R.U_UID]
        setup_turn(s, 1)
        assert FX.card_usable(s, 0, 0, -1, 1, uid)
        FX.run_effects(s, 0, 0, -1, -1, 1, uid)
        assert len(_field_cards(s, 0)) == 1
        picked.add(_field_cards(s, 0)[0])
        assert V(s)["U"][0, 0, R.U_LVL] == 1
    assert picked == {1, 2}


@needs_catalog
def test_1_3_055_crimson_summoning_is_unusable_without_a_match():
    """§9: with no red unit of cost <= 2 in the discard the intercept would do nothing, so it cannot be used."""
    s = state([real("1-3-055"), card("BLUE", cost=1, colour="blue")], [card("RUSH")])
    V(s)["P"][0, R.P_TOP] = 2
    zone(s, 0, 0)
    uid = V(s)["U"][1, field(s, 1, 0), R.U_UID]
    assert not FX.card_usable(s, 0, 0, -1, 1, uid)


@needs_catalog
def test_2_3_110_eris_returns_the_chosen_unit_to_its_owners_deck():
    """海将エリス (2-3-110) アージェント・アンガー: 「このユニットがオーバークロックした時、対戦相手のユニットを1体
    選ぶ。それを対戦相手のデッキに戻す」: the unit leaves the field for its owner's deck (not the hand, not the
    discard), at a random place among the deck's cards; 【固着】 (kept out of the hand only) does not stop it."""
    rows = [e for e in real("2-3-110").effects if e.op == "bounce"]
    assert [(e.trigger, e.target, e.param) for e in rows] == [("overclock", "opp_character", VOC.BOUNCE_DECK)]
    places = set()
    for seed in range(8):
        s = state([real("2-3-110")], [card("FOE", kw=["anchored"])], seed=seed)
        V(s)["P"][1, R.P_TOP] = 1
        field(s, 1, 0)
        setup_turn(s, 0)
        R.set_level(s, 0, field(s, 0, 0), 3)
        FX.settle(s)
        assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][1, R.P_HAND] == 0
        assert V(s)["P"][1, R.P_TOP] == 0 and 0 in _deck_cards(s, 1)
        places.add(list(V(s)["DK"][1, :V(s)["P"][1, R.P_N]]).index(0))
    assert len(places) > 1
