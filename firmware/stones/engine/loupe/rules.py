"""Loupe: groups score by their shortest loop (help/loupe.txt, read as docs/rules.md C1-C11).

Reading guide.

**Turns** (C7). ``phase`` says which stone of a turn comes next: _TWO (0) a two-stone turn
begins, _SECOND (1) its second stone is due, _OPENING (2) Black's one-stone first turn. The
UI reads ``stones_left()`` (2 or 1), ``turn_size()`` (1 for the opening, else 2) and
``can_pass()``. A pass replaces a whole turn, so it is refused while the second stone is due
(MID_TURN); two passing turns in a row end the game. Each stone is its own history entry, so
undo takes back one stone at a time and restores the phase with it. A play out of turn (GTP
after set_position) starts a two-stone turn for that colour (_switch).

**Placement** (C6). A stone of colour c may go on an empty point with no more enemy than
friendly neighbours: one read of the packed cell byte and one lookup, ``_LEGAL[v] & c`` (the table
holds bit c for "c may play here" and bit c << 2 for "c may play here once one more c stone is
next to it"; stones and sentinels hold 0). **C7**: a first stone is legal only if a legal second
stone follows. Friendly stones only add friendly neighbours, so every point legal before the first
stone stays legal after it: a second stone exists when some neighbour of the first one has bit
c << 2, or else when any other empty point is legal now. The neighbours answer almost always; the
scan of the empty list is for crowded ends of games.

No captures, nothing ever moves, so the log is not needed: undoing a stone is lifting it and
rebuilding the groups that touched it from the colours. Groups are merged on placement (the
smaller list is relabelled), as in Go, so scoring finds them ready.

**Scoring** (C2-C5, C8, C11). A finished side-9 board takes about 0.15 ms on the unix port (0.6 ms
the worst seen; a Pico is ~120 times slower). For each group G of N stones:

1. Holes by Euler's formula: G's stones, its adjacencies and the lattice triangles with all three
   corners in G form a complex whose holes number 1 - V + E - T (the union of G's hexagonal cells
   has this complex as its nerve, and its bounded complementary regions are exactly the holes of
   rules.md C2). E is half the sum of the friendly counts in the cell bytes; T counts each triangle
   once, at its upper-left corner s: {s, s+1, s+W} and {s, s+W-1, s+W}. No hole: an empty group,
   value -N (or 0 by the option, C5).
2. A point not in G with six neighbours of G's colour is ringed by six stones of G: L = 6, the
   least a loop can have (a loop round P meets each of the six rays from P at a distinct point).
   Found by a walk over G's neighbours. Without such a ring every hole has two points or more,
   and a loop round n points has at least 8 stones (n = 2), 9 (n = 3) or 10 (n >= 4) (found by
   enumerating every cycle of up to 9 stones): 8 ends the search, and a hole whose bound is no
   better than the best so far is not searched.
3. Otherwise the holes are flooded one by one (components of the points not in G, seeded from G's
   neighbours; one that never meets the board's edge is a hole), stopping when Euler's count of
   holes has been found. For each hole, P = its last point in reading order, and a
   search runs from each stone s of G right of P in its row with an adjacency crossing the ray:
   breadth-first over (stone, parity) pairs where crossing the ray flips the parity. A state x at
   distance D(x) whose twin (same stone, other parity) is at D(x') closes an odd walk of length
   D(x) + D(x') through s; the shortest one is met halfway, so a search stops at depth best // 2,
   and sources at least best / 2 right of P are not tried (a loop round P through s is at least
   twice as long as s is far from P).

For the UI and GTP: ``values(colour)`` -> [(value, group root)], ``group_values(colour)`` and
``value_lists()`` -> the sorted values (GTP final_score), ``loop_length(p)``, ``group_value(p)``
and ``shortest_loop(p)``, the stones of one shortest loop in order round it (for drawing),
rebuilt from the search's distances: back from the meeting state and from its twin to the source.

value = 2L - N. Simple modality: the sorted value lists are compared pair by pair; when one list
runs out with all pairs equal it is a draw (C8, option: the longer list wins, reported as a
tie-break win). Compound modality: the sums.
"""

from stones.compat import const, micropython, octets, zeros
from stones.engine.game import (
    BLACK,
    PASS,
    WHITE,
    Game,
    Option,
    Tuning,
)
from stones.engine.hexgrid import HexGrid

# The hot loop's constants, folded by MicroPython's compiler. Same values as in game.py.
_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_OUTNUMBERED = const(7)
_NO_SECOND_STONE = const(8)
_MID_TURN = const(11)
# The packed cell byte's fields (game.py), folded into the loops the same way.
_COLOUR = const(3)  # mask: EMPTY, BLACK, WHITE, EDGE
_BLACKS = const(2)  # shift of the count of black neighbours
_WHITES = const(5)  # shift of the count of white neighbours
_COUNT = const(7)  # mask of a count, once shifted
_ONE_BLACK = const(4)  # one more black neighbour
_ONE_WHITE = const(32)  # one more white neighbour

# phase: which stone of the turn comes next
_TWO = const(0)  # the first of a two-stone turn (a pass may replace the turn)
_SECOND = const(1)  # the second stone of the turn (no pass)
_OPENING = const(2)  # Black's one-stone first turn (a pass may replace it)

# _LEGAL[v] for a packed cell byte v: bit 1 Black may play there, bit 2 White may, bit 4 Black may
# once one more black stone is next to it, bit 8 the same for White; 0 for a stone or a sentinel.
# With b and w the black and white neighbours of an empty cell: bit 1 is w <= b, bit 2 b <= w,
# bit 4 w <= b + 1, bit 8 b <= w + 1 (tests/engine/test_loupe.py builds it from this rule). A
# constant, so the firmware keeps it in flash: 256 bytes of heap less than building it.
_LEGAL = (
    b"\x0f\x00\x00\x00\x0d\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00"
    b"\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00"
    b"\x0e\x00\x00\x00\x0f\x00\x00\x00\x0d\x00\x00\x00\x05\x00\x00\x00"
    b"\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0e\x00\x00\x00\x0f\x00\x00\x00\x0d\x00\x00\x00"
    b"\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0a\x00\x00\x00\x0e\x00\x00\x00\x0f\x00\x00\x00"
    b"\x0d\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00\x0e\x00\x00\x00"
    b"\x0f\x00\x00\x00\x0d\x00\x00\x00\x05\x00\x00\x00\x05\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00"
    b"\x0e\x00\x00\x00\x0f\x00\x00\x00\x0d\x00\x00\x00\x05\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0e\x00\x00\x00\x0f\x00\x00\x00\x0d\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00\x0a\x00\x00\x00"
    b"\x0a\x00\x00\x00\x0a\x00\x00\x00\x0e\x00\x00\x00\x0f\x00\x00\x00"
)

# What the tree knows (Loupe.knowledge, a bit each; 0 is the baseline's even priors).
BREAK = const(1)  # priors favour a stone that breaks the opponent's ring (_BREAK)
POLICY = const(2)  # the root's priors blend in the learned policy (policy.py): off by default
KNOWLEDGE = const(1)

# candidates: the prior bonus of a stone on the ring of an empty point that has k of the mover's
# stones round it already (k = 5: the stone closes the ring), and with BREAK, of a stone on the
# ring of an empty point with k of the opponent's stones round it and none of the mover's (the
# stone spoils that ring for good: k = 4 is a ring the opponent's next turn of two stones closes).
_RING = b"\x00\x0c\x18\x28\x3c\x60\x60"
_BREAK = b"\x00\x00\x00\x10\x30\x60\x60"


def least_loop(n):
    """The fewest stones a loop round n points (n >= 1) can have: 6, 8, 9, and at least 10 for
    n >= 4 (checked by enumerating every cycle of up to 9 stones, tests/engine/test_loupe.py)."""
    return 6 if n == 1 else 8 if n == 2 else 9 if n == 3 else 10


