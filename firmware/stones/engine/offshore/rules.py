"""OffShore (Dale Walton, 2022): territory by grid-oriented hulls (help/offshore.txt, read as
docs/rules.md D1-D10).

Reading guide. A group's hull is the region between the six grid lines through its extreme stones:
the cells whose cube coordinates q, r, s each lie within the group's minimum and maximum of that
coordinate (rules.md D1). A player's territory is the union of the hulls of their groups, and a
score counts the empty cells in it. Two tables carry all of that:

* ``hull[root]``, the per-group word: the six bounds packed in 5-bit fields, 4 value bits and a
  guard bit each (the SWAR layout below), 30 bits in all, so every word is a small int on a Pico.
* ``cover[p]``, one 16-bit word per cell: how many of Black's hulls contain p (bits 0-7) and how
  many of White's (bits 8-15). "Is p in White's territory" is one read and a mask, which is what
  the placement limit and the capture test ask all the time. Counts rather than flags, because
  hulls overlap and a hull that goes must not take a cell that another hull still covers (D7).

Coordinates are shifted to 0..2R (R = side - 1): Q = q + R, R' = r + R, S = s + R, so Q + R' + S is
3R on every cell and the mailbox index of (Q, R') is (R' + 1) * W + Q + 1 (hexgrid.py). Row R' of a
hull is the run of cells with Q between max(Qmin, 3R - R' - Smax) and min(Qmax, 3R - R' - Smin):
painting a hull into ``cover`` is a loop over rows with a contiguous inner run.

The hull word. Field i occupies bits 5i..5i+3 with guard bit 5i+4 left clear. The fields hold
Qmax, 15-Qmin, R'max, 15-R'min, Smax, 15-Smin: every field is a "larger is wider" number, so the
hull of a union is the field-wise maximum and "hull a contains hull b" is "every field of a >= the
field of b". Both take a handful of whole-word operations (SWAR):

    d = ((a | GUARD) - b) & GUARD   guard bit i survives exactly where field a_i >= b_i
    m = d - (d >> 4)                 0b1111 in those fields
    max(a, b) = (a & m) | (b & ~m);   a contains b  <=>  d == GUARD

No field borrows from the next ((16 + a_i) - b_i >= 1), and (a | GUARD) < 2**30. A lone cell's word
is ``cellhull[p]``; the word 0 is the empty hull (the identity of the maximum).

A move. Placement legality is judged on the board before it (rules.md D3, D4): not in the
opponent's territory (Weak: unless next to an own stone), not next to an own group with more stones
than the mover has groups. Then the stone joins its neighbour groups: the first group met keeps its
hull ``old`` in ``cover``, the others' hulls are painted out, and the cells of the new hull outside
``old`` are painted in. Only those newly covered cells can complete the capture of an opponent
group: at the start of a turn no group lies wholly inside enemy territory (rules.md, OffShore's
facts: by induction over the moves), so a group inside the mover's territory now has a stone in a
newly covered cell.
Opponent stones met while painting name the candidate groups; each is walked and removed if every
stone is covered (D5). A set-up position (GTP, tests) may break that starting condition: then
``sweep`` is set and every placement tests every opponent group instead.

Log entry of a placement, top last: captured stones..., number captured. A pass logs nothing.
Undo puts the stones back, rebuilds the groups next to the move and the captured groups
(_regroup/_refresh), repaints their hulls and counts them back into the group counts.

Repetition is not excluded by the rules (captures free cells again); the base's move cap ends such
a game without a result.
"""

from stones.compat import MICROPYTHON, const, micropython, zeros
from stones.engine.game import (
    BLACK,
    ENEMY_TERRITORY,
    OCCUPIED,
    OFF_BOARD,
    OVERSIZED_GROUP,
    PASS,
    WHITE,
    Game,
    Option,
    Tuning,
)
from stones.engine.hexgrid import HexGrid

# The hot loop's constants, folded by MicroPython's compiler (see go/rules.py); game.py's values.
_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_ENEMY_TERRITORY = const(9)
_OVERSIZED_GROUP = const(10)
# The packed cell byte's fields (game.py), folded into the loops the same way.
_COLOUR = const(3)  # mask: EMPTY, BLACK, WHITE, EDGE
_BLACKS = const(2)  # shift of the count of black neighbours
_WHITES = const(5)  # shift of the count of white neighbours
_COUNT = const(7)  # mask of a count, once shifted
_ONE_BLACK = const(4)  # one more black neighbour
_ONE_WHITE = const(32)  # one more white neighbour
GUARD = const(0x21084210)  # bit 4 of each 5-bit field: 1 << 4 | 1 << 9 | ... | 1 << 29
_SPARED = const(11)  # internal: the playout policy spares the mover's own territory

