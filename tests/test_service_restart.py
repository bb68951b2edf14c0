"""kill -9 of the server mid-job, a restart, and the job finishes with the games an uninterrupted run plays."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

pytest.importorskip("fastapi")
httpx2 = pytest.importorskip("httpx2")

from tests.service_helpers import EXAMPLE_POOL, ROOT, example_toml, wait_done  # noqa: E402

GAMES, CHUNK = 300_000, 5_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(data: Path, port: int, pools: tuple[str, ...] = (f"fftcg-example={EXAMPLE_POOL}",)
          ) -> tuple[subprocess.Popen, httpx2.Client]:
    """`tcgsim serve` in its own process group (so a test can kill it and its workers at once)."""
    flags = [arg for pool in pools for arg in ("--pool", pool)]
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli.app", "serve", "--port", str(port), "--data", str(data),
                             *flags], cwd=ROOT, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    client = httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=120)
    for _ in range(600):
        try:
            client.get("/api/pools").raise_for_status()
            return proc, client
        except httpx2.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("the server did not start")


def games(results: Path) -> pl.DataFrame:
    return pl.read_parquet(sorted((results / "games").glob("*.parquet"))).sort("game")


def test_a_killed_server_resumes_its_job_on_restart(tmp_path):
    port = free_port()
    proc, client = start(tmp_path / "data", port)
    try:
        ids = [client.post("/api/decks", json={"toml": example_toml(n), "pool": "fftcg-example"}).json()["id"]
               for n in ("aggro", "control")]
        job = client.post("/api/jobs", json={"kind": "simulate", "deck_a": ids[0], "deck_b": ids[1], "games": GAMES,
                                             "chunk": CHUNK, "engine": "null", "seed": 11}).json()
        for _ in range(3000):
            status = client.get(f"/api/jobs/{job['id']}").json()
            done = status["games_done"]
            if done >= 2 * CHUNK:
                break
            time.sleep(0.05)
        assert 0 < done < GAMES, f"could not catch the job mid-run ({done} games)"
        # the interim estimate is stored with the progress: mid-run, it counts the games done so far
        [mid] = status["interim"]
        assert mid["games"] == done and mid["low"] <= mid["rate"] <= mid["high"]
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the server and its worker, as a crash would
        proc.wait()
    proc, client = start(tmp_path / "data", port)
    try:
        status = client.get(f"/api/jobs/{job['id']}").json()
        assert status["status"] in ("queued", "running")
        final = wait_done(lambda p: client.get(p).json(), job["id"])
        assert final["status"] == "done" and final["games_done"] == GAMES, final
        assert final["interim"][0]["games"] == GAMES  # the resumed run counts the games written before the kill
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
    job_dir = tmp_path / "data" / "jobs" / job["id"]
    from sim.decks.deckfile import load_deck
    from sim.workflows.simulate import simulate

    decks = [load_deck(job_dir / "decks" / f"{i}.toml", EXAMPLE_POOL) for i in ids]
    simulate(decks[0], decks[1], games=GAMES, out=tmp_path / "straight", engine="null", seed=11, chunk=CHUNK)
    resumed = games(job_dir / "out" / "results")
    assert resumed.height == GAMES
    assert resumed.equals(games(tmp_path / "straight"))
