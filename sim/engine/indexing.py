"""Array indexing without numba's negative-index wrap-around, in the engine modules that opt in.

numba reads `a[i]` with a signed `i` as Python does: `a[i + len(a)]` when `i < 0`. Where it cannot
prove `i` non-negative (an index loaded from the int32 state, a count minus one) each index costs a
compare-and-select (sar, and, add) in front of the address arithmetic, on every read and write of a
game's state: on PSO2 a twentieth of the instructions, and a longer chain before every load.

A module that never indexes with a negative number says so with `NONNEGATIVE_INDICES = True`; the
functions numba lowers for it (their inlined helpers included, which are lowered as part of them)
then use a signed index as it is. In such a module a negative index reads or writes outside the
array (numba does not check bounds either), so the flag is only for code whose indices are
non-negative by construction: a sentinel such as -1 is tested before it is used as an index.
"""

from __future__ import annotations

import sys
from typing import Any

from numba.core import lowering, types
from numba.np import arrayobj

FLAG = "NONNEGATIVE_INDICES"
_lowering: list[str] = []  # the modules of the functions being lowered, innermost last
_opted_in: dict[str, bool] = {}


def opted_in(modname: str) -> bool:
    """Whether module `modname` declares NONNEGATIVE_INDICES = True."""
    if modname not in _opted_in:
        _opted_in[modname] = getattr(sys.modules.get(modname), FLAG, False) is True
    return _opted_in[modname]


_numba_lower = lowering.BaseLower.lower
# numba's own hook; a numba without it (its internals may move) keeps the wrap-around: slower, never wrong
_numba_fix_integer_index = getattr(arrayobj, "fix_integer_index", None)


def _lower(self: Any) -> Any:
    _lowering.append(self.fndesc.modname)
    try:
        return _numba_lower(self)
    finally:
        _lowering.pop()


def _fix_integer_index(context: Any, builder: Any, idxty: Any, idx: Any, size: Any) -> Any:
    if idxty.signed and _lowering and opted_in(_lowering[-1]):
        return context.cast(builder, idx, idxty, types.intp)
    return _numba_fix_integer_index(context, builder, idxty, idx, size)


def install() -> None:
    """Route numba's lowering through the opt-in check (idempotent; nothing when numba lacks the hook)."""
    if _numba_fix_integer_index is not None and lowering.BaseLower.lower is not _lower:
        lowering.BaseLower.lower = _lower
        arrayobj.fix_integer_index = _fix_integer_index
