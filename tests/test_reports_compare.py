"""The compare report: every rate it shows has its 95% interval, in HTML, Markdown and CSV."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from analysis.intervals import wilson
from analysis.paired import Comparison, Interval
from reports import html, markdown
from reports.compare_report import build
from reports.write import write_pages


def _report():
    doc = {"a": "Variant A", "b": "Variant B", "opponents": ["X", "Y"], "pairings": ["curve"], "roles": []}
    rows = [{"opponent": "X", "games": 200, "win_rate_a": 0.4, "win_rate_b": 0.55, "diff": 0.15, "low": 0.05,
             "high": 0.25},
            {"opponent": "Y", "games": 200, "win_rate_a": 0.5, "win_rate_b": 0.5, "diff": 0.0, "low": -0.1,
             "high": 0.1}]
    c = Comparison(rows, Interval(0.075, 0.0, 0.15, 200), Interval(0.075, -0.02, 0.17, 200), 0.3)
    return build(doc, {"curve": c}, [("A", "Variant A")])


def test_compare_win_rates_have_wilson_intervals_everywhere(tmp_path: Path) -> None:
    report = _report()
    sec = report.sections[0]
    low, high = wilson(80, 200)  # A won 0.4 of its 200 games against X
    x = sec.table.row(0, named=True)
    assert x["A wins (95% interval)"] == f"40.0% ({100 * low:.1f}–{100 * high:.1f})"
    assert x["B wins (95% interval)"].startswith("55.0% (") and x["B wins (95% interval)"].endswith(")")
    overall = sec.table.row(2, named=True)
    assert overall["opponent"].startswith("overall") and overall["A wins (95% interval)"] == "–"
    assert "Wilson 95% interval" in sec.text
    page, md = html.render(report), markdown.render(report, {})
    assert "A wins (95% interval)" in page and markdown.md("A wins (95% interval)") in md
    for text in (x["A wins (95% interval)"], x["B wins (95% interval)"]):
        assert html.number_html(text) in page and markdown.md(text) in md
    write_pages(report, tmp_path)
    csv = pl.read_csv(tmp_path / "tables" / "compare_by_pairing.csv")
    for v in ("a", "b"):
        assert {f"win_rate_{v}", f"win_rate_{v}_low", f"win_rate_{v}_high"} <= set(csv.columns)
    assert (csv["win_rate_a_low"][0], csv["win_rate_a_high"][0]) == (pytest.approx(low), pytest.approx(high))
    assert csv["win_rate_b_low"][2] is None  # the overall row has no single win rate
