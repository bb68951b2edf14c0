"""`engine_jit`: numba's njit(cache=True), compiled once per function instead of once per argument-type mix.

numba compiles a separate specialisation of a function for every combination of argument types
its callers pass, and every specialisation re-optimises and re-generates the machine code of all
the functions it calls. Engine helpers take card and seat indices that are int32 at one call site
(read from the int32 state) and int64 at the next (loop counters, constants), so before this
decorator the FFTCG engine compiled 120 functions 369 times (one helper 24 times) and CoJ 84
functions 164 times: most of a cold start (`tcgsim bench compile` measures it).

Callers' argument types are widened before the callee is compiled: integers (and integer literals)
to int64, except uint64 which stays (RNG states), and boolean literals to boolean. The caller then converts
its values at the call (int32 -> int64 is exact), so the code computes the same results.

A function compiled because another one calls it keeps only its own code (sim.engine.linking); the
function Python calls (a kernel) links and optimises all the code below it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import njit, types
from numba.core.dispatcher import Dispatcher

from sim.engine import indexing, linking, vectorize

linking.install()
indexing.install()
vectorize.install()


def canonical_type(t: types.Type) -> types.Type:
    if isinstance(t, types.BooleanLiteral):
        return types.boolean
    if isinstance(t, types.Literal):
        t = t.literal_type
    if isinstance(t, types.Integer):  # uint32 -> int64 too: int64 and uint64 would unify to float64
        return types.uint64 if t.bitwidth == 64 and not t.signed else types.int64
    return t


def engine_jit(fn: Callable[..., Any]) -> Dispatcher:
    """njit(cache=True) with one specialisation for all integer widths its njit callers pass."""
    dispatcher = njit(cache=True)(fn)
    typed_call = dispatcher.get_call_template

    def get_call_template(args, kws):  # numba asks this when it types a call from compiled code
        with linking.CompilingForCaller():
            return typed_call(tuple(canonical_type(a) for a in args), {k: canonical_type(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def inline_jit(fn: Callable[..., Any]) -> Dispatcher:
    """njit(cache=True, inline="always"): numba puts the function's code into each compiled caller, so no call is
    made (LLVM leaves most engine helpers as calls, each some 30-40 instructions of saved registers, argument moves
    and stack slots) and the function is not compiled on its own for them. For small helpers with one or two
    callers: each call site types and optimises the code again."""
    return njit(cache=True, inline="always")(fn)
