"""The defender's window after a battle (10.1.4.4; action abilities at instant speed, 9.3.1.7): the non-random
policies use an action ability there when it removes an opposing character now (Barret 15-133S once an Operative
was broken blocking), never one printed "You can only use this ability during your turn", and not with PR_REACT 0."""

from __future__ import annotations

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from tests.test_fftcg_conformance import _of_kind
from tests.test_fftcg_conformance_cards import fwd, line_card
from tests.test_fftcg_rules import make, put, tcard

OPERATIVE = "AVALANCHE Operative"


def blocked_by(mine, attacker_power: int = 9000, react: int = 1):
    """Seat 1 attacks with a Forward of `attacker_power`; seat 0 (`mine` active on its field, copy 1 a 3000
    Operative) blocks with copy 1, which is broken; the battle's window follows."""
    S, v = make(mine, [fwd("ATT", power=attacker_power)], filler=12)
    for k in range(len(mine)):
        put(v, 0, k, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["prm"][0, K.PR_REACT] = react
    v["gs"][K.X_ACTIVE] = 1
    K.update_static(S, 0)
    K.st_scr(S)[2, 0] = 0
    n = T.declare_attack(S, 1, 1, 7, 1)
    assert n == 1
    T.resolve_attack(S, 1, n, 1, 7, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK  # the Operative blocked and was broken
    return S, v


def test_15_133S_barret_breaks_the_attacker_after_an_operative_is_broken_blocking():
    barret = line_card("15-133S", "Dull active Barret")
    S, v = blocked_by([barret, _of_kind(fwd("OP", power=3000), "job", OPERATIVE)])
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK
    assert v["cs"][0, K.S_DULL, 0] == 1  # its cost


def test_15_133S_barret_waits_without_the_window_or_while_summoning_sick():
    mine = [line_card("15-133S", "Dull active Barret"), _of_kind(fwd("OP", power=3000), "job", OPERATIVE)]
    S, v = blocked_by(mine, react=0)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD
    S, v = make(mine, [fwd("ATT", power=9000)], filler=12)
    put(v, 0, 0, K.Z_FIELD, sick=1)  # entered in its controller's last turn (11.6.2.2)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["gs"][K.X_ACTIVE] = 1
    K.st_scr(S)[2, 0] = 0
    T.resolve_attack(S, 1, T.declare_attack(S, 1, 1, 7, 1), 1, 7, 1)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD


@pytest.mark.parametrize("rider,used", [("", True), (" You can only use this ability during your turn.", False)])
def test_rule_9_3_1_7_an_ability_limited_to_its_controllers_turn_is_not_used_in_the_opponents(rider: str, used: bool):
    sniper = tcard("SNIPE", "《ダル》: Choose 1 Forward opponent controls. Break it." + rider, type="backup")
    S, v = blocked_by([sniper, fwd("CHUMP", power=3000)])
    assert (v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK) == used


def test_rule_10_1_4_4_no_window_for_an_ability_that_removes_nothing():
    pump = tcard("PUMP", "《ダル》: Choose 1 Forward you control. It gains +1000 power until the end of the turn.",
                 type="backup")
    S, v = blocked_by([pump, fwd("CHUMP", power=3000)])
    assert v["cs"][0, K.S_DULL, 0] == 0


@pytest.mark.parametrize("react,blocker", [(1, 1), (0, -1)])
def test_15_133S_an_operative_blocks_a_bigger_attacker_when_its_break_lets_barret_answer(react: int, blocker: int):
    mine = [line_card("15-133S", "Dull active Barret"), _of_kind(fwd("OP", power=3000), "job", OPERATIVE)]
    S, v = make(mine, [fwd("ATT", power=9000)], filler=12)
    for k in range(2):
        put(v, 0, k, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    v["prm"][0, K.PR_REACT] = react
    v["gs"][K.X_ACTIVE] = 1
    K.st_scr(S)[2, 0] = 0
    assert P.choose_block(S, 0, 1) == blocker  # at 0 damage curve chumps with nothing else
    assert v["cs"][0, K.S_BROKEN, 1] != v["gs"][K.X_GTURN]  # the test's mark is undone
