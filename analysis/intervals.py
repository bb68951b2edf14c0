"""Confidence intervals for rates and differences (docs/statistics.md).

`wilson` is the Wilson score interval; `newcombe` is the interval of a difference of two
independent proportions built from their Wilson intervals (Newcombe 1998, method 10).
Both have an expression form so pipelines stay lazy.
"""

from __future__ import annotations

import math

import polars as pl

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for successes / n; n = 0 gives the uninformative (0, 1)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1.0 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, center - half), min(1.0, center + half)


def wilson_exprs(successes: pl.Expr, n: pl.Expr, prefix: str, z: float = 1.96) -> list[pl.Expr]:
    """`<prefix>`, `<prefix>_low`, `<prefix>_high` columns: the rate and its Wilson interval (null if n = 0)."""
    s = successes.cast(pl.Float64)
    m = n.cast(pl.Float64)
    p = s / m
    denom = 1.0 + z * z / m
    center = (p + z * z / (2 * m)) / denom
    half = z * (p * (1 - p) / m + z * z / (4 * m * m)).sqrt() / denom
    ok = m > 0
    return [
        pl.when(ok).then(p).otherwise(None).alias(prefix),
        pl.when(ok).then((center - half).clip(0.0, 1.0)).otherwise(None).alias(f"{prefix}_low"),
        pl.when(ok).then((center + half).clip(0.0, 1.0)).otherwise(None).alias(f"{prefix}_high"),
    ]


def newcombe(s1: float, n1: float, s2: float, n2: float, z: float = 1.96) -> tuple[float, float, float]:
    """p1 - p2 with Newcombe's hybrid score interval (independent samples)."""
    if n1 <= 0 or n2 <= 0:
        return math.nan, -1.0, 1.0
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def newcombe_exprs(p1: str, p2: str, prefix: str) -> list[pl.Expr]:
    """Difference `p1 - p2` of two rate columns that already carry `_low`/`_high` Wilson bounds."""
    a, b = pl.col(p1), pl.col(p2)
    al, ah, bl, bh = pl.col(f"{p1}_low"), pl.col(f"{p1}_high"), pl.col(f"{p2}_low"), pl.col(f"{p2}_high")
    d = a - b
    return [
        d.alias(prefix),
        (d - ((a - al) ** 2 + (bh - b) ** 2).sqrt()).alias(f"{prefix}_low"),
        (d + ((ah - a) ** 2 + (b - bl) ** 2).sqrt()).alias(f"{prefix}_high"),
    ]
