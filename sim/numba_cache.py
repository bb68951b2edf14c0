"""Keep numba's on-disk cache honest across modules.

numba keys a cached function on its own source file only. Our kernels inline helpers from other
files (sim.kernel, sim.opening, each game's rules module) and freezes the module-level constants
they read (the column layouts of sim.effects, sim.compiled, sim.results), so an edit there would
leave stale machine code in the callers' caches. Files that define numba functions form families by name
(fftcg, fftcg_core and fftcg_policy are one); before anything compiles, each family's digest over
its own files and the shared ones is compared with the one recorded beside the caches, and the
family's caches are dropped if it moved.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
# Inlined into, or read as compile-time constants by, every family.
SHARED = ("kernel", "opening", "effects", "compiled", "results", "model", "profiles")


def numba_sources(package: Path = PACKAGE) -> list[Path]:
    return sorted(p for p in package.rglob("*.py") if p.name != "numba_cache.py" and b"@njit" in p.read_bytes())


def drop_stale_caches(package: Path = PACKAGE) -> list[str]:
    """Drop the caches of every family whose sources changed; returns those families.

    A read-only install (or any file error) is left alone.
    """
    try:
        sources = numba_sources(package)
        shared = [package / f"{name}.py" for name in SHARED if (package / f"{name}.py").is_file()]
        families: dict[str, list[Path]] = {}
        for p in sources:
            families.setdefault(p.stem.split("_")[0], []).append(p)
        dropped = []
        for family, files in sorted(families.items()):
            digest = hashlib.sha256()
            for path in sorted({*files, *shared}):
                digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
            mark = package / "__pycache__" / f"numba-{family}.sha256"
            if mark.is_file() and mark.read_text() == digest.hexdigest():
                continue
            for path in files:
                for cached in path.parent.glob(f"__pycache__/{path.stem}.*.nb[ic]"):
                    cached.unlink(missing_ok=True)
            mark.parent.mkdir(exist_ok=True)
            mark.write_text(digest.hexdigest())
            dropped.append(family)
        return dropped
    except OSError:
        return []


def needs_compiling(engine: ModuleType) -> bool:
    """True when the engine's module has no numba cache yet: its first call compiles it (minutes)."""
    path = Path(engine.__file__)
    return not any(path.parent.glob(f"__pycache__/{path.stem}.*.nbi"))
