"""Load benchmark of `tcgsim serve` (not a timed test): concurrent clients submit odds and small
simulate jobs and poll their status until every job ends; reports jobs lost and the p50 / p95
latency of the status calls (`python -m sim.bench.service --url http://127.0.0.1:8000`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import httpx2

DECK = Path(__file__).resolve().parents[2] / "decks" / "fftcg" / "aggro.toml"


def client(url: str, deck: str, index: int, jobs: int, latencies: list[float], ended: list[dict[str, Any]],
           token: str | None) -> None:
    headers = {"X-TCGSim-Token": token} if token else {}
    with httpx2.Client(base_url=url, headers=headers, timeout=60) as http:
        ids = []
        for j in range(jobs):
            body = ({"kind": "odds", "deck": deck, "wants": ["1+ type=forward cost<=2"], "turns": 2,
                     "samples": 20_000, "seed": index * jobs + j + 1} if j % 2 == 0 else
                    {"kind": "simulate", "deck_a": deck, "deck_b": deck, "games": 200, "engine": "null",
                     "seed": index * jobs + j + 1})
            r = http.post("/api/jobs", json=body)
            r.raise_for_status()
            ids.append(r.json()["id"])
        pending = set(ids)
        while pending:
            for job in sorted(pending):
                t0 = time.perf_counter()
                r = http.get(f"/api/jobs/{job}")
                latencies.append(time.perf_counter() - t0)
                r.raise_for_status()
                status = r.json()
                if status["status"] in ("done", "failed", "cancelled"):
                    pending.discard(job)
                    ended.append(status)
            time.sleep(0.2)


def run_load(url: str, clients: int = 20, jobs_per_client: int = 2, token: str | None = None) -> dict[str, Any]:
    headers = {"X-TCGSim-Token": token} if token else {}
    deck = httpx2.post(f"{url}/api/decks", headers=headers, timeout=60,
                      json={"pool": "fftcg-example",  # the service chooses pools by name
                            "toml": "\n".join(ln for ln in DECK.read_text().splitlines() if not ln.startswith("pool"))})
    deck.raise_for_status()
    latencies: list[float] = []
    ended: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    threads = [threading.Thread(target=client, args=(url, deck.json()["id"], i, jobs_per_client, latencies, ended,
                                                     token)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cuts = statistics.quantiles(latencies, n=100)
    submitted = clients * jobs_per_client
    return {"clients": clients, "jobs": submitted, "done": sum(s["status"] == "done" for s in ended),
            "lost": submitted - len(ended), "failed": sum(s["status"] != "done" for s in ended),
            "status_calls": len(latencies), "status_p50_ms": 1000 * cuts[49], "status_p95_ms": 1000 * cuts[94],
            "wall_s": time.perf_counter() - t0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2, help="jobs per client (alternately odds and simulate)")
    parser.add_argument("--token", default=None)
    args = parser.parse_args()
    print(json.dumps(run_load(args.url, args.clients, args.jobs, args.token), indent=2))


if __name__ == "__main__":
    main()
