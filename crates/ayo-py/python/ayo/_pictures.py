"""Pictures: SVG boards (as ``ayo board --format svg`` draws them)."""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ._ayo import Position


def svg(position: Position, last_move: Optional[Tuple[Position, Any]] = None, ply: int = 1) -> str:
    """The board of ``position`` as SVG. ``last_move`` is ``(before, pit)``: the
    position the move was played from and its pit, whose laps and capture are
    marked (it must lead to ``position``)."""
    if last_move is None:
        return position.svg()
    before, pit = last_move
    after, _ = before.play(pit)
    if after != position:
        raise ValueError(f"last_move {pit!r} from {before.setup()!r} does not lead to {position.setup()!r}")
    return position.svg_after(before, pit, ply)
