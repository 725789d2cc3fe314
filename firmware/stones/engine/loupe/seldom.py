"""The Loupe methods that play never calls, out of the class until first asked for
(stones.engine.seldom says how: Game.__getattr__ puts each on the class at its first use)."""

from stones.compat import const
from stones.engine.game import BLACK, WHITE, GameError

_COLOUR = const(3)  # the packed cell's colour bits (engine/game.py)


def _group_root(self, p):
    c = self.cell[p] & _COLOUR
    if c != BLACK and c != WHITE:
        raise GameError("no stones at %s" % self.grid.name(p))
    return self.root[p]


def _value(self, g, length):
    if length:
        return 2 * length - self.stones[g]
    return 0 if self.settings["empty_group_value"] == "zero" else -self.stones[g]


def values(self, colour):
    """[(value, group root)] of colour's groups, highest value first."""
    cell = self.cell
    root = self.root
    out = []
    for g in self.grid.points:
        if cell[g] & _COLOUR == colour and root[g] == g:
            out.append((self._value(g, self._loop(g)[0]), g))
    out.sort(reverse=True)
    return out


def group_values(self, colour):
    """colour's group values, highest first (GTP final_score's detail)."""
    return [value for value, _ in self.values(colour)]


def value_lists(self):
    """(Black's group values, White's), each from high to low."""
    return self.group_values(BLACK), self.group_values(WHITE)


def loop_length(self, p):
    """L of the group at p: its shortest loop's stone count, 0 for a loopless group."""
    return self._loop(self._group_root(p))[0]


def group_value(self, p):
    """The value of the group at p (a loopless one by the empty-group option)."""
    g = self._group_root(p)
    return self._value(g, self._loop(g)[0])


def shortest_loop(self, p):
    """The stones of a shortest loop of the group at p, in order round the loop (for the UI
    to draw); [] for a loopless group."""
    g = self._group_root(p)
    length, hole, s = self._loop(g)
    if not length:
        return []
    w = self.grid.stride
    if not s:  # the six neighbours of hole, in order round it
        return [hole + d for d in (1, 1 - w, -w, -1, w - 1, w)]
    c = self.cell[g] & _COLOUR
    lo = hole + 1
    hi = (hole // w + 1) * w
    self._search(c, s, lo, hi, length + 1)
    meet = self._meet
    first = self._back(meet, c, lo, hi)  # meet ... s
    second = self._back(meet ^ 1, c, lo, hi)  # meet's stone ... s
    self._forget()
    first.reverse()
    return first + second[1:-1]


def _back(self, z, c, lo, hi):
    """The stones of the search's path from state z back to its source, z's own first."""
    cell = self.cell
    dist = self._dist
    w = self.grid.stride
    path = [z >> 1]
    while dist[z] > 1:
        a = z >> 1
        for d in self.offsets:
            b = a + d
            if cell[b] & _COLOUR != c:
                continue
            y = 2 * b + (z & 1)
            if (d == -w or d == 1 - w) and lo <= a < hi or (
                    (d == w or d == w - 1) and lo <= b < hi):
                y ^= 1
            if dist[y] == dist[z] - 1:
                break
        z = y
        path.append(z >> 1)
    return path


def score(self):
    """lines: each player's group values, highest first ("-" where a list has run out),
    and for the compound modality the two sums (the total, in half points); listed: the two
    value lists. The simple modality's total row is the best groups (nothing to sum)."""
    from stones.engine.outcome import Score

    black, white = self.value_lists()
    lines = []
    for i in range(max(len(black), len(white))):
        lines.append(("Group %d" % (i + 1), black[i] if i < len(black) else "-",
                      white[i] if i < len(white) else "-"))
    if self.settings["modality"] == "compound":
        b = sum(black)
        w = sum(white)
        total = ("Score", b, w)
        lines.append(total)
        return Score(lines, total, 2 * b, 2 * w, (black, white))
    total = lines[0] if lines else ("Groups", "-", "-")
    return Score(lines, total, listed=(black, white))


def count_result(self):
    """Winner and margin by the modality. Margin: the difference of the deciding pair
    (simple) or of the sums (compound); a win by the longer list is a tie-break win (margin
    0, W+0 in GTP)."""
    from stones.engine.outcome import Result, decide

    score = self.score()
    if self.settings["modality"] == "compound":
        return decide(score)
    listed = score.listed
    assert listed is not None  # score() always lists both colours' values
    black, white = listed
    for i in range(min(len(black), len(white))):
        if black[i] != white[i]:
            winner = BLACK if black[i] > white[i] else WHITE
            return Result(winner, 2 * abs(black[i] - white[i]), score,
                          note="group %d decides" % (i + 1))
    if len(black) == len(white):
        return Result(0, 0, score)
    if self.settings["runout"] == "draw":
        return Result(0, 0, score, note="a list ran out with every pair equal")
    winner = BLACK if len(black) > len(white) else WHITE
    return Result(winner, 0, score, tiebreak=True, note="more groups")


def counted(self):
    """Loupe has no territory: the stones of each group's shortest loop are what counted."""
    loops = []
    for colour in (BLACK, WHITE):
        for _, root in self.values(colour):
            loops.extend(self.shortest_loop(root))
    return ([], []), [], loops


def gain(self, c):
    """c's own group values (the opponent's do not depend on c's stones): their sum in the
    compound modality, else the list, highest first, padded when a longer list wins
    nothing (C8)."""
    values = self.group_values(c)
    if self.settings["modality"] == "compound":
        return sum(values)
    if self.settings["runout"] == "draw":
        return values + [-10 ** 6] * (self.grid.count - len(values))
    return values


def _loop(self, g):
    """(L, hole, source) for the group at root g: L its shortest loop's length (0: no loop),
    hole a point the loop goes round and source a stone of it the search started from (0
    when L = 6 was found as the six neighbours of hole)."""
    length = self._shortest(g)
    return length, self._hole, self._source
