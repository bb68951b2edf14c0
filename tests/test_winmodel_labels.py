"""The win model's labels: `adapt.rollout_mean` plays full curve rollouts and scores them for the mover."""

from __future__ import annotations

import numpy as np

from sim.games.fftcg import adapt as WM
from sim.games.fftcg import core as K
from tests.test_fftcg_search import dealt_state, lethal_position


def label(p: int, rollouts: int = 6, seed: int = 5) -> float:
    S, v = lethal_position()
    assert not v["gs"][K.X_OVER]
    return WM.rollout_mean(S, p, 1, 7, S.copy(), np.array([seed], np.uint64), np.empty(64, np.int64), rollouts)


def test_rollouts_play_to_the_deck_out_and_score_it_for_the_mover():
    # seat 0's deck is empty: whoever moves first, seat 0 loses at its next draw (12.4.2) in every world
    assert label(1) == 1.0
    assert label(0) == 0.0


def test_a_label_is_the_mean_of_whole_games_and_repeats_with_its_world_stream():
    S = dealt_state(3)  # the opening position: a label between the two results, not a model's estimate

    def mean(seed: int) -> float:
        return WM.rollout_mean(S, 0, 0, 7, S.copy(), np.array([seed], np.uint64), np.empty(64, np.int64), 16)

    first = mean(1)
    assert 0 < first < 1 and (first * 32).is_integer()  # 16 games, each won, lost or drawn
    assert mean(1) == first
    assert {mean(s) for s in range(2, 6)} != {first}  # other worlds, other games
