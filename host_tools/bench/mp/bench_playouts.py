"""Playout speed with and without a game's knowledge, on the MicroPython unix port and CPython.

    micropython bench_playouts.py GAME SIZE MILLISECONDS

Prints `light_per_s`, `heavy_per_s` (best of three rounds each, from seed 12345) and the moves a
playout of each: light is knowledge 0 (uniform random moves, the first release's playouts),
heavy the game's own knowledge bits (Go: atari replies, 3x3 shapes, self-atari refusal).
"""

import sys

from stones.compat import ticks_diff, ticks_us


def rate(game, knowledge, budget_ms):
    game.knowledge = knowledge
    seed = 12345
    best = 0
    moves = games = 0
    for _ in range(3):
        start = ticks_us()
        n = 0
        while True:
            game.reset()
            seed = game.playout(seed)
            moves += game.count
            n += 1
            elapsed = ticks_diff(ticks_us(), start)
            if elapsed >= budget_ms * 1000 // 3:
                break
        games += n
        best = max(best, n * 1000000 // max(1, elapsed))
    return best, moves * 10 // games / 10


def main(key, size, budget_ms):
    from stones.engine import registry

    game = registry.new_game(key, size)
    heavy = game.knowledge
    light_rate, light_moves = rate(game, 0, budget_ms)
    heavy_rate, heavy_moves = rate(game, heavy, budget_ms)
    print("light_per_s", light_rate)
    print("light_moves", light_moves)
    print("heavy_per_s", heavy_rate)
    print("heavy_moves", heavy_moves)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
