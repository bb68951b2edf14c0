"""Compile a deck into the int32 arrays the numba engines read (struct of arrays, one row per copy)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.cards.effects import E_NCOLS, E_TRIGGER, MAX_EFFECTS, text_hash
from sim.cards.model import CARD_TYPES, ELEMENTS, Card, Deck

# card table columns
K_TYPE = 0  # index into CARD_TYPES[game]
K_COST = 1
K_ELEM = 2  # bitmask over ELEMENTS[game]
K_POWER = 3  # FFTCG power, GBF/PSO2 ATK
K_HP = 4
K_BP1 = 5
K_BP2 = 6
K_BP3 = 7
K_KW = 8  # bitmask over the game's KEYWORDS list (passed to compile_cards)
K_NAME = 9  # name id: equal ids = same name (uniqueness, CoJ override)
K_GENERIC = 10
K_EX = 11
K_LB_COST = 12
K_RANK = 13
K_NEFF = 14  # number of effects used
K_NAMEH = 15  # text_hash of the name (conditions "if you control Card Name X")
K_JOBH = 16  # text_hash of the job, and of its second half for "A/B" jobs
K_JOB2H = 17
K_CATH = 18  # text_hash of the category (the last of "A · B")
K_TRIGS = 19  # bit t: one of the card's effects has trigger t (TRIGGERS), so engines skip the rest
K_NCOLS = 20


@dataclass
class CompiledDeck:
    game: str
    name: str
    cards: np.ndarray  # int32 [n, K_NCOLS]
    effects: np.ndarray  # int32 [n, MAX_EFFECTS, E_NCOLS]
    codes: tuple[str, ...]
    names: tuple[str, ...]

    def __len__(self) -> int:
        return self.cards.shape[0]


def compile_cards(game: str, name: str, cards: list[Card], keywords: tuple[str, ...],
                  name_ids: dict[str, int]) -> CompiledDeck:
    """`name_ids` is shared by both decks of a matchup so that equal names get equal ids."""
    n = len(cards)
    table = np.zeros((n, K_NCOLS), np.int32)
    effects = np.zeros((n, MAX_EFFECTS, E_NCOLS), np.int32)
    types, elements = CARD_TYPES[game], ELEMENTS[game]
    for i, c in enumerate(cards):
        table[i, K_TYPE] = types.index(c.type)
        table[i, K_COST] = c.cost
        table[i, K_ELEM] = sum(1 << elements.index(e) for e in c.elements if e in elements)
        table[i, K_POWER] = c.power
        table[i, K_HP] = c.hp
        table[i, K_BP1:K_BP3 + 1] = c.bp
        table[i, K_KW] = sum(1 << keywords.index(k) for k in c.keywords if k in keywords)
        table[i, K_NAME] = name_ids.setdefault(c.full_name, len(name_ids))
        table[i, K_GENERIC] = int(c.generic)
        table[i, K_EX] = int(c.ex_burst)
        table[i, K_LB_COST] = c.lb_cost
        table[i, K_RANK] = c.rank
        table[i, K_NEFF] = min(len(c.effects), MAX_EFFECTS)
        jobs = [j for j in (c.job or "").split("/") if j.strip()]
        table[i, K_NAMEH] = text_hash(c.name) if c.name else 0
        table[i, K_JOBH] = text_hash(jobs[0]) if jobs else 0
        table[i, K_JOB2H] = text_hash(jobs[1]) if len(jobs) > 1 else 0
        # FFTCG "DFF · XIII" is of two categories; the texts of the real decks only name the numbered one
        table[i, K_CATH] = text_hash(c.category.split(" · ")[-1]) if c.category else 0
        for j, e in enumerate(c.effects[:MAX_EFFECTS]):
            effects[i, j] = e.row()
            # int32: bits 0-30 one trigger each, bit 31 (the sign bit) every trigger from 31 on
            bit = min(int(effects[i, j, E_TRIGGER]), 31)
            table[i, K_TRIGS] |= np.int32(-(1 << 31)) if bit == 31 else (1 << bit)
    return CompiledDeck(game, name, table, effects, tuple(c.code for c in cards), tuple(c.name for c in cards))


def compile_deck(deck: Deck, keywords: tuple[str, ...], name_ids: dict[str, int], zone: str = "main") -> CompiledDeck:
    cards = [card for card, copies in deck.zone(zone) for _ in range(copies)]
    return compile_cards(deck.game, deck.name, cards, keywords, name_ids)
