"""HexGrid: a hexagon with n sites per side, 6 neighbours (Loupe points, OffShore cells).

Coordinates are axial (q, r) with s = -q - r, as in docs/rules.md: rows are r = -R..R from the
top (R = n - 1), row i lettered 'a' + i, sites numbered 1.. from the left of their row. The mailbox
stores the hexagon inside its axial parallelogram: cell (q, r) lives at index
(r + R + 1) * W + (q + R + 1) with stride W = 2R + 2. Cells of the parallelogram outside the
hexagon (|s| > R) are sentinels, like the border. Neighbours of (q, r) are (q+-1, r), (q, r+-1),
(q+1, r-1) and (q-1, r+1): index steps +-1, +-W and +-(W - 1), the same for every cell, which is
what lets one unrolled loop serve the whole board. n = 11 gives 496 cells (indices fit 9 bits).

    a    . . . .        side 4: rows of 4,5,6,7,6,5,4 sites
    b   . . . . .       d4 is the centre; its neighbours are c3 c4 d3 d5 e3 e4
    c  . . . . . .
    d . . . . . . .
    e  . . . . . .
    f   . . . . .
    g    . . . .
"""

from array import array

from stones.engine.grid import Grid

ROWS = "abcdefghijklmnopqrstu"


class HexGrid(Grid):
    kind = "hex"

    def __init__(self, n):
        if not 2 <= n <= 11:
            raise ValueError("hex boards have 2 to 11 sites per side")
        self.n = n
        self.radius = r = n - 1
        self.stride = w = 2 * r + 2
        # The last point, (0, R), is at (2R + 1) W + R + 1, and its neighbours reach a row
        # further; the rest of that row would only ever be a sentinel, so the mailbox stops there.
        self.length = (2 * r + 2) * w + r + 2
        self.offsets = (1, -1, w, -w, w - 1, 1 - w)
        cells = array("H", bytes(2 * (3 * n * (n - 1) + 1)))  # a hexagon of side n has 3n(n-1)+1
        k = 0
        for row in range(-r, r + 1):
            for q in range(self._first(row), self._first(row) + self.row_length(row)):
                cells[k] = self.index(q, row)
                k += 1
        self._finish(cells)

    def _first(self, r):
        """q of the leftmost site of row r."""
        return max(-self.radius, -r - self.radius)

    def row_length(self, r):
        return 2 * self.radius + 1 - abs(r)

    def index(self, q, r):
        return (r + self.radius + 1) * self.stride + q + self.radius + 1

    def axial(self, p):
        """(q, r) of cell p."""
        row, col = divmod(p, self.stride)
        return col - self.radius - 1, row - self.radius - 1

    symmetries = 12  # the hexagon's six turns, each mirrored or not (image)
    half_turn = 3  # three turns of 60 degrees

    def image(self, p, k):
        """Cell p under the board's symmetry k (0: itself): k // 6 mirrors (r and s change
        places), then k % 6 turns of 60 degrees, each (q, r, s) -> (-r, -s, -q); PASS stays
        PASS."""
        if not p:
            return p
        q, r = self.axial(p)
        if k >= 6:
            r = -q - r
        for _ in range(k % 6):
            q, r = -r, q + r
        return self.index(q, r)

    def name(self, p):
        q, r = self.axial(p)
        return ROWS[r + self.radius] + str(q - self._first(r) + 1)

    def _parse(self, text):
        if len(text) < 2 or not text[1:].isdigit():
            return None
        r = ROWS.find(text[0].lower()) - self.radius
        k = int(text[1:])
        if not (-self.radius <= r <= self.radius and 1 <= k <= self.row_length(r)):
            return None
        return self.index(self._first(r) + k - 1, r)

    def diagram(self, symbol):
        lines = []
        for r in range(-self.radius, self.radius + 1):
            first = self._first(r)
            row = range(first, first + self.row_length(r))
            marks = " ".join(symbol(self.index(q, r)) for q in row)
            lines.append(ROWS[r + self.radius] + " " * (abs(r) + 1) + marks)
        return "\n".join(lines)
