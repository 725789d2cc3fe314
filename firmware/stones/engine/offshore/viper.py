# pyright: reportUndefinedVariable=false
# (ptr8, ptr16 and ptr32 are viper's casts, known only to the viper compiler: no stub declares them)
"""OffShore's move loop (rules.OffShore._run) as viper code, for MicroPython ports with a
native emitter: a line-for-line port, as go/viper.py is of Go's, and guarded the same way
(tests/engine/test_offviper.py plays both loops from the same positions on the unix port).
rules.py stays the reference and CPython runs only that; change them together.

The tables as typed pointers: cell, stones and where are bytes (every OffShore board has fewer
than 256 cells); root, link, empty, history, log, cover, ngroups, pending and uroots 16-bit
words; hull, cellhull and uhull 32-bit words (30 bits used). The capture check (CAPTURE) walks
the mailbox from the first cell to the last instead of the points tuple: the cells between are
the edge's, whose colour is never a player's. The six hex neighbour steps are named in order (1, -1,
W, -W, W - 1, 1 - W: hexgrid.py) as d = 1, W or W - 1 by j // 2, negated for odd j.
"""

from micropython import const

_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_ENEMY_TERRITORY = const(9)
_OVERSIZED_GROUP = const(10)
_SPARED = const(11)
_COLOUR = const(3)
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_ONE_BLACK = const(4)
_ONE_WHITE = const(32)
_GUARD = const(0x21084210)
_SPARE = const(1)
_CAPTURE = const(2)


@micropython.viper
def paint(cover_table, h: int, inc: int, w: int, t3: int):
    """offshore.paint."""
    cover = ptr16(cover_table)
    qmax = h & 15
    qmin = 15 - (h >> 5 & 15)
    r = 15 - (h >> 15 & 15)
    rmax = h >> 10 & 15
    while r <= rmax:
        b = (r + 1) * w + 1
        lo = t3 - r - (h >> 20 & 15)
        if lo < qmin:
            lo = qmin
        hi = t3 - r - 15 + (h >> 25 & 15)
        if hi > qmax:
            hi = qmax
        i = b + lo
        while i <= b + hi:
            cover[i] += inc
            i += 1
        r += 1


