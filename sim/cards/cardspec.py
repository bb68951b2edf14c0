"""Build a Card from the fields of an inline [[card]] table or a generic pool row."""

from __future__ import annotations

from typing import Any

from sim.cards.effects import parse_effect
from sim.cards.model import CARD_TYPES, ELEMENTS, Card
from sim.errors import InputError
from sim.limits import MAX_CARD_NUMBER

INT_FIELDS = ("cost", "power", "atk", "hp", "rank", "deck_size", "lb_cost")
STR_FIELDS = ("name", "type", "job", "category", "class", "title", "gender", "text")
LIST_FIELDS = ("elements", "keywords", "effects", "bp", "tags")
BOOL_FIELDS = ("generic", "ex_burst")
KNOWN = {"code", "element", "color", "copies", "zone", *INT_FIELDS, *STR_FIELDS, *LIST_FIELDS, *BOOL_FIELDS}


def _split(value: Any, key: str, label: str, where: str) -> list:
    if isinstance(value, str):
        return [v.strip() for v in value.split("|") if v.strip()]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str | int) and not isinstance(v, bool)
                                                      for v in value):
        raise InputError(where, f"{label}: `{key}` must be a list of text values (or \"a|b\"), got {value!r}")
    return list(value)


def card_from_fields(fields: dict[str, Any], game: str, where: str) -> Card:
    """`where` names the file for errors; list fields may be lists or "|"-separated strings (CSV)."""
    raw = fields.get("code", "")
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        raise InputError(where, f"a card's `code` must be text (or a whole number), got {raw!r}")
    code = str(raw).strip()
    label = f"card {code!r}" if code else "a card without `code`"
    if not code:
        raise InputError(where, f"{label}: every card needs a `code`")
    if not code.isprintable():
        raise InputError(where, f"{label}: `code` must be printable text on one line")
    unknown = sorted(set(fields) - KNOWN)
    if unknown:
        raise InputError(where, f"{label}: unknown field(s) {', '.join(unknown)}")

    def integer(key: str, default: int = 0) -> int:
        value = fields.get(key, default)
        if value in ("", None):
            return default
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise InputError(where, f"{label}: `{key}` must be a whole number, got {value!r}")
        try:
            number = int(value)
        except ValueError:
            raise InputError(where, f"{label}: `{key}` must be a whole number, got {value!r}") from None
        if abs(number) > MAX_CARD_NUMBER:
            raise InputError(where, f"{label}: `{key}` must be within -{MAX_CARD_NUMBER:,}..{MAX_CARD_NUMBER:,}, "
                                    f"got {number}")
        return number

    def text(key: str) -> str:
        value = fields.get(key, "")
        if not isinstance(value, str | int):
            raise InputError(where, f"{label}: `{key}` must be text, got {value!r}")
        value = str(value).strip()
        # names reach stdout and reports: a control character could forge output lines; card text
        # may run over several lines
        if not value.replace("\n", "").replace("\t", "").isprintable() or key != "text" and "\n" in value:
            raise InputError(where, f"{label}: `{key}` must be printable text" + ("" if key == "text" else " on one line"))
        return value

    def flag(key: str) -> bool:
        value = fields.get(key, False)
        if isinstance(value, str):
            if value.strip().lower() not in ("", "0", "1", "true", "false", "yes", "no"):
                raise InputError(where, f"{label}: `{key}` must be true or false, got {value!r}")
            return value.strip().lower() in ("1", "true", "yes")
        if not isinstance(value, bool | int):
            raise InputError(where, f"{label}: `{key}` must be true or false, got {value!r}")
        return bool(value)

    name = text("name") or code
    ctype = text("type").lower().replace(" ", "_")
    types = CARD_TYPES.get(game, ())
    if ctype not in types:
        raise InputError(where, f"{label}: type {ctype!r} is not a {game} card type ({', '.join(types)})")
    raw_elements = fields.get("elements", fields.get("element", fields.get("color", [])))
    elements = tuple(str(e).lower() for e in _split(raw_elements, "elements", label, where))
    bad = [e for e in elements if ELEMENTS.get(game) and e not in ELEMENTS[game]]
    if bad:
        raise InputError(where, f"{label}: unknown {game} element {bad[0]!r} ({', '.join(ELEMENTS[game])})")
    try:
        bp = tuple(int(v) for v in _split(fields.get("bp", []), "bp", label, where)) \
            if fields.get("bp") not in (None, "") else ()
    except (TypeError, ValueError):
        raise InputError(where, f"{label}: `bp` must be three whole numbers, got {fields.get('bp')!r}") from None
    if any(abs(v) > MAX_CARD_NUMBER for v in bp):
        raise InputError(where, f"{label}: `bp` values must be within -{MAX_CARD_NUMBER:,}..{MAX_CARD_NUMBER:,}")
    if bp and len(bp) != 3:
        raise InputError(where, f"{label}: `bp` needs three values (level 1, 2, 3), got {len(bp)}")
    effects = []
    for spec in _split(fields.get("effects", []), "effects", label, where):
        try:
            effects.append(parse_effect(str(spec)))
        except ValueError as exc:
            raise InputError(where, f"{label}: {exc}") from None
    power = integer("power") or integer("atk")
    return Card(
        code=code, name=name, type=ctype, cost=integer("cost"), elements=elements, power=power,
        hp=integer("hp"), bp=bp or (0, 0, 0), job=text("job"), category=text("category"),
        keywords=frozenset(str(k).lower().replace(" ", "_") for k in _split(fields.get("keywords", []), "keywords",
                                                                              label, where)),
        cls=text("class").lower(), title=text("title"), rank=integer("rank"), gender=text("gender").lower(),
        deck_size=integer("deck_size"), generic=flag("generic"), ex_burst=flag("ex_burst"),
        lb_cost=integer("lb_cost", -1), text=text("text"),
        tags=frozenset(str(t).lower() for t in _split(fields.get("tags", []), "tags", label, where)),
        effects=tuple(effects),
    )
