"""Fault injection: concurrent runs into one directory, damaged parts (zero-length, flipped bytes,
another matchup's part) and a full disk. Each is noticed, reported in one line, and a rerun of the
same job repairs the dataset to exactly what an undisturbed run writes."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from test_runner import assert_same_dataset, specs  # tests/ is on sys.path (rootdir-relative imports)
from typer.testing import CliRunner

from sim.cli.app import app
from sim.errors import InputError
from sim.run import manifest, parts
from sim.run.lock import locked
from sim.run.runner import run_matchups

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
GAMES, CHUNK = 400, 100


def job(out: Path) -> Path:
    return run_matchups(specs(), GAMES, 3, out, detail="turns", chunk=CHUNK, progress=False)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return job(tmp_path_factory.mktemp("reference") / "out")


def one_error_line(result, *needles: str) -> str:  # noqa: ANN001
    output = result.stdout + result.stderr
    assert result.exit_code == 2, output
    (line,) = output.splitlines()
    assert line.startswith("error: ") and "Traceback" not in output
    for needle in needles:
        assert needle in line, line
    return line


def test_a_second_run_is_refused_naming_the_holder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with locked(out):
        result = runner.invoke(app, ["simulate", str(ROOT / "decks/fftcg/aggro.toml"),
                                     str(ROOT / "decks/fftcg/control.toml"), "--engine", "null", "--games", "10",
                                     "--out", str(out)])
        with pytest.raises(InputError, match="in use by another run"):
            run_matchups(specs(), 10, 1, out, progress=False)
    one_error_line(result, str(out), "in use by another run", f"pid {os.getpid()}", "started")
    assert sorted(p.name for p in out.iterdir()) == [".lock"]  # nothing written while locked out


def test_a_run_refused_the_lock_leaves_the_holders_directory_alone(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # both runs found no directory and both "created" it; the holder's lock file and unfinished manifest are
    # all it holds yet, which the refused run once took for its own leftovers and deleted under the holder
    out = tmp_path / "new"
    import sim.run.runner as runner_module

    def held_by_another(path: Path, shared: bool = False):  # noqa: ANN202
        (Path(path) / ".lock").write_text("{}")
        (Path(path) / manifest.MANIFEST).write_text("{}")
        raise InputError(path, "in use by another run")

    monkeypatch.setattr(runner_module, "locked", held_by_another)
    with pytest.raises(InputError, match="in use by another run"):
        run_matchups(specs(), 10, 1, out, progress=False)
    assert sorted(p.name for p in out.iterdir()) == [".lock", manifest.MANIFEST]


@pytest.mark.parametrize("attempt", range(3))
def test_concurrent_runs_never_mix_their_games(attempt: int, tmp_path: Path) -> None:
    out = tmp_path / "shared"
    decks = [str(ROOT / "decks/fftcg/aggro.toml"), str(ROOT / "decks/fftcg/control.toml")]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-m", "sim.cli.app", "simulate", *decks, "--engine", "null", "--games",
                               "300000", "--chunk", "10000", "--seed", str(seed), "--out", str(out)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
             for seed in (1, 2)]
    results = [(p.wait(timeout=600), *p.communicate()) for p in procs]
    codes = sorted(r[0] for r in results)
    assert codes == [0, 2], results
    loser = next(r for r in results if r[0] == 2)
    (line,) = loser[2].strip().splitlines()
    assert line.startswith("error: ") and ("in use by another run" in line or "different job" in line), line
    winner_seed = json.loads((out / "manifest.json").read_text())["job"]["seed"]
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games.height == 300_000 and games["seed"].unique().to_list() == [winner_seed]
    parts.verify(out, manifest.read(out))
    assert not list(out.rglob("*.tmp"))


def damage_zero_length(path: Path) -> None:
    path.write_bytes(b"")


def damage_flip_bytes(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for i in range(len(data) // 2, len(data) // 2 + 8):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))


def damage_other_matchup(path: Path) -> None:
    shutil.copy(path.parent / path.name.replace("part-0000-", "part-0001-"), path)


@pytest.mark.parametrize("damage", [damage_zero_length, damage_flip_bytes, damage_other_matchup])
def test_a_damaged_part_is_refused_by_report_and_replayed_by_a_rerun(damage, reference: Path,  # noqa: ANN001
                                                                      tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    part = out / "games" / "part-0000-0000000000.parquet"
    damage(part)
    result = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "report")])
    one_error_line(result, str(part), "run the same job again")
    assert not (tmp_path / "report").exists()
    capsys.readouterr()
    job(out)
    assert f"warning: {part}:" in capsys.readouterr().err
    assert_same_dataset(reference, out, "turns")
    parts.verify(out, manifest.read(out))
    result = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output


def test_a_part_that_is_not_of_this_job_is_refused(reference: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    stray = out / "games" / "part-0007-0000000000.parquet"
    shutil.copy(out / "games" / "part-0000-0000000000.parquet", stray)
    with pytest.raises(InputError, match="not a part of this job"):
        job(out)
    with pytest.raises(InputError, match="not recorded"):
        parts.verify(out, manifest.read(out))


def test_disk_full_is_one_line_keeps_what_was_written_and_resumes(reference: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    real = pl.DataFrame.write_parquet

    def disk_fills_up(self: pl.DataFrame, file, *args, **kwargs) -> None:  # noqa: ANN001
        # the disk fills up from the third chunk on (by the part's name: chunks are written on background threads)
        if int(Path(file).name.split("-")[2].split(".")[0]) < 200:  # two chunks of games + turns
            return real(self, file, *args, **kwargs)
        Path(file).write_bytes(b"PAR1 half a part")  # what a full disk leaves behind
        raise OSError(errno.ENOSPC, "No space left on device", str(file))

    monkeypatch.setattr(pl.DataFrame, "write_parquet", disk_fills_up)
    decks = [str(ROOT / "decks/fftcg/aggro.toml"), str(ROOT / "decks/fftcg/control.toml")]
    args = ["simulate", *decks, "--engine", "null", "--games", "500", "--chunk", "100", "--detail", "turns",
            "--out", str(out)]
    line = one_error_line(runner.invoke(app, args), "No space left on device", str(out))
    assert ".tmp" in line  # names the file that could not be written
    assert not list(out.rglob("*.tmp"))
    record = json.loads((out / "manifest.json").read_text())
    assert record["status"] == "failed" and len(record["parts"]) == 4
    parts.verify(out, record)
    monkeypatch.setattr(pl.DataFrame, "write_parquet", real)
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.output
    assert "resuming: 200 of 500 games" in again.stderr
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


def test_a_manifest_that_cannot_be_written_leaves_the_old_one_and_no_tmp(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    manifest.write(tmp_path, {"job": {}, "status": "running"})

    def full(tmp: Path, final: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp))

    monkeypatch.setattr(manifest, "durable_replace", full)
    with pytest.raises(OSError):
        manifest.write(tmp_path, {"job": {}, "status": "complete"})
    assert json.loads((tmp_path / "manifest.json").read_text())["status"] == "running"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json"]


def test_a_run_larger_than_the_free_disk_is_refused_in_one_line_leaving_nothing(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import namedtuple

    from sim import limits

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda path: usage(10**12, 10**12 - 10**9, 10**9))
    out = tmp_path / "out"
    result = runner.invoke(app, ["simulate", str(ROOT / "decks/fftcg/aggro.toml"), str(ROOT / "decks/fftcg/control.toml"),
                                 "--engine", "null", "--games", "4000000000", "--out", str(out)])
    assert result.exit_code == 2, result.output
    (error,) = result.stderr.splitlines()
    assert error.startswith(f"error: {out}: needs about 32.0 GB but the disk has 1.0 GB free")
    assert not out.exists()  # the directory this run made (and its lock) is gone


def test_parts_of_a_manifest_without_records_are_adopted_if_they_hold_their_games(
        reference: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    old = json.loads((out / "manifest.json").read_text())
    del old["parts"]  # as written before part records existed
    (out / "manifest.json").write_text(json.dumps(old))
    damage_other_matchup(out / "games" / "part-0000-0000000100.parquet")
    capsys.readouterr()
    job(out)
    assert "resuming: 700 of 800 games" in capsys.readouterr().err
    assert_same_dataset(reference, out, "turns")
    parts.verify(out, manifest.read(out))


def test_report_refuses_a_dataset_that_a_run_is_writing(reference: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    with locked(out):
        result = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "report")])
    one_error_line(result, str(out), "in use by another run", f"pid {os.getpid()}")
    with locked(out, shared=True):  # readers share the lock
        assert runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "report")]).exit_code == 0


def test_polars_reporting_a_full_disk_is_an_os_error_naming_the_part(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """polars raises ComputeError, not OSError, when the disk fills during write_parquet."""
    def full(self: pl.DataFrame, file, *args, **kwargs) -> None:  # noqa: ANN001
        raise pl.exceptions.ComputeError("No space left on device (os error 28)")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", full)
    with pytest.raises(OSError) as info:
        parts.write_part(tmp_path, "games/part-0000-0000000000.parquet", pl.DataFrame({"x": [1]}))
    assert info.value.errno == errno.ENOSPC and ".tmp" in info.value.filename
    assert not list(tmp_path.rglob("*.tmp"))


def test_an_unreachable_ray_address_is_refused_at_once() -> None:
    from sim.errors import InputError
    from sim.run.ray_backend import check_reachable

    with pytest.raises(InputError, match="cannot reach a Ray cluster at 127.0.0.1:9"):
        check_reachable("127.0.0.1:9", timeout=2)
    with pytest.raises(InputError, match="not HOST:PORT"):
        check_reachable("nowhere")
