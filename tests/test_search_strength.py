"""sim.bench.search_strength: the paired, seat-swapped comparison and its `--against` / `--no-mirror` table."""

from pathlib import Path

import pytest

from sim.bench import search_strength

DECK = str(Path(__file__).resolve().parents[1] / "decks" / "fftcg" / "aggro.toml")


def test_against_other_policy_without_mirror(capsys: pytest.CaptureFixture[str]) -> None:
    search_strength.main([DECK, "--new", "curve", "--old", "control", "--against", "aggro", "--no-mirror",
                          "--games", "6", "--seed", "3"])
    out = capsys.readouterr().out
    head = out.splitlines()[0]
    assert head == "| deck | curve vs aggro | control vs aggro | difference vs aggro |"
    assert "curve vs control" not in out
    assert "CPU seconds: new " in out and "mirror" not in out.splitlines()[-1]


def test_mirror_column_scores_a_policy_against_itself_as_even(capsys: pytest.CaptureFixture[str]) -> None:
    search_strength.main([DECK, "--new", "curve", "--old", "curve", "--games", "6", "--seed", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| deck | curve vs curve | curve vs curve |")
    # the same policy in both seats of a deal: seat A's win in one game is seat B's in the other
    assert lines[-2].split(" | ")[1].startswith("50.0%")
    assert lines[-2].split(" | ")[4].startswith("0.0 pts")


def test_unknown_policy_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        search_strength.main([DECK, "--against", "bogus"])
    assert exc.value.code == 2
    assert "unknown policy 'bogus'" in capsys.readouterr().err
