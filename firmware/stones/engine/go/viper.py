# pyright: reportUndefinedVariable=false
# (ptr8 and ptr16 are viper's casts, known only to the viper compiler: no stub declares them)
"""Go's move loop (rules.Go._run) as viper code, for MicroPython ports with a native emitter.

Viper code works on machine words and raw buffer pointers instead of Python objects, and runs
Go's playouts several times as fast as ``@micropython.native`` on a Pico (host_tools/bench/pico.py
measures both). It is a line-for-line port of rules.Go._run and its helpers _liberty and
_self_atari, with _reply inlined in the loop, where the tables are at hand (a call read a dozen
of the game's attributes each move). rules.py stays the reference: CPython runs only that, and the
tests play the same playouts and moves through both on the unix port
(tests/engine/test_goviper.py). Change them together.

What viper needs that rules.py does not: the neighbour offsets as four named steps (a loop over a
tuple would give Python objects), the tables as typed pointers (cell, degree, stones and where
are bytes; root, link, libs, empty, history and log are 16-bit words), and every value read from
a Python object cast with int(). The helpers liberty and self_atari take the tables' addresses
(a pointer passes as an int) rather than the game: reading a dozen attributes at each call cost
more than the walk itself. The tables must be the byte and word arrays of a board with
fewer than 256 points (Game._viper uses this module only then: 9x9 and 13x13); the random state
stays below 2**30, so a Pico's 32-bit words never overflow.

The host build compiles this module only for a native architecture (host_tools/device/build.py).
"""

from micropython import const

_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_SUICIDE = const(4)
_KO = const(5)
_EYE = const(255)
_SHAPE = const(254)
_MOVE = const(0x1FF)
_COLOUR = const(3)
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_ONE_BLACK = const(4)
_ONE_WHITE = const(32)
_ATARI = const(1)
_PATTERNS = const(2)
_SELF_ATARI = const(4)
_EDGES = const(6561)  # features: pattern codes on an edge, then in a corner
_CORNERS = const(6804)


@micropython.viper
def liberty(cellp: int, degreep: int, linkp: int, rootp: int, libsp: int, w: int, r: int) -> int:
    """rules.Go._liberty, on the tables' addresses."""
    cell = ptr8(cellp)
    degree = ptr8(degreep)
    link = ptr16(linkp)
    s = r
    while True:
        v = cell[s]
        if degree[s] - (v >> _BLACKS & _COUNT) - (v >> _WHITES):
            break
        s = link[s]
        if s == r:
            return 0
    if not cell[s + 1] & _COLOUR:
        t = s + 1
    elif not cell[s - 1] & _COLOUR:
        t = s - 1
    elif not cell[s + w] & _COLOUR:
        t = s + w
    else:
        t = s - w
    root = ptr16(rootp)
    colour = cell[r] & _COLOUR
    n = 0
    if cell[t + 1] & _COLOUR == colour and root[t + 1] == r:
        n += 1
    if cell[t - 1] & _COLOUR == colour and root[t - 1] == r:
        n += 1
    if cell[t + w] & _COLOUR == colour and root[t + w] == r:
        n += 1
    if cell[t - w] & _COLOUR == colour and root[t - w] == r:
        n += 1
    libs = ptr16(libsp)
    return t if n == libs[r] else 0


@micropython.viper
def self_atari(cellp: int, degreep: int, linkp: int, rootp: int, libsp: int, stonesp: int,
               w: int, p: int, c: int) -> int:
    """rules.Go._self_atari, on the tables' addresses."""
    cell = ptr8(cellp)
    root = ptr16(rootp)
    libs = ptr16(libsp)
    stones = ptr8(stonesp)
    e = 3 - c
    lib = 0
    d = 0 - w
    for _ in range(4):
        d = (0 - d if d > 0 else (w if d == -1 else 1))
        t = p + d
        y = cell[t] & _COLOUR
        if not y:
            lib = t
        elif y == e:
            r = root[t]
            n = libs[r]
            if n == 1 or n <= 4 and stones[r] > 1:
                if int(liberty(cellp, degreep, linkp, rootp, libsp, w, r)) == p:
                    return 0
    degree = ptr8(degreep)
    link = ptr16(linkp)
    joined = 0
    d = 0 - w
    for _ in range(4):
        d = (0 - d if d > 0 else (w if d == -1 else 1))
        t = p + d
        if cell[t] & _COLOUR == c:
            joined = 2
            r = root[t]
            s = r
            while True:
                v = cell[s]
                if degree[s] - (v >> _BLACKS & _COUNT) - (v >> _WHITES):
                    d2 = 0 - w
                    for _ in range(4):
                        d2 = (0 - d2 if d2 > 0 else (w if d2 == -1 else 1))
                        z = s + d2
                        if z != p and not cell[z] & _COLOUR:
                            if not lib:
                                lib = z
                            elif z != lib:
                                return 0
                s = link[s]
                if s == r:
                    break
    return joined or 1


