"""SquareGrid: n x n points, 4 neighbours (Go, Loose).

Layout: stride W = n + 1. Point (col, row), both from 0 at the bottom left, lives at index
(row + 1) * W + col + 1. Column 0 of each mailbox row is a sentinel that serves as the right border
of the row below and the left border of its own row, so one sentinel column does for both sides;
one sentinel row lies below, one above, plus one final cell so that the upper-right diagonal of
the top-right point is in range. A 9x9 board is 111 cells; 19x19 is 421 (indices fit 9 bits).

Names follow Go and GTP: columns A..T without I, rows 1..n from the bottom ('D5').
"""

from array import array

from stones.engine.grid import Grid

COLUMNS = "ABCDEFGHJKLMNOPQRST"


class SquareGrid(Grid):
    kind = "square"

    def __init__(self, n):
        if not 2 <= n <= 19:
            raise ValueError("square boards are 2 to 19 points wide")
        self.n = n
        self.stride = w = n + 1
        self.length = (n + 2) * w + 1
        self.offsets = (1, -1, w, -w)
        self.diagonals = (w + 1, w - 1, 1 - w, -1 - w)
        # The 8 neighbours in the order of Go's 3x3 pattern codes (host_tools/fit/patterns.py):
        # row by row, the centre left out; slot k and slot 7 - k are opposite each other.
        self.around = (-w - 1, -w, 1 - w, -1, 1, w - 1, w, w + 1)
        line = bytearray(self.length)  # each point's line: 1 on the edge, 0 off the board
        for r in range(n):
            for c in range(n):
                line[self.index(c, r)] = min(r, c, n - 1 - r, n - 1 - c) + 1
        self.line = bytes(line)
        points = array("H", bytes(2 * n * n))  # raw bytes: n * n zero entries
        k = 0
        for r in range(n - 1, -1, -1):
            for c in range(n):
                points[k] = self.index(c, r)
                k += 1
        self._finish(points)

    def index(self, col, row):
        return (row + 1) * self.stride + col + 1

    def coords(self, p):
        """(col, row) of point p, from 0 at the bottom left."""
        row, col = divmod(p, self.stride)
        return col - 1, row - 1

    symmetries = 8  # the square's turns and mirrors (image)
    half_turn = 6  # both mirrors: the board half turned

    def image(self, p, k):
        """Point p under the board's symmetry k (0: itself): bit 0 swaps the column and the
        row, bit 1 mirrors the columns, bit 2 the rows; PASS stays PASS."""
        if not p:
            return p
        col, row = self.coords(p)
        if k & 1:
            col, row = row, col
        last = self.n - 1
        if k & 2:
            col = last - col
        if k & 4:
            row = last - row
        return self.index(col, row)

    def name(self, p):
        col, row = self.coords(p)
        return COLUMNS[col] + str(row + 1)

    def _parse(self, text):
        if len(text) < 2 or not text[1:].isdigit():
            return None
        col = COLUMNS.find(text[0].upper())
        row = int(text[1:]) - 1
        if col < 0 or not (0 <= col < self.n and 0 <= row < self.n):
            return None
        return self.index(col, row)

    def diagram(self, symbol):
        n = self.n
        lines = []
        for row in range(n - 1, -1, -1):
            marks = " ".join(symbol(self.index(col, row)) for col in range(n))
            lines.append("%2d %s" % (row + 1, marks))
        lines.append("   " + " ".join(COLUMNS[:n]))
        return "\n".join(lines)


def is_eye(game, p, c):
    """Whether empty point p is c's own eye in game (Go or Loose): every neighbour is c's and the
    diagonals hold at most one enemy stone, none if p is on the edge. Filling one is never useful
    in a random game: the playouts' rule, which their move loops inline for speed."""
    cell = game.cell
    v = cell[p]
    deg = game.degree[p]
    if (v >> 2 & 7 if c == 1 else v >> 5) != deg:
        return False
    enemies = 0
    for d in game.grid.diagonals:
        if cell[p + d] & 3 == 3 - c:
            enemies += 1
    return enemies <= (0 if deg < 4 else 1)
