"""Whole-program linking: each engine function is optimised and turned into machine code once.

numba links the optimised code of every function a function calls into that function's own module,
then optimises and emits the whole again. An engine is a deep call tree (FFTCG: play_kernel -> take_turn
-> main_phase -> cast -> ... -> resolve), so the same code was optimised and emitted once per function
above it: on FFTCG 11.3 MB of bitcode went through LLVM to produce a 0.58 MB kernel, two thirds of its
cold compile.

Here a sim function compiled for a caller (inside another function's typing, see
sim.engine.jit.engine_jit) keeps only its own code and calls the sim functions below it by symbol: in
this process they are already in numba's JIT engine. A function compiled from Python (a kernel, or a
helper a test calls) links the code of every sim function below it, as numba does, and optimises the
whole program twice (once left the kernels 8-10% slower than numba's optimisation at every level), so
the machine code that runs and the code numba caches for it are whole and self-contained. Optimising
the helpers' own code at a lower level saved another 10% of the compile but cost CoJ 10% of its speed.

A helper's cache entry holds its own code (LLVM bitcode) and names the sim functions it calls (module,
name, signature): loading it loads those first, then emits its code against them.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import llvmlite.binding as ll
import numba
from numba.core import codegen, dispatcher
from numba.core.compiler_lock import require_global_compiler_lock

KIND = "tcgsim-linked-by-symbol"
PACKAGES = ("sim.",)  # modules whose functions are linked by symbol when compiled for a caller
renamed = 0  # calls renamed at load to a callee this process compiled again (tests/test_linking.py)
_depth = 0  # > 0 while a sim function compiles for a caller (numba compiles under one global lock)


class CompilingForCaller:
    """Context of a callee's compile: its library keeps its own code only."""

    def __enter__(self) -> None:
        global _depth
        _depth += 1

    def __exit__(self, *exc: object) -> None:
        global _depth
        _depth -= 1


def _closure(libraries: list[Any]) -> list[Any]:
    """The sim libraries below these (themselves included), each once, in a stable order."""
    out: dict[int, Any] = {}
    for lib in libraries:
        for dep in (lib, *getattr(lib, "_tcg_deps", ())):
            out.setdefault(id(dep), dep)
    return list(out.values())


def _finalize(self: Any) -> None:
    require_global_compiler_lock()
    self._codegen._check_llvm_bugs()
    self._raise_if_finalized()
    own: list[Any] = []
    seen: set[int] = set()
    for library in self._linking_libraries:
        if id(library) in seen:
            continue
        seen.add(id(library))
        self._reload_init.update(library._reload_init)
        if getattr(library, "_tcg_key", None) is not None:
            own.append(library)  # a sim function: linked below, or called by symbol
        else:
            self._final_module.link_in(library._get_module_for_linking(), preserve=True)
    below = _closure(own)
    if _depth > 0:
        self._tcg_deps = tuple(below)
    else:
        for library in below:
            self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._tcg_deps = ()
    self._optimize_final_module()
    if _depth == 0 and below:
        self._optimize_final_module()
    self._final_module.verify()
    self._finalize_final_module()


_numba_serialize = codegen.CPUCodeLibrary.serialize_using_object_code
_numba_unserialize = codegen.CPUCodeLibrary._unserialize.__func__
_UID = re.compile(r"B(\d+)v(\d+)")


def _serialize(self: Any) -> tuple:
    deps = getattr(self, "_tcg_deps", ())
    if not deps:
        return _numba_serialize(self)
    return self.name, KIND, (self._final_module.as_bitcode(), tuple(lib._tcg_key for lib in deps))


def _load(key: tuple) -> Any:
    module, qualname, args = key
    target: Any = importlib.import_module(module)
    for part in qualname.split("."):
        target = getattr(target, part)
    target.compile(args)
    return target.overloads[args].library


def _without_uid(symbol: str) -> str:
    """A numba symbol without the per-process compile counter numba mangles into it ("B3v10")."""
    for m in _UID.finditer(symbol):
        if int(m.group(1)) == len(m.group(0)) - len(m.group(1)) - 1:
            return symbol[:m.start()] + symbol[m.end():]
    return symbol


def _prefixes() -> tuple[str, ...]:
    return tuple(f"_ZN{len(p.rstrip('.'))}{p.rstrip('.')}" for p in PACKAGES)


@classmethod
def _unserialize(cls: Any, codegen_: Any, state: tuple) -> Any:
    """Load a helper cached by _serialize: its sim callees first, then its own code, emitted here.

    Its code calls them by the names they had in the process that compiled it; a callee this process
    compiled itself (another process wrote the cache meanwhile) has another compile counter in its name,
    so each call is renamed to the callee's name here. Should a call still name no loaded function, the
    callees' code is linked in whole instead, as for a kernel."""
    global renamed
    name, kind, data = state
    if kind != KIND:
        return _numba_unserialize(cls, codegen_, state)
    bitcode, keys = data
    below = _closure([_load(key) for key in keys])
    library = codegen_.create_library(name)
    library._final_module = ll.parse_bitcode(bitcode)
    engine, ours = codegen_._engine, _prefixes()
    missing = [fn for fn in library._final_module.functions
               if fn.is_declaration and fn.name.startswith(ours) and not engine.is_symbol_defined(fn.name)]
    defined: dict[str, str] = {}
    for lib in below if missing else ():  # only a callee compiled again elsewhere has another name
        for fn in lib._get_module_for_linking().functions:
            if not fn.is_declaration:
                defined.setdefault(_without_uid(fn.name), fn.name)
    whole = False
    for fn in missing:
        found = defined.get(_without_uid(fn.name))
        if found is None or not engine.is_symbol_defined(found):
            whole = True
        else:
            fn.name, renamed = found, renamed + 1
    if whole:
        for lib in below:
            library._final_module.link_in(lib._get_module_for_linking(), preserve=True)
    library._finalize_final_module()
    library._tcg_deps = () if whole else tuple(below)
    return library


_numba_add_overload = dispatcher._DispatcherBase.add_overload


def _add_overload(self: Any, cres: Any) -> None:
    _numba_add_overload(self, cres)
    py_func = getattr(self, "py_func", None)
    if py_func is not None and py_func.__module__.startswith(PACKAGES):
        cres.library._tcg_key = (py_func.__module__, py_func.__qualname__, tuple(cres.signature.args))


TESTED = (0, 68)  # the numba release whose code library this replaces; another keeps numba's linking
active = False


def supported() -> bool:
    return tuple(int(p) for p in numba.__version__.split(".")[:2]) == TESTED


def install() -> None:
    """Patch numba's CPU code library and dispatcher (idempotent); only on the numba release it was
    written against (TESTED), since it replaces numba internals: elsewhere numba links as it does."""
    global active
    if active or not supported():
        return
    active = True
    codegen.CPUCodeLibrary.finalize = _finalize
    codegen.CPUCodeLibrary.serialize_using_object_code = _serialize
    codegen.CPUCodeLibrary._unserialize = _unserialize
    dispatcher._DispatcherBase.add_overload = _add_overload
