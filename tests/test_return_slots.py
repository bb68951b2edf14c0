"""sim.engine.return_slots: modules that declare UNZEROED_RETURN_SLOTS call without zeroing the result's slot."""

from numba import njit

import sim.engine.jit  # noqa: F401  (installs the call hook)
from sim.engine import indexing, return_slots
from tests.test_indexing import module_of

DROP = return_slots._drop_zeroing

SOURCE = """
from numba import njit

@njit
def half(x):
    return x // 2

def caller(x):
    return half(x) + half(x + 1)
"""


def compile_caller(modname: str, opt_in: bool, monkeypatch) -> tuple[object, list[int]]:
    """The caller compiled in a fresh module, and the zeroing stores removed at each of its calls."""
    removed = []

    def counting(builder, callee):
        before = len(builder.block.instructions) + len(builder.function.entry_basic_block.instructions)
        DROP(builder, callee)
        removed.append(before - len(builder.block.instructions) - len(builder.function.entry_basic_block.instructions))

    monkeypatch.setattr(return_slots, "_drop_zeroing", counting)
    fn = njit(module_of(modname, SOURCE, return_slots.FLAG if opt_in else None).caller)
    assert fn(7) == 7  # 3 + 4: the calls' results are read as before
    return fn, removed


def test_opted_in_module_calls_without_zeroing_the_return_slot(monkeypatch):
    _, plain = compile_caller("tcgsim_test_slots_plain", False, monkeypatch)
    _, flagged = compile_caller("tcgsim_test_slots_flagged", True, monkeypatch)
    assert plain == []  # numba's calls as they are
    assert flagged == [2, 2]  # each call: the store in the entry block and the one before the call


def test_pso2_modules_opt_in():
    for name in ("rules", "actions", "policy", "engine", "raid"):
        module = f"sim.games.pso2.{name}"
        __import__(module)
        assert indexing.opted_in(module, return_slots.FLAG), module
