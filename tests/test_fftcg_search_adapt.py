"""search-adapt (sim/games/fftcg/adapt.py): the search scoring its rollouts with each seat's model passed as data,
the matchup's models fitted deterministically and cached, and a run that records and replays them. The fits here use
a tiny recipe (adapt.RECIPE_ENV) and a cache of their own."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.fftcg import adapt
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import search as SR
from sim.games.fftcg.winfit import expand, fit_decisions
from sim.run import manifest
from sim.run.models import fitting_cost, fitting_costs, fitting_warning
from sim.run.runner import check_policy
from sim.workflows.replay import ReplayMismatch, check_games
from sim.workflows.simulate import simulate

DECKS = Path(__file__).resolve().parent.parent / "decks" / "fftcg"
TINY = "games=6,rollouts=2,ridge=0.1"  # a second, not minutes: enough positions for a fit that moves off WIN_MODEL


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """The tiny recipe and an empty cache of this test's own (nothing in memory either)."""
    monkeypatch.setenv(adapt.RECIPE_ENV, TINY)
    monkeypatch.setenv(adapt.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(adapt, "_memory", {})
    return tmp_path / "cache"


def decks():
    return load_deck(DECKS / "aggro.toml").canonical(), load_deck(DECKS / "midrange.toml").canonical()


def matchup():
    return F.compile_matchup(*decks())


def digest(batch) -> str:
    return hashlib.sha256(batch.games.tobytes() + batch.turns.tobytes()).hexdigest()[:16]


def test_win_model_passed_as_data_plays_the_games_of_todays_search():
    # the hashes of these games before the model became data (main at 161dc5e): WIN_MODEL for both seats, passed
    # explicitly or by default, must give them bit for bit
    a, b = matchup()
    pinned = {("search:8", "curve", 1): "542fdcf3fcf07254", ("curve", "search:8:2", 2): "aab4f59d3aa3e16d",
              ("search:4", "search:4", 3): "71c33f49acaf33d5"}
    for (pa, pb, seed), expected in pinned.items():
        for models in (None, SR.WIN_MODELS.copy()):
            batch = F.play(a, b, F.POLICIES[pa], F.POLICIES[pb], seed=seed, stream=0, start=0, n=6, detail="turns",
                           models=models)
            assert digest(batch) == expected, (pa, pb, seed)


def test_each_searching_seat_scores_with_its_own_row_of_the_models():
    a, b = matchup()
    other = SR.WIN_MODELS.copy()
    other[0, 1:1 + SR.NFEAT] *= -1  # seat 0's model now prefers its own damage: its choices must change

    def games(models):
        return F.play(a, b, F.POLICIES["search:8"], F.POLICIES["curve"], seed=4, stream=0, start=0, n=8,
                      models=models).games

    today = games(SR.WIN_MODELS)
    assert not np.array_equal(games(other), today)
    swapped = other[::-1].copy()  # the changed row on the scripted seat: nothing reads it
    assert np.array_equal(games(swapped), today)
    with pytest.raises(ValueError, match="shape"):
        games(SR.WIN_MODEL)


def test_search_adapt_names_parse_with_the_other_search_names():
    for good, code in (("search-adapt", SR.ADAPT | SR.DEFAULT_BUDGET), ("search-adapt:8", SR.ADAPT | 8),
                       ("search-adapt:8:2", SR.ADAPT | 8 | 3 << SR.DEPTH_SHIFT)):
        assert good in F.POLICIES and F.POLICIES[good] == K.SEARCH + 16 * code
        assert F.adapting(F.POLICIES[good])
    assert not F.adapting(F.POLICIES["search"]) and not F.adapting(F.POLICIES["search-full"])
    for bad in ("search-adapt:0", "search-adapt:", "search-adapt:8:31", "search-adapted", "search-full-adapt",
                "search-adapt:65537"):
        assert bad not in F.POLICIES
        with pytest.raises(InputError, match=r"unknown policy .*the search names are search\[:N\[:D\]\]"):
            check_policy(F, bad, "--policy-a")
    with pytest.raises(InputError, match="unknown policy 'bogus' for fftcg"):
        check_policy(F, "bogus", "--policy-a")
    a, b = matchup()
    _, _, _, _, pols, prms, _, _ = F._prepare(a, b, F.POLICIES["search-adapt:8"], F.POLICIES["curve"], None, None,
                                              None)
    assert list(pols) == [K.CURVE, K.CURVE] and prms[0, K.PR_BUDGET] == SR.ADAPT | 8
    with pytest.raises(InputError, match="unknown FFTCG policy id"):  # FULL and ADAPT together name nothing
        F._prepare(a, b, K.SEARCH + 16 * (SR.FULL | SR.ADAPT | 8), K.CURVE, None, None, None)


def test_the_recipe_is_the_default_unless_the_environment_names_fields(monkeypatch):
    monkeypatch.delenv(adapt.RECIPE_ENV, raising=False)
    assert adapt.current_recipe() == adapt.Recipe(games=200, rollouts=2, candidates=True, ridge=1e-4,
                                                  decision_weight=10.0, linear=True)
    assert adapt.current_recipe(mirror=True) == adapt.MIRROR_RECIPE
    monkeypatch.setenv(adapt.RECIPE_ENV, "games=40, ridge=0.01,candidates=false,linear=no")
    assert adapt.current_recipe() == adapt.Recipe(games=40, ridge=0.01, candidates=False, linear=False)
    # a mirror's fields the environment does not name stay the mirror recipe's
    assert adapt.current_recipe(mirror=True) == dataclasses.replace(adapt.MIRROR_RECIPE, games=40, ridge=0.01,
                                                                     candidates=False, linear=False)
    monkeypatch.setenv(adapt.RECIPE_ENV, "games=40")
    assert adapt.current_recipe(mirror=True) == dataclasses.replace(adapt.MIRROR_RECIPE, games=40)
    monkeypatch.setenv(adapt.RECIPE_ENV, "gamez=40")
    with pytest.raises(ValueError, match="unknown recipe field 'gamez'"):
        adapt.current_recipe()
    with pytest.raises(ValueError, match="out of range"):
        adapt.Recipe(rollouts=0)


def test_a_mirror_fits_with_the_mirror_recipe_and_a_pair_with_the_default(tmp_path, monkeypatch):
    # the tenth round (docs/policies_fftcg.md): a mirror's model refits all terms from 4-rollout labels; a pair keeps
    # Recipe(). The recipe a matchup is fitted with names its cache file, so a mirror's file of Recipe() (the
    # mirrors' recipe before) is not read for MIRROR_RECIPE
    monkeypatch.delenv(adapt.RECIPE_ENV, raising=False)
    monkeypatch.setenv(adapt.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(adapt, "_memory", {})
    assert adapt.MIRROR_RECIPE != adapt.Recipe() and not adapt.MIRROR_RECIPE.linear
    fitted = []
    monkeypatch.setattr(adapt, "fit_models", lambda engine, a, b, recipe: fitted.append(recipe) or SR.WIN_MODELS.copy())
    deck = decks()[0]
    mirror, pair = F.compile_matchup(deck, deck), matchup()
    assert adapt.recipe_for(*mirror) == adapt.MIRROR_RECIPE and adapt.recipe_for(*pair) == adapt.Recipe()
    search_adapt = F.POLICIES["search-adapt"]
    assert F.fit_seconds(*mirror, search_adapt, K.CURVE) == adapt.fit_cost(adapt.MIRROR_RECIPE)
    assert F.fit_seconds(*pair, K.CURVE, search_adapt) == adapt.fit_cost(adapt.Recipe())
    keys = adapt.canonical(*mirror)[3]
    old = SR.WIN_MODELS + 1.0
    np.savez(tmp_path / f"{adapt.cache_name(F, keys, adapt.Recipe())}.npz", models=old,
             digest=np.array(adapt.digest(old)))
    adapt.matchup_models(F, *mirror, say=lambda line: None)
    adapt.matchup_models(F, *pair, say=lambda line: None)
    assert fitted == [adapt.MIRROR_RECIPE, adapt.Recipe()]
    assert (tmp_path / f"{adapt.cache_name(F, keys, adapt.MIRROR_RECIPE)}.npz").exists()
    assert F.fit_seconds(*mirror, search_adapt, K.CURVE) == 0.0  # cached under the recipe it was fitted with


def test_fit_cost_scales_with_the_collection_and_a_fit_of_all_terms():
    assert adapt.fit_cost(adapt.Recipe()) == adapt.DEFAULT_FIT_SECONDS
    assert adapt.fit_cost(adapt.Recipe(games=400, rollouts=4)) == pytest.approx(4 * adapt.DEFAULT_FIT_SECONDS)
    assert adapt.fit_cost(adapt.MIRROR_RECIPE) == pytest.approx(
        adapt.fit_cost(dataclasses.replace(adapt.MIRROR_RECIPE, linear=True))
        + adapt.FULL_FIT_SECONDS_PER_GAME * adapt.MIRROR_RECIPE.games)


def test_the_collection_seed_is_the_decks_and_the_recipe_not_the_run():
    a, b = matchup()
    key = adapt.matchup_key(a, b, adapt.Recipe())
    assert adapt.matchup_key(*matchup(), adapt.Recipe()) == key
    assert adapt.matchup_key(a, b, adapt.Recipe(games=401)) != key
    assert adapt.matchup_key(b, a, adapt.Recipe()) != key  # seat order is part of it: seat 0's model is deck a's
    c, d = F.compile_matchup(*decks()[::-1])  # a deck compiles alike in either seat (names numbered in sorted order)
    assert adapt.deck_key(c) == adapt.deck_key(b) and adapt.deck_key(d) == adapt.deck_key(a)
    assert adapt.matchup_key(c, d, adapt.Recipe()) == adapt.matchup_key(b, a, adapt.Recipe())


def test_a_against_b_and_b_against_a_share_one_fit(tiny):
    a, b = matchup()
    c, d = F.compile_matchup(*decks()[::-1])
    heard = []
    ab = adapt.matchup_models(F, a, b, say=heard.append)
    assert np.array_equal(adapt.matchup_models(F, c, d, say=heard.append), ab[::-1])
    assert sum("fitting the models of" in line for line in heard) == 1
    assert len(list(tiny.glob("*.npz"))) == 1


def test_one_collection_fits_both_seats_and_the_fit_repeats_bit_for_bit(tiny):
    a, b = matchup()
    recipe = adapt.current_recipe()
    first = adapt.fit_models(F, a, b, recipe)
    assert first.shape == SR.WIN_MODELS.shape and np.isfinite(first).all()
    assert not np.array_equal(first[0], SR.WIN_MODEL) and not np.array_equal(first[0], first[1])
    assert np.array_equal(adapt.fit_models(F, a, b, recipe), first)
    # the default fits the intercept and the linear terms: WIN_MODEL's products stay; all terms move them
    products = slice(1 + SR.NFEAT, None)
    assert (first[:, products] == SR.WIN_MODEL[products]).all()
    every = adapt.fit_models(F, a, b, dataclasses.replace(recipe, linear=False))
    assert not np.array_equal(every[0, products], SR.WIN_MODEL[products])


FIT = """
import sys, numpy as np
from sim.games.fftcg import adapt, search as SR
from sim.games.fftcg.winfit import expand, fit_decisions
with np.load(sys.argv[1]) as f:
    w = fit_decisions(expand(f["x"]), f["y"], f["decision"], 10.0, SR.WIN_MODEL, ridge=0.1, prior=SR.WIN_MODEL)
print(adapt.digest(w))
"""


def test_the_fit_does_not_depend_on_the_thread_count(tmp_path):
    # the collection is single-threaded numba; the fit is numpy and scipy, whose BLAS may thread: fitted in processes
    # with one and two BLAS threads, and in this one, the same positions give the same model bit for bit
    a, b = matchup()
    data = adapt.collect_positions(F, a, b, games=6, seed=5, stream=0, rollouts=2, candidates=True,
                                   wrng=np.array([5], np.uint64))
    saved = tmp_path / "positions.npz"
    np.savez(saved, x=data.x, y=data.y, decision=data.decision)
    root = Path(__file__).resolve().parent.parent
    digests = set()
    for threads in ("1", "2"):
        env = {**os.environ, "OPENBLAS_NUM_THREADS": threads, "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads,
               "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
        run = subprocess.run([sys.executable, "-c", FIT, str(saved)], env=env, cwd=root, capture_output=True,
                             text=True, check=True)
        digests.add(run.stdout.split()[-1])
    here = fit_decisions(expand(data.x), data.y, data.decision, 10.0, SR.WIN_MODEL, ridge=0.1, prior=SR.WIN_MODEL)
    assert digests == {adapt.digest(here)}


def test_the_cache_round_trip_keeps_the_models_and_a_corrupt_file_is_refitted(tiny, monkeypatch):
    a, b = matchup()
    heard = []
    fitted = adapt.matchup_models(F, a, b, say=heard.append)
    assert any("fitting the models of" in line for line in heard)
    files = list(tiny.glob("*.npz"))
    assert len(files) == 1 and not list(tiny.glob("*.tmp*"))
    monkeypatch.setattr(adapt, "_memory", {})
    heard.clear()
    assert np.array_equal(adapt.matchup_models(F, a, b, say=heard.append), fitted) and heard == []  # from disk
    assert F.fit_seconds(a, b, F.POLICIES["search-adapt"], K.CURVE) == 0.0
    for damage in (b"not a zip file", files[0].read_bytes()[:200]):
        files[0].write_bytes(damage)
        monkeypatch.setattr(adapt, "_memory", {})
        assert F.fit_seconds(a, b, F.POLICIES["search-adapt"], K.CURVE) > 0
        assert np.array_equal(adapt.matchup_models(F, a, b, say=heard.append), fitted)
        assert any("fitting" in line for line in heard)
        heard.clear()
    # a readable file whose models are not what its digest says is refitted too
    with np.load(files[0]) as f:
        models = f["models"].copy()
    models[0, 0] += 1.0
    np.savez(files[0], models=models, digest=np.array(adapt.digest(models + 1)))
    monkeypatch.setattr(adapt, "_memory", {})
    assert np.array_equal(adapt.matchup_models(F, a, b, say=heard.append), fitted) and heard


def test_the_search_adapt_seat_plays_its_fitted_model_and_the_other_seat_win_model(tiny):
    a, b = matchup()
    fitted = adapt.matchup_models(F, a, b, say=lambda line: None)
    models = F.seat_models(a, b, F.POLICIES["search-adapt:8"], F.POLICIES["search:8"])
    assert np.array_equal(models[0], fitted[0]) and np.array_equal(models[1], SR.WIN_MODEL)
    assert F.model_digests(a, b, F.POLICIES["curve"], F.POLICIES["search-adapt"]) == {"b": adapt.digest(fitted[1])}
    assert F.model_digests(a, b, F.POLICIES["search"], F.POLICIES["curve"]) == {}
    adapted = F.play(a, b, F.POLICIES["search-adapt:8"], F.POLICIES["curve"], seed=4, stream=0, start=0, n=8)
    given = F.play(a, b, F.POLICIES["search:8"], F.POLICIES["curve"], seed=4, stream=0, start=0, n=8, models=models)
    assert np.array_equal(adapted.games, given.games)
    assert not F.check_invariants(a, b, F.POLICIES["search-adapt:8"], F.POLICIES["curve"], seed=4, n=4).any()


def test_simulate_records_the_models_and_report_check_replays_them(tiny, tmp_path, capsys):
    a, b = (load_deck(DECKS / f"{name}.toml") for name in ("aggro", "midrange"))  # as the CLI reads them
    out = simulate(a, b, games=6, out=tmp_path / "run", policy_a="search-adapt:4", policy_b="curve", seed=3)
    err = capsys.readouterr().err
    assert "search-adapt: fitting the models of" in err and "search-adapt: fitted" in err
    record = manifest.read(tmp_path / "run")
    recorded = record["job"]["matchups"][0]["models"]
    assert set(recorded) == {"a"}
    assert check_games(tmp_path / "run", per_matchup=2).games == 2
    record["job"]["matchups"][0]["models"] = {"a": "0" * 16}  # as if the run had been fitted elsewhere
    (tmp_path / "run" / manifest.MANIFEST).write_text(json.dumps(record))
    with pytest.raises(ReplayMismatch, match="search-adapt models differ from the run's .*recorded 0000"):
        check_games(tmp_path / "run", per_matchup=2)
    assert out


def test_a_run_about_to_fit_many_matchups_says_what_it_will_cost(tiny):
    assert fitting_warning([15.0, 0.0, 10.0]) is None  # under half a minute: no warning
    line = fitting_warning([15.0, 0.0, 15.0, 30.0])
    assert line is not None and "\n" not in line
    assert "fits 3 matchups' models" in line and "about 60 CPU-s" in line and "1.0 min, 1 at a time" in line
    assert "0.5 min, 2 at a time" in fitting_warning([15.0, 0.0, 15.0, 30.0], workers=2)
    a, b = matchup()
    assert fitting_cost(F, a, b, "search-adapt", "curve") == adapt.fit_cost(adapt.current_recipe()) > 0
    assert fitting_cost(F, a, b, "search", "curve") == 0.0
    # A against B and B against A share one fit: the second is not counted again
    costs = fitting_costs([(F, a, b, "search-adapt", "curve"), (F, b, a, "curve", "search-adapt"),
                           (F, a, b, "search", "curve")])
    assert costs == [adapt.fit_cost(adapt.current_recipe()), 0.0, 0.0]


def test_a_trace_of_a_search_adapt_game_plays_the_game_of_the_run(tiny):
    from sim.engine.results import G_TURNS, G_WINNER
    from sim.games.fftcg.trace import trace_game

    a, b = matchup()
    pa, pb = F.POLICIES["curve"], F.POLICIES["search-adapt:4"]
    games = F.play(a, b, pa, pb, seed=6, stream=0, start=0, n=3).games
    for index in range(3):
        record = trace_game(a, b, pa, pb, seed=6, index=index)
        assert (record.winner, len(record.turns)) == (games[index, G_WINNER], games[index, G_TURNS])


def test_a_cold_search_adapt_kernel_compiles_by_playing_search_not_by_fitting(monkeypatch):
    # search-adapt shares search's kernel (POLICY_KERNELS): compiling it once plays "search:1", which fits nothing
    from contextlib import nullcontext

    from sim.engine import numba_cache

    played = []
    monkeypatch.setattr(numba_cache, "needs_compiling", lambda engine, function="": function == "search_kernel")
    monkeypatch.setattr(numba_cache, "compile_progress", lambda *args: nullcontext(lambda: None))
    monkeypatch.setattr(numba_cache, "precompile", lambda key, on_done: played.append(key))
    monkeypatch.setattr(F, "play", lambda a, b, pa, pb, **kw: played.append((pa, pb)))
    monkeypatch.setattr(adapt, "matchup_models", lambda *args, **kw: pytest.fail("compiling must not fit"))
    numba_cache.compile_if_cold(F, *decks(), ["curve", "search-adapt", "search-adapt:8", "search:4"])
    assert played == ["fftcg-search", (F.POLICIES["search:1"], 0)]  # the kernel once, by its first policy


@pytest.mark.parametrize("policies", [["curve", "search-adapt:8"], ["curve", "search:4"]])
def test_a_cold_collection_kernel_compiles_before_a_run_that_fits(monkeypatch, policies):
    # the collection's kernel compiles with the first-run notice (one game collected), not inside the first fit,
    # and only for a run with an adapting policy
    from contextlib import nullcontext

    from sim.engine import numba_cache

    labels, collected = [], []
    monkeypatch.setattr(numba_cache, "needs_compiling", lambda module, function="": function == "collect_kernel")
    monkeypatch.setattr(numba_cache, "compile_progress", lambda engine, label, key="": labels.append(label) or
                        nullcontext(lambda: None))
    monkeypatch.setattr(adapt, "collect_positions", lambda *args, **kw: collected.append(kw["games"]))
    numba_cache.compile_if_cold(F, *decks(), policies)
    adapting = "search-adapt:8" in policies
    assert (labels, collected) == ((["the fftcg model fitting"], [1]) if adapting else ([], []))


def test_a_mirror_fits_one_model_on_both_seats_positions(tiny):
    deck = decks()[0]
    a, b = F.compile_matchup(deck, deck)
    models = adapt.fit_models(F, a, b, adapt.recipe_for(a, b))
    assert np.array_equal(models[0], models[1]) and not np.array_equal(models[0], SR.WIN_MODEL)
    # the mirror recipe refits all terms: WIN_MODEL's products move too
    assert not np.array_equal(models[0, 1 + SR.NFEAT:], SR.WIN_MODEL[1 + SR.NFEAT:])


SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "fftcg"
REAL = ("starter/two_player_starter__cloud_vs_sephiroth_2020__cloud_deck.toml",
        "starter/two_player_starter__avalanche_vs_shinra_2021__shinra_deck.toml")


@pytest.mark.skipif(not (SHARED / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.parametrize(("candidates", "rollouts"), [(True, 2), (False, 2), (False, 0)])
def test_the_compiled_collection_gives_the_python_loops_positions(mirror, candidates, rollouts):
    # engine.collect_kernel must give the Python loop's positions, labels and order bit for bit (the same games and
    # the same use of the worlds' stream), so that the fitted models and their digests (FIT_VERSION 2) stay
    pool = SHARED / "cards_fftcgsim_square_api.json"
    cloud, shinra = (load_deck(SHARED / "decks" / name, pool).canonical() for name in REAL)
    a, b = F.compile_matchup(cloud, cloud if mirror else shinra)
    given = {"games": 6, "seed": 5, "stream": 1, "rollouts": rollouts, "candidates": candidates}
    wk, wp = np.array([5], np.uint64), np.array([5], np.uint64)
    kernel = adapt.collect_positions(F, a, b, wrng=wk, **given)
    loop = adapt.python_positions(F, a, b, wrng=wp, **given)
    assert len(kernel.y) > 6 * 4 and not np.isnan(kernel.y).any()
    for field in ("x", "y", "game", "decision", "mover"):
        assert np.array_equal(getattr(kernel, field), getattr(loop, field)), field
    assert kernel.decisions == loop.decisions and (kernel.decisions > 0) == candidates
    assert wk[0] == wp[0]  # the stream left where the loop leaves it


def test_the_compiled_collection_grows_its_arrays_and_collects_again(monkeypatch):
    # arrays too small for the positions are grown and the collection played again from the stream's start
    a, b = matchup()
    given = {"games": 4, "seed": 3, "stream": 0, "rollouts": 1, "candidates": True}
    whole = adapt.collect_positions(F, a, b, wrng=np.array([3], np.uint64), **given)
    monkeypatch.setattr(adapt, "ROWS_A_GAME", 1)
    grown = adapt.collect_positions(F, a, b, wrng=np.array([3], np.uint64), **given)
    assert len(whole.y) > 4 and np.array_equal(whole.x, grown.x) and np.array_equal(whole.y, grown.y)


def test_a_run_with_two_workers_fits_each_matchup_once_in_threads_and_records_one_workers_digests(tiny, tmp_path,
                                                                                                   monkeypatch):
    # sim.run.models.fit_all: up to numba's thread count of matchups fitted at once; a matchup asked by two specs
    # (seats swapped) is fitted once, and the recorded digests do not depend on the threads
    import threading

    import numba

    from sim.run.chunks import MatchupSpec
    from sim.run.runner import run_matchups

    aggro, midrange, control = (load_deck(DECKS / f"{name}.toml") for name in ("aggro", "midrange", "control"))
    specs = [MatchupSpec(aggro, midrange, "search-adapt:4", "curve", 0),
             MatchupSpec(midrange, aggro, "curve", "search-adapt:4", 1),
             MatchupSpec(aggro, control, "search-adapt:4", "search-adapt:4", 2),
             MatchupSpec(midrange, control, "search:4", "curve", 3)]
    fit, threads = adapt.fit_models, []

    def counted(*args, **kw):
        threads.append(threading.current_thread().name)
        return fit(*args, **kw)

    monkeypatch.setattr(adapt, "fit_models", counted)
    recorded = {}
    before = numba.get_num_threads()
    try:
        for workers in (1, 2):
            numba.set_num_threads(workers)
            monkeypatch.setattr(adapt, "_memory", {})
            monkeypatch.setenv(adapt.CACHE_ENV, str(tmp_path / f"cache{workers}"))
            threads.clear()
            run_matchups(specs, 2, 5, tmp_path / f"run{workers}", progress=False)
            recorded[workers] = [m.get("models") for m in manifest.read(tmp_path / f"run{workers}")["job"]["matchups"]]
            assert len(threads) == 2, threads  # aggro-midrange and aggro-control, once each
            assert all(name.startswith("tcgsim-fit") for name in threads) == (workers == 2)
    finally:
        numba.set_num_threads(before)
    assert recorded[1] == recorded[2] and recorded[1][0]["a"] == recorded[1][1]["b"] and recorded[1][3] is None
