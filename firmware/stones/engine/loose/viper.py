# pyright: reportUndefinedVariable=false
# (ptr8 and ptr16 are viper's casts, known only to the viper compiler: no stub declares them)
"""Loose's move loop (rules.Loose._run) as viper code, for MicroPython ports with a native
emitter: a line-for-line port, as go/viper.py is of Go's, and guarded the same way
(tests/engine/test_looseviper.py plays both loops from the same positions on the unix port).
rules.py stays the reference and CPython runs only that; change them together.

The tables as typed pointers: cell, degree, stones, where and mark are bytes (boards under 256
cells: 5x5 to 13x13; larger boards play the reference), root, link, empty, log, history and the
flip candidates (the game's queue) 16-bit words; loose's true-liberty table is its own bytearray.
The square neighbour steps are named in the order of SquareGrid.offsets (1, -1, W, -W), which
fixes the order of the candidates and of the merges, as in the reference. What the loop does
rarely stays in the game's own methods, called from here: the take-back of a refused flip, the
merges after a flip, the generation wrap, the reply to the last stone.
"""

from micropython import const

from stones.engine.loose.rules import _TRUE_BELOW

_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_NO_TRUE_LIBERTY = const(6)
_COLOUR = const(3)
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_ONE_BLACK = const(4)
_ONE_WHITE = const(32)
_REPLY = const(1)


@micropython.viper
def alive(s: int, cell8: int, link16: int, degree8: int, w: int) -> int:
    """rules._alive, on the tables' addresses: 1 if the group of stone s has a true liberty."""
    cell = ptr8(cell8)
    link = ptr16(link16)
    degree = ptr8(degree8)
    true_below = ptr8(_TRUE_BELOW)
    start = s
    while True:
        v = cell[s]
        if (v >> _BLACKS & _COUNT) + (v >> _WHITES) < degree[s]:
            t = s + 1
            if true_below[cell[t]] < degree[t]:
                return 1
            t = s - 1
            if true_below[cell[t]] < degree[t]:
                return 1
            t = s + w
            if true_below[cell[t]] < degree[t]:
                return 1
            t = s - w
            if true_below[cell[t]] < degree[t]:
                return 1
        s = link[s]
        if s == start:
            return 0


