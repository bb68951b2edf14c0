"""CODE OF JOKER 「戦闘終了時までお互いのプレイヤーは全ての効果を発動できない」 (no effect of either player until the end of the battle),
with real catalog cards: gain_cp GAIN_LOCK sets rules G_LOCK, which keeps every unit ability, trigger card and intercept of
both players from being used (effects.run_effects, next_trigger, use_one_intercept) until the attack ends (actions.attack)."""

from __future__ import annotations

import pytest

from sim.games.coj import actions as A
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from tests.test_coj_rules import V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


@needs_catalog
def test_1_0_071_tactics_end_keeps_the_blockers_intercept_set():
    """タクティクスエンド (1-0-071, intercept): 「あなたのユニットが戦闘した時、戦闘終了時までお互いのプレイヤーは全ての効果を発動
    できない」: the attacker's side uses it at the battle; the blocker's 届かない声 (PR-088, 「あなたのユニットがブロックした時、…
    BPを+2000する」) then stays set and the blocker keeps its BP; without タクティクスエンド PR-088 is used. After the attack
    effects can be used again."""
    for with_lock in (True, False):
        s = state([real("PR-088"), card("WALL", colour="yellow", bp=(5000,) * 3, kw=["forced_defense"])],
                  [real("1-0-071"), card("ATK", bp=(3000,) * 3)])
        setup_turn(s, 1)
        if with_lock:
            zone(s, 1, 0)
        zone(s, 0, 0)
        wall = field(s, 0, 1)
        A.attack(s, 1, field(s, 1, 1))
        assert V(s)["P"][1, R.P_ZONE] == 0 and V(s)["G"][R.G_LOCK] == 0
        assert V(s)["P"][0, R.P_ZONE] == (1 if with_lock else 0)
        assert R.unit_bp(s, 0, wall) == (5000 if with_lock else 7000)


@needs_catalog
@pytest.mark.parametrize("code", ["1-0-071", "1-0-107", "1-0-126", "2-0-330", "2-1-147", "PR-088"])
def test_the_battle_lock_is_read_on_every_card_that_prints_it(code):
    """Each of the six catalog cards with the wording reads it as one gain_cp GAIN_LOCK row to both players, after the rest
    of its ability and under the same timing."""
    effects = real(code).effects
    locks = [e for e in effects if e.op == "gain_cp" and e.param == VOC.GAIN_LOCK]
    assert len(locks) == 1 and locks[0].target == "all_players" and locks[0] is effects[-1]
