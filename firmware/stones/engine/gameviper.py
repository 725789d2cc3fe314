# pyright: reportUndefinedVariable=false
# (ptr8 and ptr16 are viper's casts, known only to the viper compiler: no stub declares them)
"""Game.first_players and Game.unmark_moves (game.py) as viper code, for MicroPython ports with
a native emitter: the search asks them after every playout, over every move the playout played,
and in bytecode the two loops cost a fair part of what a viper playout costs.

They read the history words, whose layout game.py defines: the move in bits 0-8, the colour
that played it in bits 9-10. Game._viper looks this module up; game.py's loops stay the
reference, and tests/engine/test_searchviper.py requires the same marks from both.

The host build compiles this module only for a native architecture (host_tools/device/build.py).
"""

from micropython import const

_MOVE = const(0x1FF)


@micropython.viper
def first_players(game, start: int, marks):
    """Game.first_players: marks[p] = the colour that first played p from move start on."""
    history = ptr16(game.history)
    mark = ptr8(marks)
    count = int(game.count)
    i = start
    while i < count:
        word = history[i]
        p = word & _MOVE
        if p != 0 and mark[p] == 0:
            mark[p] = word >> 9 & 3
        i += 1


@micropython.viper
def unmark_moves(game, start: int, marks):
    """Game.unmark_moves: marks zeroed at every point played from move start on."""
    history = ptr16(game.history)
    mark = ptr8(marks)
    count = int(game.count)
    i = start
    while i < count:
        mark[history[i] & _MOVE] = 0
        i += 1
