"""Whole-program linking: each engine function is optimised and turned into machine code once.

numba links the optimised code of every function a function calls into that function's own module,
then optimises and emits the whole again. An engine is a deep call tree (FFTCG: play_kernel -> take_turn
-> main_phase -> cast -> ... -> resolve), so the same code was optimised and emitted once per function
above it: on FFTCG 11.3 MB of bitcode went through LLVM to produce a 0.58 MB kernel, two thirds of its
cold compile.

Here a sim function compiled for a caller (inside another function's typing, see
sim.engine.jit.engine_jit) keeps only its own optimised code (LLVM IR), calls the sim functions below it
by symbol, and is not turned into machine code: nothing runs it but the functions that link it. A
function compiled from Python (a kernel, or a helper a test calls) links the code of every sim function
below it, as numba does, and optimises the whole program twice (once left the kernels 8-10% slower than
numba's optimisation at every level), so the machine code that runs and the code numba caches for it
are whole and self-contained. Optimising the helpers' own code at a lower level saved another 10% of the
compile but cost CoJ 10% of its speed. Should Python call a helper that was compiled for a caller, its
entry point links the helper's program and emits it then, once.

A helper's cache entry holds its own code (LLVM bitcode) and names the sim functions it calls (module,
name, signature): loading it loads those first; loaded for a Python call, it is linked whole and emitted.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import llvmlite.binding as ll
import numba
from numba.core import codegen, cpu, dispatcher
from numba.core.compiler_lock import global_compiler_lock, require_global_compiler_lock

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


def compiling_for_caller() -> bool:
    """True while a sim function compiles because another one calls it."""
    return _depth > 0


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
        _link_whole(self, below)
        self._tcg_deps = ()
    self._optimize_final_module()
    if _depth == 0 and below:
        self._optimize_final_module()
    self._final_module.verify()
    if getattr(self, "_tcg_ir_only", False):
        _finalize_ir_only(self)
    else:
        self._finalize_final_module()
        _set_envs(self, below)


def _set_envs(library: Any, below: list[Any]) -> None:
    """Point the environment globals of the helpers linked into an emitted library at their environments
    (numba sets a function's own when it takes its entry point; a helper never emitted had none set)."""
    for lib in below:
        if getattr(lib, "_tcg_env", None) is not None:
            library.codegen.set_env(*lib._tcg_env)


def _finalize_ir_only(library: Any) -> None:
    """numba's finalisation without adding the module to the JIT engine (which would emit machine code)."""
    library._finalize_dynamic_globals()
    library._verify_declare_only_symbols()
    library._finalized = True


def _names(library: Any) -> set[str]:
    """The functions a library defines in the code it gives for linking (computed once per library)."""
    names = getattr(library, "_tcg_names", None)
    if names is None:
        names = {fn.name for fn in library._get_module_for_linking().functions if not fn.is_declaration}
        library._tcg_names = names
    return names


def _link_whole(library: Any, below: list[Any]) -> None:
    """Link the code of `below` into the library's module until every sim function it calls is defined.

    A helper's functions are linkonce_odr in the code it gives for linking, which LLVM links only where
    the module already calls them: a helper linked before its first caller (one whose own call to it
    was inlined away lists it too) is skipped, so the helpers still called are linked again."""
    pending = below
    while pending:
        for lib in pending:
            library._final_module.link_in(lib._get_module_for_linking(), preserve=True)
        declared = {fn.name for fn in library._final_module.functions if fn.is_declaration}
        still = [lib for lib in below if _names(lib) & declared]
        if [id(lib) for lib in still] == [id(lib) for lib in pending]:
            break  # nothing more to gain
        pending = still


_ENTRIES = ("_ZN7cpython", "cfunc.")  # the wrappers numba takes a Python-called function's address by
PRIVATE = ".python"  # the suffix of a Python-called helper's functions (tests/test_linking.py)


def _privatize(module: Any) -> None:
    """Rename every function of a Python-called helper's whole program but its entry wrappers, and make it
    internal, before the program is emitted.

    Its callees are linked in without being optimised across calls (each keeps its own optimised code), and the
    JIT's linker resolves a kernel's weak definitions (numba's linked-in functions) to any already loaded under
    the same name: every search kernel loaded after search-adapt's collection called these slower copies and
    ran about 4x slower."""
    for fn in module.functions:
        if not fn.is_declaration and not fn.name.startswith(_ENTRIES):
            fn.name = fn.name + PRIVATE
            fn.linkage = "internal"


def _for_linking(module: Any) -> Any:
    """The code a library loaded for Python gives callers that link it (numba's _get_module_for_linking, taken
    before _privatize)."""
    shared = module.clone()
    for fn in shared.functions:
        if not fn.is_declaration and fn.linkage == ll.Linkage.external:
            fn.linkage = "linkonce_odr"
    return shared


class _Deferred:
    """The entry point of a helper compiled for a caller: its program is linked and emitted when Python
    first calls it (tests do; the engines call their kernels only)."""

    def __init__(self, context: Any, library: Any, fndesc: Any, env: Any) -> None:
        self.context, self.library, self.fndesc, self.env = context, library, fndesc, env
        self._cfunc: Any = None
        # set by _add_overload: hands the emitted function to the dispatcher's C fast path, so Python's later
        # calls no longer go through numba's typing fallback (about 0.1 ms a call: search-adapt's collection
        # calls helpers from Python tens of thousands of times)
        self.register: Any = None

    def __call__(self, *args: Any, **kws: Any) -> Any:
        if self._cfunc is None:
            with global_compiler_lock:
                whole = self.library.codegen.create_library(self.library.name + ".whole")
                whole._final_module = ll.parse_bitcode(self.library._final_module.as_bitcode())
                below = list(self.library._tcg_deps)  # already every sim library below it
                _link_whole(whole, below)
                _privatize(whole._final_module)
                whole._finalize_final_module()
                _set_envs(whole, below)
                self._cfunc = _numba_get_executable(self.context, whole, self.fndesc, self.env)
                if self.register is not None:
                    self.register(self._cfunc)
        return self._cfunc(*args, **kws)


_numba_get_executable = cpu.CPUContext.get_executable


def _get_executable(self: Any, library: Any, fndesc: Any, env: Any) -> Any:
    if not library._finalized and _depth > 0 and fndesc.modname.startswith(PACKAGES):
        library._tcg_ir_only = True
    if getattr(library, "_tcg_ir_only", False):
        library._ensure_finalized()
        library._tcg_env = (self.get_env_name(fndesc), env)
        return _Deferred(self, library, fndesc, env)
    return _numba_get_executable(self, library, fndesc, env)


_numba_set_env = codegen.JITCPUCodegen.set_env


def _set_env(self: Any, env_name: str, env: Any) -> None:
    """numba's set_env, except for a global no emitted code defines (a helper's own, before it is linked)."""
    if self._engine.get_global_value_address(env_name):
        _numba_set_env(self, env_name, env)


_numba_serialize = codegen.CPUCodeLibrary.serialize_using_object_code
_numba_unserialize = codegen.CPUCodeLibrary._unserialize.__func__
_UID = re.compile(r"B(\d+)v(\d+)")


def _serialize(self: Any) -> tuple:
    deps = getattr(self, "_tcg_deps", ())
    if not deps and not getattr(self, "_tcg_ir_only", False):
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
    """Load a helper cached by _serialize: its sim callees first, then its own code.

    Its code calls them by the names they had in the process that compiled it; a callee this process
    compiled itself (another process wrote the cache meanwhile) has another compile counter in its name,
    so each call is renamed to the callee's name here. Loaded for a caller, it stays code to link (as if
    compiled here for that caller); loaded for Python, or should a call still name no loaded function,
    the callees' code is linked in whole and emitted, as for a kernel."""
    global renamed
    name, kind, data = state
    if kind != KIND:
        return _numba_unserialize(cls, codegen_, state)
    bitcode, keys = data
    with CompilingForCaller():
        below = _closure([_load(key) for key in keys])
    library = codegen_.create_library(name)
    library._final_module = ll.parse_bitcode(bitcode)
    ours = _prefixes()
    known = set().union(*(_names(lib) for lib in below))
    missing = [fn for fn in library._final_module.functions
               if fn.is_declaration and fn.name.startswith(ours) and fn.name not in known]
    stems = {_without_uid(n): n for n in known} if missing else {}
    whole = False
    for fn in missing:
        found = stems.get(_without_uid(fn.name))
        if found is None:
            whole = True
        else:
            fn.name, renamed = found, renamed + 1
    if whole or _depth == 0:
        _link_whole(library, below)
    library._tcg_deps = () if whole or _depth == 0 else tuple(below)
    if _depth > 0:
        library._tcg_ir_only = True
        _finalize_ir_only(library)
    else:
        library._shared_module = _for_linking(library._final_module)
        _privatize(library._final_module)
        library._finalize_final_module()
    return library


_numba_add_overload = dispatcher._DispatcherBase.add_overload


def _add_overload(self: Any, cres: Any) -> None:
    if isinstance(cres.entry_point, _Deferred):  # numba's C dispatcher calls only real functions: Python's
        args = tuple(cres.signature.args)
        self.overloads[args] = cres  # calls of this signature reach the entry point, until it is emitted
        cres.entry_point.register = lambda cfunc: self._insert([a._code for a in args], cfunc, cres.objectmode)
    else:
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
    cpu.CPUContext.get_executable = _get_executable
    codegen.JITCPUCodegen.set_env = _set_env
    dispatcher._DispatcherBase.add_overload = _add_overload
