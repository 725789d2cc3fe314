"""Loose's learned policy: its inputs (stones.engine.policy is the net's pass, the same for every
game; policyweights.py the weights, made by host_tools/fit/policy.py).

Inputs, PLANES a point (`planes`), from the side to move's view: 0-4 policy.stones' (its
stones, the opponent's, on the board, the last two moves), then

    5 a false point (empty, no empty neighbour, both colours next to it: no true liberty)
    6 its stones whose group has one true liberty   7 the opponent's (they flip when it goes)
"""

from stones.compat import const
from stones.engine.policy import ON, stones

PLANES = const(8)


def planes(game, x, libs=None):
    """Write the inputs of game's position for the side to move into x (a bytearray of at least
    grid.length * PLANES, zeroed here; a point's planes at p * PLANES). libs: unused (the pass's
    buffers offer it: Go notes liberties there)."""
    stones(game, x, PLANES)
    cell = game.cell
    me = game.to_move
    for p in game.grid.points:
        c = cell[p] & 3
        if not c:
            if game.is_false(p):
                x[p * PLANES + 5] = ON
        elif game._true_liberty(p):
            x[p * PLANES + (6 if c == me else 7)] = ON
