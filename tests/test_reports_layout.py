"""The HTML report fits a 1280 px window: no table column behind a horizontal scrollbar (headless Chromium)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from analysis.data import from_frames
from reports.write import write_report
from sim.cards.model import Card, Deck
from tests.test_reports import EVIL, _dataset

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# as long as the names of the shipped decks, and longer
NAMES = {"Fire": "Earth-Lightning Midrange (FFTCG midrange)", EVIL: "Ice-Water Control <script> (FFTCG control)"}


def _long_named_dataset():
    g, t, c, _ = _dataset()
    rename = lambda col: pl.col(col).replace(NAMES)  # noqa: E731
    g = g.with_columns(rename("deck_a"), rename("deck_b"))
    t = t.with_columns(rename("deck"))
    c = c.with_columns(rename("deck"), (pl.col("name").str.replace(r"^.* card", "Sandstone Titan of the Long Name")))
    decks = [Deck("fftcg", name, None, {"main": [(Card(f"{name[:3]}-{k}", f"{name} card {k}", "forward", cost=k + 1), 3)
                                                 for k in range(2)]}) for name in NAMES.values()]
    return g, t, c, decks


def _measure(page: Path) -> tuple[list[dict], list[int]]:
    """Each table's section, columns, width and the room it has, and the page's scroll and client width."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            tab = browser.new_page(viewport={"width": 1280, "height": 900})
            tab.goto(page.as_uri())
            tables = tab.evaluate("""() => [...document.querySelectorAll('table')].map(t => ({
                section: t.closest('section') ? t.closest('section').id : 'top', columns: t.rows[0].cells.length,
                width: t.scrollWidth, room: t.parentElement.clientWidth}))""")
            page_width = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        finally:
            browser.close()
    return tables, page_width


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed")
def test_every_table_fits_a_1280px_window(tmp_path: Path) -> None:
    g, t, c, decks = _long_named_dataset()
    tables, page_width = _measure(write_report(from_frames(g, t, c), tmp_path, decks=decks))
    assert {x["section"] for x in tables} >= {"decks", "matchups", "mulligans", "cards", "curve"}
    assert max(x["columns"] for x in tables if x["section"] == "cards") >= 12
    wide = [x for x in tables if x["width"] > x["room"]]
    assert wide == [], wide
    assert page_width[0] <= page_width[1]  # nor does the page itself scroll sideways


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed")
def test_provenance_and_example_games_fit_a_1280px_window(tmp_path: Path) -> None:
    """The header's command and the example games' replay commands, with long deck paths, wrap."""
    g, t, c, decks = _long_named_dataset()
    folder = "/home/player/tcg/decks/" + "a-rather-long-folder-name/" * 3
    paths = [folder + name.split(" (")[0].replace(" ", "-").lower() + ".toml" for name in NAMES.values()]
    manifest = {"command": ["tcgsim", "balance", *paths, "--games", "20", "--out", folder + "report"],
                "job": {"seed": 5, "games": 20, "options": {"turn_cap": 40}, "engines": {"null": "ab" * 32},
                        "matchups": [{"index": m, "engine": "null", "stream": 1, "policy_a": "curve",
                                      "policy_b": "curve", "deck_a": {"path": paths[m]},
                                      "deck_b": {"path": paths[1 - m]}} for m in (0, 1)]}}
    page = write_report(from_frames(g, t, c, manifest), tmp_path, decks=decks)
    text = page.read_text()
    assert "Example games" in text and "stream 1, game" in text and folder + "report" in text
    tables, page_width = _measure(page)
    assert [x for x in tables if x["width"] > x["room"]] == []
    assert page_width[0] <= page_width[1]
