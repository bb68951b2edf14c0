"""Pasted decklists, as players write them, resolved against a card pool.

Accepted lines (one card each; blank lines, `#`/`//` comments and `Forwards:`-style headers are skipped):

    3 Cloud (1-182S)      3x 1-182S      1-182S x3      3 Cloud      Cloud x3      1-182S

A count may come first (`3`, `3x`, `3 x`) or last (`x3`, `x 3`); without one the line is one copy.
A code (bare, or in () / [] after a name) is looked up in the pool; a name alone is matched by name
(case-insensitive) and must name exactly one card. Every problem is reported on its own line with
the line number; nothing stops at the first one.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field

from sim.cards.model import Card
from sim.limits import MAX_DECK_CARDS, MAX_TEXT_BYTES

MAX_LINES = 1_000
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$|^(\d+)[xX×](\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s*[xX×]\s*(\d+)$")
_NAME_AND_CODE = re.compile(r"^(.*?)\s*[(\[]\s*([^()\[\]]+?)\s*[)\]]$")
_HEADER = re.compile(r"^[^\d].*:$|^[A-Za-z ]+\(\d+\)$")


@dataclass(frozen=True)
class LineResult:
    line: int  # 1-based
    text: str
    status: str  # ok | error | skipped
    copies: int = 0
    code: str = ""
    name: str = ""
    message: str = ""


@dataclass
class Decklist:
    lines: list[LineResult]
    cards: dict[str, int] = field(default_factory=dict)  # code -> copies, in first-seen order

    @property
    def errors(self) -> list[LineResult]:
        return [r for r in self.lines if r.status == "error"]

    @property
    def total(self) -> int:
        return sum(self.cards.values())

    def to_toml(self, name: str, game: str) -> str:
        """A deck file of the resolved cards (codes only: the pool is chosen when the deck is loaded)."""
        body = "".join(f"{json.dumps(code)} = {n}\n" for code, n in self.cards.items())
        return f"game = {json.dumps(game)}\nname = {json.dumps(name)}\n\n[cards]\n{body}"


def name_index(cards: dict[str, Card]) -> dict[str, list[Card]]:
    """casefolded name -> the distinct cards of that name (aliases of one card counted once)."""
    index: dict[str, dict[int, Card]] = {}
    for card in cards.values():
        if card.name:
            index.setdefault(card.name.casefold(), {})[id(card)] = card
    return {k: list(v.values()) for k, v in index.items()}


def _split_count(text: str) -> tuple[int | None, str]:
    m = _COUNT_FIRST.match(text)
    if m:
        count, rest = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return int(count), rest.strip()
    m = _COUNT_LAST.match(text)
    if m:
        return int(m.group(2)), m.group(1).strip()
    return None, text


def _lookup(cards: dict[str, Card], code: str) -> Card | None:
    return cards.get(code) or cards.get(code.upper())


def _resolve(rest: str, cards: dict[str, Card], names: dict[str, list[Card]]) -> tuple[Card | None, str, str]:
    """(card, the code to write, a message): a message without a card is the error."""
    m = _NAME_AND_CODE.match(rest)
    if m:
        name, code = m.group(1).strip(), m.group(2).strip()
        card = _lookup(cards, code)
        if card is None:
            return None, "", f"unknown card code {code!r}"
        note = f"{code} is {card.name!r}, not {name!r}" if name and name.casefold() != card.name.casefold() else ""
        return card, code if code in cards else code.upper(), note
    card = _lookup(cards, rest)
    if card is not None:
        return card, rest if rest in cards else rest.upper(), ""
    found = names.get(rest.casefold(), [])
    if len(found) == 1:
        return found[0], found[0].code, ""
    if found:
        codes = ", ".join(c.code for c in found[:6]) + (", ..." if len(found) > 6 else "")
        return None, "", f"ambiguous: {len(found)} cards are named {rest!r} ({codes}); write the code, e.g. '1 {rest} ({found[0].code})'"
    close = difflib.get_close_matches(rest.casefold(), list(names), n=1)
    hint = f"; did you mean {names[close[0]][0].name!r}?" if close else ""
    return None, "", f"no card named or coded {rest!r} in the pool{hint}"


def parse_decklist(text: str, cards: dict[str, Card]) -> Decklist:
    """Resolve every line of `text` against the pool `cards` (code -> Card, as sim.decks.pools loads it)."""
    if len(text.encode()) > MAX_TEXT_BYTES:
        return Decklist([LineResult(0, "", "error", message=f"more than {MAX_TEXT_BYTES:,} bytes")])
    names = name_index(cards)
    out = Decklist([])
    for number, raw in enumerate(text.splitlines(), start=1):
        if number > MAX_LINES:
            out.lines.append(LineResult(number, "", "error", message=f"more than {MAX_LINES:,} lines"))
            break
        line = raw.strip()
        if not line or line.startswith(("#", "//")) or _HEADER.match(line):
            out.lines.append(LineResult(number, raw, "skipped"))
            continue
        count, rest = _split_count(line)
        copies = 1 if count is None else count
        if not 1 <= copies <= MAX_DECK_CARDS:
            out.lines.append(LineResult(number, raw, "error", message=f"copies must be 1 to {MAX_DECK_CARDS:,}, got {copies}"))
            continue
        card, code, message = _resolve(rest, cards, names)
        if card is None:
            out.lines.append(LineResult(number, raw, "error", copies, message=message))
            continue
        out.cards[code] = out.cards.get(code, 0) + copies
        out.lines.append(LineResult(number, raw, "ok", copies, code, card.name, message))
    if not out.cards and not out.errors:
        out.lines.append(LineResult(0, "", "error", message="no cards in the decklist"))
    elif out.total > MAX_DECK_CARDS:
        out.lines.append(LineResult(0, "", "error", message=f"{out.total:,} cards, more than the {MAX_DECK_CARDS:,} a deck may hold"))
    return out
