"""Loose: Go's surround capture, but surrounded stones flip instead of leaving (help/loose.txt,
read as docs/rules.md B1-B9).

Reading guide. A **false point** is an empty point with no empty neighbour and at least one black
and one white neighbour; every other empty point is **true**. The packed cell byte answers that in
one read: _TRUE_BELOW[v] < degree[t] says "empty point t is true" (the table holds 7 for stones
and sentinels, so they never pass). A group is alive when some stone of it has a true empty
neighbour: _alive walks the group's circular list and stops at the first one. No per-group word is
kept (_refresh stays the base's no-op).

A placement of colour c on p, in _run (one loop for checked play and random playouts):

1. put the stone (colour and neighbour counts only; p stays out of the group lists for now);
2. flip: only enemy groups touching p, or touching an empty neighbour of p that is now false, can
   have lost their last true liberty (rules.md, Loose's facts). Each one without a true liberty
   turns c, stone by stone, onto the log. Flipping never makes a point false, so checking and
   flipping them one after the other is the simultaneous flip of the rules, no cascade (B1, B2);
3. legality (B3, B4): only c's group containing p and c's groups touching an empty neighbour of p
   that is false can be left without a true liberty. Without flips, p's group is p plus its own
   neighbour groups, tested piece by piece before any list is spliced, so an illegal placement
   costs a few byte writes to take back. After flips the lists are merged first (flipped groups
   join the c groups they touch) and an illegal result is taken back by _take_back.

Log entry of a placement, top last: the flipped stones..., how many. A pass logs nothing. _pop
turns the flipped stones back, lifts p and rebuilds the groups around them from the colours.

Score (rule 5, 6): stones on the board, + komi for White; a tie is lost by the player who placed
the last stone, or with no stone placed by the second passer (rules.md B5), Result.tiebreak set.
Komi (B7): an even integer setting; KomiProtocol holds the steps of the two-screen
pre-game protocol (one player names the komi, the other picks a colour).
"""

from stones.compat import MICROPYTHON, const, micropython
from stones.engine.game import (
    BLACK,
    PASS,
    WHITE,
    Game,
    GameError,
    Option,
    Tuning,
)
from stones.engine.square import SquareGrid, is_eye

# The hot loop's constants, folded by MicroPython's compiler. Same values as in game.py.
_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_NO_TRUE_LIBERTY = const(6)
# The packed cell byte's fields (game.py), folded into the loops the same way.
_COLOUR = const(3)  # mask: EMPTY, BLACK, WHITE, EDGE
_BLACKS = const(2)  # shift of the count of black neighbours
_WHITES = const(5)  # shift of the count of white neighbours
_COUNT = const(7)  # mask of a count, once shifted
_ONE_BLACK = const(4)  # one more black neighbour
_ONE_WHITE = const(32)  # one more white neighbour

# What the playouts and the tree know (Loose.knowledge, a bit each; 0 is the baseline's uniform
# player). REPLY: each playout move first answers the last stone: flip its group where the stone
# left it one true liberty, else save an own group next to it that has one (flip a neighbour
# that has one, or extend where that gains empty points). PRIORS: the tree's priors favour the
# same flips and rescues, shun filling an own group's last true liberty, favour leaving an enemy
# group one, and shun the edge while the board is open (Loose.line_prior).
# REPLY stays off: against the baseline at equal time a move it won no more than chance.
# PRIORS (with 16 prior playouts a child, Loose.tuning), the line priors and the bonus for
# leaving an enemy group one true liberty each won more: docs/journal.md has the matches.
REPLY = const(1)
PRIORS = const(2)
POLICY = const(4)  # the root's priors blend in the learned policy (policy.py): off by default
KNOWLEDGE = const(2)  # PRIORS


