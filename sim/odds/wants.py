"""Want expressions for odds: "K+ FILTER", e.g. "1+ type=forward cost<=2" or "2+ element=fire".

A FILTER is space-separated attribute tests (key=value, key!=value, key<=n, key>=n, key<n, key>n);
a card matches when it passes every test. Values with spaces are quoted: name="Cloud of Darkness".
Attributes that hold several values (element, keyword, tag) match when any value equals.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from sim.cards.model import FILTER_KEYS, Card
from sim.errors import InputError
from sim.limits import MAX_DECK_CARDS

_TEST = re.compile(r"^([a-z_0-9]+)(<=|>=|!=|=|<|>)(.+)$")
_COUNT = re.compile(r"^([0-9]{1,9})\+$")  # ASCII digits: \d takes any script's digits


@dataclass(frozen=True)
class Test:
    key: str
    op: str
    value: str

    def matches(self, card: Card) -> bool:
        actual = card.attribute(self.key)
        if self.op in ("<=", ">=", "<", ">"):
            number = int(self.value)
            if not isinstance(actual, int):
                return False
            return {"<=": actual <= number, ">=": actual >= number, "<": actual < number, ">": actual > number}[self.op]
        want = self.value.lower()
        if isinstance(actual, tuple | frozenset):
            hit = want in {str(v).lower() for v in actual}
        else:
            hit = str(actual).lower() == want
        return hit if self.op == "=" else not hit


@dataclass(frozen=True)
class Want:
    text: str
    count: int
    tests: tuple[Test, ...]

    def matches(self, card: Card) -> bool:
        return all(t.matches(card) for t in self.tests)


def parse_want(text: str) -> Want:
    try:
        parts = shlex.split(text)
    except ValueError as exc:
        raise InputError("--want", f"{text!r}: {exc}") from None
    if not parts or not _COUNT.match(parts[0]):
        raise InputError("--want", f"{text!r} must start with a count like 1+ (e.g. \"1+ type=forward cost<=2\")")
    count = int(_COUNT.match(parts[0]).group(1))
    if not 1 <= count <= MAX_DECK_CARDS:
        raise InputError("--want", f"{text!r}: the count must be within 1..{MAX_DECK_CARDS:,} (a deck's size cap)")
    tests = []
    for part in parts[1:]:
        m = _TEST.match(part)
        if not m:
            raise InputError("--want", f"{text!r}: {part!r} is not key=value, key<=n or key>=n")
        key, op, value = m.groups()
        if key not in FILTER_KEYS:
            raise InputError("--want", f"{text!r}: unknown attribute {key!r} (keys: {', '.join(FILTER_KEYS)})")
        if op in ("<=", ">=", "<", ">") and not re.fullmatch(r"-?[0-9]{1,12}", value):
            # 12 digits: card numbers stay within +-1,000,000 (sim.limits), and a longer one would hit
            # Python's int-string limit
            raise InputError("--want", f"{text!r}: {key}{op} needs a whole number of at most 12 digits, got {value!r}")
        tests.append(Test(key, op, value))
    return Want(text, count, tuple(tests))


def card_classes(cards: list[Card], wants: list[Want]) -> list[int]:
    """Bit j of a card's class is set when the card matches want j."""
    return [sum(1 << j for j, w in enumerate(wants) if w.matches(card)) for card in cards]


def unmatched_values(wants: list[Want], cards: list[Card]) -> list[str]:
    """`key=value` tests that no card of the deck passes: usually a typo (type=forwrd), which would
    otherwise just give a probability of 0."""
    return [f"{t.key}={t.value}" for w in wants for t in w.tests
            if t.op == "=" and not any(t.matches(card) for card in cards)]
