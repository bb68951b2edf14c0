"""search-adapt's matchup models: for deck A against deck B, the win-probability model of A's seat moving, fitted on
A-vs-B curve games, which the search then scores its rollouts with instead of the global WIN_MODEL.

One collection gives both seats' models: `recipe.games` curve games of the two compiled decks, and in them the
positions the search scores (every Main Phase 1 candidate applied in a world re-sampled as the mover sees it and
played on by curve to the end of the opponent's next turn) and the positions after each turn, each labelled with
the mean of `recipe.rollouts` full curve rollouts and kept with the seat that moves in it (collect_positions). Each
seat's model is fitted on its own positions, a mirror's one model on all of them (winfit.fit_decisions: log loss
plus `decision_weight` times the centred squared error of the candidates, a ridge of `ridge` toward WIN_MODEL on the
scaled terms; by default only the intercept and the linear terms, WIN_MODEL's products kept). A mirror is fitted by
MIRROR_RECIPE, a matchup of two decks by Recipe() (recipe_for). The model is a
function of the two compiled decks, the recipe and the engine's code alone: the collection's seed is a hash of the
card and effect tables and the recipe (never the run's seed or the clock), the decks are taken in a canonical
order (so A against B and B against A share one fit), and the fit's sums do not depend on the thread count
(winfit). So a cache can never change a result: fitted models are kept in memory per process and on disk
(cache_dir(), one file per matchup and recipe, written atomically under a lock so that two processes fitting the
same matchup fit it once); a file that cannot be read or does not hold what its name and digest say is refitted,
never trusted.
"""

from __future__ import annotations

import dataclasses
import fcntl
import functools
import hashlib
import os
import sys
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np
from threadpoolctl import threadpool_limits

from sim.engine.numba_cache import engine_digest
from sim.games.fftcg import search as SR
from sim.games.fftcg import winfit
from sim.games.fftcg.core import CURVE, X_OVER, X_WINNER
from sim.games.fftcg.turn import begin_turn, take_turn
from sim.games.fftcg.winfit import expand, fit_decisions

CACHE_ENV = "TCGSIM_ADAPT_CACHE"  # the cache directory (default: the user's cache dir, tcgsim/search-adapt)
RECIPE_ENV = "TCGSIM_ADAPT_RECIPE"  # recipe fields to override, "games=40,rollouts=2", in mirrors and pairs alike
FIT_VERSION = 2  # part of every cache key: bump when the collection or the fit changes what a recipe gives


@dataclass(frozen=True)
class Recipe:
    """How a matchup's models are made. The default, a pair's, is the ninth round's cheapest recipe that kept stop
    53's gain (docs/policies_fftcg.md): 200 games, 2 rollouts a position, the linear terms refitted."""

    games: int = 200  # curve games of the matchup collected
    rollouts: int = 2  # full curve rollouts labelling each position
    candidates: bool = True  # also the Main Phase 1 candidates' positions (what the search scores)
    ridge: float = 1e-4  # toward WIN_MODEL, on the terms scaled to unit root mean square
    decision_weight: float = 10.0  # the candidates' centred squared error against the log loss
    linear: bool = True  # refit the intercept and the linear terms only, WIN_MODEL's products kept

    def __post_init__(self) -> None:
        if self.games < 2 or self.rollouts < 1 or self.ridge < 0 or self.decision_weight < 0:
            raise ValueError(f"search-adapt recipe out of range: {self}")


# A mirror's recipe: the tenth round's cheapest that was not significantly below search-full in the twelve mirrors
# with a margin at seed 41 and 42 (docs/policies_fftcg.md; 150 games, or ridge 1e-2, only just). There the linear
# refit stayed below search-full even from 400 games at 4 rollouts (both seeds), while all terms refitted (a mirror
# fits one model on both seats' positions) came level; from 200 games ridge 1e-3 scored +0.7 (-0.1 to +1.5) over
# 1e-4, and its fit takes about 2/5 of the CPU.
MIRROR_RECIPE = Recipe(games=200, rollouts=4, ridge=1e-3, linear=False)

