"""FFTCG card text (Square markup) -> keywords, effects and the ability lines left unmodelled."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sim.effects import Effect

KEYWORDS = ("haste", "brave", "first_strike", "back_attack")


@dataclass(frozen=True)
class ParsedText:
    keywords: frozenset[str] = frozenset()
    effects: tuple[Effect, ...] = ()
    unmodelled: tuple[str, ...] = ()
    ex_burst: bool = False
    lb_cost: int = -1
    lines: int = 0  # ability lines counted for coverage


_LB = re.compile(r"Limit Break\s*--\s*(\d+)")


def parse_fftcg_text(text: str, name: str) -> ParsedText:
    lines = [line.strip() for line in text.split("[[br]]") if line.strip()]
    m = _LB.search(text)
    return ParsedText(ex_burst="EX BURST" in text, lb_cost=int(m.group(1)) if m else -1,
                      unmodelled=tuple(lines), lines=len(lines))
