"""A finished game from its record file: SGF (Go, read by host_tools/records/sgf.py) or the record
format of firmware/stones/engine/records.py. Its own module so that the records command (which
starts the simulator for `replay`) and host_tools.sim (which opens a record with --replay) both
import it and not each other.

A record file is read up to MAX_BYTES and no further: a longer file (or a device that never ends,
/dev/zero) is refused by name before it fills the memory. GTP's loadsgf reads through read_text
too, and the web page through load: all three decode a file by the firmware's one decoder
(stones.engine.records.decode_text, the device's too), on CPython as on the page's MicroPython,
so they accept and refuse the same files.

describe() says a record as a player reads it (game, board, players, result in words, date) for
`records list` and the page's Records list; refusal() says in words why a file was refused (no
exception's class name), and replay_file() is the page's way in: the game to its replay, or
that sentence, the exception written to the console.
"""

from host_tools import paths  # noqa: F401  (puts the firmware on sys.path)

# A record of the longest game at the move limit is a few kilobytes, a commented professional
# game some hundreds; a megabyte leaves room for any one game and its comments.
MAX_BYTES = 1 << 20
_PIECE = 1 << 14  # bytes read at a time


class TooLarge(ValueError):
    """A file longer than MAX_BYTES: not read."""


def read_text(path, limit=MAX_BYTES):
    """The text of a record file (decode_text: UTF-8, or ISO-8859-1 where an SGF record says so
    or names no character set and is not UTF-8; GameError for anything else). TooLarge
    if it holds more than limit bytes (only limit + 1 are read, a piece at a time: a buffer of
    the limit's size up front would be a megabyte of the web page's heap); OSError if it cannot
    be read."""
    pieces = []
    size = 0
    with open(path, "rb") as handle:
        while size <= limit:
            piece = handle.read(min(_PIECE, limit + 1 - size))
            if not piece:
                break
            pieces.append(piece)
            size += len(piece)
    if size > limit:  # (said before the pieces are joined: the page's heap holds no copy)
        raise TooLarge("%s holds more than %d bytes: too large for a game record"
                       % (path, limit))
    data = b"".join(pieces)
    from stones.engine.records import decode_text

    return decode_text(data)


def load(path):
    """The finished game a record file describes (SGF for Go, else the record format)."""
    text = read_text(path)
    if text.lstrip().startswith("("):
        from host_tools.records.sgf import read

        return read(text).game()
    from stones.engine.records import load_record

    return load_record(text)


SAID = (("PB", "black", "Black"), ("PW", "white", "White"), ("DT", "date", "Date"),
        ("TM", "time", "Time"), ("OT", "overtime", "Overtime"), ("RU", None, "Rules"),
        ("HA", None, "Handicap"))


def facts(path):
    """What a record says beyond its moves, as (label, text) pairs: who played Black and White,
    the date, the clock (its main time in seconds and its overtime), and for SGF the rules and
    the handicap (PB, PW, DT, TM, OT, RU, HA; the record format's black, white, date, time and
    overtime lines)."""
    text = read_text(path)
    if text.lstrip().startswith("("):
        from host_tools.records.sgf import read

        record = read(text)
        given = dict(record.facts)
        if record.handicap:
            given["HA"] = str(record.handicap)
        return [(label, given[ident]) for ident, _, label in SAID if ident in given]
    lines = dict(line.partition(" ")[::2] for line in text.splitlines())
    return [(label, lines[key].strip()) for _, key, label in SAID if key and key in lines]


# -- a record as a player reads it, and why one was refused: the records command's list and the
# web page's (which runs this module on its MicroPython) ---------------------------------------

HEAD = 256  # bytes read of each record for a list: its facts come first (ui/records.py alike)


def describe(name, head):
    """A record file as a player reads it, one line from its name ("0007-go.sgf") and its first
    bytes, with the facts the device's Records screen reads (stones.ui.records.facts): its
    game and board, who played, the result in words, the date, those it says: "Go 9x9, Human
    vs Device 1, Black won by 3.5, 2026-12-02"."""
    from stones.engine.registry import GAMES
    from stones.ui.records import facts, split_name

    found = facts(head)
    _, key = split_name(name)
    entry = [entry for entry in GAMES if entry[0] == key]
    parts = [entry[0][1] if entry else "A record"]
    size = found.get("size", "")
    if entry and size.isdigit():
        square = not entry[0][4].endswith("hexgrid")
        parts[0] += " %sx%s" % (size, size) if square else " side %s" % size
    if found.get("black") or found.get("white"):
        parts.append("%s vs %s" % (found.get("black", "?"), found.get("white", "?")))
    parts.append(result_words(found.get("result", "")))
    if found.get("date"):
        parts.append(found["date"])
    return ", ".join(parts)


def result_words(result):
    """A record's result (B+3.5, W+R, 0, ? or Void; empty: none) in words: "Black won by
    3.5"."""
    from stones.engine.game import COLOUR_NAMES

    if not result:
        return "unfinished"
    if result == "0":
        return "a draw"
    if result in ("?", "Void"):  # (the record format's and SGF's: the move limit reached)
        return "no result (the move limit)"
    who = {"B": COLOUR_NAMES[1], "W": COLOUR_NAMES[2]}.get(result[:1])
    if who is None or result[1:2] != "+":
        return "result " + result
    margin = result[2:]
    if margin in ("R", "Resign"):
        return who + " won by resignation"
    if margin in ("", "0"):  # (a tie-break's win)
        return who + " won"
    return "%s won by %s" % (who, margin)


def listing(session):
    """[(name, label, description)] of the records a session keeps, newest first, as the
    device's Records screen orders them: the label its title gives ("Record 7"), describe()'s
    line (a record that cannot be read: what its name says)."""
    from stones.ui.records import split_name

    rows = []
    for name in reversed(session.records()):
        try:
            head = session.record_text(name, HEAD)
        except (OSError, ValueError):
            head = ""
        rows.append((name, "Record %d" % split_name(name)[0], describe(name, head)))
    return rows


def refusal(error):
    """Why a record file could not be replayed, in words for the player, never an exception's
    class name: a reader's own reason for a file that is no record it can read (what it found
    wrong, and where), else what kind of failure it was."""
    if isinstance(error, TooLarge):
        return "it holds more than %d KB, too much for a game record" % (MAX_BYTES >> 10)
    if isinstance(error, MemoryError):
        return "it is too long to replay in this page's memory"
    if isinstance(error, OSError):
        return "the file could not be read"
    if isinstance(error, ValueError) and str(error):  # GameError, SgfError, UnicodeError
        return str(error)
    return "it is not a game record that can be read here"


def replay_file(path, replay, log=None):
    """Read the record at path and give its game to replay(game): "" when it could, else the
    refusal() to tell the player, with the exception's class and text written to log (a file:
    the web page's console) for whoever wants the detail."""
    try:
        game = load(path)
    except Exception as error:  # (any failure of a reader: the player is told, never left)
        if log is not None:
            print("record refused: %s: %s" % (type(error).__name__, error), file=log)
        return refusal(error)
    replay(game)
    return ""
