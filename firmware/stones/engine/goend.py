"""Go at the end of a game: which stones are dead, which are in seki. Loaded only then (the
marking screen, GTP final_score and final_status_list), so the engine that plays carries none
of it."""

from stones.compat import const
from stones.engine.game import BLACK, WHITE

_COLOUR = const(3)  # the packed cell byte's fields, as in go.py
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)


def estimate_dead(game, playouts=48, seed=1):
    """The stones that die in most of playouts played on from here (the passes set aside):
    each group is dead when its stones were lost in more than half of them. What players
    would agree at the end, estimated; the game is not changed. Allocates (a scratch game)."""
    scratch = type(game)(game.size, **game.settings)  # playouts with all of Go's knowledge
    cell = game.cell
    lost = bytearray(game.grid.length)
    playouts = min(max(playouts, 1), 255)
    for _ in range(playouts):
        scratch.copy_from(game)
        scratch.over = False
        scratch.passes = 0
        seed = scratch.playout(seed)
        after = scratch.cell
        for p in game.grid.points:
            x = cell[p] & _COLOUR
            if x and after[p] & _COLOUR != x:
                lost[p] += 1
    dead = []
    for p in game.grid.points:
        if cell[p] & _COLOUR and game.root[p] == p:
            group = game.group(p)
            if 2 * sum(lost[s] for s in group) > playouts * len(group):
                dead.extend(group)
    return sorted(dead)


def seki_stones(game):
    """Living stones in seki: groups touching an empty point that neither side can fill
    without putting its own group in atari (or is not allowed to), which lies next to living
    stones of both colours. Dead stones (marked) count as absent. Allocates."""
    cell = game.cell
    dead = game.dead
    offsets = game.offsets
    points = []
    c = game.to_move
    for p in game.grid.points:
        if cell[p] & _COLOUR:
            continue
        near = 0
        for d in offsets:
            y = cell[p + d] & _COLOUR
            if (y == BLACK or y == WHITE) and not dead[p + d]:
                near |= y
        if near != BLACK | WHITE:
            continue
        v = cell[p]
        if game.degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES) > 1:
            continue
        blocked = True
        over = game.over
        game.over = False  # reason() refuses everything once the game is over
        for colour in (BLACK, WHITE):
            game.to_move = colour
            if not game.reason(p) and not game._self_atari(p, colour):
                blocked = False
        game.to_move = c
        game.over = over
        if blocked:
            points.append(p)
    stones = set()
    for p in points:
        for d in offsets:
            q = p + d
            if cell[q] & _COLOUR in (BLACK, WHITE) and not dead[q]:
                stones.update(game.group(q))
    return sorted(stones)
