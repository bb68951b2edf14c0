"""Tests every engine in sim.games.ENGINES runs unchanged (OpenSpiel style): random play to the end
over many seeds with every policy pairing, invariants after every game, determinism (same seed, same
results; 1 or 2 numba threads; any chunk split)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.decks.deckfile import load_deck
from sim.engine.results import (
    C_DRAWN,
    C_PLAYED,
    END_REASONS,
    END_TURN_CAP,
    G_FINAL_A,
    G_FINAL_B,
    G_FIRST,
    G_MULL_A,
    G_MULL_B,
    G_REASON,
    G_TURNS,
    G_WINNER,
    T_AVAILABLE,
    T_HAND,
    T_PAID,
    T_PLAYED,
    T_SEAT,
    T_SPENT,
    WINNERS,
)
from sim.games import ENGINES, get_engine
from sim.odds.profiles import PROFILES

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(ENGINES)


def shipped_decks(game: str) -> tuple[Path, Path]:
    """Two of the game's shipped decks (an engine without its own decks, like null, borrows FFTCG's)."""
    folder = ROOT / "decks" / game
    if not folder.is_dir():
        folder = ROOT / "decks" / "fftcg"
    decks = sorted(folder.glob("*.toml"))
    if len(decks) < 2:
        pytest.skip(f"no shipped decks for {game}")
    return decks[0], decks[-1]


def policies(engine) -> dict[str, int]:
    """Every policy of the engine; a search policy (search, search-full) with 8 rollouts per decision (the same code as its
    default budget, a fraction of the time)."""
    return {name: engine.POLICIES[f"{name}:8" if name.startswith("search") else name] for name in engine.POLICIES}


def compiled(game: str):
    engine = get_engine(game)
    a, b = shipped_decks(game)
    return engine, engine.compile_matchup(load_deck(a), load_deck(b))


def engine_violations(engine, a, b, pa: int, pb: int, n: int) -> list[str]:
    """The engine's invariant check (one interface for every engine): replays games 0..n-1 of
    (seed 5, stream 0) with checks inside the kernel; a per-game violation bitmask, 0 = all held."""
    viol = engine.check_invariants(a, b, pa, pb, seed=5, stream=0, start=0, n=n)
    assert viol.shape == (n,) and viol.dtype == np.int64
    return [f"game {i}: violation bits {int(v)}" for i, v in enumerate(viol) if v]


def check_games(engine, games: np.ndarray) -> None:
    assert np.isin(games[:, G_FIRST], [0, 1]).all()
    assert ((games[:, G_WINNER] >= 0) & (games[:, G_WINNER] < len(WINNERS))).all()
    assert ((games[:, G_REASON] >= 0) & (games[:, G_REASON] < len(END_REASONS))).all()
    assert ((games[:, G_TURNS] >= 1) & (games[:, G_TURNS] <= engine.MAX_TURNS)).all()
    assert (games[:, [G_FINAL_A, G_FINAL_B, G_MULL_A, G_MULL_B]] >= 0).all()
    profile = PROFILES.get(engine.GAME)
    if profile is not None:
        assert (games[:, [G_MULL_A, G_MULL_B]] <= max(profile.max_mulligans, 0)).all()
    # the game ends: a turn cap is a recorded outcome, but it must stay rare
    assert (games[:, G_REASON] == END_TURN_CAP).mean() < 0.05


@pytest.mark.parametrize("game", GAMES)
def test_random_play_to_the_end_every_policy_pairing(game):
    engine, (a, b) = compiled(game)
    for (name_a, pa), (name_b, pb) in itertools.product(policies(engine).items(), repeat=2):
        batch = engine.play(a, b, pa, pb, seed=11, stream=3, start=0, n=150, detail="turns")
        check_games(engine, batch.games)
        rows = batch.turns[batch.turns[:, :, T_SEAT] >= 0]
        assert (rows[:, [T_AVAILABLE, T_SPENT, T_PAID, T_HAND, T_PLAYED]] >= 0).all(), (name_a, name_b)
        # a cost is paid with what was produced for it; only FFTCG's 2-CP discards leave a leftover
        assert (rows[:, T_PAID] <= rows[:, T_SPENT]).all(), (name_a, name_b)
        if game != "fftcg":
            assert (rows[:, T_PAID] == rows[:, T_SPENT]).all(), (name_a, name_b)


@pytest.mark.parametrize("game", GAMES)
def test_invariants_hold_after_every_game(game):
    engine, (a, b) = compiled(game)
    for pa, pb in itertools.product(policies(engine).values(), repeat=2):
        batch = engine.play(a, b, pa, pb, seed=5, stream=0, start=0, n=100, detail="cards")
        assert not engine_violations(engine, a, b, pa, pb, batch.games.shape[0]), (pa, pb)
        check_games(engine, batch.games)
        drawn, played = batch.cards[..., C_DRAWN], batch.cards[..., C_PLAYED]
        assert (drawn >= -1).all() and (played >= -1).all()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_results_and_any_chunk_split(game):
    engine, (a, b) = compiled(game)
    pol = engine.POLICIES["random"]
    one = engine.play(a, b, pol, pol, seed=99, stream=1, start=0, n=60, detail="cards")
    two = engine.play(a, b, pol, pol, seed=99, stream=1, start=0, n=60, detail="cards")
    assert np.array_equal(one.games, two.games) and np.array_equal(one.cards, two.cards)
    assert np.array_equal(one.turns, two.turns)
    parts = [engine.play(a, b, pol, pol, seed=99, stream=1, start=s, n=k, detail="cards")
             for s, k in ((0, 7), (7, 30), (37, 23))]
    assert np.array_equal(np.concatenate([p.games for p in parts]), one.games)
    assert np.array_equal(np.concatenate([p.turns for p in parts]), one.turns)
    other = engine.play(a, b, pol, pol, seed=100, stream=1, start=0, n=60)
    assert not np.array_equal(other.games, one.games)


_THREADS_SCRIPT = """
import sys, hashlib
from sim.decks.deckfile import load_deck
from sim.games import get_engine
engine = get_engine(sys.argv[1])
a, b = engine.compile_matchup(load_deck(sys.argv[2]), load_deck(sys.argv[3]))
h = hashlib.sha256()
for name in engine.POLICIES:
    pa = engine.POLICIES[name + ":8" if name.startswith("search") else name]
    h.update(engine.play(a, b, pa, engine.POLICIES["curve"], seed=4, stream=2, start=0, n=200, detail="turns")
             .games.tobytes())
print(h.hexdigest())
"""


@pytest.mark.parametrize("game", GAMES)
def test_same_results_on_one_or_two_threads(game):
    a, b = shipped_decks(game)
    out = []
    for threads in ("1", "2"):
        env = {**os.environ, "NUMBA_NUM_THREADS": threads}
        res = subprocess.run([sys.executable, "-c", _THREADS_SCRIPT, game, str(a), str(b)], env=env,
                             capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert res.returncode == 0, res.stderr[-2000:]
        out.append(res.stdout.strip())
    assert out[0] == out[1]
