"""Our own card-pool format: CSV or a JSON list of objects, one card per row.

Field names are those of a deck file's [[card]] table (docs: BRIEF "Deck file format"); in CSV, the
list fields (elements, keywords, effects, bp, tags) are separated by "|". Every bad value is reported
as an InputError naming the file, the card code and the field.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from sim.effects import Effect, parse_effect
from sim.errors import InputError
from sim.model import CARD_TYPES, ELEMENTS, Card

INT_FIELDS = ("cost", "power", "hp", "rank", "deck_size", "lb_cost")
STR_FIELDS = ("code", "name", "type", "job", "category", "cls", "title", "gender", "text")
LIST_FIELDS = ("elements", "keywords", "effects", "bp", "tags", "unmodelled")
BOOL_FIELDS = ("generic", "ex_burst")
# accepted spellings that map onto a Card field
ALIASES = {"element": "elements", "color": "elements", "class": "cls", "species": "job", "keyword": "keywords",
           "effect": "effects", "atk": "power", "ex": "ex_burst", "lb": "lb_cost"}
# deck-file-only fields a pool row may carry harmlessly
IGNORED = ("copies", "zone")
KNOWN_FIELDS = frozenset(INT_FIELDS + STR_FIELDS + LIST_FIELDS + BOOL_FIELDS + tuple(ALIASES) + IGNORED)

_TRUE = ("1", "true", "yes", "y")
_FALSE = ("0", "false", "no", "n", "")


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
    except json.JSONDecodeError as exc:
        raise InputError(path, f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise InputError(path, "a JSON pool must be a list of card objects (or {\"cards\": [...]})")
    return data


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split("|") if part.strip()]
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _as_int(value: Any, where: Path | str, code: str, name: str) -> int:
    if isinstance(value, bool):
        raise InputError(where, f"card {code!r}: field {name!r} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text == "":
            return -1 if name == "lb_cost" else 0
        try:
            return int(text)
        except ValueError:
            pass
    raise InputError(where, f"card {code!r}: field {name!r} must be a whole number, not {value!r}")


def _as_bool(value: Any, where: Path | str, code: str, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
        return value.strip().lower() in _TRUE
    raise InputError(where, f"card {code!r}: field {name!r} must be true/false, not {value!r}")


def card_from_row(row: dict[str, Any], game: str, where: Path | str) -> Card:
    """One Card from a generic row (also used for a deck file's inline [[card]] tables)."""
    code = str(row.get("code", "")).strip()
    if not code:
        raise InputError(where, f"a card has no 'code' (row: {dict(list(row.items())[:4])})")
    unknown = sorted(k for k in row if k not in KNOWN_FIELDS)
    if unknown:
        raise InputError(where, f"card {code!r}: unknown field(s) {', '.join(map(repr, unknown))}")
    fields: dict[str, Any] = {}
    for key, value in row.items():
        name = ALIASES.get(key, key)
        if key in IGNORED or value is None:
            continue
        if name in INT_FIELDS:
            fields[name] = _as_int(value, where, code, name)
        elif name in BOOL_FIELDS:
            fields[name] = _as_bool(value, where, code, name)
        elif name in STR_FIELDS:
            if isinstance(value, (dict, list)):
                raise InputError(where, f"card {code!r}: field {key!r} must be text, not {value!r}")
            fields[name] = "/".join(value) if name == "job" and isinstance(value, list) else str(value).strip()
        else:  # list fields
            items = _as_list(value)
            if name in ("elements", "keywords", "tags"):
                fields[name] = fields.get(name, ()) + tuple(str(v).strip().lower() for v in items)
            elif name == "bp":
                fields[name] = tuple(_as_int(v, where, code, "bp") for v in items)
            elif name == "unmodelled":
                fields[name] = tuple(str(v) for v in items)
            else:
                fields[name] = tuple(items)
    if "job" in row and isinstance(row["job"], list):
        fields["job"] = "/".join(map(str, row["job"]))
    fields.setdefault("name", code)
    ctype = str(fields.get("type", "")).lower()
    types = CARD_TYPES.get(game)
    if types is None:
        raise InputError(where, f"unknown game {game!r} (one of: {', '.join(CARD_TYPES)})")
    if not ctype:
        raise InputError(where, f"card {code!r}: field 'type' is missing (one of: {', '.join(types)})")
    if ctype not in types:
        raise InputError(where, f"card {code!r}: field 'type' is {ctype!r}, not one of: {', '.join(types)}")
    fields["type"] = ctype
    known_elements = ELEMENTS.get(game, ())
    for element in fields.get("elements", ()):
        if known_elements and element not in known_elements:
            raise InputError(where, f"card {code!r}: field 'elements' has {element!r}, "
                                    f"not one of: {', '.join(known_elements)}")
    bp = fields.get("bp")
    if bp is not None:
        if len(bp) == 1:
            bp = bp * 3
        if len(bp) != 3:
            raise InputError(where, f"card {code!r}: field 'bp' needs 1 or 3 values (Lv1|Lv2|Lv3), got {len(bp)}")
        fields["bp"] = tuple(bp)
    effects: list[Effect] = []
    for spec in fields.get("effects", ()):
        if isinstance(spec, Effect):
            effects.append(spec)
            continue
        try:
            effects.append(parse_effect(str(spec)))
        except ValueError as exc:
            raise InputError(where, f"card {code!r}: field 'effects': {exc}") from None
    fields["effects"] = tuple(effects)
    for name in ("keywords", "tags"):
        if name in fields:
            fields[name] = frozenset(fields[name])
    return Card(**fields)


def load_generic(path: Path, game: str) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for row in read_rows(path):
        card = card_from_row(row, game, path)
        if card.code in cards:
            raise InputError(path, f"card {card.code!r} is defined twice")
        cards[card.code] = card
    return cards
