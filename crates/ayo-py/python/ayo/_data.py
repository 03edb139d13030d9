"""Data frames of games and moves (pandas, when it is installed)."""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Union

from ._records import read

PathLike = Union[str, "os.PathLike[str]"]


def game_row(d: Dict[str, Any]) -> Dict[str, Any]:
    """One row of ``per="game"``: fields of ``ayo json``, a pair by side as two columns."""
    result = d.get("result") or {}
    score = result.get("score") or [None, None]
    row: Dict[str, Any] = {"file": d.get("file"), "game": d.get("game")}
    for k, v in d.get("tags", {}).items():
        row[k] = v
    row.update(
        rules=d.get("rules"),
        setup=d.get("setup"),
        ply_count=len(d.get("moves", [])),
        capture_count=sum(1 for m in d.get("moves", []) if m.get("capture")),
        token=result.get("token"),
        south_score=score[0],
        north_score=score[1],
        winner=result.get("winner"),
        ended_by=result.get("ended_by"),
        decided_by=result.get("decided_by"),
        not_counted=result.get("not_counted"),
        valid=d.get("valid"),
        error_count=len(d.get("errors", [])),
        warning_count=len(d.get("warnings", [])),
    )
    return row


def move_rows(d: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The rows of ``per="move"``: each main-line move's fields of ``ayo json``."""
    rows = []
    for m in d.get("moves", []):
        cap = m.get("capture") or {}
        stores = m.get("stores") or [None, None]
        rows.append(
            {
                "file": d.get("file"),
                "game": d.get("game"),
                "ply": m.get("ply"),
                "number": m.get("number"),
                "side": m.get("side"),
                "pit": m.get("pit"),
                "claim": m.get("claim"),
                "lap_count": len(m.get("laps", [])),
                "capture_pit": cap.get("pit"),
                "seeds_captured": cap.get("seeds", 0),
                "capturing_seed": cap.get("capturing_seed"),
                "south_store": stores[0],
                "north_store": stores[1],
                "glyphs": " ".join(m.get("glyphs", [])),
            }
        )
    return rows


def to_pandas(paths: Union[PathLike, Iterable[PathLike]], per: str = "game") -> Any:
    """The games of ``paths`` as a pandas ``DataFrame``: a row a game
    (``per="game"``) or a row a main-line move (``per="move"``), with the field
    names of ``ayo json`` (docs/GLOSSARY.md). Needs pandas."""
    if per not in ("game", "move"):
        raise ValueError(f"per={per!r}: expected 'game' or 'move'")
    try:
        import pandas as pd  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as e:
        raise ImportError("ayo.to_pandas needs pandas: pip install pandas") from e
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    rows: List[Dict[str, Any]] = []
    for path in paths:
        for g in read(path):
            d = g.to_dict()
            if per == "game":
                rows.append(game_row(d))
            else:
                rows.extend(move_rows(d))
    return pd.DataFrame(rows)
