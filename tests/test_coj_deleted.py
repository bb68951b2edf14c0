"""CODE OF JOKER 「このユニットが消滅した時」 and 「破壊または消滅した時」 with real catalog cards (§5 消滅: the unit goes to
the deleted zone; it is not destroyed, so only these abilities answer it, not "when destroyed" ones)."""

from __future__ import annotations

from sim.games.coj import effects as FX
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from tests.test_coj_rules import V, card, field, state
from tests.test_coj_timing import needs_catalog, real


def _remove(s, p, j, delete):
    """The opponent's effect deletes (消滅) or destroys p's unit in slot j; its effects then resolve."""
    FX.hit_unit(s, 1 - p, p, j, R.OP_BREAK, 0, VOC.FL_DELETE if delete else 0)
    FX.settle(s)


@needs_catalog
def test_2_1_125_nephthys_gains_purple_when_destroyed_or_deleted():
    """ネフティス (2-1-125) パーリ・ナイト: 「このユニットが破壊または消滅した時、あなたは進化ユニットカードを1枚引く。あなたの
    紫ゲージを+1する」: deleted, then (another copy) destroyed, each adds 1 to the purple gauge."""
    s = state([real("2-1-125"), real("2-1-125")], [])
    for delete in (True, False):
        _remove(s, 0, field(s, 0, 0 if delete else 1), delete)
    assert V(s)["P"][0, R.P_PURPLE] == 2 and R.deleted(s, 0, 0) and not R.deleted(s, 0, 1)


@needs_catalog
def test_pr_054_arianrhod_deletes_an_opposing_unit_when_deleted_not_when_destroyed():
    """アリアンロッド (PR-054, evolution) エリミネイト・ポイント: 「このユニットが消滅した時、対戦相手のユニットを1体選ぶ。それを
    消滅させる」: destroyed it does nothing; deleted it deletes the opposing unit."""
    s = state([real("PR-054"), real("PR-054")], [card("FOE")])
    field(s, 1, 0)
    _remove(s, 0, field(s, 0, 0), False)
    assert V(s)["P"][1, R.P_FIELD] == 1
    _remove(s, 0, field(s, 0, 1), True)
    assert V(s)["P"][1, R.P_FIELD] == 0 and R.deleted(s, 1, 0)
