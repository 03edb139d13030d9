"""Data frames (pandas, when installed)."""

from __future__ import annotations

import pytest

import ayo
from conftest import ayo_json_lines


def test_per_game_and_per_move() -> None:
    pytest.importorskip("pandas")
    path = "fixtures/corpus/season.ayo"
    expected = ayo_json_lines("json", path)
    games = ayo.to_pandas(path, per="game")
    assert len(games) == len(expected)
    assert list(games["winner"]) == [e["result"]["winner"] for e in expected]
    assert list(games["valid"]) == [e["valid"] for e in expected]
    moves = ayo.to_pandas([path], per="move")
    assert len(moves) == sum(len(e["moves"]) for e in expected)
    assert {"ply", "side", "pit", "claim", "seeds_captured", "south_store", "north_store"} <= set(moves.columns)
    first = moves.iloc[0]
    assert (first["ply"], first["pit"]) == (1, expected[0]["moves"][0]["pit"])
