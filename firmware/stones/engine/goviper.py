# pyright: reportUndefinedVariable=false
# (ptr8 and ptr16 are viper's casts, known only to the viper compiler: no stub declares them)
"""Go's move loop (go.Go._run) as viper code, for MicroPython ports with a native emitter.

Viper code works on machine words and raw buffer pointers instead of Python objects, and runs
Go's playouts several times as fast as ``@micropython.native`` on a Pico (host_tools/bench_pico
measures both). It is a line-for-line port of go.Go._run and its helpers _liberty and
_self_atari, with _reply inlined in the loop, where the tables are at hand (a call read a dozen
of the game's attributes each move). go.py stays the reference: CPython runs only that, and the
tests play the same playouts and moves through both on the unix port
(tests/engine/test_goviper.py). Change them together.

What viper needs that go.py does not: the neighbour offsets as four named steps (a loop over a
tuple would give Python objects), the tables as typed pointers (cell, degree, stones and where
are bytes; root, link, libs, empty, history and log are 16-bit words), and every value read from
a Python object cast with int(). The tables must be the byte and word arrays of a board with
fewer than 256 points (Game._viper uses this module only then: 9x9 and 13x13); the random state
stays below 2**30, so a Pico's 32-bit words never overflow.

The host build compiles this module only for a native architecture (host_tools/build.py).
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


@micropython.viper
def liberty(g, r: int) -> int:
    """go.Go._liberty."""
    cell = ptr8(g.cell)
    degree = ptr8(g.degree)
    link = ptr16(g.link)
    w = int(g.grid.stride)
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
    root = ptr16(g.root)
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
    libs = ptr16(g.libs)
    return t if n == libs[r] else 0


@micropython.viper
def self_atari(g, p: int, c: int) -> int:
    """go.Go._self_atari."""
    cell = ptr8(g.cell)
    root = ptr16(g.root)
    libs = ptr16(g.libs)
    stones = ptr8(g.stones)
    w = int(g.grid.stride)
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
            if (n == 1 or n <= 4 and stones[r] > 1) and int(liberty(g, r)) == p:
                return 0
    degree = ptr8(g.degree)
    link = ptr16(g.link)
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
    """go.Go._run."""
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
                            h = int(liberty(g, r))
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
                                t = int(liberty(g, r))
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
                                                    h = int(liberty(g, a))
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
                n = int(self_atari(g, p, c))
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
    """go.Go.margin2 with the prisoners given (go.Go._count over the colours as they stand):
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
    """What go.Go.playout_winner adds to the territory margin: 2 for each stone Black placed
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
