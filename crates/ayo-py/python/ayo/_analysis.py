"""Analysis: the engine's best move, a game's verdicts, endgame-table probes."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Optional, Union

from . import _ayo
from ._ayo import Position
from ._records import Game

PathLike = Union[str, "os.PathLike[str]"]


def _tables_dir(tables: Any) -> Optional[str]:
    if tables is None:
        return None
    if isinstance(tables, Tables):
        return os.fspath(tables.dir)
    path: str = os.fspath(tables)
    return path


def best(
    position: Position,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    tables: Union[None, PathLike, "Tables"] = None,
    max_laps: Optional[int] = None,
) -> Dict[str, Any]:
    """The engine's move in ``position``: the object ``ayo best --format json``
    prints (``best``, ``value``, ``exact``, ``depth``, ``limit``, ``move_values``, …).

    Without a limit it searches to depth 10, as the command line does; ``time`` is
    in seconds. ``tables`` is a directory of endgame tables (``AYO_TABLES`` when
    ``None``). The GIL is released while it searches; Ctrl-C interrupts it.
    """
    if not isinstance(position, Position):
        raise TypeError(f"ayo.best expects a Position, not {type(position).__name__}")
    raw = _ayo.best(position, depth, nodes, time, _tables_dir(tables), max_laps)
    result: Dict[str, Any] = json.loads(raw)
    return result


def analyze(
    game: Game,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    tables: Union[None, PathLike, "Tables"] = None,
    blunder: int = 8,
    mistake: int = 4,
    inaccuracy: int = 2,
    rules: Any = None,
) -> Optional[Dict[str, Any]]:
    """The verdict on every main-line move of ``game``: the object ``ayo analyze
    --format json`` prints for it; ``None`` when the game cannot be judged (its
    rules or start position cannot be read). A game that could not be parsed
    raises ``ParseError``."""
    if not isinstance(game, Game):
        raise TypeError(f"ayo.analyze expects a Game, not {type(game).__name__}")
    raw = _ayo.analyze(
        game._g, depth, nodes, time, _tables_dir(tables), blunder, mistake, inaccuracy,
        None if rules is None else str(rules),
    )
    if raw is None:
        return None
    result: Dict[str, Any] = json.loads(raw)
    return result


class Tables:
    """Exact endgame tables in a directory (built with ``ayo tables build``)."""

    def __init__(self, dir: PathLike) -> None:
        self._t = _ayo.Tables(os.fspath(dir))

    @property
    def dir(self) -> str:
        """The directory."""
        return os.fspath(self._t.dir)

    def probe(self, position: Position) -> Dict[str, Any]:
        """The table's answer for ``position``: the object ``ayo tables probe
        --format json`` prints (``net_gain``, ``outcome``, ``exact_score``,
        ``move_net_gains``, …). ``TablesError`` when the tables do not hold it."""
        result: Dict[str, Any] = json.loads(self._t.probe(position))
        return result

    def __repr__(self) -> str:
        return f"Tables({self.dir!r})"
