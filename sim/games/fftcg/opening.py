"""Which cards of an FFTCG deck its own abilities ask for: what a player looks for in an opening hand (8.2.1.4).

A card is asked for when another card of the deck (another name) has a condition or a trigger kind that it meets:
"if you control a Job AVALANCHE Operative" (Cloud 15-139S), "When 2 or more Job AVALANCHE Operative Forwards form a
party and attack" (Jessie 15-132S), "if a Job AVALANCHE Operative you controlled has been put from the field into the
Break Zone this turn" (Barret 15-133S), "When Zack or a Fire Forward enters your field". Conditions that name no
name, job, category or element ("if you control 3 or more Forwards") ask for no card in particular. The mulligan
(`policy.wants_mulligan`) counts these cards; the flag is computed once per compiled deck, like its worth.
"""

from __future__ import annotations

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
    TRIGGER_ELEM_SHIFT,
)
from sim.engine.compiled import K_CATH, K_ELEM, K_JOB2H, K_JOBH, K_NAME, K_NAMEH, K_NEFF, K_TYPE
from sim.games.fftcg.core import FORWARD


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


def asked_for(cards: np.ndarray, effects: np.ndarray) -> np.ndarray:
    """Per row of a compiled deck (cards, effects): 1 when another card of the deck (another name) has a condition
    or trigger kind naming a name, job, category or element that the row's card has (with a type it counts)."""
    wanted = np.zeros(len(cards), bool)
    hashes = cards[:, [K_NAMEH, K_JOBH, K_JOB2H, K_CATH]]
    for j in range(len(cards)):
        for k in range(int(cards[j, K_NEFF])):
            asks = _asks(int(effects[j, k, E_COND]))
            h = int(effects[j, k, E_COND_PARAM])
            if asks is None or (h == 0 and asks[1] == 0):
                continue
            tmask, elems = asks
            meets = cards[:, K_NAME] != cards[j, K_NAME]
            if tmask:
                meets &= ((1 << cards[:, K_TYPE].astype(np.int64)) & tmask) != 0
            if h:
                meets &= (hashes == h).any(axis=1)
            if elems:
                meets &= (cards[:, K_ELEM] & elems) != 0
            wanted |= meets
    return wanted.astype(np.int32)