# _TRUE_BELOW[v]: for an empty point's byte v, the count of stones next to it if it has
# neighbours of both colours (the point is false when that count is its degree), else 0; for a
# stone or a sentinel 7 (never below a degree). Built by module-level code, which MicroPython frees
# after the import (a builder function would stay in RAM).
_TRUE_BELOW = bytearray(256)
for _v in range(256):
    if _v & _COLOUR:
        _TRUE_BELOW[_v] = 7
    elif _v & 0x1C and _v & 0xE0:
        _TRUE_BELOW[_v] = (_v >> _BLACKS & _COUNT) + (_v >> _WHITES)
del _v

KOMI_CHOICES = ("0", "2", "4", "6", "8", "10")

if MICROPYTHON:
    @micropython.native
    def _stones_of(cell, c):
        """The stones of colour c in cell (sentinels are EDGE, never a colour): the root's
        tactics ask it twice a candidate (material), so it is machine code here."""
        n = 0
        for v in cell:
            if v & _COLOUR == c:
                n += 1
        return n
else:
    # _ONLY[c][v] is 1 where byte v holds a stone of colour c: CPython counts in C (the cells
    # are a list here, compat.octets)
    _ONLY = (None, bytes(1 if v & _COLOUR == 1 else 0 for v in range(256)),
             bytes(1 if v & _COLOUR == 2 else 0 for v in range(256)))

    def _stones_of(cell, c):
        """The stones of colour c in cell (the MicroPython twin's loop, as two C calls)."""
        return bytes(cell).translate(_ONLY[c]).count(1)



def parse_komi(value):
    """The komi as an int from '4', 4 or '-2'; GameError unless it is an even integer (rule 7)."""
    try:
        komi = int(str(value).strip())
    except ValueError:
        raise GameError("komi must be an even whole number, not %r" % (value,)) from None
    if komi & 1:
        raise GameError("komi must be even, not %d" % komi)
    return komi


@micropython.native
def _alive(s, cell, link, degree, w):
    """Whether the group of stone s has a true liberty: walk its list from s, stop at the first.
    (A plain function with the tables as arguments: no attribute look-ups, no allocation.)"""
    true_below = _TRUE_BELOW
    start = s
    while True:
        v = cell[s]
        if (v >> _BLACKS & _COUNT) + (v >> _WHITES) < degree[s]:  # an empty neighbour: one true?
            t = s + 1
            if true_below[cell[t]] < degree[t]:
                return True
            t = s - 1
            if true_below[cell[t]] < degree[t]:
                return True
            t = s + w
            if true_below[cell[t]] < degree[t]:
                return True
            t = s - w
            if true_below[cell[t]] < degree[t]:
                return True
        s = link[s]
        if s == start:
            return False


