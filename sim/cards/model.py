"""The generic card and deck records shared by the four games.

A card is one record with every game's attributes; a game reads the ones its rules define.
Decks are lists of (card, copies) per zone: `main`, and the side zones each game has
(FFTCG `lb`, GBF `leader`, PSO2 `player` and `mag`, CoJ `joker`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sim.cards.effects import Effect

GAMES = ("fftcg", "gbf", "pso2", "coj")

# Each game's card types, in the words of its rules digest.
CARD_TYPES: dict[str, tuple[str, ...]] = {
    "fftcg": ("forward", "backup", "summon", "monster"),
    "gbf": ("leader", "member", "summon_stone"),
    "pso2": ("player", "mag", "character", "item", "active"),
    "coj": ("unit", "evolution", "trigger", "intercept", "joker"),
    "generic": ("card",),
}

# Element / colour vocabularies (FFTCG rule 5.2.1.1; GBF r. 2-2; PSO2 rule 207; CoJ colours).
ELEMENTS: dict[str, tuple[str, ...]] = {
    "fftcg": ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark"),
    "gbf": ("fire", "water", "earth", "wind", "light", "dark"),
    "pso2": ("red", "blue", "yellow", "black"),
    "coj": ("red", "yellow", "blue", "green", "purple", "colorless"),
    "generic": (),
}

# Side zones per game: zone name -> rule that governs it.
SIDE_ZONES: dict[str, tuple[str, ...]] = {
    "fftcg": ("lb",),
    "gbf": ("leader",),
    "pso2": ("player", "mag"),
    "coj": ("joker",),
    "generic": (),
}


@dataclass(frozen=True)
class Card:
    code: str
    name: str
    type: str
    cost: int = 0
    elements: tuple[str, ...] = ()
    power: int = 0  # FFTCG power; GBF and PSO2 ATK
    hp: int = 0  # GBF and PSO2 HP
    bp: tuple[int, int, int] = (0, 0, 0)  # CoJ BP at levels 1-3
    job: str = ""  # FFTCG job, GBF type/race, PSO2 subtype, CoJ species (joined by "/")
    category: str = ""
    keywords: frozenset[str] = frozenset()
    cls: str = ""  # PSO2 class ("" = none, "all" = every class)
    title: str = ""  # PSO2 title, part of the name for the copy limit (rule 100.3.1)
    rank: int = 0  # GBF rank
    gender: str = ""  # GBF leader gender (r. 2-1-1-3-1)
    deck_size: int = 0  # PSO2 player card: deck size = HP (rule 100.2)
    generic: bool = False  # FFTCG generic icon (rule 5.2.2.1)
    ex_burst: bool = False  # FFTCG EX Burst the engine plays (rule 11.10): a real card marked EX whose line is unmodelled has none
    lb_cost: int = -1  # FFTCG Limit Break -- X (rule 15.2.8.2); -1 = not an LB card
    text: str = ""
    tags: frozenset[str] = frozenset()  # free tags for the generic game profile
    effects: tuple[Effect, ...] = ()
    unmodelled: tuple[str, ...] = ()  # ability text an importer could not turn (wholly) into effects

    @property
    def full_name(self) -> str:
        return f"{self.title} {self.name}".strip()

    def attribute(self, key: str) -> str | int | tuple[str, ...] | frozenset[str] | None:
        """The value a deck filter compares for `key` (see sim.odds.wants)."""
        return _ATTRIBUTES[key](self) if key in _ATTRIBUTES else None


_ATTRIBUTES = {
    "name": lambda c: c.name,
    "code": lambda c: c.code,
    "type": lambda c: c.type,
    "cost": lambda c: c.cost,
    "element": lambda c: c.elements,
    "color": lambda c: c.elements,
    "power": lambda c: c.power,
    "atk": lambda c: c.power,
    "hp": lambda c: c.hp,
    "bp": lambda c: c.bp[0],
    "bp1": lambda c: c.bp[0],
    "bp2": lambda c: c.bp[1],
    "bp3": lambda c: c.bp[2],
    "job": lambda c: c.job,
    "species": lambda c: c.job,
    "category": lambda c: c.category,
    "keyword": lambda c: c.keywords,
    "class": lambda c: c.cls,
    "title": lambda c: c.title,
    "rank": lambda c: c.rank,
    "gender": lambda c: c.gender,
    "generic": lambda c: int(c.generic),
    "ex": lambda c: int(c.ex_burst),
    "lb": lambda c: c.lb_cost,
    "tag": lambda c: c.tags,
}
FILTER_KEYS = tuple(_ATTRIBUTES)


@dataclass
class Deck:
    game: str
    name: str
    path: Path
    zones: dict[str, list[tuple[Card, int]]] = field(default_factory=dict)
    rules: dict[str, object] = field(default_factory=dict)  # per-deck rules options (e.g. format)
    # the card pool given to load_deck (--pool) that supplied cards: a run records it, so that the report and a
    # replay can load the deck again from its path (a pool the deck file names itself is found from the file)
    pool: Path | None = None

    @property
    def main(self) -> list[tuple[Card, int]]:
        return self.zones.get("main", [])

    def zone(self, name: str) -> list[tuple[Card, int]]:
        return self.zones.get(name, [])

    def main_cards(self) -> list[Card]:
        """One entry per physical copy of the main deck, in file order."""
        return [card for card, copies in self.main for _ in range(copies)]

    def canonical(self) -> Deck:
        """The same deck with each zone sorted by card code (a stable sort: a code listed twice keeps
        its file order). Engines deal from the compiled order, so without this the games a seed gives,
        and how much two variants' games share under common random numbers, would depend on the
        order the file happens to list its cards in."""
        zones = {name: sorted(cards, key=lambda entry: entry[0].code) for name, cards in self.zones.items()}
        return Deck(self.game, self.name, self.path, zones, dict(self.rules), self.pool)

    @property
    def size(self) -> int:
        return sum(copies for _, copies in self.main)

    @property
    def total_copies(self) -> int:
        """Copies in all zones, without listing them (a deck may ask for 2**63 copies: sim.limits)."""
        return sum(copies for cards in self.zones.values() for _, copies in cards)
