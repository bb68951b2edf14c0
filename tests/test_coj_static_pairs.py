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
