"""A difference of win rates adjusted for a confounder by stratification, and Holm's method.

`mh_risk_difference` is the Mantel-Haenszel risk difference p1 - p0 over strata (for the card
table: strata of how many cards the seat drew, so a card is compared only with games as long for
that seat, in which whether it was drawn is down to the shuffle). Weights w = n1 * n0 / N per stratum; the variance is
Greenland & Robins (1985): sum(w^2 * (p1 q1 / n1 + p0 q0 / n0)) / sum(w)^2, which is consistent when
the strata are large (thousands of games spread over a few dozen game lengths). A stratum that
lacks either group carries no weight.

`holm` adjusts p-values for testing many cards at once (family-wise error, Holm 1979).
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy import special

from analysis.intervals import Z95


def mh_risk_difference(strata: pl.LazyFrame, group: list[str], prefix: str) -> pl.LazyFrame:
    """Per `group`, from rows (group..., n1, a, n0, c) = games and wins with / without, per stratum:
    `<prefix>`, `_low`, `_high` (95%), `<prefix>_p` (two-sided z test of 0) and `<prefix>_strata`."""
    n1, a, n0, c = (pl.col(x).cast(pl.Float64) for x in ("n1", "a", "n0", "c"))
    n = n1 + n0
    w = n1 * n0 / n
    both = strata.filter((pl.col("n1") > 0) & (pl.col("n0") > 0))
    per = both.with_columns(w.alias("w"), ((a * n0 - c * n1) / n).alias("num"),
                            (w * w * (a * (n1 - a) / n1**3 + c * (n0 - c) / n0**3)).alias("v"))
    rd = pl.col("num") / pl.col("w")
    se = pl.col("v").sqrt() / pl.col("w")
    return (per.group_by(group)
            .agg(pl.col("num").sum(), pl.col("w").sum(), pl.col("v").sum(), pl.len().alias(f"{prefix}_strata"))
            .with_columns(rd.alias(prefix), (rd - Z95 * se).alias(f"{prefix}_low"), (rd + Z95 * se).alias(f"{prefix}_high"),
                          pl.when(se > 0).then(rd.abs() / se).otherwise(None).alias("_z"))
            .with_columns(pl.col("_z").map_batches(_two_sided_p, return_dtype=pl.Float64).fill_nan(None)
                          .alias(f"{prefix}_p"))
            .drop("num", "w", "v", "_z"))


def _two_sided_p(z: pl.Series) -> pl.Series:
    # norm.sf(z) = ndtr(-z), as scipy.stats computes it, without importing scipy.stats (a second of a report)
    return pl.Series(2 * special.ndtr(-z.to_numpy()), dtype=pl.Float64)


def holm(p: pl.Series | np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values (nulls/NaN stay NaN and do not count toward the family)."""
    p = np.asarray(p, dtype=np.float64)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = ok.size
    if m == 0:
        return out
    order = ok[np.argsort(p[ok], kind="stable")]
    adjusted = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    out[order] = adjusted
    return out
