"""Stale numba caches are dropped per family when a family's or a shared source changes."""

from pathlib import Path

from sim.engine.numba_cache import drop_stale_caches


def make(pkg: Path, rel: str, body: str = "@njit\ndef f(): pass\n") -> Path:
    p = pkg / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(body)
    return p


def cache(pkg: Path, rel: str) -> Path:
    p = pkg / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("x")
    return p


def test_editing_a_helper_drops_its_family_and_a_shared_file_drops_all(tmp_path):
    make(tmp_path, "engine/kernel.py")
    core = make(tmp_path, "games/fftcg/core.py")
    make(tmp_path, "games/fftcg/engine.py")
    make(tmp_path, "games/coj/engine.py")
    make(tmp_path, "cli.py", "plain python\n")
    assert drop_stale_caches(tmp_path) == ["coj", "fftcg", "kernel"]
    ff = cache(tmp_path, "games/fftcg/__pycache__/engine.play-10.py311.nbi")
    cj = cache(tmp_path, "games/coj/__pycache__/engine.play-10.py311.nbi")
    assert drop_stale_caches(tmp_path) == []
    core.write_text("@njit\ndef f(): return 1\n")
    assert drop_stale_caches(tmp_path) == ["fftcg"]
    assert not ff.exists() and cj.exists()
    (tmp_path / "engine/kernel.py").write_text("@njit\ndef g(): pass\n")
    assert drop_stale_caches(tmp_path) == ["coj", "fftcg", "kernel"]
    assert not cj.exists()
    (tmp_path / "cli.py").write_text("other plain python\n")
    assert drop_stale_caches(tmp_path) == []


def test_editing_shared_constants_without_njit_drops_every_family(tmp_path):
    make(tmp_path, "games/fftcg/engine.py")
    make(tmp_path, "games/coj/engine.py")
    effects = make(tmp_path, "cards/effects.py", "E_OP = 0\n")
    assert drop_stale_caches(tmp_path) == ["coj", "fftcg"]
    ff = cache(tmp_path, "games/fftcg/__pycache__/engine.play-10.py311.nbi")
    effects.write_text("E_OP = 1\n")
    assert drop_stale_caches(tmp_path) == ["coj", "fftcg"]
    assert not ff.exists()


def test_the_cache_directory_follows_numba_cache_dir(tmp_path, monkeypatch):
    import sys

    import numba

    from sim.engine import numba_cache

    source = make(tmp_path, "pkg/engine.py")
    module = type(sys)("engine")
    module.__file__ = str(source)
    assert numba_cache.cache_dir(source) == source.parent / "__pycache__"
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "cache"))
    assert numba_cache.cache_dir(source).parent == tmp_path / "cache"
    assert numba_cache.needs_compiling(module)
    numba_cache.cache_dir(source).mkdir(parents=True)
    index = numba_cache.cache_dir(source) / "engine.play-3.py311.nbi"
    index.write_text("")
    assert not numba_cache.needs_compiling(module)
    assert drop_stale_caches(tmp_path) == ["engine"]  # a new family: its caches go, in the user cache dir too
    assert not index.exists()
    # each cache directory keeps its own marks: a run under NUMBA_CACHE_DIR leaves the default caches' unmarked,
    # so the next default run still drops them (before, one shared mark let it load a kernel of older sources)
    assert not (tmp_path / "__pycache__").exists()
    monkeypatch.setattr(numba.config, "CACHE_DIR", "")
    assert drop_stale_caches(tmp_path) == ["engine"]
    assert drop_stale_caches(tmp_path) == []
