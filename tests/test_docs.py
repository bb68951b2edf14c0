"""The README and docs/ stay true to the tree: every repository path they name exists, and every link resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# A path into the repository: sim/run/runner.py, analysis/cards.py, decks/pso2/bosses/*.toml, docs/scale.md ...
PATH = re.compile(r"\b(?:sim|analysis|reports|tests|jobs|decks|docs)/[A-Za-z0-9_./*<>-]*")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def named_paths(text: str) -> set[str]:
    found = set()
    for m in PATH.finditer(text):
        path = m.group(0).rstrip(".,")
        # a placeholder such as decks/<game>/ or decks/GAME/*.toml stands for any game: check the part before it
        path = re.split(r"/(?:<[^>]*>|[A-Z][A-Z_]+)(?:/|$)", path)[0]
        found.add(path)
    return found


def anchors(text: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens."""
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", re.sub(r"```.*?```", "", text, flags=re.S), re.M)}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_named_path_exists(page):
    missing = [p for p in sorted(named_paths(page.read_text(encoding="utf-8")))
               if not (list(ROOT.glob(p)) if "*" in p else (ROOT / p).exists())]
    assert not missing, f"{page.name} names paths that do not exist: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    broken = []
    for link in LINK.findall(text):
        if re.match(r"[a-z]+:", link):
            continue
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(link)
        elif anchor and target.is_file() and anchor not in anchors(target.read_text(encoding="utf-8")):
            broken.append(link)
    assert not broken, f"{page.name} has broken links: {broken}"


def test_the_checks_see_a_stale_path():
    assert "sim/runner.py" in named_paths("the runner (`sim/runner.py`) and decks/<game>/cards.csv")
    assert not (ROOT / "sim/runner.py").exists()
    assert "decks" in named_paths("decks/<game>/cards.csv")
