"""LLVM's loop vectorizer off for the functions of the engine modules that opt out of it.

numba optimises at LLVM level 3 with the loop vectorizer on: a loop whose trip count LLVM cannot bound gets a
vector body, a trip-count check in front of it and the scalar loop for the rest. An engine's loops walk a hand of
at most 7 cards, a field of 5 units or a zone of 4, so the vector bodies never run: they make the machine code
bigger (instruction-cache misses) and take LLVM time to build.

A module that declares `LOOP_VECTORIZE = False` has its functions compiled without the loop vectorizer, a kernel's
whole-program optimisation (sim.engine.linking) included; every other function is compiled with numba's setting,
whichever function's compile asked for it. (A helper compiled for a caller and later called from Python, as
scenario tests do, is linked and optimised at that call, outside its compile: with numba's setting.) The games are the same: the vectorizer changes how
a loop is computed, not what.
"""

from __future__ import annotations

import sys
from typing import Any

from numba.core import config, dispatcher
from numba.core.compiler_lock import global_compiler_lock

FLAG = "LOOP_VECTORIZE"
_numba_compile = dispatcher.Dispatcher.compile
_default = config.LOOP_VECTORIZE


def opted_out(modname: str) -> bool:
    """Whether module `modname` declares LOOP_VECTORIZE = False."""
    return getattr(sys.modules.get(modname), FLAG, True) is False


def _compile(self: Any, sig: Any) -> Any:
    # numba reads config.LOOP_VECTORIZE when it builds each optimisation pass manager, all inside this compile;
    # the compiler lock keeps another thread's compile from seeing this function's setting
    with global_compiler_lock:
        saved = config.LOOP_VECTORIZE
        config.LOOP_VECTORIZE = 0 if opted_out(getattr(self.py_func, "__module__", "")) else _default
        try:
            return _numba_compile(self, sig)
        finally:
            config.LOOP_VECTORIZE = saved


def install() -> None:
    """Route numba's dispatcher compile through the opt-out check (idempotent)."""
    if dispatcher.Dispatcher.compile is not _compile:
        dispatcher.Dispatcher.compile = _compile