class Loose(Game):
    key = "loose"
    pico_levels = (400, 900, 2000, 9500)  # the computer player (search.py): budgets a move
    pi_levels = (30000, 90000)
    # (Game.pico_scale) 17x17 and 19x19: bytecode playouts from 256 points; 5x5 and 7x7: short
    # playouts, so many more of them a budget, each with its walk down the tree
    pico_scale = ((5, 40), (7, 65), (17, 45), (19, 45))
    tuning = Tuning(tactics=24, overhead=42, tactic_visits=4, prior_visits=16,  # PRIORS lead
                    tactic_width=96)  # a big board's root in time: docs/journal.md
    bench = (("opening", "E5 D5 E4 C3 G7 C7 G3 F5"), ("pico_playouts", 25),
             ("playouts_unix", 1500), ("playouts_cpython", 2000),
             ("v01", (3400, (("tactics", 24), ("overhead", 42), ("tactic_visits", 4)))))
    # PRIORS by the point's line (grid.line: 1 is the edge; 4 and in, nothing), a row for each
    # stage of the game: over 2/3 of the board empty, over 1/3, the rest. Fitted as a conditional
    # logit (16 prior points a unit) to how a search at ten times the top Pico level spread its
    # playouts over the moves of 648 positions from games against the baseline: the edge is poor
    # while the board is open, and hardly worse than the centre at the end.
    line_prior = ((0, -42, -20, -8), (0, -26, -12, -5), (0, -6, -1, 0))
    atari_prior = 16  # PRIORS: a stone that leaves an enemy group next to it one true liberty
    title = "Loose"
    grid_class = SquareGrid
    sizes = (5, 7, 9, 11, 13, 15, 17, 19)  # odd only (rules.md B8)
    default_size = 9
    # The last empty point can never be filled (that group would have no liberty), so a game has
    # at most n*n - 1 placements, one pass before, between and two after them: 2 n*n moves, the
    # cap, which is thus never what ends a game. The log holds a count per placement plus the
    # flipped stones: random games flip about one stone every two moves (9x9: 107 words a game
    # on average, 168 at most in 300 games; the log has room for 323 before it restarts).
    cap_factor = 2
    log_per_move = 2
    options = (Option("komi", "Komi", KOMI_CHOICES, "0"),)
    pregame = "komi"  # two humans settle the komi first (rules.md B7): ui/komi.py
    is_eye = is_eye  # the playouts' own-eye rule, stones.engine.square.is_eye as a method
    knowledge = KNOWLEDGE
    policy = "stones.engine.loose.policy"  # its learned policy's inputs (engine/policy.py)
    learned = POLICY
    # where the policy won its match (docs/journal.md); not on 5x5, and from 15x15 on its
    # buffers would take the app's heap past its limit while the device thinks
    learned_boards = (7, 9, 11, 13)
    book = "stones.engine.loose.book"  # its opening books (host_tools/fit/book.py)
    viper_loop = "stones.engine.loose.viper"

    def pregame_protocol(self):
        """The komi protocol two humans settle first (rules.md B7): ui/komi.py drives it."""
        return KomiProtocol()

    def _setting(self, option, value):
        if option.key == "komi":  # any even integer, not only the offered ones (rules.md B7)
            return str(parse_komi(value))
        return Game._setting(self, option, value)

    def _allocate(self):
        self.komi = int(self.settings["komi"])

    # -- moves --------------------------------------------------------------------------------

    @micropython.native
    def _run(self, move, randoms, x):
        """See Game._run.

        Playout policy: uniform among legal moves that do not fill the mover's own eye
        (stones.engine.square.is_eye), pass only when none is left; with the REPLY knowledge
        bit, _reply's answer to the last stone is tried first (a refused one falls back to the
        draw).
        """
        cell = self.cell
        degree = self.degree
        root = self.root
        link = self.link
        stones = self.stones
        mark = self.mark
        empty = self.empty
        where = self.where
        log = self.log
        history = self.history
        candidates = self.queue  # scratch for the enemy stones whose groups may flip (at most
        # 12: 4 next to p, 3 next to each of its empty neighbours); _regroup's queue, unused here
        offsets = self.offsets
        diagonals = self.grid.diagonals
        w = self.grid.stride
        true_below = _TRUE_BELOW
        alive = _alive
        n_empty = self.n_empty
        top = self.top
        count = self.count
        gen = self.gen
        c = self.to_move
        passes = self.passes
        random = randoms > 0
        knowledge = self.knowledge if random else 0
        code = 0
        over = self.over
        log_limit = self.log_limit
        cap = self.cap
        while True:
            # -- choose p: the given move, or draws from the empty list -------------------------
            e = 3 - c
            one = _ONE_BLACK if c == _BLACK else _ONE_WHITE  # one more c neighbour
            h = 0
            if random:
                if over or not randoms:
                    break
                randoms -= 1
                k = n_empty
                own = _BLACKS if c == _BLACK else _WHITES  # shift of c's neighbour count
                if knowledge & REPLY and count:
                    h = history[count - 1] & 0x1FF
                    if h:
                        h = self._reply(h, c)
            while True:
                if random:
                    if h:  # the reply to the last stone, checked like a draw
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
                        for d in diagonals:
                            if cell[p + d] & _COLOUR == e:
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
                    # -- 1. the stone, colour and counts only --------------------------------
                    cell[p] = v | c
                    cell[p + 1] += one
                    cell[p - 1] += one
                    cell[p + w] += one
                    cell[p - w] += one
                    gen += 1
                    if gen == 256:
                        for j in range(len(mark)):
                            mark[j] = 0
                        gen = 1
                    if top > log_limit:  # the log is full: undo before this move will replay
                        top = 0
                        self.log_from = count
                    base = top
                    # -- one look at p's neighbours gathers what steps 2 and 3 need ----------
                    n = 0  # candidates: enemy stones at p or at an empty neighbour now false
                    friends = 0  # c stones next to p; their groups are marked with gen
                    falses = 0  # empty neighbours of p that are now false
                    legal = False  # p has an empty neighbour that is true
                    for d in offsets:
                        q = p + d
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
                                for d2 in offsets:
                                    t = q + d2
                                    if cell[t] & _COLOUR == e:
                                        candidates[n] = t
                                        n += 1
                    # -- 2. flip each candidate group without a true liberty -----------------
                    # (enemy roots share gen with c's marked roots: they are other groups)
                    # a stone turning from e to c, as a neighbour's counts see it
                    flip = 2 * one - (_ONE_BLACK + _ONE_WHITE)
                    for j in range(n):
                        q = candidates[j]
                        if cell[q] & _COLOUR != e:
                            continue  # flipped already, with an earlier candidate's group
                        r = root[q]
                        if mark[r] == gen:
                            continue
                        mark[r] = gen
                        if alive(q, cell, link, degree, w):
                            continue
                        s = r
                        while True:
                            log[top] = s
                            top += 1
                            cell[s] ^= _COLOUR  # 1 <-> 2
                            cell[s + 1] += flip
                            cell[s - 1] += flip
                            cell[s + w] += flip
                            cell[s - w] += flip
                            s = link[s]
                            if s == r:
                                break
                    # -- 3. is every group of c left with a true liberty? --------------------
                    flipped = top != base
                    if flipped:
                        # Splice the lists first: p and the flipped stones join every c group
                        # they touch. Roots change, so the marks start a new generation.
                        root[p] = p
                        link[p] = p
                        stones[p] = 1
                        for j in range(base - 1, top):
                            s = p if j < base else log[j]
                            for d in offsets:
                                t = s + d
                                if cell[t] & _COLOUR == c and root[t] != root[s]:
                                    self._merge(root[s], root[t])
                        self.gen = gen
                        gen = self._new_generation()
                        mark[root[p]] = gen
                        if not legal:
                            legal = alive(p, cell, link, degree, w)
                    elif not legal and friends:
                        # p's group is p and the marked c groups next to it, not yet merged:
                        # alive if any piece has a true liberty.
                        for d in offsets:
                            q = p + d
                            if cell[q] & _COLOUR == c and alive(q, cell, link, degree, w):
                                legal = True
                                break
                    if legal and falses:  # the other c groups at a false neighbour of p
                        for d in offsets:
                            q = p + d
                            y = cell[q]
                            if true_below[y] >= degree[q] and not y & _COLOUR:
                                for d2 in offsets:
                                    t = q + d2
                                    if t != p and cell[t] & _COLOUR == c:
                                        r = root[t]
                                        if mark[r] != gen:
                                            mark[r] = gen
                                            if not alive(t, cell, link, degree, w):
                                                legal = False
                                                break
                                if not legal:
                                    break
                    if not legal:
                        if flipped:
                            self.gen = gen
                            self._take_back(p, c, base, top)
                            gen = self.gen
                            top = base
                        else:  # take the stone back: nothing else changed
                            cell[p] = v
                            cell[p + 1] -= one
                            cell[p - 1] -= one
                            cell[p + w] -= one
                            cell[p - w] -= one
                    elif not flipped:  # commit: p joins its neighbour groups (as in Go)
                        root[p] = p
                        link[p] = p
                        stones[p] = 1
                        if friends:
                            for d in offsets:
                                q = p + d
                                if cell[q] & _COLOUR == c:
                                    r = root[q]
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
                                        link[a], link[r] = link[r], link[a]
                                        stones[a] += stones[r]
                    if legal:
                        break
                if not random:
                    code = _NO_TRUE_LIBERTY
                    break
                if i < 0:  # a refused reply: draw instead
                    continue
                k -= 1  # swap the refused point out of the draw, for this move only
                q = empty[k]
                empty[k] = p
                where[p] = k
                empty[i] = q
                where[q] = i
            if code:
                break
            # -- record it ----------------------------------------------------------------------
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
            n_empty -= 1  # p leaves the empty list; the last empty point takes its slot
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
        self.n_empty = n_empty
        self.top = top
        self.count = count
        self.gen = gen
        self.to_move = c
        self.passes = passes
        self.over = over
        return x if random else code

    @micropython.native
    def _take_back(self, p, c, base, end):
        """Undo a placement of c on p whose flipped stones are log[base:end]: turn them back,
        lift p (colour and counts; the empty list is the caller's), rebuild the groups."""
        cell = self.cell
        log = self.log
        w = self.grid.stride
        one = _ONE_BLACK if c == BLACK else _ONE_WHITE
        flip = (_ONE_BLACK + _ONE_WHITE) - 2 * one  # a stone turning from c back to e
        for j in range(base, end):
            s = log[j]
            cell[s] ^= _COLOUR
            cell[s + 1] += flip
            cell[s - 1] += flip
            cell[s + w] += flip
            cell[s - w] += flip
        cell[p] &= 0xFC
        cell[p + 1] -= one
        cell[p - 1] -= one
        cell[p + w] -= one
        cell[p - w] -= one
        self._new_generation()
        offsets = self.offsets
        for d in offsets:  # p's group may fall apart into its old pieces
            if cell[p + d] & _COLOUR == c:
                self._regroup(p + d)
        for j in range(base, end):  # each flipped group, and the c groups it had joined
            s = log[j]
            self._regroup(s)
            for d in offsets:
                if cell[s + d] & _COLOUR == c:
                    self._regroup(s + d)

    def _pop(self):
        p = self._unrecord()
        if p == PASS:
            return
        top = self.top - 1
        base = top - self.log[top]
        self.top = base
        self._take_back(p, self.to_move, base, top)
        n = self.n_empty
        self.empty[n] = p
        self.where[p] = n
        self.n_empty = n + 1

    # -- questions for the UI and the tests ---------------------------------------------------

    def is_false(self, p):
        """Whether p is a false point: empty, no empty neighbour, both colours next to it."""
        return _TRUE_BELOW[self.cell[p]] == self.degree[p] and not self.cell[p] & _COLOUR

    def has_true_liberty(self, p):
        """Whether the group of the stone on p has a true liberty."""
        return _alive(p, self.cell, self.link, self.degree, self.grid.stride)

    # -- the computer player's hooks (Game.copy_from, candidates, quick_winner) ---------------

    def _true_liberty(self, s):
        """The true liberty of the group of stone s if it has exactly one, else 0: the group
        flips as soon as that point is filled or made false."""
        r = self._two_liberties(s)
        return 0 if r > 0x1FF else r

    @micropython.native
    def _two_liberties(self, s):
        """The true liberties of the group of stone s when it has one or two, packed as
        a | b << 9 (b = 0 for one), else 0: walk the group's list, stop at a third."""
        cell = self.cell
        degree = self.degree
        link = self.link
        offsets = self.offsets
        true_below = _TRUE_BELOW
        a = 0
        b = 0
        start = s
        while True:
            v = cell[s]
            if (v >> _BLACKS & _COUNT) + (v >> _WHITES) < degree[s]:  # an empty neighbour
                for d in offsets:
                    t = s + d
                    if true_below[cell[t]] < degree[t]:
                        if not a:
                            a = t
                        elif t != a and t != b:
                            if b:
                                return 0
                            b = t
            s = link[s]
            if s == start:
                return a | b << 9

    @micropython.native
    def _reply(self, last, c):
        """A move for c answering the opponent's last stone, or 0 (the REPLY knowledge): fill
        the last true liberty of the last stone's group (it flips); else save an own group next
        to the last stone that is down to one true liberty, by flipping an enemy neighbour of it
        that is down to one as well, or by extending onto its liberty where that point has two
        empty neighbours or more."""
        cell = self.cell
        t = self._true_liberty(last)
        if t:
            return t
        e = 3 - c
        offsets = self.offsets
        link = self.link
        for d in offsets:
            q = last + d
            if cell[q] & _COLOUR == c:
                t = self._true_liberty(q)
                if t:
                    s = q
                    while True:
                        for d2 in offsets:
                            u = s + d2
                            if cell[u] & _COLOUR == e:
                                z = self._true_liberty(u)
                                if z:
                                    return z
                        s = link[s]
                        if s == q:
                            break
                    v = cell[t]
                    if self.degree[t] - (v >> _BLACKS & _COUNT) - (v >> _WHITES) > 1:
                        return t
        return 0

    def line_stage(self):
        """The row of line_prior for this position: 0 while over 2/3 of the board is empty,
        1 while over 1/3 is, else 2."""
        k = self.n_empty * 3
        points = self.grid.count
        return 0 if k > 2 * points else 1 if k > points else 2

    def candidates(self, moves, priors):
        """Every empty point but the mover's own eyes (the playouts' rule); with the PRIORS
        knowledge, a point that fills an enemy group's last true liberty (a flip) is good, the
        more stones the better; one that is an own group's last true liberty is good if it has
        two empty neighbours or more (an escape), bad otherwise; one that leaves an enemy group
        next to it a single true liberty (it has two, this point among them) is good; a reply
        next to the last stone is good; the three lines nearest the edge are poor, the more so
        the emptier the board (line_prior). Without it, all alike."""
        empty = self.empty
        cell = self.cell
        degree = self.degree
        root = self.root
        stones = self.stones
        offsets = self.offsets
        c = self.to_move
        knows = self.knowledge & PRIORS
        atari = self.atari_prior
        last = self.history[self.count - 1] & 0x1FF if self.count else 0
        w = self.grid.stride
        line = self.grid.line
        lines = self.line_prior[self.line_stage()]
        n = 0
        for i in range(self.n_empty):
            p = empty[i]
            if is_eye(self, p, c):
                continue
            q = 128
            v = cell[p]
            if knows and v & 0xFC:
                free = degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)
                for d in offsets:
                    t = p + d
                    y = cell[t] & _COLOUR
                    if y == 1 or y == 2:
                        r = self._two_liberties(t)
                        if r == p:
                            if y == c:
                                q += 40 if free > 1 else -60
                            else:
                                size = stones[root[t]]
                                q += 48 + 8 * (size if size < 8 else 8)
                        elif r > 0x1FF and y != c and (r & 0x1FF == p or r >> 9 == p):
                            q += atari
                if last:
                    d = p - last
                    if d == 1 or d == -1 or d == w or d == -w:
                        q += 16
            if knows:
                k = line[p]
                if k < 4:
                    q += lines[k]
            moves[n] = p
            priors[n] = 255 if q > 255 else q if q > 1 else 1
            n += 1
        return n

    def material(self, c):
        """What one move can win at once, for c: c's stones minus the opponent's."""
        return 2 * _stones_of(self.cell, c) - (self.grid.count - self.n_empty)

    def quick_winner(self):
        """result().winner without allocating: stones (+ komi), a tie lost by the last placer."""
        cell = self.cell
        black = 0
        for p in self.grid.points:
            if cell[p] & _COLOUR == BLACK:
                black += 1
        white = self.grid.count - self.n_empty - black + self.komi
        if black != white:
            return BLACK if black > white else WHITE
        loser = self.tie_loser()
        return 0 if loser is None else 3 - loser

    # -- scoring ------------------------------------------------------------------------------

    def tie_loser(self):
        """Who loses a tie (rules.md B5): the colour that placed the last stone, or with no stone
        placed the colour that made the last move (the second passer); None before any move."""
        placer = self.last_placer()
        if placer is None and self.count:
            return self.history[self.count - 1] >> 9 & 3  # (a tuple from entry would allocate)
        return placer

    def score(self):
        """Stones on the board, komi for White (rules 5); totals in half points."""
        from stones.engine.outcome import Score

        black = self.count_stones(BLACK)
        white = self.count_stones(WHITE)
        komi = self.komi
        total = ("Total", black, white + komi)
        return Score([("Stones", black, white), ("Komi", 0, komi), total], total,
                     2 * black, 2 * (white + komi))

    def count_result(self):
        from stones.engine.outcome import decide

        loser = self.tie_loser()
        if loser is None:  # no move made yet: nobody has lost the tie
            return decide(self.score(), note="no move yet")
        return decide(self.score(), 3 - loser, "a tie: the last to place a stone loses")

    def problem(self, root):
        """Every group of a Loose position has a true liberty (rules.md B3)."""
        return None if self.has_true_liberty(root) else "no true liberty"


