"""Positions, rulesets and perft against the command line."""

from __future__ import annotations

import json

import pytest

import ayo
from conftest import ayo as run_ayo, ayo_json_lines

START = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
SETUPS = [
    (START, "russ"),
    ("0,0,0,0,1,2/1,0,0,0,0,0 20-24 S", "russ"),
    ("1,1,1,0,0,0/0,1,0,0,0,0 23-21 S", "russ"),
    ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", "russ end=exhaustion"),
    ("4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S", "endodoi pits=8"),
]


def test_start_position() -> None:
    pos = ayo.Position()
    assert pos.setup() == START
    assert pos.side == "south"
    assert pos.board == {"south": [4] * 6, "north": [4] * 6}
    assert pos.stores == (0, 0)
    assert pos.legal_moves() == list("abcdef")
    assert not pos.is_over() and pos.outcome() is None
    assert repr(pos) == f"Position({START!r}, rules='russ')"


def test_play_returns_a_new_position_and_the_move() -> None:
    pos = ayo.Position()
    after, move = pos.play("c")
    assert pos.setup() == START, "positions are immutable"
    assert after.setup() == "6,6,2,7,0,6/1,0,6,6,0,1 7-0 N"
    assert move["capture"] == {"pit": "B", "seeds": 7, "capturing_seed": True}
    assert [lap["from"] for lap in move["laps"]] == ["c", "A", "F", "e", "E"]
    again, _ = pos.play(2)
    assert again == after and hash(again) == hash(after)
    assert after != pos
    assert len({pos, after, again}) == 2


def test_the_moves_agree_with_ayo_json() -> None:
    game = next(ayo.read("fixtures/opening-lecture.ayo"))
    pos = ayo.Position(game.setup, game.rules)
    for m in game.moves:
        pos, info = pos.play(m.pit)
        for key in ("side", "pit", "laps", "capture", "stores", "board"):
            assert info[key] == m.to_dict()[key], (m, key)
    assert pos.is_over()
    outcome = pos.outcome()
    assert outcome is not None and game.result is not None
    assert outcome["score"] == game.result["score"]
    assert outcome["winner"] == game.result["winner"]
    assert outcome["ended_by"] == game.result["ended_by"]


@pytest.mark.parametrize("setup,rules", SETUPS)
def test_perft_is_ayo_perft(setup: str, rules: str) -> None:
    expected = [line["node_count"] for line in ayo_json_lines("perft", "--setup", setup, "--rules", rules, "--format", "json", "4")]
    assert ayo.perft(ayo.Position(setup, rules), 4) == expected


@pytest.mark.parametrize("setup,rules", SETUPS)
def test_svg_is_ayo_board(setup: str, rules: str) -> None:
    pos = ayo.Position(setup, rules)
    expected = run_ayo("board", "--setup", setup, "--rules", rules, "--format", "svg")
    assert pos._repr_svg_().strip() == expected.strip()
    assert ayo.svg(pos) == pos._repr_svg_()


def test_svg_marks_the_last_move() -> None:
    pos = ayo.Position()
    after, _ = pos.play("c")
    drawn = ayo.svg(after, last_move=(pos, "c"))
    assert 'class="played"' in drawn
    with pytest.raises(ValueError):
        ayo.svg(after, last_move=(pos, "d"))


def test_ruleset_keys_are_attributes() -> None:
    r = ayo.Ruleset("russ end=exhaustion")
    assert str(r) == "russ end=exhaustion"
    assert r.end == "exhaustion"
    assert r.pits == 6 and r.seeds == 4
    assert r.skip_origin == getattr(r, "skip_origin")
    assert [k for k, _ in r.items()] == list(ayo.Ruleset.keys)
    assert r == ayo.Ruleset("russ end=exhaustion") and hash(r) == hash(ayo.Ruleset("russ end=exhaustion"))
    with pytest.raises(AttributeError):
        r.colour
    assert ayo.Position(rules=r).rules == r


def test_endodoi_board() -> None:
    pos = ayo.Position(rules="endodoi")
    assert pos.pits == ayo.Ruleset("endodoi").pits
    assert len(pos.legal_moves()) == pos.pits
