"""sim.games.coj.gaps: an unexecuted CoJ line is put in the class of what blocks it."""

from __future__ import annotations

from sim.games.coj import gaps


def _kinds(block: str, ctype: str = "unit") -> set[str]:
    return {gaps._classify(part) for part in gaps.failing_parts(block, ctype)}


def test_blocked_parts_are_classed():
    # a 【起動】 ability is read as one (timing "action"): what blocks it is its sentence
    assert gaps.failing_parts("■起動・x\n【機械】ユニットのカードをランダムで3枚手札に作成する。(この効果は1ターンに1度発動できる)",
                              "unit") == ["【機械】ユニットのカードをランダムで3枚手札に作成する"]
    assert _kinds("■x\nこのユニットがフィールドに出た時、あなたのフィールドに[ゴリデス]を【特殊召喚】する。") == {"special_summon"}
    assert _kinds("■x\nあなたのライフが6以下の時、カードを1枚引く。") == {"timing"}
    assert _kinds("■x\nあなたの【天使】ユニットのBPを+1000する。") == {"static"}
    # a readable sentence is not blamed: only the second one blocks the line
    assert gaps.failing_parts("■x\nこのユニットがフィールドに出た時、カードを1枚引く。デスカウンター[3]を与える。", "unit") == [
        "デスカウンター[3]を与える"]
    # the options of a choice are read one by one
    parts = gaps.failing_parts("■x\nこのユニットがフィールドに出た時、以下の効果から1つを選び発動する。1:カードを1枚引く。"
                               "2:対戦相手のジョーカーゲージを20%減少させる。", "unit")
    assert [gaps._classify(p) for p in parts] == ["joker_gauge"]
