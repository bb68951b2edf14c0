"""`tcgsim bench`: games per second per core for each engine, next to the null game in the same run.

Absolute speeds depend on the machine and on whoever else is using it, so each engine row also
gives its ratio to the null game (shuffle both decks, deal 5 and draw 2 cards a turn for 8 turns a
seat, about what an FFTCG game draws; no rules) measured right before it on the same decks, thread
count and game count. The shuffles and per-game set-up are its cost: drawing for 19 or 25 turns a
seat instead changes its rate by about 5%. Speeds are
measured on one numba thread after a warm-up call (which also loads or compiles the kernel), then
on two threads for the parallel efficiency rate2 / (2 * rate1).
"""

from __future__ import annotations

import math
import os
import platform
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numba

from sim.cards.model import Card, Deck
from sim.engine.numba_cache import compile_if_cold
from sim.engine.results import G_TURNS
from sim.errors import InputError
from sim.games import ENGINES, get_engine

STANDARD_POLICIES = ("random", "aggro", "curve", "control")
MIN_CALL_SECONDS = 0.05
MAX_CALL_GAMES = 4_000_000
SEARCH_GAMES = 100  # games per first timed call of a pairing with a search policy
SHIPPED_DECKS = Path(__file__).resolve().parents[2] / "decks"


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {"cpu": model, "cores": os.cpu_count(), "usable_cores": usable, "numba_threads": numba.config.NUMBA_NUM_THREADS,
            "python": platform.python_version(), "numba": numba.__version__, "system": platform.platform()}


def games_per_second(engine: ModuleType, compiled: tuple[Any, Any], policies: tuple[int, int], games: int,
                     threads: int, min_seconds: float) -> tuple[float, float]:
    """Play calls of at least `games` fresh game indexes until `min_seconds` have passed; returns the
    games per second and the mean game length in turns of the timed games.

    A call lasts at least MIN_CALL_SECONDS (more games per call for fast engines), so thread start-up
    and call overhead do not swamp the null game's or a 2-thread measurement.
    """
    a, b = compiled
    numba.set_num_threads(threads)
    engine.play(a, b, policies[0], policies[1], seed=0, stream=0, start=0, n=min(games, 64))  # warm-up
    n, start = games, 0
    while True:
        t0 = time.perf_counter()
        engine.play(a, b, policies[0], policies[1], seed=0, stream=0, start=start, n=n)
        start += n
        took = time.perf_counter() - t0
        if took >= MIN_CALL_SECONDS or n >= MAX_CALL_GAMES:
            break
        n = min(MAX_CALL_GAMES, max(2 * n, int(n * MIN_CALL_SECONDS / max(took, 1e-6))))
    played, turns, t0 = 0, 0, time.perf_counter()
    while True:
        batch = engine.play(a, b, policies[0], policies[1], seed=0, stream=0, start=start, n=n)
        played += n
        turns += int(batch.games[:, G_TURNS].sum())
        start += n
        elapsed = time.perf_counter() - t0
        if elapsed >= min_seconds:
            return played / elapsed, turns / played


def shipped_decks(game: str, decks_dir: Path) -> tuple[Deck, Deck] | None:
    """The first two shipped decks of the game (a mirror match if it ships one), None if it ships none."""
    from sim.decks.deckfile import load_deck

    files = sorted((decks_dir / game).glob("*.toml"))
    if not files:
        return None
    decks = [load_deck(f) for f in files[:2]]
    return decks[0], decks[-1]


def synthetic_decks() -> tuple[Deck, Deck]:
    """50-card decks with a plain cost curve, for benchmarking the null game alone."""
    cards = [(Card(f"N-{i}", f"Null {i}", "card", cost=1 + i % 5), 5) for i in range(10)]
    deck = Deck("generic", "null 50", Path("null.toml"), {"main": cards})
    return deck, deck


