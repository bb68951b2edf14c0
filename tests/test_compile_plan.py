"""sim.engine.parallel_compile: helpers compiled ahead in several processes from a recorded plan (issue 31).

The plan is checked against what the engines really compile (recorded by the session's cold compile,
tests/conftest.py -> sim.bench.compile.warm_and_record), the scheduler on small plans, and the whole
mechanism on a throwaway package: a helper a worker compiled is loaded, not compiled, by the caller.
"""

import json
import os
import subprocess
import sys
import textwrap

import pytest
from numba import types

from sim.bench.compile import recorded_compiles
from sim.engine import linking
from sim.engine.parallel_compile import Node, load_plan, parse_type, schedule

TARGETS = ["fftcg", "fftcg-search", "coj", "gbf", "pso2"]
DRIFT = 0.10  # share of a plan that may no longer match the code before it must be re-recorded


def test_parse_type_reads_back_what_numba_prints_and_nothing_else():
    for t in (types.int64, types.uint64, types.float64, types.boolean, types.Array(types.int32, 3, "C"),
              types.Array(types.int16, 1, "A"), types.UniTuple(types.int64, 6),
              types.Tuple([types.Array(types.int32, 3, "C"), types.Array(types.uint64, 1, "C")])):
        assert parse_type(str(t)) == t
    assert parse_type(str(types.StarArgUniTuple(types.int64, 2))) is None
    assert parse_type("no_such_type") is None
    assert parse_type(str(types.Array(types.int32, 2, "C", readonly=True))) is None


def _node(cost, *deps):
    return Node("m", "f", ("int64",), cost, deps)


def _makespan(plan, order):
    """The schedule's end under the plan's costs, with callees awaited across processes."""
    below = [set()] * len(plan)
    for i, n in enumerate(plan):
        below[i] = set(n.deps).union(*(below[d] for d in n.deps))
    where = {i: p for p, mine in enumerate(order) for i in mine}
    finish, clock, pos = {}, [0.0] * len(order), [0] * len(order)
    while len(finish) < len(plan):
        moved = False
        for p, mine in enumerate(order):
            if pos[p] < len(mine) and below[mine[pos[p]]] <= finish.keys():
                i = mine[pos[p]]
                start = max([clock[p], *(finish[d] for d in below[i] if where[d] != p)])
                finish[i] = clock[p] = start + plan[i].cost
                pos[p] += 1
                moved = True
        assert moved, "the schedule deadlocks"
    return max(finish.values())


def test_schedule_places_every_helper_once_after_its_callees_and_splits_independent_work():
    # two independent families of four helpers under one caller: two processes halve the time
    plan = [_node(5), _node(5), _node(5, 0, 1), _node(5), _node(5), _node(5, 3, 4), _node(1, 2, 5)]
    order = schedule(plan, 2)
    assert sorted(i for mine in order for i in mine) == list(range(len(plan)))
    for mine in order:
        for k, i in enumerate(mine):
            assert not set(plan[i].deps) & set(mine[k + 1:]), "a callee after its caller in one process"
    serial = sum(n.cost for n in plan)
    assert _makespan(plan, order) <= serial / 2 + 5


def test_a_chain_is_not_split():
    chain = [_node(3)] + [_node(3, i) for i in range(5)]
    order = schedule(chain, 2)
    assert _makespan(chain, order) == sum(n.cost for n in chain)


