"""docs/cards_fftcg.md is the card table of the real decks (sim.decks.card_table) as the importer reads them today:
regenerated here and compared. And `cards coverage` counts a line as modelled only when every restriction it prints
is enforced."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.cards.model import Card, Deck
from sim.decks import card_table
from sim.decks.coverage import deck_coverage
from sim.games.fftcg.importer import parse_fftcg_text

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "fftcg"


@pytest.mark.skipif(not (DATA / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
def test_docs_card_table_is_the_generated_one():
    decks, missing = card_table.load_real(DATA)
    want = card_table.render(decks, missing, "../shared/data/fftcg/decks (starter, user, tournament)")
    got = (ROOT / "docs" / "cards_fftcg.md").read_text()
    assert got == want, "docs/cards_fftcg.md is stale: python -m sim.decks.card_table"


def _card(text: str, name: str = "X", ctype: str = "forward") -> Card:
    parsed = parse_fftcg_text(text, name, ctype, 5000)
    return Card(code="T-001", name=name, type=ctype, cost=2, elements=("fire",), power=5000, text=text,
                effects=parsed.effects, unmodelled=parsed.unmodelled)


@pytest.mark.parametrize("text", [
    # a name the engine cannot exclude from a search
    "When X enters the field, you may search for 1 Job Remnant other than Card Name Loz and add it to your hand.",
    # an element excluded from a play
    "When X enters the field, you may search for 1 Character of cost 2 or less other than Light or Dark and play it"
    " onto the field.",
    # a power limit on a dull
    "When X enters the field, choose 1 Forward with a power of 5000 or less. Dull it.",
    # "When X or a <kind>" with a kind the engine cannot match
    "When X or a multi-element Forward enters your field, draw 1 card.",
])
def test_coverage_does_not_count_a_line_with_a_dropped_restriction(text: str):
    cov = deck_coverage(Deck("fftcg", "t", Path("t.toml"), {"main": [(_card(text), 3)]}))
    assert cov.lines == 3 and cov.modelled_lines == 0


def test_card_table_statuses():
    kept = _card("When X enters the field, you may search for 1 Job Remnant other than Card Name X and add it to your"
                 " hand.")
    assert card_table.line_status(kept, kept.text) == ("exact", "")
    dropped = _card("When X enters the field, choose 1 Forward with a power of 5000 or less. Dull it.")
    assert card_table.line_status(dropped, dropped.text)[0] == "not modelled"
    ramuh = _card("Choose 1 Forward. It loses 7000 power until the end of the turn. If X results from an EX Burst, it"
                  " loses 8000 power until the end of the turn instead.", ctype="summon")
    status, why = card_table.line_status(ramuh, ramuh.text)
    assert status == "approximate" and "EX Burst bonus" in why
