"""`tcgsim trace DECK_A DECK_B --game N`: one FFTCG game, turn by turn (sim.games.fftcg.trace)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import typer

from sim.cli.common import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def trace(
        deck_a: Path = typer.Argument(..., help="Deck A (TOML); plays seat A."),
        deck_b: Path = typer.Argument(..., help="Deck B (TOML); same game as deck A."),
        game: int = typer.Option(0, "--game", min=0, max=2**32 - 1, help="Which game of the seed: the same index as in `simulate`'s results (game 0 is the first)."),
        policy_a: str = typer.Option("curve", "--policy-a", help="Policy of deck A (random, aggro, curve, control, search, search:N, search:N:D, search-full[:N] or search-adapt[:N])."),
        policy_b: str = typer.Option("curve", "--policy-b", help="Policy of deck B."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed, as for `simulate`."),
        stream: int = typer.Option(0, "--stream", min=0, help="RNG stream of the matchup (0 for `simulate`; a run's matchups record theirs in manifest.json, and reports print it in their example-game commands)."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        option: list[str] = typer.Option([], "--option", "-o", help="Rules option KEY=VALUE (repeatable)."),
        as_json: bool = typer.Option(False, "--json", help="Print the record as JSON: {first, winner, reason, turns: [...]}."),
    ) -> None:
        """Replay one game of `simulate DECK_A DECK_B --seed S` (the game with index --game) and print, per turn,
        the cards cast, the Forwards that attacked and are still on the field, every card that changed zone on
        either side (payments, breaks, searches, damage) and the position at the end of the turn. FFTCG only.
        Targets, blocks and the order of actions inside a turn are not recorded: their outcome is."""
        from sim.decks.deckfile import load_deck
        from sim.engine.results import END_REASONS, WINNERS
        from sim.games.fftcg import trace as fftcg_trace
        from sim.run.runner import parse_rule_options
        from sim.run.trace import trace_lines, trace_record

        options = parse_rule_options(option)
        a, b = load_deck(deck_a, pool), load_deck(deck_b, pool)
        record = trace_record(a, b, policy_a, policy_b, seed=seed, stream=stream, index=game, options=options)
        if as_json:
            typer.echo(json.dumps({"first": fftcg_trace.SEATS[record.first], "winner": WINNERS[record.winner],
                                   "reason": END_REASONS[record.reason],
                                   "turns": [dataclasses.asdict(t) for t in record.turns]}))
            return
        typer.echo(f"A: {a.name} ({policy_a})   B: {b.name} ({policy_b})   seed {seed}, game {game}; "
                   f"{fftcg_trace.SEATS[record.first]} goes first")
        for line in trace_lines(record):
            typer.echo(line)