@micropython.viper
def run(g, move: int, randoms: int, x: int) -> int:
    """rules.Go._run."""
    cell = ptr8(g.cell)
    degree = ptr8(g.degree)
    root = ptr16(g.root)
    link = ptr16(g.link)
    libs = ptr16(g.libs)
    stones = ptr8(g.stones)
    empty = ptr16(g.empty)
    where = ptr8(g.where)
    log = ptr16(g.log)
    history = ptr16(g.history)
    w = int(g.grid.stride)
    n_empty = int(g.n_empty)
    top = int(g.top)
    count = int(g.count)
    ko = int(g.ko)
    c = int(g.to_move)
    passes = int(g.passes)
    random = randoms > 0
    knowledge = int(g.knowledge) if random else 0
    code = 0
    over = bool(g.over)
    log_limit = int(g.log_limit)
    cap = int(g.cap)
    pat3 = g.pat3
    i = 0
    k = 0
    own = 0
    p = 0
    while True:
        e = 3 - c
        h = 0
        if random:
            if over or not randoms:
                break
            randoms -= 1
            k = n_empty
            own = _BLACKS if c == _BLACK else _WHITES
            if knowledge and count:
                h = history[count - 1] & _MOVE
                if h:
                    x ^= (x & 0x1FFFFF) << 9
                    x ^= x >> 11
                    x ^= (x & 0x3FFFF) << 12
                    # reply(g, h, c, x), inlined: a call would read a dozen of g's attributes
                    last = h
                    h = 0
                    if knowledge & _ATARI:
                        r = root[last]
                        n = libs[r]
                        if n == 1 or n <= 4 and stones[r] > 1:
                            h = int(liberty(cell, degree, link, root, libs, w, r))
                        d = 0 - w
                        for _ in range(4):
                            if h:
                                break
                            d = (0 - d if d > 0 else (w if d == -1 else 1))
                            q = last + d
                            if cell[q] & _COLOUR != c:
                                continue
                            r = root[q]
                            n = libs[r]
                            if n == 1 or n <= 4 and stones[r] > 1:
                                t = int(liberty(cell, degree, link, root, libs, w, r))
                                if t:
                                    s = r
                                    while not h:
                                        d2 = 0 - w
                                        for _ in range(4):
                                            d2 = (0 - d2 if d2 > 0 else (w if d2 == -1 else 1))
                                            u = s + d2
                                            if cell[u] & _COLOUR == e:
                                                a = root[u]
                                                n = libs[a]
                                                if n == 1 or n <= 4 and stones[a] > 1:
                                                    h = int(liberty(cell, degree, link, root,
                                                                    libs, w, a))
                                                    if h:
                                                        break
                                        s = link[s]
                                        if s == r:
                                            break
                                    if not h:
                                        v = cell[t]
                                        if degree[t] - (v >> _BLACKS & _COUNT) - (v >> _WHITES) > 1:
                                            h = t
                    if not h and knowledge & _PATTERNS:
                        for j8 in range(8):
                            a = (x + j8) & 7
                            if a < 3:
                                q = last - w + a - 1
                            elif a == 3:
                                q = last - 1
                            elif a == 4:
                                q = last + 1
                            else:
                                q = last + w + a - 6
                            if cell[q] & _COLOUR:
                                continue
                            z = ((cell[q - w - 1] & 3) | (cell[q - w] & 3) << 2
                                 | (cell[q - w + 1] & 3) << 4 | (cell[q - 1] & 3) << 6
                                 | (cell[q + 1] & 3) << 8 | (cell[q + w - 1] & 3) << 10
                                 | (cell[q + w] & 3) << 12 | (cell[q + w + 1] & 3) << 14)
                            table = ptr8(pat3[z >> 13])
                            if table[z >> 3 & 1023] >> (z & 7) & 1:
                                h = q
                                break
        while True:
            if random:
                if h:
                    p = h
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
            else:
                p = move
                if p == _PASS:
                    break
                if cell[p] & _COLOUR:
                    code = _OCCUPIED
                    break
            v = cell[p]
            free = degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)
            if p == ko:
                code = _KO
            elif not free:
                code = _SUICIDE
                if random and v >> own & _COUNT == degree[p]:
                    enemies = 0
                    if cell[p + w + 1] & _COLOUR == e:
                        enemies += 1
                    if cell[p + w - 1] & _COLOUR == e:
                        enemies += 1
                    if cell[p - w + 1] & _COLOUR == e:
                        enemies += 1
                    if cell[p - w - 1] & _COLOUR == e:
                        enemies += 1
                    if enemies <= (0 if degree[p] < 4 else 1):
                        code = _EYE
                if code == _SUICIDE:
                    d = 0 - w
                    for _ in range(4):
                        d = (0 - d if d > 0 else (w if d == -1 else 1))
                        y = cell[p + d] & _COLOUR
                        if y == c or y == e:
                            r = root[p + d]
                            n = libs[r]
                            if n <= 4:  # p may provide them all: subtract p's edges
                                if root[p + w] == r:
                                    n -= 1
                                if root[p - w] == r:
                                    n -= 1
                                if root[p + 1] == r:
                                    n -= 1
                                if root[p - 1] == r:
                                    n -= 1
                            if (n > 0) if y == c else (n <= 0):
                                code = 0
                                break
            if not code:
                if free > 1 or not knowledge & _SELF_ATARI:
                    break
                n = int(self_atari(cell, degree, link, root, libs, stones, w, p, c))
                if not n or (n == 1 and x & 0x10000):
                    break
                code = _SHAPE
            if not random:
                break
            code = 0
            if i < 0:
                h = 0
                continue
            k -= 1
            q = empty[k]
            empty[k] = p
            where[p] = k
            empty[i] = q
            where[q] = i
        if code:
            break
        if top > log_limit:
            top = 0
            g.log_from = count
        history[count] = p | (c | passes << 2) << 9
        count += 1
        if p == _PASS:
            log[top] = ko
            top += 1
            ko = 0
            passes += 1
            c = e
            if passes >= 2 or count >= cap:
                over = True
            if random:
                continue
            break
        v = cell[p]
        cell[p] = v | c
        root[p] = p
        link[p] = p
        stones[p] = 1
        libs[p] = degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)
        n_empty -= 1
        q = empty[n_empty]
        empty[where[p]] = q
        where[q] = where[p]
        one = _ONE_BLACK if c == _BLACK else _ONE_WHITE
        captured = 0
        last = 0
        d = 0 - w
        for _ in range(4):
            d = (0 - d if d > 0 else (w if d == -1 else 1))
            q = p + d
            y = cell[q]
            cell[q] = y + one
            y &= _COLOUR
            if y == c:
                r = root[q]
                libs[r] -= 1
                a = root[p]
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
                    libs[a] += libs[r]
            elif y == e:
                r = root[q]
                n = libs[r] - 1
                libs[r] = n
                if not n:
                    last = q
                    lost = _ONE_BLACK + _ONE_WHITE - one
                    s = r
                    while True:
                        log[top] = s
                        top += 1
                        captured += 1
                        t = link[s]
                        cell[s] &= 0xFC
                        d2 = 0 - w
                        for _ in range(4):
                            d2 = (0 - d2 if d2 > 0 else (w if d2 == -1 else 1))
                            z = cell[s + d2] - lost
                            cell[s + d2] = z
                            if z & _COLOUR == c:
                                libs[root[s + d2]] += 1
                        empty[n_empty] = s
                        where[s] = n_empty
                        n_empty += 1
                        s = t
                        if s == r:
                            break
        log[top] = captured
        log[top + 1] = ko
        top += 2
        if captured:
            prisoners = g.prisoners
            prisoners[c] = int(prisoners[c]) + captured
        ko = last if captured == 1 and stones[root[p]] == 1 and libs[p] == 1 else 0
        passes = 0
        c = e
        if count >= cap:
            over = True
        if not random:
            break
    g.n_empty = n_empty
    g.top = top
    g.count = count
    g.ko = ko
    g.to_move = c
    g.passes = passes
    g.over = over
    return x if random else code


