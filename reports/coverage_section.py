"""The report's "Card text the engine plays" section: per deck, which ability lines the engine does not model."""

from __future__ import annotations

import polars as pl

from reports.parts import Section, Table, cell
from sim.cards.model import Deck
from sim.decks.coverage import deck_coverage

# Below this share of its ability lines modelled (copies weighted), a deck's results say more about the
# engine than about the deck: it is flagged.
RELIES_BELOW = 0.8
LISTED_PER_DECK = 12  # lines listed in the page per deck; coverage.csv has them all


def coverage(decks: list[Deck], notes: list[str]) -> Section:
    title = "Card text the engine plays"
    if not decks:
        why = "; ".join(notes) or "the deck files are not recorded in the run's manifest"
        return Section("coverage", title, "", note=f"Not available: the card text comes from the deck files ({why}).")
    rows, lines, items = [], [], []
    for deck in decks:
        cov = deck_coverage(deck)
        missing = [c for c in cov.cards if c.unmodelled]
        flagged = cov.modelled_share < RELIES_BELOW
        rows.append({"deck": deck.name, "lines": cov.lines, "modelled_share": cov.modelled_share,
                     "cards_with_unmodelled_lines": sum(c.copies for c in missing), "relies_on_unmodelled": flagged})
        deck_lines = [(c, line) for c in missing for line in c.unmodelled]
        lines += [{"deck": deck.name, "code": c.code, "name": c.name, "copies": c.copies, "line": line}
                  for c, line in deck_lines]
        if deck_lines:
            shown = "; ".join(f"{c.name} ({c.code}) x{c.copies}: \u201c{line}\u201d"
                              for c, line in deck_lines[:LISTED_PER_DECK])
            more = len(deck_lines) - LISTED_PER_DECK
            flag = "RELIES ON UNMODELLED CARDS. " if flagged else ""
            items.append(f"{deck.name}: {flag}{shown}{f'; and {more} more (coverage.csv)' if more > 0 else ''}")
    summary = pl.DataFrame(rows)
    table = pl.DataFrame({
        "deck": summary["deck"],
        "ability lines (copies)": [cell(x) for x in summary["lines"]],
        "modelled": [f"{100 * x:.0f}%" for x in summary["modelled_share"]],
        "copies with a line not modelled": [cell(x) for x in summary["cards_with_unmodelled_lines"]],
        "flag": ["relies on unmodelled cards" if x else "" for x in summary["relies_on_unmodelled"]],
    })
    listed = pl.DataFrame(lines, schema={"deck": pl.String, "code": pl.String, "name": pl.String,
                                         "copies": pl.Int64, "line": pl.String})
    return Section(
        "coverage", title,
        "How much of each deck's card text these games played. The engine plays an ability line only when its "
        "importer turned it into effects with every restriction the text names; a line it does not model is "
        "played as blank: the card keeps its printed body (cost, type, element, power; a Backup still pays CP) "
        "and nothing else. A deck that leans on such lines is weaker here than at a table, so its win rates "
        f"and card figures understate it. Decks with under {100 * RELIES_BELOW:.0f}% of their ability lines "
        "(copies weighted) modelled are flagged; below the table, each deck's lines not modelled.",
        table=table, items=items,
        csv=[Table("coverage", summary, "the table above"),
             Table("coverage_lines", listed, "every ability line not modelled, per deck and card")])