# What the playouts and the tree know (OffShore.knowledge, a bit each; 0 is the baseline's
# uniform playouts and even priors).
# SPARE: playouts do not fill the mover's own territory (the tree's priors stay even: putting own
# territory last, or favouring a stone that grows its group's hull, did not win more against
# the baseline; see docs/journal.md).
SPARE = const(1)
# CAPTURE: a playout captures whenever it can. Before each random move the mover looks for a
# placement that takes an opponent group: one next to its own groups (a lone stone captures
# nothing) whose joined hull holds every stone of that group lying outside the mover's
# territory, the hull of those stones being ``uhull[root]``. Then "the new hull contains the
# group's uncovered stones" is one SWAR containment test a group. The first such cell in the
# empty list is played, without a draw; with none, the draw is uniform as before.
CAPTURE = const(2)
POLICY = const(4)  # the root's priors blend in the learned policy (policy.py): off by default
KNOWLEDGE = const(3)
# The check scans the board before every playout move, so its cost grows with the board; on
# side 7 it took the top level's device move well past its time on the emulated Pico
# (host_tools/bench/pico.py --only app --size N measures each side). Boards of more cells than
# this play without it (their knowledge is SPARE alone).
CAPTURE_CELLS = const(91)

if MICROPYTHON:
    from array import array

    def longs(n):
        """n zero words of 32 bits (hull words need 30; array('H') holds 16)."""
        return array("I", bytes(4 * n))  # raw copy: 4 bytes per 'I' entry

else:

    def longs(n):
        return [0] * n


def hull_max(a, b):
    """The smallest hull containing hulls a and b (field-wise maximum)."""
    m = ((a | GUARD) - b) & GUARD
    m -= m >> 4
    return (a & m) | (b & ~m)


def hull_contains(a, b):
    """Whether hull a contains hull b (a lone cell's hull word for b asks about one cell)."""
    return ((a | GUARD) - b) & GUARD == GUARD


def hull_bounds(h):
    """(Qmin, Qmax, R'min, R'max, Smin, Smax) of a hull word, in shifted coordinates."""
    return (15 - (h >> 5 & 15), h & 15, 15 - (h >> 15 & 15), h >> 10 & 15,
            15 - (h >> 25 & 15), h >> 20 & 15)


@micropython.native
def paint(cover, h, inc, w, t3):
    """Add inc to the cover word of every cell of hull h (w: the mailbox stride, t3: 3R).

    For whole hulls: the second and third groups a stone joins, captured groups, set-up and undo.
    The move loop paints a grown hull itself, only its new cells, noting the stones it passes."""
    qmax = h & 15
    qmin = 15 - (h >> 5 & 15)
    r = 15 - (h >> 15 & 15)
    rmax = h >> 10 & 15
    while r <= rmax:
        b = (r + 1) * w + 1
        lo = t3 - r - (h >> 20 & 15)  # Q >= 3R - R' - Smax
        if lo < qmin:
            lo = qmin
        hi = t3 - r - 15 + (h >> 25 & 15)  # Q <= 3R - R' - Smin
        if hi > qmax:
            hi = qmax
        for i in range(b + lo, b + hi + 1):
            cover[i] += inc
        r += 1


