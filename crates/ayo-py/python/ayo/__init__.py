"""``ayo``: Ayoayo (relay-sowing mancala) game records, rules, analysis and boards.

Built on the ``ayo`` Rust library: the same reader, rules, engine and outputs as the
``ayo`` command line, so ``Game.to_dict()`` is one line of ``ayo json``.

>>> import ayo
>>> pos = ayo.Position()
>>> pos.legal_moves()
['a', 'b', 'c', 'd', 'e', 'f']
>>> after, move = pos.play("c")
>>> move["capture"]["seeds"]
7
"""

from __future__ import annotations

from . import _ayo
from ._ayo import (
    Error,
    IllegalMove,
    ParseError,
    Position,
    Ruleset,
    RulesetError,
    TablesError,
    perft,
)
from ._records import Diagnostic, Game, Move, read, read_string, write
from ._pictures import svg
from ._analysis import Tables, analyze, best
from ._env import Env, random_games
from ._env import _register as _register_env
from ._data import to_pandas

_register_env()

__all__ = [
    "Error",
    "ParseError",
    "IllegalMove",
    "RulesetError",
    "TablesError",
    "Position",
    "Ruleset",
    "perft",
    "Game",
    "Move",
    "Diagnostic",
    "read",
    "read_string",
    "write",
    "svg",
    "best",
    "analyze",
    "Tables",
    "Env",
    "random_games",
    "to_pandas",
]

