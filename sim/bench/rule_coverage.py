"""Rule numbers of a rules digest against the engine that cites them and the scenario tests named after them.

    python -m sim.bench.rule_coverage pso2 ../shared/rules/pso2.md
    python -m sim.bench.rule_coverage gbf ../shared/rules/gbf.md

A rule number is "cited" when the engine package (sim/games/<game>/) names it, and "tested" when a test
of tests/test_<game>_*.py is named after exactly that number (`test_rule_302_1_...`, several joined by
`_and_`). docs/engines/<game>.md accounts for the others in three sections: "Definitional rules" (rules
with no behaviour to test, e.g. a card has a name), "Rules not implemented" (each with why) and
"Implemented without a scenario test"; a rule number written in one of them (and without a test: the sections may name tested rules they refer
to) is listed as `defn`, `not-impl` or `untested`. Printed: per rule of the digest,
cited or not, its doc listing and the tests named after it; then the counts, the cited rules without a
test and the rules neither tested nor listed. PSO2 numbers are dotted (302.1.1), GBF numbers dashed
(7-2-1-3-4).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_PATTERNS = {  # a rule number in the game's digest and engine comments
    "pso2": re.compile(r"(?<![\d.\-])([1-9]\d{2}(?:\.\d+)+)(?![\d])"),
    "gbf": re.compile(r"(?<![\d.\-])(\d{1,2}(?:-\d+){1,6})(?![\d-])"),
}
_TEST = re.compile(r"^def (test_\w+)", re.M)
DOC_SECTIONS = {"defn": "Definitional rules", "not-impl": "Rules not implemented",
                "untested": "Implemented without a scenario test"}


def rule_numbers(game: str, text: str) -> set[str]:
    """The rule numbers written in `text` the game's way."""
    return set(_PATTERNS[game].findall(text))


def tested_rules(game: str, names: list[str]) -> dict[str, list[str]]:
    """Rule number -> the tests named after it (the digits after `rule_`, one rule per `_and_` part)."""
    sep = "." if game == "pso2" else "-"
    out: dict[str, list[str]] = {}
    for name in names:
        for part in re.split(r"_and_", name):
            m = re.search(r"(?:rule_)?((?:\d+_)+\d+|\d{3})(?:_|$)", part)
            if m and ("rule_" in name):
                out.setdefault(m.group(1).replace("_", sep), []).append(name)
    return out


def listed_rules(game: str, doc: Path) -> dict[str, str]:
    """Rule number -> "defn" / "not-impl" / "untested" for the numbers written in the doc's sections (## headings)."""
    out: dict[str, str] = {}
    if not doc.exists():
        return out
    for block in re.split(r"^## ", doc.read_text(encoding="utf-8"), flags=re.M)[1:]:
        title, _, body = block.partition("\n")
        for kind, name in DOC_SECTIONS.items():
            if title.strip().startswith(name):
                for rule in rule_numbers(game, body):
                    out.setdefault(rule, kind)
    return out


def coverage(game: str, digest: Path) -> tuple[list[tuple[str, bool, list[str]]], list[str]]:
    """Per digest rule (sorted): (number, cited by the engine, tests); and the cited rules without a test."""
    rules = rule_numbers(game, digest.read_text(encoding="utf-8"))
    cited = set()
    for path in sorted((ROOT / "sim" / "games" / game).glob("*.py")):
        cited |= rule_numbers(game, path.read_text(encoding="utf-8"))
    names = [n for path in sorted((ROOT / "tests").glob(f"test_{game}_*.py"))
             for n in _TEST.findall(path.read_text(encoding="utf-8"))]
    tests = tested_rules(game, names)
    sep = "." if game == "pso2" else "-"

    def tests_of(rule: str) -> list[str]:
        return sorted(tests.get(rule, []))

    def key(rule: str) -> list[int]:
        return [int(x) for x in rule.split(sep)]

    rows = [(r, r in cited, tests_of(r)) for r in sorted(rules, key=key)]
    missing = [r for r, c, t in rows if c and not t]
    return rows, missing


def unaccounted(rows: list[tuple[str, bool, list[str]]], listed: dict[str, str]) -> list[str]:
    """The digest's rules with no test that the doc does not list in one of its sections."""
    return [r for r, _, tests in rows if not tests and r not in listed]


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in _PATTERNS:
        print(__doc__)
        return 2
    game = argv[0]
    rows, missing = coverage(game, Path(argv[1]))
    listed = listed_rules(game, ROOT / "docs" / "engines" / f"{game}.md")
    for rule, cited, tests in rows:
        kind = "-" if tests else listed.get(rule, "-")  # the sections may name tested rules they refer to
        print(f"{rule:14} {'cited' if cited else '-':6} {kind:8} {', '.join(tests) if tests else '-'}")
    left = unaccounted(rows, listed)
    print(f"\n{len(rows)} rules in the digest, {sum(c for _, c, _ in rows)} cited by the engine, "
          f"{sum(bool(t) for _, _, t in rows)} with a test, "
          f"{sum(1 for r, _, t in rows if not t and listed.get(r) == 'defn')} more listed as definitional, "
          f"{sum(1 for r, _, t in rows if not t and listed.get(r) == 'not-impl')} as not implemented, "
          f"{sum(1 for r, _, t in rows if not t and listed.get(r) == 'untested')} as implemented without a test; "
          f"cited without a test: {', '.join(missing) or 'none'}; "
          f"neither tested nor listed ({len(left)}): {', '.join(left) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
