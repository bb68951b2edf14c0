"""Size caps checked before any work, so that a few bytes of input cannot ask for unbounded memory,
time or disk (a deck of 2**63-1 copies, a 10**9-game part, a TOML key nested 20,000 levels).

Every cap is documented in the README ("Guarantees"); each is far above what the games need.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from sim.errors import InputError

MAX_DECK_CARDS = 1_000  # copies per deck (all zones); the largest real deck is 50 (+ 8 LB)
MAX_CARD_NUMBER = 1_000_000  # |cost|, power, HP, BP...: engine tables are int32; real values are < 100,000
MAX_TEXT_BYTES = 1 << 20  # deck and job files (TOML); the largest shipped one is a few KB
MAX_POOL_BYTES = 256 << 20  # card pools (CSV/JSON); the largest real pool is a few MB
MAX_MATCHUPS = 10_000  # per job; a round robin of 10 decks x 4 policies is 1,440
MAX_NESTING = 16  # TOML/JSON depth and dots in a TOML key; our files use 3
DISK_NOTICE_BYTES = 1 << 30  # print the estimate before runs that write more than this
MEMORY_BUDGET = 2 << 30  # one chunk's arrays and frames (both threads' work lives in one chunk)

# Bytes per game, from docs/scale.md (measured, rounded up): Parquet on disk and peak memory per
# game in a chunk (engine arrays plus the polars frames built from them).
DISK_PER_GAME = {"games": 8, "turns": 40}
DISK_PER_CARD_COPY = 1
MEMORY_PER_GAME = 400
MEMORY_PER_TURN_ROW = 130
MEMORY_PER_CARD_COPY = 130


def check_file_size(path: Path, limit: int = MAX_TEXT_BYTES) -> None:
    size = path.stat().st_size
    if size > limit:
        raise InputError(path, f"{size:,} bytes, more than the {limit:,} allowed for this kind of file")


def check_toml_nesting(text: str, path: Path) -> None:
    """Refuse TOML nested deeper than MAX_NESTING before parsing it: tomllib recurses on nested arrays
    and inline tables (RecursionError) and is quadratic in the dots of one key (a 40 KB key took 13 s).

    Counts brackets and dots outside strings and comments; a dot between digits is a number."""
    depth = dots = 0
    quote = ""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "\n":
            dots = 0
        elif ch == "." and not (0 < i < n - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()):
            dots += 1
        if depth > MAX_NESTING or dots > MAX_NESTING:
            raise InputError(path, f"nested more than {MAX_NESTING} levels deep (brackets or dotted keys)")
        i += 1


def check_copies(total: int, where: str) -> None:
    if total > MAX_DECK_CARDS:
        raise InputError(where, f"{total:,} cards, more than the {MAX_DECK_CARDS:,} a deck may hold")


def memory_per_game(detail: str, max_turns: int, deck_cards: int) -> int:
    """Peak bytes one game of a chunk needs at this detail level (deck_cards: both decks' copies)."""
    per = MEMORY_PER_GAME
    if detail in ("turns", "cards"):
        per += max_turns * MEMORY_PER_TURN_ROW
    if detail == "cards":
        per += deck_cards * MEMORY_PER_CARD_COPY
    return per


def check_chunk(chunk: int, games: int, detail: str, max_turns: int, deck_cards: int, where: str) -> None:
    """A chunk is played in memory at once: refuse one that would not fit in MEMORY_BUDGET."""
    per = memory_per_game(detail, max_turns, deck_cards)
    largest = max(1, MEMORY_BUDGET // per)
    if min(chunk, games) > largest:
        raise InputError(where, f"{chunk:,} games per part at detail {detail} need about "
                                f"{min(chunk, games) * per / 1e9:,.1f} GB of memory; at most {largest:,} fit in "
                                f"the {MEMORY_BUDGET / 1e9:.1f} GB budget")


def disk_estimate(games: int, detail: str, deck_cards: int) -> int:
    per = DISK_PER_GAME["games"] + (DISK_PER_GAME["turns"] if detail in ("turns", "cards") else 0)
    per += deck_cards * DISK_PER_CARD_COPY if detail == "cards" else 0
    return games * per


def check_disk(out: Path, estimate: int) -> None:
    """Print the estimate of a large run, and refuse one that the disk under `out` cannot hold."""
    if estimate <= DISK_NOTICE_BYTES:
        return
    free = shutil.disk_usage(out).free
    if estimate > free:  # one line: the refusal says the estimate too
        raise InputError(out, f"needs about {estimate / 1e9:,.1f} GB but the disk has {free / 1e9:,.1f} GB free")
    print(f"this run writes about {estimate / 1e9:,.1f} GB to {out} ({free / 1e9:,.1f} GB free)", file=sys.stderr)


def file_text(path: Path, limit: int = MAX_TEXT_BYTES) -> bytes:
    """A small input file's bytes, refusing files over `limit` before reading them."""
    check_file_size(path, limit)
    with path.open("rb") as fh:
        return fh.read(limit + 1)

