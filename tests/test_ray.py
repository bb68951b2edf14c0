"""The Ray backend plays exactly the games of the local backend (docs/scale.md)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest

from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.run.chunks import MatchupSpec
from sim.run.runner import run_matchups

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'tcgsim[ray]'); Ray backend not tested")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    yield
    ray.shutdown()


def deck_file(directory: Path, name: str) -> Path:
    path = directory / f"{name}.toml"
    path.write_text(f'game = "fftcg"\nname = "{name}"\n' + "".join(
        f'[[card]]\ncode = "{name}-{i}"\nname = "{name} {i}"\ntype = "forward"\ncost = {i + 1}\n'
        f'elements = ["fire"]\npower = 5000\ncopies = 10\n' for i in range(5)))
    return path


def test_ray_and_local_backends_write_the_same_games(tmp_path: Path, local_ray: None) -> None:
    from sim.run.ray_backend import deck_source

    from_file = load_deck(deck_file(tmp_path, "alpha"))
    built = Deck("fftcg", "Built", Path("built.toml"),
                 {"main": [(Card(f"B-{i}", f"Built {i}", "forward", cost=i % 4 + 1), 3) for i in range(16)]})
    assert deck_source(from_file) == (str(from_file.path.resolve()), None)  # workers load it from its file
    assert deck_source(built) is built  # no file to load: the small record travels instead
    specs = [MatchupSpec(from_file, built, "curve", "aggro", 0, "null"),
             MatchupSpec(built, from_file, "random", "control", 1, "null")]
    for backend in ("local", "ray"):
        run_matchups(specs, 90, 11, tmp_path / backend, detail="turns", backend=backend, chunk=20, progress=False)
    for table, keys in (("games", ["game_id"]), ("turns", ["game_id", "game_turn"])):
        local, remote = (pl.read_parquet(tmp_path / b / table / "*.parquet").sort(keys) for b in ("local", "ray"))
        assert local.height > 0 and local.equals(remote), table
    assert not list((tmp_path / "ray").glob("*/*.tmp"))


def test_deck_loaded_with_a_pool_travels_as_its_path_and_pool(tmp_path: Path, local_ray: None) -> None:
    """A deck whose cards come from --pool (Deck.pool) is shipped as (file, pool), not as its record, and the
    worker's load of them is the same deck; its games are the local backend's."""
    from sim.run.manifest import deck_fingerprint
    from sim.run.ray_backend import _load_source, deck_source

    pool = tmp_path / "pool.csv"
    pool.write_text("code,name,type,cost,elements,power\n" + "".join(
        f"P-{i},Pooled {i},forward,{i % 4 + 1},fire,{5000 + 1000 * i}\n" for i in range(5)), encoding="utf-8")
    path = tmp_path / "pooled.toml"
    path.write_text('game = "fftcg"\nname = "Pooled"\n[cards]\n' + "".join(f'"P-{i}" = 10\n' for i in range(5)))
    deck = load_deck(path, pool)
    source = deck_source(deck)
    assert source == (str(path.resolve()), str(pool.resolve()))
    assert deck_fingerprint(_load_source(source)) == deck_fingerprint(deck)
    other = load_deck(deck_file(tmp_path, "alpha"))
    assert deck_source(other) == (str((tmp_path / "alpha.toml").resolve()), None)  # inline cards: no pool
    specs = [MatchupSpec(deck, other, "curve", "aggro", 0, "null")]
    for backend in ("local", "ray"):
        run_matchups(specs, 40, 3, tmp_path / backend, backend=backend, chunk=20, progress=False)
    local, remote = (pl.read_parquet(tmp_path / b / "games" / "*.parquet").sort("game_id") for b in ("local", "ray"))
    assert local.height == 40 and local.equals(remote)


def test_ray_reports_progress_and_the_interim_estimate_as_sub_batches_end(tmp_path: Path, local_ray: None) -> None:
    """Tasks put each sub-batch's games and wins on a queue the driver drains: more reports than chunks,
    and the last estimate is the games written."""
    deck = load_deck(deck_file(tmp_path, "alpha"))
    specs = [MatchupSpec(deck, deck, "curve", "aggro", 0, "null"), MatchupSpec(deck, deck, "random", "control", 1, "null")]
    heard: list[tuple[int, int]] = []
    tallies: list[list[tuple[int, int, int]]] = []
    run_matchups(specs, 4000, 5, tmp_path / "ray", backend="ray", chunk=2000, progress=False,
                 on_progress=lambda d, t: heard.append((d, t)),
                 on_estimate=lambda ts: tallies.append([(t.games, t.wins_a, t.wins_b) for t in ts]))
    assert len(heard) > 1 + 4  # the first sub-batch of a chunk is 256 games, so each chunk reports more than once
    assert [d for d, _ in heard] == sorted(d for d, _ in heard) and heard[-1] == (8000, 8000)
    games = pl.read_parquet(tmp_path / "ray" / "games" / "*.parquet")
    assert tallies[-1] == [(4000, int(g["winner"].eq("a").sum()), int(g["winner"].eq("b").sum()))
                           for _, g in sorted(games.group_by("matchup"), key=lambda kv: kv[0])]
