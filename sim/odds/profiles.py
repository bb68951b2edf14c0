"""Each game's opening and draw numbers: the facts the odds tools and the engines share."""

from __future__ import annotations

from dataclasses import dataclass

# Mulligan procedures.
MULL_NONE = 0  # PSO2: no mulligan rule exists (pso2 digest section 5)
MULL_ALL_TO_BOTTOM = 1  # FFTCG rule 8.2.2: whole hand to the bottom, once, draw 5
MULL_PARTIAL_TO_BOTTOM = 2  # GBF r. 5-2-1-5-1: any cards to the bottom, draw as many, once
MULL_REDRAW = 3  # CoJ section 6: whole hand back, reshuffle, draw 4; repeatable
# Generic rules (any other game, e.g. Magic's, to reproduce published tables); both repeatable:
MULL_LONDON = 4  # reshuffle, draw a full hand, put one card per mulligan taken on the bottom
MULL_VANCOUVER = 5  # reshuffle, draw one card fewer per mulligan; a short kept hand scries 1
GENERIC_MULLIGANS = {"london": MULL_LONDON, "vancouver": MULL_VANCOUVER}


@dataclass(frozen=True)
class Profile:
    game: str
    deck_size: int  # main deck size (PSO2: default; the player card sets it)
    hand: int
    draws: int  # cards drawn at the start of each own turn
    first_turn_draws_first: int  # the first player's draws on their first turn
    mulligan: int
    max_mulligans: int  # how many mulligans the procedure allows (CoJ: a documented bound)
    rule: str  # where the numbers come from

    def draws_by_turn(self, seat_first: bool, turn: int) -> int:
        """Cards drawn at turn starts through own turn `turn` (turn 0 = the opening hand)."""
        if turn <= 0:
            return 0
        first = self.first_turn_draws_first if seat_first else self.draws
        return first + self.draws * (turn - 1)


PROFILES: dict[str, Profile] = {
    "fftcg": Profile("fftcg", 50, 5, 2, 1, MULL_ALL_TO_BOTTOM, 1, "FFTCG 8.1.1.1, 8.2.2, 9.2"),
    "gbf": Profile("gbf", 50, 5, 2, 0, MULL_PARTIAL_TO_BOTTOM, 1, "GBF r. 5-1-3, 5-2-1-5, 6-2-5"),
    "pso2": Profile("pso2", 50, 5, 1, 0, MULL_NONE, 0, "PSO2 100.2, 102.4, 502.1.1"),
    # CoJ allows unlimited redraws within 5 seconds (section 6); 3 is our documented bound.
    "coj": Profile("coj", 40, 4, 2, 0, MULL_REDRAW, 3, "CoJ sections 2, 6, 7"),
}


def generic_profile(deck_size: int, hand: int, draws: int, first_turn_draws: int | None = None,
                    mulligan: str = "london", max_mulligans: int = 3) -> Profile:
    """Any game: `first_turn_draws` is what the first player draws on their first turn (default:
    the same as every turn); `mulligan` is london or vancouver, at most `max_mulligans` times."""
    return Profile(
        "generic", deck_size, hand, draws, draws if first_turn_draws is None else first_turn_draws,
        GENERIC_MULLIGANS[mulligan], max_mulligans, f"generic profile, {mulligan} mulligan",
    )
