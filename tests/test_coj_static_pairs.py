"""CODE OF JOKER field effects (rules/coj.md §10 フィールド効果) printed as two effects on the same units in one
sentence (「…ユニットのBPを+1000し、【不屈】を与える」, 「…ユニットに【不屈】と【貫通】を与える」), and field effects
followed by a timed ability in one body, with real catalog cards."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import rules as R
from sim.games.coj.vocab import KEYWORDS
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, bp, card, field, state
from tests.test_coj_timing import needs_catalog, real


def _has(s, p, j, name):
    return bool(R.unit_kw(s, p, j) >> KEYWORDS.index(name) & 1)


@needs_catalog
def test_1_3_210_royal_soldier_gives_own_warriors_bp_and_indomitable():
    """ロイヤルソルジャー (1-3-210): 「あなたのフィールドの【戦士】ユニットのBPを+1000し、【不屈】を与える」: an own
    【戦士】 unit gets both; an own unit of another species and the opponent's 【戦士】 get neither."""
    warrior = replace(card("WAR", bp=(3000, 3000, 3000)), job="戦士")
    s = state([real("1-3-210"), warrior, card("MAN", bp=(3000, 3000, 3000))], [warrior])
    field(s, 0, 0)
    w, m = field(s, 0, 1), field(s, 0, 2)
    f = field(s, 1, 0)
    assert bp(s, 0, w) == 4000 and _has(s, 0, w, "indomitable")
    assert bp(s, 0, m) == 3000 and not _has(s, 0, m, "indomitable")
    assert bp(s, 1, f) == 3000 and not _has(s, 1, f, "indomitable")


@needs_catalog
def test_1_4_231_arondight_gives_bushin_two_keywords_and_pumps_on_entry():
    """護剣・アロンダイト (1-4-231) 護剣の戦舞: 「あなたの【武身】ユニットに【不屈】と【貫通】を与える。このユニットが
    フィールドに出た時、またはあなたのターン開始時、あなたの全てのユニットの基本BPを+2000する。…」: a field effect
    (both keywords to own 【武身】 units, itself included) and, as it is driven, +2000 base BP to every own unit."""
    s = state([real("1-4-231"), card("MAN")])
    m = field(s, 0, 1)
    _drive(s, 0, 0)
    j = 1 - m
    assert _has(s, 0, j, "indomitable") and _has(s, 0, j, "penetrate")
    assert not _has(s, 0, m, "penetrate")
    assert V(s)["U"][0, j, R.U_BASE] == 2000 and V(s)["U"][0, m, R.U_BASE] == 2000


@needs_catalog
def test_2_0_024_shield_of_order_while_the_field_holds_two_units_or_fewer():
    """2-0-024: 「あなたのフィールドにユニットが2体以下の場合、このユニットに【秩序の盾】を与える」 (a field effect with a
    condition on its side's field): with one other own unit it has 【秩序の盾】, a third own unit takes it away, and the
    third leaving gives it back; the opponent's units do not count."""
    s = state([real("2-0-024"), card("A"), card("B")], [card("F1"), card("F2"), card("F3")])
    j = field(s, 0, 0)
    field(s, 0, 1)
    for k in range(3):
        field(s, 1, k)
    assert _has(s, 0, j, "shield_of_order")
    b = field(s, 0, 2)
    assert not _has(s, 0, j, "shield_of_order")
    R.remove_unit(s, 0, b)
    R.field_changed(s, 0)
    assert _has(s, 0, j, "shield_of_order")


@needs_catalog
def test_2_3_020_beasts_get_shield_of_order_from_four_beasts():
    """2-3-020: 「あなたのフィールドに【獣】ユニットが4体以上いる場合、あなたの【獣】ユニットに【秩序の盾】を与える」:
    with 3 【獣】 units (itself included) none has it, with the 4th all four do; an own unit of another species never."""
    beast = replace(card("BEAST"), job="獣")
    s = state([real("2-3-020"), beast, beast, beast, card("MAN")])
    units = [field(s, 0, c) for c in (0, 1, 2, 4)]
    assert not any(_has(s, 0, j, "shield_of_order") for j in units)
    k = field(s, 0, 3)
    assert all(_has(s, 0, j, "shield_of_order") for j in units[:3] + [k]) and not _has(s, 0, units[3], "shield_of_order")
