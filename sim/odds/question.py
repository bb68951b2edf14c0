"""Turn a deck file and --want options into an OddsQuestion (shared by the CLI, reports and bench)."""

from __future__ import annotations

import sys
from pathlib import Path

from sim.cards.model import Card
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.odds.counting import OddsQuestion
from sim.odds.profiles import MULL_ALL_TO_BOTTOM, MULL_NONE, MULL_PARTIAL_TO_BOTTOM, PROFILES, generic_profile
from sim.odds.wants import card_classes, parse_want, unmatched_values


def question_for(deck_path: Path, wants: list[str], *, turns: int = 0, seat_first: bool = True,
                 keep_if: bool = False, max_mulligans: int | None = None, pool: Path | None = None,
                 game: str | None = None, deck_size: int | None = None, hand: int | None = None,
                 draws: int | None = None, first_turn_draws: int | None = None,
                 mulligan_rule: str | None = None) -> OddsQuestion:
    deck = load_deck(deck_path, pool)
    parsed = [parse_want(w) for w in wants]
    if not parsed:
        raise InputError("--want", "give at least one --want")
    if len(parsed) > 8:
        raise InputError("--want", "at most 8 wants at once")
    cards = deck.main_cards()
    for test in unmatched_values(parsed, cards):
        print(f"warning: --want: no card of {deck_path} has {test}; check the spelling", file=sys.stderr)
    generic = game == "generic" or deck.game == "generic"
    if game not in (None, "generic", deck.game):
        raise InputError("--game", f"{deck_path} is a {deck.game} deck; --game takes generic or {deck.game}")
    if generic:
        if hand is None:
            raise InputError("--hand", "the generic profile needs --hand (and --draws)")
        size = deck_size or len(cards)
        if size < len(cards):
            raise InputError("--deck-size", f"{deck_path} lists {len(cards)} cards, more than --deck-size {size}")
        cards = cards + [Card(code="", name="", type="card")] * (size - len(cards))
        if max_mulligans is not None and max_mulligans >= hand:
            raise InputError("--max-mulligans", f"a {hand}-card hand allows at most {hand - 1} mulligans")
        profile = generic_profile(size, hand, draws or 0, 0 if first_turn_draws is None else first_turn_draws,
                                  mulligan_rule or "london", min(3, hand - 1) if max_mulligans is None else max_mulligans)
    else:
        for option, value in (("--deck-size", deck_size), ("--hand", hand), ("--draws", draws),
                              ("--first-turn-draws", first_turn_draws), ("--mulligan-rule", mulligan_rule)):
            if value is not None:
                raise InputError(option, f"{option} is for --game generic; {deck.game} has its own numbers")
        profile = PROFILES[deck.game]
    if len(cards) < profile.hand:
        raise InputError(deck_path, f"the deck has {len(cards)} cards, fewer than a {profile.hand}-card hand")
    if max_mulligans is not None and profile.mulligan in (MULL_ALL_TO_BOTTOM, MULL_PARTIAL_TO_BOTTOM, MULL_NONE):
        raise InputError("--max-mulligans", f"{profile.game} allows one mulligan at most; "
                                            "--max-mulligans is for coj and the generic profile")
    q = OddsQuestion(
        classes=tuple(card_classes(cards, parsed)), need=tuple(w.count for w in parsed), profile=profile,
        seat_first=seat_first, turns=turns, keep_if=keep_if,
        max_mulligans=profile.max_mulligans if max_mulligans is None else max_mulligans,
    )
    q.check()
    return q
