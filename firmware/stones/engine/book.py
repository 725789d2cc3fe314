"""Opening books: the moves deep host searches chose in a game's first positions, kept as
constant bytes (in flash where the firmware is frozen), which the search plays without thinking.

A game names the module that holds its books (``Game.book``); the module has ``BOOK<size>``, a
bytes of 6-byte entries, and ``DEPTH<size>``, the moves after which no position is in it. An
entry is a position's key (4 bytes, big-endian) and a word (2 bytes, big-endian): the move in
bits 0-8, its weight in bits 9-15. Entries are sorted by key; a position's entries are its book
moves, one chosen in proportion to its weight (the variety among near-equal moves).

**Symmetry.** A position and its turned or mirrored images are one entry: ``key(game, k)`` is the
key of the position's image under the board's symmetry k (``Grid.image``); the position's own
key is the least of them, and its frame, the first symmetry that gives it. The book's move is
written in that frame, so it is mapped back through the same symmetry when played. The key
folds in who is to move and the turn's phase (Loupe's second stone), not the prisoners or a ko:
in the positions a book holds there are none.

host_tools/fit/book.py makes the books; tests/engine/test_book.py holds every line the maker
wrote down to the move the book answers.
"""

from stones.compat import const

_MASK = const(0x3FFFFFFF)
_ENTRY = const(6)
_MOVE = const(0x1FF)


def _mix(x):
    """A 30-bit value of x (below 8192) that differs everywhere: every product stays a small int
    on a Pico."""
    v = x * 40503 & _MASK
    v ^= v >> 15
    v = ((v & 0x3FFF) * 65521 + (v >> 14)) & _MASK
    return v ^ v >> 11


def key(game, k):
    """The key of game's position under symmetry k: its stones' values and its turn's, added
    in any order (exclusive or), so the key does not depend on how the position was reached."""
    grid = game.grid
    h = _mix(4096 + (game.turn_word() >> 9))
    for p in grid.points:
        c = game.colour(p)
        if c:
            h ^= _mix(grid.image(p, k) << 2 | c)
    return h


def canonical(game):
    """(key, frame): the least key of the position's images, and the first symmetry giving it."""
    best = -1
    frame = 0
    for k in range(game.grid.symmetries):
        h = key(game, k)
        if best < 0 or h < best:
            best = h
            frame = k
    return best, frame


def _key_at(data, i):
    at = i * _ENTRY
    return data[at] << 24 | data[at + 1] << 16 | data[at + 2] << 8 | data[at + 3]


def _word_at(data, i):
    at = i * _ENTRY + 4
    return data[at] << 8 | data[at + 1]


def entries(data, h):
    """(first, end): the range of data's entries with key h (first == end: none)."""
    lo = 0
    hi = len(data) // _ENTRY
    while lo < hi:
        mid = (lo + hi) >> 1
        if _key_at(data, mid) < h:
            lo = mid + 1
        else:
            hi = mid
    end = lo
    while end < len(data) // _ENTRY and _key_at(data, end) == h:
        end += 1
    return lo, end


def unmap(grid, m, frame):
    """The point that symmetry frame takes to m (PASS stays PASS)."""
    if not m:
        return m
    for p in grid.points:
        if grid.image(p, frame) == m:
            return p
    return -1


def moves(game):
    """[(move, weight)] of the book's moves in game's position, in game's own frame; [] when the
    game has no book for its board or the position is not in it (allocates: once a lookup)."""
    found = game.opening()
    if found is None or game.over or game.count >= found[0]:
        return []
    data = found[1]
    h, frame = canonical(game)
    first, end = entries(data, h)
    out = []
    for i in range(first, end):
        word = _word_at(data, i)
        out.append((unmap(game.grid, word & _MOVE, frame), word >> 9))
    return out


def choose(game, seed):
    """The book's move in game's position, chosen among its book moves by seed in proportion to
    their weights; -1 when the game has no book for its board, the position is not in it, or the
    move is not legal here (a key shared by chance)."""
    found = moves(game)
    total = 0
    for _, weight in found:
        total += weight
    if not total:
        return -1
    pick = seed % total
    for move, weight in found:
        pick -= weight
        if pick < 0:
            return move if move >= 0 and game.legal(move) else -1
    return -1
