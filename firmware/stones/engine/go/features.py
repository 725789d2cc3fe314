"""Go's learnt priors: the features of a move that the tree's priors weigh, and the priors
themselves (Go.candidates with the PRIORS knowledge). host_tools/fit/goprior.py fits the weights
(prior.py) to GNU Go's moves with this same code. Loaded by Go.prepare() for the computer
player, so that two humans playing never load it.
"""

from stones.compat import const, micropython
from stones.engine.square import is_eye

_COLOUR = const(3)  # the packed cell byte's fields, as in rules.py
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_MOVE = const(0x1FF)  # the move bits of a history word

# The features of a move, indices into Go.feat.
_F_PATTERN = const(0)
_F_CAPTURE = const(1)
_F_ESCAPE = const(2)
_F_SELF_ATARI = const(3)
_F_NEAR = const(4)
_F_NEAR2 = const(5)
_F_LINE = const(6)
FEATURES = const(7)  # how many
_EDGES = const(6561)  # prior.PATTERN: 3**8 neighbourhoods inside, then 3**5 on an edge,
_CORNERS = const(6804)  # then 3**3 in a corner


def frames(w):
    """The neighbour orders of the pattern code (features) on a board of stride w, indexed by
    the edges a point touches (1 left, 2 right, 4 bottom, 8 top). Each is a frame of the 3x3
    square, with U the way up from the edge and R the way along it, read row by row:

        U-R  U  U+R
        -R   .   R        inside: all eight; on an edge, off the board below: the first five;
        -U-R -U -U+R      in a corner, off the board below and left: U, U+R, R.

    Every frame is the inner one turned, so a shape has the same code on every edge (the
    table's weights do not depend on the turn: host_tools/fit/goprior.py gives every code the
    weight of its whole class of rotations and reflections)."""

    def frame(u, r):
        return (u - r, u, u + r, -r, r, -u - r, -u, -u + r)

    bottom = frame(w, 1)
    top = frame(-w, -1)
    left = frame(1, -w)
    right = frame(-1, w)
    frames = {0: bottom}
    for kind, f in ((4, bottom), (8, top), (1, left), (2, right)):
        frames[kind] = f[:5]
    for kind, f in ((5, bottom), (6, right), (10, top), (9, left)):
        frames[kind] = (f[1], f[2], f[4])
    return tuple(frames.get(kind, ()) for kind in range(16))  # () for no point's kind


def _distance(x, y, q, w):
    """features' distance from column x, row y (mailbox) to point q on a board of stride w:
    dx + dy + max(dx, dy), at most 9; 0 when q is 0 (no move, or a pass)."""
    if not q:
        return 0
    dx = x - q % w
    dy = y - q // w
    dx = -dx if dx < 0 else dx
    dy = -dy if dy < 0 else dy
    d = dx + dy + (dx if dx > dy else dy)
    return d if d < 9 else 9


@micropython.native
def priors(game, moves, priors):
    """Go.candidates with PRIORS: every empty point but the ko point and the mover's own eyes,
    with 128 plus the weight of each of its features (prior.py's prior points); -1 - n if
    some move escapes from atari (Go reads the ladders then). The game must be prepared."""
    weights = game.weights
    table = weights.PATTERN
    levels = weights.LEVELS
    capture = weights.CAPTURE
    escape = weights.ESCAPE
    self_atari = weights.SELF_ATARI
    near = weights.NEAR
    near2 = weights.NEAR2
    lines = weights.LINE
    feat = game.feat
    empty = game.empty
    c = game.to_move
    ko = game.ko
    n = 0
    escapes = False
    for i in range(game.n_empty):
        p = empty[i]
        if p == ko or is_eye(game, p, c):
            continue
        features(game, p)
        k = feat[_F_PATTERN]
        q = (128 + levels[table[k >> 1] >> (k & 1) * 4 & 15] + capture[feat[_F_CAPTURE]]
             + escape[feat[_F_ESCAPE]] + self_atari[feat[_F_SELF_ATARI]]
             + near[feat[_F_NEAR]] + near2[feat[_F_NEAR2]] + lines[feat[_F_LINE]])
        if feat[_F_ESCAPE]:
            escapes = True
        moves[n] = p
        priors[n] = 255 if q > 255 else q if q > 1 else 1
        n += 1
    return -1 - n if escapes else n


