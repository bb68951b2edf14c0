"""Compile an engine's helpers in several processes at once, from a recorded plan.

numba compiles on one core, under one lock per process, and an engine's cold compile is a few hundred
small compiles of helpers (typing, lowering, their own LLVM code) under one final link of the kernel.
With sim.engine.linking each helper's cache entry holds only its own code and names its callees, so a
helper compiled in one process is loaded by another from numba's cache as cheaply as any cached
function. The plan (compile_plan.json, written by `python -m sim.bench.compile_plan`) lists, per target,
the helpers the default path compiles: their signatures, measured CPU cost and callees. Here the
helpers are split over the processes by list scheduling (longest remaining chain first); each process
compiles its helpers in order, waiting for a callee assigned to another process until that one
reports it done; the kernel is then compiled by the calling process as usual, loading every helper.

A plan that no longer matches the code costs time, never correctness: a helper that is gone is skipped,
a signature no caller uses is compiled for nothing, and any helper not compiled ahead compiles when
the kernel needs it, as without a plan. tests/test_compile_plan.py keeps the plan close to the code.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from numba import types
from numba.core import event as numba_event

from sim.engine import linking
from sim.engine.compile_events import CompileCounter

PLAN_FILE = Path(__file__).with_name("compile_plan.json")
WORKER_START_S = 2.5  # a worker's imports before its first compile, in the plan's CPU seconds
LOAD_S = 0.03  # loading one helper another process compiled
WAIT_LIMIT_S = 300.0  # a callee still not reported after this is compiled here instead
_WORKER = "import sys; from sim.engine.parallel_compile import worker_main; worker_main(sys.argv[1:])"

_ARRAY = re.compile(r"array\((\w+), (\d+)d, ([CFA])\)")
_UNITUPLE = re.compile(r"UniTuple\((.+) x (\d+)\)")


def _split(text: str) -> list[str]:
    """Top-level comma-separated parts of `text`."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return [*parts, text[start:].strip()]


def _parse(text: str) -> types.Type | None:
    if m := _ARRAY.fullmatch(text):
        dtype = getattr(types, m.group(1), None)
        return types.Array(dtype, int(m.group(2)), m.group(3)) if isinstance(dtype, types.Type) else None
    if m := _UNITUPLE.fullmatch(text):
        inner = _parse(m.group(1))
        return types.UniTuple(inner, int(m.group(2))) if inner is not None else None
    if text.startswith("Tuple(") and text.endswith(")"):
        inner = [_parse(part) for part in _split(text[len("Tuple("):-1])]
        return types.Tuple(inner) if None not in inner else None
    parsed = types.boolean if text == "bool" else getattr(types, text, None)
    return parsed if isinstance(parsed, types.Type) else None


def parse_type(text: str) -> types.Type | None:
    """The numba type of its str() (scalars, plain arrays and tuples of them), or None for any other type."""
    parsed = _parse(text)
    return parsed if parsed is not None and str(parsed) == text else None


@dataclass(frozen=True)
class Node:
    """One helper specialisation of a plan: `deps` are indices of the plan's helpers it calls."""

    module: str
    qualname: str
    args: tuple[str, ...]
    cost: float
    deps: tuple[int, ...]


def load_plan(target: str, path: Path = PLAN_FILE) -> list[Node]:
    """The plan of `target` ("fftcg", "fftcg-search", "coj", ...); [] when there is none."""
    try:
        raw = json.loads(path.read_text()).get(target, {}).get("nodes", [])
        return [Node(n["module"], n["qualname"], tuple(n["args"]), float(n["cost"]), tuple(n["deps"])) for n in raw]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def _closure(plan: list[Node]) -> list[set[int]]:
    below: list[set[int]] = []
    for i, node in enumerate(plan):  # the plan lists callees before their callers
        deps = {d for d in node.deps if d < i}
        below.append(deps.union(*(below[d] for d in deps)))
    return below


def schedule(plan: list[Node], processes: int) -> list[list[int]]:
    """Each process's helpers, in compile order: list scheduling by longest remaining chain, each helper
    to the process where it can start first (counting the worker's start and the loads of others' work)."""
    below = _closure(plan)
    callers: list[list[int]] = [[] for _ in plan]
    for i, deps in enumerate(below):
        for d in deps:
            callers[d].append(i)
    chain = [0.0] * len(plan)
    for i in reversed(range(len(plan))):
        chain[i] = plan[i].cost + max((chain[c] for c in callers[i]), default=0.0)
    free = [0.0] + [WORKER_START_S] * (processes - 1)
    held: list[set[int]] = [set() for _ in range(processes)]
    finish: dict[int, float] = {}
    where: dict[int, int] = {}
    order: list[list[int]] = [[] for _ in range(processes)]
    pending = sorted(range(len(plan)), key=lambda i: (-chain[i], i))
    while pending:
        i = next(i for i in pending if below[i] <= finish.keys())
        pending.remove(i)
        best = None
        for p in range(processes):
            foreign = [d for d in below[i] if where[d] != p and d not in held[p]]
            start = max([free[p], *(finish[d] for d in below[i] if where[d] != p)]) + LOAD_S * len(foreign)
            if best is None or start < best[0]:
                best = (start, p)
        start, p = best
        finish[i], where[i], free[p] = start + plan[i].cost, p, start + plan[i].cost
        held[p] |= below[i] | {i}
        order[p].append(i)
    return order