# CPU seconds of one matchup's fit under Recipe() (the compiled collection and both fits: 0.43 on average, 0.2-0.7,
# over six pairs of real decks once the process has fitted one; docs/policies_fftcg.md), for the estimate a run
# prints before fitting many matchups
DEFAULT_FIT_SECONDS = 0.45
# CPU seconds a collected game adds to a fit of all terms: L-BFGS over 259 terms of its positions instead of 50 (a
# mirror under MIRROR_RECIPE, load about 2: the collection 0.66-0.88 s, the fit of all terms 0.74-1.03 at ridge 1e-3
# and 1.96-2.61 at 1e-4; docs/policies_fftcg.md, tenth round)
FULL_FIT_SECONDS_PER_GAME = 0.005


def fit_cost(recipe: Recipe) -> float:
    """The estimated CPU seconds of one matchup's fit under `recipe`: the collection, DEFAULT_FIT_SECONDS scaled by
    its games and rollouts, and a fit of all terms FULL_FIT_SECONDS_PER_GAME a game more."""
    default = Recipe()
    cost = DEFAULT_FIT_SECONDS * recipe.games * recipe.rollouts / (default.games * default.rollouts)
    return cost if recipe.linear else cost + FULL_FIT_SECONDS_PER_GAME * recipe.games


def current_recipe(mirror: bool = False) -> Recipe:
    """The recipe of a matchup of two different decks (Recipe()) or of a mirror (MIRROR_RECIPE), with the fields
    RECIPE_ENV names ("games=40,rollouts=2") overridden: the same override applies to both, so a field it does not
    name stays the base recipe's."""
    base = MIRROR_RECIPE if mirror else Recipe()
    given = os.environ.get(RECIPE_ENV, "").strip()
    if not given:
        return base
    kinds = {f.name: f.type for f in dataclasses.fields(Recipe)}
    fields: dict[str, object] = {}
    for item in given.split(","):
        name, _, value = item.partition("=")
        name = name.strip()
        if name not in kinds:
            raise ValueError(f"{RECIPE_ENV}: unknown recipe field {name!r} (fields: {', '.join(kinds)})")
        kind = kinds[name]
        fields[name] = value.strip().lower() in ("1", "true", "yes") if kind == "bool" else \
            (int(value) if kind == "int" else float(value))
    return dataclasses.replace(base, **fields)


def recipe_for(a: object, b: object) -> Recipe:
    """The recipe the matchup of the compiled decks a and b is fitted with: current_recipe of a mirror when the two
    are one deck (deck_key), else of a pair."""
    return current_recipe(deck_key(a) == deck_key(b))


# positions a game the collection's arrays start with (about 50 under Recipe()); when they overflow, the collection
# is played again into arrays twice the size
ROWS_A_GAME = 64


# ---- the collection ---------------------------------------------------------------------------------------------
@dataclass
class Collection:
    """Positions of one matchup's curve games, each seen by the seat to move in it."""

    x: np.ndarray  # [n, NFEAT] features of the seat to move (search.features)
    y: np.ndarray  # [n] its target: its result (1 win, 0 loss, 0.5 draw) or the mean of its rollouts
    game: np.ndarray  # [n] the game (0..games-1)
    decision: np.ndarray  # [n] the decision a candidate position belongs to (0, 1, ...; -1: after a turn)
    mover: np.ndarray  # [n] the seat to move (0: the first deck's)
    extra: np.ndarray  # [n, k] what `extra` gave for each position (k = 0 without it)
    decisions: int  # decision ids used


def rollout_mean(T: int, p: int, gturn: int, threshold: int, B: int, wrng: np.ndarray, pool: np.ndarray,
                 rollouts: int) -> float:
    """Seat p's mean result over `rollouts` curve games played to the end from position T (seat p to move after
    game turn gturn), each in a world re-sampled as p sees it (search.deal_world into the scratch state B): the
    value search-full gives the position."""
    # value's feature buffer and model, unread here: every rollout plays to the end
    total, x, model = 0.0, np.empty(SR.NX), np.zeros(SR.SEAT_MODEL)
    for _ in range(rollouts):
        SR.deal_world(T, B, p, wrng, pool)
        SR.play_out(B, 1 - p, gturn, threshold, SR.MAX_TURNS)
        total += SR.value(B, p, SR.MAX_TURNS, x, model)
    return total / rollouts


