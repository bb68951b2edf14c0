"""Each position of a win-model collection records the deck it is scored for (Positions.mover), and
`deck_model --mover K` fits a matchup's model for deck K on those positions alone."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.bench import deck_model as DM
from sim.bench import winmodel as WM
from sim.games.fftcg import search as SR

DECKS = Path(__file__).resolve().parent.parent / "decks" / "fftcg"


def test_collected_positions_record_the_deck_to_move(tmp_path: Path) -> None:
    data = WM.collect([DECKS / "aggro.toml", DECKS / "control.toml"], None, 1, 3, 11, rollouts=1, candidates=True)
    assert set(data.mover) == {0, 1}
    for g in range(3):
        game = data.game == g
        after = data.mover[game & (data.decision < 0)]
        assert (np.diff(after) != 0).all()  # the seat to move alternates turn by turn
        # a decision's candidates are scored for the seat whose turn it is: the one the position before it left to move
        rows = np.flatnonzero(game)
        for k in np.unique(data.decision[game & (data.decision >= 0)]):
            first = np.flatnonzero(data.decision == k)
            before = rows[(rows < first[0]) & (data.decision[rows] < 0)][-1]
            assert (data.mover[first] == data.mover[before]).all()
    data.save(tmp_path / "c.npz")
    assert (WM.Positions.load(tmp_path / "c.npz").mover == data.mover).all()


def test_mover_keeps_the_positions_of_one_deck(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    rng = np.random.default_rng(4)
    games, rows = 8, 40
    n = games * rows
    x = rng.normal(size=(n, SR.NFEAT))
    decision = np.where(np.arange(n) % 2 == 0, np.arange(n) // 4, -1)  # two candidates a decision
    mover = (np.arange(n) // 4) % 2  # alternate decisions (and their after-turn rows) by deck
    wm = WM.Positions(x, 1 / (1 + np.exp(-x[:, 0])), np.repeat(np.arange(games), rows), decision,
                      np.zeros((n, 2 * WM.NNEXT)), mover)
    wm.save(tmp_path / "pair.npz")
    one = DM.moved_by(wm, 1)
    assert (one.mover == 1).all() and len(one.y) == (mover == 1).sum()
    DM.main([str(tmp_path / "pair.npz"), "--mover", "0"])
    held = ((np.repeat(np.arange(games), rows) % 2 == 1) & (mover == 0) & (decision >= 0)).sum() // 2
    assert f"| {held} |" in capsys.readouterr().out  # only deck 0's held-out decisions are scored
    legacy = WM.Positions(x, wm.y, wm.game, decision, wm.xn)
    legacy.save(tmp_path / "old.npz")
    assert WM.Positions.load(tmp_path / "old.npz").mover is None
    with pytest.raises(ValueError, match="no movers"):
        DM.moved_by(legacy, 0)
