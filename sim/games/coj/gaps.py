"""Which CODE OF JOKER catalog lines the engine does not execute, by what blocks them.

`python -m sim.games.coj.gaps [catalog.json]` classifies every unexecuted ability line: an unread
timing, or the sentences of its body the importer cannot read (a sentence is read when it parses alone
or with the sentence after it, as a choice and its 「それ…」). Each failing part gets the first class
whose pattern it matches (CLASSES, in that order). A class "unlocks" the lines whose every failing part
is of that class: the lines that reading that class alone would execute. The figures order the work on
the importer; they are an estimate, since a sentence can also fail for a reason its class does not name.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

from sim.games.coj import importer as IMP
from sim.games.coj.pool import load_catalog

CATALOG = Path(__file__).resolve().parents[4] / "shared" / "data" / "coj" / "catalog.json"  # ../shared beside the checkout

CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(p)) for name, p in (
    ("special_summon", r"特殊召喚"),
    ("repeated_intercept", r"回使用すると捨札|ターンに\d+度"),
    ("card_level", r"(このカード|トリガーカード|インターセプトカード)のレベル"),
    ("joker_gauge", r"ジョーカーゲージ"),
    ("virus_exclude", r"ウィルス|除外"),
    ("copy", r"複製"),
    ("death_counter", r"デスカウンター"),
    ("cost_change", r"コスト(?:を|は)[-+]|コストは-"),
    ("deck_return", r"デッキ(?:の[上下]|に戻)"),
    ("named_card", r"「[^」]+」|<[^>]+>"),
    ("zone_events", r"^EVENTS$"),
    ("static", r"^STATIC"),
    ("timing", r"^TIMING"),
    ("silence_others", r"沈黙"),
    ("until_battle_end", r"戦闘終了時まで"),
    ("zone_or_cp", r"トリガーゾーン|CPが0|捨札の|手札が\d+枚の場合|デッキが"),
    ("compound", r"、.*(し、|与え、)"),
))


def _classify(part: str) -> str:
    return next((name for name, pattern in CLASSES if pattern.search(part)), "other")


def _timing(body: str, zone: bool) -> tuple[str, str] | None:
    """(trigger, rest of the body) for a timing the importer reads, else None."""
    tables = ([(p, n) for p, n, _ in IMP._ZONE_QUALIFIED] + [(p, n) for p, n in IMP._ZONE_FILTERED]
              + IMP._ZONE_TRIGGERS) if zone else [(p, n) for p, n, _ in IMP._UNIT_QUALIFIED] + IMP._TRIGGERS
    for pattern, name in tables:
        m = pattern.match(body)
        if m:
            return name, body[m.end():]
    return None


def failing_parts(block: str, ctype: str) -> list[str]:
    """The parts of an unexecuted line that the importer cannot read (a timing tag or sentences); a heading
    of several timed lines (importer.timed_parts) gives those of its lines, or "EVENTS" when every line reads
    but they answer different events on a trigger or intercept card."""
    lines = IMP.timed_parts(block)
    if lines is not None:
        failing = [part for line in lines if IMP.parse_ability(line, ctype) is None
                   for part in _failing_parts(line, ctype)]
        return failing or ["EVENTS"]
    return _failing_parts(block, ctype)


def _failing_parts(block: str, ctype: str) -> list[str]:
    activated = IMP._activated(block, ctype)
    text = activated if activated is not None else IMP.normalize(block)
    if IMP._ONCE_A_TURN.search(text) or (IMP._REUSED.search(text) and ctype != "intercept"):
        return ["回使用すると捨札"]
    lines = [line for line in (IMP._REMINDER.sub("", raw).strip() for raw in text.split("\n")) if line]
    body = "".join(line for line in lines if not line.startswith("■"))
    body = IMP._GAUGE_ICON.sub("", body)
    zone = ctype in ("trigger", "intercept", "joker")
    if ctype == "joker" or activated is not None:  # a joker is used, a 【起動】 ability activated: no timing to read
        found: tuple[str, str] | None = ("cast" if activated is None else "action", body)
    else:
        found = _timing(body, zone)
    if found is None:
        head = re.match(r"^[^。]*?(?:時|たび)、", body)
        if head is None:
            return ["STATIC " + body]
        rest = body[head.end():]
        found = ("enter" if not zone else "own_enters", rest)
        parts = ["TIMING " + head.group(0)]
    else:
        parts = []
    trigger, rest = found
    return parts + _failing_sentences(rest, trigger) if parts else _failing_sentences(rest, trigger) or ["WHOLE " + rest]


def _failing_sentences(rest: str, trigger: str) -> list[str]:
    """The sentences of a body the importer cannot read; a choice's options are read one by one, and a
    「…選ぶ」 that fails with its 「それ…」 is one part."""
    choice = IMP._CHOICE.match(rest)
    if choice:
        options = IMP._OPTION.split(rest[choice.end():].lstrip("。"))[2::2]
        return [part for option in options for part in _failing_sentences(option, trigger)]
    parts: list[str] = []
    sentences = [s.rstrip("。") for s in IMP._sentences(rest)]
    i = 0
    while i < len(sentences):
        if IMP.parse_body(sentences[i], trigger) is not None:
            i += 1
        elif i + 1 < len(sentences) and IMP.parse_body("。".join(sentences[i:i + 2]), trigger) is not None:
            i += 2
        elif sentences[i].endswith("選ぶ") and i + 1 < len(sentences):
            parts.append("。".join(sentences[i:i + 2]))
            i += 2
        else:
            parts.append(sentences[i])
            i += 1
    return parts


def classify(path: Path) -> tuple[Counter[str], Counter[str], dict[str, list[str]]]:
    """(lines each class unlocks alone, lines each class appears in, unlocked lines' codes by class)."""
    cards = load_catalog(path, json.loads(path.read_text(encoding="utf-8")), {})
    alone: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    codes: dict[str, list[str]] = {}
    for card in cards.values():
        for block in card.unmodelled:
            kinds = {_classify(part) for part in failing_parts(block, card.type)}
            seen.update(kinds)
            if len(kinds) == 1:
                (kind,) = kinds
                alone[kind] += 1
                codes.setdefault(kind, []).append(card.code)
    return alone, seen, codes


def main(argv: list[str]) -> None:
    path = Path(argv[0]) if argv else CATALOG
    alone, seen, codes = classify(path)
    print(f"{'class':<20} {'unlocks':>7} {'in lines':>8}  examples")
    for kind, n in sorted(seen.items(), key=lambda kv: (-alone[kv[0]], -kv[1])):
        print(f"{kind:<20} {alone[kind]:>7} {n:>8}  {', '.join(codes.get(kind, [])[:4])}")


if __name__ == "__main__":
    main(sys.argv[1:])