def collect_positions(engine: ModuleType, a: object, b: object, *, games: int, seed: int, stream: int,
                      rollouts: int, candidates: bool, wrng: np.ndarray,
                      extra: Callable[[int, int], np.ndarray] | None = None) -> Collection:
    """Games 0..games-1 of (seed, stream), curve against curve, between the compiled decks a (seat 0) and b
    (engine: the FFTCG engine module, which sets up the games): the position after every turn that does not end
    the game, labelled with the next mover's result (rollouts 0) or the mean of `rollouts` full curve rollouts
    from it. `candidates` (needs rollouts) adds the positions the search scores: at the start of each turn's Main
    Phase 1 (from game turn 2), every main-phase candidate (search.main_candidates) applied in one world
    re-sampled as the mover sees it and played on by curve to the end of the opponent's next turn, each labelled
    with the mean of its rollouts; a candidate that ends the game is left out. The rollouts' worlds come from
    `wrng`, a stream of their own (advanced in place), so the games stay curve's. Played by the compiled kernel
    (the engine's collect_kernel); extra(S, p), if given, adds a row per position, which only the Python loop
    (python_positions: sim.bench.winmodel's callback) can call."""
    if candidates and rollouts < 1:
        raise ValueError("candidates are labelled by rollouts: give rollouts >= 1")
    if extra is not None:
        return python_positions(engine, a, b, games=games, seed=seed, stream=stream, rollouts=rollouts,
                                candidates=candidates, wrng=wrng, extra=extra)
    cards, effs, nmain, ntot, pols, prms, opt, _ = engine._prepare(a, b, CURVE, CURVE, None, None, None)
    start = wrng.copy()
    rows = games * ROWS_A_GAME
    while True:
        x, y = np.empty((rows, SR.NFEAT)), np.empty(rows)
        game, decision, mover = np.empty(rows, np.int64), np.empty(rows, np.int64), np.empty(rows, np.int64)
        wrng[:] = start
        n, d = engine.collect_kernel(cards, effs, nmain, ntot, pols, prms, opt, seed, stream, games, rollouts, candidates,
                              wrng, x, y, game, decision, mover)
        if n >= 0:
            return Collection(x[:n].copy(), y[:n].copy(), game[:n].copy(), decision[:n].copy(), mover[:n].copy(),
                              np.zeros((n, 0)), int(d))
        rows *= 2


def cold(engine: ModuleType) -> bool:
    """Whether the engine's collection kernel (collect_kernel) has no numba cache yet (numba_cache.compile_if_cold
    compiles it with the first-run notice before a run's fits)."""
    from sim.engine import numba_cache

    return numba_cache.needs_compiling(engine, "collect_kernel")


def compile(engine: ModuleType, a: object, b: object) -> None:  # noqa: A001 (numba_cache's FITTING protocol)
    """Compile the collection's kernel by collecting one game of the compiled decks a and b."""
    collect_positions(engine, a, b, games=1, seed=0, stream=0, rollouts=1, candidates=True,
                      wrng=np.zeros(1, np.uint64))


