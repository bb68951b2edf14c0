"""Shared by the service tests: example decks as request bodies, and polling a job to its end."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_POOL = ROOT / "decks" / "fftcg" / "cards.csv"
SHARED = ROOT.parent / "shared" / "data" / "fftcg"


def example_toml(name: str) -> str:
    """decks/fftcg/<name>.toml without its `pool` line (the service chooses pools by name)."""
    text = (ROOT / "decks" / "fftcg" / f"{name}.toml").read_text()
    return "\n".join(line for line in text.splitlines() if not line.startswith("pool"))


def wait_done(get: Any, job_id: str, timeout: float = 600) -> dict[str, Any]:
    """Poll GET /api/jobs/<id> (get(path) -> JSON) until the job ends."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        job = get(f"/api/jobs/{job_id}")
        if job["status"] in ("done", "failed", "cancelled"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} still {job['status']} after {timeout} s")
