"""The padded mailbox that both board shapes share.

A board is a row-major run of cells with a sentinel border, in the manner of michi and GNU Go:
every neighbour of an on-board point is a valid index, so walks need no bounds checks, only a look
at the sentinel. A subclass fills in the geometry (stride, which cells are on the board, names).

Everything here is built once per board size and is read-only afterwards: ``points`` lists the
on-board indices in reading order (top row first, left to right), ``degree`` holds each cell's
number of on-board neighbours, and says which cells are on the board too: every point has a
neighbour, every sentinel has degree 0 (the empty board is 0 where degree is not, EDGE where it
is; no table of its own, a third of a KB less heap for Loupe's board).
"""


from stones.compat import const

EDGE = const(3)


_GRIDS = {}  # (class, size) -> the one grid of that shape: its tables are read-only


def grid_of(cls, n):
    """The grid of shape cls and size n, made once and shared by every game on it (the game
    being played and the search's scratch copy of it share one set of tables)."""
    key = (cls, n)
    grid = _GRIDS.get(key)
    if grid is None:
        _GRIDS.clear()  # one board size at a time is in play: let the others go
        grid = _GRIDS[key] = cls(n)
    return grid


def forget_grids():
    """Drop the cached grid (the app calls this when no game is kept: its tables, and through
    its class the grid module's code, must not outlive the game)."""
    _GRIDS.clear()


def seldom_method(self, name):
    """__getattr__ of the classes with seldom modules (Game, Grid; stones.engine.seldom): a
    name the object and its class lack (only then does Python ask), found in the modules its
    class's ``seldom`` names, first to last, and put on the class at its first use, as the
    object's method; AttributeError if none has it."""
    if name[:2] != "__":
        cls = type(self)
        for module in cls.seldom:
            method = getattr(__import__(module, None, None, ("_",)), name, None)
            if method is not None:
                setattr(cls, name, method)
                return getattr(self, name)
    raise AttributeError(name)


class Grid:
    # parsing, names and the diagram (records, GTP, tests): out of the class until asked for
    seldom = ("stones.engine.gridseldom",)
    __getattr__ = seldom_method
    kind = ""  # "square" or "hex"
    offsets = ()  # neighbour index steps
    stride = 0
    length = 0  # cells in the mailbox, sentinels included

    def _finish(self, on_board):
        """Derive the tables from the on-board indices (an array('H') in reading order, filled
        in place by the subclass: no temporary list, which for 19x19 is 4 KB of heap)."""
        self.points = on_board
        self.count = len(on_board)
        board = bytearray(self.length)  # 1 on the board
        for p in on_board:
            board[p] = 1
        degree = bytearray(self.length)
        for p in on_board:
            degree[p] = sum(board[p + d] for d in self.offsets)
            if not degree[p]:
                raise ValueError("a point without neighbours")  # a board of one point
        self.degree = bytes(degree)

    symmetries = 1  # how many images image() knows (each grid class: its turns and mirrors)
    half_turn = 0  # the symmetry k that turns the board half a turn (the screens' turned view)

    def image(self, p, k):
        """Point p under symmetry k of the board (0: p itself); each grid class has them."""
        return p

    def on_board(self, p):
        return 0 < p < self.length and self.degree[p] != 0

