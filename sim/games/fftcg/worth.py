"""What an FFTCG card is worth to the scripted policies when some of its text is not modelled (issue 33, part 3).

A card's printed cost pays for its body and its abilities. A line the importer could not model does nothing in
the engine, so the policies should not pay for it: the card is worth its body (the cost of a card with the same
type and power and no text) plus the share of the rest of its cost that its modelled lines pay for. The policies
read the worth (`K_WORTH`, tenths of CP) where they read the cost as a measure of how good a card is (curve's and
control's cast order and the values that decide what to discard or keep); paying still takes the printed cost.
A fully modelled card is worth its cost, so decks without unmodelled lines play as before.
"""

from __future__ import annotations

from sim.cards.model import Card
from sim.games.fftcg.importer import ability_lines

# Cost of a card with no text, by type, from the pool (cards_fftcgsim_square_api.json): every Backup without text
# costs 1 (12 cards); Forwards without text: 1 CP 3000-4000 power, 2 CP 5000-6000, 3 CP 7000, 4 CP 8000; a
# Summon or a Monster without text does nothing.
BACKUP_BODY = 1


def body_cost(card: Card) -> int:
    """The cost of a card with card's type and power and no text: a Forward 1 CP up to 4000 power, 2 up to 6000,
    then 1 CP per 1000 (7000: 3, 8000: 4, 9000: 5, the pool's curve extended); a Backup 1; a Summon or Monster 0."""
    t = card.type.lower()
    if t == "forward":
        thousands = (card.power + 999) // 1000
        return 1 if thousands <= 4 else 2 if thousands <= 6 else thousands - 4
    return BACKUP_BODY if t == "backup" else 0


def card_worth(card: Card) -> int:
    """Tenths of CP: 10 x cost for a card whose every line is modelled (or that has none); else its body (at
    most its cost) plus the modelled lines' share of the rest of the cost."""
    if not card.unmodelled:
        return 10 * card.cost
    lines = max(len(ability_lines(card.text)) if card.text else 0, len(card.unmodelled))
    modelled = lines - len(card.unmodelled)
    body = min(card.cost, body_cost(card))
    return 10 * body + 10 * (card.cost - body) * modelled // lines
