"""CODE OF JOKER catalog (sweshelo/suit catalog.json; shared/data/README.md) -> Card records.

Types map onto CoJ digest §3: unit, advanced_unit -> evolution, trigger, intercept, joker. Viruses and
the effect-made token units (ids that are names, `visible` 0) are imported as units tagged "virus" /
"token" so effects can refer to them; they are never legal deck cards. Entries without a type or cost
are skipped and reported.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sim.cards.model import ELEMENTS, Card
from sim.errors import InputError
from sim.games.coj.importer import normalize, parse_coj_text

COLORS = {1: "red", 2: "yellow", 3: "blue", 4: "green", 5: "purple", 6: "colorless"}
TYPES = {"unit": "unit", "advanced_unit": "evolution", "trigger": "trigger", "intercept": "intercept",
         "joker": "joker", "virus": "unit"}
_USES = re.compile(r"このインターセプト(?:カード)?は(\d+)回使用すると捨札にいく")
GAUGES = {"小": "small", "中": "medium", "大": "large", "特大": "extra_large"}
assert set(COLORS.values()) == set(ELEMENTS["coj"])


def _int(rec: dict[str, Any], name: str, where: Path, code: str) -> int:
    value = rec.get(name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(where, f"card {code!r}: field {name!r} must be a whole number, not {value!r}")
    return value


def load_catalog(path: Path, records: list[Any], skipped: dict[str, list[str]]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for rec in records:
        if not isinstance(rec, dict):
            raise InputError(path, f"expected card objects, found {type(rec).__name__}")
        code = rec.get("id")
        if not isinstance(code, str) or not code.strip():
            raise InputError(path, f"a card has no text 'id' (name {rec.get('name')!r})")
        raw_type = rec.get("type")
        if raw_type is None or rec.get("cost") is None:
            skipped.setdefault("no type or cost", []).append(code)
            continue
        if raw_type not in TYPES:
            raise InputError(path, f"card {code!r}: unknown type {raw_type!r} (one of: {', '.join(TYPES)})")
        ctype = TYPES[raw_type]
        color = rec.get("color")
        if color is not None and color not in COLORS:
            raise InputError(path, f"card {code!r}: field 'color' must be 1..6, not {color!r}")
        bp_raw = rec.get("bp") or [0, 0, 0]
        if (not isinstance(bp_raw, list) or len(bp_raw) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in bp_raw)):
            raise InputError(path, f"card {code!r}: field 'bp' must be 3 whole numbers [Lv1, Lv2, Lv3], not {bp_raw!r}")
        species = rec.get("species") or []
        if not isinstance(species, list):
            raise InputError(path, f"card {code!r}: field 'species' must be a list, not {species!r}")
        text = rec.get("ability") or ""
        if not isinstance(text, str):
            raise InputError(path, f"card {code!r}: field 'ability' must be text, not {text!r}")
        tags = set()
        if raw_type == "virus":
            tags.add("virus")
        if rec.get("visible") == 0 and not code[:1].isdigit() and not code.startswith("PR-") and raw_type != "joker":
            tags.add("token")
        # a joker's `name` is its character (DEATH, JUSTICE ...; 2 different ones per deck), its id the ability
        name = normalize(str(rec.get("name") or code))
        if raw_type == "joker":
            gauge = GAUGES.get(str(rec.get("gauge") or ""))
            if gauge:
                tags.add(f"gauge_{gauge}")
        uses = _USES.search(normalize(text))
        if uses and ctype == "intercept":  # 「このインターセプトは5回使用すると捨札にいく」: set until its 5th use
            tags.add(f"uses_{uses.group(1)}")
        parsed = parse_coj_text(text, ctype)
        cards[code] = Card(code=code, name=name, type=ctype, cost=_int(rec, "cost", path, code),
                           elements=(COLORS[color],) if color else (), bp=tuple(bp_raw),
                           job="/".join(map(str, species)), keywords=parsed.keywords, text=text,
                           tags=frozenset(tags), effects=parsed.effects, unmodelled=parsed.unmodelled)
    return cards
