"""MicroPython only: hot paths allocate nothing, proved with micropython.heap_lock()."""

import micropython

from stones.engine.go.rules import Go

Go().prepare()  # the heavy playouts' pattern table loads once, at the first playout: not locked


def _locked(function):
    """function() with the heap locked: any allocation raises MemoryError."""
    micropython.heap_lock()
    try:
        return function()
    finally:
        micropython.heap_unlock()


def test_go_play_and_undo_allocate_nothing():
    game = Go()
    game.playout(5, 40)  # a middle game: groups, captures and merges ahead
    start = game.state()
    moves = [p for p in game.grid.points if game.legal(p)]

    def play_each_then_undo():
        for p in moves:
            assert not game._push(p)
            game.undo()

    _locked(play_each_then_undo)
    assert game.state() == start


def test_go_whole_random_game_and_its_undo_allocate_nothing():
    game = Go()
    game.prepare()  # the move loop and tables, as the search's begin() does

    def play_out_then_take_back():
        game.playout(77)
        n = game.count
        while game.count:
            game.undo()
        return n

    moves = _locked(play_out_then_take_back)
    assert moves > 50 and game.count == 0 and game.n_empty == 81


def test_go_light_and_heavy_playouts_and_the_settled_count_allocate_nothing():
    for knowledge in (0, Go.knowledge):  # version 0.1's uniform playouts, and the heavy ones
        game = Go()
        game.knowledge = knowledge
        game.prepare()
        _locked(lambda g=game: g.playout(31))
        assert game.over and game.count > 50
    game = Go()
    game.playout(9, 60)  # (its first playout prepares the game)
    game.play(0)
    game.play(0)
    assert game.over
    winner = _locked(lambda: game.settled_winner(5))  # a playout past the passes, then a count
    assert winner in (1, 2, 0) and game.over


def test_go_candidates_reading_ladders_allocate_nothing():
    from array import array

    from support import position

    from stones.engine.go.rules import LADDERS

    moves = array("H", bytes(2 * 128))
    priors = bytearray(128)
    for white in ("D4", "D4 G7"):  # the ladder works; a stone on its way breaks it
        game = position(Go(), black="C4 D5 D3 E3", white=white)
        game.set_turn(2)
        assert game.knowledge & LADDERS
        game.prepare()  # tables and the feature array, as the search's begin() does
        start = game.state()
        n = _locked(lambda g=game: g.candidates(moves, priors))
        assert n > 70 and game.state() == start
        e4 = game.parse("E4")
        prior = [priors[i] for i in range(n) if moves[i] == e4][0]
        assert (prior < 128) == (white == "D4")