def python_positions(engine: ModuleType, a: object, b: object, *, games: int, seed: int, stream: int,
                     rollouts: int, candidates: bool, wrng: np.ndarray,
                     extra: Callable[[int, int], np.ndarray] | None = None) -> Collection:
    """collect_positions as a Python loop over the engine's numba helpers, which can call `extra`: the positions
    the engine's collect_kernel gives, at 1.2 times its CPU in a fresh process and 4-5 times once the kernel is loaded."""
    if candidates and rollouts < 1:
        raise ValueError("candidates are labelled by rollouts: give rollouts >= 1")
    cards, effs, nmain, ntot, pols, prms, opt, _ = engine._prepare(a, b, CURVE, CURVE, None, None, None)
    flags = engine.deck_flags(cards, effs, nmain, ntot)
    blob = engine.new_blob(cards, effs)
    gstate = engine.views(blob)["gs"]
    # scratch states with the same card tables: a copy of the game, a world, a rollout (states are addresses)
    turn, world, line = blob.copy(), blob.copy(), blob.copy()
    C, B, T = turn.ctypes.data, world.ctypes.data, line.ctypes.data
    line_over = engine.views(line)["gs"]
    deal = np.empty(int(ntot.max()) + 1, np.int64)
    cand = np.empty(SR.MAX_CAND + 2, np.int64)
    x = np.zeros(SR.NFEAT, np.float64)
    xs, ys, gs, ds, ms, es = [], [], [], [], [], []
    d = 0

    def keep(S: int, p: int, y: float, game: int, decision: int) -> None:
        SR.features(S, p, x)
        xs.append(x.copy())
        if extra is not None:
            es.append(extra(S, p))
        ys.append(y)
        gs.append(game)
        ds.append(decision)
        ms.append(p)

    for index in range(games):
        S, threshold, first = engine.begin_game(blob, flags, nmain, ntot, pols, prms, opt, seed, stream, index, 0)
        for scratch in (turn, world, line):
            scratch[:] = blob
        movers = []
        p, gturn = int(first), 0
        while gturn < SR.MAX_TURNS and not gstate[X_OVER]:
            gturn += 1
            if candidates and 1 < gturn < SR.MAX_TURNS - 1:
                SR.copy_position(S, C)
                if not begin_turn(C, p, gturn, threshold):
                    n = SR.main_candidates(C, p, 1, cand)
                    SR.deal_world(C, B, p, wrng, deal)
                    for c in cand[:n]:
                        SR.copy_position(B, T)
                        SR.rollout_main(T, p, 1, c, gturn, threshold, gturn + 1)
                        if not line_over[X_OVER]:
                            # C is free once the candidates are listed and the world dealt: a rollout scratch
                            keep(T, p, np.nan, index, d)
                            ys[-1] = rollout_mean(T, p, gturn + 1, threshold, C, wrng, deal, rollouts)
                    d += 1
            take_turn(S, p, gturn, threshold, 0)
            p = 1 - p
            if not gstate[X_OVER]:
                keep(S, p, np.nan, index, -1)
                if rollouts:
                    ys[-1] = rollout_mean(S, p, gturn, threshold, B, wrng, deal, rollouts)
                else:
                    movers.append((len(ys) - 1, p))
        winner = int(gstate[X_WINNER]) if gstate[X_OVER] else engine.DRAW
        for r, m in movers:
            ys[r] = 0.5 if winner not in (0, 1) else float(winner == m)
    engine.keep_alive(blob, turn, world, line)
    return Collection(np.array(xs).reshape(-1, SR.NFEAT), np.array(ys, np.float64), np.array(gs, np.int64),
                      np.array(ds, np.int64), np.array(ms, np.int64),
                      np.array(es).reshape(len(ys), -1) if es else np.zeros((len(ys), 0)), d)


# ---- the matchup's models -----------------------------------------------------------------------------------------
def deck_key(deck: object) -> bytes:
    """The hash of a compiled deck's card and effect tables and main-deck size (the same whichever seat it takes:
    engine.compile_matchup numbers names in sorted order)."""
    h = hashlib.sha256()
    for table in (deck.cards, deck.effects):
        table = np.ascontiguousarray(table, np.int64)
        h.update(repr(table.shape).encode())
        h.update(table.tobytes())
    h.update(str(getattr(deck, "n_main", 0)).encode())
    return h.digest()


def canonical(a: object, b: object) -> tuple[object, object, bool, tuple[bytes, bytes]]:
    """The two decks in the order their models are collected and cached in (by deck_key), whether that swaps
    them (one collection gives both seats' models, so A against B and B against A share it), and their keys in
    that order."""
    ka, kb = deck_key(a), deck_key(b)
    return (b, a, True, (kb, ka)) if kb < ka else (a, b, False, (ka, kb))


