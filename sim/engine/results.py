"""The results contract between the engines and analysis (the datasets on disk: docs/scale.md).

Every engine fills the same three arrays; `to_frames` turns them into the three polars tables
that are written as Parquet: games, turns (optional detail) and cards (optional detail).

Turn numbers in the detail tables are the seat's own turn (1 = that player's first turn);
turn 0 is the opening hand (after mulligans). `turns` in the games table counts game turns.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

# games array columns (int64)
G_FIRST = 0  # seat that went first: 0 = deck A, 1 = deck B
G_WINNER = 1  # WIN_A, WIN_B, DRAW, DOUBLE_LOSS
G_REASON = 2  # index into END_REASONS
G_TURNS = 3  # game turns played
G_FINAL_A = 4  # the game's life measure at the end, for A (FFTCG damage taken, CoJ LP, ...)
G_FINAL_B = 5
G_MULL_A = 6
G_MULL_B = 7
G_NCOLS = 8

WIN_A, WIN_B, DRAW, DOUBLE_LOSS = 0, 1, 2, 3
WINNERS = ("a", "b", "draw", "double_loss")

# Why a game ended. Engines use these codes; each game documents which it produces.
END_LIFE = 0  # damage / LP / leader knocked out
END_DECK_OUT = 1  # drew from an empty deck, or the deck (= HP) reached 0
END_EMPTY_DECK_DAMAGE = 2  # FFTCG 3.1.3: damage with no cards left
END_TURN_CAP = 3  # the engine's safety cap: a recorded outcome, never a hang
END_ROUND_LIMIT = 4  # CoJ: after round 10, more LP wins
END_SIMULTANEOUS = 5  # both players lost at once and nobody wins (FFTCG and GBF: a draw; CoJ: a double loss)
END_SIMULTANEOUS_TP_LOSES = 6  # both players lost at once and the turn player loses (PSO2 101.7)
END_CONCESSION = 7  # a player conceded and lost (PSO2 101.6, GBF 1-2-4; the scripted policies never concede)
END_CARD_EFFECT = 8  # a card's effect made a player lose (GBF 1-2-5)
END_REASONS = ("life", "deck_out", "empty_deck_damage", "turn_cap", "round_limit", "simultaneous",
               "simultaneous_turn_player_loses", "concession", "card_effect")

# turns array columns (int32), one row per game turn
T_SEAT = 0  # -1 = row unused
T_TURN = 1  # the seat's own turn number
T_AVAILABLE = 2  # resources available this turn (CP, crystals, PP)
T_SPENT = 3  # resources produced to pay costs this turn (FFTCG: leftovers of a discard included)
T_HAND = 4  # cards in hand at the end of the turn
T_PLAYED = 5  # cards played this turn
T_DAMAGE = 6  # damage dealt to the opponent this turn (in the game's life measure)
T_PAID = 7  # the costs paid this turn: T_SPENT without the leftovers (equal to it where payment is exact)
T_NCOLS = 8

# cards array: [game, seat, copy, C_*] (int16); copy = position in the compiled main deck
C_DRAWN = 0  # own turn drawn, 0 = opening hand, -1 = never
C_PLAYED = 1  # own turn played, -1 = never
C_NCOLS = 2

DETAIL_LEVELS = ("games", "turns", "cards")


@dataclass
class Batch:
    """What one engine call returns for `n` games of one matchup."""

    games: np.ndarray  # int64 [n, G_NCOLS]
    turns: np.ndarray | None = None  # int32 [n, max_turns, T_NCOLS]
    cards: np.ndarray | None = None  # int16 [n, 2, deck_len, C_NCOLS]


@dataclass(frozen=True)
class Matchup:
    game: str
    deck_a: str
    deck_b: str
    policy_a: str
    policy_b: str
    final_measure: str  # what final_a / final_b count ("damage", "lp", ...)
    codes_a: tuple[str, ...] = ()  # card code of each compiled copy (cards detail)
    codes_b: tuple[str, ...] = ()
    names_a: tuple[str, ...] = ()
    names_b: tuple[str, ...] = ()


def new_batch(n: int, detail: str, max_turns: int, deck_len: int) -> Batch:
    turns = np.full((n, max_turns, T_NCOLS), -1, np.int32) if detail in ("turns", "cards") else None
    cards = np.full((n, 2, deck_len, C_NCOLS), -1, np.int16) if detail == "cards" else None
    return Batch(np.zeros((n, G_NCOLS), np.int64), turns, cards)


def game_ids(matchup_index: int, start: int, n: int) -> np.ndarray:
    """Dataset-wide game ids: the matchup in the high 32 bits, the game index in the low."""
    return (np.int64(matchup_index) << np.int64(32)) + np.arange(start, start + n, dtype=np.int64)


GAMES_COLUMNS = ("game_id", "seed", "matchup", "index", "game", "deck_a", "deck_b", "policy_a", "policy_b",
                 "first_player", "winner", "end_reason", "turns", "final_measure", "final_a", "final_b",
                 "mulligans_a", "mulligans_b")
TURNS_COLUMNS = ("game_id", "matchup", "game_turn", "seat", "deck", "turn", "resources_available",
                 "resources_spent", "resources_paid", "hand", "cards_played", "damage_dealt")
CARDS_COLUMNS = ("game_id", "matchup", "seat", "deck", "copy", "code", "name", "turn_drawn", "turn_played", "opening")


def _labels(labels: tuple[str, ...], codes: np.ndarray) -> pl.Expr:
    """Strings for integer codes, gathered in polars."""
    return pl.lit(pl.Series(labels, dtype=pl.String).gather(codes.astype(np.int64)))


def to_frames(batch: Batch, m: Matchup, matchup_index: int, seed: int, start: int) -> dict[str, pl.DataFrame]:
    n = batch.games.shape[0]
    ids = game_ids(matchup_index, start, n)
    g = batch.games
    # String columns are built by polars (literals and gathers), never as Python lists per row:
    # turning a batch into frames must stay far faster than playing it.
    games = pl.DataFrame({
        "game_id": ids,
        "seed": np.full(n, seed, np.int64),
        "matchup": np.full(n, matchup_index, np.int32),
        "index": np.arange(start, start + n, dtype=np.int64),
        "turns": g[:, G_TURNS].astype(np.int32),
        "final_a": g[:, G_FINAL_A].astype(np.int32),
        "final_b": g[:, G_FINAL_B].astype(np.int32),
        "mulligans_a": g[:, G_MULL_A].astype(np.int32),
        "mulligans_b": g[:, G_MULL_B].astype(np.int32),
    }).with_columns(
        pl.lit(m.game).alias("game"), pl.lit(m.deck_a).alias("deck_a"), pl.lit(m.deck_b).alias("deck_b"),
        pl.lit(m.policy_a).alias("policy_a"), pl.lit(m.policy_b).alias("policy_b"),
        _labels(("a", "b"), g[:, G_FIRST]).alias("first_player"),
        _labels(WINNERS, g[:, G_WINNER]).alias("winner"),
        _labels(END_REASONS, g[:, G_REASON]).alias("end_reason"),
        pl.lit(m.final_measure).alias("final_measure"),
    ).select(GAMES_COLUMNS)
    out = {"games": games}
    if batch.turns is not None:
        t = batch.turns
        gi, ti = np.nonzero(t[:, :, T_SEAT] >= 0)
        rows = t[gi, ti]
        seats = rows[:, T_SEAT]
        out["turns"] = pl.DataFrame({
            "game_id": ids[gi], "matchup": np.full(gi.size, matchup_index, np.int32),
            "game_turn": (ti + 1).astype(np.int32),
            "turn": rows[:, T_TURN], "resources_available": rows[:, T_AVAILABLE],
            "resources_spent": rows[:, T_SPENT], "resources_paid": rows[:, T_PAID], "hand": rows[:, T_HAND],
            "cards_played": rows[:, T_PLAYED], "damage_dealt": rows[:, T_DAMAGE],
        }).with_columns(
            _labels(("a", "b"), seats).alias("seat"), _labels((m.deck_a, m.deck_b), seats).alias("deck"),
        ).select(TURNS_COLUMNS)
    if batch.cards is not None:
        c = batch.cards
        frames = []
        for s, (deck, codes, names) in enumerate(((m.deck_a, m.codes_a, m.names_a), (m.deck_b, m.codes_b, m.names_b))):
            k = len(codes)
            copy = np.tile(np.arange(k, dtype=np.int16), n)
            drawn = c[:, s, :k, C_DRAWN].reshape(-1)
            frames.append(pl.DataFrame({
                "game_id": np.repeat(ids, k), "matchup": np.full(n * k, matchup_index, np.int32),
                "copy": copy, "turn_drawn": drawn.astype(np.int16),
                "turn_played": c[:, s, :k, C_PLAYED].reshape(-1).astype(np.int16), "opening": drawn == 0,
            }).with_columns(
                pl.lit("a" if s == 0 else "b").alias("seat"), pl.lit(deck).alias("deck"),
                _labels(codes, copy).alias("code"), _labels(names, copy).alias("name"),
            ).select(CARDS_COLUMNS))
        out["cards"] = pl.concat(frames)
    return out
