"""MicroPython only: OffShore's hot paths allocate nothing, proved with micropython.heap_lock()."""

import micropython
from support import position

from stones.engine.offshore.rules import OffShore


def _locked(function, game):
    """function(game) with the heap locked: any allocation raises MemoryError."""
    micropython.heap_lock()
    try:
        return function(game)
    finally:
        micropython.heap_unlock()


def _play_each_then_undo(game):
    """Ask reason() about every cell, play each legal one and undo it, then a pass; return how
    many placements were played."""
    played = 0
    for p in game.grid.points:
        code = game.reason(p)
        if game._push(p) != code:
            raise AssertionError("reason and _push disagree")
        if not code:
            played += 1
            game.undo()
    game._push(0)
    game.undo()
    return played


def test_offshore_play_and_undo_of_every_move_allocate_nothing():
    for setting in ("strong", "weak"):
        game = OffShore(territory=setting)
        game.playout(5, 14)  # a middle game: groups, merges and hulls ahead
        start = game.state()
        assert _locked(_play_each_then_undo, game) > 3
        assert game.state() == start


def _capture_and_undo(game):
    e5 = game.grid.index(1, 1)
    d4 = game.grid.index(0, 0)
    if game._push(e5) or game.colour(d4) or game.ngroups[2]:
        raise AssertionError("e5 should capture d4 d5")
    game.undo()


def test_offshore_capture_and_its_undo_allocate_nothing():
    game = position(OffShore(), black="c3 d3 e3 c5 d6", white="d4 d5")  # O4: e5 captures
    start = game.state()
    _locked(_capture_and_undo, game)
    assert game.state() == start


def _play_out_then_take_back(game):
    """20 random games, each undone back to the empty board (reset() copies slices, which
    allocates); return moves played << 16 | stones captured (a tuple would allocate)."""
    seed = 77
    moves = captured = 0
    for _ in range(20):
        seed = game.playout(seed)
        moves += game.count
        t = game.top  # the log, top last: each placement's captured stones, then their number
        while t:
            n = game.log[t - 1]
            captured += n
            t -= n + 1
        while game.count:
            game.undo()
    return moves << 16 | captured


def test_offshore_whole_random_games_and_their_undo_allocate_nothing():
    for size, setting in ((4, "strong"), (4, "weak"), (7, "strong")):
        game = OffShore(size, territory=setting)
        both = _locked(_play_out_then_take_back, game)
        moves, captured = both >> 16, both & 0xFFFF
        assert moves > 20 * 20 and captured > 20
        assert game.count == 0 and game.n_empty == game.grid.count
