"""CODE OF JOKER sentences with two actions (「それの基本BPを+1000し、【加護】を与える」, 「それに【加護】と【無我の境地】
を与える」, 「それに【オーバーヒート】を与え、1000ダメージを与える」, 「あなたの全てのユニットの基本BPを+3000し、【呪縛】
を与える」) and 「あなたの全てのユニットをオーバークロックさせる」, with real catalog cards: the second action goes to
the unit (or the units) of the first."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from sim.games.coj.vocab import KEYWORDS
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, bp, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


def _has(s, p, j, name):
    return bool(R.unit_kw(s, p, j) >> KEYWORDS.index(name) & 1)


@needs_catalog
def test_1_1_093_the_entering_unit_gets_base_bp_and_protection():
    """一騎当千の神器 (1-1-093, intercept): 「あなたのユニットがフィールドに出た時、それの基本BPを+1000し、【加護】を
    与える」: both to the unit that entered, none to the unit already there."""
    s = state([real("1-1-093"), card("OLD"), card("NEW")])
    zone(s, 0, 0)
    field(s, 0, 1)
    _drive(s, 0, 2)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert V(s)["U"][0, 1, R.U_BASE] == 1000 and _has(s, 0, 1, "protection")
    assert V(s)["U"][0, 0, R.U_BASE] == 0 and not _has(s, 0, 0, "protection")


@needs_catalog
def test_pr_141_two_keywords_to_the_entering_unit():
    """挫けぬ信念 (PR-141, intercept): 「それに【加護】と【無我の境地】を与える」: the entering unit gets both."""
    s = state([real("PR-141"), card("NEW")])
    zone(s, 0, 0)
    _drive(s, 0, 1)
    assert _has(s, 0, 0, "protection") and _has(s, 0, 0, "selflessness")


@needs_catalog
def test_2_2_001_overheat_then_damage_doubles_it():
    """バーニングロイド (2-2-001): 「対戦相手のユニットを1体選ぶ。それに【オーバーヒート】を与え、1000ダメージを与える」:
    the 1000 damage comes after the 【オーバーヒート】, so it is doubled and a 2000 BP unit is destroyed."""
    s = state([real("2-2-001")], [card("FOE", bp=(2000, 2000, 2000))])
    field(s, 1, 0)
    _drive(s, 0, 0)
    assert V(s)["P"][1, R.P_FIELD] == 0


@needs_catalog
def test_pr_058_all_own_units_base_bp_and_bind():
    """三日天下 (PR-058, trigger): 「あなたの全てのユニットの基本BPを+3000し、【呪縛】を与える」: every own unit,
    the opponent's none."""
    s = state([real("PR-058"), card("OLD"), card("NEW")], [card("FOE")])
    zone(s, 0, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    _drive(s, 0, 2)
    for j in range(2):
        assert V(s)["U"][0, j, R.U_BASE] == 3000 and _has(s, 0, j, "bind")
    assert V(s)["U"][1, 0, R.U_BASE] == 0 and not _has(s, 1, 0, "bind")


@needs_catalog
def test_1_2_077_a_won_battle_overclocks_every_own_unit():
    """勝者の証 (1-2-077, intercept): 「あなたのユニットが戦闘に勝利した時、あなたの全てのユニットをオーバークロック
    させる」: the attacker beats a forced blocker and both own units go to Lv.3; the opponent's stay."""
    s = state([real("1-2-077"), card("ATK", colour="yellow", bp=(6000, 7000, 8000)), card("MATE")],
              [card("WALL", kw=["forced_defense"]), card("OTHER")])
    zone(s, 0, 0)
    aj = field(s, 0, 1)
    field(s, 0, 2)
    field(s, 1, 0)
    field(s, 1, 1, act=0)
    setup_turn(s, 0)
    A.attack(s, 0, aj)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert [int(V(s)["U"][0, j, R.U_LVL]) for j in range(2)] == [3, 3]
    assert int(V(s)["U"][1, 0, R.U_LVL]) == 1


@needs_catalog
def test_1_4_026_odd_rounds_pump_and_penetrate_until_turn_end():
    """RONIN (1-4-026) 辻斬りの刃: 「あなたのターン開始時、ラウンド数が奇数の場合、ターン終了時までこのユニットのBPを+4000し、【貫通】を与え
    る」: in round 3 both, gone at the turn end; in round 2 neither."""
    for rnd, on in ((3, True), (2, False)):
        unit = real("1-4-026")
        s = state([unit])
        j = field(s, 0, 0)
        V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = rnd, 2 * rnd - 1
        A.turn_start(s, 0)
        assert (bp(s, 0, j) == unit.bp[0] + 4000) == on and _has(s, 0, j, "penetrate") == on
        A.turn_end(s, 0)
        assert bp(s, 0, j) == unit.bp[0] and not _has(s, 0, j, "penetrate")
