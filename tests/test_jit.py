"""engine_jit compiles a helper once whatever integer widths its callers pass (cold-start time)."""

import numpy as np
from numba import njit, types

from sim.engine.jit import engine_jit


@engine_jit
def widened(a, b):
    return a + b


@engine_jit
def unsigned(a, b):
    return a + b


@njit(cache=True)
def plain(a, b):
    return a + b


@njit  # not cached: it must compile (and type its calls) in every test run
def call_both(small):
    i = small[0]  # int32, as read from the engines' int32 state
    return widened(i, 1) + widened(np.int64(i), 2) + widened(np.uint32(i), i) + plain(i, 1) + plain(np.int64(i), 2)


def test_one_specialisation_for_int32_int64_and_literal_arguments() -> None:
    assert call_both(np.array([5], np.int32)) == 6 + 7 + 10 + 6 + 7
    assert widened.signatures == [(types.int64, types.int64)]
    assert len(plain.signatures) == 2  # what numba does without the widening


def test_uint64_keeps_its_type() -> None:
    assert unsigned(np.uint64(2**63), np.uint64(1)) == 2**63 + 1
    assert unsigned.signatures == [(types.uint64, types.uint64)]
