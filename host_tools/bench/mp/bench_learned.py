"""The learned root knowledge's cost on the device: python -m host_tools.bench.pico --only learned.

    import bench_learned; bench_learned.main(GAME, SIZE)

For a game whose class names learned knowledge bits (Game.learned: Go's policy), a game of SIZE
after the game's bench opening (its moves that fit the board), prepared as a search prepares
it: the root's candidates, then Game.root_priors with the learned bits on, three times. Prints
`name value` lines: the live heap its first call keeps (the buffers the game keeps for it),
and the fastest call in microseconds (the first one included: nothing is made lazily after it).
"""

import gc

from stones.compat import octets, ticks_diff, ticks_us, zeros


def live():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def main(key, size):
    from stones.engine import registry

    cls = registry.game_class(key)
    game = cls(size)
    for name in dict(cls.bench)["opening"].split():
        try:
            move = game.grid.parse(name)
        except ValueError:  # off a smaller board
            continue
        if move and not game.reason(move):
            game.play(move)
    game.knowledge = cls.knowledge | cls.learned
    game.prepare()
    n = game.grid.count + 1
    moves, priors = zeros(n), octets(bytes(n))
    count = game.candidates(moves, priors)
    before = live()
    best = 0
    for i in range(3):
        start = ticks_us()
        game.root_priors(moves, priors, count)
        took = ticks_diff(ticks_us(), start)
        best = took if i == 0 or took < best else best
        if i == 0:
            print("learned_heap", live() - before)
    print("learned_us", best)
    print("candidates", count)
