"""Keep numba's on-disk cache honest across modules.

numba keys a cached function on its own source file only. Our kernels inline helpers from other
files (sim.engine.kernel, sim.engine.opening, each game's rules module) and freeze the module-level
constants they read (the column layouts of sim.cards.effects, sim.engine.compiled, sim.engine.results),
so an edit there would leave stale machine code in the callers' caches. Files that define numba
functions form families: every file of a game package (sim/games/<game>/) is one family, any other
file is a family of its own; before anything compiles, each family's digest over its own files and
the shared ones is compared with the one recorded beside the caches, and the family's caches are
dropped if it moved.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import numba
from numba.core import event as numba_event

from sim.engine.compile_events import CompileCounter
from sim.engine.parallel_compile import precompile, processes_wanted

PACKAGE = Path(__file__).resolve().parent.parent  # the sim package
# Inlined into, read as compile-time constants by, or deciding how numba links and caches every family
# (paths under the sim package).
SHARED = ("engine/jit.py", "engine/linking.py", "engine/indexing.py", "engine/kernel.py", "engine/opening.py", "engine/compiled.py", "engine/results.py",
          "cards/effects.py", "cards/model.py", "odds/profiles.py")


def family_of(relative: Path) -> str:
    """A game package's files are one family (its name); any other numba file is its own (its stem)."""
    parts = relative.parts
    return parts[1] if len(parts) > 2 and parts[0] == "games" else relative.stem


def module_family(module_name: str) -> str:
    """family_of for a module name: sim.games.fftcg.core -> fftcg, sim.engine.kernel -> kernel."""
    return family_of(Path(*module_name.split(".")[1:]).with_suffix(".py"))


def numba_sources(package: Path = PACKAGE) -> list[Path]:
    return sorted(p for p in package.rglob("*.py")
                  if p.name != "numba_cache.py" and (b"@njit" in (text := p.read_bytes()) or b"@engine_jit" in text))


def cache_dir(source: Path) -> Path:
    """Where numba caches the functions of `source`: beside it, or under NUMBA_CACHE_DIR when set."""
    if numba.config.CACHE_DIR:
        from numba.core.caching import _CacheLocator

        return Path(numba.config.CACHE_DIR) / _CacheLocator.get_suitable_cache_subpath(str(source))
    return source.parent / "__pycache__"


def families(package: Path = PACKAGE) -> dict[str, list[Path]]:
    """The numba source files by family (sim/games/fftcg/*.py are "fftcg")."""
    found: dict[str, list[Path]] = {}
    for p in numba_sources(package):
        found.setdefault(family_of(p.relative_to(package)), []).append(p)
    return found


def family_digest(files: list[Path], package: Path = PACKAGE) -> str:
    """sha256 over a family's files and the shared ones: it moves whenever the family's compiled code may."""
    shared = [package / name for name in SHARED if (package / name).is_file()]
    digest = hashlib.sha256()
    for path in sorted({*files, *shared}):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def engine_digest(engine: ModuleType) -> str:
    """The digest of the engine's family: results of one digest come from the same engine code."""
    family = module_family(engine.__name__)
    return family_digest(families().get(family, [Path(engine.__file__)]))


def drop_stale_caches(package: Path = PACKAGE) -> list[str]:
    """Drop the caches of every family whose sources changed; returns those families.

    A read-only install (or any file error) is left alone.
    """
    try:
        dropped = []
        for family, files in sorted(families(package).items()):
            digest = family_digest(files, package)
            # beside the caches it vouches for: a run under another NUMBA_CACHE_DIR must not mark these current
            mark = cache_dir(package / "__init__.py") / f"numba-{family}.sha256"
            if mark.is_file() and mark.read_text() == digest:
                continue
            for path in files:
                for cached in cache_dir(path).glob(f"{path.stem}.*.nb[ic]"):
                    cached.unlink(missing_ok=True)
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.write_text(digest)
            dropped.append(family)
        return dropped
    except OSError:
        return []


def needs_compiling(engine: ModuleType, function: str = "") -> bool:
    """True when the engine's module (or its compiled `function`, e.g. FFTCG's search_kernel) has no
    numba cache yet: its first call compiles it."""
    path = Path(engine.__file__)
    return not any(cache_dir(path).glob(f"{path.stem}.{function}*.nbi"))


