"""Every exception: typed, under `ayo.Error`, saying what was wrong."""

from __future__ import annotations

import pytest

import ayo


def test_the_hierarchy() -> None:
    for e in (ayo.ParseError, ayo.IllegalMove, ayo.RulesetError, ayo.TablesError):
        assert issubclass(e, ayo.Error)
    assert issubclass(ayo.Error, Exception)


def test_illegal_move_says_why_and_what_was_legal() -> None:
    pos = ayo.Position("0,0,0,0,1,2/1,0,0,0,0,0 20-24 S")
    with pytest.raises(ayo.IllegalMove) as e:
        pos.play("a")
    assert e.value.reason == "empty pit"
    assert e.value.legal == ["e", "f"]
    with pytest.raises(ayo.IllegalMove) as e:
        pos.play("A")
    assert e.value.reason == "not South's pit"


def test_endless_relay_is_illegal() -> None:
    games = list(ayo.read("fixtures/invalid/endless-relay.ayo"))
    bad = [g for g in games if not g.valid][0]
    pos = ayo.Position(bad.setup, bad.rules)
    with pytest.raises(ayo.IllegalMove) as e:
        pos.play(bad.moves[0].pit)
    assert e.value.reason.startswith("endless relay")
    assert e.value.legal == ["a", "b", "e", "f"]


def test_parse_errors() -> None:
    with pytest.raises(ayo.ParseError, match="set-up"):
        ayo.Position("4,4,4/4,4 0-0 S")
    (game,) = ayo.read_string("1. c {never closed\n")
    assert not game.valid
    with pytest.raises(ayo.ParseError) as e:
        str(game)
    assert (e.value.line, e.value.column) == (1, 6)
    with pytest.raises(ayo.ParseError):
        ayo.analyze(game)


def test_ruleset_errors() -> None:
    with pytest.raises(ayo.RulesetError, match="nonsense"):
        ayo.Ruleset("nonsense")
    with pytest.raises(ayo.RulesetError):
        ayo.Position(rules="russ pits=99")
    with pytest.raises(ayo.RulesetError):
        list(ayo.read("fixtures/canonical.ayo", rules="russ end=sometimes"))


def test_tables_errors(tmp_path) -> None:
    with pytest.raises(ayo.TablesError):
        ayo.Tables(tmp_path / "missing")
    with pytest.raises(ayo.TablesError):
        ayo.Tables(tmp_path).probe(ayo.Position())
    with pytest.raises(ayo.TablesError):
        ayo.best(ayo.Position(), depth=2, tables=tmp_path)


def test_bad_arguments_are_value_errors() -> None:
    pos = ayo.Position()
    for pit in (6, -1, "z", "ab", 10**30):
        with pytest.raises(ValueError):
            pos.play(pit)
    with pytest.raises(ValueError):
        pos.play(None)  # type: ignore[arg-type]
    for kw in ({"depth": -1}, {"depth": 0}, {"depth": 10**6}, {"nodes": 0}, {"time": -1.0}):
        with pytest.raises(ValueError):
            ayo.best(pos, **kw)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ayo.perft(pos, -1)
    with pytest.raises(ValueError):
        ayo.perft(pos, 1000)
    with pytest.raises(ValueError):
        ayo.random_games(10**12, 1)
    with pytest.raises(ValueError):
        ayo.random_games(-1, 1)
    with pytest.raises(ValueError):
        ayo.random_games(1, -1)
    with pytest.raises(ValueError):
        ayo.to_pandas("fixtures/canonical.ayo", per="ply")
    env = ayo.Env()
    env.reset()
    with pytest.raises(ValueError):
        env.step(6)
    with pytest.raises(ValueError):
        ayo.Env(max_steps=0)


def test_io_errors() -> None:
    with pytest.raises(OSError):
        list(ayo.read("fixtures/no-such-file.ayo"))
    with pytest.raises(TypeError):
        list(ayo.read(42))  # type: ignore[arg-type]


def test_a_search_can_be_interrupted() -> None:
    """Ctrl-C: the wait for the search checks for signals every 50 ms."""
    import _thread
    import signal
    import threading
    import time

    # A process started in the background of a shell without job control
    # inherits SIGINT ignored, and then `interrupt_main` does nothing: give
    # SIGINT Python's own handler for the length of the test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        # The time limit ends the abandoned search soon after (it runs on,
        # without the GIL, until a limit stops it); an uninterrupted call
        # would return after it and fail both checks.
        with pytest.raises(KeyboardInterrupt):
            ayo.best(ayo.Position(), depth=40, time=3.0)
        assert time.monotonic() - start < 2
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
