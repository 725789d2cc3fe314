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


def play(key, size, moves, think):
    """One game of the workload: think(game, budget, seed) chooses each of our moves at the top
    Pi level (the same seeds on every runtime and in host_tools/bench/pi.py's workers); returns
    how many of ours were played and a checksum of them."""
    from stones.engine import registry, search

    game = registry.new_game(key, size)
    budget = search.levels(game, pi=True)[-1]
    seed = 29
    count = check = 0
    while not game.over and count < moves:
        if game.to_move == 1:
            move = think(game, budget, seed + count)
            count += 1
            check = (check * 31 + move + 1) % 1000000007
            game.play(move)
        else:
            seed = game.playout(seed, 1)
    return count, check


def main(key, size, moves, nodes):
    from stones.engine.search import Search

    engine = Search(nodes)
    spent = []

    def timed(game, budget, seed):
        start = ticks_us()
        move = engine.think(game, budget, seed)
        spent.append(ticks_diff(ticks_us(), start))
        return move

    count, check = play(key, size, moves, timed)
    print("mean_us", sum(spent) // max(1, count))
    print("worst_us", max(spent) if spent else 0)
    print("count", count)
    print("moves", check)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
