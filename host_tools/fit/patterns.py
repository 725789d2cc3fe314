"""Go's 3x3 shape patterns: the readable list, and the bit table the playouts look up.

    .venv/bin/python -m host_tools.fit.patterns          # rewrite stones/engine/go/patterns.py
    .venv/bin/python -m host_tools.fit.patterns --check  # exit 1 if the table is stale

A pattern is the 3x3 neighbourhood of an empty point where a move is worth playing. The playouts
try these points around the last move before a random one (the "MoGo patterns" of Gelly, Wang,
Munos and Teytaud, 2006, used by every Monte Carlo Go program since); the tree's priors favour
them too. The shapes are for whoever is to move: each is stored with its colours swapped as well,
since a point that is good shape for one side is usually the vital point for the other.

The language, one row a string, the centre always the empty point itself:

    X   a stone of one colour        O   a stone of the other colour
    x   anything but an X stone      o   anything but an O stone   (empty, the other, the edge)
    .   empty                        ?   anything, the edge included
    #   off the board

Each pattern also stands for its rotations, reflections and colour swap, all 16.

The table: the neighbourhood of a point p as a 16-bit code, two bits a neighbour (the cell's
colour: 0 empty, 1 black, 2 white, 3 off the board), neighbours in this order::

    0 1 2        bit 2k of the code holds neighbour k
    3 . 4        (rows of the mailbox, in the board's own row order: the
    5 6 7         patterns are symmetric, so up and down do not matter)

and one bit for each of the 65,536 codes: set when the code matches a pattern. 8 KB as eight
`bytes` constants of 1 KB in stones/engine/go/patterns.py; tests/host/test_patterns.py checks it
against this list.
"""

import argparse
import os
import sys

from host_tools.paths import FIRMWARE

TARGET = os.path.join(FIRMWARE, "stones", "engine", "go", "patterns.py")

# name, rows. The centre of every pattern is '.', the point to play.
PATTERNS = (
    # Hane: reaching round an enemy stone that touches one's own.
    ("hane that encloses", ("XOX",
                            "...",
                            "???")),
    ("hane that does not cut", ("XO.",
                                "...",
                                "?.?")),
    ("magari: turning against a contact", ("XO?",
                                           "X..",
                                           "x.?")),
    ("diagonal attachment", (".O.",
                             "X..",
                             "...")),
    # Cuts: separating two enemy stones that touch diagonally, or joining against it.
    ("cut with no defender", ("XO?",
                              "O.o",
                              "?o?")),
    ("cut against a peep", ("XO?",
                            "O.X",
                            "???")),
    ("pushing between two", ("?X?",
                             "O.O",
                             "ooo")),
    ("cut of a knight's move", ("OX?",
                                "o.O",
                                "???")),
    # On the first line (the row of '#' is off the board).
    ("edge: chasing along the side", ("X.?",
                                      "O.?",
                                      "###")),
    ("edge: blocking a cut on the side", ("OX?",
                                          "X.O",
                                          "###")),
    ("edge: blocking a connection on the side", ("?X?",
                                                 "x.O",
                                                 "###")),
    ("edge: descending (sagari)", ("?XO",
                                   "x.x",
                                   "###")),
    ("edge: cutting on the side", ("?OX",
                                   "X.O",
                                   "###")),
)

# Where each neighbour sits in the 3x3 square (row, column), in code order.
ORDER = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))
EMPTY, BLACK, WHITE, EDGE = 0, 1, 2, 3
ACCEPTS = {  # symbol -> the cell values it matches, with X black and O white
    ".": (EMPTY,),
    "X": (BLACK,),
    "O": (WHITE,),
    "x": (EMPTY, WHITE, EDGE),
    "o": (EMPTY, BLACK, EDGE),
    "?": (EMPTY, BLACK, WHITE, EDGE),
    "#": (EDGE,),
}
SWAP = str.maketrans("XOxo", "OXox")


def variants(rows):
    """The 16 forms of a pattern: 4 rotations x reflection x colour swap (some coincide)."""
    forms = []
    grid = [list(row) for row in rows]
    for _ in range(4):
        grid = [list(row) for row in zip(*grid[::-1])]  # a quarter turn
        for mirrored in (grid, [row[::-1] for row in grid]):
            text = ["".join(row) for row in mirrored]
            forms.append(text)
            forms.append([row.translate(SWAP) for row in text])
    return forms


def matches(rows, code):
    """Whether the neighbourhood code matches the pattern rows as written (no symmetry)."""
    for k, (r, c) in enumerate(ORDER):
        if (code >> 2 * k & 3) not in ACCEPTS[rows[r][c]]:
            return False
    return True


def possible(code):
    """Codes a real board can show: off-board neighbours form whole sides (a row or column of
    three, or two adjoining ones at a corner), never a lone edge cell between board points."""
    edge = [code >> 2 * k & 3 == EDGE for k in range(8)]
    top, bottom = edge[0] and edge[1] and edge[2], edge[5] and edge[6] and edge[7]
    left, right = edge[0] and edge[3] and edge[5], edge[2] and edge[4] and edge[7]
    if (top and bottom) or (left and right):
        return False
    expected = [False] * 8
    for side, ks in ((top, (0, 1, 2)), (bottom, (5, 6, 7)), (left, (0, 3, 5)),
                     (right, (2, 4, 7))):
        if side:
            for k in ks:
                expected[k] = True
    return edge == expected


def build_table():
    """The 8 KB bit table: bit (code & 7) of byte code >> 3 is set when code matches."""
    forms = [form for _, rows in PATTERNS for form in variants(rows)]
    table = bytearray(8192)
    for code in range(65536):
        if possible(code) and any(matches(form, code) for form in forms):
            table[code >> 3] |= 1 << (code & 7)
    return bytes(table)


CHUNK = 1024  # bytes a piece: a Pico's heap finds eight 1 KB blocks where one 8 KB may fail


def render(table):
    lines = [
        '"""Go\'s 3x3 shape patterns as a bit table, made by host_tools/fit/patterns.py: do',
        "not edit.",
        "",
        "PAT3[code >> 13][code >> 3 & 1023] >> (code & 7) & 1 is set when the 3x3 neighbourhood",
        "code of an empty point (two bits a neighbour, see host_tools/fit/patterns.py) is a good",
        "shape to play. 8 KB in eight pieces of 1 KB (a heap with the app in it has room for those",
        "where one block of 8 KB may not be free).",
        '"""',
        "",
        "PAT3 = (",
    ]
    for start in range(0, len(table), CHUNK):
        lines.append("    (")
        for i in range(start, start + CHUNK, 32):
            lines.append("        b'%s'" % "".join("\\x%02x" % b for b in table[i:i + 32]))
        lines.append("    ),")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if go/patterns.py is stale")
    args = parser.parse_args(argv)
    text = render(build_table())
    if args.check:
        with open(TARGET) as handle:
            stale = handle.read() != text
        print("go/patterns.py is %s" % ("stale: run python -m host_tools.fit.patterns" if stale
                                        else "up to date"))
        return 1 if stale else 0
    with open(TARGET, "w") as handle:
        handle.write(text)
    print("wrote %s" % TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
