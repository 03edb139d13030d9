"""The engine and the tables against `ayo best`, `ayo analyze` and `ayo tables probe`."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import ayo
from conftest import ROOT, ayo as run_ayo, ayo_json_lines, record_fixtures

SETUPS = [
    ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "russ"),
    ("1,1,1,0,0,0/0,1,0,0,0,0 23-21 S", "russ"),
    ("0,0,0,0,1,2/1,0,0,0,0,0 20-24 S", "russ"),
    ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", "russ end=exhaustion"),
    ("4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S", "endodoi pits=8"),
]


def without_ms(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "ms"}


@pytest.mark.parametrize("setup,rules", SETUPS[:-1])
@pytest.mark.parametrize("limit", [("depth", 6), ("nodes", 5000)])
def test_best_is_ayo_best(setup: str, rules: str, limit: tuple) -> None:
    name, value = limit
    (expected,) = ayo_json_lines("best", "--setup", setup, "--rules", rules, f"--{name}", str(value), "--format", "json")
    got = ayo.best(ayo.Position(setup, rules), **{name: value})
    assert without_ms(got) == without_ms(expected)


def test_best_on_eight_pits() -> None:
    setup, rules = SETUPS[-1]
    (expected,) = ayo_json_lines("best", "--setup", setup, "--rules", rules, "--depth", "3", "--format", "json")
    assert without_ms(ayo.best(ayo.Position(setup, rules), depth=3)) == without_ms(expected)


def test_an_undecided_relay_is_an_error_as_in_the_cli() -> None:
    setup, rules = "4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S", "endodoi pits=8"
    stderr = run_ayo("best", "--setup", setup, "--rules", rules, "--depth", "6", ok=(2,))
    assert stderr == ""
    with pytest.raises(ayo.Error, match="undecided at the lap limit"):
        ayo.best(ayo.Position(setup, rules), depth=6)


def test_best_default_depth_is_the_cli_default() -> None:
    setup = "1,1,1,0,0,0/0,1,0,0,0,0 23-21 S"
    (expected,) = ayo_json_lines("best", "--setup", setup, "--format", "json")
    assert without_ms(ayo.best(ayo.Position(setup))) == without_ms(expected)


ANALYZED = [p for p in record_fixtures() if "malformed" not in p and "relays" not in p][:12]


@pytest.mark.parametrize("path", ANALYZED)
def test_analyze_is_ayo_analyze(path: str) -> None:
    expected = ayo_json_lines("analyze", path, "--depth", "3", "--format", "json")
    got = []
    for game in ayo.read(path):
        a = ayo.analyze(game, depth=3)
        if a is not None:
            got.append(a)
    assert got == expected


@pytest.fixture(scope="module")
def tables_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("tables")
    for rules in ("russ", "russ end=exhaustion"):
        run_ayo("tables", "build", "--dir", str(d), "--rules", rules, "--max-seeds", "5", ok=(0,))
    return d


def small_positions(rules: str):
    """Every position of up to 5 seeds on a few boards, both sides to move."""
    rows = ["0,0,0,0,1,2", "1,0,0,0,0,0", "0,1,0,1,0,0", "0,0,0,0,0,1", "2,0,0,0,0,0"]
    for south, north, side in itertools.product(rows, rows, "SN"):
        seeds = sum(map(int, south.split(","))) + sum(map(int, north.split(",")))
        if seeds > 5:
            continue
        yield f"{south}/{north} {24 - seeds // 2}-{24 - (seeds - seeds // 2)} {side}"


@pytest.mark.parametrize("rules", ["russ", "russ end=exhaustion"])
def test_probe_is_ayo_tables_probe(tables_dir: Path, rules: str) -> None:
    tables = ayo.Tables(tables_dir)
    count = 0
    for setup in small_positions(rules):
        try:
            pos = ayo.Position(setup, rules)
        except ayo.ParseError:
            continue
        (expected,) = ayo_json_lines("tables", "probe", "--dir", str(tables_dir), "--rules", rules, "--setup", setup, "--format", "json")
        assert tables.probe(pos) == expected, setup
        count += 1
    assert count >= 10


def test_best_answers_from_tables(tables_dir: Path) -> None:
    setup = "0,0,0,0,1,2/1,0,0,0,0,0 20-24 S"
    (expected,) = ayo_json_lines("best", "--setup", setup, "--tables", str(tables_dir), "--depth", "4", "--format", "json")
    got = ayo.best(ayo.Position(setup), depth=4, tables=ayo.Tables(tables_dir))
    assert without_ms(got) == without_ms(expected)
    assert "move_outcomes" in got


def mid_positions():
    """The position half way through the first game of every fixture that has one."""
    for path in record_fixtures():
        if "malformed" in path:
            continue
        game = next(iter(ayo.read(str(ROOT / path))), None)
        if game is None or game.setup is None or game.rules is None:
            continue
        pos = ayo.Position(game.setup, game.rules)
        played = [m for m in game.moves if m.to_dict().get("board") is not None]
        for m in played[: len(played) // 2]:
            pos, _ = pos.play(m.pit)
        yield pytest.param(pos.setup(), game.rules, id=path)


@pytest.mark.parametrize("setup,rules", list(mid_positions()))
def test_best_on_every_fixture(setup: str, rules: str) -> None:
    run = ["best", "--setup", setup, "--rules", rules, "--depth", "4", "--format", "json"]
    lines = ayo_json_lines(*run)
    pos = ayo.Position(setup, rules)
    if not lines:  # The command line refused it (an undecided relay): so does Python.
        with pytest.raises(ayo.Error):
            ayo.best(pos, depth=4)
        return
    (expected,) = lines
    assert without_ms(ayo.best(pos, depth=4)) == without_ms(expected)
