"""Calls without numba's zeroing of the callee's return slot, in the engine modules that opt in.

numba passes a compiled callee a pointer to a stack slot for its result and zeroes that slot twice: in
the caller's entry block (cgutils.alloca_once) and again before the call (CPUCallConv.call_function).
The callee writes the slot on every return without an error, and on an error the caller propagates the
status without using the value, so neither store is read. They are not free: LLVM cannot prove that
and keeps them, on PSO2 2.7% of a game's instructions (33 stores on every entry to `attack`, one per
call it may make).

A module that declares `UNZEROED_RETURN_SLOTS = True` has the functions numba lowers for it make their
calls without these stores (the lowering stack of sim.engine.indexing says whose code is being lowered).
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba.core import callconv

from sim.engine import indexing

FLAG = "UNZEROED_RETURN_SLOTS"
_numba_call_function = callconv.CPUCallConv.call_function


def _zeroes(instr: Any, slot: Any) -> bool:
    value = instr.operands[0] if isinstance(instr, ir.StoreInstr) and instr.operands[1] is slot else None
    return isinstance(value, ir.Constant) and str(value) == str(value.type(None))


def _drop_zeroing(builder: Any, callee: Any) -> None:
    """Remove the two null stores into the return slot of the call to `callee` just emitted."""
    block = builder.block
    call = next((i for i in reversed(block.instructions) if isinstance(i, ir.CallInstr) and i.callee is callee), None)
    if call is None:  # not the shape numba emits today: keep its stores (slower, never wrong)
        return
    slot = call.args[0]
    for where in (block, builder.function.entry_basic_block):
        where.instructions[:] = [i for i in where.instructions if not _zeroes(i, slot)]


def _call_function(self: Any, builder: Any, callee: Any, resty: Any, argtys: Any, args: Any, attrs: Any = None) -> Any:
    status, out = _numba_call_function(self, builder, callee, resty, argtys, args, attrs=attrs)
    if indexing.lowering_opted_in(FLAG):
        _drop_zeroing(builder, callee)
    return status, out


def install() -> None:
    """Route numba's compiled-function calls through the opt-in check (idempotent)."""
    if callconv.CPUCallConv.call_function is not _call_function:
        callconv.CPUCallConv.call_function = _call_function
