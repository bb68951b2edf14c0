"""Run a batch kernel over numba's thread count with Python threads instead of a prange kernel.

A `parallel=True` kernel costs numba a second compile of the whole engine (the parfor body as a
gufunc, then its caller), about a third of a cold start; a `nogil` kernel that plays a range of
chunks, called from a few Python threads, runs the same games in parallel for the price of one
compile. The thread count follows numba's (NUMBA_NUM_THREADS, numba.set_num_threads), and the
chunks are split into contiguous blocks as prange's static schedule did. A game's randomness
depends only on its index, so the split never changes a result.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numba

_pools: dict[int, ThreadPoolExecutor] = {}


def run_chunks(kernel: Callable[..., object], chunks: int, *args: object) -> None:
    """Call kernel(*args, lo, hi) for blocks [lo, hi) covering range(chunks), one block per thread."""
    threads = max(1, min(numba.get_num_threads(), chunks))
    bounds = [chunks * t // threads for t in range(threads + 1)]
    if threads == 1:
        kernel(*args, 0, chunks)
        return
    pool = _pools.get(threads) or _pools.setdefault(threads, ThreadPoolExecutor(threads, "tcgsim-engine"))
    futures = [pool.submit(kernel, *args, bounds[t], bounds[t + 1]) for t in range(threads)]
    for f in futures:
        f.result()
