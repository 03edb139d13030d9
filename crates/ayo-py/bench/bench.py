"""Speed of the Python package (BENCHMARKS.md, "Python"): records read and
replayed a second against python-chess, Env.step and random_games. Timed in CPU
time: the build machine is often shared, and load stretches the wall clock.

    python crates/ayo-py/bench/bench.py AYO_CORPUS [CHESS_PGN]

AYO_CORPUS: games of `ayo generate`; CHESS_PGN: the bench-peer generator's chess
games (`cargo run --release -- generate N` in bench-peer/), when python-chess is
installed.
"""

from __future__ import annotations

import sys
import time

import ayo


def ayo_records(path: str) -> None:
    start = time.process_time()
    games = plies = valid = 0
    for g in ayo.read(path):
        games += 1
        plies += g._g.ply_count
        valid += g.valid
    secs = time.process_time() - start
    print(f"ayo.read + replay: {games} games ({valid} valid), {plies} plies in {secs:.2f} s: {plies / secs:,.0f} plies/s")


def chess_records(path: str, limit: int) -> None:
    import chess.pgn

    start = time.process_time()
    games = plies = 0
    with open(path, encoding="utf-8") as f:
        while games < limit:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
            games += 1
    secs = time.process_time() - start
    print(f"python-chess read_game + replay: {games} games, {plies} plies in {secs:.2f} s: {plies / secs:,.0f} plies/s")


def env_steps(episodes: int) -> None:
    env = ayo.Env()
    step = env.step
    steps = 0
    start = time.process_time()
    for _ in range(episodes):
        obs, info = env.reset()
        done = False
        while not done:
            obs, reward, terminated, truncated, info = step(info["legal_actions"][0])
            steps += 1
            done = terminated or truncated
    secs = time.process_time() - start
    print(f"Env.step: {steps} steps in {secs:.2f} s: {steps / secs:,.0f} steps/s")


def random_games(n: int) -> None:
    start = time.process_time()
    ayo.random_games(n, seed=1)
    secs = time.process_time() - start
    print(f"random_games: {n} games in {secs:.2f} s: {n / secs:,.0f} games/s")


if __name__ == "__main__":
    ayo_records(sys.argv[1])
    if len(sys.argv) > 2:
        chess_records(sys.argv[2], 5000)
    env_steps(20000)
    random_games(200_000)
