"""A self-contained HTML page: inline CSS, figures embedded as base64 PNG, no scripts, no network.

Every piece of text from the data (deck and card names, notes, versions) goes through html.escape,
so a deck called `<script>` shows as text.
"""

from __future__ import annotations

import base64
import re
from html import escape

import polars as pl

from reports.figures import png
from reports.parts import INTRO, Report, Section

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1200px;
padding:0 1rem;color:#222;line-height:1.45}
h1{margin-bottom:.2rem}h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2.2rem}
table{border-collapse:collapse;font-size:.85rem;margin:.6rem 0;max-width:100%}
th,td{border:1px solid #ddd;padding:.25rem .4rem;text-align:right;vertical-align:top}
th{background:#f3f3f3;font-size:.8rem;font-weight:600;vertical-align:bottom;hyphens:auto}
td.text{overflow-wrap:anywhere}.text{text-align:left}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
td.num .ci{display:block;font-size:.75rem;color:#555;white-space:normal}
.meta td{text-align:left;white-space:normal}.note{background:#fff7e0;border-left:4px solid #e0a800;padding:.4rem .8rem}
.scroll{overflow-x:auto}img{max-width:100%;height:auto}nav a{margin-right:1rem}
"""


NUMBER = re.compile(r"^[-+–<>]?[\d.,]+")
WITH_INTERVAL = re.compile(r"^(.*\S) (\([^()]*\))$")  # "+3.0 pts (+0.4 to +5.6)", "50.1% (47.9–52.3)"


def number_html(v: str) -> str:
    """A number cell; its interval, if any, on a line of its own below it in smaller type, so a
    table of many intervals fits the page (the text is unchanged: "rate (low–high)")."""
    m = WITH_INTERVAL.match(v)
    return escape(v) if m is None else f'{escape(m[1])} <span class="ci">{escape(m[2])}</span>'


def table_html(df: pl.DataFrame) -> str:
    """Numbers right-aligned, names left-aligned (a column is text if any cell is not a number).
    Headers and names wrap, and intervals go below their number, so that a wide table fits a
    1280 px window instead of hiding columns behind a horizontal scrollbar."""
    text = [any(v and not NUMBER.match(str(v)) and v != "–" for v in df[c].to_list()) for c in df.columns]
    head = "".join(f'<th{" class=text" if t else ""}>{escape(c)}</th>' for c, t in zip(df.columns, text, strict=True))
    body = "".join("<tr>" + "".join(f'<td class="text">{escape(str(v))}</td>' if t else
                                     f'<td class="num">{number_html(str(v))}</td>'
                                     for v, t in zip(row, text, strict=True)) + "</tr>" for row in df.iter_rows())
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def section_html(s: Section, images: dict[str, bytes]) -> str:
    parts = [f'<section id="{escape(s.key)}"><h2>{escape(s.title)}</h2>']
    if s.text:
        parts.append(f"<p>{escape(s.text)}</p>")
    if s.note:
        parts.append(f'<p class="note">{escape(s.note)}</p>')
    if s.key in images:
        data = base64.b64encode(images[s.key]).decode("ascii")
        parts.append(f'<img src="data:image/png;base64,{data}" alt="{escape(s.figure_alt)}">')
    if s.table is not None and s.table.height:
        parts.append(table_html(s.table))
    if s.items:
        parts.append("<ul>" + "".join(f"<li>{escape(item)}</li>" for item in s.items) + "</ul>")
    if s.csv:
        items = "".join(f"<li><code>tables/{escape(t.stem)}.csv</code>: {escape(t.about)}</li>" for t in s.csv)
        parts.append(f'<ul class="csv">{items}</ul>')
    parts.append("</section>")
    return "\n".join(parts)


def render(report: Report, images: dict[str, bytes] | None = None) -> str:
    """The page; `images` maps section key -> PNG bytes (rendered from the sections when omitted)."""
    if images is None:
        images = {s.key: png(s.figure) for s in report.sections if s.figure is not None}
    meta = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in report.meta)
    nav = "".join(f'<a href="#{escape(s.key)}">{escape(s.title)}</a>' for s in report.sections)
    body = "\n".join(section_html(s, images) for s in report.sections)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(report.title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{escape(report.title)}</h1>"
            f"<p>{escape(INTRO)}</p>"
            f'<table class="meta">{meta}</table><nav>{nav}</nav>\n{body}\n</body></html>\n')
