"""Read deck files (TOML) into Deck records, resolving card codes against a card pool.

A deck lists cards by code in zone tables ([cards] = main deck, [lb], [leader], [joker], [player],
[mag]) and/or defines them inline in [[card]] tables. Codes not defined inline come from a pool:
the deck's own `pool` key (relative to the deck file), else `--pool`, else the pools configured in
TCGSIM_POOLS (os.pathsep-separated files), else the pools shipped in decks/<game>/.
Structural problems raise InputError (exit 2); construction rules are sim.decks.validate's job (exit 1).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from sim.cards.cardspec import card_from_fields
from sim.cards.model import GAMES, SIDE_ZONES, Card, Deck
from sim.errors import InputError
from sim.limits import check_copies, check_toml_nesting, file_text

ZONE_TABLES = {"cards": "main", "lb": "lb", "leader": "leader", "joker": "joker", "jokers": "joker",
               "player": "player", "mag": "mag"}
INFO_KEYS = {"game", "name", "pool", "format", "kind", "product", "total", "notes", "description", "author", "card"}
FORMATS = ("constructed", "limited")
SHIPPED_DECKS = Path(__file__).resolve().parents[2] / "decks"


def read_toml(path: Path) -> dict[str, Any]:
    """A deck or job file, refused before parsing if it is too large or too deeply nested (sim.limits)."""
    if not path.is_file():
        raise InputError(path, "no such file" if not path.exists() else "not a regular file")
    try:
        text = file_text(path).decode("utf-8")
        check_toml_nesting(text, path)
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(path, f"malformed TOML: {exc}") from None
    except UnicodeDecodeError:
        raise InputError(path, "not a UTF-8 text file") from None
    except RecursionError:
        raise InputError(path, "nested too deeply") from None


def configured_pools(game: str) -> list[Path]:
    """Pools from TCGSIM_POOLS, then the ones shipped for the game."""
    env = [Path(p) for p in os.environ.get("TCGSIM_POOLS", "").split(os.pathsep) if p]
    shipped_dir = SHIPPED_DECKS / game
    shipped = sorted(p for p in shipped_dir.glob("*") if p.suffix in (".csv", ".json")) if shipped_dir.is_dir() else []
    return env + shipped


def _pool_cards(pool_paths: list[Path], game: str) -> dict[str, Card]:
    from sim.decks.pools import load_pool

    cards: dict[str, Card] = {}
    for p in reversed(pool_paths):  # earlier pools win
        if not p.is_file():
            raise InputError(p, "card pool file not found")
        cards.update(load_pool(p, game))
    return cards


def load_deck(path: Path | str, pool: Path | str | None = None) -> Deck:
    path = Path(path)
    data = read_toml(path)
    game = data.get("game")
    if not isinstance(game, str) or game not in (*GAMES, "generic"):
        raise InputError(path, f"unknown game {game!r}: `game` must be one of {', '.join(GAMES)} or generic")
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        raise InputError(path, "`name` must be text")
    if not name.isprintable() or len(name) > 200:
        # names reach stdout, CSV and reports: a control character could forge output lines
        raise InputError(path, "`name` must be one line of printable text, at most 200 characters")
    for key, value in data.items():
        if key in INFO_KEYS or key.startswith("source"):
            continue
        if key not in ZONE_TABLES:
            raise InputError(path, f"unknown key {key!r} (zones: {', '.join(ZONE_TABLES)})")
        if not isinstance(value, dict):
            raise InputError(path, f"[{key}] must be a table of \"code\" = copies")
    deck = Deck(game=game, name=name, path=path)
    fmt = data.get("format", "constructed")
    if fmt not in FORMATS:
        raise InputError(path, f"`format` must be one of {', '.join(FORMATS)}, got {fmt!r}")
    deck.rules["format"] = fmt
    if "total" in data:
        deck.rules["declared_total"] = data["total"]

    inline: dict[str, Card] = {}
    cards_field = data.get("card", [])
    if not isinstance(cards_field, list) or not all(isinstance(c, dict) for c in cards_field):
        raise InputError(path, "`card` must be an array of tables ([[card]])")
    zones: dict[str, list[tuple[Card, int]]] = {}
    allowed_zones = ("main", *SIDE_ZONES[game])
    for fields in cards_field:
        card = card_from_fields(fields, game, str(path))
        if card.code in inline:
            raise InputError(path, f"card {card.code!r} is defined twice")
        inline[card.code] = card
        if "copies" in fields:
            zone = fields.get("zone", "main")
            copies = fields["copies"]
            if zone not in allowed_zones:
                raise InputError(path, f"card {card.code!r}: zone {zone!r} is not a {game} zone ({', '.join(allowed_zones)})")
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise InputError(path, f"card {card.code!r}: `copies` must be a whole number >= 1, got {copies!r}")
            zones.setdefault(zone, []).append((card, copies))

    wanted: list[tuple[str, str, int]] = []
    for table, zone in ZONE_TABLES.items():
        if table not in data:
            continue
        if zone not in allowed_zones:
            raise InputError(path, f"[{table}] is not a {game} zone ({', '.join(allowed_zones)})")
        for code, copies in data[table].items():
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise InputError(path, f"[{table}] card {code!r}: copies must be a whole number >= 1, got {copies!r}")
            wanted.append((zone, str(code), copies))

    missing = [code for _, code, _ in wanted if code not in inline]
    pool_cards: dict[str, Card] = {}
    if missing:
        if "pool" in data:
            if not isinstance(data["pool"], str):
                raise InputError(path, "`pool` must be a path (text)")
            pool_paths = [(path.parent / data["pool"]).resolve()]
            if not pool_paths[0].is_file():
                raise InputError(path, f"card pool file not found: {data['pool']} (resolved to {pool_paths[0]})")
        elif pool is not None:
            pool_paths = [Path(pool)]
            deck.pool = pool_paths[0].resolve()
        else:
            pool_paths = configured_pools(game)
            if not pool_paths:
                raise InputError(path, f"card {missing[0]!r} is not defined inline and no card pool is given "
                                       "(add `pool = \"...\"`, pass --pool, or set TCGSIM_POOLS)")
        pool_cards = _pool_cards(pool_paths, game)
    for zone, code, copies in wanted:
        card = inline.get(code) or pool_cards.get(code)
        if card is None:
            raise InputError(path, f"card {code!r} is not in the card pool ({', '.join(str(p) for p in pool_paths)})")
        zones.setdefault(zone, []).append((card, copies))
    deck.zones = zones
    check_copies(deck.total_copies, str(path))
    return deck
