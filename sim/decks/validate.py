"""Deck construction rules of each game, each check citing its rule in the game's digest."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from sim.cards.model import Card, Deck


@dataclass(frozen=True)
class Violation:
    card: str  # code (or name) of the offending card; "" for the deck as a whole
    rule: str
    message: str


def _count(entries: list[tuple[Card, int]], key: Callable[[Card], str]) -> Counter:
    counts: Counter = Counter()
    for card, copies in entries:
        counts[key(card)] += copies
    return counts


def _total(entries: list[tuple[Card, int]]) -> int:
    return sum(copies for _, copies in entries)


_RARITY = re.compile(r"^(.*?\d)[A-Za-z]*$")


def fftcg_card_number(code: str) -> str:
    """Copy-limit key (rule 5.2.5.1): the card number without rarity; a reprint's original number."""
    original = code.split("/")[-1]
    m = _RARITY.match(original)
    return m.group(1) if m else original


def _fftcg(deck: Deck) -> list[Violation]:
    out: list[Violation] = []
    limited = deck.rules.get("format") == "limited"
    size = deck.size
    if limited and size < 40:
        out.append(Violation("", "FFTCG 8.1.1.1", f"a Limited main deck needs 40 or more cards, has {size}"))
    if not limited and size != 50:
        out.append(Violation("", "FFTCG 8.1.1.1", f"a Constructed main deck has exactly 50 cards, has {size}"))
    if not limited:
        for number, n in sorted(_count(deck.main, lambda c: fftcg_card_number(c.code)).items()):
            if n > 3:
                out.append(Violation(number, "FFTCG 8.1.1.2", f"{n} copies of card number {number}; at most 3"))
    for card, _ in deck.main:
        if card.lb_cost >= 0:
            out.append(Violation(card.code, "FFTCG 8.1.3", f"{card.name} has Limit Break: it belongs in the LB deck, not the main deck"))
    lb = deck.zone("lb")
    if _total(lb) > 8:
        out.append(Violation("", "FFTCG 8.1.1.1", f"the LB deck holds at most 8 cards, has {_total(lb)}"))
    if not limited:
        for card, _ in lb:
            if card.lb_cost < 0:
                out.append(Violation(card.code, "FFTCG 8.1.3", f"{card.name} has no Limit Break; a Constructed LB deck holds only LB cards"))
        for number, n in sorted(_count(lb, lambda c: fftcg_card_number(c.code)).items()):
            if n > 3:
                out.append(Violation(number, "FFTCG 8.1.1.2", f"{n} copies of {number} in the LB deck; at most 3"))
    return out


def _name_gender(name: str) -> str:
    """GBF r. 2-1-1-3-1: a leader's gender is the ( ) part of its name ("Aster (Female)": female); "" without one."""
    found = re.findall(r"\(([^)]*)\)", name)
    return found[-1].strip().lower() if found else ""


def _gbf(deck: Deck) -> list[Violation]:
    out: list[Violation] = []
    leader = deck.zone("leader")
    n_leader = _total(leader)
    if n_leader > 5:
        out.append(Violation("", "GBF 5-1-2", f"the leader deck holds at most 5 cards, has {n_leader}"))
    for card, _ in leader:
        if card.type != "leader":
            out.append(Violation(card.code, "GBF 5-1-2 (ambiguity b)", f"{card.name} is a {card.type}; the leader deck holds leader cards"))
    if not any(c.type == "leader" and c.rank == 0 for c, _ in leader):
        out.append(Violation("", "GBF 5-1-2-3", "the leader deck needs at least one rank-0 leader"))
    for card, _ in leader:
        named = _name_gender(card.name)
        if card.type == "leader" and named and card.gender and card.gender != named:
            out.append(Violation(card.code, "GBF 2-1-1-3-1", f"{card.name}: the gender field says {card.gender!r}, the "
                                                             f"( ) of the leader's name {named!r}"))
    genders = sorted({_name_gender(c.name) or c.gender for c, _ in leader if c.type == "leader"})
    if len(genders) > 1:
        out.append(Violation("", "GBF 5-1-2-2", f"leader cards must share one gender, found {', '.join(g or '(none)' for g in genders)}"))
    for code, n in sorted(_count(leader, lambda c: c.code).items()):
        if n > 4:
            out.append(Violation(code, "GBF 5-1-2-1", f"{n} copies of {code} in the leader deck; at most 4"))
    if deck.size != 50:
        out.append(Violation("", "GBF 5-1-3", f"the main deck has exactly 50 cards, has {deck.size}"))
    unlimited = {c.code for c, _ in deck.main if "any_copies" in c.keywords}
    for code, n in sorted(_count(deck.main, lambda c: c.code).items()):
        if n > 4 and code not in unlimited:  # r. 5-1-3-3: the card's own construction effect replaces 5-1-3-1
            out.append(Violation(code, "GBF 5-1-3-1", f"{n} copies of card No. {code}; at most 4"))
    stones = sum(copies for c, copies in deck.main if c.type == "summon_stone")
    if stones > 8:
        out.append(Violation("", "GBF 5-1-3-2", f"at most 8 summon stones in the main deck, has {stones}"))
    for card, _ in deck.main:
        if card.type == "leader":
            out.append(Violation(card.code, "GBF 5-1-3 (ambiguity b)", f"{card.name} is a leader card; the main deck holds members and summon stones"))
    return out


