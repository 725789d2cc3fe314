# pyright: reportUndefinedVariable=false
# (ptr8 and ptr16 are viper's casts, known only to the viper compiler: no stub declares them)
"""The search's two inner loops (search.Search._iterate) as viper code, for MicroPython ports
with a native emitter.

With the playouts in viper (go/viper.py and the others), most of a Pico's search went to the
tree: every playout walks down it choosing the child of highest value among all of a node's
children, and counts the result into every node on its path and the AMAF statistics of their
siblings, in bytecode, with a runtime call for each integer operation. These are the same two
loops on machine words:

- ``select(search, start, k)``: the child of start .. start + k - 1 not marked _DEAD with the
  highest value (the first of equals), or -1; the walk's inner loop.
- ``children(search, n, take, j, tactics)``: a new node's children from the candidates, best
  prior first, written from node j on (search.Search._children); an expansion's loops.
- ``backup(search, depth, winner)``: the count along the path, with the AMAF of the siblings:
  the marks of who played each point first in the playout (the scratch game's
  first_players, itself viper: gameviper.py), the count, and the marks wiped (its
  unmark_moves); the root's own visit stays with the caller.

search.py stays the reference: CPython runs only that, and the tests run whole searches both ways
on the unix port and require the same trees (tests/engine/test_searchviper.py). Change them
together.

The arithmetic needs no more than 32 bits: MicroPython ends a search at MP_MAX_PLAYOUTS visits
(search.py), which keeps the value's products below 2**30, as on a Pico's small ints; the node
arrays are 16-bit words (compat.zeros), the colours and the AMAF marks bytes. A child has at
least prior_visits (>= 1) visits, so the divisor is never 0.

The host build compiles this module only for a native architecture (host_tools/device/build.py).
"""

from micropython import const

_MOVE = const(0x1FF)
_LEGAL = const(0x200)
_DEAD = const(0x400)
_SMALL = const(0x400000)  # below it, num * 256 stays a small int (search.py's rule)


@micropython.viper
def select(s, start: int, k: int) -> int:
    """search.Search._iterate's choice among the children start .. start + k - 1."""
    move = ptr16(s.move)
    visits = ptr16(s.visits)
    wins = ptr16(s.wins)
    avisits = ptr16(s.avisits)
    awins = ptr16(s.awins)
    r = int(s.rave)
    pick = -1
    best = -1
    j = start
    end = start + k
    while j < end:
        if (move[j] & _DEAD) == 0:
            n = visits[j]
            a = avisits[j]
            num = wins[j] * (r + a) + awins[j] * r
            den = (n + a) * r + n * a
            if num < _SMALL:
                v = num * 256 // den
            else:
                d = den >> 8
                if d == 0:
                    d = 1
                v = num // d
            if v > best:
                best = v
                pick = j
        j += 1
    return pick


@micropython.viper
def backup(s, depth: int, winner: int):
    """search.Search._iterate's count of a playout won by winner (0: a draw) along the path's
    depth nodes: visits and wins in half points for the node, AMAF for its siblings whose move
    their player played first later in the playout (amaf marks it with that colour)."""
    path = ptr16(s.path)
    colours = ptr8(s.colours)
    first = ptr16(s.first)
    kids = ptr16(s.kids)
    move = ptr16(s.move)
    visits = ptr16(s.visits)
    wins = ptr16(s.wins)
    avisits = ptr16(s.avisits)
    awins = ptr16(s.awins)
    marks = s.amaf
    amaf = ptr8(marks)
    game = s.scratch
    start = s.base
    game.first_players(start, marks)  # itself viper: gameviper.py
    parent = 0
    d = 0
    while d < depth:
        j = path[d]
        c = colours[d]
        gain = 0
        if winner == c:
            gain = 2
        elif winner == 0:
            gain = 1
        visits[j] = visits[j] + 1
        wins[j] = wins[j] + gain
        i = first[parent]
        end = i + kids[parent]
        while i < end:
            m = move[i] & _MOVE
            if m != 0 and amaf[m] == c:
                avisits[i] = avisits[i] + 1
                awins[i] = awins[i] + gain
            i += 1
        parent = j
        d += 1
    game.unmark_moves(start, marks)


@micropython.viper
def children(s, n: int, take: int, j: int, tactics: int) -> int:
    """search.Search._children: the take best candidates (cand, pri, sums) as the children
    from node j on, best prior first; returns the end of the run."""
    cand = ptr16(s.cand)
    pri = ptr8(s.pri)
    sums = ptr16(s.sums)
    buckets = ptr16(s.buckets)
    move = ptr16(s.move)
    first = ptr16(s.first)
    kids = ptr16(s.kids)
    visits = ptr16(s.visits)
    wins = ptr16(s.wins)
    avisits = ptr16(s.avisits)
    awins = ptr16(s.awins)
    pv = int(s.prior_visits)
    b = 0
    while b < 16:
        buckets[b] = 0
        b += 1
    i = 0
    while i < n:
        if pri[i]:
            b = pri[i] >> 4
            buckets[b] = buckets[b] + 1
        i += 1
    cut = 15
    above = 0
    while cut and above + buckets[cut] < take:
        above += buckets[cut]
        cut -= 1
    if above + buckets[cut] < take:
        take = above + buckets[cut]
    start = j
    end = j + take
    b = 15
    while b >= cut and j < end:
        i = 0
        while i < n:
            q = pri[i]
            if q and q >> 4 == b:
                bonus = 0
                if tactics:
                    move[j] = cand[i] | _LEGAL
                    bonus = sums[i]
                else:
                    move[j] = cand[i]
                wins[j] = (2 * pv * q + 128) >> 8
                avisits[j] = bonus
                awins[j] = 2 * bonus
                j += 1
                if j == end:
                    break
            i += 1
        b -= 1
    i = start
    while i < end:
        first[i] = 0
        kids[i] = 0
        visits[i] = pv
        i += 1
    return end
