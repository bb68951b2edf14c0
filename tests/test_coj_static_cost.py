"""CODE OF JOKER field effects (rules/coj.md §10 フィールド効果) reaching units by their printed cost, with real catalog cards:
「対戦相手のコスト2以下のユニットに【攻撃禁止】を与える」, 「全てのコスト1以下のユニットに【進化禁止】を与える」 (a static row's E_COND2
CC_COST_LE, rules.static_reaches; 「全ての」: both sides' units)."""

from __future__ import annotations

from sim.games.coj import rules as R
from tests.test_coj_rules import card, field, state
from tests.test_coj_timing import needs_catalog, real


@needs_catalog
def test_1_3_232_bans_the_attacks_of_the_opponents_cheap_units():
    """(1-3-232): 「対戦相手のコスト2以下のユニットに【攻撃禁止】を与える」: an opposing cost-2 unit cannot attack, an opposing
    cost-3 unit and an own cost-1 unit can."""
    s = state([real("1-3-232"), card("OWN", cost=1)], [card("CHP", cost=2), card("BIG", cost=3)])
    field(s, 0, 0)
    own = field(s, 0, 1)
    cheap, big = field(s, 1, 0), field(s, 1, 1)
    assert R.unit_kw(s, 1, cheap) & R.KW_ATTACK_BAN
    assert not R.unit_kw(s, 1, big) & R.KW_ATTACK_BAN and not R.unit_kw(s, 0, own) & R.KW_ATTACK_BAN


@needs_catalog
def test_pr_099_bans_evolving_every_cost_1_unit_of_both_sides():
    """(PR-099): 「全てのコスト1以下のユニットに【進化禁止】を与える」: a cost-1 unit of each side has 【進化禁止】, a cost-2 unit not;
    once PR-099 leaves, none has it."""
    s = state([real("PR-099"), card("ONE", cost=1)], [card("OPP", cost=1), card("TWO", cost=2)])
    field(s, 0, 0)
    own = field(s, 0, 1)
    opp, two = field(s, 1, 0), field(s, 1, 1)
    assert R.unit_kw(s, 0, own) & R.KW_EVOLUTION_BAN and R.unit_kw(s, 1, opp) & R.KW_EVOLUTION_BAN
    assert not R.unit_kw(s, 1, two) & R.KW_EVOLUTION_BAN
    R.remove_unit(s, 0, 0)
    assert not R.unit_kw(s, 0, 0) & R.KW_EVOLUTION_BAN and not R.unit_kw(s, 1, opp) & R.KW_EVOLUTION_BAN
