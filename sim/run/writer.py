"""The local runner's part writer: a chunk's parts are written on background threads while the next chunk plays.

Writing a part durably waits on the disk (sim.run.parts fsyncs the part and its directory): about 0.1 s of wall
clock for a 500-game chunk at the cards detail, against 25 ms of CPU. Written in the runner's thread, every chunk
left both engine threads idle for that wait (the 21-deck FFTCG balance spent about 150 of its 1,770 core-seconds
so). Here the waits overlap the next chunks' play. The manifest records a chunk only once its parts are written,
in the order the chunks were played, from the runner's thread; frames waiting to be written are held up to
PENDING_BYTES (always at least one chunk's), so memory stays near one chunk's plus that.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import polars as pl

from sim.run.chunks import Chunk, write_parts

WRITERS = 4  # threads: mostly waiting on fsync, so more than the cores
PENDING_BYTES = 256 * 2**20

Written = Callable[[Chunk, dict[str, dict[str, Any]]], None]


class PartWriter:
    """submit(frames, chunk) queues a chunk's parts; `on_written(chunk, records)` runs in the submitting thread,
    in submission order, when submit or collect finds them written (a failed write raises there)."""

    def __init__(self, out: Path, on_written: Written, pool: ThreadPoolExecutor) -> None:
        self.out, self.on_written, self.pool = out, on_written, pool
        self.pending: deque[tuple[Chunk, int, Future[dict[str, dict[str, Any]]]]] = deque()
        self.bytes = 0

    def submit(self, frames: dict[str, pl.DataFrame], c: Chunk) -> None:
        size = sum(f.estimated_size() for f in frames.values())
        self.collect()
        while self.pending and self.bytes + size > PENDING_BYTES:
            self._report_first()
        self.pending.append((c, size, self.pool.submit(write_parts, self.out, frames, c)))
        self.bytes += size

    def collect(self) -> None:
        """Report the writes finished so far (up to the first one still running)."""
        while self.pending and self.pending[0][2].done():
            self._report_first()

    def drain(self) -> None:
        while self.pending:
            self._report_first()

    def _report_first(self) -> None:
        c, size, future = self.pending[0]
        records = future.result()
        self.pending.popleft()
        self.bytes -= size
        self.on_written(c, records)

    def settle(self) -> None:
        """After a failure or an interrupt: wait for every queued write and record the ones that succeeded."""
        wait([f for _, _, f in self.pending])
        for c, _, future in self.pending:
            if future.exception() is None:
                self.on_written(c, future.result())
        self.pending.clear()


@contextmanager
def part_writer(out: Path, on_written: Written) -> Iterator[PartWriter]:
    """A PartWriter whose writes are all finished and recorded when the block ends (on an error, the ones that
    succeeded are recorded and the error is the block's)."""
    with ThreadPoolExecutor(WRITERS, "tcgsim-writer") as pool:
        writer = PartWriter(out, on_written, pool)
        try:
            yield writer
            writer.drain()
        except BaseException:
            writer.settle()
            raise
