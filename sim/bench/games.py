"""`tcgsim bench`: games per second per core for each engine, next to the null game in the same run.

Absolute speeds depend on the machine and on whoever else is using it, so each engine row also
gives its ratio to the null game (shuffle both decks, deal 5 and draw 2 cards a turn for 8 turns a
seat, about what an FFTCG game draws; no rules) on the same decks, thread count and game count.
The shuffles and per-game set-up are its cost: drawing for 19 or 25 turns a seat instead changes
its rate by about 5%. The null game and the engine's pairings are timed in turn in SLICES short
slices (`--min-seconds` split among them), so a change of load moves both sides of a slice's
ratio; a row gives the median of its slices' rates and of their ratios, with a distribution-free
95% interval for the median ratio (order statistics). On one numba thread the kernel runs in the
calling thread, so a slice is timed by that thread's CPU clock: time the process waits while other
jobs hold the core is not counted. Speeds are measured on one numba thread after a warm-up call (which
also loads or compiles the kernel), then on two threads (wall clock) for the parallel efficiency
rate2 / (2 * rate1).
"""

from __future__ import annotations

import math
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numba

from sim.cards.model import Card, Deck
from sim.engine.numba_cache import compile_if_cold
from sim.engine.results import G_TURNS
from sim.errors import InputError
from sim.games import ENGINES, get_engine
from sim.run.models import fitting_cost, model_digests

STANDARD_POLICIES = ("random", "aggro", "curve", "control")
MIN_CALL_SECONDS = 0.05
MAX_CALL_GAMES = 4_000_000
SEARCH_GAMES = 100  # games per first timed call of a pairing with a search policy
SLICES = 12  # timed slices per entry, the null game and each pairing in turn: enough for an interval of the median
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


def call_size(engine: ModuleType, compiled: tuple[Any, Any], policies: tuple[int, int], games: int,
              threads: int) -> tuple[int, int]:
    """Warm up, then grow the games per call from `games` until a call lasts MIN_CALL_SECONDS (thread start-up and
    call overhead must not swamp the null game's or a 2-thread measurement); returns (games per call, next index)."""
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
            return n, start
        n = min(MAX_CALL_GAMES, max(2 * n, int(n * MIN_CALL_SECONDS / max(took, 1e-6))))


def clock_for(threads: int) -> Callable[[], float]:
    """One thread: the calling thread's CPU clock (sim.engine.threads runs a one-thread kernel in the caller);
    more: the wall clock, since the kernel runs in pool threads."""
    return time.thread_time if threads == 1 else time.perf_counter


def timed_calls(engine: ModuleType, compiled: tuple[Any, Any], policies: tuple[int, int], n: int, start: int,
                threads: int, min_seconds: float,
                clock: Callable[[], float] = time.perf_counter) -> tuple[float, int, int, int]:
    """Calls of `n` fresh game indexes from `start` until `min_seconds` of `clock` have passed: (seconds, games,
    turns, next index)."""
    a, b = compiled
    numba.set_num_threads(threads)
    played, turns, t0 = 0, 0, clock()
    while True:
        batch = engine.play(a, b, policies[0], policies[1], seed=0, stream=0, start=start, n=n)
        played += n
        turns += int(batch.games[:, G_TURNS].sum())
        start += n
        elapsed = clock() - t0
        if elapsed >= min_seconds:
            return elapsed, played, turns, start


def interleaved_rates(entries: list[tuple[ModuleType, tuple[Any, Any], tuple[int, int], int]], threads: int,
                      min_seconds: float, clock: Callable[[], float] | None = None) -> tuple[list[list[float]], list[float]]:
    """Per-slice games/s of each entry (engine, compiled, policies, games), the entries timed in turn for SLICES
    slices of min_seconds / SLICES each by `clock` (default clock_for(threads)), and each entry's mean turns a game.
    The null game is the first entry, so each slice's ratios divide rates measured a fraction of a second apart: a
    change of load between slices moves both."""
    clock = clock or clock_for(threads)
    sizes = [call_size(e, c, p, g, threads) for e, c, p, g in entries]
    rates: list[list[float]] = [[] for _ in entries]
    played, turns = [0] * len(entries), [0] * len(entries)
    for _ in range(SLICES):
        for i, (e, c, p, _g) in enumerate(entries):
            n, start = sizes[i]
            elapsed, games, t, start = timed_calls(e, c, p, n, start, threads, min_seconds / SLICES, clock)
            sizes[i] = (n, start)
            rates[i].append(games / elapsed)
            played[i] += games
            turns[i] += t
    return rates, [t / g for t, g in zip(turns, played, strict=True)]


