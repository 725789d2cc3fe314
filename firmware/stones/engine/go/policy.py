"""Go's learned policy: its inputs (stones.engine.policy is the net's pass, the same for every
game; policyweights.py the weights, made by host_tools/fit/policy.py).

Inputs, PLANES a point (`planes`), from the side to move's view:

    0 its stones          1 the opponent's stones     2 on the board (the edge shows as its end)
    3 its stones in atari 4 the opponent's in atari   5 its stones with two liberties
    6 the opponent's with two liberties               7 the last move
"""

from stones.compat import const
from stones.engine.policy import ON

PLANES = const(8)


def planes(game, x, libs=None):
    """Write the inputs of game's position for the side to move into x (a bytearray of at least
    grid.length * PLANES, zeroed here; a point's planes at p * PLANES). libs: a bytearray of
    grid.length to note each group's liberties in (made here if not given)."""
    grid = game.grid
    for i in range(len(x)):
        x[i] = 0
    if libs is None:
        libs = bytearray(grid.length)
    for i in range(len(libs)):
        libs[i] = 0  # a group's liberties + 1 at its root, once counted
    cell = game.cell
    root = game.root
    me = game.to_move
    for p in grid.points:
        c = cell[p] & 3
        base = p * PLANES
        x[base + 2] = ON
        if not c:
            continue
        mine = c == me
        x[base + (0 if mine else 1)] = ON
        r = root[p]
        n = libs[r] - 1
        if n < 0:
            n = game._count_liberties(r)
            libs[r] = n + 1
        if n == 1:
            x[base + (3 if mine else 4)] = ON
        elif n == 2:
            x[base + (5 if mine else 6)] = ON
    last = game.last_move()
    if last:
        x[last * PLANES + 7] = ON