def expected_compile(key: str) -> dict:
    """What the first compile of `key` (an engine's game, "fftcg-search", "odds") measured when its budget was
    last set (sim/bench/compile_budget.json, from `tcgsim bench compile` on an idle 2-core machine): "cold_s"
    seconds (the first call's wall time, helpers compiled in two processes), "serial_s" (the same with
    TCGSIM_COMPILE_PROCESSES=1, what one core takes) and "compilations" (numba compiles of sim functions in
    all processes, the live bar's total); {} if unmeasured."""
    import json

    try:
        return json.loads((PACKAGE / "bench" / "compile_budget.json").read_text()).get(key, {})
    except (OSError, ValueError):
        return {}


@contextmanager
def compile_progress(engine: ModuleType, label: str, key: str = "") -> Iterator[Callable[[], None]]:
    """While the block runs numba's first compile of an engine (or the odds sampler), say how long it takes
    on a 2-core machine and, on a terminal, show a live bar of the compiles done out of those the path
    needs; then the time it took. `key` names the measurement (default: the engine's GAME). The block gets
    a function to call for each compile another process finished."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    expected = expected_compile(key or getattr(engine, "GAME", "odds"))  # the odds sampler has no GAME
    if processes_wanted() < 2 and "serial_s" in expected:  # no core to compile helpers beside this one
        wait = f"about {expected['serial_s']:.0f} s on one core"
    elif "cold_s" in expected:
        wait = f"about {expected['cold_s']:.0f} s on a 2-core machine"
    else:
        wait = "a minute or two"
    console.print(f"compiling {label} for this machine: {wait}, once (later runs load it from numba's cache)",
                  highlight=False, soft_wrap=True)
    t0 = time.perf_counter()
    if console.is_terminal and expected.get("compilations"):
        columns = (TextColumn("compiling"), BarColumn(), MofNCompleteColumn(), TextColumn("functions"),
                   TimeElapsedColumn())
        total = expected["compilations"]
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("compile", total=total)
            counter = CompileCounter("sim.", lambda n: bar.update(task, completed=min(n, total)))
            with numba_event.install_listener("numba:compile", counter):
                yield counter.add
    else:
        yield lambda: None
    console.print(f"compiled {label} in {time.perf_counter() - t0:.0f} s", highlight=False)


def compile_if_cold(engine: ModuleType, deck_a, deck_b, policies: Iterable[str] = ()) -> None:  # noqa: ANN001
    """Compile an engine that has no numba cache yet by playing one game of these decks, with the
    first-run notice and progress; nothing to do when the cache is warm. Its helpers compile first in
    several processes where there are several cores (sim.engine.parallel_compile). A policy with a kernel
    of its own (engine.POLICY_KERNELS, e.g. FFTCG's search) among `policies` is compiled the same way, and so
    is the kernel that fits an adapting policy's models (engine.FITTING, e.g. FFTCG's search-adapt collection)."""
    if needs_compiling(engine):
        with compile_progress(engine, f"the {engine.GAME} engine") as remote_done:
            precompile(engine.GAME, on_done=lambda process: process and remote_done())
            a, b = engine.compile_matchup(deck_a, deck_b)
            engine.play(a, b, 0, 0, seed=0, stream=0, start=0, n=1)
    kernels = getattr(engine, "POLICY_KERNELS", {})
    for kernel in sorted({kernels[b] for b in {name.split(":")[0] for name in policies} if b in kernels}):
        # compiled by playing the kernel's first policy (FFTCG's search-adapt shares search's kernel: compiling it
        # plays "search:1", which fits no model)
        base = next(b for b, k in kernels.items() if k == kernel)
        if needs_compiling(engine, kernel):
            key = f"{engine.GAME}-{base}"
            with compile_progress(engine, f"the {engine.GAME} {base} policy", key) as remote_done:
                precompile(key, on_done=lambda process: process and remote_done())
                a, b = engine.compile_matchup(deck_a, deck_b)
                engine.play(a, b, engine.POLICIES[f"{base}:1"], 0, seed=0, stream=0, start=0, n=1)
    fitting = getattr(engine, "FITTING", None)
    if fitting is not None and any(engine.adapting(engine.POLICIES[p]) for p in policies) and fitting.cold(engine):
        with compile_progress(engine, f"the {engine.GAME} model fitting", f"{engine.GAME}-fitting"):
            fitting.compile(engine, *engine.compile_matchup(deck_a, deck_b))
