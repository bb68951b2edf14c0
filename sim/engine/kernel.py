"""Shared numba kernel: explicit per-game randomness, shuffles and deck-order moves.

Every random decision of a game draws from a small RNG state (one uint64 in a 1-element array)
derived from (master seed, stream, game index, sub-stream). Nothing uses numba's global
np.random, so a game's outcome depends only on its key, never on the thread that ran it.

Sub-streams give each seat its own shuffles, so that two deck variants facing the same
opponent on the same seed see the same permutations (common random numbers).
"""

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from sim.engine.jit import engine_jit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)

# Sub-stream ids: seat 0 and seat 1 shuffles, the first-player coin, policy choices per seat.
SUB_SEAT0 = 0
SUB_SEAT1 = 1
SUB_COIN = 2
SUB_POLICY0 = 3
SUB_POLICY1 = 4


@njit(cache=True, inline="always")
def mix64(z):
    """splitmix64 finaliser: a bijective avalanche of a 64-bit word."""
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@engine_jit
def derive_seed(seed, stream, index, sub):
    """State for (seed, stream, index, sub); distinct keys give unrelated sequences."""
    h = mix64(np.uint64(seed) + GOLDEN)
    h = mix64(h ^ (np.uint64(stream) * GOLDEN + np.uint64(1)))
    h = mix64(h ^ (np.uint64(index) * GOLDEN + np.uint64(2)))
    return mix64(h ^ (np.uint64(sub) * GOLDEN + np.uint64(3)))


@engine_jit
def new_rng(seed, stream, index, sub):
    state = np.empty(1, dtype=np.uint64)
    state[0] = derive_seed(seed, stream, index, sub)
    return state


@njit(cache=True, inline="always")
def next_u64(state):
    """splitmix64 step (passes BigCrush; one add and a mix per draw)."""
    state[0] += GOLDEN
    return mix64(state[0])


@njit(cache=True, inline="always")
def randbelow(state, n):
    """Uniform integer in [0, n) for 0 < n < 2**32 by multiply-shift of 32 random bits.

    The bias is below n / 2**32 (under 1e-8 for deck-sized n), far under Monte Carlo noise.
    """
    r = next_u64(state) >> np.uint64(32)
    return np.int64((r * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, inline="always")
def uniform(state):
    """Float in [0, 1) with 53 random bits."""
    return (next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def shuffle_prefix(state, arr, n, k):
    """Partial Fisher-Yates: afterwards arr[:k] is a uniform random k-sample of arr[:n], in random order.

    Only the first k positions are settled, so dealing 5 cards from 50 costs 5 swaps, not 50.
    Whatever order arr[:n] had before, the settled prefix is uniform.
    """
    settle_range(state, arr, n, 0, k)


@njit(cache=True, inline="always")
def settle_range(state, arr, n, start, stop):
    """Continue a partial Fisher-Yates: settle positions start..stop-1 from the unsettled arr[start:n]."""
    for i in range(start, min(stop, n - 1)):
        j = i + randbelow(state, n - i)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@njit(cache=True, inline="always")
def shuffle(state, arr, n):
    shuffle_prefix(state, arr, n, n)


@engine_jit
def move_block_to_bottom(order, top, count, n):
    """Put order[top:top+count] under the rest of order[top:n], keeping both runs in order.

    This is the mulligan move of FFTCG (rule 8.2.2) and GBF (r. 5-2-1-5-1): cards go to the
    bottom unshuffled, so they come back only when the rest of the deck has been drawn.
    A cycle-leader rotation moves each card once, in place: no allocation in the hot loop.
    """
    length = n - top
    if count <= 0 or count >= length:
        return
    a, b = length, count
    while b:
        a, b = b, a % b
    for start in range(a):  # gcd(length, count) cycles
        held = order[top + start]
        i = start
        while True:
            j = i + count
            if j >= length:
                j -= length
            if j == start:
                break
            order[top + i] = order[top + j]
            i = j
        order[top + i] = held


# ---- engine states held as data addresses (views built with numba.carray, no reference counts) ----
@intrinsic
def address(typingctx, arr):
    """The data address of an array, as an int64: engine states hold addresses, not arrays."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        return builder.ptrtoint(data, context.get_value_type(types.int64))

    return types.int64(arr), codegen


def pointer_intrinsic(dtype):
    @intrinsic
    def pointer_at(typingctx, addr, offset):
        """Pointer to element `offset` of the `dtype` array at data address `addr` (for the views)."""
        if not isinstance(addr, types.Integer) or not isinstance(offset, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            ptr = builder.inttoptr(args[0], context.get_value_type(types.CPointer(dtype)))
            return builder.gep(ptr, [args[1]])

        return types.CPointer(dtype)(addr, offset), codegen

    return pointer_at
