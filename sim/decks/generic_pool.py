"""Our own card-pool format: CSV or a JSON list of objects, one card per row.

Field names are those of a deck file's [[card]] table (docs: BRIEF "Deck file format"); in CSV, the
list fields (elements, keywords, effects, bp, tags) are separated by "|". Rows become cards through
sim.cards.cardspec (the same code as a deck file's inline cards), so bad values name the file, card and field.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from sim.cards.cardspec import card_from_fields
from sim.cards.model import Card
from sim.errors import InputError


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The raw rows of a generic CSV or JSON pool file."""
    try:
        if path.suffix.lower() == ".csv":
            with path.open(newline="", encoding="utf-8-sig") as fh:
                reader = csv.DictReader(fh)
                rows = []
                for row in reader:
                    if None in row:
                        raise InputError(path, f"line {reader.line_num}: more values than header columns")
                    rows.append({k.strip(): v for k, v in row.items() if k is not None})
                return rows
        data = json.loads(path.read_text(encoding="utf-8"))
    except (csv.Error, UnicodeDecodeError) as exc:
        raise InputError(path, f"malformed CSV: {exc}") from None
    except RecursionError:
        raise InputError(path, "JSON nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise InputError(path, f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise InputError(path, "a JSON pool must be a list of card objects (or {\"cards\": [...]})")
    return data


def load_generic(path: Path, game: str) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for row in read_rows(path):
        card = card_from_fields(row, game, str(path))
        if card.code in cards:
            raise InputError(path, f"card {card.code!r} is defined twice")
        cards[card.code] = card
    return cards
