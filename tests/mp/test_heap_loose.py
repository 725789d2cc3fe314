"""MicroPython only: Loose's play, flips, refused moves, undo and playouts allocate nothing,
proved with micropython.heap_lock()."""

import micropython

from stones.engine.game import NO_TRUE_LIBERTY, WHITE
from stones.engine.loose.rules import Loose


def _locked(function):
    """function() with the heap locked: any allocation raises MemoryError."""
    micropython.heap_lock()
    try:
        return function()
    finally:
        micropython.heap_unlock()


def _position(game, black, white):
    game.set_position([(1, game.parse(n)) for n in black.split()]
                      + [(2, game.parse(n)) for n in white.split()])
    return game


def test_loose_every_point_tried_then_undone_allocates_nothing():
    game = Loose()
    game.playout(5, 60)  # a middle game: groups, flips and refused points ahead
    start = game.state()
    points = [p for p in game.grid.points if not game.colour(p)]
    tried = [0, 0]

    def try_each():
        for p in points:
            if game._push(p):
                tried[1] += 1  # refused: the state is already back
            else:
                tried[0] += 1
                game.undo()

    _locked(try_each)
    assert game.state() == start
    assert tried[0] > 0 and tried[1] > 0


def test_loose_flips_and_a_refused_capture_allocate_nothing():
    # rules.md B1 (two groups flip at once) and B2/B3 (a capture refused after its flip)
    flips = _position(Loose(5), "A3 A1 C1", "A4 B3")
    flips.set_turn(WHITE)
    refused = _position(Loose(5), "A5 B4", "C5")
    refused.set_turn(WHITE)
    b2 = flips.parse("B2")
    a3 = refused.parse("A3")
    before = refused.state()

    def play():
        assert not flips._push(b2)
        flips.undo()
        assert refused._push(a3) == NO_TRUE_LIBERTY
        assert not refused.legal(a3)

    _locked(play)
    assert refused.state() == before
    flips.play(b2)
    assert flips.count_stones(1) == 1


def test_loose_whole_random_games_and_their_undo_allocate_nothing():
    # (reset() sits outside the lock: Game.reset's slice copies allocate a slice object)
    game = Loose()
    seed = 77
    total = 0

    def play_out():
        return game.playout(seed)

    for _ in range(10):
        game.reset()
        seed = _locked(play_out)
        total += game.count

    def take_back():
        n = game.count
        while game.count:
            game.undo()
        return n

    n = _locked(take_back)
    assert total > 300 and n > 30 and game.count == 0 and game.n_empty == 81


def test_loose_playouts_that_answer_the_last_stone_allocate_nothing():
    from stones.engine.loose.rules import REPLY

    game = Loose()
    game.knowledge = REPLY  # off by default (loose/rules.py): measured, it did not win
    seed = _locked(lambda: game.playout(17))
    assert game.over and game.count > 30 and seed
