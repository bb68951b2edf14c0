"""CODE OF JOKER abilities in parts by the colours on the own field (「あなたのフィールドに[黄/緑]属性のユニットがいる
場合、それぞれ以下の効果が発動する。●[黄]… ●[緑]…」), with real catalog cards: each part runs when the own field holds
a unit of its colour (the entering unit itself counts), whether or not the other part does."""

from __future__ import annotations

from sim.games.coj import rules as R
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, bp, card, field, state
from tests.test_coj_timing import needs_catalog, real

FOE = card("FOE", bp=(5000, 5000, 5000))


@needs_catalog
def test_1_4_003_leo_binds_with_a_yellow_unit_and_gives_cp_with_a_green_one():
    """奮迅のレオ (1-4-003, red) エレメント・レオ: 「●[黄] 対戦相手のユニットを1体選ぶ。それに【呪縛】を与える。●[緑]
    あなたのCPを+2する」: with a yellow unit only the bind, with a green one only the CP, with both both, with neither
    (the red unit itself is neither) nothing."""
    for colours in ((), ("yellow",), ("green",), ("yellow", "green")):
        s = state([real("1-4-003")] + [card(c.upper(), colour=c) for c in colours], [FOE])
        for c in range(len(colours)):
            field(s, 0, c + 1)
        field(s, 1, 0)
        _drive(s, 0, 0)
        bound = bool(V(s)["U"][1, 0, R.U_PKW] & R.KW_BIND)
        assert bound == ("yellow" in colours)
        assert V(s)["P"][0, R.P_CP] == 7 - 3 + (2 if "green" in colours else 0)


@needs_catalog
def test_1_4_027_taurus_grants_two_keywords_to_itself_with_a_red_unit():
    """圧殺のタウロス (1-4-027, green) エレメント・タウロス: 「●[赤] このユニットに【固着】と【無我の境地】を与える。●[青]
    対戦相手は手札を1枚ランダムで捨てる」: a red unit on the field gives it both keywords; no blue one, no discard."""
    s = state([real("1-4-027"), card("RED")], [FOE, card("H")])
    field(s, 0, 1)
    R.add_to_hand(s, 1, 1, 1)
    _drive(s, 0, 0)
    j = [int(c) for c in V(s)["U"][0, :V(s)["P"][0, R.P_FIELD], R.U_CARD]].index(0)
    assert R.unit_kw(s, 0, j) & R.KW_ANCHORED and R.unit_kw(s, 0, j) & R.KW_SELFLESS
    assert V(s)["P"][1, R.P_HAND] == 1


@needs_catalog
def test_1_4_107_aquarius_sweeps_with_a_green_unit():
    """清泉アクエリアス (1-4-107, yellow) エレメント・アクエリアス: 「●[赤] 対戦相手のトリガーゾーンにあるカードを1枚
    ランダムで破壊する。●[緑] 対戦相手の全てのユニットの基本BPを-1000する」: a green unit, no red one: the opposing
    units lose 1000 base BP, the opposing set card stays."""
    s = state([real("1-4-107"), card("GRN", colour="green")], [FOE, FOE, card("SET", type="trigger", colour="colorless")])
    field(s, 0, 1)
    field(s, 1, 0)
    field(s, 1, 1)
    R.zone_add(s, 1, 2)
    _drive(s, 0, 0)
    assert [bp(s, 1, j) for j in range(2)] == [4000, 4000] and V(s)["P"][1, R.P_ZONE] == 1
