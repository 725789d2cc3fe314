"""MicroPython only: the computer player thinks without allocating, proved with
micropython.heap_lock(). Only the first begin() for a kind of game allocates (the scratch game and
its tables); after that begin, every step and best_move allocate nothing, move after move, and
so does keeping the tree across moves (begin's keep: the subtree found, compacted, re-rooted)."""

import gc
import sys

import micropython

from stones.engine import registry
from stones.engine.search import Search, levels

GAMES = (("go", 9), ("loose", 9), ("loupe", 9), ("offshore", 4))


def _think_locked(search, game, work, seed, keep=False):
    """begin, the steps and best_move with the heap locked: any allocation raises MemoryError."""
    micropython.heap_lock()
    try:
        search.begin(game, work, seed, None, keep)
        while not search.step(3):
            pass
        return search.best_move()
    finally:
        micropython.heap_unlock()


def _forget_engines():
    """Drop the games' modules, as the app does at its menu (a Pico holds one engine at a time;
    from source, all four and their compilation do not fit the Pico-sized heap together)."""
    for name in registry.unneeded_modules(None):
        del sys.modules[name]
        package, _, module = name.rpartition(".")
        if hasattr(sys.modules.get(package), module):
            delattr(sys.modules[package], module)
    gc.collect()


def _fresh(key, size, seed, fill):
    """A new search and a game of key played at random for a fill of its points, alone in the
    heap with its engine."""
    _forget_engines()
    search = Search()
    game = registry.new_game(key, size)
    game.playout(seed, game.grid.count // fill)
    return search, game


def test_thinking_allocates_nothing():
    for key, size in GAMES:
        search = game = None
        search, game = _fresh(key, size, 3, 3)  # a middle game: captures and flips about
        search.begin(game, 10, 1)  # the first begin for this game makes the scratch game
        work = levels(game)[1]
        for i in range(6):  # several moves: Loupe's second stones, Go's captures, passes
            if game.over:
                break
            move = _think_locked(search, game, work, i + 2)
            assert game.reason(move) == 0, (key, move)
            game.play(move)
            game.playout(i + 5, 1)  # the opponent's reply


def test_a_tree_that_fills_up_allocates_nothing():
    search = Search(40)
    game = registry.new_game("go", 9)
    search.begin(game, 10, 1)
    move = _think_locked(search, game, 3000, 4)
    assert search.n_nodes <= 40 and game.reason(move) == 0


def test_counting_the_pass_that_ends_a_game_allocates_nothing():
    # After the opponent's pass, the root counts a pass of its own as the ended game
    # (search._settle: settled_winner, which plays the dead stones out), for every game.
    for key, size in GAMES:
        search = game = None
        search, game = _fresh(key, size, 7, 2)
        while not game.can_pass():  # Loupe: a pass only between turns
            game.playout(9, 1)
        game.play(0)  # the opponent passes
        assert game.pass_ends(), key
        search.begin(game, 10, 1)
        move = _think_locked(search, game, levels(game)[0], 5)
        assert game.reason(move) == 0, (key, move)


def test_keeping_the_tree_across_moves_allocates_nothing():
    for key, size in GAMES:
        search = game = None
        search, game = _fresh(key, size, 5, 3)
        search.begin(game, 10, 1)
        work = levels(game)[-1]  # the top Pico level: trees deep enough to keep
        kept = 0
        for i in range(6):
            if game.over:
                break
            move = _think_locked(search, game, work, i + 2, True)
            if search.visits[0] > search.playouts:
                kept += 1  # this search went on from the last one's tree
            assert game.reason(move) == 0, (key, move)
            game.play(move)
            node = search._follow(game)
            best = -1
            if node > 0 and i % 3 < 2:  # the reply the tree studied most (pushed, not refused)
                first = search.first[node]
                for j in range(first, first + search.kids[node]):
                    if search.move[j] & 0x600 == 0x200 and (
                            best < 0 or search.visits[j] > search.visits[best]):
                        best = j
            if best >= 0:
                game.play(search.move[best] & 0x1FF)
            else:  # another reply: most likely a fresh tree
                game.playout(i + 5, 1)
        assert kept, key


def test_pondering_in_pieces_allocates_nothing():
    # The app's pondering: a playout in pieces of a few moves (Search.ponder), heap locked.
    for key, size in GAMES:
        search = game = None
        search, game = _fresh(key, size, 4, 3)
        search.begin(game, 10, 1)
        micropython.heap_lock()
        try:
            search.begin(game, levels(game)[1], 3, None, True)
            while not search.ponder(5):
                pass
            move = search.best_move()
        finally:
            micropython.heap_unlock()
        assert search.playouts > 0 and game.reason(move) == 0, key


def test_sequential_halving_allocates_nothing():
    # Tuning.halving: the survivors chosen at begin, the turns, each phase's halving and the
    # survivor as the move, with a fresh tree, a kept one and pondering in pieces.
    from stones.engine.game import Tuning

    for key, size in GAMES:
        search = game = None
        search, game = _fresh(key, size, 6, 3)
        cls = type(game)
        given = {name: getattr(cls.tuning, name) for name in dir(Tuning) if name[0] != "_"}
        given["halving"] = 8
        tuning = Tuning(**given)
        search.begin(game, 10, 1, tuning)
        halved = 0
        for i in range(4):
            if game.over:
                break
            micropython.heap_lock()
            try:
                search.begin(game, levels(game)[-1], i + 2, tuning, True)
                halved += search.alive > 1
                while not search.step(3):
                    pass
                move = search.best_move()
                if i == 2:
                    search.begin(game, levels(game)[1], 7, tuning, True)
                    while not search.ponder(5):
                        pass
                    move = search.best_move()
            finally:
                micropython.heap_unlock()
            assert game.reason(move) == 0, (key, move)
            game.play(move)
            game.playout(i + 5, 1)
        assert halved, key
