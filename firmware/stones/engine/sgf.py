"""SGF (FF[4], GM[1]) text of a Go game: what the device keeps of a finished Go game.

Writing only: the device never reads SGF. host_tools/records/sgf.py reads it (and writes through
this module, so there is one writer). Points are two letters, column then row from the top ('aa' is
the top-left corner); a pass is an empty value.

A handicap game's stones are its set-up (AB) with HA[n], and White moves first (PL[W]).

The stones marked dead when the game was counted go into a last node as territory of the other
colour (a dead white stone is TB, a dead black one TW), as CGoban and KGS write them: a reader
that knows the convention gets the marking, and with it the result the device showed.
"""

from stones import VERSION
from stones.engine.game import half_points

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def sgf_text(size, komi2, setup, moves, result=None, player=None, dead=(), handicap=0):
    """SGF of a Go record given as data: see write_sgf_data."""
    pieces = []
    write_sgf_data(pieces.append, size, komi2, setup, moves, result, player, dead, handicap)
    return "".join(pieces)


def write_sgf_data(write, size, komi2, setup, moves, result=None, player=None, dead=(),
                   handicap=0):
    """SGF of a Go record given as data (record_data's tuple), handed to write() a piece at a
    time: komi in half points or None; setup a list of (colour, (col, row)); moves a list of
    (colour, (col, row) or None for a pass); (col, row) from the bottom left, 0-based; result
    the RE text or None; player (PL) a colour or None; dead the (colour, (col, row)) of the
    stones marked dead, written as the other colour's territory (TB/TW) in a last node;
    handicap (HA) the number of handicap stones among the set-up ones, 0 for none."""

    def point(p):
        return LETTERS[p[0]] + LETTERS[size - 1 - p[1]]

    write("(;GM[1]FF[4]CA[UTF-8]AP[Pocket Stones:%s]SZ[%d]" % (VERSION, size))
    if komi2 is not None:
        write("KM[%s]" % half_points(komi2))
    if handicap:
        write("HA[%d]" % handicap)
    if result is not None:
        write("RE[%s]" % escape(result))
    for letter, colour in (("B", 1), ("W", 2)):
        points = sorted(p for c, p in setup if c == colour)
        if points:
            write("A" + letter)
            for p in points:
                write("[%s]" % point(p))
    if player is not None:
        write("PL[%s]" % "BW"[player - 1])
    for i, (colour, p) in enumerate(moves):
        if i % 10 == 0:  # ten moves a line keeps files readable and diffable
            write("\n")
        write(";%s[%s]" % ("BW"[colour - 1], "" if p is None else point(p)))
    if dead:
        write("\n;")
        for letter, colour in (("B", 2), ("W", 1)):  # TB holds dead white stones
            points = sorted(p for c, p in dead if c == colour)
            if points:
                write("T" + letter)
                for p in points:
                    write("[%s]" % point(p))
    write(")\n")


def write_sgf(game, write=None):
    """SGF of a Go game as it stands: returned, or handed to write() piece by piece."""
    if write is None:
        return sgf_text(*record_data(game))
    write_sgf_data(write, *record_data(game))


write_record = write_sgf  # the name every record module has (Game.records, session.py)


def record_data(game):
    """(size, komi2, setup, moves, result, player, dead, handicap) of a Go game as it stands:
    set-up, moves, and once it is over the result and the stones marked dead; the handicap
    stones' count (Game.handicap); the arguments of sgf_text."""
    grid = game.grid
    setup = [(colour, grid.coords(p)) for colour, p in game.setup]
    moves = []
    for i in range(game.count):
        colour, move = game.entry(i)
        moves.append((colour, grid.coords(move) if move else None))
    player = None
    if setup:  # who moves after the set-up: the first mover, else whoever is to move
        player = moves[0][0] if moves else game.to_move
    result = game.result().gtp() if game.over else None
    if result == "?":
        result = "Void"  # the move cap ended the game without a result
    dead = [(game.cell[p] & 3, grid.coords(p)) for p in game.dead_stones()] if game.over else []
    return game.size, game.komi2, setup, moves, result, player, dead, game.handicap
