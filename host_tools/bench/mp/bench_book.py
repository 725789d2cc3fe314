"""The opening book's cost on the device: python -m host_tools.bench.pico --only book.

    import bench_book; bench_book.main(GAME, SIZE)

For a board with an opening book (Game.opening), the book's lookup (engine/book.py's choose,
as the search's begin asks it) on the empty board, in the book, and after the book's depth, out
of it, three times each. Prints `name value` lines: the fastest lookup in microseconds in and
out of the book, the live heap the book's import keeps, and the book's bytes.
"""

import gc

from stones.compat import ticks_diff, ticks_us


def live():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def fastest(game):
    from stones.engine.book import choose

    best = None
    for seed in (1, 2, 3):
        start = ticks_us()
        choose(game, seed)
        took = ticks_diff(ticks_us(), start)
        best = took if best is None or took < best else best
    return best


def main(key, size):
    from stones.engine import book, registry  # noqa: F401 (its code, before the heap's count)

    game = registry.game_class(key)(size)
    base = live()
    found = game.opening()
    if found is None:
        print("book_bytes 0")
        return
    print("book_heap %d" % (live() - base))
    print("book_bytes %d" % len(found[1]))
    print("in_book_us %d" % fastest(game))
    while game.count < found[0]:
        game.play(game.legal_moves()[0])
    print("out_of_book_us %d" % fastest(game))
