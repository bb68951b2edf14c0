"""The page in Chromium (Playwright): paste a real starter decklist, run odds, a compare and a balance,
watch a progress bar reach 100%, and open the report."""

from __future__ import annotations

import os
import signal
import tomllib
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.is_file():
    pytest.skip("Chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)", allow_module_level=True)
playwright = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from tests.service_helpers import EXAMPLE_POOL, SHARED, example_toml  # noqa: E402
from tests.test_service_restart import free_port, start  # noqa: E402

STARTER = SHARED / "decks/starter/opus_starter__opus_iii_2017__ff_ix_fire_water_starter_deck.toml"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def decklist_text() -> str:
    """The starter deck as a player writes it: "2 Name (code)" per line."""
    from sim.decks.pools import load_pool

    cards = load_pool(SHARED / "cards_fftcgsim_square_api.json")
    deck = tomllib.loads(STARTER.read_text())
    return "\n".join(f"{n} {cards[code].name} ({code})" for code, n in deck["cards"].items())


@pytest.mark.skipif(not STARTER.is_file(), reason="shared FFTCG starter decks absent")
def test_the_page_end_to_end(tmp_path):
    text = decklist_text()
    pools = (f"square={SHARED / 'cards_fftcgsim_square_api.json'}", f"fftcg-example={EXAMPLE_POOL}")
    proc, client = start(tmp_path / "data", free_port(), pools)  # the first pool is the page's default
    try:
        for name in ("aggro", "control"):
            assert client.post("/api/decks", json={"toml": example_toml(name), "pool": "fftcg-example"}).status_code == 201
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            page = browser.new_page()
            page.goto(str(client.base_url))
            page.fill("#deck-name", "<script>alert(1)</script> Starter")
            page.fill("#deck-text", text + "\n2 Nobody At All")
            page.click("#deck-check")
            page.wait_for_selector("#deck-lines td.err", timeout=120_000)
            assert f"line {len(text.splitlines()) + 1}:" in page.text_content("#deck-status")
            page.fill("#deck-text", text)
            page.click("#deck-save")
            page.wait_for_selector("#deck-status.ok", timeout=120_000)
            page.wait_for_selector("text=<script>alert(1)</script> Starter")  # shown as text, not run
            boxes = page.locator("#decks input[type=checkbox]")
            for i in (2, 0, 1):  # A = the starter, B = aggro, against control
                boxes.nth(i).check()
            page.fill("#odds-samples", "2000")
            page.click("#odds-run")
            page.fill("#cmp-games", "20")  # the FFTCG engine itself (compiled once per session by conftest)
            page.click("#cmp-run")
            page.fill("#bal-games", "10")
            page.click("#bal-run")
            rows = page.locator("#jobs tbody tr")
            rows.nth(2).wait_for(timeout=60_000)
            page.wait_for_function("() => [...document.querySelectorAll('#jobs tbody tr')].length === 3 && "
                                   "[...document.querySelectorAll('#jobs tbody tr')].every(r => "
                                   "r.cells[2].textContent === 'done' && r.querySelector('progress').value === 1)",
                                   timeout=600_000)
            assert page.locator("#jobs tbody tr >> text=(100%)").count() == 3
            # the interim estimates with their intervals under each bar: 2 variants, 3 decks, the opening hand
            for kind, n, label in (("compare", 2, "A ("), ("balance", 3, "(curve)"), ("odds", 1, "opening hand")):
                items = page.locator("#jobs tbody tr", has_text=kind).locator("ul.interim li")
                assert items.count() == n, kind
                assert label in items.first.text_content() and " – " in items.first.text_content()
            for kind, expect in (("odds", "95% interval"), ("compare", "B − A"), ("balance", "95% interval")):
                page.locator("#jobs tbody tr", has_text=kind).locator("button", has_text="view").click()
                page.wait_for_selector(f"#result h3:has-text('{kind}')")
                assert expect in page.text_content("#result")
            with page.expect_popup() as popup:
                page.click("#report-link")
            report = popup.value
            report.wait_for_load_state()
            assert "Starter" in report.content()
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
