"""sim.decks.decklist: pasted decklists as players write them, every problem on its own line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from sim.cards.model import Card
from sim.decks.decklist import parse_decklist

CLOUD = Card(code="1-182S", name="Cloud", type="forward", cost=5)
CLOUD2 = Card(code="21-090R", name="Cloud", type="forward", cost=3)
TIFA = Card(code="1-186S", name="Tifa", type="forward", cost=2)
POOL = {"1-182S": CLOUD, "1-182": CLOUD, "21-090R": CLOUD2, "1-186S": TIFA}
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "fftcg"


@pytest.mark.parametrize("line", ["3 Cloud (1-182S)", "3x 1-182S", "3 x 1-182S", "1-182S x3", "1-182S x 3",
                                  "3 [1-182S]", "3 1-182s", "3x1-182S", "3 1-182"])
def test_every_way_of_writing_three_copies(line):
    d = parse_decklist(line, POOL)
    assert not d.errors, d.lines
    assert d.total == 3 and d.lines[0].name == "Cloud"


def test_names_resolve_when_unique_and_counts_default_to_one():
    d = parse_decklist("2 Tifa\ntifa x1\nTifa", POOL)
    assert d.cards == {"1-186S": 4}


def test_ambiguous_unknown_and_bad_lines_are_reported_with_line_numbers():
    text = "# my deck\nForwards:\n\n3 Cloud\n2 Tifo\n3 Nobody (9-999X)\n0 Tifa\n2 Tifa"
    d = parse_decklist(text, POOL)
    errors = {e.line: e.message for e in d.errors}
    assert set(errors) == {4, 5, 6, 7}
    assert "ambiguous" in errors[4] and "1-182S" in errors[4] and "21-090R" in errors[4]
    assert "did you mean 'Tifa'" in errors[5]
    assert "unknown card code '9-999X'" in errors[6]
    assert "copies" in errors[7]
    assert [r.status for r in d.lines[:3]] == ["skipped"] * 3
    assert d.cards == {"1-186S": 2}


def test_a_name_that_disagrees_with_its_code_is_kept_with_a_note():
    d = parse_decklist("3 Tifa (1-182S)", POOL)
    assert d.cards == {"1-182S": 3} and "is 'Cloud'" in d.lines[0].message


def test_empty_and_oversized_lists_are_errors():
    assert parse_decklist("\n# nothing\n", POOL).errors
    assert "copies must be" in parse_decklist("1001 Tifa", POOL).errors[0].message
    assert "more than the 1,000" in parse_decklist("600 Tifa\n600 Cloud (1-182S)", POOL).errors[0].message


def test_toml_round_trip_quotes_names():
    d = parse_decklist("3 Cloud (1-182S)\n2 Tifa", POOL)
    data = tomllib.loads(d.to_toml('The "Best" deck\n', "fftcg"))
    assert data == {"game": "fftcg", "name": 'The "Best" deck\n', "cards": {"1-182S": 3, "1-186S": 2}}


@pytest.mark.skipif(not (SHARED / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
def test_a_real_starter_deck_written_as_text_resolves_to_its_own_cards():
    from sim.decks.pools import load_pool

    deck = tomllib.loads((SHARED / "decks/starter/opus_starter__opus_iii_2017__ff_ix_fire_water_starter_deck.toml")
                         .read_text())
    cards = load_pool(SHARED / "cards_fftcgsim_square_api.json")
    text = "\n".join(f"{n} {cards[code].name} ({code})" for code, n in deck["cards"].items())
    d = parse_decklist(text, cards)
    assert not d.errors and d.cards == deck["cards"] and d.total == 50
