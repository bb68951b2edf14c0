"""A compiled function from a module made on the fly, for the tests of the per-module compile hooks."""

import sys
import types

from numba import njit


def module_function(modname: str, source: str, name: str, **attrs: object):
    """njit of function `name` defined by `source` in a new module `modname` that holds `attrs` (its flags)."""
    module = types.ModuleType(modname)
    module.__dict__.update(attrs)
    sys.modules[modname] = module
    exec(source, module.__dict__)
    return njit(getattr(module, name))