def matchup_key(a: object, b: object, recipe: Recipe) -> bytes:
    """The hash of what a matchup's models are a function of (but the engine's code): the two compiled decks'
    card and effect tables and main-deck sizes, in seat order, the recipe, WIN_MODEL (the fit's start and prior)
    and FIT_VERSION."""
    return _pair_key((deck_key(a), deck_key(b)), recipe)


def _pair_key(keys: tuple[bytes, bytes], recipe: Recipe) -> bytes:
    """matchup_key from the two decks' deck_key (computed once a lookup)."""
    h = hashlib.sha256(f"search-adapt {FIT_VERSION} {recipe!r}".encode())
    for key in keys:
        h.update(key)
    h.update(np.ascontiguousarray(SR.WIN_MODEL, np.float64).tobytes())
    return h.digest()


def fit_models(engine: ModuleType, a: object, b: object, recipe: Recipe) -> np.ndarray:
    """Both seats' models (float64 [2, 1 + NTERMS], WIN_MODEL's layout) from one collection of the matchup's games,
    its seed taken from matchup_key: each seat's fitted on the positions it moved in, or in a mirror one model
    fitted on every position for both."""
    # BLAS on one thread: a second one spins through the fit's small products (twice the CPU, no faster)
    with threadpool_limits(limits=1):
        return _fit_models(engine, a, b, recipe)


def _fit_models(engine: ModuleType, a: object, b: object, recipe: Recipe) -> np.ndarray:
    seed = int.from_bytes(matchup_key(a, b, recipe)[:8], "little") >> 1  # the games table's seeds are int63
    data = collect_positions(engine, a, b, games=recipe.games, seed=seed, stream=0, rollouts=recipe.rollouts,
                             candidates=recipe.candidates, wrng=np.array([seed], np.uint64))
    models = np.empty(SR.WIN_MODELS.shape)
    mirror = deck_key(a) == deck_key(b)  # both seats' positions are the one deck's: one model fitted on all of them
    for s in range(2):
        if mirror and s == 1:
            models[1] = models[0]
            continue
        mine = np.ones(len(data.y), bool) if mirror else data.mover == s
        if not mine.any():
            models[s] = SR.WIN_MODEL
            continue
        models[s] = fit_decisions(expand(data.x[mine]), data.y[mine], data.decision[mine], recipe.decision_weight,
                                  SR.WIN_MODEL, ridge=recipe.ridge, prior=SR.WIN_MODEL,
                                  free=1 + SR.NFEAT if recipe.linear else None)
    return models


def digest(model: np.ndarray) -> str:
    """A short digest of one seat's model (the manifest records it)."""
    return hashlib.sha256(np.ascontiguousarray(model, np.float64).tobytes()).hexdigest()[:16]


def cache_dir() -> Path:
    """CACHE_ENV if set, else tcgsim/search-adapt under the user's cache directory (XDG_CACHE_HOME or ~/.cache)."""
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tcgsim" / "search-adapt"


_memory: dict[str, np.ndarray] = {}  # the models this process fitted or read, by cache_name
_fit_locks: dict[str, threading.Lock] = {}  # by cache_name, held while a thread reads or fits that matchup's models
_fitting = threading.Lock()  # guards _fit_locks


def cache_name(engine: ModuleType, keys: tuple[bytes, bytes], recipe: Recipe) -> str:
    """The file name of a matchup's models (its decks' deck_key in seat order): matchup_key, the engine's source
    digest and the code of this module and winfit (new code, new models)."""
    h = hashlib.sha256(_pair_key(keys, recipe))
    h.update(code_digest(engine))
    return h.hexdigest()[:32]


@functools.cache
def code_digest(engine: ModuleType) -> bytes:
    """The engine's source digest and the code of this module and winfit (the collection's and the fit's, with no
    numba in them), read once a process: every engine.play of a search-adapt seat looks its models up."""
    h = hashlib.sha256(engine_digest(engine).encode())
    for source in (Path(__file__), Path(winfit.__file__)):
        h.update(source.read_bytes())
    return h.digest()


