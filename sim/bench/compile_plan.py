"""Record the plans sim.engine.parallel_compile compiles from: `python -m sim.bench.compile_plan [TARGET ...]`.

Each target ("fftcg", "fftcg-search", "coj", "gbf", "pso2"; default all) is compiled from a fresh
numba cache in a child process, on one core (TCGSIM_COMPILE_PROCESSES=1), exactly as
sim.bench.compile.warm does it. numba's compile events give each helper its own CPU cost (its compile
less the sim helpers compiled inside it) and sim.engine.linking gives the helpers each one calls. The
helpers compiled for a caller become the target's plan in sim/engine/compile_plan.json, callees before
callers; the kernel, compiled from Python, is left to the calling process.

Re-record after a change to an engine's call graph or signatures; tests/test_compile_plan.py says when
a plan has drifted from what the engine compiles.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from numba.core import event

from sim.engine.parallel_compile import PLAN_FILE

TARGETS = ("fftcg", "fftcg-search", "coj", "gbf", "pso2")

_CHILD = r"""
import json, sys, time
from numba.core import event
from sim.bench.compile import warm
from sim.bench.compile_plan import Recorder

recorder = Recorder()
with event.install_listener("numba:compile", recorder):
    warm(sys.argv[1])
print(json.dumps(recorder.nodes()))
"""


class Recorder(event.Listener):
    """numba compile events of sim functions: per specialisation its own CPU time, depth and library."""

    def __init__(self) -> None:
        super().__init__()
        self._stack: list[list[Any]] = []
        self.done: list[dict[str, Any]] = []

    @staticmethod
    def _sim(ev: Any) -> Any:
        d = ev.data.get("dispatcher") if ev.data else None
        return d if d is not None and d.py_func.__module__.startswith("sim.") else None

    def on_start(self, ev: Any) -> None:
        if self._sim(ev) is not None:
            self._stack.append([time.process_time(), 0.0])

    def on_end(self, ev: Any) -> None:
        d = self._sim(ev)
        if d is None:
            return
        start, inner = self._stack.pop()
        spent = time.process_time() - start
        if self._stack:
            self._stack[-1][1] += spent
        args = tuple(ev.data["args"]) if ev.data.get("args") is not None else None
        self.done.append({"dispatcher": d, "args": args, "own": spent - inner, "depth": len(self._stack)})

    def nodes(self) -> list[dict[str, Any]]:
        """The helpers compiled for a caller, callees first, with the helpers each calls directly."""
        from sim.engine.jit import canonical_type

        rows, index, below = [], {}, []
        for c in self.done:
            d, args = c["dispatcher"], c["args"]
            if c["depth"] == 0 or args is None:
                continue
            sig = tuple(canonical_type(a) for a in args)
            cres = d.overloads.get(sig)
            if cres is None:
                continue
            key = (d.py_func.__module__, d.py_func.__qualname__, tuple(str(a) for a in sig))
            deps = {index[k] for k in (_text_key(lib._tcg_key) for lib in getattr(cres.library, "_tcg_deps", ())
                                       if getattr(lib, "_tcg_key", None)) if k in index}
            index[key] = len(rows)
            below.append(deps)
            rows.append({"module": key[0], "qualname": key[1], "args": list(key[2]), "cost": round(c["own"], 3),
                         "deps": deps})
        for row in rows:  # keep the direct callees: the closure is rebuilt when scheduling
            covered = set().union(*(below[d] for d in row["deps"]))
            row["deps"] = sorted(row["deps"] - covered)
        return rows


def _text_key(key: tuple) -> tuple:
    module, qualname, args = key
    return module, qualname, tuple(str(a) for a in args)


def record(target: str) -> list[dict[str, Any]]:
    """The plan of `target`, compiled from a fresh cache (after the FFTCG engine for "fftcg-search")."""
    from sim.bench.compile import warm  # noqa: F401  (the child imports it; fail here first if broken)

    with tempfile.TemporaryDirectory(prefix=f"tcgsim-plan-{target}-") as tmp:
        env = {**os.environ, "NUMBA_CACHE_DIR": tmp, "NUMBA_NUM_THREADS": "1", "TCGSIM_COMPILE_PROCESSES": "1"}
        if target == "fftcg-search":
            subprocess.run([sys.executable, "-c", "from sim.bench.compile import warm; warm('fftcg')"], env=env,
                           check=True)
        res = subprocess.run([sys.executable, "-c", _CHILD, target], env=env, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"recording the compile plan of {target} failed:\n{res.stderr[-2000:]}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main(targets: list[str], path: Path = PLAN_FILE) -> None:
    plans = json.loads(path.read_text()) if path.is_file() else {}
    for target in targets or TARGETS:
        nodes = record(target)
        plans[target] = {"cost_s": round(sum(n["cost"] for n in nodes), 1), "nodes": nodes}
        print(f"{target}: {len(nodes)} helpers, {plans[target]['cost_s']} s of CPU", file=sys.stderr)
        path.write_text(_dump(plans))


def _dump(plans: dict[str, Any]) -> str:
    """The plans as JSON with one helper per line (reviewable diffs)."""
    parts = []
    for target, plan in plans.items():
        nodes = ",\n".join("  " + json.dumps(n, ensure_ascii=False) for n in plan["nodes"])
        parts.append(f'{json.dumps(target)}: {{"cost_s": {plan["cost_s"]}, "nodes": [\n{nodes}\n]}}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("targets", nargs="*", metavar="TARGET", help=f"{', '.join(TARGETS)} (default all)")
    targets = ap.parse_args().targets
    for t in targets:
        if t not in TARGETS:
            ap.error(f"no compile plan for {t!r} (targets: {', '.join(TARGETS)})")
    main(targets)
