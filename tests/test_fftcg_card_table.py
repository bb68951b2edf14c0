"""docs/cards_fftcg.md is the card table of the real decks (sim.decks.card_table) as the importer reads them today:
regenerated here and compared. And `cards coverage` counts a line as modelled only when every restriction it prints
is enforced."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from sim.cards.model import Card, Deck
from sim.decks import card_table
from sim.decks.coverage import deck_coverage
from sim.games.fftcg.importer import ability_lines, parse_fftcg_text

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "fftcg"


@pytest.mark.skipif(not (DATA / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
def test_docs_card_table_is_the_generated_one():
    decks, missing = card_table.load_real(DATA)
    want = card_table.render(decks, missing, "../shared/data/fftcg/decks (starter, user, tournament)")
    got = (ROOT / "docs" / "cards_fftcg.md").read_text().split(card_table.NOTES, 1)[0]
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


GAINS = 'X gains "{}" and "《1》: X gains +1000 power until the end of the turn."'


@pytest.mark.parametrize("ability", [
    "When X attacks, draw 1 card. This effect will trigger only once per turn.",  # an auto ability's once per turn
    "《1》《ダル》: Choose 2 Forwards. Deal them 3000 damage.",
    "《ダル》: Choose 1 Forward. Deal it 4000 damage. If it is put from the field into the Break Zone this turn, remove"
    " it from the game instead.",
])
def test_card_table_checks_a_quoted_ability_like_a_printed_one(ability: str):
    """A line that quotes the abilities a card gains ("cost: effect") gets the approximations of each quoted ability
    (the pattern for an auto ability's "once per turn" skipped every line that quoted a "cost:")."""
    printed = Card(code="T-001", name="X", type="forward", cost=2, elements=("fire",), power=5000, text=ability)
    gained_text = GAINS.format(ability)
    gained = replace(printed, text=gained_text)
    status, why = card_table.line_status(printed, ability)
    assert status == "approximate"
    assert card_table.line_status(gained, gained_text) == (status, why)


@pytest.mark.skipif(not (DATA / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
def test_13_137S_innocence_gained_actions_are_checked_and_exact():
    """Innocence 13-137S's gained "《火》《ダル》: Choose 1 Forward. Deal it 10000 damage." and "《氷》《ダル》: ... once per
    turn.": its element CP is paid as printed, its Forward of either side, the once per turn of an action tracked."""
    decks, _ = card_table.load_real(DATA)
    innocence = next(c for d in decks for zone in d.zones.values() for c, _n in zone if c.code == "13-137S")
    line = next(ln for ln in ability_lines(innocence.text) if "gains" in ln)
    assert card_table.line_parts(line)[1].startswith("《火》《ダル》: Choose 1 Forward")
    assert card_table.line_status(innocence, line) == ("exact", "")
