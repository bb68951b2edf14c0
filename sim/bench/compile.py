"""`tcgsim bench compile`: each engine's cold compile time, measured in a fresh numba cache.

Each engine is timed in its own Python process whose NUMBA_CACHE_DIR is a new empty directory, so
nothing is loaded from an earlier compile: the time is what a new user pays on the first run (the
engine's first call: numba compiles it and writes the cache). A second process on the same cache
then times the warm start (loading the compiled engine). numba's compile events count the
functions compiled and how many times (more compilations than functions = duplicate type
specialisations, which sim.engine.jit.engine_jit exists to prevent).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from numba.core import event

from sim.engine.compile_events import CompileCounter
from sim.errors import InputError

if TYPE_CHECKING:
    from sim.engine.parallel_compile import Precompiled

_CHILD = r"""
import json, resource, sys, time
from collections import Counter
from numba.core import event
from sim.bench.compile import warm
from sim.engine.compile_events import CompileCounter

def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime

counter = CompileCounter("sim.")
with event.install_listener("numba:compile", counter):
    t0, c0, k0 = time.perf_counter(), time.process_time(), children_cpu()
    done = warm(sys.argv[1])
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0 + children_cpu() - k0
counts = Counter(counter.compiled + done.worker_compiled)
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "processes": done.processes, "functions": len(counts),
                  "compilations": sum(counts.values()), "repeated": {k: v for k, v in counts.items() if v > 1}}))
"""


def warm(game: str, processes: int | None = None) -> Precompiled:
    """Compile (or load from the cache) the engine of `game` by playing a few games on its shipped decks,
    or with game "odds" the odds sampler by sampling a few hands. A cold engine's helpers compile first in
    `processes` processes (default: sim.engine.parallel_compile.processes_wanted()), as a user's first run does;
    returns what that did."""
    from sim.engine.parallel_compile import Precompiled, precompile

    done = Precompiled()
    if game == "odds":
        from sim.odds.compute import bench_rows

        bench_rows(1000)
        return done
    from sim.bench.games import SHIPPED_DECKS, shipped_decks, synthetic_decks
    from sim.engine.numba_cache import needs_compiling
    from sim.games import get_engine

    search = game == "fftcg-search"  # FFTCG's search policy has a kernel of its own
    engine = get_engine("fftcg" if search else game)
    if needs_compiling(engine, engine.POLICY_KERNELS["search"] if search else ""):
        done = precompile(game, processes)
    if search:
        a, b = engine.compile_matchup(*shipped_decks("fftcg", SHIPPED_DECKS))
        engine.play(a, b, engine.POLICIES["search:1"], 0, seed=0, stream=0, start=0, n=2)
        return done

    a, b = engine.compile_matchup(*(shipped_decks(game, SHIPPED_DECKS) or synthetic_decks()))
    engine.play(a, b, 0, 0, seed=0, stream=0, start=0, n=8)
    return done


def _child(game: str, cache: Path) -> dict[str, Any]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "NUMBA_NUM_THREADS": "1"}
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", _CHILD, game], env=env, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"compile benchmark of {game} failed:\n{res.stderr[-2000:]}")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    out["process_s"] = time.perf_counter() - t0
    return out


def compile_rows(games: list[str]) -> list[dict[str, Any]]:
    """Per engine: cold first call (wall and CPU seconds, whole process), functions and compilations,
    and the warm first call and process time from the cache the cold run wrote. "fftcg-search" is the
    FFTCG search kernel's compile on a cache that already holds the FFTCG engine."""
    from sim.games import ENGINES

    unknown = [g for g in games if g not in ENGINES and g != "fftcg-search"]
    if unknown:
        raise InputError("target", f"no engine {unknown[0]!r} (engines: {', '.join(sorted(ENGINES))})")
    rows = []
    for game in games:
        with tempfile.TemporaryDirectory(prefix=f"tcgsim-compile-{game}-") as tmp:
            if game == "fftcg-search":  # what the first search game adds once the engine is compiled
                _child("fftcg", Path(tmp))
            cold = _child(game, Path(tmp))
            warm = _child(game, Path(tmp))
        rows.append({"name": game, "cold_first_call_s": round(cold["wall_s"], 1), "cold_cpu_s": round(cold["cpu_s"], 1),
                     "processes": cold["processes"],
                     "cold_process_s": round(cold["process_s"], 1), "functions": cold["functions"],
                     "compilations": cold["compilations"], "repeated": cold["repeated"],
                     "warm_first_call_s": round(warm["wall_s"], 2), "warm_process_s": round(warm["process_s"], 1)})
    return rows


# ---- compile budget: a guard on what numba compiles, independent of timing --------------------------------
BUDGET_FILE = Path(__file__).with_name("compile_budget.json")
BUDGET_SLACK = 0.10  # the guard test fails when a count grows more than this over its budget


def family_of_target(target: str) -> str:
    """The numba cache family a warm() target compiles into ("fftcg-search" is FFTCG's, "odds" the sampler's)."""
    return {"fftcg-search": "fftcg", "odds": "compute"}.get(target, target)


def warm_and_record(target: str) -> dict[str, Any]:
    """warm(target), counting numba's compiles of the target's own package (function x signature; shared
    helpers are left out: another process may have cached them first), and record the count with the
    family's source digest in sim/__pycache__/numba-compiled-<target>.json for the budget test.

    The count is exact for a cold family cache compiled by one process at a time (the suite's conftest
    runs fftcg before fftcg-search); from a partly warm cache it can only be lower."""
    from sim.engine.numba_cache import PACKAGE, families, family_digest

    family = family_of_target(target)
    counter = CompileCounter("sim.odds.compute" if family == "compute" else f"sim.games.{family}.")
    with event.install_listener("numba:compile", counter):
        warm(target, processes=1)  # one process: the count is then all of the target's compiles
    compiled = counter.compiled
    record = {"target": target, "digest": family_digest(families()[family]), "family_compilations": len(compiled),
              "functions": len(set(compiled)), "signatures": counter.signatures}
    try:
        path = PACKAGE / "__pycache__" / f"numba-compiled-{target}.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(record))
    except OSError:  # a read-only install: nothing to guard there
        pass
    return record


def recorded_compiles() -> dict[str, dict[str, Any]]:
    """The counts warm_and_record wrote for the current sources (a record of older code is ignored)."""
    from sim.engine.numba_cache import PACKAGE, families, family_digest

    found = {}
    for path in sorted((PACKAGE / "__pycache__").glob("numba-compiled-*.json")):
        try:
            record = json.loads(path.read_text())
            family = family_of_target(record["target"])
            if record["digest"] == family_digest(families()[family]):
                found[record["target"]] = record
        except (OSError, ValueError, KeyError):
            continue
    return found


def over_budget(measured: dict[str, int], budget: dict[str, int], slack: float = BUDGET_SLACK) -> list[str]:
    """The counts of `measured` more than `slack` over `budget`, as messages (empty when within it)."""
    return [f"{key}: {measured[key]} > {budget[key]} + {slack:.0%}" for key in budget
            if key in measured and isinstance(budget[key], int) and measured[key] > budget[key] * (1 + slack)]


def load_budget() -> dict[str, Any]:
    return json.loads(BUDGET_FILE.read_text())
