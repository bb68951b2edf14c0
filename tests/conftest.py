"""Session set-up: compile every engine (and the odds sampler) that has no numba cache yet, all at once,
before any test.

Run under pytest-xdist (`-n auto` in pyproject.toml), each worker process would otherwise compile
the same engines itself, one after the other; here each missing engine compiles in its own process
(the engines in parallel, one per core) and the workers then load the caches. Each compile also
records what it compiled, for tests/test_compile_budget.py.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_COMPILE = "from sim.bench.compile import warm_and_record; warm_and_record({game!r})"


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: the controller has compiled already
        return
    from sim.engine.numba_cache import needs_compiling
    from sim.games import ENGINES, get_engine
    from sim.odds import compute as odds

    cold = [game for game in sorted(ENGINES) if needs_compiling(get_engine(game))]
    cold += ["odds"] if needs_compiling(odds) else []
    cold += ["fftcg-search"] if needs_compiling(get_engine("fftcg"), "search_kernel") else []
    # fftcg-search compiles into FFTCG's cache family, so it waits for fftcg: one process per family at
    # a time keeps each compile count (warm_and_record, the compile-budget test) exact
    first = [game for game in cold if game != "fftcg-search"]
    procs = {game: _start(game) for game in first}
    if "fftcg-search" in cold:
        if "fftcg" in procs:
            _wait("fftcg", procs.pop("fftcg"))
        procs["fftcg-search"] = _start("fftcg-search")
    for game, proc in procs.items():
        _wait(game, proc)


def _start(game: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", _COMPILE.format(game=game)], env={**os.environ})


def _wait(game: str, proc: subprocess.Popen) -> None:
    if proc.wait() != 0:
        raise pytest.UsageError(f"compiling the {game} engine failed (exit {proc.returncode})")
