"""`tcgsim odds DECK --want EXPR ...`: opening-hand and by-turn odds, exact and simulated."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path

import typer

from sim.cli.common import user_errors
from sim.limits import MAX_DECK_CARDS


class Seat(StrEnum):
    first = "first"
    second = "second"


class Mulligan(StrEnum):
    never = "never"
    keep_if = "keep-if"


class MulliganRule(StrEnum):
    london = "london"
    vancouver = "vancouver"


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def odds(
        deck: Path = typer.Argument(..., help="Deck file (TOML)."),
        want: list[str] = typer.Option(..., "--want", help='"K+ FILTER", e.g. "1+ type=forward cost<=2"; several are all required.'),
        turns: int = typer.Option(0, "--turns", min=0, max=30, help="Report turn 0 (opening hand) up to this own turn."),
        seat: Seat = typer.Option(Seat.first, "--seat", help="Seat whose draws count (the first player draws less on turn 1)."),
        mulligan: Mulligan = typer.Option(Mulligan.never, "--mulligan", help="keep-if: mulligan hands that miss the wants, by the game's procedure."),
        max_mulligans: int | None = typer.Option(None, "--max-mulligans", min=0, max=20, help="CoJ and generic: most mulligans taken (default 3)."),
        samples: int = typer.Option(1_000_000, "--samples", min=0, max=10**9, help="Simulated openings (0 = exact only)."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed of the simulation."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        game: str | None = typer.Option(None, "--game", help="generic: use --deck-size/--hand/--draws instead of the deck's game."),
        deck_size: int | None = typer.Option(None, "--deck-size", min=1, max=MAX_DECK_CARDS, help="generic: pad the deck with blank cards to this size."),
        hand: int | None = typer.Option(None, "--hand", min=1, max=MAX_DECK_CARDS, help="generic: opening hand size."),
        draws: int | None = typer.Option(None, "--draws", min=0, max=MAX_DECK_CARDS, help="generic: cards drawn per turn."),
        first_turn_draws: int | None = typer.Option(None, "--first-turn-draws", min=0, max=MAX_DECK_CARDS, help="generic: what the first player draws on their first turn (default 0, as in Magic)."),
        mulligan_rule: MulliganRule | None = typer.Option(None, "--mulligan-rule", help="generic keep-if: london (draw a full hand, bottom one card per mulligan; default) or vancouver (one card fewer per mulligan, scry 1)."),
        as_json: bool = typer.Option(False, "--json", help='Print {"rows": [{"turn", "exact", "simulated", "low", "high"}]}.'),
    ) -> None:
        """Probability that the opening hand (turn 0) and each own turn up to --turns meets every --want."""
        from sim.workflows.odds import odds as run_odds

        answer = run_odds(deck, want, samples=samples, seed=seed, turns=turns, seat_first=seat is Seat.first,
                          keep_if=mulligan is Mulligan.keep_if, max_mulligans=max_mulligans, pool=pool, game=game,
                          deck_size=deck_size, hand=hand, draws=draws, first_turn_draws=first_turn_draws,
                          mulligan_rule=mulligan_rule and mulligan_rule.value,
                          progress=sys.stderr.isatty() and not as_json)
        q, result = answer.question, answer.rows
        if as_json:
            typer.echo(json.dumps({"rows": result}, indent=2))
            return
        from rich.console import Console
        from rich.table import Table

        rule = f" ({q.profile.rule.split(', ')[-1]}, at most {q.max_mulligans})" if q.profile.game == "generic" and q.keep_if else ""
        table = Table(title=f"{deck} ({q.profile.game}, {q.deck_size} cards, seat {seat.value}, mulligan {mulligan.value}{rule})")
        for col in ("turn", "exact", "simulated", "95% interval"):
            table.add_column(col, justify="right")
        for r in result:
            table.add_row(str(r["turn"]), f"{r['exact']:.4f}", f"{r['simulated']:.4f}", f"{r['low']:.4f} - {r['high']:.4f}")
        console = Console()
        console.print(table)
        console.print(f"wants: {' AND '.join(want)}; {samples:,} simulated openings, seed {seed}")
