"""Records against the command line: `to_dict()` is `ayo json`, `str()` is `ayo fmt`."""

from __future__ import annotations

import io
import json

import pytest

import ayo
from conftest import ayo as run_ayo, ayo_json_lines, record_fixtures

FIXTURES = record_fixtures()


def test_there_are_fixtures() -> None:
    assert len(FIXTURES) > 40


@pytest.mark.parametrize("path", FIXTURES)
def test_to_dict_is_ayo_json(path: str) -> None:
    expected = ayo_json_lines("json", path)
    games = list(ayo.read(path))
    assert [g.to_dict() for g in games] == expected
    assert [g.to_json() for g in games] == run_ayo("json", path).splitlines()
    for g, e in zip(games, expected):
        assert g.valid == e["valid"]
        assert g.tags == dict(e["tags"])
        assert g.result == e["result"]
        assert [d.to_dict() for d in g.errors] == e["errors"]
        assert [d.to_dict() for d in g.warnings] == e["warnings"]
        assert [m.to_dict() for m in g.moves] == e["moves"]


@pytest.mark.parametrize("path", FIXTURES)
def test_file_objects_and_strings_read_the_same(path: str) -> None:
    expected = [g.to_dict() for g in ayo.read(path)]
    with open(path, "rb") as f:
        assert [g.to_dict() for g in ayo.read(f)] == expected
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    if text.startswith("\ufeff"):
        return
    assert [g.to_dict() for g in ayo.read_string(text, name=path)] == expected


@pytest.mark.parametrize("path", [p for p in FIXTURES if "malformed" not in p])
def test_str_is_the_canonical_text(path: str) -> None:
    games = list(ayo.read(path))
    if any("raw" in g.to_dict() for g in games):
        pytest.skip("a game that does not parse has no canonical text")
    out = io.StringIO()
    ayo.write(games, out)
    assert out.getvalue() == run_ayo("fmt", path, ok=(0, 1, 2))


def test_move_fields() -> None:
    game = next(ayo.read("fixtures/opening-lecture.ayo"))
    first = game.moves[0]
    assert (first.ply, first.side, first.pit, first.claim) == (1, "south", "c", 7)
    assert first.capture == {"pit": "B", "seeds": 7, "capturing_seed": True}
    assert [lap["from"] for lap in first.laps] == ["c", "A", "F", "e", "E"]
    assert first.glyphs == ["!"]
    assert first.variations[0][0].pit == "b"
    assert first.stores == [7, 0]
    assert set(first.board) == {"south", "north"}
    assert isinstance(first.comments["after"], list)
    assert game.result is not None and game.result["winner"] == "south"


def test_diagnostics_carry_where_and_what() -> None:
    (game,) = ayo.read_string("1. cx6 *\n")
    assert not game.valid
    (d,) = game.errors
    assert (d.severity, d.line, d.column) == ("error", 1, 4)
    assert "claims 6 seeds, but the move captures 7" in d.message


def test_read_is_lazy() -> None:
    games = ayo.read("fixtures/corpus/season.ayo")
    first = next(games)
    assert first.index == 0
    assert next(games).index == 1


def test_write_to_a_path_round_trips(tmp_path) -> None:
    games = list(ayo.read("fixtures/corpus/season.ayo"))
    out = tmp_path / "out.ayo"
    ayo.write(games, out)
    again = list(ayo.read(str(out)))
    assert [str(g) for g in again] == [str(g) for g in games]


def test_game_html_is_the_viewer() -> None:
    game = next(ayo.read("fixtures/opening-lecture.ayo"))
    page = game.html()
    assert page.startswith("<!DOCTYPE html>") or page.lower().startswith("<!doctype html>")
    assert "Adebayo Ogunleye" in page
    assert "srcdoc=" in game._repr_html_()


def test_rules_override() -> None:
    (game,) = ayo.read_string("1. c *\n", rules="russ end=exhaustion")
    assert game.rules == "russ end=exhaustion"
    assert json.loads(game.to_json())["rules"] == "russ end=exhaustion"