class KomiProtocol:
    """The pre-game komi protocol (rules.md B7) as data the UI drives over two screens.

    Its players are PROPOSER (the rules' "first player", not necessarily Black) and CHOOSER.
    Step NAME_KOMI: the proposer names an even komi, propose(komi) (offer choices; any even
    integer is accepted, anything else raises GameError). Step CHOOSE_COLOUR: the chooser picks
    BLACK or WHITE, choose(colour). Step DONE: settings() are the game's settings, black() says
    which player plays Black (and moves first), new_game(size) makes the game. back() returns to
    the previous step.

    The same steps as data, for a protocol played between two linked devices (stones.link.peer:
    the host proposes, the one that joins chooses): who(step) is the player who acts at a step,
    value(step) the text of what was given there, take(text) the current step given as text
    (the komi, or the colour "1" Black or "2" White), summary() what is settled so far in words.
    """

    PROPOSER = 0
    CHOOSER = 1
    NAME_KOMI = 0
    CHOOSE_COLOUR = 1
    DONE = 2
    choices = KOMI_CHOICES

    def __init__(self):
        self.step = 0
        self.komi = None
        self.colour = None  # the chooser's

    def propose(self, komi):
        if self.step != 0:
            raise GameError("the komi is named already")
        self.komi = parse_komi(komi)
        self.step = 1

    def choose(self, colour):
        if self.step != 1 or (colour != BLACK and colour != WHITE):
            raise GameError("the chooser picks Black or White once the komi is named")
        self.colour = colour
        self.step = 2

    def back(self):
        if self.step:
            self.step -= 1
            if self.step:
                self.colour = None
            else:
                self.komi = None

    def who(self, step):
        return self.PROPOSER if step == self.NAME_KOMI else self.CHOOSER

    def value(self, step):
        if step >= self.step:
            raise GameError("step %d is not done yet" % (step + 1))
        return str(self.komi if step == self.NAME_KOMI else self.colour)

    def take(self, text):
        if self.step == self.CHOOSE_COLOUR and text not in ("1", "2"):
            raise GameError("the chooser picks 1 (Black) or 2 (White), not %r" % (text,))
        if self.step == self.CHOOSE_COLOUR:
            self.choose(int(text))
        else:
            self.propose(text)  # (after the last step: refused, the komi is named already)

    def summary(self):
        return "" if self.komi is None else "komi %d" % self.komi

    def settings(self):
        if self.step != 2:
            raise GameError("the komi protocol is not finished")
        return {"komi": str(self.komi)}

    def black(self):
        self.settings()  # finished?
        return self.CHOOSER if self.colour == BLACK else self.PROPOSER

    def new_game(self, size=None):
        return Loose(size, **self.settings())
