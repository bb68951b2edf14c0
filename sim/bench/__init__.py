"""Benchmarks: games and odds samples per second against a same-run baseline (games), and cold compile times (compile)."""
