"""Which cards of an FFTCG deck its own abilities ask for: what a player looks for in an opening hand (8.2.1.4).

A card is asked for when another card of the deck (another name) has a condition or a trigger kind that it meets:
"if you control a Job AVALANCHE Operative" (Cloud 15-139S), "When 2 or more Job AVALANCHE Operative Forwards form a
party and attack" (Jessie 15-132S), "if a Job AVALANCHE Operative you controlled has been put from the field into the
Break Zone this turn" (Barret 15-133S), "When Zack or a Fire Forward enters your field". Conditions that name no
name, job, category or element ("if you control 3 or more Forwards") ask for no card in particular. The cards
conditions and triggers ask for are ASKED_COND.

ASKED_REF marks the cards other printed references name: what an ability targets, counts or boosts on its
controller's side ("The Job Remnant Forwards other than Loz you control gain +2000 power",
"for each Job Class Zero Cadet Forward you control"), and, in the lines the importer leaves unmodelled, the kinds
an action cost puts into the Break Zone or dulls ("put 1 Category VII Forward into the Break Zone:", Cloud 11-136S)
and those an "if you control" names (Prompto 18-134S). The mulligan (`policy.redraw_better`) counts the first
set (PR_MULL's tens) or both (its thousands), and `core.card_value` adds PR_HOLD to a card with either (what CP
payments and discards keep); the flags are computed once per compiled deck, like its worth.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from sim.cards.effects import (
    CNT_BROKEN,
    CNT_BROKEN_FORWARD,
    COND_COUNT,
    COND_NOT,
    COND_OWN,
    COND_TRIGGER,
    E_COND,
    E_COND_PARAM,
    E_FE_PARAM,
    E_FOREACH,
    E_OP,
    E_TARGET,
    E_THASH,
    E_TMASK,
    FE_OWN,
    OPS,
    TARGETS,
    TMASK_ELEM_SHIFT,
    TRIGGER_ELEM_SHIFT,
    text_hash,
)
from sim.engine.compiled import K_CATH, K_ELEM, K_JOB2H, K_JOBH, K_NAME, K_NAMEH, K_NEFF, K_TYPE
from sim.games.fftcg.core import FORWARD

ASKED_COND, ASKED_REF = 1, 2  # K_ASKED bits
_TAKES = {OPS.index("search"), OPS.index("dig"), OPS.index("play")}  # E_THASH: what the card takes
_OWN_SIDE = {TARGETS.index("own_character"), TARGETS.index("all_own_characters")}
# a kind named in printed text: "Job X", "Card Name X", "Category X", up to the word that ends it
_KIND = re.compile(r"\b(?:Job|Card Name|Category) (.+?)(?=\s+(?:Forwards?|Characters?|Backups?|Monsters?|of cost|other "
                   r"than|and|or|you control|into)\b|[,.:]|$)")
_IF_CONTROL = re.compile(r"\bif you control ([^,.]+)", re.I)
_ACTION_COST = re.compile(r"^([^:\"]*(?:《|\bdull\b|\bput\b)[^:\"]*):", re.I)


def _asks(v: int) -> tuple[int, int] | None:
    """(type mask, elements) of the cards a condition E_COND = v counts for its controller, or None when it does not
    count the controller's cards by kind (a negated or opposing condition, damage, turn, hand counts)."""
    kind = v & 7
    if v & COND_NOT:
        return None
    if kind == COND_OWN:
        return (v >> 4) & 15, 0
    if kind == COND_TRIGGER:
        return (v >> 4) & 15, (v >> TRIGGER_ELEM_SHIFT) & 255
    if kind == COND_COUNT and (v >> 4) & 15 in (CNT_BROKEN, CNT_BROKEN_FORWARD):
        return (1 << FORWARD if (v >> 4) & 15 == CNT_BROKEN_FORWARD else 0), 0
    return None


def _references(row: np.ndarray) -> list[tuple[int, int, int]]:
    """(type mask, elements, hash) of each kind an effect row names besides its condition (ASKED_REF): the characters
    of its controller it targets, boosts or counts; only kinds with a name, job or category. What a search, reveal or
    play takes is left out: a player holding the searcher does not need the target in hand (counting it too measured
    worse, docs/policies_fftcg.md)."""
    out = []
    op, target, tm = int(row[E_OP]), int(row[E_TARGET]), int(row[E_TMASK])
    if target in _OWN_SIDE and op not in _TAKES and row[E_THASH]:
        out.append((tm & 255, (tm >> TMASK_ELEM_SHIFT) & 255, int(row[E_THASH])))
    fe = int(row[E_FOREACH])
    if fe & 7 == FE_OWN and row[E_FE_PARAM]:
        out.append(((fe >> 4) & 15, 0, int(row[E_FE_PARAM])))
    return out


def printed_kinds(lines: Sequence[str]) -> set[int]:
    """Hashes of the kinds that unmodelled lines name in an action cost or after "if you control"."""
    found = set()
    for line in lines:
        parts = [m.group(1) for m in _IF_CONTROL.finditer(line)]
        cost = _ACTION_COST.match(line)
        if cost:
            parts.append(cost.group(1))
        for part in parts:
            found |= {text_hash(m.group(1)) for m in _KIND.finditer(part)}
    return found


def asked_for(cards: np.ndarray, effects: np.ndarray, unmodelled: Sequence[Sequence[str]] = ()) -> np.ndarray:
    """Per row of a compiled deck (cards, effects, and each row's unmodelled lines): ASKED_COND when another card of
    the deck (another name) has a condition or trigger kind naming a name, job, category or element that the row's
    card has (with a type it counts), ASKED_REF when another card's other references name it (the module's doc)."""
    asked = np.zeros(len(cards), np.int32)
    hashes = cards[:, [K_NAMEH, K_JOBH, K_JOB2H, K_CATH]]

    def mark(j: int, tmask: int, elems: int, h: int, bit: int) -> None:
        meets = cards[:, K_NAME] != cards[j, K_NAME]
        if tmask:
            meets &= ((1 << cards[:, K_TYPE].astype(np.int64)) & tmask) != 0
        if h:
            meets &= (hashes == h).any(axis=1)
        if elems:
            meets &= (cards[:, K_ELEM] & elems) != 0
        asked[meets] |= bit

    for j in range(len(cards)):
        for k in range(int(cards[j, K_NEFF])):
            asks = _asks(int(effects[j, k, E_COND]))
            h = int(effects[j, k, E_COND_PARAM])
            if asks is not None and (h or asks[1]):
                mark(j, asks[0], asks[1], h, ASKED_COND)
            for tmask, elems, ref in _references(effects[j, k]):
                mark(j, tmask, elems, ref, ASKED_REF)
        for ref in printed_kinds(unmodelled[j] if j < len(unmodelled) else ()):
            mark(j, 0, 0, ref, ASKED_REF)
    return asked
