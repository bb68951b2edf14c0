"""sim.bench.schedule: the idle fraction of a run computed from the engine threads' block log."""

from __future__ import annotations

import numba
import pytest

from sim.bench.schedule import idle_summary
from sim.engine import threads
from sim.engine.threads import Block


def test_idle_core_seconds_inside_and_outside_kernel_calls() -> None:
    # a 10 s span on 2 cores: one call of 4 s where one thread worked 4 s and the other 2 s, then 6 s of the
    # runner alone using 3 CPU seconds
    blocks = [Block(0, "t0", 0, 2, 0.0, 4.0, 4.0), Block(0, "t1", 2, 4, 0.0, 2.0, 2.0)]
    s = idle_summary(blocks, span=10.0, cpu=9.0, cores=2)
    assert s["utilisation"] == pytest.approx(9 / 20)
    assert s["idle_in_calls"] == pytest.approx(2 / 20) and s["imbalance_cpu"] == pytest.approx(2 / 20)
    assert s["idle_outside"] == pytest.approx((12 - 3) / 20)
    assert s["utilisation"] + s["idle_in_calls"] + s["idle_outside"] == pytest.approx(1.0)


def test_run_chunks_logs_each_block_with_its_thread_cpu() -> None:
    seen: list[tuple[int, int]] = []
    threads.block_log = []
    try:
        before = numba.get_num_threads()
        numba.set_num_threads(1)
        threads.run_chunks(lambda tag, lo, hi: seen.append((lo, hi)), 8, "tag")
        numba.set_num_threads(before)
        log = threads.block_log
    finally:
        threads.block_log = None
    assert seen == [(0, 8)] and [(b.lo, b.hi) for b in log] == [(0, 8)]
    assert log[0].end >= log[0].start and log[0].cpu >= 0