@micropython.viper
def run(g, move: int, randoms: int, x: int) -> int:
    """rules.OffShore._run."""
    cell = ptr8(g.cell)
    root = ptr16(g.root)
    link = ptr16(g.link)
    stones = ptr8(g.stones)
    hull = ptr32(g.hull)
    cellhull = ptr32(g.cellhull)
    cover_table = g.cover
    cover = ptr16(cover_table)
    ngroups = ptr16(g.ngroups)
    pending = ptr16(g.pending)
    empty = ptr16(g.empty)
    where = ptr8(g.where)
    log = ptr16(g.log)
    history = ptr16(g.history)
    w = int(g.grid.stride)
    t3 = int(g.t3)
    weak = bool(g.weak)
    sweep = bool(g.sweep)
    n_empty = int(g.n_empty)
    top = int(g.top)
    count = int(g.count)
    c = int(g.to_move)
    passes = int(g.passes)
    random = randoms > 0
    spare = 0
    capture = 0
    if random:
        spare = int(g.knowledge) & _SPARE
        capture = int(g.knowledge) & _CAPTURE
    uhull = ptr32(g.uhull)
    uroots = ptr16(g.uroots)
    first = int(g.grid.points[0])
    last = int(g.grid.points[-1])
    code = 0
    over = bool(g.over)
    log_limit = int(g.log_limit)
    cap = int(g.cap)
    i = 0
    k = 0
    p = 0
    resume = 0
    while True:
        e = 3 - c
        if random:
            if over or not randoms:
                break
            randoms -= 1
            k = n_empty
        if c == _BLACK:
            own = _BLACKS
            theirs = 0xFF00
            mine = 0xFF if spare else 0
        else:
            own = _WHITES
            theirs = 0xFF
            mine = 0xFF00 if spare else 0
        big = ngroups[c]
        take = 0
        if capture:
            cm = 0xFF if c == _BLACK else 0xFF00
            nu = 0
            t = first
            while t <= last:
                if cell[t] & _COLOUR == e and not cover[t] & cm:
                    r = root[t]
                    hg = uhull[r]
                    if not hg:
                        uroots[nu] = r
                        nu += 1
                    h = cellhull[t]
                    m = ((h | _GUARD) - hg) & _GUARD
                    m -= m >> 4
                    uhull[r] = (h & m) | (hg & ~m)
                t += 1
            if nu:
                t = 0
                while t < n_empty:
                    p = empty[t]
                    t += 1
                    if not cell[p] >> own & _COUNT:
                        continue
                    v = cover[p]
                    if (v & theirs and not weak) or v & mine:
                        continue
                    h = cellhull[p]
                    for j in range(6):
                        d = 1 if j < 2 else (w if j < 4 else w - 1)
                        q = p - d if j & 1 else p + d
                        if cell[q] & _COLOUR == c:
                            r = root[q]
                            if stones[r] > big:
                                h = 0
                                break
                            hg = hull[r]
                            m = ((h | _GUARD) - hg) & _GUARD
                            m -= m >> 4
                            h = (h & m) | (hg & ~m)
                    if h:
                        j = 0
                        while j < nu:
                            if ((h | _GUARD) - uhull[uroots[j]]) & _GUARD == _GUARD:
                                take = p
                                break
                            j += 1
                        if take:
                            break
                j = 0
                while j < nu:
                    uhull[uroots[j]] = 0
                    j += 1
        while True:
            if take:
                p = take
                break
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
                    break
                if cell[p] & _COLOUR:
                    code = _OCCUPIED
                    break
            friends = cell[p] >> own & _COUNT
            v = cover[p]
            if v & theirs and not (weak and friends):
                code = _ENEMY_TERRITORY
            elif v & mine:
                code = _SPARED
            elif friends:
                for j in range(6):
                    d = 1 if j < 2 else (w if j < 4 else w - 1)
                    q = p - d if j & 1 else p + d
                    if cell[q] & _COLOUR == c and stones[root[q]] > big:
                        code = _OVERSIZED_GROUP
                        break
            if not code or not random:
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
        if top > log_limit:
            top = 0
            g.log_from = count
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
        cell[p] |= c
        root[p] = p
        link[p] = p
        stones[p] = 1
        n_empty -= 1
        q = empty[n_empty]
        empty[where[p]] = q
        where[q] = where[p]
        if c == _BLACK:
            one = _ONE_BLACK
            inc = 1
        else:
            one = _ONE_WHITE
            inc = 256
        h = cellhull[p]
        old = 0
        joined = 0
        a = p
        for j in range(6):
            d = 1 if j < 2 else (w if j < 4 else w - 1)
            q = p - d if j & 1 else p + d
            y = cell[q]
            cell[q] = y + one
            if y & _COLOUR == c:
                r = root[q]
                if r != a:
                    hg = hull[r]
                    joined += 1
                    if joined == 1:
                        old = hg
                    else:
                        paint(cover_table, hg, 0 - inc, w, t3)
                    m = ((h | _GUARD) - hg) & _GUARD
                    m -= m >> 4
                    h = (h & m) | (hg & ~m)
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
        hull[a] = h
        npend = 0
        if not joined:
            cover[p] += inc
            ngroups[c] += 1
        else:
            ngroups[c] -= joined - 1
            if h != old:
                qmax = h & 15
                qmin = 15 - (h >> 5 & 15)
                r = 15 - (h >> 15 & 15)
                rmax = h >> 10 & 15
                oqmax = (old & 15) + 1
                oqmin = 15 - (old >> 5 & 15)
                ormin = 15 - (old >> 15 & 15)
                ormax = old >> 10 & 15
                while r <= rmax:
                    b = (r + 1) * w + 1
                    lo = t3 - r - (h >> 20 & 15)
                    if lo < qmin:
                        lo = qmin
                    hi = t3 - r - 15 + (h >> 25 & 15)
                    if hi > qmax:
                        hi = qmax
                    i = b + lo
                    end = b + hi
                    skip = end + 1
                    if ormin <= r and r <= ormax:
                        y = t3 - r - (old >> 20 & 15)
                        skip = b + (y if y > oqmin else oqmin)
                        y = t3 - r - 14 + (old >> 25 & 15)
                        resume = b + (y if y < oqmax else oqmax)
                        if resume <= skip:
                            skip = end + 1
                    while i <= end:
                        if i == skip:
                            i = resume
                            continue
                        cover[i] += inc
                        if cell[i] & _COLOUR == e:
                            q = root[i]
                            j = 0
                            while j < npend and pending[j] != q:
                                j += 1
                            if j == npend:
                                pending[npend] = q
                                npend += 1
                        i += 1
                    r += 1
        if sweep:
            npend = int(g._roots(e))
        captured = 0
        if npend:
            mine = 0xFF if c == _BLACK else 0xFF00
            lost = (_ONE_BLACK + _ONE_WHITE) - one
            j = 0
            while j < npend:
                r = pending[j]
                j += 1
                inside = cover[r] & mine
                s = link[r]
                while inside and s != r:
                    inside = cover[s] & mine
                    s = link[s]
                if not inside:
                    continue
                paint(cover_table, hull[r], inc - 257, w, t3)
                ngroups[e] -= 1
                while True:
                    log[top] = s
                    top += 1
                    captured += 1
                    t = link[s]
                    cell[s] &= 0xFC
                    for j2 in range(6):
                        d = 1 if j2 < 2 else (w if j2 < 4 else w - 1)
                        cell[s - d if j2 & 1 else s + d] -= lost
                    empty[n_empty] = s
                    where[s] = n_empty
                    n_empty += 1
                    s = t
                    if s == r:
                        break
        log[top] = captured
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
    g.to_move = c
    g.passes = passes
    g.over = over
    return x if random else code
