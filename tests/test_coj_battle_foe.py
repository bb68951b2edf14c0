"""CODE OF JOKER 「戦闘中の相手ユニット」 (the unit on the other side of the battle, rules/coj.md §8) in battle
and block abilities, with real catalog cards: the op hits that unit, never another one, and is no choice
(a 【加護】 unit is not protected from it)."""

from __future__ import annotations

from dataclasses import replace

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


def _cards(s, p):
    return [int(c) for c in V(s)["U"][p, :V(s)["P"][p, R.P_FIELD], R.U_CARD]]


@needs_catalog
def test_1_2_118_okita_destroys_its_blocker_not_another_unit():
    """天剣の沖田 (1-2-118) 秘技・無明剣: 「このユニットが戦闘した時、戦闘中の相手ユニットを破壊する」: attacking
    into a 9000 【加護】 blocker, the blocker is destroyed before damage (Okita survives); the opponent's other
    unit (cheaper, what a choice would take) stays."""
    s = state([real("1-2-118")], [card("WALL", bp=(9000,) * 3, kw=["forced_defense", "protection"]),
                                  card("SMALL", cost=0, bp=(1000,) * 3)])
    setup_turn(s, 0)
    field(s, 1, 0)
    field(s, 1, 1, act=0)
    A.attack(s, 0, field(s, 0, 0))
    assert _cards(s, 1) == [1] and _cards(s, 0) == [0]


@needs_catalog
def test_1_1_052_mad_sister_destroys_a_foe_of_level_2_and_up():
    """マッドシスター (1-1-052) 狂乱の宴: 「このユニットが戦闘した時、戦闘中の相手ユニットがレベル2以上だった場合、
    それを破壊する」: blocking a 9000 Lv.2 attacker destroys it before damage; a Lv.1 one is not destroyed and
    wins the battle (【強制防御】 given here so that the policy blocks)."""
    sister = replace(real("1-1-052"), keywords=frozenset({"forced_defense"}))
    for lvl in (2, 1):
        s = state([sister], [card("RUSH", bp=(9000,) * 3)])
        setup_turn(s, 1)
        field(s, 0, 0)
        A.attack(s, 1, field(s, 1, 0, lvl=lvl))
        assert (_cards(s, 1), _cards(s, 0)) == (([], [0]) if lvl == 2 else ([0], []))


@needs_catalog
def test_2_2_032_out_of_ammo_silences_the_foe_of_your_battle():
    """弾切れ (2-2-032, trigger): 「あなたのユニットが戦闘した時、戦闘中の相手ユニットに【沈黙】を与える」: the
    opponent's blocker (it survives the battle) gets 沈黙, its other unit does not."""
    s = state([real("2-2-032"), card("ATK", bp=(1000,) * 3)],
              [card("WALL", bp=(3000,) * 3, kw=["forced_defense"]), card("OTHER", bp=(3000,) * 3)])
    zone(s, 0, 0)
    setup_turn(s, 0)
    field(s, 1, 0)
    field(s, 1, 1, act=0)
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][0, R.P_ZONE] == 0 and _cards(s, 1) == [0, 1]
    assert R.unit_kw(s, 1, 0) & R.KW_SILENCE and not R.unit_kw(s, 1, 1) & R.KW_SILENCE
