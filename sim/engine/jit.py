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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import njit, types
from numba.core import codegen
from numba.core.dispatcher import Dispatcher

# The mangled-name prefixes of the engine_jit functions of these game packages, by function name: their
# LLVM modules skip numba's whole-module optimisation (see _optimize_once). Off: measured on FFTCG (issue
# 31, 2 shared cores) its cold compile took 36% less CPU (79 s instead of 124 s) and the games stayed
# bit-identical, but the kernel played 5-20% slower in paired runs (it inlines less of the helpers that were
# not optimised first), and PSO2 ~15% slower. Add a game to measure it again.
LINKED_ONLY_GAMES: tuple[str, ...] = ()
_LINKED_ONLY: dict[str, set[str]] = {}
_optimize_final_module = codegen.CPUCodeLibrary._optimize_final_module


def _mangled_prefix(module: str, qualname: str) -> str:
    return "_ZN" + "".join(f"{len(part)}{part}" for part in [*module.split("."), *qualname.split(".")])


def _optimize_once(library: codegen.CPUCodeLibrary) -> None:
    """numba links every compiled callee's module into its caller's and optimises the whole at -O3 again,
    so an engine's helpers were optimised once per level of callers above them (each of FFTCG's turn
    functions re-optimised most of the engine). A helper's own machine code is not what a kernel runs (the
    kernel runs the copy linked into it; only a direct call from Python, e.g. a test, runs it), so these
    helpers get numba's per-function passes only and the kernel's module pass optimises the linked whole
    once. Integer code: the results are the same at any optimisation level."""
    prefixes = _LINKED_ONLY.get(library.name)
    if not prefixes or not any(f.name.startswith(p) for f in library._final_module.functions
                               if not f.is_declaration for p in prefixes):
        _optimize_final_module(library)


codegen.CPUCodeLibrary._optimize_final_module = _optimize_once


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
    if any(fn.__module__.startswith(f"sim.games.{game}.") for game in LINKED_ONLY_GAMES):
        _LINKED_ONLY.setdefault(fn.__qualname__, set()).add(_mangled_prefix(fn.__module__, fn.__qualname__))
    typed_call = dispatcher.get_call_template

    def get_call_template(args, kws):  # numba asks this when it types a call from compiled code
        return typed_call(tuple(canonical_type(a) for a in args), {k: canonical_type(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher
