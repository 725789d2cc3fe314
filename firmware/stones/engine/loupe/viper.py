# pyright: reportUndefinedVariable=false
# (ptr8 and ptr16 are viper's casts, known only to the viper compiler: no stub declares them)
"""Loupe's move loop (rules.Loupe._run) as viper code, for MicroPython ports with a native
emitter: a line-for-line port, as go/viper.py is of Go's, and guarded the same way
(tests/engine/test_loupeviper.py plays both loops from the same positions on the unix port).
rules.py stays the reference and CPython runs only that; change them together.

The tables as typed pointers: cell, stones and where are bytes (boards under 256 cells: sides 7
and 9; side 11 plays the reference), root, link, empty and history 16-bit words; the legality
table is loupe's own constant. The six hex neighbour steps (1, -1, W, -W, W - 1, 1 - W:
hexgrid.py) are d = 1, W or W - 1 by j // 2, negated for odd j.
"""

from micropython import const

from stones.engine.loupe.rules import _LEGAL

_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_OUTNUMBERED = const(7)
_NO_SECOND_STONE = const(8)
_MID_TURN = const(11)
_COLOUR = const(3)
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_ONE_BLACK = const(4)
_ONE_WHITE = const(32)
_TWO = const(0)
_SECOND = const(1)


@micropython.viper
def run(g, move: int, randoms: int, x: int) -> int:
    """rules.Loupe._run."""
    cell = ptr8(g.cell)
    root = ptr16(g.root)
    link = ptr16(g.link)
    stones = ptr8(g.stones)
    empty = ptr16(g.empty)
    where = ptr8(g.where)
    history = ptr16(g.history)
    legal = ptr8(_LEGAL)
    w = int(g.grid.stride)
    n_empty = int(g.n_empty)
    count = int(g.count)
    c = int(g.to_move)
    passes = int(g.passes)
    phase = int(g.phase)
    over = bool(g.over)
    cap = int(g.cap)
    random = randoms > 0
    code = 0
    i = 0
    k = 0
    p = 0
    while True:
        if random:
            if over or not randoms:
                break
            randoms -= 1
            k = n_empty
        while True:
            if random:
                if not k:
                    p = _PASS
                    break
                x ^= (x & 0x1FFFFF) << 9
                x ^= x >> 11
                x ^= (x & 0x3FFFF) << 12
                i = x % k
                p = empty[i]
            else:
                p = move
                if p == _PASS:
                    if phase == _SECOND:
                        code = _MID_TURN
                    break
                if cell[p] & _COLOUR:
                    code = _OCCUPIED
                    break
            if not legal[cell[p]] & c:
                code = _OUTNUMBERED
            elif phase != _TWO:
                break
            else:
                two = c << 2
                second = False
                for j in range(6):
                    d = 1 if j < 2 else (w if j < 4 else w - 1)
                    if legal[cell[p - d if j & 1 else p + d]] & two:
                        second = True
                        break
                if not second:
                    code = _NO_SECOND_STONE
                    j = 0
                    while j < n_empty:
                        q = empty[j]
                        if q != p and legal[cell[q]] & c:
                            code = 0
                            break
                        j += 1
                if not code:
                    break
            if not random:
                break
            code = 0
            k -= 1
            q = empty[k]
            empty[k] = p
            where[p] = k
            empty[i] = q
            where[q] = i
        if code:
            break
        history[count] = p | (c | passes << 2 | phase << 4) << 9
        count += 1
        if p == _PASS:
            passes += 1
            phase = _TWO
            c = 3 - c
            if passes >= 2 or count >= cap:
                over = True
            if random:
                continue
            break
        v = cell[p]
        cell[p] = v | c
        n_empty -= 1
        q = empty[n_empty]
        i = where[p]
        empty[i] = q
        where[q] = i
        root[p] = p
        link[p] = p
        stones[p] = 1
        if c == _BLACK:
            one = _ONE_BLACK
            own = v >> _BLACKS & _COUNT
        else:
            one = _ONE_WHITE
            own = v >> _WHITES
        if own:
            a = p
            for j in range(6):
                d = 1 if j < 2 else (w if j < 4 else w - 1)
                q = p - d if j & 1 else p + d
                y = cell[q]
                cell[q] = y + one
                if y & _COLOUR == c:
                    r = root[q]
                    if r != a:
                        if stones[a] < stones[r]:
                            a, r = r, a
                        s = r
                        while True:
                            root[s] = a
                            s = link[s]
                            if s == r:
                                break
                        t = link[a]
                        link[a] = link[r]
                        link[r] = t
                        stones[a] += stones[r]
        else:
            for j in range(6):
                d = 1 if j < 2 else (w if j < 4 else w - 1)
                cell[p - d if j & 1 else p + d] += one
        passes = 0
        if phase == _TWO:
            phase = _SECOND
        else:
            phase = _TWO
            c = 3 - c
        if count >= cap:
            over = True
        if not random:
            break
    g.n_empty = n_empty
    g.count = count
    g.to_move = c
    g.passes = passes
    g.phase = phase
    g.over = over
    return x if random else code
