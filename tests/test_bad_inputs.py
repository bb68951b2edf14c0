"""Every input of the bad-input corpus (tests/bad_inputs/cases.toml) is refused the same way:
exit 2, one line `error: <file or option>: <problem>`, no traceback, and a results directory
named in the command is left exactly as it was."""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "bad_inputs"
CASES = tomllib.loads((CORPUS / "cases.toml").read_text())["case"]
runner = CliRunner()


def snapshot(folder: Path) -> dict[str, str]:
    """Every file's sha256, except the lock file (it names the last process that held the lock)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != ".lock"}


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("finished") / "results"
    result = runner.invoke(app, ["simulate", str(ROOT / "decks/fftcg/aggro.toml"), str(ROOT / "decks/fftcg/control.toml"),
                                 "--engine", "null", "--games", "100", "--chunk", "50", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c["args"][:2]).replace("{", "").replace("}", "") + f" #{i}"
                                             for i, c in enumerate(CASES)])
def test_bad_input_is_one_line_and_changes_nothing(case: dict, finished: Path, tmp_path: Path) -> None:
    results = tmp_path / "results"
    shutil.copytree(finished, results)
    damaged = tmp_path / "damaged"
    shutil.copytree(finished, damaged)
    (damaged / "manifest.json").write_text("[]")
    regular = tmp_path / "a-file"
    regular.write_text("not a directory\n")
    (tmp_path / "big.toml").write_text('game = "fftcg"\n' + "# padding\n" * 200_000)
    places = {"{dir}": str(CORPUS), "{decks}": str(ROOT / "decks"), "{results}": str(results),
              "{damaged}": str(damaged), "{file}": str(regular), "{tmp}": str(tmp_path)}

    def fill(text: str) -> str:
        for key, value in places.items():
            text = text.replace(key, value)
        return text

    before = {d: snapshot(d) for d in (results, damaged)}
    result = runner.invoke(app, [fill(a) for a in case["args"]])
    output = result.stdout + result.stderr
    assert result.exit_code == 2, output
    assert "Traceback" not in output and isinstance(result.exception, SystemExit), output
    lines = output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    assert fill(case["where"]) in lines[0], lines[0]
    assert {d: snapshot(d) for d in (results, damaged)} == before
    assert regular.read_text() == "not a directory\n"


def test_unknown_want_value_warns() -> None:
    result = runner.invoke(app, ["odds", str(ROOT / "decks/fftcg/aggro.toml"), "--want", "1+ type=forwrd",
                                 "--samples", "0"])
    assert result.exit_code == 0, result.output
    assert "warning: --want: no card of" in result.stderr and "type=forwrd" in result.stderr


def test_every_rules_option_has_a_range_holding_its_default() -> None:
    from sim.engine.options import RANGES
    from sim.games import get_engine

    for game, ranges in RANGES.items():
        engine = get_engine(game)
        assert set(ranges) == set(engine.OPTIONS), game
        for name, (default, _) in engine.OPTIONS.items():
            low, high = ranges[name]
            assert low <= default <= high, (game, name)


def test_csv_cells_cannot_be_formulas(tmp_path: Path) -> None:
    import polars as pl

    from reports.write import write_csv

    write_csv(pl.DataFrame({"deck": ['=HYPERLINK("http://x","y")', "+1", "-2", "@a", "Fire"], "n": [1, 2, 3, 4, 5]}),
              tmp_path / "t.csv")
    assert pl.read_csv(tmp_path / "t.csv")["deck"].to_list() == [
        "'=HYPERLINK(\"http://x\",\"y\")", "'+1", "'-2", "'@a", "Fire"]


def test_markdown_passes_no_links_or_images() -> None:
    from reports.markdown import md

    text = md("[click](http://evil.example) ![x](https://evil.example/x.png) <b>")
    assert "](" not in text and "://" not in text and "<b>" not in text
