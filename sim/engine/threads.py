"""Run a batch kernel over numba's thread count with Python threads instead of a prange kernel.

A `parallel=True` kernel costs numba a second compile of the whole engine (the parfor body as a
gufunc, then its caller), about a third of a cold start; a `nogil` kernel that plays a range of
chunks, called from a few Python threads, runs the same games in parallel for the price of one
compile. The thread count follows numba's (NUMBA_NUM_THREADS, numba.set_num_threads), and the
chunks are split into contiguous blocks as prange's static schedule did. A game's randomness
depends only on its index, so the split never changes a result.

`block_log`, when a list, receives one Block per kernel call (sim.bench.schedule reads it).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numba

_pools: dict[int, ThreadPoolExecutor] = {}
_calls = itertools.count()


class Block(NamedTuple):
    """One kernel call on chunks [lo, hi) of run_chunks call `call`: its thread, wall clock and thread CPU seconds."""
    call: int
    thread: str
    lo: int
    hi: int
    start: float
    end: float
    cpu: float


block_log: list[Block] | None = None


def _logged(kernel: Callable[..., object], call: int, args: tuple[object, ...], lo: int, hi: int) -> None:
    t0, c0 = time.perf_counter(), time.thread_time()
    kernel(*args, lo, hi)
    if block_log is not None:
        block_log.append(Block(call, threading.current_thread().name, lo, hi, t0, time.perf_counter(),
                               time.thread_time() - c0))


def run_chunks(kernel: Callable[..., object], chunks: int, *args: object) -> None:
    """Call kernel(*args, lo, hi) for blocks [lo, hi) covering range(chunks), one block per thread."""
    threads = max(1, min(numba.get_num_threads(), chunks))
    bounds = [chunks * t // threads for t in range(threads + 1)]
    call = next(_calls)
    if threads == 1:
        _logged(kernel, call, args, 0, chunks)
        return
    pool = _pools.get(threads) or _pools.setdefault(threads, ThreadPoolExecutor(threads, "tcgsim-engine"))
    futures = [pool.submit(_logged, kernel, call, args, bounds[t], bounds[t + 1]) for t in range(threads)]
    for f in futures:
        f.result()
