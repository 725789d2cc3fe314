"""OffShore's learned policy: its inputs (stones.engine.policy is the net's pass, the same for
every game; policyweights.py the weights, made by host_tools/fit/policy.py).

Inputs, PLANES a cell (`planes`), from the side to move's view: 0-4 policy.stones' (its
stones, the opponent's, on the board, the last two moves), then

    5 a cell of its territory (its groups' hulls)   6 a cell of the opponent's
    7 an empty cell of both territories
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
    for p in game.grid.points:
        base = p * PLANES
        mine = game.in_territory(me, p)
        theirs = game.in_territory(3 - me, p)
        if mine:
            x[base + 5] = ON
        if theirs:
            x[base + 6] = ON
        if mine and theirs and not cell[p] & 3:
            x[base + 7] = ON
