"""CODE OF JOKER 「あなたの捨札を全てデッキに戻す」 (recover with param RECOVER_TO_DECK), with real catalog cards: every
card of the own discard goes back into the deck at a random place; the deleted cards stay deleted."""

from __future__ import annotations

from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real


def _deck(s, p):
    P = V(s)["P"]
    return sorted(int(c) for c in V(s)["DK"][p, P[p, R.P_TOP]:P[p, R.P_N]])


@needs_catalog
def test_2_0_142_death_ledger_destroys_with_five_blue_cards_and_returns_the_discard():
    """死神の帳簿 (2-0-142, blue intercept): 「あなたのユニットがフィールドに出た時、あなたの捨札に青属性のカードが5枚以上
    ある場合、対戦相手のユニットを1体選ぶ。それを破壊する。あなたの捨札を全てデッキに戻す」: the used card is in the discard
    as it resolves, so with 4 other blue cards there (5 in all) the opposing unit is destroyed, with 3 it is not; in both
    cases the discard (the intercept itself too) goes back into the deck, the deleted card excepted."""
    for blues in (4, 3):
        cards = [real("2-0-142"), card("ENTER", colour="blue"), card("GONE")] + [card("B", colour="blue")] * blues
        s = state(cards, [card("FOE")])
        V(s)["P"][0, R.P_TOP] = len(cards)
        R.delete_unit(s, 0, field(s, 0, 2))
        zone(s, 0, 0)
        field(s, 1, 0)
        _drive(s, 0, 1)
        assert V(s)["P"][1, R.P_FIELD] == (0 if blues == 4 else 1)
        deck = _deck(s, 0)
        assert all(c in deck for c in range(3, len(cards))) and 0 in deck
        assert 2 not in deck and R.deleted(s, 0, 2) and 1 not in deck  # the entered unit stays on the field


@needs_catalog
def test_1_3_260_black_wings_returns_the_discard_then_draws_an_intercept():
    """蘇る黒き翼 (1-3-260, blue intercept): 「あなたのユニットがフィールドに出た時、あなたの捨札にあるカードを全てデッキに
    戻す。あなたはインターセプトカードを1枚引く」: the intercept in the discard (INT) and the used card itself (in the
    discard once used) go back into the deck, then one of those two intercepts comes to the hand, the other stays."""
    cards = [real("1-3-260"), card("ENTER", colour="blue"), card("INT", type="intercept", colour="colorless")]
    s = state(cards, [card("FOE")])
    V(s)["P"][0, R.P_TOP] = 3
    zone(s, 0, 0)
    _drive(s, 0, 1)
    hand = [int(c) for c in V(s)["H"][0, :V(s)["P"][0, R.P_HAND]]]
    assert len(hand) == 1 and hand[0] in (0, 2) and ({0, 2} - set(hand)) <= set(_deck(s, 0))
