"""The README stays true: its rules-option tables name every option with its default."""

from pathlib import Path

import pytest

from sim.games import ENGINES, get_engine

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", [g for g in ENGINES if g != "null"])
def test_every_rules_option_is_listed_with_its_default(game):
    for name, (default, _doc) in get_engine(game).OPTIONS.items():
        assert f"| `{name}` | {default} |" in README, name