@micropython.native
def features(game, p):
    """The features of the mover's stone on empty p (not its own eye), which the priors
    weigh, into game.feat (an array: the search allocates nothing). host_tools/fit/goprior.py
    fits their weights with this same code. The game must be prepared (prepare()).

    _F_PATTERN   the 3x3 neighbourhood with c's stones as 1, the other's as 2: an index of
                 prior.PATTERN (see frames)
    _F_CAPTURE   stones it captures: 0 none, 1 one, 2 two or three, 3 more
    _F_ESCAPE    next to an own group in atari: 0 no; 1 extends with two empty neighbours
                 or fewer new liberties; 2 extends to three or more; 3 captures as well
    _F_SELF_ATARI  0 no; 1 a lone stone in atari (a throw-in); 2 joins stones into atari
    _F_NEAR      the distance to the last move, dx + dy + max(dx, dy) up to 9 (2: beside,
                 3: diagonal, 4: two straight); 0 when there is none
    _F_NEAR2     the same for the move before
    _F_LINE      the line from the edge, up to 5, + 10 once a third of the board is filled

    Liberties are pseudo-liberties (p is a group's last liberty exactly when its count
    equals its edges to p); "new liberties" adds each own neighbour group's count besides
    its edges to p to p's empty neighbours, so shared ones count twice: an estimate."""
    cell = game.cell
    root = game.root
    libs = game.libs
    stones = game.stones
    offsets = game.offsets
    feat = game.feat
    w = game.grid.stride
    c = game.to_move
    e = 3 - c
    count = game.count
    last = game.history[count - 1] & _MOVE if count else 0
    last2 = game.history[count - 2] & _MOVE if count > 1 else 0
    v = cell[p]
    free = game.degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)  # p's empty neighbours
    gained = free
    taken = 0
    atari = False
    if v & 0xFC:  # stones next to p: look at their groups, each once
        for k in range(4):
            t = p + offsets[k]
            y = cell[t] & _COLOUR
            if y != 1 and y != 2:
                continue
            r = root[t]
            seen = False
            for k2 in range(k):
                t2 = p + offsets[k2]
                if cell[t2] & _COLOUR == y and root[t2] == r:
                    seen = True
            if seen:
                continue
            edges = ((root[p + 1] == r) + (root[p - 1] == r) + (root[p + w] == r)
                     + (root[p - w] == r))
            if y == e:
                if libs[r] == edges:  # p is its last liberty
                    taken += stones[r]
            else:
                extra = libs[r] - edges
                gained += extra
                if not extra:
                    atari = True
    feat[_F_CAPTURE] = 0 if not taken else 1 if taken == 1 else 2 if taken < 4 else 3
    if not atari:
        feat[_F_ESCAPE] = 0
    else:
        feat[_F_ESCAPE] = 3 if taken else 2 if gained > 2 and free > 1 else 1
    feat[_F_SELF_ATARI] = game._self_atari(p, c) if free <= 1 and not taken else 0
    x = p % w
    y = p // w
    n = game.size
    frame = game.frames[(x == 1) | (x == n) << 1 | (y == 1) << 2 | (y == n) << 3]
    code = 0
    if c == 1:
        for d in frame:
            code = code * 3 + (cell[p + d] & _COLOUR)
    else:
        for d in frame:
            b = cell[p + d] & _COLOUR
            code = code * 3 + (3 - b if b else 0)
    m = len(frame)
    feat[_F_PATTERN] = code + (0 if m == 8 else _EDGES if m == 5 else _CORNERS)
    feat[_F_NEAR] = _distance(x, y, last, w)
    feat[_F_NEAR2] = _distance(x, y, last2, w)
    line = game.grid.line[p]
    feat[_F_LINE] = (line if line < 5 else 5) + (0 if game.n_empty * 3 > game.grid.count * 2
                                                 else 10)
