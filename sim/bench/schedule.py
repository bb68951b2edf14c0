"""Where a balance run's cores go: every engine kernel call logged per thread, the idle fraction computed from it.

`python -m sim.bench.schedule DECK... --pool POOL --games 100 --policies curve,search:64 --out DIR` plays
`tcgsim balance` in this process with sim.engine.threads.block_log on, then prints the span, the process CPU and
where the idle core-seconds went: inside kernel calls (a thread done with its chunks while another still
plays) and outside them (the runner's Python, Parquet writing and the report, mostly on one core). With `--log
FILE` it writes the blocks (call, thread, chunks, start, end, thread CPU) as CSV. The figures count CPU seconds
this process got, so other load on the machine shows as idle: compare variants in alternating runs.
"""

from __future__ import annotations

import argparse
import csv
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numba

from sim.engine import threads


def idle_summary(blocks: list[threads.Block], span: float, cpu: float, cores: int) -> dict[str, Any]:
    """Utilisation of `cores` over `span` wall seconds in which the process used `cpu` CPU seconds.

    idle_in_calls: core-seconds inside kernel calls (call wall x cores) not spent in a block;
    imbalance_cpu: the CPU-only part of it, each call's busiest thread's CPU minus each core's (a core with no
    thread counts as 0; other load cannot move it); idle_outside: core-seconds between calls and after the last one not spent by the process."""
    calls: dict[int, list[threads.Block]] = defaultdict(list)
    for b in blocks:
        calls[b.call].append(b)
    in_wall = sum(max(b.end for b in bs) - min(b.start for b in bs) for bs in calls.values())
    block_cpu = sum(b.cpu for b in blocks)
    idle_in = sum(cores * (max(b.end for b in bs) - min(b.start for b in bs)) - sum(b.cpu for b in bs)
                  for bs in calls.values())
    imbalance = 0.0
    for bs in calls.values():
        per_thread: dict[str, float] = defaultdict(float)
        for b in bs:
            per_thread[b.thread] += b.cpu
        imbalance += max(per_thread.values()) * cores - sum(per_thread.values())
    idle_out = cores * (span - in_wall) - (cpu - block_cpu)
    total = cores * span
    return {"span_s": span, "cpu_s": cpu, "cores": cores, "utilisation": cpu / total, "calls": len(calls),
            "in_calls_wall_s": in_wall, "kernel_cpu_s": block_cpu, "outside_cpu_s": cpu - block_cpu,
            "idle_in_calls": idle_in / total, "imbalance_cpu": imbalance / total, "idle_outside": idle_out / total}


def main(argv: list[str] | None = None) -> None:
    from sim.decks.deckfile import load_deck
    from sim.workflows.balance import balance, parse_policies

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="+", type=Path)
    ap.add_argument("--pool", type=Path)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--policies", default="curve,search:64")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--log", type=Path)
    args = ap.parse_args(argv)
    decks = [load_deck(p, args.pool) for p in args.decks]
    policies = parse_policies(args.policies, None, decks, "")
    threads.block_log = []
    t0, c0 = time.perf_counter(), time.process_time()
    balance(decks, games=args.games, policy="curve", seed=args.seed, out=args.out, policies=policies)
    span, cpu = time.perf_counter() - t0, time.process_time() - c0
    blocks, threads.block_log = threads.block_log, None
    summary = idle_summary(blocks, span, cpu, numba.get_num_threads())
    last = max(b.end for b in blocks) - t0
    print(" ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in summary.items()),
          f"after_last_call_s={span - last:.3f}")
    if args.log:
        with args.log.open("w", newline="") as f:
            w = csv.writer(f)
            w.writerow(threads.Block._fields)
            w.writerows((b.call, b.thread, b.lo, b.hi, round(b.start - t0, 6), round(b.end - t0, 6), round(b.cpu, 6))
                        for b in blocks)


if __name__ == "__main__":
    main()
