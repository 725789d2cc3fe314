"""Game.changes, what a board screen redraws after a move: the points whose stone differs
from a colour a point it was given, in the grid's order (as many as the buffer holds, and how
many there are), for every game on its smallest and largest board. Both runtimes (its loop is
native code on MicroPython)."""

from stones.compat import octets, zeros
from stones.engine import registry
from stones.engine.rng import Rng


def colours(game):
    shown = octets(bytes(game.grid.length))
    for p in game.grid.points:
        shown[p] = game.colour(p)
    return shown


def test_changes_are_the_points_whose_colour_differs_in_every_game():
    rng = Rng(27)
    for key in registry.keys():
        cls = registry.game_class(key)
        for size in (cls.sizes[0], cls.sizes[-1]):
            game = cls(size)
            out = zeros(game.grid.count)
            shown = colours(game)
            assert game.changes(shown, out) == 0, (key, size)
            tried = 0
            while not game.over and tried < 60:
                legal = game.legal_moves()
                if not legal:
                    break
                game.play(legal[rng.below(len(legal))])
                tried += 1
                if tried % 7:
                    continue
                n = game.changes(shown, out)
                expected = [p for p in game.grid.points if game.colour(p) != shown[p]]
                assert list(out[:n]) == expected, (key, size, tried)
                assert n > 0, (key, size, tried)
                few = zeros(2)  # a batch of two: the first two, and how many there are
                assert game.changes(shown, few) == n, (key, size, tried)
                assert list(few[:n]) == expected[:2], (key, size, tried)
                shown = colours(game)
                assert game.changes(shown, out) == 0, (key, size, tried)
            assert tried >= 7, (key, size)
