"""The service's JSON API (FastAPI TestClient): every endpoint and its errors, jobs in worker processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from sim.service.app import create_app  # noqa: E402
from sim.service.config import Settings  # noqa: E402
from tests.service_helpers import EXAMPLE_POOL, example_toml, wait_done  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    settings = Settings(data=tmp_path_factory.mktemp("data"), pools={"fftcg-example": EXAMPLE_POOL},
                        workers=2, max_job_games=100_000, max_samples=50_000, max_body=200_000)
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture(scope="module")
def decks(client):
    ids = []
    for name in ("aggro", "control", "midrange"):
        r = client.post("/api/decks", json={"toml": example_toml(name), "pool": "fftcg-example"})
        assert r.status_code == 201, r.text
        ids.append(r.json()["id"])
    return ids


AGGRO, CONTROL, MIDRANGE = ("Fire-Wind Rush (FFTCG aggro)", "Ice-Water Control (FFTCG control)",
                            "Earth-Lightning Midrange (FFTCG midrange)")  # decks/fftcg/*.toml's names


def get(client):
    return lambda path: client.get(path).json()


def one_line_error(r, status: int) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"] and "Traceback" not in body["error"]
    return body["error"]


def test_page_pools_bosses_and_openapi(client):
    page = client.get("/")
    assert page.status_code == 200 and "fftcg-example" in page.text and "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/api/pools").json() == [{"name": "fftcg-example", "default": True}]
    assert "falz_elder" in client.get("/api/bosses").json()
    schema = client.get("/openapi.json").json()
    assert {"/api/decks", "/api/jobs", "/api/jobs/{job_id}/events"} <= set(schema["paths"])


def test_decklist_check_reports_every_line(client):
    r = client.post("/api/decks/check", json={"decklist": "3 FF-001\n2x Nobody\nFF-002 x3\n", "pool": "fftcg-example"})
    body = r.json()
    assert r.status_code == 200 and body["ok"] is False
    assert [(x["line"], x["status"]) for x in body["lines"]] == [(1, "ok"), (2, "error"), (3, "ok")]
    assert body["error"].startswith("line 2:")
    error = one_line_error(client.post("/api/decks", json={"decklist": "2x Nobody", "pool": "fftcg-example"}), 400)
    assert "line 1" in error


def test_a_deck_breaking_construction_rules_is_checked_with_the_rule_numbers(client):
    """6 cards of one FFTCG number: 8.1.1.1 (50 cards) and 8.1.1.2 (3 per number), as `tcgsim validate`."""
    body = client.post("/api/decks/check", json={"decklist": "6 FF-001", "pool": "fftcg-example"}).json()
    assert body["ok"] is True
    assert {v["rule"] for v in body["violations"]} >= {"FFTCG 8.1.1.1", "FFTCG 8.1.1.2"}
    legal = client.post("/api/decks/check", json={"toml": example_toml("aggro"), "pool": "fftcg-example"}).json()
    assert legal["violations"] == []


def test_decklist_saved_and_listed(client):
    r = client.post("/api/decks", json={"decklist": "3 FF-001\n3 FF-002", "name": "<b>mine</b>", "pool": "fftcg-example"})
    assert r.status_code == 201, r.text
    deck = client.get(f"/api/decks/{r.json()['id']}").json()
    assert deck["name"] == "<b>mine</b>" and '"FF-001" = 3' in deck["toml"]
    assert any(d["id"] == deck["id"] for d in client.get("/api/decks").json())


@pytest.mark.parametrize("body, status, fragment", [
    ({"toml": 'game = "fftcg"\npool = "/etc/passwd"\n[cards]\n"FF-001" = 3'}, 400, "choose a pool by name"),
    ({"toml": "game = ", "pool": "fftcg-example"}, 400, "malformed TOML"),
    ({"toml": 'game = "fftcg"\n[cards]\n"ZZ-1" = 3', "pool": "fftcg-example"}, 400, "ZZ-1"),
    ({"decklist": "3 FF-001", "pool": "/etc/passwd"}, 400, "no pool named"),
    ({"decklist": "3 FF-001", "toml": "x"}, 400, "either"),
    ({"decklist": "3 FF-001", "path": "/etc/passwd"}, 422, "path"),
])
def test_bad_decks(client, body, status, fragment):
    assert fragment in one_line_error(client.post("/api/decks", json=body), status)


def test_transport_errors(client):
    assert "JSON" in one_line_error(client.post("/api/decks", content=b"x", headers={"content-type": "text/plain"}), 415)
    big = json.dumps({"decklist": "x" * 300_000})
    assert "over" in one_line_error(client.post("/api/decks", content=big, headers={"content-type": "application/json"}), 413)
    assert one_line_error(client.post("/api/decks", content=b"{", headers={"content-type": "application/json"}), 422)
    assert "no such page" in one_line_error(client.get("/etc/passwd"), 404)
    assert "no job" in one_line_error(client.get("/api/jobs/000000000000"), 404)
    assert "no deck" in one_line_error(client.get("/api/decks/000000000000"), 404)
    assert "refused" in one_line_error(client.get("/api/pools", headers={"host": "evil.example"}), 403)


def test_bad_jobs(client, decks):
    a, b, c = decks
    cases = [
        ({"kind": "simulate", "deck_a": a, "deck_b": "0" * 12}, 400, "no deck"),
        ({"kind": "simulate", "deck_a": a, "deck_b": b, "games": 10**6}, 400, "at most 100,000"),
        ({"kind": "simulate", "deck_a": a, "deck_b": b, "policy_a": "psychic"}, 400, "unknown policy"),
        ({"kind": "compare", "deck_a": a, "deck_b": b, "against": [c], "policies": ["curve", "curve"]}, 400, "twice"),
        ({"kind": "compare", "deck_a": a, "deck_b": b, "against": [c], "policy": "curve",
          "policies": ["curve", "aggro"]}, 400, "not both"),
        ({"kind": "balance", "decks": [a]}, 422, "decks"),
        ({"kind": "odds", "deck": a, "wants": ["1+ cost<=2"], "samples": 10**6}, 400, "at most 50,000"),
        ({"kind": "mine", "deck": a}, 422, ""),
        ({"kind": "simulate", "deck_a": a, "deck_b": b, "games": -1}, 422, "games"),
        ({"kind": "simulate", "deck_a": "../../etc", "deck_b": b}, 422, "deck_a"),
    ]
    for body, status, fragment in cases:
        assert fragment in one_line_error(client.post("/api/jobs", json=body), status), body


def test_simulate_job_progress_result_files_and_events(client, decks):
    a, b, _ = decks
    r = client.post("/api/jobs", json={"kind": "simulate", "deck_a": a, "deck_b": b, "games": 3000, "chunk": 1000,
                                       "engine": "null", "seed": 5})
    assert r.status_code == 202, r.text
    job_id = r.json()["id"]
    with client.stream("GET", f"/api/jobs/{job_id}/events") as events:
        statuses = [json.loads(line[6:]) for line in events.iter_lines() if line.startswith("data: ")]
    assert statuses[-1]["status"] == "done" and statuses[-1]["games_done"] == 3000 == statuses[-1]["games_total"]
    result = client.get(f"/api/jobs/{job_id}/result").json()
    assert result["games"] == 3000 and result["low"] <= result["win_rate_a"] <= result["high"]
    # the interim estimate, persisted with the progress: at the end it is the result's rate and interval
    assert statuses[-1]["interim"] == [{"label": f"{AGGRO} (curve)", "wins": result["wins_a"], "games": 3000,
                                        "rate": result["win_rate_a"], "low": result["low"], "high": result["high"]}]
    assert statuses[-1]["interim_meaning"] == "deck A's win rate so far (Wilson 95%)"
    for s in statuses:  # every status carries the estimate of the games done so far
        assert sum(e["games"] for e in s["interim"]) == s["games_done"], s
    files = client.get(f"/api/jobs/{job_id}/files").json()
    assert "report.html" in files and "results/games/part-0000-0000002000.parquet" in files
    assert client.get(f"/api/jobs/{job_id}/files/report.html").status_code == 200
    assert client.get(f"/api/jobs/{job_id}/files/results/games/part-0000-0000000000.parquet").content[:4] == b"PAR1"
    for bad in ("../../tcgsim.sqlite3", "results/manifest.json/../../../decks/x.toml", "%2e%2e/%2e%2e/tcgsim.sqlite3"):
        one_line_error(client.get(f"/api/jobs/{job_id}/files/{bad}"), 404)
    assert any(j["id"] == job_id for j in client.get("/api/jobs").json())


def test_compare_and_balance_jobs(client, decks):
    a, b, c = decks
    cmp = client.post("/api/jobs", json={"kind": "compare", "deck_a": a, "deck_b": b, "against": [c], "games": 40,
                                         "policies": ["curve", "aggro"], "engine": "null"}).json()
    until = client.post("/api/jobs", json={"kind": "compare", "deck_a": a, "deck_b": b, "against": [c], "games": 400,
                                           "until_decided": True, "batch": 200, "engine": "null"}).json()
    bal = client.post("/api/jobs", json={"kind": "balance", "decks": [a, b, c], "games": 20,
                                         "policies": ["curve", "aggro"], "engine": "null"}).json()
    for job in (cmp, until, bal):
        done = wait_done(get(client), job["id"])
        assert done["status"] == "done", done
        assert done["games_done"] == done["games_total"] > 0
        job["interim"] = done["interim"]
    # compare: each variant from both seats against the one opponent, per pairing; the batches of
    # --until-decided add up; balance: each deck from both seats against the two others, per policy
    assert [(e["label"], e["games"]) for e in cmp["interim"]] == [
        (f"A ({AGGRO}, curve)", 80), (f"B ({CONTROL}, curve)", 80), (f"A ({AGGRO}, aggro)", 80),
        (f"B ({CONTROL}, aggro)", 80)]
    played = wait_done(get(client), until["id"])["games_done"]
    assert [(e["label"], e["games"]) for e in until["interim"]] == [(f"A ({AGGRO}, curve)", played // 2),
                                                                   (f"B ({CONTROL}, curve)", played // 2)]
    assert [(e["label"], e["games"]) for e in bal["interim"]] == [
        (f"{d} ({p})", 80) for p in ("curve", "aggro") for d in (AGGRO, CONTROL, MIDRANGE)]
    assert all(e["low"] <= e["rate"] <= e["high"] for job in (cmp, until, bal) for e in job["interim"])
    r = client.get(f"/api/jobs/{cmp['id']}/result").json()
    assert [p["policy"] for p in r["pairings"]] == ["curve", "aggro"] and r["report"] == "report.html"
    assert "sprt" in client.get(f"/api/jobs/{until['id']}/result").json()
    r = client.get(f"/api/jobs/{bal['id']}/result").json()
    assert len(r["decks"]) == 3 * 2 and all(d["win_rate_low"] <= d["win_rate"] <= d["win_rate_high"] for d in r["decks"])
    assert client.get(f"/api/jobs/{bal['id']}/files/report.html").status_code == 200


def test_odds_job(client, decks):
    job = client.post("/api/jobs", json={"kind": "odds", "deck": decks[0], "wants": ["1+ cost<=2"], "turns": 2,
                                         "samples": 2000}).json()
    done = wait_done(get(client), job["id"])
    assert done["status"] == "done", done
    rows = client.get(f"/api/jobs/{job['id']}/result").json()["rows"]
    assert [r["turn"] for r in rows] == [0, 1, 2] and all(r["low"] <= r["simulated"] <= r["high"] for r in rows)


def test_cancel_a_queued_and_a_running_job(client, decks):
    a, b, _ = decks
    first = client.post("/api/jobs", json={"kind": "simulate", "deck_a": a, "deck_b": b, "games": 100_000,
                                           "chunk": 1000, "engine": "null"}).json()
    r = client.post(f"/api/jobs/{first['id']}/cancel")
    assert r.status_code == 200 and r.json()["status"] in ("cancelled", "running")
    done = wait_done(get(client), first["id"])
    assert done["status"] == "cancelled"
    assert "not done" in one_line_error(client.get(f"/api/jobs/{first['id']}/result"), 409)
    assert "no job" in one_line_error(client.post("/api/jobs/000000000000/cancel"), 404)


def test_token_required_when_set(tmp_path: Path):
    settings = Settings(data=tmp_path, pools={"fftcg-example": EXAMPLE_POOL}, host="0.0.0.0", token="s3cret")
    with TestClient(create_app(settings, start_workers=False)) as c:
        assert c.get("/").status_code == 200  # the page shell asks for the token
        assert "token" in one_line_error(c.get("/api/pools"), 401)
        assert "token" in one_line_error(c.get("/api/pools", headers={"X-TCGSim-Token": "wrong"}), 401)
        assert c.get("/api/pools", headers={"X-TCGSim-Token": "s3cret"}).status_code == 200
        assert c.get("/api/pools", headers={"Authorization": "Bearer s3cret"}).status_code == 200
        c.cookies.set("tcgsim_token", "s3cret")
        assert c.get("/api/pools", headers={"host": "anything.example"}).status_code == 200


def test_serve_refuses_a_public_host_without_a_token(monkeypatch):
    from typer.testing import CliRunner

    from sim.cli.app import app

    monkeypatch.delenv("TCGSIM_TOKEN", raising=False)
    r = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0"])
    assert r.exit_code == 2 and "--token" in r.output


def test_raid_job_clear_rate_with_its_interval(tmp_path):
    """A PSO2 party against a shipped boss chosen by name, through the same workflow as `tcgsim raid`."""
    root = Path(__file__).resolve().parents[1] / "decks" / "pso2"
    settings = Settings(data=tmp_path, pools={"pso2-example": root / "cards.csv"}, workers=1)
    toml = "\n".join(line for line in (root / "aggro.toml").read_text().splitlines() if not line.startswith("pool"))
    with TestClient(create_app(settings)) as c:
        deck = c.post("/api/decks", json={"toml": toml, "pool": "pso2-example"}).json()["id"]
        one_line_error(c.post("/api/jobs", json={"kind": "raid", "party": [deck], "boss": "../etc"}), 422)
        job = c.post("/api/jobs", json={"kind": "raid", "party": [deck], "boss": "falz_elder", "games": 40}).json()
        done = wait_done(get(c), job["id"])
        assert done["status"] == "done", done
        result = c.get(f"/api/jobs/{job['id']}/result").json()
        assert result["games"] == 40 and result["clear_low"] <= result["clear_rate"] <= result["clear_high"]
        assert c.get(f"/api/jobs/{job['id']}/files/report.md").status_code == 200


def test_an_old_database_gains_the_interim_column_and_keeps_its_jobs(tmp_path: Path):
    """A data directory from before the interim estimates: opening it adds the column, every job stays."""
    import sqlite3

    from sim.service.store import Store, status_view

    old = sqlite3.connect(tmp_path / "tcgsim.sqlite3")
    old.executescript("""