class OffShore(Game):
    key = "offshore"
    pico_levels = (500, 1100, 2100, 5600)  # the computer player (search.py): budgets a move
    pi_levels = (17000, 50000)
    tuning = Tuning(width=12, overhead=30)
    bench = (("opening", "b2 f4 d3 c2 e2 b3 d1 f2"), ("pico_playouts", 100),
             ("playouts_unix", 3000), ("v01", (4500, (("width", 12), ("overhead", 30)))))
    knowledge = KNOWLEDGE
    policy = "stones.engine.offshore.policy"  # its learned policy's inputs (engine/policy.py)
    learned = POLICY
    book = "stones.engine.offshore.book"  # its opening books (host_tools/fit/book.py)
    viper_loop = "stones.engine.offshore.viper"
    title = "OffShore"
    grid_class = HexGrid
    sizes = (4, 5, 6, 7)
    default_size = 4
    log_per_move = 2  # one count word, and captures never outnumber placements
    options = (Option("territory", "Territory", ("strong", "weak"), "strong"),)

    def _allocate(self):
        grid = self.grid
        n = grid.length
        rad = grid.radius
        self.t3 = 3 * rad  # Q + R' + S on every cell
        self.cellhull = longs(n)  # hull word of a lone stone on p
        for p in grid.points:
            q, r = grid.axial(p)
            q += rad
            r += rad
            s = 3 * rad - q - r
            self.cellhull[p] = (q | (15 - q) << 5 | r << 10 | (15 - r) << 15
                                | s << 20 | (15 - s) << 25)
        self.hull = longs(n)  # per-group word at the root
        self.cover = zeros(n)
        self._nocover = zeros(n)
        self.ngroups = zeros(3)  # groups on the board, indexed by colour
        self.pending = zeros(grid.count)  # roots of the opponent groups a move may capture
        self.uhull = longs(n)  # CAPTURE: per opponent root, the hull of its uncovered stones
        self.uroots = zeros(grid.count)  # CAPTURE: the roots uhull holds (0 between moves)
        self.weak = self.settings["territory"] == "weak"
        self.sweep = False
        self.knowledge = KNOWLEDGE if grid.count <= CAPTURE_CELLS else SPARE

    def _clear(self):
        self.cover[:] = self._nocover
        self.ngroups[1] = self.ngroups[2] = 0
        self.sweep = False

    def reset(self):
        Game.reset(self)
        if self.setup:
            self._rebuild()

    def _rebuild(self):
        """Group counts, cover and the sweep flag from the groups of a set-up position."""
        cell = self.cell
        root = self.root
        cover = self.cover
        cover[:] = self._nocover
        ngroups = self.ngroups
        ngroups[1] = ngroups[2] = 0
        w = self.grid.stride
        for p in self.grid.points:
            c = cell[p] & _COLOUR
            if c and root[p] == p:
                ngroups[c] += 1
                paint(cover, self.hull[p], 1 if c == BLACK else 256, w, self.t3)
        self.sweep = False
        for p in self.grid.points:
            c = cell[p] & _COLOUR
            if c and root[p] == p and self._inside(p, 0xFF00 if c == BLACK else 0xFF):
                self.sweep = True  # a group starts inside enemy territory: test them all

    def _inside(self, r, mask):
        """Whether every stone of the group at root r is covered by the hulls that mask selects."""
        cover = self.cover
        link = self.link
        s = r
        while True:
            if not cover[s] & mask:
                return False
            s = link[s]
            if s == r:
                return True

    def _refresh(self, root):
        cellhull = self.cellhull
        link = self.link
        h = 0
        s = root
        while True:
            g = cellhull[s]
            m = ((h | GUARD) - g) & GUARD
            m -= m >> 4
            h = (h & m) | (g & ~m)
            s = link[s]
            if s == root:
                break
        self.hull[root] = h

    def _word(self, root):
        return self.hull[root]

    def _state(self):
        cover = self.cover
        return ([cover[p] for p in self.grid.points], self.ngroups[1], self.ngroups[2], self.sweep)

    # -- territory, for the UI and the tests ----------------------------------------------------

    def in_territory(self, colour, p):
        """Whether cell p lies in colour's territory (the union of its groups' hulls)."""
        return bool(self.cover[p] & (0xFF if colour == BLACK else 0xFF00))

    def hull_cells(self, colour):
        """Every cell of colour's territory, stones included, in reading order."""
        mask = 0xFF if colour == BLACK else 0xFF00
        cover = self.cover
        return [p for p in self.grid.points if cover[p] & mask]

    def territory(self):
        """(Black's cells, White's): the empty cells of each territory, what a score counts; a
        cell in both is in both lists (D6)."""
        cell = self.cell
        return tuple([p for p in self.hull_cells(colour) if not cell[p] & _COLOUR]
                     for colour in (BLACK, WHITE))

    def panel(self):
        """The score so far: empty cells in each territory (counted, no lists built)."""
        cell = self.cell
        cover = self.cover
        black = white = 0
        for p in self.grid.points:
            if not cell[p] & _COLOUR:
                v = cover[p]
                if v & 0xFF:
                    black += 1
                if v & 0xFF00:
                    white += 1
        return "Land", black, white

    def symbol(self, p):
        """Diagram marks: X O stones, x o * empty cells in Black's, White's, both territories."""
        v = self.cell[p] & _COLOUR
        if v:
            return ".XO"[v]
        cover = self.cover[p]
        return ".xo*"[(cover & 0xFF and 1) | (cover & 0xFF00 and 2)]

    def score(self):
        """The empty cells in each territory (a cell in both counts for both), then stones and
        groups on the board for the table; totals in half points."""
        from stones.engine.outcome import Score

        black, white = self.territory()
        total = ("Territory", len(black), len(white))
        lines = [total,
                 ("Stones", self.count_stones(BLACK), self.count_stones(WHITE)),
                 ("Groups", self.ngroups[BLACK], self.ngroups[WHITE])]
        return Score(lines, total, 2 * len(black), 2 * len(white))

    def count_result(self):
        from stones.engine.outcome import Result, decide

        score = self.score()
        if self.count >= self.cap and self.passes < 2:
            return Result(None, 0, score, note="move limit %d reached" % self.cap)
        # Tie: the last player to place a stone wins; no stone at all, the second player (D8).
        return decide(score, self.last_placer() or WHITE,
                           "tie: the last to place a stone wins")

    # -- the computer player's hooks (Game.copy_from, candidates, quick_winner) -----------------

    _copied = ("hull", "cover", "ngroups")

    def _copy_extra(self, other):
        self.sweep = other.sweep

    def margin(self):
        """Black's score minus White's (empty cells in each territory), without allocating."""
        cell = self.cell
        cover = self.cover
        margin = 0
        for p in self.grid.points:
            if not cell[p] & _COLOUR:
                v = cover[p]
                if v & 0xFF:
                    margin += 1
                if v & 0xFF00:
                    margin -= 1
        return margin

    def material(self, c):
        """What one move can win at once, for c: the score margin."""
        margin = self.margin()
        return margin if c == BLACK else -margin

    def quick_winner(self):
        """result().winner without allocating (0 for no result at the move cap)."""
        if self.count >= self.cap and self.passes < 2:
            return 0
        margin = self.margin()
        if margin:
            return BLACK if margin > 0 else WHITE
        return self.last_placer() or WHITE

    def candidates(self, moves, priors):
        """The legal placements (the two limits, read as _run reads them), all alike."""
        cell = self.cell
        cover = self.cover
        root = self.root
        stones = self.stones
        empty = self.empty
        offsets = self.offsets
        c = self.to_move
        own = _BLACKS if c == BLACK else _WHITES
        theirs = 0xFF00 if c == BLACK else 0xFF
        weak = self.weak
        big = self.ngroups[c]
        n = 0
        for i in range(self.n_empty):
            p = empty[i]
            friends = cell[p] >> own & _COUNT
            if cover[p] & theirs and not (weak and friends):
                continue
            if friends:
                ok = True
                for d in offsets:
                    q = p + d
                    if cell[q] & _COLOUR == c and stones[root[q]] > big:
                        ok = False
                        break
                if not ok:
                    continue
            moves[n] = p
            priors[n] = 128
            n += 1
        return n

    # -- moves ----------------------------------------------------------------------------------

    def reason(self, move):
        if self.over:
            return self._over()  # GAME_OVER, or MOVE_LIMIT where the game ended at the limit
        if move == PASS:
            return 0
        if not self.grid.on_board(move):
            return OFF_BOARD
        cell = self.cell
        v = cell[move]
        if v & _COLOUR:
            return OCCUPIED
        c = self.to_move
        friends = v >> (_BLACKS if c == BLACK else _WHITES) & _COUNT
        if self.in_territory(3 - c, move) and not (self.weak and friends):
            return ENEMY_TERRITORY
        if friends:
            big = self.ngroups[c]
            for d in self.offsets:
                q = move + d
                if cell[q] & _COLOUR == c and self.stones[self.root[q]] > big:
                    return OVERSIZED_GROUP
        return 0

    @micropython.native
    def _run(self, move, randoms, x):
        """See Game._run.

        Playout policy. With knowledge 0 (the baseline): uniform among the legal placements,
        pass only when none is left. With SPARE: the mover's own territory is not a candidate
        either, as Go's playouts never fill their own eyes. A cell there scores for its owner
        while it stays empty, and the opponent may not take it (strong territory), so filling
        it loses a point; uniform playouts filled every such cell, and only the cells both
        territories cover and those the group limit closed were left to score, which said
        little about who held what. With CAPTURE: a placement that captures is played before
        any draw (see CAPTURE above), as Go's playouts take a group in atari; uniform playouts
        found a capture by chance, so a move that let the opponent capture looked safe.
        """
        cell = self.cell
        root = self.root
        link = self.link
        stones = self.stones
        hull = self.hull
        cellhull = self.cellhull
        cover = self.cover
        ngroups = self.ngroups
        pending = self.pending
        empty = self.empty
        where = self.where
        log = self.log
        history = self.history
        offsets = self.offsets
        w = self.grid.stride
        t3 = self.t3
        weak = self.weak
        sweep = self.sweep
        n_empty = self.n_empty
        top = self.top
        count = self.count
        c = self.to_move
        passes = self.passes
        random = randoms > 0
        spare = random and self.knowledge & SPARE
        capture = random and self.knowledge & CAPTURE
        points = self.grid.points
        uhull = self.uhull
        uroots = self.uroots
        code = 0
        over = self.over
        log_limit = self.log_limit
        cap = self.cap
        while True:
            # -- choose p: the given move, or draws from the empty list -------------------------
            e = 3 - c
            if random:
                if over or not randoms:
                    break
                randoms -= 1
                k = n_empty
            if c == _BLACK:
                own = _BLACKS  # shift of c's neighbour count in a packed cell
                theirs = 0xFF00  # e's hull counts in a cover word
                mine = 0xFF if spare else 0  # c's, when the playout spares them
            else:
                own = _WHITES
                theirs = 0xFF
                mine = 0xFF00 if spare else 0
            big = ngroups[c]
            take = 0  # CAPTURE: a placement that captures, found before the draw
            if capture:
                # uhull[r]: the hull of e's stones outside c's territory, group by group (a
                # group's first uncovered stone finds uhull[r] still 0 and lists r in uroots).
                cm = 0xFF if c == _BLACK else 0xFF00  # c's hull counts in a cover word
                nu = 0
                for t in points:
                    if cell[t] & _COLOUR == e and not cover[t] & cm:
                        r = root[t]
                        g = uhull[r]
                        if not g:
                            uroots[nu] = r
                            nu += 1
                        h = cellhull[t]
                        m = ((h | GUARD) - g) & GUARD  # uhull[r] = hull_max(h, g)
                        m -= m >> 4
                        uhull[r] = (h & m) | (g & ~m)
                if nu:
                    for t in range(n_empty):
                        p = empty[t]
                        if not cell[p] >> own & _COUNT:
                            continue  # a lone stone captures nothing
                        v = cover[p]
                        if v & theirs and not weak or v & mine:
                            continue  # e's territory (strong), or c's own spared
                        h = cellhull[p]  # the hull of the group p would make
                        for d in offsets:
                            q = p + d
                            if cell[q] & _COLOUR == c:
                                r = root[q]
                                if stones[r] > big:
                                    h = 0  # oversized neighbour: p is not legal
                                    break
                                g = hull[r]
                                m = ((h | GUARD) - g) & GUARD  # h = hull_max(h, g)
                                m -= m >> 4
                                h = (h & m) | (g & ~m)
                        if h:
                            for j in range(nu):  # hull_contains(h, uhull[uroots[j]]):
                                if ((h | GUARD) - uhull[uroots[j]]) & GUARD == GUARD:
                                    take = p  # h holds all of that group that was outside
                                    break
                            if take:
                                break
                    for j in range(nu):
                        uhull[uroots[j]] = 0
            while True:
                if take:
                    p = take  # legal: empty, next to c, outside e's territory, no big neighbour
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
                    for d in offsets:
                        q = p + d
                        if cell[q] & _COLOUR == c and stones[root[q]] > big:
                            code = _OVERSIZED_GROUP
                            break
                if not code or not random:
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
            if top > log_limit:  # the log is full: undo before this move will replay
                top = 0
                self.log_from = count
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
            n_empty -= 1  # p leaves the empty list; the last empty point takes its slot
            q = empty[n_empty]
            empty[where[p]] = q
            where[q] = where[p]
            if c == _BLACK:
                one = _ONE_BLACK  # one more c neighbour in a packed cell
                inc = 1  # one more c hull in a cover word
            else:
                one = _ONE_WHITE
                inc = 256
            h = cellhull[p]  # the hull of p's group, growing as it joins its neighbours
            old = 0  # the hull of the first group joined, which stays painted
            joined = 0
            a = p  # root of p's group
            for d in offsets:
                q = p + d
                y = cell[q]
                cell[q] = y + one
                if y & _COLOUR == c:
                    r = root[q]
                    if r != a:
                        g = hull[r]
                        joined += 1
                        if joined == 1:
                            old = g
                        else:
                            paint(cover, g, -inc, w, t3)
                        m = ((h | GUARD) - g) & GUARD  # h = hull_max(h, g)
                        m -= m >> 4
                        h = (h & m) | (g & ~m)
                        if stones[a] < stones[r]:
                            a, r = r, a
                        s = r
                        while True:
                            root[s] = a
                            s = link[s]
                            if s == r:
                                break
                        link[a], link[r] = link[r], link[a]
                        stones[a] += stones[r]
            hull[a] = h
            npend = 0
            if not joined:  # a lone stone: its hull is its own cell, which captures nothing
                cover[p] += inc
                ngroups[c] += 1
            else:
                ngroups[c] -= joined - 1
                if h != old:
                    # Paint the cells of h outside old, row by row, noting e's groups met there.
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
                        skip = end + 1  # old's run in this row: [skip, resume)
                        if ormin <= r <= ormax:
                            y = t3 - r - (old >> 20 & 15)
                            skip = b + (y if y > oqmin else oqmin)
                            y = t3 - r - 14 + (old >> 25 & 15)
                            resume = b + (y if y < oqmax else oqmax)
                            if resume <= skip:  # never for a real group's hull; no endless loop
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
            if sweep:  # a set-up position: every opponent group is a candidate
                npend = self._roots(e)
            # -- remove e's groups lying wholly in c's territory (D5) ---------------------------
            captured = 0
            if npend:
                mine = 0xFF if c == _BLACK else 0xFF00
                lost = (_ONE_BLACK + _ONE_WHITE) - one  # one less e neighbour (the sum folds)
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
                    paint(cover, hull[r], inc - 257, w, t3)  # e's hull out: -256 or -1
                    ngroups[e] -= 1
                    while True:
                        log[top] = s
                        top += 1
                        captured += 1
                        t = link[s]
                        cell[s] &= 0xFC
                        for d in offsets:
                            cell[s + d] -= lost
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
        self.n_empty = n_empty
        self.top = top
        self.count = count
        self.to_move = c
        self.passes = passes
        self.over = over
        return x if random else code

    @micropython.native
    def _roots(self, colour):
        """Put the root of every group of colour into pending; return how many."""
        cell = self.cell
        root = self.root
        pending = self.pending
        n = 0
        for p in self.grid.points:
            if cell[p] & _COLOUR == colour and root[p] == p:
                pending[n] = p
                n += 1
        return n

    def _pop(self):
        p = self._unrecord()
        if p == PASS:
            return
        log = self.log
        top = self.top - 1
        base = top - log[top]  # the number of stones captured
        self.top = base
        c = self.to_move
        e = 3 - c
        cell = self.cell
        root = self.root
        hull = self.hull
        cover = self.cover
        offsets = self.offsets
        w = self.grid.stride
        t3 = self.t3
        inc = 1 if c == BLACK else 256
        paint(cover, hull[root[p]], -inc, w, t3)  # p's group leaves c's territory
        self._lift(p)
        for i in range(top - 1, base - 1, -1):  # captured stones return, newest first
            self._put(log[i], e)
        mark = self.mark
        gen = self._new_generation()
        ngroups = self.ngroups
        ngroups[c] -= 1  # p's group, which falls apart into the groups it joined
        for d in offsets:
            q = p + d
            if cell[q] & _COLOUR == c and mark[q] != gen:
                self._regroup(q)
                paint(cover, hull[q], inc, w, t3)
                ngroups[c] += 1
        for i in range(base, top):
            q = log[i]
            if mark[q] != gen:
                self._regroup(q)
                paint(cover, hull[q], 257 - inc, w, t3)
                ngroups[e] += 1
