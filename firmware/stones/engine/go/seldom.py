"""The Go methods that play never calls, out of the class until first asked for
(stones.engine.seldom says how: Game.__getattr__ puts each on the class at its first use)."""

from stones.compat import const
from stones.engine.game import BLACK, WHITE, GameError, half_points

_COLOUR = const(3)  # the packed cell's colour bits (engine/game.py)


def _word(self, root):
    return self.libs[root]


def _state(self):
    return (self.ko, self.prisoners[:])


def shape(self, p):
    """Whether empty p is a 3x3 shape point (patterns.PAT3) on this board."""
    if self.pat3 is None:
        self.prepare()
    cell = self.cell
    code = 0
    k = 0
    for d in self.grid.around:  # (no enumerate: its iterator would allocate)
        code |= (cell[p + d] & _COLOUR) << k
        k += 2
    return self.pat3[code >> 13][code >> 3 & 1023] >> (code & 7) & 1


def features(self, p):
    """The features the learnt priors weigh of the mover's stone on empty p (not its own
    eye), into self.feat: features.features. The game must be prepared (prepare())."""
    self.learnt.features(self, p)


def toggle_dead(self, p):
    """Mark the group at p dead, or alive again (after the game, before scoring)."""
    if self.cell[p] & 3 not in (BLACK, WHITE):
        raise GameError("no stones at %s" % self.grid.name(p))
    dead = self.dead_marks()
    flag = 0 if dead[p] else 1
    self.marked = True
    for s in self.group(p):
        dead[s] = flag


def _record_extra(self):
    dead = self.dead_stones()
    return ["dead " + self.grid.names(dead)] if dead else []


def _load_extra(self, key, words):
    if key != "dead":
        return False
    dead = self.dead_marks()
    for word in words:
        try:
            p = self.parse(word)
        except ValueError as error:
            raise GameError(str(error))
        if not dead[p]:
            self.toggle_dead(p)
    return True


def estimate_dead(self):
    """The stones the players would agree are dead (stones.engine.go.end, loaded at the end
    of a game only): the same for the same position, whatever came before."""
    from stones.engine.go.end import estimate_dead

    return estimate_dead(self)


def mark_estimated(self):
    """Start the marking from the estimate (estimate_dead): unless the players have marked
    something already (a resumed game keeps its marking), mark the estimated dead groups."""
    if not self.marked:
        self.mark_dead(self.estimate_dead())


def mark_dead(self, stones):
    """Exactly these stones marked dead (and no other); none: the marking is cleared."""
    dead = self.dead_marks()
    for p in self.grid.points:
        dead[p] = 0
    for p in stones:
        dead[p] = 1
    self.marked = bool(stones)


def seki_stones(self):
    """Living stones in seki (stones.engine.go.end)."""
    from stones.engine.go.end import seki_stones

    return seki_stones(self)


def dead_stones(self):
    dead = self.dead_marks()
    return [p for p in self.grid.points if dead[p]]


def counted(self):
    return self.territory(), self.dead_stones(), ()


def territory(self):
    """(Black's points, White's) in reading order: each empty region (dead stones count as
    empty) whose border holds stones of one colour only (rules.md A7); counting territory,
    less the points their owner must fill (must_fill, rules.md A10)."""
    owner = self._regions()
    if self.settings["scoring"] != "area":
        for p in self._must_fill(owner):
            del owner[p]
    points = self.grid.points
    return ([p for p in points if owner.get(p) == BLACK],
            [p for p in points if owner.get(p) == WHITE])


def must_fill(self):
    """The points of the region rule's territory (rules.md A7) that are the last liberty of
    a living group of their owner (dead stones count as empty), in reading order: the
    opponent may take the group there, so its owner has to fill the point before the end,
    and counting territory it scores for nobody (rules.md A10). Under area counting the
    stone that fills it scores the point instead, so there nothing changes. A finished
    playout leaves one only where a ko ban kept the taker out at the very end (11 of 3,000
    random games), so the playouts' counts (margin2) do not look for them."""
    return sorted(self._must_fill(self._regions()))


def _regions(self):
    """{point: BLACK or WHITE} of the region rule (rules.md A7)."""
    cell = self.cell
    dead = self.dead_marks()
    owner = {}
    seen = set()
    for p in self.grid.points:
        if p in seen or (cell[p] & 3 and not dead[p]):
            continue
        region = [p]
        seen.add(p)
        borders = 0
        i = 0
        while i < len(region):
            s = region[i]
            i += 1
            for d in self.offsets:
                t = s + d
                x = cell[t] & 3
                if x == 3:
                    continue
                if not x or dead[t]:
                    if t not in seen:
                        seen.add(t)
                        region.append(t)
                else:
                    borders |= x
        if borders == BLACK or borders == WHITE:
            for s in region:
                owner[s] = borders
    return owner


def _must_fill(self, owner):
    """must_fill over owner (_regions, point -> colour)."""
    cell = self.cell
    dead = self.dead_marks()
    root = self.root
    offsets = self.offsets
    single = {}  # root -> whether the group has one liberty
    points = []
    for p, x in owner.items():
        for d in offsets:
            q = p + d
            if cell[q] & 3 != x or dead[q]:
                continue
            r = root[q]
            if r not in single:
                liberties = set()
                for s in self.group(r):
                    for d2 in offsets:
                        t = s + d2
                        y = cell[t] & 3
                        if y != 3 and (not y or dead[t]):
                            liberties.add(t)
                single[r] = len(liberties) == 1
            if single[r]:
                points.append(p)
                break
    return points


def score(self):
    """Territory and prisoners (dead stones included), or stones and territory by area
    scoring, komi for White; totals in half points."""
    from stones.engine.outcome import Score

    land_b, land_w = self.territory()
    dead = [0, 0, 0]
    alive = [0, 0, 0]
    cell = self.cell
    marks = self.dead_marks()
    for p in self.grid.points:
        x = cell[p] & 3
        if x:
            (dead if marks[p] else alive)[x] += 1
    if self.settings["scoring"] == "area":
        black = alive[BLACK] + len(land_b)
        white = alive[WHITE] + len(land_w)
        lines = [("Stones", alive[BLACK], alive[WHITE]),
                 ("Territory", len(land_b), len(land_w))]
    else:
        prisoners_b = self.prisoners[BLACK] + dead[WHITE]
        prisoners_w = self.prisoners[WHITE] + dead[BLACK]
        black = len(land_b) + prisoners_b
        white = len(land_w) + prisoners_w
        lines = [("Territory", len(land_b), len(land_w)),
                 ("Prisoners", prisoners_b, prisoners_w)]
    lines.append(("Komi", "0", self.settings["komi"]))
    black2 = 2 * black
    white2 = 2 * white + self.komi2
    total = ("Total", half_points(black2), half_points(white2))
    lines.append(total)
    return Score(lines, total, black2, white2)


def count_result(self):
    from stones.engine.outcome import Result, decide

    score = self.score()
    if self.count >= self.cap and self.passes < 2:
        return Result(None, 0, score, note="move limit %d reached" % self.cap)
    return decide(score)


def problem(self, root):
    """A group without a liberty cannot stand on a Go board."""
    cell = self.cell
    s = root
    while True:
        for d in self.offsets:
            if not cell[s + d] & 3:
                return None
        s = self.link[s]
        if s == root:
            return "no liberty"


def symbol(self, p):
    x = self.cell[p] & 3
    if x and self.dead_marks()[p]:
        return "x" if x == BLACK else "o"
    return ".XO"[x]
