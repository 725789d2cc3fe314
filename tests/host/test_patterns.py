"""Go's 3x3 pattern table (firmware/stones/engine/go/patterns.py) against its readable source list
(host_tools/fit/patterns.py), checked by a second, independent reading of the list: each pattern is
matched on a real board position in all 8 orientations and both colourings, rather than by
expanding the symbols into codes."""

import random

from host_tools.fit import patterns
from stones.engine.go.patterns import PAT3
from stones.engine.go.rules import Go


def bit(code):
    return PAT3[code >> 13][code >> 3 & 1023] >> (code & 7) & 1


def test_the_table_is_the_list_rendered():
    assert patterns.main(["--check"]) == 0
    assert sum(len(piece) for piece in PAT3) == 8192


def board_code(game, p):
    code = 0
    for k, d in enumerate(game.grid.around):
        code |= (game.cell[p + d] & 3) << 2 * k
    return code


def fits(rows, game, p, transform, swap):
    """Whether the pattern rows, turned by transform and colours swapped if swap, fit the
    board around p. transform maps a pattern cell (dr, dc) in -1..1 to a board step."""
    w = game.grid.stride
    for r in range(3):
        for c in range(3):
            if (r, c) == (1, 1):
                continue
            dr, dc = transform(r - 1, c - 1)
            x = game.cell[p + dr * w + dc] & 3
            symbol = rows[r][c]
            if swap:
                symbol = symbol.translate(patterns.SWAP)
            ok = {".": x == 0, "X": x == 1, "O": x == 2, "x": x != 1, "o": x != 2, "?": True,
                  "#": x == 3}[symbol]
            if not ok:
                return False
    return True


TRANSFORMS = (
    lambda r, c: (r, c), lambda r, c: (-r, c), lambda r, c: (r, -c), lambda r, c: (-r, -c),
    lambda r, c: (c, r), lambda r, c: (-c, r), lambda r, c: (c, -r), lambda r, c: (-c, -r),
)


def test_every_point_of_random_boards_agrees_with_the_list():
    rng = random.Random(11)
    checked = matched = 0
    for _ in range(60):
        game = Go()
        density = rng.choice((0.2, 0.4, 0.6))
        for p in game.grid.points:
            if rng.random() < density:
                game.cell[p] = (game.cell[p] & 0xFC) | rng.choice((1, 2))
        for p in game.grid.points:
            if game.cell[p] & 3:
                continue
            expected = any(fits(rows, game, p, t, swap) for _, rows in patterns.PATTERNS
                           for t in TRANSFORMS for swap in (False, True))
            assert bit(board_code(game, p)) == expected, (game.diagram(), game.grid.name(p))
            checked += 1
            matched += expected
    assert checked > 2000 and 0.05 < matched / checked < 0.95


def test_impossible_codes_are_never_set():
    # An off-board neighbour between two board points cannot happen on a square board.
    lone_edge = 3 << 2  # neighbour 1 (above) off the board, its row neighbours on it
    assert not bit(lone_edge)
    assert not patterns.possible(lone_edge)
    assert patterns.possible(0) and patterns.possible(0x3F)  # a whole row above off the board
