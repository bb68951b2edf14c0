"""Write a report directory: report.html (self-contained), report.md, figures/*.png, tables/*.csv."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import polars as pl

from analysis.data import Results, hold_games, open_results
from reports import html, markdown
from reports.content import build
from reports.figures import png
from reports.parts import Report, Section
from sim.cards.model import Deck

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def defuse_formulas(df: pl.DataFrame) -> pl.DataFrame:
    """Prefix text cells that a spreadsheet would run as a formula (=HYPERLINK(...), +, -, @) with a
    quote, the OWASP advice against CSV injection; deck and card names come from user files."""
    text = [c for c, t in df.schema.items() if t == pl.String]
    risky = "^[" + "".join("\\" + ch if ch in "-+" else ch for ch in FORMULA_START) + "]"
    return df.with_columns(pl.when(pl.col(c).str.contains(risky)).then("'" + pl.col(c)).otherwise(pl.col(c))
                           .alias(c) for c in text)


def write_csv(df: pl.DataFrame, path: Path) -> None:
    """CSV holds flat columns only: nested values (none today) would be stringified."""
    defuse_formulas(df).write_csv(path)


def write_report(results: Results | Path, out: Path, decks: list[Deck] | None = None) -> Path:
    """Analyse `results` (a results directory or opened Results) into `out`; returns report.html."""
    if not isinstance(results, Results):
        results = open_results(Path(results))
    results = hold_games(results)
    # Each figure is drawn on one background thread as soon as its section is made: drawing is Python
    # (GIL-bound) while the sections after it are mostly polars queries, which release the GIL, so the
    # drawing hides behind the card table instead of following it.
    with ThreadPoolExecutor(1, thread_name_prefix="report-figures") as drawer:
        drawing: dict[str, Future[bytes]] = {}

        def draw(s: Section) -> None:
            if s.figure is not None:
                drawing[s.key] = drawer.submit(png, s.figure)

        report = build(results, decks, on_section=draw)
        return write_pages(report, Path(out), {key: f.result() for key, f in drawing.items()})


def write_pages(report: Report, out: Path, images: dict[str, bytes] | None = None) -> Path:
    """report.html, report.md, figures/ and tables/ of a built report into `out`; returns report.html.

    `images` holds figures already drawn (PNG bytes by section key); the others are drawn here."""
    (out / "tables").mkdir(parents=True, exist_ok=True)
    images, files = dict(images or {}), {}
    for s in report.sections:
        if s.figure is not None:
            (out / "figures").mkdir(exist_ok=True)
            if s.key not in images:
                images[s.key] = png(s.figure)
            (out / "figures" / f"{s.key}.png").write_bytes(images[s.key])
            files[s.key] = f"figures/{s.key}.png"
        for t in s.csv:
            write_csv(t.frame, out / "tables" / f"{t.stem}.csv")
    (out / "report.md").write_text(markdown.render(report, files), encoding="utf-8")
    page = out / "report.html"
    page.write_text(html.render(report, images), encoding="utf-8")
    return page