@micropython.viper
def margin2(g, black: int, white: int, area: int) -> int:
    """rules.Go.margin2 with the prisoners given (rules.Go._count over the colours as they stand):
    Black's score minus White's in half points, komi included; area: 1 to count area, 0 for
    territory. Every point is copied to the `before` table first, then each region of empty
    points is flooded once with the game's mark and queue; off-board cells (colour 3) are
    skipped, as the reference skips what grid.points leaves out."""
    cell = ptr8(g.cell)
    board = ptr8(g.before)
    mark = ptr8(g.mark)
    queue = ptr16(g.queue)
    w = int(g.grid.stride)
    length = int(len(g.cell))
    p = 0
    while p < length:
        x = cell[p] & _COLOUR
        if x != _COLOUR:
            board[p] = x
        p += 1
    gen = int(g._new_generation())
    land = 0 if area else black - white
    p = 0
    while p < length:
        x = board[p]
        if cell[p] & _COLOUR == _COLOUR:
            p += 1
            continue
        if x != 0:  # a stone, alive: margin2 marks none dead
            if area:
                land += 1 if x == _BLACK else -1
            p += 1
            continue
        if mark[p] == gen:
            p += 1
            continue
        mark[p] = gen
        queue[0] = p
        n = 1
        j = 0
        borders = 0
        while j < n:
            s = queue[j]
            j += 1
            k = 0
            while k < 4:
                if k == 0:
                    t = s + 1
                elif k == 1:
                    t = s - 1
                elif k == 2:
                    t = s + w
                else:
                    t = s - w
                k += 1
                if cell[t] & _COLOUR == _COLOUR:
                    continue
                y = board[t]
                if y == 0:
                    if mark[t] != gen:
                        mark[t] = gen
                        queue[n] = t
                        n += 1
                else:
                    borders |= y
        if borders == _BLACK:
            land += n
        elif borders == 3 - _BLACK:
            land -= n
        p += 1
    return 2 * land - int(g.komi2)


