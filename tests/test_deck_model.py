"""sim.bench.deck_model: a deck's model regularised toward WIN_MODEL, scored against it on held-out games."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.bench import deck_model as DM
from sim.bench import winmodel as WM
from sim.games.fftcg import search as SR


def test_the_prior_ridge_holds_the_fit_at_the_prior_and_lets_it_go_when_small():
    # targets that follow a model other than the prior: a strong ridge toward the prior keeps it, a weak one fits
    rng = np.random.default_rng(5)
    x = rng.normal(size=(2000, 2))
    decision = np.repeat(np.arange(1000), 2)
    y = 1 / (1 + np.exp(-(1.5 * x[:, 0] - x[:, 1])))
    prior = np.array([0.2, -0.5, 0.5])
    held = WM.fit_decisions(x, y, decision, 10.0, prior, ridge=1e3, prior=prior)
    free = WM.fit_decisions(x, y, decision, 10.0, prior, ridge=1e-6, prior=prior)
    assert np.abs(held - prior).max() < 0.01
    assert np.allclose(free, [0.0, 1.5, -1.0], atol=0.05)


def test_heldout_scores_games_and_decisions_of_two_or_more_candidates():
    prob = np.array([0.9, 0.1, 0.8, 0.1, 0.2, 0.5, 0.7])
    y = np.array([0.6, 0.4, 0.2, 0.5, 0.3, 0.9, 0.1])
    game = np.array([0, 0, 1, 1, 1, 1, 1])
    h = DM.heldout(prob, y, game, np.array([0, 0, 1, 1, 1, 2, -1]))
    assert len(h.loss) == 2 and len(h.best) == 2  # decision 2 has one candidate: no choice
    assert list(h.best) == [1.0, 0.0]  # decision 1 picks 0.8 (label 0.2) where 0.5 was best
    # decision 0: centred prob (+0.4, -0.4) against centred labels (+0.1, -0.1)
    assert np.isclose(h.spread[0], 0.09)


def test_main_fits_on_even_games_and_saves_each_ridge(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    rng = np.random.default_rng(3)
    games, rows = 8, 40
    x = rng.normal(size=(games * rows, SR.NFEAT))
    y = 1.0 / (1.0 + np.exp(-x[:, 0]))
    decision = np.where(np.arange(len(y)) % 2 == 0, np.arange(len(y)) // 4, -1)  # two candidates a decision
    WM.Positions(x, y, np.repeat(np.arange(games), rows), decision, np.zeros((len(y), 2 * WM.NNEXT))).save(
        tmp_path / "mirror.npz")
    DM.main([str(tmp_path / "mirror.npz"), "--ridge", "1e-3,10", "--save", str(tmp_path / "models")])
    out = capsys.readouterr().out
    assert out.count("| mirror |") == 2 and "| 40 |" in out  # the 4 odd games' 40 decisions held out
    assert np.load(tmp_path / "models" / "mirror-0.001.npy").shape == SR.WIN_MODEL.shape
    assert (tmp_path / "models" / "mirror-10.npy").is_file()


def test_pooled_collections_keep_each_game_on_its_side_of_the_split_and_decisions_apart():
    def one(games: int) -> WM.Positions:
        n = 2 * games
        return WM.Positions(np.zeros((n, SR.NFEAT)), np.full(n, 0.5), np.repeat(np.arange(games), 2),
                            np.arange(n) // 2, np.zeros((n, 2 * WM.NNEXT)))

    both = DM.pooled([one(3), one(4)])
    assert list(both.game) == [0, 0, 1, 1, 2, 2, 4, 4, 5, 5, 6, 6, 7, 7]  # 3 games, then a shift by 4: parity kept
    assert list(both.decision) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_a_linear_fit_fits_the_first_terms_and_holds_the_rest_at_the_prior():
    # the last coefficient stands for WIN_MODEL's products: held at the prior's, right or wrong, while the others fit
    rng = np.random.default_rng(6)
    x = rng.normal(size=(2000, 2))
    decision = np.repeat(np.arange(1000), 2)
    y = 1 / (1 + np.exp(-(1.5 * x[:, 0] - x[:, 1])))
    right = WM.fit_decisions(x, y, decision, 10.0, np.array([0.2, -0.5, -1.0]), ridge=1e-6,
                             prior=np.array([0.2, -0.5, -1.0]), free=2)
    assert right[2] == -1.0 and np.allclose(right[:2], [0.0, 1.5], atol=0.05)
    wrong = WM.fit_decisions(x, y, decision, 10.0, np.array([0.2, -0.5, 0.5]), ridge=1e-6,
                             prior=np.array([0.2, -0.5, 0.5]), free=2)
    assert wrong[2] == 0.5


def test_main_linear_saves_a_model_with_win_models_products(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    games, rows = 6, 40
    x = rng.normal(size=(games * rows, SR.NFEAT))
    decision = np.where(np.arange(len(x)) % 2 == 0, np.arange(len(x)) // 4, -1)
    WM.Positions(x, 1.0 / (1.0 + np.exp(-x[:, 0])), np.repeat(np.arange(games), rows), decision,
                 np.zeros((len(x), 2 * WM.NNEXT))).save(tmp_path / "pair.npz")
    DM.main([str(tmp_path / "pair.npz"), "--ridge", "1e-4", "--linear", "--save", str(tmp_path / "m")])
    w = np.load(tmp_path / "m" / "pair-0.0001.npy")
    assert (w[1 + SR.NFEAT:] == SR.WIN_MODEL[1 + SR.NFEAT:]).all()
    assert not np.allclose(w[:1 + SR.NFEAT], SR.WIN_MODEL[:1 + SR.NFEAT])
