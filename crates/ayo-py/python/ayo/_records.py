"""Records: games read from files and strings, their moves and diagnostics."""

from __future__ import annotations

import json
import os
from typing import IO, Any, Dict, Iterable, Iterator, List, Optional, Union

from . import _ayo


class Diagnostic:
    """A problem found in a record: its severity, where it stands and what it says."""

    __slots__ = ("severity", "line", "column", "message")

    def __init__(self, severity: str, line: int, column: int, message: str) -> None:
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Diagnostic":
        """A diagnostic from its JSON form (``ayo json``'s ``errors`` and ``warnings``)."""
        return cls(d["severity"], d["line"], d["column"], d["message"])

    def to_dict(self) -> Dict[str, Any]:
        """The JSON form, as in ``ayo json``."""
        return {"severity": self.severity, "line": self.line, "column": self.column, "message": self.message}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Diagnostic) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.severity, self.line, self.column, self.message))

    def __repr__(self) -> str:
        return f"<Diagnostic {self.severity} {self.line}:{self.column}: {self.message}>"


class Move:
    """One move of a game's line, with the fields of ``ayo json``'s moves.

    ``ply``, ``number``, ``side`` (``"south"``/``"north"``), ``pit`` (its letter),
    ``claim`` (the seeds written after ``x``, or ``None``), ``laps`` (dicts with
    ``from``, ``seeds``, ``sown`` and ``skipped``), ``capture`` (a dict with ``pit``,
    ``seeds`` and ``capturing_seed``, or ``None``), ``stores``, ``board`` (``south`` and
    ``north`` rows), ``glyphs``, ``nags``, ``comments`` (``before`` and ``after``) and
    ``variations`` (lists of moves). A move that was not played has no board.
    """

    __slots__ = ("_d",)

    def __init__(self, d: Dict[str, Any]) -> None:
        self._d = d

    def __getattr__(self, name: str) -> Any:
        if name == "variations":
            return [[Move(m) for m in line] for line in self._d["variations"]]
        try:
            return self._d[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self) -> Dict[str, Any]:
        """The move's JSON object."""
        return self._d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._d == other._d

    def __hash__(self) -> int:
        return hash(json.dumps(self._d, sort_keys=True))

    def __repr__(self) -> str:
        claim = "" if self._d.get("claim") is None else f"x{self._d['claim']}"
        return f"<Move ply {self._d.get('ply')} {self._d.get('pit')}{claim}>"


class Game:
    """A game read from a record and replayed, every move verified.

    ``str(game)`` is its canonical ``.ayo`` text; ``to_dict()`` is one line of
    ``ayo json``.
    """

    __slots__ = ("_g", "_dict")

    def __init__(self, native: "_ayo.NativeGame") -> None:
        self._g = native
        self._dict: Optional[Dict[str, Any]] = None

    def to_dict(self) -> Dict[str, Any]:
        """The game as ``ayo json`` writes it (one line, parsed)."""
        if self._dict is None:
            self._dict = json.loads(self._g.json())
        return self._dict

    def to_json(self) -> str:
        """The game's line of ``ayo json`` (without the line break)."""
        return self._g.json().decode("utf-8")

    @property
    def tags(self) -> Dict[str, str]:
        """The tag pairs, in file order."""
        return dict(self._g.tags)

    @property
    def valid(self) -> bool:
        """No error found (warnings may remain)."""
        return self._g.valid

    @property
    def file(self) -> str:
        """The file (or the name given) the game was read from."""
        return self._g.file

    @property
    def index(self) -> int:
        """The game's place in its input, from 0."""
        return self._g.index

    @property
    def rules(self) -> Optional[str]:
        """The canonical ruleset string; ``None`` when the ``Rules`` tag is unreadable."""
        return self._g.rules

    @property
    def setup(self) -> Optional[str]:
        """The start position's set-up string; ``None`` when it is unknown."""
        return self.to_dict().get("setup")

    @property
    def moves(self) -> List[Move]:
        """The main line's moves."""
        return [Move(m) for m in self.to_dict()["moves"]]

    @property
    def result(self) -> Optional[Dict[str, Any]]:
        """The result ``ayo json`` gives: ``token``, ``score``, ``winner``, ``ended_by``,
        ``decided_by`` and ``not_counted``; ``None`` for a game that could not be parsed."""
        result: Optional[Dict[str, Any]] = self.to_dict()["result"]
        return result

    @property
    def errors(self) -> List[Diagnostic]:
        """Every error found: each makes the game invalid."""
        return [Diagnostic.from_dict(d) for d in self.to_dict()["errors"]]

    @property
    def warnings(self) -> List[Diagnostic]:
        """Every warning found."""
        return [Diagnostic.from_dict(d) for d in self.to_dict()["warnings"]]

    def __str__(self) -> str:
        return self._g.text()

    def __repr__(self) -> str:
        tags = self._g.tags
        names = {k: v for k, v in tags}
        who = f"{names.get('South', '?')} - {names.get('North', '?')}"
        return f"<Game {self.file}#{self.index + 1} {who} ({self._g.ply_count} plies, {'valid' if self.valid else 'invalid'})>"

    def _repr_html_(self) -> str:
        # The viewer is a whole page; Jupyter shows it in a frame of its own.
        page = self._g.html()
        import html as _html

        return (
            '<iframe style="width:100%;height:620px;border:0" srcdoc="'
            + _html.escape(page, quote=True)
            + '"></iframe>'
        )

    def html(self) -> str:
        """The offline HTML viewer page of ``ayo html`` for this game."""
        return self._g.html()


Source = Union[str, "os.PathLike[str]", IO[bytes], IO[str]]


def _rules_text(rules: Any) -> Optional[str]:
    return None if rules is None else str(rules)


def read(source: Source, rules: Any = None) -> Iterator[Game]:
    """Yields the games of a file (a path, or a file object) one at a time, each
    replayed; memory stays flat on any size. ``rules`` replaces every record's
    ``Rules`` tag (as ``--rules``)."""
    if isinstance(source, (str, os.PathLike)):
        native = _ayo.read_path(os.fspath(source), _rules_text(rules))
    elif hasattr(source, "read"):
        name = getattr(source, "name", None)
        native = _ayo.read_file(source, name if isinstance(name, str) else "<stream>", _rules_text(rules))
    else:
        raise TypeError(f"ayo.read expects a path or a file object, not {type(source).__name__}")
    for g in native:
        yield Game(g)


def read_string(text: str, rules: Any = None, name: str = "<string>") -> List[Game]:
    """The games of a string, replayed; ``name`` is the file name their JSON and
    diagnostics give."""
    if not isinstance(text, str):
        raise TypeError(f"ayo.read_string expects a str, not {type(text).__name__}")
    return [Game(g) for g in _ayo.read_text(text, name, _rules_text(rules))]


def write(games: Iterable[Game], file: Union[str, "os.PathLike[str]", IO[str]]) -> None:
    """Writes games as canonical ``.ayo`` text, a blank line between two, to a path
    or a text file object."""
    texts = (str(g) for g in games)
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8", newline="\n") as f:
            _write_all(texts, f)
    else:
        _write_all(texts, file)


def _write_all(texts: Iterable[str], f: IO[str]) -> None:
    for i, t in enumerate(texts):
        if i:
            f.write("\n")
        f.write(t)
