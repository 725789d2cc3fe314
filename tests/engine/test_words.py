"""Every number an engine keeps stays below 2**30, the Pico's small-int limit, for every game and
every board size it offers: the packed cells, the per-point and per-group tables, the
history and the undo log, after a random game and its undo. On MicroPython the 16-bit arrays
would refuse a larger value outright; CPython's lists would not, so the check is explicit."""

from stones.engine import registry
from stones.engine.rng import Rng

LIMIT = 1 << 30


def tables(game):
    """Every int table of the game object (lists, arrays, bytearrays), by attribute name."""
    out = {}
    for name in dir(game):
        if name.startswith("__"):
            continue
        value = getattr(game, name, None)
        if isinstance(value, (list, bytearray)) or type(value).__name__ == "array":
            if len(value) and isinstance(value[0], int):
                out[name] = value
    return out


def largest(game):
    top = 0
    where = ""
    for name, table in tables(game).items():
        for value in table:
            if isinstance(value, int) and value > top:
                top = value
                where = name
    return top, where


def test_every_word_stays_below_two_to_the_thirty_on_every_size():
    rng = Rng(2026)
    checked = 0
    for key in registry.keys():
        cls = registry.game_class(key)
        for size in cls.sizes:
            game = cls(size)
            moves = 0
            while not game.over and moves < min(3 * game.grid.count, 240):
                moves += 1
                legal = game.legal_moves()
                if legal and (rng.below(30) or game.reason(0)):
                    game.play(legal[rng.below(len(legal))])
                elif not game.reason(0):
                    game.play(0)
                else:
                    break
                if moves % 10 == 0:
                    top, where = largest(game)
                    assert top < LIMIT, (key, size, where, top)
            while game.count:
                game.undo()
            top, where = largest(game)
            assert top < LIMIT and game.count == 0
            checked += 1
    assert checked == sum(len(registry.game_class(k).sizes) for k in registry.keys())
