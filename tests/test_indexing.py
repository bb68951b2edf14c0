"""sim.engine.indexing: modules that declare NONNEGATIVE_INDICES index without the negative-index wrap-around."""

import numpy as np
import pytest

import sim.engine.jit  # noqa: F401  (installs the lowering hook)
from sim.engine import indexing
from tests.jit_module import module_function

SOURCE = """
def read(a, i):
    return a[i]
"""


def compiled_read(modname: str, opt_in: bool):
    fn = module_function(modname, SOURCE, "read", **({"NONNEGATIVE_INDICES": True} if opt_in else {}))
    fn(np.arange(4), 1)
    return fn


def llvm_of(fn) -> str:
    return next(iter(fn.inspect_llvm().values()))


def test_opted_in_module_indexes_without_wraparound():
    plain = compiled_read("tcgsim_test_indexing_plain", opt_in=False)
    flagged = compiled_read("tcgsim_test_indexing_flagged", opt_in=True)
    assert plain(np.arange(4), -1) == 3  # numba's Python semantics where the module does not opt in
    assert "icmp slt" in llvm_of(plain) or "select" in llvm_of(plain)
    assert "select" not in llvm_of(flagged) and "icmp slt" not in llvm_of(flagged)
    assert flagged(np.arange(4), 2) == 2


OPTED_IN = [f"sim.games.pso2.{name}" for name in ("rules", "actions", "policy", "engine", "raid")] + [
    f"sim.games.coj.{name}" for name in ("rules", "effects", "actions", "activated", "policy", "engine")]


@pytest.mark.parametrize("module", OPTED_IN)
def test_engine_modules_opt_in(module):
    __import__(module)
    assert indexing.opted_in(module), module
