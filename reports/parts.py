"""What a report is made of (sections, CSV tables) and how its numbers are written."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import polars as pl
from matplotlib.figure import Figure

# What a 95% interval in these reports does and does not cover (said once per report and section).
INTERVAL_MEANING = ("a 95% interval covers the simulation noise of these games, played by these scripted "
                    "policies; it says nothing about how the decks fare with real players")

INTRO = ("Simulated games between scripted players (policies), produced by tcgsim. Every rate has a 95% "
         f"interval in brackets; {INTERVAL_MEANING}.")


@dataclass
class Table:
    """A CSV written next to the report: tables/<stem>.csv, with what it holds."""

    stem: str
    frame: pl.DataFrame
    about: str


@dataclass
class Section:
    key: str  # anchor, and file stem of the figure
    title: str
    text: str  # plain-text explanation: how to read this section
    figure: Figure | None = None
    figure_alt: str = ""
    table: pl.DataFrame | None = None  # display table (strings)
    csv: list[Table] = field(default_factory=list)  # the first holds the numbers of the display table
    note: str = ""  # why the section is empty or partial
    items: list[str] = field(default_factory=list)  # statements listed one per line, after the table


@dataclass
class Report:
    title: str
    meta: list[tuple[str, str]]
    sections: list[Section] = field(default_factory=list)


def _number(x: float) -> str:
    """Percent digits: one decimal, more (up to 4) when one would print a rate strictly between 0
    and 1 as 0.0 or 100.0 (99.96% must not read as certain)."""
    digits = 1
    while digits < 4 and 1e-9 < x < 1 - 1e-9 and float(f"{100 * x:.{digits}f}") in (0.0, 100.0):
        digits += 1
    text = f"{100 * x:.{digits}f}"
    if 1e-9 < x < 1 - 1e-9 and float(text) in (0.0, 100.0):  # closer to certain than 4 digits show
        return ">99.9999" if x > 0.5 else "<0.0001"
    return text


def pct(rate: float | None, low: float | None = None, high: float | None = None) -> str:
    if rate is None or (isinstance(rate, float) and math.isnan(rate)):
        return "–"
    if low is None or high is None:
        return f"{_number(rate)}%"
    return f"{_number(rate)}% ({_number(low)}–{_number(high)})"


def signed(d: float | None, low: float | None, high: float | None) -> str:
    if d is None or math.isnan(d) or low is None or high is None:
        return "–"
    return f"{100 * d:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})"


def p_value(p: float | None) -> str:
    if p is None or math.isnan(p):
        return "–"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def cell(v: object) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.2f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def rate(col: str) -> Callable[[dict], str]:
    return lambda r: pct(r[col], r[f"{col}_low"], r[f"{col}_high"])


def diff(col: str) -> Callable[[dict], str]:
    return lambda r: signed(r[col], r[f"{col}_low"], r[f"{col}_high"])


def fmt(df: pl.DataFrame, columns: dict[str, Callable[[dict], str] | str]) -> pl.DataFrame:
    """Display table: header -> function of the row (or source column name)."""
    rows = df.to_dicts()
    out = {header: [how(r) if callable(how) else cell(r[how]) for r in rows] for header, how in columns.items()}
    return pl.DataFrame(out, schema={h: pl.String for h in columns})
