"""Polars pipelines over the results contract (sim/engine/results.py): win rates, curves, card stats, comparisons."""
