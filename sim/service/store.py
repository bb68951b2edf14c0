"""Job and deck records in SQLite (stdlib sqlite3, WAL) under the data directory.

The API process and every worker process open their own connections; each call is one short
transaction. A job's files live in DATA/jobs/<id>/ (decks/ and out/, written as the CLI writes).
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

TERMINAL = ("done", "failed", "cancelled")
SCHEMA = """
CREATE TABLE IF NOT EXISTS decks (id TEXT PRIMARY KEY, name TEXT NOT NULL, game TEXT NOT NULL,
    pool TEXT, created REAL NOT NULL, toml TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, kind TEXT NOT NULL,
    params TEXT NOT NULL, status TEXT NOT NULL, created REAL NOT NULL, started REAL, finished REAL,
    games_done INTEGER NOT NULL DEFAULT 0, games_total INTEGER NOT NULL DEFAULT 0,
    run_started REAL, run_base INTEGER NOT NULL DEFAULT 0, cancel INTEGER NOT NULL DEFAULT 0,
    error TEXT, result TEXT, interim TEXT);
"""
# Columns added after the first release, with their types: a database file from before gets them
# (ALTER TABLE ADD COLUMN keeps every row), so a server upgraded in place keeps its jobs.
ADDED_COLUMNS = {"jobs": {"interim": "TEXT"}}


class Store:
    def __init__(self, data: Path):
        self.data = Path(data)
        self.data.mkdir(parents=True, exist_ok=True)
        self.path = self.data / "tcgsim.sqlite3"
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
            for table, columns in ADDED_COLUMNS.items():
                have = {r["name"] for r in db.execute(f"PRAGMA table_info({table})")}
                for name, kind in columns.items():
                    if name not in have:
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30)
        db.row_factory = sqlite3.Row
        try:
            with db:
                yield db
        finally:
            db.close()

    def job_dir(self, job_id: str) -> Path:
        return self.data / "jobs" / job_id

    # ------------------------------------------------------------ decks

    def add_deck(self, name: str, game: str, pool: str | None, toml: str) -> str:
        deck_id = uuid.uuid4().hex[:12]
        with self._db() as db:
            db.execute("INSERT INTO decks VALUES (?, ?, ?, ?, ?, ?)", (deck_id, name, game, pool, time.time(), toml))
        return deck_id

    def deck(self, deck_id: str) -> dict[str, Any] | None:
        with self._db() as db:
            row = db.execute("SELECT * FROM decks WHERE id = ?", (deck_id,)).fetchone()
        return dict(row) if row else None

    def decks(self) -> list[dict[str, Any]]:
        with self._db() as db:
            rows = db.execute("SELECT id, name, game, pool, created FROM decks ORDER BY created").fetchall()
        return [dict(r) for r in rows]

    # ------------------------------------------------------------ jobs

    def add_job(self, kind: str, params: dict[str, Any], games_total: int) -> str:
        job_id = uuid.uuid4().hex[:12]
        with self._db() as db:
            seq = db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM jobs").fetchone()[0]
            db.execute("INSERT INTO jobs (id, seq, kind, params, status, created, games_total) "
                       "VALUES (?, ?, ?, ?, 'queued', ?, ?)", (job_id, seq, kind, json.dumps(params), time.time(),
                                                              games_total))
        return job_id

    def job(self, job_id: str) -> dict[str, Any] | None:
        with self._db() as db:
            row = db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return _job(row) if row else None

    def jobs(self, limit: int = 200) -> list[dict[str, Any]]:
        with self._db() as db:
            rows = db.execute("SELECT * FROM jobs ORDER BY seq DESC LIMIT ?", (limit,)).fetchall()
        return [_job(r) for r in rows]

    def count(self, status: str) -> int:
        with self._db() as db:
            return db.execute("SELECT COUNT(*) FROM jobs WHERE status = ?", (status,)).fetchone()[0]

    def claim_next(self) -> dict[str, Any] | None:
        """The oldest queued job, now marked running."""
        with self._db() as db:
            row = db.execute("SELECT id FROM jobs WHERE status = 'queued' ORDER BY seq LIMIT 1").fetchone()
            if row is None:
                return None
            now = time.time()
            # the status test again: a cancel may have come between the SELECT and this UPDATE
            claimed = db.execute("UPDATE jobs SET status = 'running', started = COALESCE(started, ?), run_started = ?, "
                                 "run_base = games_done WHERE id = ? AND status = 'queued'", (now, now, row["id"]))
            if claimed.rowcount == 0:
                return None
        return self.job(row["id"])

    def requeue_running(self) -> list[str]:
        """At startup: jobs a stopped server left running go back to the queue (the runner resumes them)."""
        with self._db() as db:
            ids = [r["id"] for r in db.execute("SELECT id FROM jobs WHERE status = 'running'").fetchall()]
            db.execute("UPDATE jobs SET status = 'queued' WHERE status = 'running'")
        return ids

    def progress(self, job_id: str, done: int, total: int | None = None,
                 interim: list[dict[str, Any]] | None = None) -> None:
        """Games done (and the total, when given); `interim`, when given, replaces the job's interim
        estimates (sim.run.estimate.Estimate.json rows)."""
        sets, values = ["games_done = ?"], [done]
        if total is not None:
            sets.append("games_total = ?")
            values.append(total)
        if interim is not None:
            sets.append("interim = ?")
            values.append(json.dumps(interim))
        with self._db() as db:
            db.execute(f"UPDATE jobs SET {', '.join(sets)} WHERE id = ?", (*values, job_id))

    def request_cancel(self, job_id: str) -> str | None:
        """Queued jobs are cancelled at once; running ones are asked to stop. Returns the new status."""
        with self._db() as db:
            row = db.execute("SELECT status FROM jobs WHERE id = ?", (job_id,)).fetchone()
            if row is None:
                return None
            if row["status"] == "queued":
                db.execute("UPDATE jobs SET status = 'cancelled', finished = ? WHERE id = ?", (time.time(), job_id))
                return "cancelled"
            if row["status"] == "running":
                db.execute("UPDATE jobs SET cancel = 1 WHERE id = ?", (job_id,))
            return row["status"]

    def cancel_requested(self, job_id: str) -> bool:
        with self._db() as db:
            row = db.execute("SELECT cancel FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return bool(row and row["cancel"])

    def finish(self, job_id: str, status: str, result: Any = None, error: str | None = None) -> None:
        with self._db() as db:
            db.execute("UPDATE jobs SET status = ?, finished = ?, result = ?, error = ? WHERE id = ? "
                       "AND status = 'running'", (status, time.time(), None if result is None else json.dumps(result),
                                                  error, job_id))


def _job(row: sqlite3.Row) -> dict[str, Any]:
    job = dict(row)
    job["params"] = json.loads(job["params"])
    job["result"] = json.loads(job["result"]) if job["result"] else None
    job["cancel"] = bool(job["cancel"])
    job["interim"] = json.loads(job["interim"]) if job["interim"] else []
    return job


INTERIM_MEANING = {
    "simulate": "deck A's win rate so far (Wilson 95%)",
    "balance": "each deck's win rate so far over all its games, from both seats (Wilson 95%); "
               "per policy with several",
    "compare": "each variant's win rate so far against the opponents, from both seats (Wilson 95%); "
               "the paired B - A interval comes with the result",
    "odds": "the simulated chance that the opening hand meets the wants, so far (Wilson 95%)",
    "raid": "the party's clear rate so far (Wilson 95%)",
}


def status_view(job: dict[str, Any]) -> dict[str, Any]:
    """The public status of a job: progress as games done of total, an ETA from this run's rate, and
    the interim estimates: win rates so far with their Wilson 95% intervals (`interim`, what they
    are in `interim_meaning`)."""
    done, total = job["games_done"], job["games_total"]
    eta = None
    if job["status"] == "running" and job["run_started"] and total:
        played, elapsed = done - job["run_base"], time.time() - job["run_started"]
        if played > 0 and elapsed > 0:
            eta = round((total - done) / (played / elapsed), 1)
    return {"id": job["id"], "kind": job["kind"], "status": job["status"], "games_done": done, "games_total": total,
            "fraction": done / total if total else 0.0, "eta_seconds": eta, "interim": job["interim"],
            "interim_meaning": INTERIM_MEANING.get(job["kind"], ""), "error": job["error"],
            "cancel_requested": job["cancel"], "created": job["created"], "started": job["started"],
            "finished": job["finished"], "params": job["params"]}
