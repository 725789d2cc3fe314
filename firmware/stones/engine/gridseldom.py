"""The Grid methods that play never calls (names and parsing for records, GTP and the tests,
the diagram, the abstract stubs), out of the class until first asked for: the grids'
seldom module, as stones.engine.seldom is the games' (grid.py's seldom_method puts each on the
grid's class at its first use)."""


def neighbours(self, p):
    """The on-board neighbours of p (allocates: for slow paths and tests)."""
    degree = self.degree
    return [p + d for d in self.offsets if degree[p + d]]


def parse(self, text):
    """The index of a point named like the rule texts ('D5', 'd4'); ValueError if none."""
    p = self._parse(text.strip())
    if p is None or not self.on_board(p):
        raise ValueError("no point %r on this board" % text)
    return p


def names(self, points):
    return " ".join(self.name(p) for p in points)


def name(self, p):
    """The name of point p in the rule texts' notation (each grid class has one)."""
    raise NotImplementedError


def _parse(self, text):
    """The index named by text, or None (each grid class has one; parse() checks it)."""
    raise NotImplementedError


def diagram(self, symbol):
    """Text picture of the board; symbol(p) gives the one-character mark of point p."""
    raise NotImplementedError