class _Progress:
    """Which helpers of the plan are done, in any process; a reader thread per stream of "done <i>" lines."""

    def __init__(self, owner: list[int], on_done: Callable[[int, int], None] = lambda i, p: None) -> None:
        self.owner = owner  # the process compiling each helper
        self.done: set[int] = set()
        self.gone: set[int] = set()  # processes that stopped reporting (finished or died)
        self.compiled: list[str] = []  # the sim functions the workers' numba compiled, one per compile
        self._changed = threading.Condition()
        self._on_done = on_done

    def read(self, stream: IO[str], process: int) -> None:
        threading.Thread(target=self._read, args=(stream, process), daemon=True).start()

    def _read(self, stream: IO[str], process: int) -> None:
        for line in stream:
            word, _, value = line.partition(" ")
            if word == "done":
                self.mark(int(value), process)
            elif word == "compiled":
                with self._changed:
                    self.compiled += json.loads(value)
        with self._changed:
            self.gone.add(process)
            self._changed.notify_all()

    def mark(self, i: int, process: int) -> None:
        with self._changed:
            self.done.add(i)
            self._changed.notify_all()
        self._on_done(i, process)

    def wait_gone(self, processes: int) -> None:
        with self._changed:
            self._changed.wait_for(lambda: len(self.gone) >= processes, timeout=WAIT_LIMIT_S)

    def wait_for(self, wanted: set[int]) -> None:
        def ready() -> bool:
            return all(i in self.done or self.owner[i] in self.gone for i in wanted)

        with self._changed:
            self._changed.wait_for(ready, timeout=WAIT_LIMIT_S)


def _compile(node: Node) -> None:
    args = tuple(parse_type(a) for a in node.args)
    if None in args:
        return
    target: Any = importlib.import_module(node.module)
    for part in node.qualname.split("."):
        target = getattr(target, part, None)
    if not hasattr(target, "compile"):  # gone since the plan was recorded
        return
    # A signature the code no longer takes fails here; the kernel's compile, which compiles whatever it
    # needs, reports any real error where it belongs.
    try:
        with linking.CompilingForCaller():  # cached like a helper compiled for its caller: own code only
            target.compile(args)
    except Exception:
        return


def _run(plan: list[Node], mine: list[int], progress: _Progress, report: Callable[[int], None]) -> None:
    below = _closure(plan)
    for i in mine:
        progress.wait_for(below[i] - set(mine))
        _compile(plan[i])
        report(i)


def available_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def processes_wanted() -> int:
    """TCGSIM_COMPILE_PROCESSES, or the cores this process may use (at most 4: the plans' chains are short)."""
    try:
        return max(1, int(os.environ["TCGSIM_COMPILE_PROCESSES"]))
    except (KeyError, ValueError):
        return min(available_cores(), 4)


@dataclass
class Precompiled:
    """What precompile did: the plan's helpers done (in any process), and the sim functions numba compiled in
    the workers (module.qualname, once per compile; this process's compile events do not see them)."""

    processes: int = 1
    helpers: int = 0
    worker_compiled: list[str] = field(default_factory=list)


def precompile(target: str, processes: int | None = None, on_done: Callable[[int], object] | None = None,
               path: Path = PLAN_FILE) -> Precompiled:
    """Compile the helpers of `target`'s plan in `processes` processes (this one and workers). Nothing
    happens with one process or no plan. `on_done(process)` hears of each helper done, with the process
    (0: this one) that compiled it; it may be called from another thread."""
    processes = processes_wanted() if processes is None else processes
    plan = load_plan(target, path)
    if processes < 2 or len(plan) < 2:
        return Precompiled()
    order = schedule(plan, processes)
    owner = [0] * len(plan)
    for p, mine in enumerate(order):
        for i in mine:
            owner[i] = p
    workers = {p: subprocess.Popen([sys.executable, "-c", _WORKER, target, json.dumps(order[p]), str(path)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for p in range(1, processes) if order[p]}
    write_lock = threading.Lock()

    def relay(i: int, process: int) -> None:  # every process hears of every helper done
        with write_lock:
            for p, w in workers.items():
                if p != process:
                    try:
                        w.stdin.write(f"done {i}\n")
                        w.stdin.flush()
                    except (OSError, ValueError):  # a worker that ended: what it would compile compiles here
                        pass
        if on_done:
            on_done(process)

    progress = _Progress(owner, relay)
    for p, w in workers.items():
        progress.read(w.stdout, p)
    try:
        _run(plan, order[0], progress, lambda i: progress.mark(i, 0))
    except BaseException:  # Ctrl-C: the workers' work would be wasted
        for w in workers.values():
            w.kill()
        raise
    finally:
        with write_lock:
            for w in workers.values():
                try:
                    w.stdin.close()
                except OSError:
                    pass
        for w in workers.values():
            w.wait()
    progress.wait_gone(len(workers))  # each reader has then read its worker's last line
    return Precompiled(1 + len(workers), len(progress.done), progress.compiled)


def _worker(target: str, mine: list[int], path: Path) -> None:
    """A worker: compile `mine` of the plan, reporting each on stdout; the others' progress comes on stdin."""
    plan = load_plan(target, path)
    ours = set(mine)
    progress = _Progress([1 if i in ours else 0 for i in range(len(plan))])  # others' news come from process 0
    progress.read(sys.stdin, 0)
    compiled = CompileCounter(linking.PACKAGES)

    def report(i: int) -> None:
        sys.stdout.write(f"done {i}\n")
        sys.stdout.flush()

    with numba_event.install_listener("numba:compile", compiled):
        _run(plan, mine, progress, report)
    sys.stdout.write(f"compiled {json.dumps(compiled.compiled)}\n")
    sys.stdout.flush()


def worker_main(argv: list[str]) -> None:
    """A worker process's entry: target, its helpers (JSON list of plan indices), the plan file."""
    _worker(argv[0], json.loads(argv[1]), Path(argv[2]))
