"""The local runner's background part writer (sim/run/writer.py): overlap, order, failures, memory bound."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import polars as pl
import pytest

from sim.run import writer as writer_module
from sim.run.chunks import Chunk
from sim.run.writer import part_writer


def frames(n: int = 3) -> dict[str, pl.DataFrame]:
    return {"games": pl.DataFrame({"x": list(range(n))})}


def test_a_chunk_is_submitted_while_the_previous_one_still_writes(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()

    def slow_write(out: Path, f: dict, c: Chunk) -> dict:
        assert go.wait(10)
        return {f"games/{c.start}": {}}

    monkeypatch.setattr(writer_module, "write_parts", slow_write)
    done: list[Chunk] = []
    with part_writer(tmp_path, lambda c, records: done.append(c)) as w:
        w.submit(frames(), Chunk(0, 0, 3))
        w.submit(frames(), Chunk(0, 3, 3))  # returns at once: the first write is still waiting on the disk
        assert done == [] and len(w.pending) == 2
        go.set()
    assert done == [Chunk(0, 0, 3), Chunk(0, 3, 3)]


def test_writes_are_recorded_in_the_order_the_chunks_were_played(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def write(out: Path, f: dict, c: Chunk) -> dict:
        time.sleep(0.05 if c.start == 0 else 0.0)  # the first chunk's parts finish last
        return {}

    monkeypatch.setattr(writer_module, "write_parts", write)
    done: list[int] = []
    with part_writer(tmp_path, lambda c, records: done.append(c.start)) as w:
        for start in range(0, 12, 3):
            w.submit(frames(), Chunk(0, start, 3))
    assert done == [0, 3, 6, 9]


def test_a_failed_write_raises_and_the_others_are_still_recorded(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def write(out: Path, f: dict, c: Chunk) -> dict:
        if c.start == 3:
            raise OSError(28, "No space left on device")
        return {}

    monkeypatch.setattr(writer_module, "write_parts", write)
    done: list[int] = []
    with pytest.raises(OSError, match="No space"), part_writer(tmp_path, lambda c, r: done.append(c.start)) as w:
        for start in (0, 3, 6):
            w.submit(frames(), Chunk(0, start, 3))
    assert 3 not in done and set(done) <= {0, 6} and 0 in done


def test_frames_waiting_to_be_written_stay_under_the_memory_bound(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    size = sum(f.estimated_size() for f in frames().values())
    monkeypatch.setattr(writer_module, "PENDING_BYTES", size)  # room for one chunk's frames
    monkeypatch.setattr(writer_module, "write_parts", lambda out, f, c: time.sleep(0.01) or {})
    held = []
    with part_writer(tmp_path, lambda c, r: None) as w:
        for start in range(0, 15, 3):
            w.submit(frames(), Chunk(0, start, 3))
            held.append(len(w.pending))
    assert max(held) == 1


def test_real_parts_are_written_and_their_records_returned(tmp_path: Path) -> None:
    records: dict = {}
    with part_writer(tmp_path, lambda c, r: records.update(r)) as w:
        w.submit(frames(5), Chunk(2, 0, 5))
    assert list(records) == ["games/part-0002-0000000000.parquet"]
    assert pl.read_parquet(tmp_path / "games" / "part-0002-0000000000.parquet").height == 5
