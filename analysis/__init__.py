"""Polars pipelines over the results contract (sim/results.py): win rates, curves, card stats, comparisons."""
