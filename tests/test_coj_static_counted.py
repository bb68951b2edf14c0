"""CODE OF JOKER field effects (rules/coj.md §10 フィールド効果) whose BP change counts the own side's units, with real
catalog cards: 「このユニットのBPは、あなたのフィールドのこのユニット以外の【悪魔】ユニット / ユニット1体につき+2000される」
(the unit itself not counted) and 「あなたの【珍獣】ユニット / 全てのユニットのBPを+[あなたのフィールドの【珍獣】 / ユニット数×N]
する」 (importer._static_counted)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import rules as R
from tests.test_coj_rules import bp, card, field, state
from tests.test_coj_timing import needs_catalog, real


def _of(job, code, **kw):
    return replace(card(code, bp=(1000, 1000, 1000), **kw), job=job)


@needs_catalog
def test_1_1_005_counts_the_other_own_demons_not_itself():
    """(1-1-005, a 【悪魔】 itself): 「このユニットのBPは、あなたのフィールドのこのユニット以外の【悪魔】ユニット1体につき
    +2000される」: alone it has its printed BP; one other own 【悪魔】 gives +2000, a unit of another species and the
    opponent's 【悪魔】 nothing."""
    demon = real("1-1-005")
    s = state([demon, _of("悪魔", "DEM"), _of("天使", "ANG")], [_of("悪魔", "FOE")])
    j = field(s, 0, 0)
    assert bp(s, 0, j) == demon.bp[0]
    field(s, 0, 2)
    field(s, 1, 0)
    assert bp(s, 0, j) == demon.bp[0]
    field(s, 0, 1)
    assert bp(s, 0, j) == demon.bp[0] + 2000


@needs_catalog
def test_pr_029_counts_every_other_own_unit():
    """(PR-029): 「このユニットのBPは、あなたのフィールドのこのユニット以外のユニット1体につき+2000される」: two other own
    units give +4000; removing one takes 2000 back."""
    unit = real("PR-029")
    s = state([unit, card("A"), card("B")], [card("FOE")])
    j = field(s, 0, 0)
    field(s, 1, 0)
    assert bp(s, 0, j) == unit.bp[0]
    field(s, 0, 1)
    field(s, 0, 2)
    assert bp(s, 0, j) == unit.bp[0] + 4000
    R.remove_unit(s, 0, 2)
    assert bp(s, 0, j) == unit.bp[0] + 2000


@needs_catalog
def test_2_1_018_gives_own_rare_beasts_1000_per_rare_beast():
    """(2-1-018, a 【珍獣】): 「あなたの【珍獣】ユニットのBPを+[あなたのフィールドの【珍獣】×1000]する」: with another own
    【珍獣】 both get +2000 (two 【珍獣】 on the field); an own unit of another species gets nothing."""
    beast = real("2-1-018")
    s = state([beast, _of("珍獣", "BST"), _of("天使", "ANG")], [card("FOE")])
    j = field(s, 0, 0)
    assert bp(s, 0, j) == beast.bp[0] + 1000
    b, a = field(s, 0, 1), field(s, 0, 2)
    assert bp(s, 0, j) == beast.bp[0] + 2000 and bp(s, 0, b) == 3000 and bp(s, 0, a) == 1000


@needs_catalog
def test_2_1_020_gives_every_own_unit_500_per_own_unit():
    """(2-1-020): 「あなたの全てのユニットのBPを+[あなたのフィールドのユニット数×500]する」: with three own units each gets
    +1500; the opponent's unit gets nothing."""
    unit = real("2-1-020")
    s = state([unit, card("A", bp=(1000, 1000, 1000)), card("B", bp=(1000, 1000, 1000))], [card("FOE", bp=(1000, 1000, 1000))])
    j = field(s, 0, 0)
    a, b = field(s, 0, 1), field(s, 0, 2)
    f = field(s, 1, 0)
    assert bp(s, 0, j) == unit.bp[0] + 1500 and bp(s, 0, a) == 2500 and bp(s, 0, b) == 2500 and bp(s, 1, f) == 1000
