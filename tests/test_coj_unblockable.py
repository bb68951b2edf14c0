"""CODE OF JOKER 「ブロックされない」 (no unit can block the unit; a printed effect, not a keywords.json keyword), with
real catalog cards: printed on a unit, granted until the turn ends by an intercept, granted by a trigger."""

from __future__ import annotations

from sim.games.coj import actions as A
from sim.games.coj import policy as POL
from sim.games.coj import rules as R
from sim.games.coj.vocab import KEYWORDS
from tests.test_coj_any_entry import _drive
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn

WALL = card("WALL", kw=["forced_defense"], bp=(9000, 9000, 9000))  # must block if it can, and would win


def _has(s, p, j, name):
    return bool(R.unit_kw(s, p, j) >> KEYWORDS.index(name) & 1)


@needs_catalog
def test_1_0_008_clara_cannot_be_blocked():
    """バルキリークララ (1-0-008) 聖女の加護: 「このユニットはブロックされない」: the forced 9000-BP blocker cannot
    block her, the attack hits the player; an ordinary attacker is blocked."""
    for code, blocked in (("1-0-008", False), (None, True)):
        s = state([real(code) if code else card("PLAIN")], [WALL])
        aj = field(s, 0, 0)
        w = field(s, 1, 0)
        setup_turn(s, 0)
        assert POL.can_block(s, 1, w, 0, aj) == blocked
        A.attack(s, 0, aj)
        assert V(s)["P"][1, R.P_LP] == (8 if blocked else 7)


@needs_catalog
def test_1_1_098_levitation_makes_the_attacker_unblockable_until_turn_end():
    """浮遊術 (1-1-098, intercept): 「あなたのユニットがアタックした時、ターン終了時までそれに「ブロックされない」効果を
    与える」: the attacker gets through the forced blocker, and loses the effect at the turn end."""
    s = state([real("1-1-098"), card("ATK", colour="blue")], [WALL])
    zone(s, 0, 0)
    aj = field(s, 0, 1)
    field(s, 1, 0)
    setup_turn(s, 0)
    A.attack(s, 0, aj)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_LP] == 7
    assert _has(s, 0, aj, "unblockable")
    A.turn_end(s, 0)
    assert not _has(s, 0, aj, "unblockable")


@needs_catalog
def test_1_4_235_sightseeing_flight_spends_and_grants_unblockable():
    """遊覧飛行 (1-4-235, trigger): 「あなたのユニットがフィールドに出た時、それの行動権を消費し、「ブロックされない」
    効果を与える」: the entering unit is spent and cannot be blocked (for as long as it stays)."""
    s = state([real("1-4-235"), card("NEW")])
    zone(s, 0, 0)
    _drive(s, 0, 1)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert V(s)["U"][0, 0, R.U_ACT] == 0 and _has(s, 0, 0, "unblockable")