@pytest.mark.parametrize("target", TARGETS)
def test_the_plan_matches_what_the_engine_compiles(target):
    recorded = recorded_compiles().get(target)
    if recorded is None or "signatures" not in recorded:
        pytest.skip(f"{target} was not compiled from a cold cache for these sources (its cache was warm)")
    family = "fftcg" if target == "fftcg-search" else target
    prefix = f"sim.games.{family}."
    compiled = {(m, q, tuple(a)) for m, q, a, _ in recorded["signatures"]}
    helpers = {(m, q, tuple(a)) for m, q, a, for_caller in recorded["signatures"] if for_caller}  # not the kernel
    planned = {(n.module, n.qualname, n.args) for n in load_plan(target) if n.module.startswith(prefix)}
    unreadable = {k for k in planned if any(parse_type(a) is None for a in k[2])}  # skipped by precompile
    gone = (planned - compiled) | unreadable
    missing = helpers - planned
    assert planned, f"no compile plan for {target}: python -m sim.bench.compile_plan {target}"
    assert len(gone) <= DRIFT * len(planned) and len(missing) <= DRIFT * len(helpers), (
        f"the compile plan of {target} has drifted from the engine ({len(gone)} planned helpers no longer "
        f"compiled or of types it cannot read, {len(missing)} compiled helpers not planned, e.g. {sorted(gone | missing)[:3]}): "
        f"re-record it with python -m sim.bench.compile_plan {target}")


DEMO = '''
import numpy as np
from sim.engine.jit import engine_jit

@engine_jit
def leaf(x, k):
    return x * 3 + k

@engine_jit
def middle(x):
    s = 0
    for i in range(x):
        s += leaf(i, 1)
    return s

@engine_jit
def side(x):
    return leaf(x, 2) * 2

@engine_jit
def top(arr):
    return middle(arr[0]) + side(arr[1])
'''

CHILD = '''
import json, sys
import numpy as np
from numba.core import event
from sim.engine.compile_events import CompileCounter
from sim.engine.parallel_compile import precompile
import pcdemo

counter = CompileCounter("pcdemo")
with event.install_listener("numba:compile", counter):
    done = precompile("demo", 2, path=__import__("pathlib").Path(sys.argv[1]))
    result = pcdemo.top(np.array([4, 5], dtype=np.int64))
print(json.dumps({"result": int(result), "here": counter.compiled, "helpers": done.helpers,
                  "processes": done.processes}))
'''


def _run_demo(tmp_path, nodes: list[dict]) -> dict:
    (tmp_path / "pcdemo.py").write_text(textwrap.dedent(DEMO))
    (tmp_path / "plan.json").write_text(json.dumps({"demo": {"nodes": nodes}}))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path]),
           "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    res = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path / "plan.json")], env=env, capture_output=True,
                         text=True, cwd=tmp_path, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["result"] == sum(i * 3 + 1 for i in range(4)) + (5 * 3 + 2) * 2
    return out


NODE = {"module": "pcdemo", "args": ["int64"], "cost": 10.0}  # a worker's start is then worth it
PLAN = [{**NODE, "qualname": "leaf", "args": ["int64", "int64"], "deps": []},
        {**NODE, "qualname": "middle", "deps": [0]},
        {**NODE, "qualname": "side", "deps": [0]}]


@pytest.mark.skipif(not linking.supported(), reason=f"numba {linking.TESTED} only: numba links as usual")
def test_helpers_a_worker_compiled_are_loaded_by_the_caller_and_give_the_same_result(tmp_path):
    out = _run_demo(tmp_path, PLAN)
    assert out["processes"] == 2 and out["helpers"] == 3
    # leaf runs first in one process; middle and side then split: one of them was compiled by the worker
    # and only loaded here
    assert "pcdemo.top" in out["here"] and len(out["here"]) < 4, out["here"]


def test_a_stale_plan_costs_time_not_the_result(tmp_path):
    stale = [{**NODE, "qualname": "gone", "deps": []},  # a helper since removed
             {**NODE, "qualname": "middle", "args": ["array(int64, 1d, C)"], "deps": []},  # a signature it no longer takes
             {**NODE, "qualname": "side", "args": ["UniTuple(int64 x 2)"], "deps": []}]
    out = _run_demo(tmp_path, stale + [{**n, "deps": [d + 3 for d in n["deps"]]} for n in PLAN])
    assert out["helpers"] == 6
