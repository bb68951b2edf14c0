"""The job queue: a scheduler thread in the API process starts each job in its own worker process
(multiprocessing, spawn), at most `workers` at once, so the API stays responsive while numba compiles.

A worker writes its progress and its end into the store itself. It exits when the server process
dies (a kill -9 of the server leaves no orphan writing into the job's directory); the job is then
still `running` in the store, and the next start puts it back in the queue, where the runner resumes
it from its finished parts.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from pathlib import Path
from typing import Any

from sim.run.estimate import Estimate
from sim.service.store import Store

CANCEL_GRACE = 10.0  # seconds a running job gets to stop at a chunk boundary before it is killed
WRITE_EVERY = 0.25  # seconds between progress writes


class Tracker:
    """Turns run_matchups' (done, total) of each call into the job's games done, and the interim
    estimates of each call into the job's: a job may call the runner several times (compare batches
    and pairings, balance pairings), one after another. The runner calls `estimate` before the
    (done, total) of the same moment, so both see a new call start at once."""

    def __init__(self, store: Store, job_id: str):
        self.store, self.job_id = store, job_id
        self.finished = 0  # games of the calls already complete
        self.last: tuple[int, int] | None = None
        self.written = 0.0
        self.before: dict[str, list[int]] = {}  # label -> [wins, games] of the calls already complete
        self.current: list[Estimate] = []

    def _next_call(self) -> None:
        """When the previous call ended, its games and estimates join the calls already complete."""
        if self.last is None or self.last[0] != self.last[1]:
            return
        self.finished += self.last[1]
        _add(self.before, self.current)  # compare --until-decided: each batch adds to the same labels
        self.current, self.last = [], None

    def estimate(self, rows: list[Estimate]) -> None:
        self._next_call()
        self.current = rows

    def interim(self) -> list[dict[str, Any]]:
        merged = _add({label: list(row) for label, row in self.before.items()}, self.current)
        return [Estimate(label, w, n).json() for label, (w, n) in merged.items()]

    def __call__(self, done: int, total: int) -> None:
        self._next_call()
        self.last = (done, total)
        now = time.monotonic()
        if now - self.written >= WRITE_EVERY or done == total:
            self.store.progress(self.job_id, self.finished + done, interim=self.interim())
            self.written = now

    def stop(self) -> bool:
        return self.store.cancel_requested(self.job_id)


def _add(totals: dict[str, list[int]], rows: list[Estimate]) -> dict[str, list[int]]:
    """Add each row's wins and games to its label's [wins, games] in `totals`."""
    for e in rows:
        row = totals.setdefault(e.label, [0, 0])
        row[0] += e.wins
        row[1] += e.games
    return totals


def _exit_with_parent(parent: int) -> None:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(3)

    threading.Thread(target=watch, daemon=True).start()


def work(data: str, job_id: str, pools: dict[str, str], backend: str, parent: int) -> None:
    """The worker process: run one job and record how it ended."""
    _exit_with_parent(parent)
    from sim.errors import InputError
    from sim.run.runner import JobInterrupted
    from sim.service.execute import Context, run

    store = Store(Path(data))
    job = store.job(job_id)
    if job is None:
        return
    tracker = Tracker(store, job_id)
    ctx = Context(store.job_dir(job_id), {k: Path(v) for k, v in pools.items()}, backend, tracker, tracker.stop,
                  tracker.estimate)
    try:
        result = run(job["kind"], job["params"], ctx)
    except JobInterrupted:
        store.finish(job_id, "cancelled")
    except InputError as exc:
        store.finish(job_id, "failed", error=one_line(str(exc)))
    except Exception as exc:  # noqa: BLE001 -- a job's failure is recorded, never raised into the API
        store.finish(job_id, "failed", error=one_line(f"{type(exc).__name__}: {exc}"))
    else:
        latest = store.job(job_id) or job
        # odds of 0 samples (exact only) report no progress; compare --until-decided may stop before its maximum
        n = latest["games_total"] if job["kind"] == "odds" else latest["games_done"]
        store.progress(job_id, n, n)
        store.finish(job_id, "done", result=result)


def one_line(text: str) -> str:
    return " ".join(text.split())[:500]


class Scheduler:
    """Starts queued jobs in worker processes, kills cancelled ones that do not stop, notices crashes."""

    def __init__(self, store: Store, pools: dict[str, Path], workers: int = 1, backend: str = "local"):
        self.store, self.workers, self.backend = store, max(1, workers), backend
        self.pools = {k: str(v) for k, v in pools.items()}
        self.running: dict[str, tuple[Any, float | None]] = {}  # job id -> (process, cancel seen at)
        self.context = multiprocessing.get_context("spawn")
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> list[str]:
        resumed = self.store.requeue_running()
        self._thread = threading.Thread(target=self._loop, name="tcgsim-scheduler", daemon=True)
        self._thread.start()
        return resumed

    def shutdown(self) -> None:
        """Stop the workers; their jobs stay `running` and resume at the next start."""
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)
        for process, _ in self.running.values():
            process.kill()
            process.join(timeout=5)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.tick()
            except Exception:  # noqa: BLE001 -- e.g. the database busy for too long; try again
                pass
            self._stop.wait(0.2)

    def tick(self) -> None:
        for job_id, (process, cancel_at) in list(self.running.items()):
            if not process.is_alive():
                process.join()
                del self.running[job_id]
                job = self.store.job(job_id)
                if job and job["status"] == "running":  # died without recording its end
                    self.store.finish(job_id, "cancelled" if job["cancel"] else "failed",
                                      error=None if job["cancel"] else f"worker exited with code {process.exitcode}")
            elif self.store.cancel_requested(job_id):
                if cancel_at is None:
                    self.running[job_id] = (process, time.monotonic())
                elif time.monotonic() - cancel_at > CANCEL_GRACE:
                    process.kill()
        while len(self.running) < self.workers and not self._stop.is_set():
            job = self.store.claim_next()
            if job is None:
                break
            process = self.context.Process(target=work, args=(str(self.store.data), job["id"], self.pools,
                                                               self.backend, os.getpid()), daemon=False)
            process.start()
            self.running[job["id"]] = (process, None)
