"""`tcgsim simulate DECK_A DECK_B --games N`: play one matchup into a results dataset and summarise it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from sim.cli.common import one_line, user_errors

JSON_KEYS = ("games", "wins_a", "wins_b", "draws", "win_rate_a", "low", "high", "first_player_win_rate",
             "mean_turns")


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def simulate(
        deck_a: Path = typer.Argument(..., help="Deck A (TOML); plays seat A."),
        deck_b: Path = typer.Argument(..., help="Deck B (TOML); same game as deck A."),
        games: int = typer.Option(10_000, "--games", "-n", help="Games to play."),
        policy_a: str = typer.Option("curve", "--policy-a", help="Policy of deck A (random, aggro, curve, control; FFTCG also search, search:N (N rollouts per decision), search:N:D (D opponent turns deep) search-full[:N] (the reference search) or search-adapt[:N] (the search with its matchup's fitted model))."),
        policy_b: str = typer.Option("curve", "--policy-b", help="Policy of deck B."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed: the same seed gives the same games."),
        out: Path | None = typer.Option(None, "--out", help="Results directory (default: results/simulate/<decks>-<hash of the arguments>)."),
        detail: str = typer.Option("games", "--detail", help="games | turns | cards: which tables to write."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        engine: str | None = typer.Option(None, "--engine", help="Engine to play with (default: the decks' game; `null` = the baseline null game)."),
        option: list[str] = typer.Option([], "--option", "-o", help="Rules option KEY=VALUE (repeatable)."),
        chunk: int | None = typer.Option(None, "--chunk", help="Games per Parquet part, the unit of resume (default 50,000; 10,000 at --detail cards)."),
        backend: str = typer.Option("local", "--backend", help="local (numba threads) or ray."),
        address: str | None = typer.Option(None, "--address", help="Ray cluster address (default: start a local Ray)."),
        check_invariants: bool = typer.Option(False, "--check-invariants", help="Also replay every game with the engine's invariant checks after every turn (each card in one zone, no negative resources, field limits, the game ends); exit 1 at the first violation."),
        as_json: bool = typer.Option(False, "--json", help=f"Print only {{{', '.join(JSON_KEYS)}}}."),
    ) -> None:
        """Play DECK_A against DECK_B and print wins, A's win rate with its Wilson 95% interval, the first
        player's win rate and the mean game length. Draws (and double losses) are not wins for either
        side: win_rate_a = wins_a / games. Rerunning the same command resumes an interrupted run."""
        from sim.decks.deckfile import load_deck
        from sim.run.chunks import InvariantViolation
        from sim.run.runner import JobInterrupted, default_chunk, default_out, parse_rule_options
        from sim.workflows.simulate import simulate as run_simulate

        options = parse_rule_options(option)
        a, b = load_deck(deck_a, pool), load_deck(deck_b, pool)
        if out is None:
            out = default_out("simulate", [deck_a.stem, deck_b.stem], {
                "a": str(deck_a.resolve()), "b": str(deck_b.resolve()), "pa": policy_a, "pb": policy_b, "seed": seed,
                "games": games, "detail": detail, "engine": engine, "options": options,
                "chunk": default_chunk(detail) if chunk is None else chunk, **({"check": True} if check_invariants else {})})
        try:
            result = run_simulate(a, b, games=games, out=out, policy_a=policy_a, policy_b=policy_b, seed=seed,
                                  detail=detail, engine=engine, options=options, chunk=chunk, backend=backend,
                                  address=address, progress=sys.stderr.isatty(), check=check_invariants)
        except JobInterrupted as exc:
            typer.echo(f"{exc}; run the same command again to resume", err=True)
            raise typer.Exit(130) from None
        except InvariantViolation as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        s = result.summary
        if as_json:
            typer.echo(json.dumps({k: s[k] for k in JSON_KEYS}))
            return
        typer.echo(f"{a.name} ({policy_a}) vs {b.name} ({policy_b}), {result.engine}, seed {seed}: {s['games']:,} games")
        typer.echo(f"  wins A {s['wins_a']:,}   wins B {s['wins_b']:,}   draws {s['draws']:,}")
        typer.echo(f"  win rate A {s['win_rate_a']:.1%}  (95% Wilson {s['low']:.1%} - {s['high']:.1%}; draws are not wins)")
        typer.echo(f"  first player wins {s['first_player_win_rate']:.1%}  "
                   f"(95% Wilson {s['first_low']:.1%} - {s['first_high']:.1%})")
        typer.echo(f"  mean turns {s['mean_turns']:.2f}")
        if check_invariants:
            typer.echo(f"  invariants checked after every turn of all {s['games']:,} games: all held")
        typer.echo(one_line(f"  results: {out}"))
