"""The FFTCG card table: every distinct card of a set of decks, each of its ability lines, and whether the engine plays
the line exactly, approximately (and why) or not at all. `docs/cards_fftcg.md` is this table for the real decks of
../shared/data (starter, user and tournament lists); tests/test_fftcg_card_table.py regenerates it and compares (all
but the hand-written notes after NOTES).

A line is "not modelled" when the importer leaves it in the card's unmodelled lines (Card.unmodelled: text it cannot
turn into effects, or a restriction the engine would drop); "approximate" when it plays with one of the importer's
known approximations (APPROXIMATIONS, the module docstring of sim.games.fftcg.importer); else "exact".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sim.cards.model import Card, Deck
from sim.games.fftcg.importer import ability_lines

# (what in an ability, why the engine's play of it is approximate); each is matched against the line's own text and
# against each ability the line quotes (a gained "cost: effect", line_parts), so a quoted ability is checked like a
# printed one
APPROXIMATIONS = (
    # an action ability's "once per turn" is tracked; an auto ability's (no "cost:") is not
    (re.compile(r"^[^:]*\bonce per turn\b[^:]*$", re.I), "its \"once per turn\" limit is not tracked (auto ability)"),
    (re.compile(r"results from an ex burst", re.I), "the EX Burst bonus is dropped"),
    (re.compile(r"remove (?:it|them) from the game(?!\. then)", re.I), "removed from the game: played as a break"),
    (re.compile(r"bottom of (?:its|their) owner'?s'? deck", re.I), "put at the bottom of the deck: played as a break"),
    (re.compile(r"on top of (?:its|their) owner'?s'? deck", re.I), "put on top of the deck: played as a return to hand"),
    (re.compile(r"loses all (?:its )?abilities", re.I), "\"loses all abilities\" is dropped"),
    (re.compile(r"if [^,.]+, (?:deal (?:it|them)|(?:it|they) (?:loses?|gains?)) \d+ (?:more )?(?:damage|power)"
                r"(?: until the end of the turn)? instead", re.I), "the conditional upgrade is dropped (base amount)"),
    (re.compile(r"\bchoose (?:[2-9]|two|three) (?:[a-z ]+ )?(?:forwards|characters)(?! you control| opponent controls"
                r"| in your| from your)", re.I),
     "of either side's cards, only the side a player would pick is chosen from (the opponent's for harmful effects)"),
    (re.compile(r"\bgain (?:《C》)+", re.I), "the Crystal it gains is dropped (Crystals are not CP, rule 6.8, and are not modelled)"),
    (re.compile(r"you may pay an extra (?:《[^》]+》)*《(?:火|氷|風|土|雷|水|光|闇)》", re.I),
     "the element of the extra cost is not checked (CP of any element)"),
    (re.compile(r"select 1 character you control\. put it into the break zone", re.I),
     "putting a Character into the Break Zone is played as a break"),
    (re.compile(r"turn over one card at a time", re.I),
     "played as a search for a card of the kind (the player picks it, not the first one turned over)"),
    (re.compile(r"into the break zone, you may remove \S+(?: \S+)* from the game\. when you do so", re.I),
     "the card is not removed from the game (it stays in the Break Zone)"),
    (re.compile(r"(?:put from the field into the break zone|leaves the field)[^\"]*damage equal to (?!its power)[^.\"]+'s power",
                re.I), "the damage is the card's printed power, not its power when it left the field"),
)
_QUOTED = re.compile(r'"([^"]*:[^"]*)"')  # a quoted ability with a cost ("《火》《ダル》: ..."): an action the card gains


def line_parts(line: str) -> list[str]:
    """The texts of one ability line the approximations are matched against: the line without the abilities it quotes
    (a card gains "cost: effect"), and each of those."""
    quoted = _QUOTED.findall(line)
    return [_QUOTED.sub('""', line), *quoted] if quoted else [line]


@dataclass(frozen=True)
class LineRow:
    code: str
    name: str
    copies: int  # over all the decks
    line: str
    status: str  # "exact", "approximate" or "not modelled"
    why: str


def line_status(card: Card, line: str) -> tuple[str, str]:
    """("exact" | "approximate" | "not modelled", why) of one ability line of an imported card."""
    if line in card.unmodelled:
        return "not modelled", ""
    parts = line_parts(line)
    why = list(dict.fromkeys(reason for pattern, reason in APPROXIMATIONS if any(pattern.search(x) for x in parts)))
    return ("approximate", "; ".join(why)) if why else ("exact", "")


def deck_cards(decks: list[Deck]) -> list[tuple[Card, int]]:
    """The distinct cards of the decks (main deck and LB deck) with their copies over all of them, most played first
    (then by code)."""
    copies: Counter[str] = Counter()
    by_code: dict[str, Card] = {}
    for deck in decks:
        for entries in deck.zones.values():
            for card, n in entries:
                copies[card.code] += n
                by_code[card.code] = card
    return sorted(((by_code[c], n) for c, n in copies.items()), key=lambda cn: (-cn[1], cn[0].code))


def rows(decks: list[Deck]) -> list[LineRow]:
    out = []
    for card, n in deck_cards(decks):
        for line in ability_lines(card.text):
            status, why = line_status(card, line)
            out.append(LineRow(card.code, card.name, n, line, status, why))
    return out


NOTES = "## Notes on the matchups (written by hand, kept when the table is regenerated)"


def kept_notes(path: Path) -> str:
    """The hand-written notes that follow the table in `path` (from the NOTES heading on), or ""."""
    text = path.read_text() if path.is_file() else ""
    at = text.find("\n" + NOTES + "\n")
    return text[at + 1:] if at >= 0 else ""


def render(decks: list[Deck], missing: list[str], source: str, notes: str = "") -> str:
    """docs/cards_fftcg.md: the table with its totals (cards whose code the pool lacks are listed, not played), then
    the hand-written `notes` (kept_notes)."""
    table = rows(decks)
    count = Counter(r.status for r in table)
    cards = len({r.code for r in table} | {c.code for c, _ in deck_cards(decks) if not c.text})
    head = [
        "# FFTCG cards of the real decks: what the engine plays",
        "",
        f"Generated from {source} by `python -m sim.decks.card_table` (tests/test_fftcg_card_table.py"
        " regenerates it and compares). One row per ability line of each distinct card, the most played cards first;"
        " copies are summed over the decks. exact: the engine plays what the line prints; approximate: it plays the"
        " line with the approximation named; not modelled: the line does nothing in the engine (its card is played"
        " for its body). The conformance cases that trigger the lines through the engine are in"
        " tests/test_fftcg_conformance.py and tests/test_fftcg_conformance_cards.py.",
        "",
        f"{cards} cards, {len(table)} ability lines: {count['exact']} exact, {count['approximate']} approximate,"
        f" {count['not modelled']} not modelled.",
        "",
    ]
    if missing:
        head += [f"Not in the card pool (not played): {', '.join(sorted(missing))}.", ""]
    head += ["| card | name | copies | line | status | why |", "|---|---|---|---|---|---|"]
    body = [f"| {r.code} | {r.name} | {r.copies} | {_cell(r.line)} | {r.status} | {_cell(r.why)} |" for r in table]
    return "\n".join(head + body) + "\n" + ("\n" + notes if notes else "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def real_decks(data: Path) -> list[Path]:
    """The real FFTCG deck files under a shared data folder (starter, user and tournament lists)."""
    return sorted(p for kind in ("starter", "user", "tournament") for p in (data / "decks" / kind).glob("*.toml"))


def load_real(data: Path) -> tuple[list[Deck], list[str]]:
    """The real decks' cards from the pool `cards_fftcgsim_square_api.json` of `data` (main deck "cards" and "lb"), and
    the codes the pool lacks (left out: the Golbez and Cecil decks name 10 cards the pool does not hold)."""
    import tomllib

    from sim.decks.pools import load_pool

    pool = load_pool(data / "cards_fftcgsim_square_api.json")
    decks, missing = [], set()
    for path in real_decks(data):
        listed = tomllib.loads(path.read_text())
        zones: dict[str, list[tuple[Card, int]]] = {}
        for zone, key in (("main", "cards"), ("lb", "lb")):
            for code, n in listed.get(key, {}).items():
                if code in pool:
                    zones.setdefault(zone, []).append((pool[code], int(n)))
                else:
                    missing.add(code)
        decks.append(Deck("fftcg", str(listed.get("name", path.stem)), path, zones))
    return decks, sorted(missing)


def main() -> None:
    data = Path(__file__).resolve().parents[3] / "shared" / "data" / "fftcg"
    decks, missing = load_real(data)
    out = Path(__file__).resolve().parents[2] / "docs" / "cards_fftcg.md"
    out.write_text(render(decks, missing, "../shared/data/fftcg/decks (starter, user, tournament)", kept_notes(out)))


if __name__ == "__main__":
    main()
