"""The same report as Markdown; figures are PNG files next to it (figures/<section>.png).

Text from the data is HTML-escaped and `|` is escaped, so names cannot break tables or inject
markup when the Markdown is rendered.
"""

from __future__ import annotations

from html import escape

import polars as pl

from reports.parts import INTRO, Report, Section

MD_SPECIAL = "\\`*_[]()!#~"  # what can start a link, an image, emphasis or code (HTML is escaped below)


def md(text: str) -> str:
    """Text from the data as literal Markdown: specials backslash-escaped (no links or images from a
    deck name), HTML escaped, `://` broken so that no URL is autolinked."""
    text = "".join("\\" + ch if ch in MD_SPECIAL else ch for ch in text.replace("\r", " ").replace("\n", " "))
    return escape(text, quote=False).replace("|", "\\|").replace("://", ":\\/\\/")


def table_md(df: pl.DataFrame) -> str:
    lines = ["| " + " | ".join(md(c) for c in df.columns) + " |",
             "|" + "|".join("---" for _ in df.columns) + "|"]
    lines += ["| " + " | ".join(md(str(v)) for v in row) + " |" for row in df.iter_rows()]
    return "\n".join(lines)


def section_md(s: Section, figure_files: dict[str, str]) -> str:
    parts = [f"## {md(s.title)}", ""]
    if s.text:
        parts += [md(s.text), ""]
    if s.note:
        parts += [f"> **Note:** {md(s.note)}", ""]
    if s.key in figure_files:
        parts += [f"![{md(s.figure_alt)}]({figure_files[s.key]})", ""]
    if s.table is not None and s.table.height:
        parts += [table_md(s.table), ""]
    if s.items:
        parts += [*(f"- {md(item)}" for item in s.items), ""]
    parts += [f"- `tables/{t.stem}.csv`: {md(t.about)}" for t in s.csv]
    if s.csv:
        parts += [""]
    return "\n".join(parts)


def render(report: Report, figure_files: dict[str, str]) -> str:
    meta = ["| | |", "|---|---|"] + [f"| {md(k)} | {md(v)} |" for k, v in report.meta]
    return "\n".join([f"# {md(report.title)}", "",
                      md(INTRO), "", *meta, "",
                      *(section_md(s, figure_files) for s in report.sections)])
