"""A Gymnasium-style environment, and batched random games."""

from __future__ import annotations

import random as _random
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from . import _ayo
from ._ayo import IllegalMove, Position, Ruleset

Observation = Tuple[int, ...]
Opponent = Union[None, str, Callable[[Position], Any]]


class Env:
    """An Ayoayo game as a Gymnasium environment (the same API, without needing
    gymnasium; ``gymnasium.make("ayo/Ayoayo-v0")`` when it is installed).

    An action is a pit, as an index into the row of the side to move (0 for its
    first pit). The observation is a tuple: the board (South's row, then North's,
    each from its owner's left), the two stores and the side to move (0 South,
    1 North). The reward is the seeds the agent's move captured, less those the
    opponent's answer captured. ``info["legal_actions"]`` lists the legal actions.

    With ``opponent=None`` the agent plays both sides (self-play), one move a
    step; with ``"random"`` or a callable ``f(position) -> pit`` the agent plays
    South and the opponent answers within the same step.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "svg"]}

    def __init__(
        self,
        rules: Union[str, Ruleset] = "russ",
        opponent: Opponent = None,
        setup: Optional[str] = None,
        max_steps: int = 10_000,
        render_mode: Optional[str] = None,
    ) -> None:
        if max_steps < 1:
            raise ValueError(f"max_steps {max_steps}: expected 1 or more")
        if opponent is not None and opponent != "random" and not callable(opponent):
            raise ValueError(f"opponent {opponent!r}: expected None, 'random' or a callable")
        self._start = Position(setup, rules)
        self._core = _ayo.EnvCore(self._start, max_steps)
        self._opponent = opponent
        self._rng = _random.Random()
        self.render_mode = render_mode
        pits = self._start.pits
        self.action_space: Any = None
        self.observation_space: Any = None
        try:  # Spaces only when gymnasium is installed.
            from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]

            total = sum(self._start.board["south"]) + sum(self._start.board["north"]) + sum(self._start.stores)
            self.action_space = spaces.Discrete(pits)
            self.observation_space = spaces.Box(0, max(total, 1), shape=(2 * pits + 3,), dtype=int)
        except ImportError:
            pass
        if opponent is None:
            self.step = self._core.step  # type: ignore[method-assign]

    @property
    def position(self) -> Position:
        """The position now."""
        return self._core.position

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Observation, Dict[str, Any]]:
        """Back to the start position: ``(observation, info)``. ``seed`` seeds the
        random opponent."""
        if seed is not None:
            self._rng.seed(seed)
        return self._core.reset()

    def step(self, action: int) -> Tuple[Observation, float, bool, bool, Dict[str, Any]]:
        """Plays ``action``: ``(observation, reward, terminated, truncated, info)``.
        An illegal action raises ``ayo.IllegalMove`` (its ``legal`` lists the legal
        pits); an action out of range raises ``ValueError``."""
        obs, reward, terminated, truncated, info = self._core.step(action)
        if terminated or truncated:
            return obs, reward, terminated, truncated, info
        pos = self._core.position
        if self._opponent == "random":
            answer: Any = self._rng.choice(info["legal_actions"])
        else:
            assert callable(self._opponent)
            answer = self._opponent(pos)
            if isinstance(answer, str):
                answer = ord(answer.lower()) - ord("a")
        obs, lost, terminated, truncated, info = self._core.step(answer)
        return obs, reward - lost, terminated, truncated, info

    def render(self) -> Optional[str]:
        """The position as its set-up string (``ansi``) or SVG (``svg``)."""
        if self.render_mode == "svg":
            return self.position.svg()
        if self.render_mode == "ansi":
            return self.position.setup()
        return None

    def close(self) -> None:
        """Nothing to release."""


def random_games(
    n: int, seed: int = 0, rules: Union[str, Ruleset] = "russ", setup: Optional[str] = None, max_plies: int = 10_000
) -> List[Tuple[str, Tuple[int, int], Optional[str]]]:
    """``n`` games of uniformly random legal moves, reproducible from ``seed``:
    each ``(moves, score, winner)``, ``moves`` the pits played as one string of
    letters, ``score`` the final ``(south, north)``, ``winner`` ``"south"``,
    ``"north"`` or ``None`` (a draw, or cut at ``max_plies``)."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError("n must be an int")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed {seed}: expected 0 to 2**64 - 1")
    return _ayo.random_games(n, seed, Position(setup, rules), max_plies)


def _register() -> None:
    """Registers ``ayo/Ayoayo-v0`` with gymnasium when it is installed: an ``Env``
    that is also a ``gymnasium.Env``, as ``gymnasium.make`` requires."""
    try:
        import gymnasium  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return

    class GymEnv(Env, gymnasium.Env):  # type: ignore[misc, unused-ignore]
        """``ayo.Env`` as a ``gymnasium.Env``."""

    if "ayo/Ayoayo-v0" not in gymnasium.registry:
        gymnasium.register(
            id="ayo/Ayoayo-v0",
            entry_point=GymEnv,  # type: ignore[arg-type, unused-ignore]
            disable_env_checker=True,
        )


__all__ = ["Env", "random_games", "IllegalMove"]
