"""The FFTCG search's decision log (search.logged_candidate, sim/bench/search_disagreements.py): logged games are
the games F.play plays, and the log records both searches' values and choices at every searched decision."""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.bench import search_disagreements as SD
from sim.engine.results import G_WINNER
from sim.games.fftcg import engine as F
from sim.games.fftcg import search as SR
from tests.test_fftcg_search import mirror


def test_logged_games_are_the_games_play_plays_and_log_both_choices():
    a, b = mirror()
    for seat in (0, 1):
        frame, winners = SD.log_games(a, b, "search-full:8", "search:8", seat, seed=3, games=4, judge=4)
        pa, pb = ("search-full:8", "curve") if seat == 0 else ("curve", "search-full:8")
        games = F.play(a, b, F.POLICIES[pa], F.POLICIES[pb], seed=3, stream=0, start=0, n=4).games
        assert np.array_equal(winners, games[:, G_WINNER])  # logging does not change the reference's play
        per = frame.group_by("decision").agg(n=pl.len(), own=pl.col("own_choice").sum(),
                                             other=pl.col("other_choice").sum(), kind=pl.col("kind").first(),
                                             worlds=pl.col("own_worlds").min())
        assert len(per) > 10 and set(per["kind"]) == {SR.MAIN, SR.BLOCK}
        assert (per["own"] == 1).all() and (per["other"] == 1).all() and (per["n"] >= 2).all()
        # search-full splits its 8 rollouts evenly, at least one world each
        assert (per["worlds"] == (8 // per["n"]).clip(lower_bound=1)).all()
        assert frame["own"].is_between(0, 1).all() and frame["other"].is_between(0, 1).all()
        # the judge scores the two choices exactly where they differ
        judged = frame.filter(pl.col("judge").is_not_nan())
        split = frame.filter((pl.col("own_choice") + pl.col("other_choice")) == 1)
        assert judged.select("decision", "index").sort(["decision", "index"]).equals(
            split.select("decision", "index").sort(["decision", "index"]))


def test_candidate_kinds_name_pass_casts_abilities_and_blocks():
    a, _ = mirror()
    forward = next(c for c in range(a.n_main) if a.cards[c, SD.K_TYPE] == SD.FORWARD)
    assert SD.candidate_kind(a, SR.MAIN, 0) == ("pass", "")
    assert SD.candidate_kind(a, SR.MAIN, SR.CAST * 65536 + forward * 16) == ("Forward", a.names[forward])
    assert SD.candidate_kind(a, SR.MAIN, SR.ACTIVATE * 65536 + forward * 16 + 1) == ("ability", a.names[forward])
    assert SD.candidate_kind(a, SR.BLOCK, -1) == ("no block", "")
    assert SD.candidate_kind(a, SR.BLOCK, forward) == ("block", a.names[forward])
