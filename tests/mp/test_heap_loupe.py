"""MicroPython only: Loupe's moves, undo and random playouts allocate nothing, proved with
micropython.heap_lock(); scoring allocates only its small result lists."""

import gc

import micropython

from stones.engine.game import MID_TURN, PASS
from stones.engine.loupe.rules import Loupe


def _locked(function):
    """function() with the heap locked: any allocation raises MemoryError."""
    micropython.heap_lock()
    try:
        return function()
    finally:
        micropython.heap_unlock()


def _each_stone_then_undo(game):
    start = game.state()
    moves = [p for p in game.grid.points if game.legal(p)]
    refused = [p for p in game.grid.points if not game.cell[p] & 3 and not game.legal(p)]

    def play_each_then_undo():
        for p in moves:
            assert not game._push(p)
            game.undo()
        for p in refused:
            assert game._push(p)  # a reason code, nothing changed
        return len(moves)

    assert _locked(play_each_then_undo) > 0
    assert game.state() == start


def test_loupe_play_and_undo_allocate_nothing():
    game = Loupe()
    game.playout(5, 61)  # a middle game, a first stone due: C7 is checked for each
    assert game.stones_left() == 2
    _each_stone_then_undo(game)
    game.playout(6, 1)  # now a second stone is due
    assert game.stones_left() == 1
    _each_stone_then_undo(game)
    assert _locked(lambda: game.reason(PASS)) == MID_TURN


def test_loupe_whole_random_game_and_its_undo_allocate_nothing():
    game = Loupe()

    def play_out_then_take_back():
        game.playout(77)
        n = game.count
        while game.count:
            game.undo()
        return n

    moves = _locked(play_out_then_take_back)
    assert moves > 150 and game.count == 0 and game.n_empty == 217


def test_loupe_playouts_allocate_nothing_on_every_size():
    for size in (7, 11):
        game = Loupe(size)
        seed = 3
        for _ in range(3):
            game.reset()  # (outside the lock: the base's slice copies make slice objects)
            micropython.heap_lock()
            try:
                seed = game.playout(seed)
            finally:
                micropython.heap_unlock()
            assert game.over


def test_loupe_scoring_keeps_little():
    game = Loupe()
    game.playout(11)
    game.result()  # the first search makes its tables
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(5):
        game.result()
    gc.collect()
    assert gc.mem_alloc() - before < 64
