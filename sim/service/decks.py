"""POST /api/decks: check a deck (TOML content or a pasted decklist) against a named pool, line by line."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path
from typing import Any

from sim.decks.deckfile import load_deck
from sim.decks.decklist import parse_decklist
from sim.decks.pools import load_pool_info
from sim.decks.validate import validate_deck
from sim.errors import InputError
from sim.limits import check_toml_nesting
from sim.service.config import pool_game
from sim.service.requests import DeckIn


def default_pool(pools: dict[str, Path], game: str) -> str | None:
    """The first configured pool of this game (FFTCG: the Square export when configured)."""
    for name, path in pools.items():
        if (pool_game(path) or "fftcg") == game:
            return name
    return None


def _pool(pools: dict[str, Path], name: str | None) -> Path | None:
    if name is None:
        return None
    if name not in pools:
        raise InputError("pool", f"no pool named {name!r} (configured: {', '.join(pools) or 'none'})")
    return pools[name]


def _toml_game(text: str) -> str:
    check_toml_nesting(text, Path("toml"))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError("toml", f"malformed TOML: {exc}") from None
    if "pool" in data:
        raise InputError("toml", "`pool` names a file on the server; remove it and choose a pool by name")
    return str(data.get("game", ""))


def load_text(toml: str, pool: Path | None) -> Any:
    """Load TOML deck content as a deck file would load (errors name `toml`, never a server path)."""
    with tempfile.TemporaryDirectory(prefix="tcgsim-deck-") as tmp:
        path = Path(tmp) / "deck.toml"
        path.write_text(toml, encoding="utf-8")
        try:
            return load_deck(path, pool)
        except InputError as exc:
            raise InputError("toml", exc.message.replace(str(path), "deck")) from None


def check_deck(body: DeckIn, pools: dict[str, Path]) -> dict[str, Any]:
    """{ok, name, game, pool, total, lines, error, violations, toml}; `toml` is what is stored when ok;
    `violations` lists the construction rules the deck breaks (card, rule number, message)."""
    if (body.toml is None) == (body.decklist is None):
        raise InputError("deck", "give either `toml` or `decklist`")
    lines: list[dict[str, Any]] = []
    if body.decklist is not None:
        pool_name = body.pool or default_pool(pools, "fftcg")
        path = _pool(pools, pool_name)
        if path is None:
            raise InputError("pool", "no card pool is configured for decklists")
        info = load_pool_info(path, pool_game(path))
        parsed = parse_decklist(body.decklist, info.cards)
        lines = [vars(r) for r in parsed.lines]
        if parsed.errors:
            first = parsed.errors[0]
            where = f"line {first.line}" if first.line else "decklist"
            return {"ok": False, "lines": lines, "error": f"{where}: {first.message} "
                    f"({len(parsed.errors)} problem{'s' * (len(parsed.errors) > 1)})", "pool": pool_name}
        toml = parsed.to_toml(body.name or "Pasted deck", info.game)
    else:
        toml = body.toml or ""
        game = _toml_game(toml)
        pool_name = body.pool or default_pool(pools, game)
        path = _pool(pools, pool_name)
    deck = load_text(toml, path)
    if body.name and body.decklist is None and body.name != deck.name:
        raise InputError("name", "the deck's name is the TOML `name`; leave `name` empty")
    # construction rules as `tcgsim validate` checks them: reported, not refused (the CLI plays such
    # decks too, and a deck under construction is worth simulating)
    violations = [vars(v) for v in validate_deck(deck)]
    return {"ok": True, "name": deck.name, "game": deck.game, "pool": pool_name, "total": deck.total_copies,
            "lines": lines, "error": None, "violations": violations, "toml": toml}
