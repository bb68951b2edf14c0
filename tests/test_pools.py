"""Card pool loading: the shared FFTCG / CoJ data files (read-only fixtures) and our generic pools."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.decks.pools import load_pool, load_pool_info
from sim.errors import InputError

DATA = Path("/work/shared/data")
SQUARE = DATA / "fftcg" / "cards_fftcgsim_square_api.json"
FFDECKS = DATA / "fftcg" / "cards_ffdecks_2019.json"
CATALOG = DATA / "coj" / "catalog.json"
needs_data = pytest.mark.skipif(not SQUARE.is_file() or not CATALOG.is_file(), reason="shared card data not present")


@needs_data
def test_square_ids_reprints_and_serials() -> None:
    pool = load_pool(SQUARE)
    dragoon = pool["1-147C"]
    assert pool["1-147"] is dragoon
    assert (dragoon.name, dragoon.type, dragoon.cost, dragoon.power, dragoon.elements) == (
        "Dragoon", "forward", 3, 6000, ("lightning",))
    assert dragoon.keywords == frozenset({"first_strike"})
    assert dragoon.generic  # FFDecks is_multi_playable
    # a reprint pair: both halves and the full id resolve; the original keeps its own record
    reprint = pool["6-006C/1-011C"]
    assert pool["6-006C"] is reprint and pool["6-006"] is reprint
    assert pool["1-011C"].code == "1-011C"
    assert pool["Re-001H"].code == "Re-001H/12-002H"


@needs_data
def test_multi_element_merge_from_ffdecks() -> None:
    shantotto = load_pool(SQUARE)["12-120C"]
    assert shantotto.elements == ("earth", "lightning")


@needs_data
def test_ex_burst_limit_break_and_skips() -> None:
    info = load_pool_info(SQUARE)
    cards = info.unique()
    assert len(cards) == 3853 - 7
    assert sum("EX BURST" in c.text for c in cards) == 465
    # the engine plays 374 of them: a character whose marked line is not modelled keeps no EX flag, so the
    # engine's fallback for text-less cards (its enter effects, 11.10.3) cannot stand in for it (377 until the
    # three-name searches were read on 2026-11-27: Gaius 9-007H's is his EX Burst; 382 until "gain 《C》", a Crystal,
    # stopped being read as CP on 2026-11-28: eight EX Bursts, such as Kefka 15-071H's, do only that)
    assert sum(c.ex_burst for c in cards) == 374
    assert info.cards["9-007H"].ex_burst and "EX BURST" in info.cards["9-007H"].text
    assert info.skipped == {"type crystal": ("C-007", "C-001", "C-002", "C-003", "C-004", "C-005", "C-006")}
    assert info.cards["22-113L"].lb_cost == 3
    assert info.cards["1-147C"].lb_cost == -1
    assert info.game == "fftcg" and info.format == "fftcg_square"


@needs_data
def test_ffdecks_file_alone() -> None:
    pool = load_pool(FFDECKS, "fftcg")
    assert pool["12-120"].elements == ("earth", "lightning")
    assert pool["1-147"].generic and pool["1-147"].keywords == frozenset({"first_strike"})


@needs_data
def test_coj_catalog_attributes() -> None:
    info = load_pool_info(CATALOG)
    pool = info.cards
    hound = pool["1-0-001"]
    assert (hound.name, hound.type, hound.cost, hound.bp, hound.elements, hound.job) == (
        "ブラッドハウンド", "unit", 1, (3000, 4000, 5000), ("red",), "獣")
    assert pool["1-0-011"].type == "evolution"  # advanced_unit
    joker = pool["インペイルメント"]
    assert (joker.type, joker.name, joker.cost) == ("joker", "DEATH", 1) and "gauge_small" in joker.tags
    virus = pool["＜ウィルス・炎＞"]
    assert virus.type == "unit" and "virus" in virus.tags and {"attack_ban", "block_ban"} <= virus.keywords
    assert info.skipped == {"no type or cost": ("1-0-118",)}
    assert len(pool) == 1724 - 1


@needs_data
def test_pool_is_cached_and_fast() -> None:
    first = load_pool_info(SQUARE)
    assert load_pool_info(SQUARE) is first


@needs_data
def test_wrong_game_for_file() -> None:
    with pytest.raises(InputError, match="fftcg card file"):
        load_pool(SQUARE, "coj")


def test_generic_csv_pool(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text("code,name,type,cost,elements,power,keywords,effects\n"
                    "FA-01,Flame Warrior,forward,2,fire|ice,7000,haste,enter:damage:3000:opp_character\n",
                    encoding="utf-8")
    card = load_pool(path, "fftcg")["FA-01"]
    assert card.elements == ("fire", "ice") and card.keywords == frozenset({"haste"}) and card.power == 7000
    assert card.effects[0].op == "damage" and card.effects[0].amount == 3000


def test_generic_json_pool(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"code": "U1", "name": "Unit", "type": "unit", "cost": 2, "color": "red",
                                 "bp": [3000, 4000, 5000]}]), encoding="utf-8")
    assert load_pool(path, "coj")["U1"].bp == (3000, 4000, 5000)


@pytest.mark.parametrize(("name", "content", "game", "message"), [
    ("missing.json", None, "fftcg", "not found"),
    ("bad.json", "[{", "fftcg", "malformed JSON"),
    ("cards.json", json.dumps([{"code": "A", "type": "forward", "cost": "two"}]), "fftcg", "'A'.*cost"),
    ("cards.json", json.dumps([{"code": "A", "type": "wizard"}]), "fftcg", "'A'.*type"),
    ("cards.csv", "code,type\nA,forward\n", None, "needs its game"),
    ("cards.csv", "code,type\nA,forward,extra\n", "fftcg", "more values"),
    ("cards.json", json.dumps({"not": "a list"}), "fftcg", "list of card objects"),
    ("cards.txt", "x", "fftcg", "unknown pool file type"),
    ("cards.json", json.dumps([{"code": "A", "type": "forward"}, {"code": "A", "type": "forward"}]), "fftcg",
     "defined twice"),
])
def test_bad_input(tmp_path: Path, name: str, content: str | None, game: str | None, message: str) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message) as info:
        load_pool(path, game)
    assert info.value.where == str(path)


def test_bad_field_in_real_format(tmp_path: Path) -> None:
    path = tmp_path / "square.json"
    path.write_text(json.dumps([{"id": "1-001H", "name": "X", "element": "fire", "type": "forward",
                                 "cost": "6", "power": 9000, "job": "", "category": "", "text": ""}]))
    with pytest.raises(InputError, match="'1-001H'.*'cost'"):
        load_pool(path)
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps([{"id": "1-0-001", "name": "x", "type": "unit", "color": 9, "cost": 1,
                                    "bp": [1, 2, 3], "species": [], "ability": ""}]))
    with pytest.raises(InputError, match="'1-0-001'.*color"):
        load_pool(catalog)