CREATE TABLE decks (id TEXT PRIMARY KEY, name TEXT NOT NULL, game TEXT NOT NULL,
    pool TEXT, created REAL NOT NULL, toml TEXT NOT NULL);
CREATE TABLE jobs (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, kind TEXT NOT NULL,
    params TEXT NOT NULL, status TEXT NOT NULL, created REAL NOT NULL, started REAL, finished REAL,
    games_done INTEGER NOT NULL DEFAULT 0, games_total INTEGER NOT NULL DEFAULT 0,
    run_started REAL, run_base INTEGER NOT NULL DEFAULT 0, cancel INTEGER NOT NULL DEFAULT 0,
    error TEXT, result TEXT);
INSERT INTO jobs (id, seq, kind, params, status, created, games_done, games_total, result)
    VALUES ('abc', 1, 'simulate', '{}', 'done', 1.0, 10, 10, '{"games": 10}');
""")
    old.commit()
    old.close()
    store = Store(tmp_path)
    job = store.job("abc")
    assert job["result"] == {"games": 10} and status_view(job)["interim"] == []
    store.progress("abc", 10, interim=[{"label": "A", "wins": 4, "games": 10}])
    assert Store(tmp_path).job("abc")["interim"] == [{"label": "A", "wins": 4, "games": 10}]  # reopened: no second ALTER


def test_the_tracker_adds_up_the_runner_calls_of_a_job(tmp_path: Path):
    """compare --until-decided calls the runner once per batch: its estimates add up under one label."""
    from sim.run.estimate import Estimate
    from sim.service.store import Store
    from sim.service.worker import Tracker

    store = Store(tmp_path)
    job_id = store.add_job("compare", {}, 40)
    tracker = Tracker(store, job_id)
    for _ in range(2):  # two batches of 20 games: 10 per variant
        for done, wins in ((0, 0), (10, 3), (20, 7)):
            tracker.estimate([Estimate("A", wins, done // 2), Estimate("B", wins // 2, done // 2)])
            tracker(done, 20)
    job = store.job(job_id)
    assert job["games_done"] == 40
    assert [(e["label"], e["wins"], e["games"]) for e in job["interim"]] == [("A", 14, 20), ("B", 6, 20)]
