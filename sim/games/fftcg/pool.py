"""FFTCG card pools: the Square Enix API export and the FFDecks export (see shared/data/README.md).

Square file: `id` may be a reprint pair `new/original` (both halves and the rarity-less serial are
indexed); only the first element is kept there, so multi-element data is merged from an FFDecks file
in the same directory when one exists. EX Burst comes from the text marker (rule 11.10; a character keeps it only
when its marked line is modelled), generic (multi-playable, rule 5.2.2.1) from FFDecks' `is_multi_playable` where
known, else from job "Standard Unit".
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from sim.cards.model import CARD_TYPES, ELEMENTS, Card
from sim.errors import InputError
from sim.games.fftcg.importer import parse_fftcg_text

FFTCG_TYPES = CARD_TYPES["fftcg"]
FFTCG_ELEMENTS = ELEMENTS["fftcg"]
_RARITY = re.compile(r"^(.*\d)([A-Z]{1,2})$")  # "1-147C" -> "1-147"; "B-001" has no rarity letter


def serial(code: str) -> str:
    """The rarity-less serial of a card id ("1-147C" -> "1-147"); unchanged if it has no rarity."""
    m = _RARITY.match(code)
    return m.group(1) if m else code


def _field(rec: dict[str, Any], name: str, kind: type, where: Path, code: str) -> Any:
    value = rec.get(name)
    if value is None:
        return kind()
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise InputError(where, f"card {code!r}: field {name!r} must be {kind.__name__}, not {value!r}")
    return value


def _elements(values: list[Any], where: Path, code: str) -> tuple[str, ...]:
    out = []
    for value in values:
        element = str(value).strip().lower()
        if element in ("", "unknown", "none"):
            continue
        if element not in FFTCG_ELEMENTS:
            raise InputError(where, f"card {code!r}: unknown element {value!r}")
        out.append(element)
    return tuple(out)


def _card(code: str, name: str, ctype: str, cost: int, elements: tuple[str, ...], power: int, job: str,
          category: str, text: str, generic: bool, ex_flag: bool | None) -> Card:
    parsed = parse_fftcg_text(text, name, ctype, power)
    ex = parsed.ex_burst if ex_flag is None else ex_flag
    if ctype != "summon" and not any(e.trigger == "ex_burst" for e in parsed.effects):
        # a character's EX Burst is the line marked with it, which the importer copies as ex_burst effects; with
        # that line not modelled the engine would resolve the card's other enter abilities instead (its fallback
        # for cards without text, 11.10.3), as Gaius 9-007H's 3000 damage before his three-name search was read
        ex = False
    return Card(code=code, name=name, type=ctype, cost=cost, elements=elements, power=power, job=job,
                category=category, keywords=parsed.keywords, generic=generic,
                ex_burst=ex, lb_cost=parsed.lb_cost, text=text,
                effects=parsed.effects, unmodelled=parsed.unmodelled)


def load_square(path: Path, records: list[Any], ffdecks: dict[str, dict[str, Any]],
                skipped: dict[str, list[str]]) -> dict[str, Card]:
    """Index the Square API export: full id, each reprint half, and the rarity-less serials."""
    cards: dict[str, Card] = {}
    aliases: list[tuple[str, Card]] = []
    for rec in records:
        if not isinstance(rec, dict):
            raise InputError(path, f"expected card objects, found {type(rec).__name__}")
        code = _field(rec, "id", str, path, "?").strip()
        if not code:
            raise InputError(path, "a card has no 'id'")
        ctype = _field(rec, "type", str, path, code).lower()
        if ctype not in FFTCG_TYPES:
            # crystals (C-001..) are not deck cards (FFTCG 3: four card types)
            skipped.setdefault(f"type {ctype or 'missing'}", []).append(code)
            continue
        name = html.unescape(_field(rec, "name", str, path, code))
        text = _field(rec, "text", str, path, code)
        halves = code.split("/")
        extra = next((ffdecks[serial(h)] for h in halves if serial(h) in ffdecks), None)
        elements = _elements([_field(rec, "element", str, path, code)], path, code)
        generic = _field(rec, "job", str, path, code) == "Standard Unit"
        if extra is not None:
            more = _elements(list(extra.get("elements") or []), path, code)
            if more and (not elements or more[0] == elements[0] or elements[0] in more):
                elements = more
            if isinstance(extra.get("is_multi_playable"), bool):
                generic = extra["is_multi_playable"]
        card = _card(code, name, ctype, _field(rec, "cost", int, path, code), elements,
                     _field(rec, "power", int, path, code), _field(rec, "job", str, path, code),
                     html.unescape(_field(rec, "category", str, path, code)), text, generic, None)
        cards[code] = card
        if len(halves) > 1:
            aliases.extend((h, card) for h in halves)
        aliases.append((serial(halves[0]), card))
        if len(halves) > 1:
            aliases.extend((serial(h), card) for h in halves[1:])
    # a card's own record wins over a reprint's copy of it
    for key, card in aliases:
        cards.setdefault(key, card)
    return cards


_FFDECKS_SYMBOLS = re.compile(r"\{([^}]*)\}")


def ffdecks_text(abilities: list[Any]) -> str:
    """FFDecks ability list -> Square-style text, so one parser reads both ({x} = EX, *Haste*)."""
    symbols = {"x": "[[ex]]EX BURST[[/]]", "d": "《ダル》", "s": "《S》", "f": "《火》", "i": "《氷》",
               "w": "《風》", "e": "《土》", "l": "《雷》", "a": "《水》"}
    lines = []
    for ability in abilities:
        line = _FFDECKS_SYMBOLS.sub(lambda m: symbols.get(m.group(1).lower(), f"《{m.group(1)}》"), str(ability))
        lines.append(line.replace("*", ""))
    return "[[br]]".join(line for line in lines if line.strip())


def ffdecks_index(path: Path, records: list[Any]) -> dict[str, dict[str, Any]]:
    index = {}
    for rec in records:
        if isinstance(rec, dict) and isinstance(rec.get("serial_number"), str):
            index[rec["serial_number"]] = rec
    if not index:
        raise InputError(path, "no FFDecks records (objects with 'serial_number')")
    return index


def load_ffdecks(path: Path, records: list[Any], skipped: dict[str, list[str]]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for rec in records:
        if not isinstance(rec, dict):
            raise InputError(path, f"expected card objects, found {type(rec).__name__}")
        code = _field(rec, "serial_number", str, path, "?").strip()
        ctype = _field(rec, "type", str, path, code).lower()
        if ctype not in FFTCG_TYPES:
            skipped.setdefault(f"type {ctype or 'missing'}", []).append(code)
            continue
        abilities = rec.get("abilities") or []
        if not isinstance(abilities, list):
            raise InputError(path, f"card {code!r}: field 'abilities' must be a list")
        name = html.unescape(_field(rec, "name", str, path, code))
        text = ffdecks_text(abilities)
        elements = _elements(list(rec.get("elements") or [rec.get("element") or ""]), path, code)
        ex_flag = rec.get("is_ex_burst")
        cards[code] = _card(code, name, ctype, _field(rec, "cost", int, path, code), elements,
                            _field(rec, "power", int, path, code), _field(rec, "job", str, path, code),
                            html.unescape(_field(rec, "category", str, path, code)), text,
                            bool(rec.get("is_multi_playable")), ex_flag if isinstance(ex_flag, bool) else None)
    return cards