@micropython.viper
def placed2(g, start: int) -> int:
    """What rules.Go.playout_winner adds to the territory margin: 2 for each stone Black placed
    from move start on, -2 for each of White's (history words: point | colour << 9; passes
    aside)."""
    history = ptr16(g.history)
    count = int(g.count)
    margin = 0
    i = start
    while i < count:
        h = history[i]
        if h & _MOVE:
            margin += 2 if (h >> 9 & _COLOUR) == _BLACK else -2
        i += 1
    return margin


@micropython.viper
def distance(x: int, y: int, q: int, w: int) -> int:
    """features._distance."""
    if not q:
        return 0
    dx = x - q % w
    dy = y - q // w
    dx = 0 - dx if dx < 0 else dx
    dy = 0 - dy if dy < 0 else dy
    d = dx + dy + (dx if dx > dy else dy)
    return d if d < 9 else 9


@micropython.viper
def priors(g, moves, priors) -> int:
    """features.priors, with features.features and square.is_eye inlined: every empty
    point but the ko point and the mover's own eyes, into moves, with its learnt prior into
    priors (both word arrays); n, or -1 - n if some move escapes from atari. The neighbourhood
    code reads the frame of features.frames for the edges p touches, as its up and along
    steps (u, r): the frame is u - r, u, u + r, -r, r, -u - r, -u, -u + r (inside: u = w, r = 1),
    its first five on an edge, u, u + r, r in a corner."""
    cell = ptr8(g.cell)
    degree = ptr8(g.degree)
    link = ptr16(g.link)
    root = ptr16(g.root)
    libs = ptr16(g.libs)
    stones = ptr8(g.stones)
    empty = ptr16(g.empty)
    history = ptr16(g.history)
    out = ptr16(moves)
    pri = ptr8(priors)
    weights = g.weights
    table = ptr8(weights.PATTERN)
    levels = weights.LEVELS
    capture = weights.CAPTURE
    escape = weights.ESCAPE
    self_ataris = weights.SELF_ATARI
    near = weights.NEAR
    near2 = weights.NEAR2
    lines = weights.LINE
    grid = g.grid
    line = ptr8(grid.line)
    w = int(grid.stride)
    size = int(g.size)
    n_empty = int(g.n_empty)
    opened = 0 if n_empty * 3 > int(grid.count) * 2 else 10
    c = int(g.to_move)
    e = 3 - c
    own = _BLACKS if c == _BLACK else _WHITES
    ko = int(g.ko)
    count = int(g.count)
    last = history[count - 1] & _MOVE if count else 0
    last2 = history[count - 2] & _MOVE if count > 1 else 0
    n = 0
    escapes = 0
    i = 0
    while i < n_empty:
        p = empty[i]
        i += 1
        if p == ko:
            continue
        v = cell[p]
        if v >> own & _COUNT == degree[p]:  # every neighbour c's: an eye unless diagonals
            # (run's eye test, inline here too: a helper both called cost the playouts and the
            # device's move measurably on the emulated Pico)
            enemies = 0
            if cell[p + w + 1] & _COLOUR == e:
                enemies += 1
            if cell[p + w - 1] & _COLOUR == e:
                enemies += 1
            if cell[p - w + 1] & _COLOUR == e:
                enemies += 1
            if cell[p - w - 1] & _COLOUR == e:
                enemies += 1
            if enemies <= (0 if degree[p] < 4 else 1):
                continue
        free = degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)
        gained = free
        taken = 0
        atari = 0
        if v & 0xFC:
            d = 0 - w
            for k in range(4):  # the steps 1, -1, w, -w
                d = (0 - d if d > 0 else (w if d == -1 else 1))
                t = p + d
                y = cell[t] & _COLOUR
                if y != 1 and y != 2:
                    continue
                r = root[t]
                if k > 0 and cell[p + 1] & _COLOUR == y and root[p + 1] == r:
                    continue  # seen from an earlier side
                if k > 1 and cell[p - 1] & _COLOUR == y and root[p - 1] == r:
                    continue
                if k > 2 and cell[p + w] & _COLOUR == y and root[p + w] == r:
                    continue
                edges = 0
                if root[p + 1] == r:
                    edges += 1
                if root[p - 1] == r:
                    edges += 1
                if root[p + w] == r:
                    edges += 1
                if root[p - w] == r:
                    edges += 1
                if y == e:
                    if libs[r] == edges:
                        taken += stones[r]
                else:
                    extra = libs[r] - edges
                    gained += extra
                    if not extra:
                        atari = 1
        fc = 0 if not taken else (1 if taken == 1 else (2 if taken < 4 else 3))
        fe = 0
        if atari:
            escapes = 1
            fe = 3 if taken else (2 if gained > 2 and free > 1 else 1)
        fs = 0
        if free <= 1 and not taken:
            fs = int(self_atari(cell, degree, link, root, libs, stones, w, p, c))
        x = p % w
        y = p // w
        kind = 0
        if x == 1:
            kind |= 1
        if x == size:
            kind |= 2
        if y == 1:
            kind |= 4
        if y == size:
            kind |= 8
        if kind == 0 or kind == 4 or kind == 5:
            u = w
            r = 1
        elif kind == 8 or kind == 10:
            u = 0 - w
            r = -1
        elif kind == 1 or kind == 9:
            u = 1
            r = 0 - w
        else:  # 2, 6
            u = -1
            r = w
        code = 0
        if kind == 5 or kind == 6 or kind == 9 or kind == 10:  # a corner
            j = 0
            while j < 3:
                if j == 0:
                    b = cell[p + u] & _COLOUR
                elif j == 1:
                    b = cell[p + u + r] & _COLOUR
                else:
                    b = cell[p + r] & _COLOUR
                j += 1
                if c != _BLACK and b:
                    b = 3 - b
                code = code * 3 + b
            code += _CORNERS
        else:
            m = 8 if kind == 0 else 5
            j = 0
            while j < m:
                if j == 0:
                    b = cell[p + u - r] & _COLOUR
                elif j == 1:
                    b = cell[p + u] & _COLOUR
                elif j == 2:
                    b = cell[p + u + r] & _COLOUR
                elif j == 3:
                    b = cell[p - r] & _COLOUR
                elif j == 4:
                    b = cell[p + r] & _COLOUR
                elif j == 5:
                    b = cell[p - u - r] & _COLOUR
                elif j == 6:
                    b = cell[p - u] & _COLOUR
                else:
                    b = cell[p - u + r] & _COLOUR
                j += 1
                if c != _BLACK and b:
                    b = 3 - b
                code = code * 3 + b
            if m == 5:
                code += _EDGES
        level = table[code >> 1] >> (code & 1) * 4 & 15
        near_p = int(distance(x, y, last, w))
        near_q = int(distance(x, y, last2, w))
        fl = line[p]
        fl = (fl if fl < 5 else 5) + opened
        q = (128 + int(levels[level]) + int(capture[fc]) + int(escape[fe])
             + int(self_ataris[fs]) + int(near[near_p]) + int(near2[near_q]) + int(lines[fl]))
        out[n] = p
        pri[n] = 255 if q > 255 else (q if q > 1 else 1)
        n += 1
    return -1 - n if escapes else n
