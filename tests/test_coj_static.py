"""CODE OF JOKER field effects (rules/coj.md §10 フィールド効果: active while the unit is on the field, lost
at once when it leaves or stops) with real catalog cards: BP and keywords given to a side's units of a
kind, and a BP counted per unit."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from tests.test_coj_rules import V, bp, card, field, state
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


def _angel(code, **kw):
    return replace(card(code, **kw), job="天使")


@needs_catalog
def test_1_0_108_michael_gives_own_angels_1000_while_on_the_field():
    """大天使ミカエル (1-0-108) サポーター/天使: 「あなたの【天使】ユニットのBPを+1000する」: its side's 【天使】 units,
    itself included, not another species nor the opponent's 【天使】; when it leaves, an 【天使】 whose damage
    the bonus held up (3000 BP, 3000 damage) is destroyed at once."""
    michael = real("1-0-108")
    s = state([michael, _angel("ANG", bp=(3000, 3000, 3000)), card("MAN", bp=(3000, 3000, 3000))],
              [_angel("FOE", bp=(3000, 3000, 3000))])
    setup_turn(s, 0)
    m = field(s, 0, 0)
    a, o = field(s, 0, 1), field(s, 0, 2)
    f = field(s, 1, 0)
    assert bp(s, 0, m) == michael.bp[0] + 1000 and bp(s, 0, a) == 4000
    assert bp(s, 0, o) == 3000 and bp(s, 1, f) == 3000
    assert not R.take_damage(s, 0, a, 3000, True) and bp(s, 0, a) == 1000
    FX.hit_unit(s, 1, 0, m, R.OP_BOUNCE, 0, 0)  # Michael back to the hand
    FX.settle(s)
    assert [int(c) for c in V(s)["U"][0, :V(s)["P"][0, R.P_FIELD], R.U_CARD]] == [2]


@needs_catalog
def test_1_1_051_eligor_counts_own_undead():
    """エリゴール (1-1-051) 闘士/不死: 「このユニットのBPは、あなたのフィールドの【不死】ユニット1体につき+2000され
    る」: two own 【不死】 units give +4000; the opponent's do not count, nor do other units gain anything."""
    undead = replace(card("UND", bp=(1000, 1000, 1000)), job="不死")
    s = state([real("1-1-051"), undead, undead], [undead])
    j = field(s, 0, 0)
    assert bp(s, 0, j) == 7000
    u = field(s, 0, 1)
    field(s, 0, 2)
    field(s, 1, 0)
    assert bp(s, 0, j) == 11000 and bp(s, 0, u) == 1000


@needs_catalog
def test_1_1_006_maya_weakens_the_opponents_units_and_kills_a_1000_on_entry():
    """裁きのマーヤ (1-1-006) 煉獄の判決: 「対戦相手のユニットのBPを-1000する」: the opponent's units are 1000
    lower, its own are not; an opposing 1000-BP unit driven under it has BP 0 and is destroyed at once;
    a 【沈黙】 granted to Maya stops it (§10 沈黙: its own effects do not run) until that turn ends."""
    s = state([real("1-1-006"), card("OWN", bp=(3000, 3000, 3000))],
              [card("BIG", bp=(3000, 3000, 3000)), card("TINY", cost=1, bp=(1000, 1000, 1000))])
    m = field(s, 0, 0)
    own = field(s, 0, 1)
    big = field(s, 1, 0)
    assert bp(s, 1, big) == 2000 and bp(s, 0, own) == 3000
    setup_turn(s, 1)
    hand(s, 1, 1)
    A.drive(s, 1, 0)
    assert V(s)["P"][1, R.P_FIELD] == 1  # TINY entered and died
    FX.hit_unit(s, 1, 0, m, R.OP_GRANT, 0, R.KEYWORDS.index("silence"))
    assert bp(s, 1, big) == 3000
    A.turn_end(s, 1)
    assert bp(s, 1, big) == 2000


@needs_catalog
def test_1_4_120_aither_gives_own_angels_penetrate():
    """天空のアイテール (1-4-120): 「あなたの【天使】ユニットに【貫通】を与える」: an own 【天使】 that beats a blocker
    deals 1 LP through it; a unit of another species does not."""
    s = state([real("1-4-120"), _angel("ANG", bp=(9000, 9000, 9000), kw=["speed_move"])],
              [card("WALL", bp=(1000, 1000, 1000), kw=["forced_defense"]), card("W2", bp=(1000, 1000, 1000))])
    setup_turn(s, 0)
    field(s, 0, 0, act=0)
    a = field(s, 0, 1)
    field(s, 1, 0)
    assert R.unit_kw(s, 0, a) & R.KW_PENETRATE and not R.unit_kw(s, 1, 0) & R.KW_PENETRATE
    A.attack(s, 0, a)
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][1, R.P_LP] == 7