class Loupe(Game):
    key = "loupe"
    pico_levels = (800, 1800, 3600, 11500)  # the computer player (search.py): budgets a move
    viper_loop = "stones.engine.loupe.viper"
    seldom = ("stones.engine.loupe.seldom", "stones.engine.seldom")  # Game.seldom
    pi_levels = (60000, 180000)
    pico_scale = ((11, 55),)  # side 11: bytecode playouts (Game.pico_scale)
    tuning = Tuning(overhead=46, prior_visits=32)  # the priors lead (BREAK): docs/journal.md
    bench = (("opening", "e5 a1 a2 c3 g5 c7 d4 f6"), ("pico_playouts", 30),
             ("playouts_unix", 1200), ("v01", (7500, (("overhead", 46),))))  # Game.bench
    knowledge = KNOWLEDGE
    policy = "stones.engine.loupe.policy"  # its learned policy's inputs (engine/policy.py)
    learned = POLICY
    book = "stones.engine.loupe.book"  # its opening books (host_tools/fit/book.py)
    title = "Loupe"
    grid_class = HexGrid
    sizes = (7, 9, 11)
    default_size = 9
    log_per_move = 0  # nothing to log: undo lifts the stone and regroups
    stones_per_turn = 2  # the opening turn is one stone (turn_size)
    options = (
        Option("modality", "Modality", ("simple", "compound"), "simple"),
        Option("empty_group_value", "Loopless", ("minus-n", "zero"), "minus-n"),
        Option("runout", "Run-out", ("draw", "longer"), "draw"),
    )

    def _cap(self, points):
        """A game is at most 1.5 entries a point and the two closing passes (each passing turn
        but the last two is followed by a two-stone turn), so the cap is never reached in
        play, with a few entries to spare; GTP plays out of turn that put a pass between
        single stones could reach it (the game then ends with no result, as at any cap). Half
        the history of a cap of two entries a point: 210 bytes of a Pico's heap at side 9."""
        return 3 * points // 2 + 4

    def _allocate(self):
        # Scoring's search tables (_dist, _bq), made at the first loop search, and
        # quick_winner's and candidates' (_values, _holey), made by prepare(); the loop
        # search's scalars (_n, _meet, and _hole and _source, where _shortest leaves the hole
        # and source of the loop it found) join the game's dict at their first store, or at
        # prepare(): a game in play keeps six names fewer, a search stores into names it has.
        self._dist = None
        self._values = None

    def _clear(self):
        # Black's one-stone opening, unless stones were set up: then play is under way and
        # every turn is two stones (GTP set_position, records with a setup line).
        self.phase = _TWO if self.setup else _OPENING

    # -- the turn structure, for the UI -------------------------------------------------------

    def stones_left(self):
        """Stones still to place in the current turn: 2, or 1 (the second stone, or the opening)."""
        return 2 if self.phase == _TWO else 1

    def turn_size(self):
        """Stones in the current turn: 1 for Black's opening, else 2 ("stone 1/1", "stone 2/2")."""
        return 1 if self.phase == _OPENING else 2

    def can_pass(self):
        """A pass may replace the turn now (not after its first stone)."""
        return not self.over and self.phase != _SECOND

    def _switch(self, colour):
        self.to_move = colour
        self.phase = _TWO

    # -- moves --------------------------------------------------------------------------------

    @micropython.native
    def _run(self, move, randoms, x):
        """See Game._run.

        Playout policy: each stone uniform among the legal points for it (first stones:
        among those a legal second stone can follow, C7); a pass when there is none.
        """
        cell = self.cell
        root = self.root
        link = self.link
        stones = self.stones
        empty = self.empty
        where = self.where
        history = self.history
        offsets = self.offsets
        legal = _LEGAL
        n_empty = self.n_empty
        count = self.count
        c = self.to_move
        passes = self.passes
        phase = self.phase
        over = self.over
        cap = self.cap
        random = randoms > 0
        code = 0
        while True:
            # -- choose p: the given move, or draws from the empty list -------------------------
            if random:
                if over or not randoms:
                    break
                randoms -= 1
                k = n_empty
            while True:
                if random:
                    if not k:
                        p = _PASS  # (never while a second stone is due: C7 saw one)
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
                else:  # C7: a legal second stone must follow (see the reading guide)
                    two = c << 2
                    for d in offsets:
                        if legal[cell[p + d]] & two:
                            break
                    else:
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
                k -= 1  # swap the refused point out of the draw, for this move only
                q = empty[k]
                empty[k] = p
                where[p] = k
                empty[i] = q
                where[q] = i
            if code:
                break
            # -- play it ------------------------------------------------------------------------
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
            n_empty -= 1  # p leaves the empty list; the last empty point takes its slot
            q = empty[n_empty]
            i = where[p]
            empty[i] = q
            where[q] = i
            root[p] = p
            link[p] = p
            stones[p] = 1
            if c == _BLACK:
                one = _ONE_BLACK  # one more black neighbour in a packed cell
                own = v >> _BLACKS & _COUNT
            else:
                one = _ONE_WHITE
                own = v >> _WHITES
            if own:  # p joins the groups of its friendly neighbours
                a = p
                for d in offsets:
                    q = p + d
                    y = cell[q]
                    cell[q] = y + one
                    if y & _COLOUR == c:
                        r = root[q]
                        if r != a:
                            if stones[a] < stones[r]:
                                a, r = r, a
                            s = r  # relabel the smaller list, then splice the two circles
                            while True:
                                root[s] = a
                                s = link[s]
                                if s == r:
                                    break
                            link[a], link[r] = link[r], link[a]
                            stones[a] += stones[r]
            else:
                for d in offsets:
                    cell[p + d] += one
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
        self.n_empty = n_empty
        self.count = count
        self.to_move = c
        self.passes = passes
        self.phase = phase
        self.over = over
        return x if random else code

    def _pop(self):
        p = self._unrecord()
        if p == PASS:
            return
        cell = self.cell
        v = cell[p]
        c = v & _COLOUR
        self._lift(p)
        if (v >> _BLACKS & _COUNT) if c == BLACK else (v >> _WHITES):  # p joined groups, which
            # may fall apart
            self._new_generation()
            for d in self.offsets:
                if cell[p + d] & _COLOUR == c:
                    self._regroup(p + d)

    # -- loops and values ---------------------------------------------------------------------

    def _holes(self, g):
        """How many holes the group at root g has (Euler's formula, see the reading guide)."""
        cell = self.cell
        link = self.link
        w = self.grid.stride
        c = cell[g] & _COLOUR
        shift = _BLACKS if c == BLACK else _WHITES
        v = e = t = 0
        s = g
        while True:
            v += 1
            e += cell[s] >> shift & _COUNT
            if cell[s + w] & _COLOUR == c:
                t += (cell[s + 1] & _COLOUR == c) + (cell[s + w - 1] & _COLOUR == c)
            s = link[s]
            if s == g:
                break
        return 1 - v + (e >> 1) - t

    def _shortest(self, g):
        """_loop without the tuple (which would allocate): L, with hole and source left in
        self._hole and self._source."""
        self._hole = self._source = 0
        holes = self._holes(g)
        if not holes:
            return 0
        cell = self.cell
        root = self.root
        link = self.link
        degree = self.degree
        offsets = self.offsets
        c = cell[g] & _COLOUR
        shift = _BLACKS if c == BLACK else _WHITES
        s = g
        while True:  # a point ringed by six stones of G: L = 6, the least there is
            for d in offsets:
                v = cell[s + d]
                if v & _COLOUR != c and v >> shift & _COUNT == 6:
                    self._hole = s + d
                    return 6
            s = link[s]
            if s == g:
                break
        if self._dist is None:  # the search's tables, made at the first use
            # (stone, parity) state 2 * stone + parity; a search reaches best // 2 + 1 <= 167
            # at most (distance + 1 is stored), so bytes do; it visits two states a stone
            self._dist = octets(bytes(2 * self.grid.length))
            self._bq = zeros(2 * self.grid.count)
        mark = self.mark
        queue = self.queue
        best = self.stones[g] + 1  # no loop is longer than the group
        hole = source = 0
        found = 0
        gen = self._new_generation()
        while True:  # s == g: flood the regions next to G that it does not hold, one by one
            for d in offsets:
                t = s + d
                if mark[t] == gen:
                    continue
                y = cell[t] & _COLOUR
                if y == 3 or (y == c and root[t] == g):
                    continue
                mark[t] = gen
                queue[0] = t
                n = 1
                i = 0
                outer = False
                last = t
                while i < n:
                    u = queue[i]
                    i += 1
                    if degree[u] < 6:
                        outer = True
                    if u > last:
                        last = u
                    for d2 in offsets:
                        z = u + d2
                        if mark[z] != gen:
                            y = cell[z] & _COLOUR
                            if y == 3 or (y == c and root[z] == g):
                                continue
                            mark[z] = gen
                            queue[n] = z
                            n += 1
                if outer:
                    continue
                found += 1  # a hole of n points: search round its last point
                w = self.grid.stride
                lo = last + 1
                hi = (last // w + 1) * w
                if best > least_loop(n):
                    for r in range(lo, hi):  # each stone with an adjacency crossing the ray
                        if 2 * (r - last) >= best:
                            break  # a loop through r round last is at least 2 (r - last) long
                        if cell[r] & _COLOUR == c and root[r] == g and (
                                cell[r - w] & _COLOUR == c or cell[r - w + 1] & _COLOUR == c):
                            length = self._search(c, r, lo, hi, best)
                            self._forget()
                            if length < best:
                                best = length
                                hole = last
                                source = r
                                if best == 8:
                                    break
                if best == 8 or found == holes:
                    self._hole = hole
                    self._source = source
                    return best
            s = link[s]
            if s == g:
                break
        raise AssertionError("holes not found")  # Euler's count promised them

    def _search(self, c, s, lo, hi, best):
        """Breadth-first from (s, parity 0) over (stone, parity) states of s's group, where an
        adjacency between a stone a with lo <= a < hi and its neighbour above (a - W, a - W + 1)
        flips the parity. Return the length of the shortest closed walk through s of odd
        parity if shorter than best, else best; self._meet is then a state on such a walk, its
        twin (z ^ 1) the other half, and _dist holds distance + 1 of the states in _bq[:_n]."""
        cell = self.cell
        offsets = self.offsets
        dist = self._dist
        bq = self._bq
        w = self.grid.stride
        up = -w
        down = w
        start = 2 * s
        dist[start] = 1
        bq[0] = start
        n = 1
        i = 0
        meet = 0
        half = best >> 1  # the shortest walk is met halfway: no deeper layer can improve on best
        while i < n:
            x = bq[i]
            i += 1
            k = dist[x]  # the distance of the layer x leads to
            if k > half:
                break
            a = x >> 1
            par = x & 1
            here = lo <= a < hi
            for d in offsets:
                b = a + d
                if cell[b] & _COLOUR != c:
                    continue
                z = 2 * b + par
                if d == up or d == up + 1:
                    if here:
                        z ^= 1
                elif d == down or d == down - 1:
                    if lo <= b < hi:
                        z ^= 1
                if dist[z]:
                    continue
                dist[z] = k + 1
                bq[n] = z
                n += 1
                twin = dist[z ^ 1]
                if twin and k + twin - 1 < best:  # D(z) + D(twin)
                    best = k + twin - 1
                    half = best >> 1
                    meet = z
        self._n = n
        self._meet = meet
        return best

    def _forget(self):
        dist = self._dist
        bq = self._bq
        for j in range(self._n):
            dist[bq[j]] = 0

    # -- the result: loupe/seldom.py (values, score, count_result, counted) ---------------------

    # -- the computer player's hooks (Game.copy_from, candidates, quick_winner) ---------------

    pass_prior = 100  # a pass beats a stone that only adds surplus to a loop (see candidates)

    def prepare(self):
        """Make the tables quick_winner and the loop search use, before the search's
        allocation-free steps."""
        Game.prepare(self)
        if self._dist is None:
            self._dist = octets(bytes(2 * self.grid.length))
            self._bq = zeros(2 * self.grid.count)
        if self._values is None:
            self._values = zeros(2 * self.grid.count)  # Black's values, then White's (+ count)
            self._holey = octets(bytes(self.grid.length))  # candidates: group at root has a hole
        self._n = self._meet = self._hole = self._source = 0

    def candidates(self, moves, priors):
        """The points where to_move may place a stone (the neighbour limit; C7 is _push's), with
        priors that build rings, break the opponent's (BREAK) and keep them pure. A ring is worth
        2L - N: the six stones round an empty point x with no enemy neighbour are the cheapest
        loop, so a stone on x's ring scores by how many of the six are c's already (x's packed
        byte counts them); a stone that closes one is best. A stone on the ring of an x that
        holds only opponent's stones spoils that ring for good, worth more the fuller it is. A
        stone that touches an own group with a hole only adds surplus to it (Euler's hole count,
        cached per root), so it is poor; so is a stone inside an own ring (it fills the hole)."""
        cell = self.cell
        degree = self.degree
        root = self.root
        empty = self.empty
        offsets = self.offsets
        legal = _LEGAL
        mark = self.mark
        holey = self._holey
        c = self.to_move
        own = _BLACKS if c == BLACK else _WHITES
        other = _WHITES if c == BLACK else _BLACKS
        breaks = self.knowledge & BREAK
        gen = self._new_generation()
        n = 0
        for i in range(self.n_empty):
            p = empty[i]
            v = cell[p]
            if not legal[v] & c:
                continue
            q = 128
            if v >> own & _COUNT == 6:  # the hole of an own ring: filling it kills the loop
                q = 8
            else:
                best = 0
                block = 0  # the most opponent's stones round a ring point next to p (BREAK)
                surplus = False
                for d in offsets:
                    x = p + d
                    y = cell[x]
                    z = y & _COLOUR
                    if z == c:
                        r = root[x]
                        if mark[r] != gen:
                            mark[r] = gen
                            holey[r] = 1 if self._holes(r) else 0
                        if holey[r]:
                            surplus = True
                    elif not z and degree[x] == 6:
                        if not y >> other & _COUNT:
                            k = y >> own & _COUNT  # c's stones round x already
                            if k > best:
                                best = k
                        elif not y >> own & _COUNT:
                            k = y >> other & _COUNT  # the opponent's ring round x
                            if k > block:
                                block = k
                q += _RING[best]
                if breaks:
                    q += _BREAK[block]
                if surplus:
                    q -= 100
            moves[n] = p
            priors[n] = 255 if q > 255 else q if q > 1 else 1
            n += 1
        return n

    def quick_winner(self):
        """result().winner without allocating: each group's value by _shortest, sorted into
        the _values table (insertion sort, highest first) for the simple modality."""
        cell = self.cell
        root = self.root
        stones = self.stones
        values = self._values
        count = self.grid.count
        zero = self.settings["empty_group_value"] == "zero"
        nb = nw = 0
        sb = sw = 0
        for g in self.grid.points:
            x = cell[g] & _COLOUR
            if (x == 1 or x == 2) and root[g] == g:
                length = self._shortest(g)
                if length:
                    v = 2 * length - stones[g]
                else:
                    v = 0 if zero else -stones[g]
                if x == 1:
                    sb += v
                    base = 0
                    i = nb
                    nb += 1
                else:
                    sw += v
                    base = count
                    i = nw
                    nw += 1
                v += count  # stored non-negative
                while i and values[base + i - 1] < v:
                    values[base + i] = values[base + i - 1]
                    i -= 1
                values[base + i] = v
        if self.settings["modality"] == "compound":
            return 0 if sb == sw else BLACK if sb > sw else WHITE
        i = 0
        while i < nb and i < nw:
            if values[i] != values[count + i]:
                return BLACK if values[i] > values[count + i] else WHITE
            i += 1
        if nb == nw or self.settings["runout"] == "draw":
            return 0
        return BLACK if nb > nw else WHITE