@micropython.viper
def run(g, move: int, randoms: int, x: int) -> int:
    """rules.Loose._run."""
    cell = ptr8(g.cell)
    degree = ptr8(g.degree)
    root = ptr16(g.root)
    link = ptr16(g.link)
    stones = ptr8(g.stones)
    mark = ptr8(g.mark)
    empty = ptr16(g.empty)
    where = ptr8(g.where)
    log = ptr16(g.log)
    history = ptr16(g.history)
    candidates = ptr16(g.queue)
    true_below = ptr8(_TRUE_BELOW)
    cell8 = int(cell)
    link16 = int(link)
    degree8 = int(degree)
    n_mark = int(len(g.mark))
    w = int(g.grid.stride)
    n_empty = int(g.n_empty)
    top = int(g.top)
    count = int(g.count)
    gen = int(g.gen)
    c = int(g.to_move)
    passes = int(g.passes)
    random = randoms > 0
    knowledge = int(g.knowledge) if random else 0
    code = 0
    over = bool(g.over)
    log_limit = int(g.log_limit)
    cap = int(g.cap)
    i = 0
    k = 0
    p = 0
    v = 0
    own = 0
    base = 0
    legal = False
    while True:
        e = 3 - c
        one = _ONE_BLACK if c == _BLACK else _ONE_WHITE
        h = 0
        if random:
            if over or not randoms:
                break
            randoms -= 1
            k = n_empty
            own = _BLACKS if c == _BLACK else _WHITES
            if knowledge & _REPLY and count:
                h = history[count - 1] & 0x1FF
                if h:
                    h = int(g._reply(h, c))
        while True:
            if random:
                if h:
                    p = h
                    h = 0
                    i = -1
                else:
                    if not k:
                        p = _PASS
                        break
                    x ^= (x & 0x1FFFFF) << 9
                    x ^= x >> 11
                    x ^= (x & 0x3FFFF) << 12
                    i = x % k
                    p = empty[i]
                v = cell[p]
                legal = True
                if v >> own & _COUNT == degree[p]:  # every neighbour is c's: an own eye?
                    enemies = 0
                    if cell[p + w + 1] & _COLOUR == e:
                        enemies += 1
                    if cell[p + w - 1] & _COLOUR == e:
                        enemies += 1
                    if cell[p + 1 - w] & _COLOUR == e:
                        enemies += 1
                    if cell[p - 1 - w] & _COLOUR == e:
                        enemies += 1
                    legal = enemies > (0 if degree[p] < 4 else 1)
            else:
                p = move
                if p == _PASS:
                    break
                v = cell[p]
                if v & _COLOUR:
                    code = _OCCUPIED
                    break
                legal = True
            if legal:
                # -- 1. the stone, colour and counts only ------------------------------------
                cell[p] = v | c
                cell[p + 1] += one
                cell[p - 1] += one
                cell[p + w] += one
                cell[p - w] += one
                gen += 1
                if gen == 256:
                    j = 0
                    while j < n_mark:
                        mark[j] = 0
                        j += 1
                    gen = 1
                if top > log_limit:
                    top = 0
                    g.log_from = count
                base = top
                # -- one look at p's neighbours gathers what steps 2 and 3 need --------------
                n = 0
                friends = 0
                falses = 0
                legal = False
                for j in range(4):
                    q = p + (1 if j == 0 else (-1 if j == 1 else (w if j == 2 else -w)))
                    y = cell[q]
                    z = y & _COLOUR
                    if z == e:
                        candidates[n] = q
                        n += 1
                    elif z == c:
                        mark[root[q]] = gen
                        friends += 1
                    elif not z:
                        if true_below[y] < degree[q]:
                            legal = True
                        else:
                            falses += 1
                            for j2 in range(4):
                                t = q + (1 if j2 == 0 else (-1 if j2 == 1 else
                                                            (w if j2 == 2 else -w)))
                                if cell[t] & _COLOUR == e:
                                    candidates[n] = t
                                    n += 1
                # -- 2. flip each candidate group without a true liberty ---------------------
                flip = 2 * one - (_ONE_BLACK + _ONE_WHITE)
                for j in range(n):
                    q = candidates[j]
                    if cell[q] & _COLOUR != e:
                        continue
                    r = root[q]
                    if mark[r] == gen:
                        continue
                    mark[r] = gen
                    if alive(q, cell8, link16, degree8, w):
                        continue
                    s = r
                    while True:
                        log[top] = s
                        top += 1
                        cell[s] ^= _COLOUR
                        cell[s + 1] += flip
                        cell[s - 1] += flip
                        cell[s + w] += flip
                        cell[s - w] += flip
                        s = link[s]
                        if s == r:
                            break
                # -- 3. is every group of c left with a true liberty? ------------------------
                flipped = top != base
                if flipped:
                    root[p] = p
                    link[p] = p
                    stones[p] = 1
                    j = base - 1
                    while j < top:
                        s = p if j < base else log[j]
                        for j2 in range(4):
                            t = s + (1 if j2 == 0 else (-1 if j2 == 1 else
                                                        (w if j2 == 2 else -w)))
                            if cell[t] & _COLOUR == c and root[t] != root[s]:
                                g._merge(root[s], root[t])
                        j += 1
                    g.gen = gen
                    gen = int(g._new_generation())
                    mark[root[p]] = gen
                    if not legal:
                        legal = bool(alive(p, cell8, link16, degree8, w))
                elif not legal and friends:
                    for j in range(4):
                        q = p + (1 if j == 0 else (-1 if j == 1 else (w if j == 2 else -w)))
                        if cell[q] & _COLOUR == c and alive(q, cell8, link16, degree8, w):
                            legal = True
                            break
                if legal and falses:
                    for j in range(4):
                        q = p + (1 if j == 0 else (-1 if j == 1 else (w if j == 2 else -w)))
                        y = cell[q]
                        if true_below[y] >= degree[q] and not y & _COLOUR:
                            for j2 in range(4):
                                t = q + (1 if j2 == 0 else (-1 if j2 == 1 else
                                                            (w if j2 == 2 else -w)))
                                if t != p and cell[t] & _COLOUR == c:
                                    r = root[t]
                                    if mark[r] != gen:
                                        mark[r] = gen
                                        if not alive(t, cell8, link16, degree8, w):
                                            legal = False
                                            break
                            if not legal:
                                break
                if not legal:
                    if flipped:
                        g.gen = gen
                        g._take_back(p, c, base, top)
                        gen = int(g.gen)
                        top = base
                    else:
                        cell[p] = v
                        cell[p + 1] -= one
                        cell[p - 1] -= one
                        cell[p + w] -= one
                        cell[p - w] -= one
                elif not flipped:
                    root[p] = p
                    link[p] = p
                    stones[p] = 1
                    if friends:
                        for j in range(4):
                            q = p + (1 if j == 0 else (-1 if j == 1 else (w if j == 2 else -w)))
                            if cell[q] & _COLOUR == c:
                                r = root[q]
                                a = root[p]
                                if r != a:
                                    if stones[a] < stones[r]:
                                        t = a
                                        a = r
                                        r = t
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
                if legal:
                    break
            if not random:
                code = _NO_TRUE_LIBERTY
                break
            if i < 0:
                continue
            k -= 1
            q = empty[k]
            empty[k] = p
            where[p] = k
            empty[i] = q
            where[q] = i
        if code:
            break
        history[count] = p | (c | passes << 2) << 9
        count += 1
        if p == _PASS:
            passes += 1
            c = e
            if passes >= 2 or count >= cap:
                over = True
            if random:
                continue
            break
        n_empty -= 1
        q = empty[n_empty]
        empty[where[p]] = q
        where[q] = where[p]
        log[top] = top - base
        top += 1
        passes = 0
        c = e
        if count >= cap:
            over = True
        if not random:
            break
    g.n_empty = n_empty
    g.top = top
    g.count = count
    g.gen = gen
    g.to_move = c
    g.passes = passes
    g.over = over
    return x if random else code
