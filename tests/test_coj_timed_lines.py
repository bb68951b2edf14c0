"""CODE OF JOKER abilities printed as one heading with several timed lines (「■カオス・ディール / このユニットが
フィールドに出た時、… / このユニットがアタックした時、…」): each line runs at its own timing
(importer.timed_parts), with real catalog cards."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import importer as IMP
from sim.games.coj import rules as R
from tests.test_coj_rules import BLANK, V, card, field, state, zone
from tests.test_coj_timing import hand, needs_catalog, real, setup_turn


def _field_cards(s, p):
    return [int(c) for c in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]]


@needs_catalog
def test_1_3_027_rina_destroys_on_entry():
    """大魔導士リーナ (1-3-027) カオス・ディール, first line: 「このユニットがフィールドに出た時、対戦相手のユニット
    を1体選ぶ。それを破壊する」."""
    s = state([real("1-3-027")], [card("FOE")])
    field(s, 1, 0)
    setup_turn(s, 0)
    hand(s, 0, 0)
    A.drive(s, 0, 0)
    assert V(s)["P"][1, R.P_FIELD] == 0 and _field_cards(s, 0) == [0]


@needs_catalog
def test_1_3_027_rina_gives_up_an_undead_to_destroy_a_level_2_unit_on_attack():
    """Second line: 「このユニットがアタックした時、あなたの【不死】ユニットを1体選ぶ。それを破壊する。そうした場合、
    対戦相手のレベル2以上のユニットを1体選ぶ。それを破壊する」: the 【不死】 unit バフォメット (1-0-111) goes and the
    opponent's Lv.2 unit with it, the Lv.1 one stays; with no 【不死】 unit nothing is destroyed (the cost unpaid)."""
    for undead in (True, False):
        own = [real("1-3-027")] + ([real("1-0-111")] if undead else [card("PLAIN")])
        s = state(own, [card("LV1"), card("LV2")])
        aj = field(s, 0, 0)
        field(s, 0, 1)
        field(s, 1, 0, act=0)  # spent: neither can block
        field(s, 1, 1, lvl=2, act=0)
        setup_turn(s, 0)
        A.attack(s, 0, aj)
        if undead:
            assert _field_cards(s, 0) == [0] and _field_cards(s, 1) == [0]
        else:
            assert _field_cards(s, 0) == [0, 1] and _field_cards(s, 1) == [0, 1]


@needs_catalog
def test_2_0_067_dark_prison_destroys_one_or_two_set_cards_by_the_purple_gauge():
    """ダークプリズン (2-0-067, intercept): 「[▼2]あなたのユニットがフィールドに出た時、あなたの紫ゲージが2以下の場合、
    対戦相手のトリガーゾーンにあるカードを1枚ランダムで破壊する」 and 「[▲3]…紫ゲージが3以上の場合、…2枚までランダムで
    破壊する」: one card at gauge 0, two at gauge 3; both lines answer the same event, so the card is one intercept."""
    for gauge, left in ((0, 2), (3, 1)):
        s = state([real("2-0-067"), card("MINE", colour="purple")], [BLANK, BLANK, BLANK])
        zone(s, 0, 0)
        zone(s, 1, 0, 1, 2)
        V(s)["P"][0, R.P_PURPLE] = gauge
        setup_turn(s, 0)
        hand(s, 0, 1)
        A.drive(s, 0, V(s)["P"][0, R.P_HAND] - 1)
        assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_ZONE] == left


def test_lines_of_different_events_on_a_zone_card_are_read_one_timing_each():
    """A trigger or intercept card whose lines answer two events (PR-081-like: 「あなたのユニットがアタックした時、… /
    あなたのユニットが破壊された時、…」) answers each (rules.zone_trigger: one timing per event); two lines of one event
    under different flags (「戦闘した時」 and 「戦闘に勝利した時」) are not read: which line an event runs would be unclear."""
    block = "■x\nあなたのユニットがアタックした時、カードを1枚引く。\nあなたのユニットが破壊された時、カードを1枚引く。"
    assert IMP.timed_parts(block) is not None
    on_card = IMP.parse_ability(block, "intercept")
    assert on_card is not None and [e.trigger for e in on_card[1]] == ["own_attacks", "leave"]
    same = "■x\nあなたのユニットが戦闘した時、カードを1枚引く。\nあなたのユニットが戦闘に勝利した時、カードを1枚引く。"
    assert IMP.parse_ability(same, "intercept") is None
    on_unit = IMP.parse_ability(block, "unit")  # a unit reads both lines: its own side's units (itself too) attack, are destroyed
    assert on_unit is not None and [e.trigger for e in on_unit[1]] == ["own_attacks", "attack", "own_destroyed", "leave"]
    unit = "■x\nこのユニットがアタックした時、カードを1枚引く。\nこのユニットが破壊された時、カードを1枚引く。"
    parsed = IMP.parse_ability(unit, "unit")
    assert parsed is not None and [e.trigger for e in parsed[1]] == ["attack", "leave"]