def _pso2(deck: Deck, black_needs_black_player: bool = True) -> list[Violation]:
    out: list[Violation] = []
    players = [c for c, copies in deck.zone("player") for _ in range(copies)]
    mags = _total(deck.zone("mag"))
    if len(players) != 1 or any(c.type != "player" for c in players):
        out.append(Violation("", "PSO2 100.1", f"a deck needs exactly 1 Player card in [player], has {len(players)}"))
    if mags > 1 or any(c.type != "mag" for c, _ in deck.zone("mag")):
        out.append(Violation("", "PSO2 100.1", f"at most 1 Mag card in [mag], has {mags}"))
    player = players[0] if len(players) == 1 and players[0].type == "player" else None
    black = player is not None and "black" in player.elements
    if black and mags:
        out.append(Violation("", "PSO2 100.1.1", "a black Player card uses no Mag card"))
    if player is not None:
        if player.deck_size <= 0:
            out.append(Violation(player.code, "PSO2 100.2", "the Player card must give the deck size (`deck_size`)"))
        elif deck.size != player.deck_size:
            out.append(Violation("", "PSO2 100.2", f"the Player card {player.name} sets a {player.deck_size}-card deck, has {deck.size}"))
    for card, _ in deck.main:
        if card.type in ("player", "mag"):
            out.append(Violation(card.code, "PSO2 100.1", f"{card.name} is a {card.type} card; it does not go in the deck"))
    limit_of = {c.full_name: (9 if "proliferate" in c.keywords else 3) for c, _ in deck.main}
    for full_name, n in sorted(_count(deck.main, lambda c: c.full_name).items()):
        limit = limit_of[full_name]
        if n > limit:
            rule = "PSO2 302.11" if limit == 9 else "PSO2 100.3"
            out.append(Violation(full_name, rule, f"{n} copies of {full_name}; at most {limit}"))
    if player is not None:
        for card, _ in deck.main:
            if card.type in ("active", "item") and card.cls and card.cls != "all" and card.cls != player.cls:
                rule = "PSO2 100.4" if card.type == "active" else "PSO2 100.5"
                out.append(Violation(card.code, rule, f"{card.name} is a {card.cls} {card.type}; the Player card is {player.cls or 'classless'}"))
    drops = sum(copies for c, copies in deck.main if "drop" in c.keywords)
    if drops > 9:
        out.append(Violation("", "PSO2 100.6", f"at most 9 Drop cards, has {drops}"))
    for card, _ in deck.main:
        is_black = "black" in card.elements
        if black and not is_black and "erosion" not in card.keywords:
            out.append(Violation(card.code, "PSO2 100.7", f"{card.name}: a black Player card allows only black cards and Erosion cards"))
        if not black and is_black and black_needs_black_player and player is not None:
            out.append(Violation(card.code, "PSO2 100.7 (option black_needs_black_player)", f"{card.name} is black; black cards need a black Player card"))
    return out


def _coj(deck: Deck) -> list[Violation]:
    out: list[Violation] = []
    if deck.size != 40:
        out.append(Violation("", "CoJ 2", f"a deck is exactly 40 cards, has {deck.size}"))
    for name, n in sorted(_count(deck.main, lambda c: c.name).items()):
        if n > 3:
            out.append(Violation(name, "CoJ 2", f"{n} copies of {name}; at most 3 of the same name"))
    for card, _ in deck.main:
        if card.type == "joker":
            out.append(Violation(card.code, "CoJ 2", f"{card.name} is a joker; jokers go in [joker], not the deck"))
    jokers = [c for c, copies in deck.zone("joker") for _ in range(copies)]
    if len(jokers) != 2:
        out.append(Violation("", "CoJ 2 (jokers, Ver.2.0)", f"a deck sets exactly 2 jokers, has {len(jokers)}"))
    elif jokers[0].name == jokers[1].name:
        out.append(Violation(jokers[0].code, "CoJ 2 (jokers, Ver.2.0)", "the 2 jokers must be different characters"))
    for card in jokers:
        if card.type != "joker":
            out.append(Violation(card.code, "CoJ 2 (jokers, Ver.2.0)", f"{card.name} is a {card.type}, not a joker"))
    return out


RULES: dict[str, Callable[[Deck], list[Violation]]] = {"fftcg": _fftcg, "gbf": _gbf, "pso2": _pso2, "coj": _coj}


def validate_deck(deck: Deck) -> list[Violation]:
    out = RULES[deck.game](deck) if deck.game in RULES else []  # the generic profile has no rules
    declared = deck.rules.get("declared_total")
    if isinstance(declared, int) and declared != deck.size:
        out.append(Violation("", "deck file", f"`total = {declared}` but the main deck lists {deck.size} cards"))
    return out
