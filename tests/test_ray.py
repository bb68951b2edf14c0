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
    assert isinstance(deck_source(from_file), str)  # workers load it from its file
    assert deck_source(built) is built  # no file to load: the small record travels instead
    specs = [MatchupSpec(from_file, built, "curve", "aggro", 0, "null"),
             MatchupSpec(built, from_file, "random", "control", 1, "null")]
    for backend in ("local", "ray"):
        run_matchups(specs, 90, 11, tmp_path / backend, detail="turns", backend=backend, chunk=20, progress=False)
    for table, keys in (("games", ["game_id"]), ("turns", ["game_id", "game_turn"])):
        local, remote = (pl.read_parquet(tmp_path / b / table / "*.parquet").sort(keys) for b in ("local", "ray"))
        assert local.height > 0 and local.equals(remote), table
    assert not list((tmp_path / "ray").glob("*/*.tmp"))
