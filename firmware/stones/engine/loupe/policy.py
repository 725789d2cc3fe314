"""Loupe's learned policy: its inputs (stones.engine.policy is the net's pass, the same for every
game; policyweights.py the weights, made by host_tools/fit/policy.py).

Inputs, PLANES a cell (`planes`), from the side to move's view: 0-4 policy.stones' (its
stones, the opponent's, on the board, the last two stones), then

    5 the turn's second stone is due (every cell)
    6 an empty cell next to two or more of its stones   7 ... of the opponent's
"""

from stones.compat import const
from stones.engine.policy import ON, stones

PLANES = const(8)


def planes(game, x, libs=None):
    """Write the inputs of game's position for the side to move into x (a bytearray of at least
    grid.length * PLANES, zeroed here; a cell's planes at p * PLANES). libs: unused."""
    stones(game, x, PLANES)
    cell = game.cell
    me = game.to_move
    second = game.turn_size() == 2 and game.stones_left() == 1
    offsets = game.offsets
    for p in game.grid.points:
        base = p * PLANES
        if second:
            x[base + 5] = ON
        if cell[p] & 3:
            continue
        mine = theirs = 0
        for d in offsets:
            c = cell[p + d] & 3
            if c == me:
                mine += 1
            elif c == 3 - me:
                theirs += 1
        if mine > 1:
            x[base + 6] = ON
        if theirs > 1:
            x[base + 7] = ON
