"""How much of a deck's card text the importers turned into effects (`tcgsim cards coverage`).

Coverage counts ability lines (FFTCG: one `[[br]]` line, a modal line with its options; CoJ: one
■ ability or keyword line), weighted by copies. A card without text counts as modelled. CoJ lines
that run only approximately (sim.games.coj.importer.approximation) are counted and listed apart:
modelled = exact + approximate.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.cards.model import Card, Deck
from sim.decks.pools import Pool
from sim.games.coj.importer import abilities, approximation
from sim.games.fftcg.importer import ability_lines


def approximate_lines(card: Card, game: str) -> tuple[tuple[str, str], ...]:
    """The card's executed ability lines that run only approximately: (line, why)."""
    if game != "coj" or not card.text:
        return ()
    left = set(card.unmodelled)
    return tuple((block, why) for block in abilities(card.text)
                 if block not in left and (why := approximation(block)) is not None)


def ability_count(card: Card, game: str) -> int:
    """Ability lines of a card's text, as the importer for its game splits them."""
    if not card.text:
        return len(card.unmodelled)
    if game == "coj":
        return len(abilities(card.text))
    if game == "fftcg":
        return len(ability_lines(card.text))
    return max(len(card.unmodelled), len([line for line in card.text.splitlines() if line.strip()]))


@dataclass(frozen=True)
class CardCoverage:
    code: str
    name: str
    zone: str
    copies: int
    lines: int
    unmodelled: tuple[str, ...]
    approximate: tuple[tuple[str, str], ...] = ()  # executed lines that run approximately: (line, why)

    @property
    def modelled_lines(self) -> int:
        return self.lines - len(self.unmodelled)

    @property
    def status(self) -> str:
        if not self.unmodelled:
            return "modelled"
        return "not modelled" if self.modelled_lines <= 0 else "partly"


@dataclass(frozen=True)
class DeckCoverage:
    deck: str
    name: str
    cards: tuple[CardCoverage, ...]

    @property
    def lines(self) -> int:
        return sum(c.lines * c.copies for c in self.cards)

    @property
    def modelled_lines(self) -> int:
        return sum(c.modelled_lines * c.copies for c in self.cards)

    @property
    def approximate_lines(self) -> int:
        return sum(len(c.approximate) * c.copies for c in self.cards)

    @property
    def modelled_share(self) -> float:
        """Share of ability lines (copies weighted) that became effects; 1.0 for a deck without text."""
        return self.modelled_lines / self.lines if self.lines else 1.0

    @property
    def exact_share(self) -> float:
        """Share of ability lines (copies weighted) executed exactly as printed."""
        return (self.modelled_lines - self.approximate_lines) / self.lines if self.lines else 1.0


def deck_coverage(deck: Deck) -> DeckCoverage:
    cards = []
    for zone, entries in deck.zones.items():
        for card, copies in entries:
            lines = max(ability_count(card, deck.game), len(card.unmodelled))
            cards.append(CardCoverage(card.code, card.name, zone, copies, lines, card.unmodelled,
                                      approximate_lines(card, deck.game)))
    return DeckCoverage(str(deck.path), deck.name, tuple(cards))


@dataclass(frozen=True)
class PoolSummary:
    path: str
    game: str
    format: str
    cards: int  # distinct cards imported (reprint aliases counted once)
    keys: int  # codes a deck may use (ids, reprint halves, serials)
    skipped: dict[str, tuple[str, ...]]
    lines: int
    modelled_lines: int
    approximate: dict[str, tuple[str, ...]]  # why -> the codes of the cards with such a line (one per line)

    @property
    def approximate_lines(self) -> int:
        return sum(len(codes) for codes in self.approximate.values())

    @property
    def modelled_share(self) -> float:
        return self.modelled_lines / self.lines if self.lines else 1.0

    @property
    def exact_share(self) -> float:
        return (self.modelled_lines - self.approximate_lines) / self.lines if self.lines else 1.0


def pool_summary(pool: Pool) -> PoolSummary:
    """What a pool file imported, what it skipped and how much of its text became effects."""
    cards = pool.unique()
    lines = modelled = 0
    approximate: dict[str, list[str]] = {}
    for card in cards:
        n = max(ability_count(card, pool.game), len(card.unmodelled))
        lines += n
        modelled += n - len(card.unmodelled)
        for _, why in approximate_lines(card, pool.game):
            approximate.setdefault(why, []).append(card.code)
    return PoolSummary(str(pool.path), pool.game, pool.format, len(cards), len(pool.cards), dict(pool.skipped),
                       lines, modelled, {why: tuple(codes) for why, codes in approximate.items()})
