"""Engine benchmark workload, run by the MicroPython unix port and by CPython alike.

    micropython bench_engine.py GAME SIZE MILLISECONDS

Prints `name value` lines: import heap, heap of one game in progress, random playouts a second
(uniform, knowledge 0, whatever the game's own knowledge; best of three rounds), moves per
playout, time to score a finished game. The heap figures are
gc.mem_alloc() after gc.collect(), relative to the heap before the import: live bytes, which is
what the engine costs a device (the playouts themselves allocate nothing).
"""

import gc
import sys

from stones.compat import ticks_diff, ticks_us


def live():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def main(key, size, budget_ms):
    base = live()
    from stones.engine import registry

    cls = registry.game_class(key)
    imported = live() - base
    game = cls(size)
    game.knowledge = 0  # the first release's random playouts (the heavy ones: bench_playouts.py)
    seed = 12345
    best = 0
    total_moves = 0
    total_games = 0
    for _ in range(3):
        games = 0
        start = ticks_us()
        while True:
            game.reset()
            seed = game.playout(seed)
            games += 1
            total_moves += game.count
            elapsed = ticks_diff(ticks_us(), start)
            if elapsed >= budget_ms * 1000 // 3:
                break
        total_games += games
        rate = games * 1_000_000 // max(1, elapsed)
        best = max(best, rate)
    in_progress = live() - base
    # scoring a finished game (the last playout's position)
    rounds = 0
    start = ticks_us()
    while rounds < 20:
        game.result()
        rounds += 1
    score_us = ticks_diff(ticks_us(), start) // rounds
    print("import_heap", imported)
    print("game_heap", in_progress)
    print("playouts_per_s", best)
    print("moves_per_playout", total_moves * 10 // total_games / 10)
    print("score_us", score_us)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