def median_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median: the order statistics k and n + 1 - k, k the largest with
    P(Binomial(n, 1/2) < k) <= (1 - confidence) / 2 (at least 1: with few values, their range)."""
    from scipy.stats import binom

    xs = sorted(values)
    n = len(xs)
    # P(Binomial <= j) grows with j, so the j = 1 .. (n + 1) // 2 - 1 within the tail are a prefix
    k = 1 + int((binom.cdf(range(1, (n + 1) // 2), n, 0.5) <= (1 - confidence) / 2).sum())
    return xs[k - 1], xs[n - k]


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


def _row(name: str, rate1: float, ratios: list[float] | None, rate2: float | None, games: int,
         turns: float | None = None) -> dict[str, Any]:
    ratio = statistics.median(ratios) if ratios else None
    row: dict[str, Any] = {"name": name, "per_s_per_core": round(rate1, 1),
                           "baseline_ratio": float(f"{ratio:.4g}") if ratio else None, "games": games}
    if ratios and ratio != 1.0:  # the null row's own ratios are all 1
        low, high = median_interval(ratios)
        row["ratio_low"], row["ratio_high"] = float(f"{low:.4g}"), float(f"{high:.4g}")
    if turns is not None:  # an engine's speed depends on how long its games are: the cost of one turn compares engines
        row["mean_turns"] = round(turns, 2)
        row["us_per_turn"] = float(f"{1e6 / (rate1 * turns):.4g}")
    if rate2 is not None:
        row["per_s_2_threads"] = round(rate2, 1)
        row["parallel_efficiency"] = round(rate2 / (2 * rate1), 3)
    return row


def _bench_pair(engine: ModuleType | None, null: ModuleType, decks: tuple[Deck, Deck], pairings: list[tuple[str, str]],
                games: int, min_seconds: float, label: str) -> list[dict[str, Any]]:
    entries = [(null, null.compile_matchup(*decks), (0, 0), games)]
    names = [f"null ({label})"]
    if engine is not None:
        compiled = engine.compile_matchup(*decks)
        kernels = getattr(engine, "POLICY_KERNELS", {})
        for pa, pb in pairings:
            # a policy with a kernel of its own (a search) plays hundreds of games per second, not tens of thousands
            n = min(games, SEARCH_GAMES) if {pa.split(":")[0], pb.split(":")[0]} & set(kernels) else games
            entries.append((engine, compiled, (engine.POLICIES[pa], engine.POLICIES[pb]), n))
            names.append(f"{engine.GAME} {pa} vs {pb} ({decks[0].name} / {decks[1].name})")
    fits = {}
    if engine is not None:
        for i, (pa, pb) in enumerate(pairings, 1):
            # a fitted model (search-adapt) is made before the timings, so the games/s are the games' alone
            cached = fitting_cost(engine, *compiled, pa, pb) == 0
            t0 = time.process_time()
            fits[i] = (model_digests(engine, *compiled, pa, pb), time.process_time() - t0, cached)
    one, turns = interleaved_rates(entries, 1, min_seconds)
    both = interleaved_rates(entries, 2, min_seconds)[0] if numba.config.NUMBA_NUM_THREADS >= 2 else None
    rows = [_row(name, statistics.median(one[i]), [r / base for r, base in zip(one[i], one[0], strict=True)],
                 statistics.median(both[i]) if both else None, entries[i][3], turns[i] if i else None)
            for i, name in enumerate(names)]
    for i, (digests, seconds, cached) in fits.items():
        if digests:  # the CPU seconds of reading the cache when it held the models: fit_cached says so
            rows[i]["fit_cpu_s"] = round(seconds, 2)
            rows[i]["fit_cached"] = cached
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
