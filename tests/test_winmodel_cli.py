"""`python -m sim.bench.winmodel` on saved collections: --load fits without playing, --train-also adds whole
collections to the training games, and today's WIN_MODEL is scored on the same held-out positions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.bench import winmodel as WM
from sim.games.fftcg import search as SR


def collection(rng: np.random.Generator, games: int, rows: int) -> WM.Positions:
    x = rng.normal(size=(games * rows, SR.NFEAT))
    y = 1.0 / (1.0 + np.exp(-x[:, 0]))  # a target the first feature decides
    game = np.repeat(np.arange(games), rows)
    decision = np.where(np.arange(len(y)) % 2 == 0, np.arange(len(y)) // 4, -1)  # two candidates a decision
    return WM.Positions(x, y, game, decision, np.zeros((len(y), 2 * WM.NNEXT)))


def test_train_also_adds_whole_collections_and_holds_out_the_odd_games(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture) -> None:
    rng = np.random.default_rng(3)
    main, extra = collection(rng, 10, 40), collection(rng, 6, 40)
    main.save(tmp_path / "main.npz")
    extra.save(tmp_path / "extra.npz")
    WM.main([str(tmp_path / "main.npz"), "--load", str(tmp_path / "main.npz"), "--train-also",
             str(tmp_path / "extra.npz"), "--rollouts", "1", "--candidates", "--decision-weight", "1"])
    out = capsys.readouterr().out
    # 5 even games of main (200 positions) and all 240 of extra train; the 5 odd games of main (200) are held out
    assert "positions 400 from 10 games (train 440, test 200)" in out
    assert out.count("test decisions 50:") == 2  # the fit's and today's WIN_MODEL's figures on the same decisions
    assert "search.WIN_MODEL: test log loss" in out