def _row(name: str, rate1: float, null_rate: float | None, rate2: float | None, games: int,
         turns: float | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {"name": name, "per_s_per_core": round(rate1, 1),
                           "baseline_ratio": float(f"{rate1 / null_rate:.4g}") if null_rate else None, "games": games}
    if turns is not None:  # an engine's speed depends on how long its games are: the cost of one turn compares engines
        row["mean_turns"] = round(turns, 2)
        row["us_per_turn"] = float(f"{1e6 / (rate1 * turns):.4g}")
    if rate2 is not None:
        row["per_s_2_threads"] = round(rate2, 1)
        row["parallel_efficiency"] = round(rate2 / (2 * rate1), 3)
    return row


def _bench_pair(engine: ModuleType | None, null: ModuleType, decks: tuple[Deck, Deck], pairings: list[tuple[str, str]],
                games: int, min_seconds: float, label: str) -> list[dict[str, Any]]:
    two = numba.config.NUMBA_NUM_THREADS >= 2
    null_compiled = null.compile_matchup(*decks)
    null1 = games_per_second(null, null_compiled, (0, 0), games, 1, min_seconds)[0]
    null2 = games_per_second(null, null_compiled, (0, 0), games, 2, min_seconds)[0] if two else None
    rows = [_row(f"null ({label})", null1, null1, null2, games)]
    if engine is None:  # the null game alone
        return rows
    compiled = engine.compile_matchup(*decks)
    kernels = getattr(engine, "POLICY_KERNELS", {})
    for pa, pb in pairings:
        policies = (engine.POLICIES[pa], engine.POLICIES[pb])
        # a policy with a kernel of its own (a search) plays hundreds of games per second, not tens of thousands
        n = min(games, SEARCH_GAMES) if {pa.split(":")[0], pb.split(":")[0]} & set(kernels) else games
        rate1, turns = games_per_second(engine, compiled, policies, n, 1, min_seconds)
        rate2 = games_per_second(engine, compiled, policies, n, 2, min_seconds)[0] if two else None
        rows.append(_row(f"{engine.GAME} {pa} vs {pb} ({decks[0].name} / {decks[1].name})", rate1, null1, rate2, n,
                         turns))
    return rows


def odds_rows(samples: int) -> list[dict[str, Any]]:
    """The odds sampler's rows (opening hands per second per core, against a shuffle-only baseline)."""
    from sim.odds.compute import bench_rows

    return bench_rows(samples)


def chosen_decks(target: str, files: list[Path], pool: Path | None) -> tuple[Deck, Deck]:
    """Two deck files of the target engine's game (`--deck A --deck B`), e.g. real starter decks."""
    from sim.decks.deckfile import load_deck

    if len(files) != 2:
        raise InputError("--deck", f"give exactly two decks (--deck A --deck B), got {len(files)}")
    decks = load_deck(files[0], pool), load_deck(files[1], pool)
    for path, deck in zip(files, decks, strict=True):
        if deck.game != target:
            raise InputError(path, f"a {deck.game} deck cannot be benchmarked on the {target} engine")
    return decks


def chosen_pairing(target: str, engines: list[str], pairing: str) -> tuple[str, str]:
    """`--pairing A,B`: two policy names of the target engine (e.g. search,curve)."""
    if target not in engines:
        raise InputError("--pairing", f"times one engine's policies: name the engine ({', '.join(engines)}), "
                                      f"not {target!r}")
    names = [p.strip() for p in pairing.split(",")]
    policies = get_engine(target).POLICIES
    if len(names) != 2 or not all(n in policies for n in names):
        raise InputError("--pairing", f"expected two {target} policies as A,B (of: {', '.join(sorted(policies))}), "
                                      f"got {pairing!r}")
    return names[0], names[1]


MAX_BENCH_GAMES = 10_000_000  # games per timed call: a call allocates its games' result rows at once
MAX_BENCH_SECONDS = 3600.0


def run_bench(target: str = "all", games: int = 20_000, full: bool = False, min_seconds: float = 1.0,
              decks_dir: Path | None = None, deck_files: list[Path] | None = None,
              pool: Path | None = None, pairing: str | None = None) -> dict[str, Any]:
    """{"machine": {...}, "rows": [{"name", "per_s_per_core", "baseline_ratio", ...}], "skipped": [...]}; engine
    rows also carry mean_turns and us_per_turn (microseconds per game turn on one core)."""
    if not 1 <= games <= MAX_BENCH_GAMES:
        raise InputError("--games", f"must be within 1..{MAX_BENCH_GAMES:,} games per timed call, got {games:,}")
    if not math.isfinite(min_seconds) or not 0 <= min_seconds <= MAX_BENCH_SECONDS:
        raise InputError("--min-seconds", f"must be a number of seconds within 0..{MAX_BENCH_SECONDS:g}, got {min_seconds}")
    engines = sorted(g for g in ENGINES if g != "null")
    if target not in ("all", "odds", "null", *engines):
        raise InputError("target", f"unknown bench target {target!r} (one of: all, odds, null, {', '.join(engines)})")
    pairings = None if pairing is None else [chosen_pairing(target, engines, pairing)]
    if deck_files and target not in engines:
        raise InputError("--deck", f"benchmarks one engine on two decks: name the engine ({', '.join(engines)}), "
                                   f"not {target!r}")
    picked = chosen_decks(target, deck_files, pool) if deck_files else None
    decks_dir = decks_dir or SHIPPED_DECKS
    null = get_engine("null")
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    threads_before = numba.get_num_threads()
    try:
        if target in ("all", "null"):
            rows += _bench_pair(None, null, synthetic_decks(), [], games, min_seconds, "50-card synthetic decks")
        for game in engines if target == "all" else [target] if target in engines else []:
            engine = get_engine(game)
            decks = picked or shipped_decks(game, decks_dir)
            if decks is None:
                skipped.append(f"{game}: no shipped decks in {decks_dir / game}")
                continue
            names = [p for p in STANDARD_POLICIES if p in engine.POLICIES]
            played = pairings or ([(a, b) for a in names for b in names] if full else [("curve", "curve")])
            if pairings is None and "search" in engine.POLICIES:  # the search's figures beside the scripted ones
                played = [*played, ("search", "curve")]
            compile_if_cold(engine, *decks, [p for pair in played for p in pair])  # before the timings, with the notice
            rows += _bench_pair(engine, null, decks, played, games, min_seconds, f"{game} decks")
        if target in ("all", "odds"):
            numba.set_num_threads(1)  # per-core figures
            rows += odds_rows(games * 50)  # a hand costs ~1/1000 of a game; 50x keeps timings above noise
    finally:
        numba.set_num_threads(threads_before)
    return {"machine": machine(), "rows": rows, "skipped": skipped}
