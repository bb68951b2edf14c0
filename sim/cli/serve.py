"""`tcgsim serve`: the web service (JSON API, /docs, and a page) over the workflows."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from sim.cli.common import fail, user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to bind; anything but loopback needs --token."),
        port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
        data: Path = typer.Option(Path("tcgsim-data"), "--data", help="Directory for the job database and results."),
        workers: int = typer.Option(1, "--workers", min=1, max=64, help="Jobs run at once (each in its own process); the rest queue."),
        backend: str = typer.Option("local", "--backend", help="local (numba threads) or ray, passed to the runner."),
        token: str | None = typer.Option(None, "--token", help="Require this token on every request (default: $TCGSIM_TOKEN)."),
        pool: list[str] = typer.Option([], "--pool", help="A card pool NAME=PATH requests may choose by name (repeatable; default: $TCGSIM_SERVICE_POOLS, else ../shared/data/fftcg/*.json and the example pools)."),
        max_job_games: int = typer.Option(2_000_000, "--max-job-games", min=1, help="Most games one job may play."),
    ) -> None:
        """Serve the JSON API (schema at /docs) and the page at http://HOST:PORT/. Jobs that were running
        when the server stopped resume from their finished parts at the next start."""
        import uvicorn

        from sim.run.runner import BACKENDS
        from sim.service.app import create_app
        from sim.service.config import TOKEN_ENV, Settings, configured_pools, is_loopback

        token = token or os.environ.get(TOKEN_ENV) or None
        if not is_loopback(host) and not token:
            fail("--host", f"{host} is reachable from other machines: give --token (or set {TOKEN_ENV})")
        if backend not in BACKENDS:
            fail("--backend", f"unknown backend {backend!r} (one of: {', '.join(BACKENDS)})")
        settings = Settings(data=data.resolve(), pools=configured_pools(pool), host=host, port=port, workers=workers,
                            backend=backend, token=token, max_job_games=max_job_games)
        typer.echo(f"tcgsim serve: http://{host}:{port}/ (API schema at /docs), data in {settings.data}", err=True)
        uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")
