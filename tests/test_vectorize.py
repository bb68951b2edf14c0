"""sim.engine.vectorize: modules that declare LOOP_VECTORIZE = False are compiled without LLVM's loop vectorizer."""

import re

import numpy as np

import sim.engine.jit  # noqa: F401  (installs the compile hook)
from sim.engine import vectorize
from tests.jit_module import module_function

SOURCE = """
def total(a):
    t = 0
    for i in range(a.shape[0]):
        t += a[i]
    return t
"""


def compiled_total(modname: str, opt_out: bool):
    fn = module_function(modname, SOURCE, "total", **({"LOOP_VECTORIZE": False} if opt_out else {}))
    assert fn(np.arange(100, dtype=np.int64)) == 4950
    return fn


def vector_types(fn) -> bool:
    return re.search(r"<\d+ x i64>", next(iter(fn.inspect_llvm().values()))) is not None


def test_opted_out_module_compiles_without_the_loop_vectorizer():
    assert vector_types(compiled_total("tcgsim_test_vectorize_plain", opt_out=False))
    assert not vector_types(compiled_total("tcgsim_test_vectorize_flagged", opt_out=True))


def test_coj_modules_opt_out():
    for name in ("rules", "effects", "actions", "activated", "policy", "engine"):
        module = f"sim.games.coj.{name}"
        __import__(module)
        assert vectorize.opted_out(module), module
