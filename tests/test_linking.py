"""sim.engine.linking: helpers compiled for a caller are linked by symbol, kernels link everything, and
each kind of cache entry loads in a new process (cold compile time, issue 31)."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import llvmlite.binding as llvm
import pytest

from sim.engine import linking

pytestmark = pytest.mark.skipif(not linking.supported(), reason=f"numba {linking.TESTED} only: numba links as usual")

MODULE = '''
import numpy as np
from numba import njit
from sim.engine.jit import engine_jit

@engine_jit
def leaf(x, k):
    return x * 3 + k

@engine_jit
def middle(arr):
    s = 0
    for i in range(arr.shape[0]):
        s += leaf(arr[i], i)
    return s

@engine_jit
def top(arr):
    return middle(arr) + leaf(arr[0], 7)

@njit(cache=True)
def other_top(arr):
    return middle(arr) * 2

@njit
def shift(arr):
    return arr[0]

def shift_then_middle(arr):  # shift compiles first and takes numba's next function id
    return shift(arr) + middle(arr)
'''

CHILD = '''
import json, sys
import numpy as np
from numba.core import event
import llvmlite.binding as llvm

from sim.engine import linking
linking.PACKAGES = linking.PACKAGES + ("linkdemo",)
import linkdemo
from sim.engine.compile_events import CompileCounter

arr = np.arange(5, dtype=np.int32)
counter = CompileCounter("linkdemo")
with event.install_listener("numba:compile", counter):
    result = getattr(linkdemo, sys.argv[1])(arr)
kinds = {name: next(iter(getattr(linkdemo, name).overloads.values())).library.serialize_using_object_code()[1]
         for name in ("leaf", "middle", "top", "other_top") if f"linkdemo.{name}" in counter.compiled}
print(json.dumps({"result": int(result), "compiled": sorted(counter.compiled), "kinds": kinds,
                  "renamed": linking.renamed}))
'''


def _run(tmp: Path, entry: str) -> dict:
    env = {"PYTHONPATH": f"{tmp}:{Path(__file__).resolve().parents[1]}", "NUMBA_CACHE_DIR": str(tmp / "cache"),
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", CHILD, entry], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture()
def demo(tmp_path: Path) -> Path:
    (tmp_path / "linkdemo.py").write_text(textwrap.dedent(MODULE))
    return tmp_path


def _expected(entry: str) -> int:
    middle = sum(x * 3 + i for i, x in enumerate(range(5)))
    return {"top": middle + 7, "middle": middle, "other_top": 2 * middle, "shift_then_middle": middle}[entry]


def test_helpers_compiled_for_a_caller_are_cached_linked_by_symbol_and_the_kernel_whole(demo: Path) -> None:
    cold = _run(demo, "top")
    assert cold["result"] == _expected("top")
    assert cold["compiled"] == ["linkdemo.leaf", "linkdemo.middle", "linkdemo.top"]
    from sim.engine.linking import KIND
    assert cold["kinds"]["middle"] == KIND  # calls leaf by symbol: its cache entry names leaf
    assert cold["kinds"]["leaf"] == KIND  # compiled for a caller: code to link, not machine code
    assert cold["kinds"]["top"] == "object"  # compiled from Python: leaf and middle linked in


@pytest.mark.parametrize("entry", ["top", "middle", "other_top"])
def test_each_cache_entry_loads_in_a_new_process(demo: Path, entry: str) -> None:
    _run(demo, "top")
    warm = _run(demo, entry)  # middle: loads leaf first; other_top: a new kernel links both from the cache
    assert warm["result"] == _expected(entry)
    assert warm["compiled"] == (["linkdemo.other_top"] if entry == "other_top" else [])


def test_a_callee_compiled_again_in_another_process_is_called_by_its_new_name(demo: Path) -> None:
    _run(demo, "top")
    stale = list((demo / "cache").rglob("linkdemo.leaf-*"))
    assert stale
    for path in stale:  # as if another process had written leaf's entry with its own compile counter
        path.unlink()
    warm = _run(demo, "shift_then_middle")  # loads middle, compiles leaf as v2, renames middle's call
    assert warm["result"] == _expected("shift_then_middle")
    assert warm["compiled"] == ["linkdemo.leaf", "linkdemo.shift"]
    assert warm["renamed"] == 1


FAST = '''
import json
import numpy as np
from numba.core import dispatcher
from sim.engine import linking
linking.PACKAGES = linking.PACKAGES + ("linkdemo",)
import linkdemo

linkdemo.top(np.arange(5, dtype=np.int32))  # compiles leaf for a caller: its entry point is deferred
slow = []
fallback = dispatcher._DispatcherBase._compile_for_args
dispatcher._DispatcherBase._compile_for_args = lambda self, *a, **k: slow.append(1) or fallback(self, *a, **k)
results = [int(linkdemo.leaf(4, 1)) for _ in range(3)]
print(json.dumps({"results": results, "slow": len(slow)}))
'''


def test_a_helper_python_calls_is_emitted_once_then_reached_by_numbas_fast_path(demo: Path) -> None:
    # the first Python call links and emits the helper (through numba's typing fallback); later calls reach the
    # emitted function directly (the fallback cost about 0.1 ms a call: search-adapt's collection made 11,000)
    env = {"PYTHONPATH": f"{demo}:{Path(__file__).resolve().parents[1]}", "NUMBA_CACHE_DIR": str(demo / "cache"),
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", FAST], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got == {"results": [13, 13, 13], "slow": 1}


class _Lib:
    """Just what linking reads of a code library: its code for linking."""

    def __init__(self, ir: str) -> None:
        self.module = llvm.parse_assembly(ir)

    def _get_module_for_linking(self):
        return self.module


def test_a_helper_linked_before_its_first_caller_is_linked_again():
    # LLVM links a linkonce_odr function only where the module already calls it: f comes first, before g
    # (which calls it), as when f's other caller inlined its call away; a single pass left f undefined
    # and the kernel's machine code calling address 0 (the PSO2 raid kernel's policy.kills, stop 42)
    kernel = _Lib("declare i64 @g(i64)\ndefine i64 @kernel(i64 %x) {\n  %r = call i64 @g(i64 %x)\n  ret i64 %r\n}\n")
    f = _Lib("define linkonce_odr i64 @f(i64 %x) {\n  %r = add i64 %x, 1\n  ret i64 %r\n}\n")
    g = _Lib("declare i64 @f(i64)\ndefine linkonce_odr i64 @g(i64 %x) {\n  %r = call i64 @f(i64 %x)\n  ret i64 %r\n}\n")
    kernel._final_module = kernel.module
    linking._link_whole(kernel, [f, g])
    assert [fn.name for fn in kernel._final_module.functions if fn.is_declaration] == []
    assert {"f", "g", "kernel"} <= {fn.name for fn in kernel._final_module.functions}


PRIVATE = '''
import json
import numpy as np
from numba.core import registry
from sim.engine import linking
linking.PACKAGES = linking.PACKAGES + ("linkdemo",)
import linkdemo

arr = np.arange(5, dtype=np.int32)
first = int(linkdemo.middle(arr))  # loaded from the cache for Python: middle's program linked whole and emitted
engine = registry.cpu_target.target_context.codegen()._engine
names = {n: next(iter(getattr(linkdemo, n).overloads.values())).fndesc.mangled_name for n in ("leaf", "middle")}
exported = sorted(n for n, symbol in names.items() if engine.get_function_address(symbol))
print(json.dumps({"results": [first, int(linkdemo.top(arr)), int(linkdemo.other_top(arr))], "exported": exported}))
'''


def test_a_helper_emitted_for_python_exports_no_function_a_later_kernel_could_call(demo: Path) -> None:
    # the linker resolves a kernel's weak definitions to ones already loaded: search-adapt's collection (helpers
    # called from Python, their callees unoptimised across calls) made every search kernel loaded after it about
    # 4x slower; the kernels loaded and compiled after the helper still link their own code
    _run(demo, "top")
    env = {"PYTHONPATH": f"{demo}:{Path(__file__).resolve().parents[1]}", "NUMBA_CACHE_DIR": str(demo / "cache"),
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", PRIVATE], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got == {"results": [_expected("middle"), _expected("top"), _expected("other_top")], "exported": []}


def test_privatize_keeps_only_the_entry_wrappers_by_name():
    module = llvm.parse_assembly(
        "define linkonce_odr i64 @leaf(i64 %x) {\n  ret i64 %x\n}\n"
        "define i64 @helper(i64 %x) {\n  %r = call i64 @leaf(i64 %x)\n  ret i64 %r\n}\n"
        "define i32 @_ZN7cpython6helper(i64 %x) {\n  %r = call i64 @helper(i64 %x)\n  ret i32 0\n}\n"
        "declare i64 @elsewhere(i64)\n")
    linking._privatize(module)
    internal = {fn.name: fn.linkage == llvm.Linkage.internal for fn in module.functions}
    assert internal == {"leaf.python": True, "helper.python": True, "_ZN7cpython6helper": False, "elsewhere": False}
    assert "call i64 @helper.python" in str(module)
