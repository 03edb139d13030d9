"""The environment: episodes to the end under several rulesets, and random games."""

from __future__ import annotations

import random

import pytest

import ayo

RULESETS = ["russ", "russ end=exhaustion", "ayoayo", "endodoi", "russ leftovers=owner"]


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("opponent", [None, "random"])
def test_an_episode_plays_to_the_end(rules: str, opponent) -> None:
    env = ayo.Env(rules=rules, opponent=opponent)
    rng = random.Random(7)
    obs, info = env.reset(seed=7)
    pits = ayo.Ruleset(rules).pits
    assert len(obs) == 2 * pits + 3
    total = sum(obs[: 2 * pits + 2])
    steps = 0
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(rng.choice(info["legal_actions"]))
        steps += 1
        assert sum(obs[: 2 * pits + 2]) == total, "seeds are neither made nor lost"
        assert isinstance(reward, float)
    assert terminated, f"{rules}: cut after {steps} steps"
    assert info["winner"] in ("south", "north", None)
    assert env.position.is_over()
    assert env.position.outcome()["score"] == info["score"]


def test_the_reward_is_what_the_move_captured() -> None:
    env = ayo.Env()
    env.reset()
    obs, reward, *_ = env.step(2)
    assert reward == 7.0
    assert obs[12:14] == (7, 0)


def test_illegal_actions() -> None:
    env = ayo.Env(setup="0,0,0,0,1,2/1,0,0,0,0,0 20-24 S")
    _, info = env.reset()
    assert info["legal_actions"] == [4, 5]
    with pytest.raises(ayo.IllegalMove):
        env.step(0)


def test_a_callable_opponent() -> None:
    env = ayo.Env(opponent=lambda pos: pos.legal_moves()[0])
    obs, info = env.reset()
    obs, reward, terminated, truncated, info = env.step(2)
    assert info["side"] == "south"


def test_random_games_are_reproducible_and_legal() -> None:
    games = ayo.random_games(50, seed=3)
    assert games == ayo.random_games(50, seed=3)
    assert games != ayo.random_games(50, seed=4)
    for moves, score, winner in games[:10]:
        pos = ayo.Position()
        for pit in moves:
            pos, _ = pos.play(pit)
        assert pos.is_over()
        assert tuple(pos.outcome()["score"]) == score
        assert pos.outcome()["winner"] == winner


def test_gymnasium_registration() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    env = gymnasium.make("ayo/Ayoayo-v0")
    obs, info = env.reset(seed=1)
    assert info["legal_actions"]
