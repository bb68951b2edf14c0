"""sim.bench.realworld: the seat-swapped score it reports for the README's real-world checks."""

from __future__ import annotations

from pathlib import Path

from sim.bench.realworld import PRODUCT, seat_swapped
from sim.decks.deckfile import load_deck

DECKS = Path(__file__).resolve().parents[1] / "decks" / "fftcg"


def test_a_mirror_scores_exactly_half_when_each_deal_is_played_from_both_seats() -> None:
    # both games of a deal are the same game with the seats' names swapped: one point each
    deck = load_deck(DECKS / "aggro.toml")
    m = seat_swapped(deck, deck, 60, seed=3)
    assert m.deals == 60 and m.score == 0.5 and m.low == m.high == 0.5


def test_scores_of_the_two_sides_add_to_one() -> None:
    a, b = load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "control.toml")
    ab, ba = seat_swapped(a, b, 80, seed=4), seat_swapped(b, a, 80, seed=4)
    assert abs(ab.score + ba.score - 1) < 1e-12 and ab.low < ab.score < ab.high


def test_products_are_grouped_by_their_file_names() -> None:
    m = PRODUCT.match("two_player_starter__avalanche_vs_shinra_2021__shinra_deck.toml")
    assert m is not None and (m["product"], m["half"]) == ("avalanche_vs_shinra_2021", "shinra_deck")
