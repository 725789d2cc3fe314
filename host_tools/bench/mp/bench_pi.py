"""The top Raspberry Pi level's moves, timed by whichever runtime runs this (bench/pi.py).

    python|micropython bench_pi.py GAME SIZE MOVES NODES

Plays one game from the empty board: our side (the first player) thinks at the top Raspberry Pi
level with a fresh tree of NODES nodes every move, the other side answers with one move of the
game's playout from a fixed seed, until MOVES of ours or the end. Budgets count work and the
seeds are fixed, so every runtime plays the same moves: ``moves`` (a checksum of them) lets the
caller check that it timed the same searches everywhere. Prints ``mean_us`` (a move, on the
runtime's own clock), ``worst_us``, ``count`` and ``moves``.
"""

import sys

from stones.compat import ticks_diff, ticks_us


def main(key, size, moves, nodes):
    from stones.engine import registry, search

    game = registry.new_game(key, size)
    budget = search.levels(game, pi=True)[-1]
    engine = search.Search(nodes)
    seed = 29
    total = worst = count = check = 0
    while not game.over and count < moves:
        if game.to_move == 1:
            start = ticks_us()
            move = engine.think(game, budget, seed + count)
            spent = ticks_diff(ticks_us(), start)
            total += spent
            worst = max(worst, spent)
            count += 1
            check = (check * 31 + move + 1) % 1000000007
            game.play(move)
        else:
            seed = game.playout(seed, 1)
    print("mean_us", total // max(1, count))
    print("worst_us", worst)
    print("count", count)
    print("moves", check)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
