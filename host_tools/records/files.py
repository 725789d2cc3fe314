"""A finished game from its record file: SGF (Go, read by host_tools/records/sgf.py) or the record
format of firmware/stones/engine/records.py. Its own module so that the records command (which
starts the simulator for `replay`) and host_tools.sim (which opens a record with --replay) both
import it and not each other.

A record file is read up to MAX_BYTES and no further: a longer file (or a device that never ends,
/dev/zero) is refused by name before it fills the memory. GTP's loadsgf reads through read_text
too, and the web page through load: all three decode a file by the firmware's one decoder
(stones.engine.records.decode_text, the device's too), on CPython as on the page's MicroPython,
so they accept and refuse the same files.
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
    data = b"".join(pieces)
    if len(data) > limit:
        raise TooLarge("%s holds more than %d bytes: too large for a game record"
                       % (path, limit))
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
        ("RU", None, "Rules"), ("HA", None, "Handicap"))


def facts(path):
    """What a record says beyond its moves, as (label, text) pairs: who played Black and White,
    the date, and for SGF the rules and the handicap (PB, PW, DT, RU, HA; the record format's
    black, white and date lines)."""
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
