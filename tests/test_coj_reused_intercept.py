"""CODE OF JOKER intercepts used several times (「このインターセプトは5回使用すると捨札にいく」, rules/coj.md §9
with the card's own text): the card stays set and answers each later event once, paying each time,
until its Nth use sends it to the discard."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real


@needs_catalog
def test_1_4_067_sibyl_book_draws_at_five_opponent_turn_ends_then_goes():
    """シビュラの書 (1-4-067, green, cost 2): 「対戦相手のターン終了時、あなたはカードを1枚引く」, 5 uses: one
    card per opponent turn end (not five at the first), CP paid each time, gone after the fifth."""
    book = real("1-4-067")
    assert "uses_5" in book.tags
    s = state([book, card("TREE", colour="green")], [card("FOE")])
    V(s)["P"][0, R.P_TOP] = 2
    zone(s, 0, 0)
    field(s, 0, 1)
    for n in range(1, 7):
        V(s)["G"][R.G_TP] = 1
        V(s)["P"][0, R.P_CP] = 3
        A.turn_end(s, 1)
        assert V(s)["P"][0, R.P_HAND] == min(n, 5) and V(s)["P"][0, R.P_CP] == (1 if n <= 5 else 3)
        assert V(s)["P"][0, R.P_ZONE] == (1 if n < 5 else 0)


@needs_catalog
def test_1_4_067_sibyl_book_is_unusable_without_cp_and_keeps_its_count():
    """Without the CP the intercept is not used and its count stays (it is used 3 times of 5 here)."""
    s = state([real("1-4-067"), card("TREE", colour="green")], [card("FOE")])
    V(s)["P"][0, R.P_TOP] = 2
    zone(s, 0, 0)
    field(s, 0, 1)
    for cp in (2, 2, 0, 2):
        V(s)["G"][R.G_TP] = 1
        V(s)["P"][0, R.P_CP] = cp
        A.turn_end(s, 1)
    assert V(s)["P"][0, R.P_HAND] == 3 and V(s)["P"][0, R.P_ZUSE] == 3 and V(s)["P"][0, R.P_ZONE] == 1