def read_cached(path: Path) -> np.ndarray | None:
    """The models a cache file holds, or None when it is missing, unreadable or not what it says (its digest)."""
    try:
        with np.load(path, allow_pickle=False) as f:
            models, stored = np.array(f["models"], np.float64), str(f["digest"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if models.shape != SR.WIN_MODELS.shape or not np.isfinite(models).all() or stored != digest(models):
        return None
    return models


def fit_name(engine: ModuleType, a: object, b: object) -> str:
    """The name of the fit the matchup of the compiled decks a and b plays with (its cache_name under recipe_for):
    A against B and B against A share one."""
    keys = canonical(a, b)[3]
    return cache_name(engine, keys, current_recipe(keys[0] == keys[1]))  # recipe_for, without hashing the decks again


def cached(engine: ModuleType, a: object, b: object, recipe: Recipe) -> bool:
    """Whether the matchup's models are in memory or in a readable cache file (nothing is fitted)."""
    name = cache_name(engine, canonical(a, b)[3], recipe)
    return name in _memory or read_cached(cache_dir() / f"{name}.npz") is not None


def matchup_models(engine: ModuleType, a: object, b: object, recipe: Recipe | None = None,
                   say: Callable[[str], None] | None = None) -> np.ndarray:
    """Both seats' models of the matchup (a in seat 0), from memory, the disk cache or a fit (which is then kept
    in both) of the decks in canonical order, by `recipe` (default: recipe_for the matchup). `say` hears a line
    before and after a fit (default: stderr)."""
    first, second, swapped, keys = canonical(a, b)
    recipe = recipe or current_recipe(keys[0] == keys[1])
    models = _canonical_models(engine, first, second, cache_name(engine, keys, recipe), recipe, say)
    return models[::-1] if swapped else models


def _canonical_models(engine: ModuleType, a: object, b: object, name: str, recipe: Recipe,
                      say: Callable[[str], None] | None) -> np.ndarray:
    if name in _memory:
        return _memory[name]
    with _fitting:
        lock = _fit_locks.setdefault(name, threading.Lock())
    with lock:  # threads fitting a run's matchups at once (sim.run.models.fit_all): one fit of a matchup
        return _memory[name] if name in _memory else _load_or_fit(engine, a, b, name, recipe, say)


def _load_or_fit(engine: ModuleType, a: object, b: object, name: str, recipe: Recipe,
                 say: Callable[[str], None] | None) -> np.ndarray:
    folder = cache_dir()
    path = folder / f"{name}.npz"
    models = read_cached(path)
    if models is None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock = open(folder / f"{name}.lock", "a+")  # noqa: SIM115 (held across the fit below)
        except OSError:  # no writable cache: fit for this process alone
            lock = None
        try:
            if lock is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)  # another process fitting the same matchup: wait, read its file
                models = read_cached(path)
            if models is None:
                models = _fit_and_store(engine, a, b, recipe, path, say or _stderr)
        finally:
            if lock is not None:
                lock.close()
    models.setflags(write=False)
    _memory[name] = models
    return models


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _fit_and_store(engine: ModuleType, a: object, b: object, recipe: Recipe, path: Path,
                   say: Callable[[str], None]) -> np.ndarray:
    say(f"search-adapt: fitting the models of {a.name} vs {b.name} ({recipe.games} curve games, "
        f"{recipe.rollouts} rollouts a position)...")
    t0 = time.thread_time()  # this fit's CPU alone when other threads fit other matchups
    models = fit_models(engine, a, b, recipe)
    seconds = time.thread_time() - t0
    say(f"search-adapt: fitted {a.name} vs {b.name} in {seconds:.1f} CPU-s (cached in {path.parent})")
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
    try:
        np.savez(tmp, models=models, digest=np.array(digest(models)))
        os.replace(tmp, path)
    except OSError as exc:  # a read-only cache still plays: the models are kept in memory
        say(f"search-adapt: could not write the cache file {path}: {exc}")
        tmp.unlink(missing_ok=True)
    return models
