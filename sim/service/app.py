"""The FastAPI application: JSON API under /api (schema at /docs) and the page at /."""

from __future__ import annotations

import asyncio
import html
import json
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.exceptions import HTTPException

from sim.errors import InputError
from sim.service import jobs as job_rules
from sim.service.config import Settings
from sim.service.decks import check_deck
from sim.service.execute import boss_names
from sim.service.requests import DeckIn, JobIn
from sim.service.security import Guard
from sim.service.store import TERMINAL, Store, status_view
from sim.service.worker import Scheduler

STATIC = Path(__file__).parent / "static"
DOWNLOADS = (".html", ".md", ".csv", ".parquet", ".json", ".png", ".svg")


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        self.status, self.message = status, message


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(str(message).split())[:1000]}, status_code=status)


def create_app(settings: Settings, start_workers: bool = True) -> FastAPI:
    store = Store(settings.data)
    scheduler = Scheduler(store, settings.pools, settings.workers, settings.backend)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if start_workers:
            scheduler.start()
        yield
        scheduler.shutdown()

    app = FastAPI(title="tcgsim", summary="Monte Carlo deck analytics: decks, odds and simulation jobs",
                  lifespan=lifespan)
    app.state.store, app.state.scheduler, app.state.settings = store, scheduler, settings
    app.add_middleware(Guard, token=settings.token, host=settings.host, max_body=settings.max_body)

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        return _error(400, str(exc))

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, exc.message)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, exc.detail if isinstance(exc.detail, str) else "request refused")

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body",))
        return _error(422, f"{where}: {first.get('msg')}" if where else str(first.get("msg")))

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"internal error ({type(exc).__name__})")

    # ------------------------------------------------------------ page

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        options = "".join(f'<option value="{html.escape(n)}">{html.escape(n)}</option>' for n in settings.pools)
        text = (STATIC / "index.html").read_text(encoding="utf-8").replace("{{POOLS}}", options)
        return HTMLResponse(text.replace("{{TOKEN_NEEDED}}", "true" if settings.token else "false"))

    @app.get("/static/app.js", include_in_schema=False)
    def script() -> FileResponse:
        return FileResponse(STATIC / "app.js", media_type="text/javascript")

    # ------------------------------------------------------------ pools and decks

    @app.get("/api/pools", summary="The card pools a deck may name")
    def pools() -> list[dict[str, Any]]:
        return [{"name": n, "default": i == 0} for i, n in enumerate(settings.pools)]

    @app.get("/api/bosses", summary="The PSO2 raid bosses a raid job may name")
    def bosses() -> list[str]:
        return boss_names()

    @app.post("/api/decks/check", summary="Check a deck line by line without storing it")
    def deck_check(body: DeckIn) -> dict[str, Any]:
        try:
            result = check_deck(body, settings.pools)
        except InputError as exc:
            return {"ok": False, "lines": [], "error": str(exc)}
        result.pop("toml", None)
        return result

    @app.post("/api/decks", status_code=201, summary="Store a deck (TOML content or a pasted decklist)")
    def deck_add(body: DeckIn) -> dict[str, Any]:
        result = check_deck(body, settings.pools)
        if not result["ok"]:
            raise ApiError(400, result["error"])
        deck_id = store.add_deck(result["name"], result["game"], result["pool"], result.pop("toml"))
        return {"id": deck_id, **result}

    @app.get("/api/decks", summary="Stored decks")
    def deck_list() -> list[dict[str, Any]]:
        return store.decks()

    @app.get("/api/decks/{deck_id}", summary="One stored deck with its TOML")
    def deck_get(deck_id: str) -> dict[str, Any]:
        deck = store.deck(deck_id)
        if deck is None:
            raise ApiError(404, f"no deck {deck_id!r}")
        return deck

    # ------------------------------------------------------------ jobs

    def job_or_404(job_id: str) -> dict[str, Any]:
        job = store.job(job_id)
        if job is None:
            raise ApiError(404, f"no job {job_id!r}")
        return job

    @app.post("/api/jobs", status_code=202, summary="Queue a job: odds, simulate, compare, balance or raid")
    def job_add(body: Annotated[JobIn, Body()]) -> dict[str, Any]:
        if store.count("queued") >= settings.max_queued:
            raise ApiError(429, f"{settings.max_queued} jobs are already waiting; try again later")
        params, total = job_rules.check(body, store, settings)
        job_id = store.add_job(body.kind, params, total)
        job_dir = store.job_dir(job_id)
        try:
            (job_dir / "decks").mkdir(parents=True)
            for deck_id in params["deck_pools"]:
                (job_dir / "decks" / f"{deck_id}.toml").write_text(store.deck(deck_id)["toml"], encoding="utf-8")
        except OSError:
            store.request_cancel(job_id)
            shutil.rmtree(job_dir, ignore_errors=True)
            raise
        return status_view(job_or_404(job_id))

    @app.get("/api/jobs", summary="Jobs, newest first")
    def job_list() -> list[dict[str, Any]]:
        return [status_view(j) for j in store.jobs()]

    @app.get("/api/jobs/{job_id}", summary="A job's status: games done of total, ETA")
    def job_get(job_id: str) -> dict[str, Any]:
        return status_view(job_or_404(job_id))

    @app.post("/api/jobs/{job_id}/cancel", summary="Cancel a queued or running job")
    def job_cancel(job_id: str) -> dict[str, Any]:
        job_or_404(job_id)
        store.request_cancel(job_id)
        return status_view(job_or_404(job_id))

    @app.get("/api/jobs/{job_id}/result", summary="A finished job's result")
    def job_result(job_id: str) -> dict[str, Any]:
        job = job_or_404(job_id)
        if job["status"] != "done":
            raise ApiError(409, f"job {job_id} is {job['status']}, not done")
        return job["result"]

    @app.get("/api/jobs/{job_id}/events", summary="Server-sent events: the job's status until it ends")
    async def job_events(job_id: str) -> StreamingResponse:
        job_or_404(job_id)

        async def events() -> AsyncIterator[str]:
            last, quiet = None, 0
            while True:
                view = status_view(job_or_404(job_id))
                text = json.dumps(view)
                if text != last:
                    yield f"event: status\ndata: {text}\n\n"
                    last, quiet = text, 0
                elif (quiet := quiet + 1) % 30 == 0:
                    yield ": keep-alive\n\n"
                if view["status"] in TERMINAL:
                    return
                await asyncio.sleep(0.3)

        return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    @app.get("/api/jobs/{job_id}/files", summary="The job's downloadable files (report, CSV, Parquet)")
    def job_files(job_id: str) -> list[str]:
        job_or_404(job_id)
        out = store.job_dir(job_id) / "out"
        if not out.is_dir():
            return []
        return sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and p.suffix in DOWNLOADS)

    @app.get("/api/jobs/{job_id}/files/{name:path}", summary="Download one file of the job's results directory")
    def job_file(job_id: str, name: str) -> Response:
        job_or_404(job_id)
        out = (store.job_dir(job_id) / "out").resolve()
        path = (out / name).resolve()
        if not path.is_relative_to(out) or not path.is_file() or path.suffix not in DOWNLOADS:
            raise ApiError(404, f"no file {name!r} in job {job_id}")
        return FileResponse(path)

    @app.get("/{rest:path}", include_in_schema=False)
    def not_found(rest: str) -> Response:
        raise ApiError(404, f"no such page: /{rest}")

    return app
