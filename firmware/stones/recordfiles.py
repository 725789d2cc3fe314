"""The finished games kept in records/ (the session's finish, records and the rest come here).

A record is a file "0007-go.sgf": its number, its game's key, the ending its writer gives (SGF
for Go, stones.engine.sgf; the record format of stones.engine.records for the others). Each
says who played (Human, or Device N) and when (the date, when the clock is set), the game
clock it was played on (if any), besides the moves and the result.

A record is measured before it is written (the writer run into a counter), checked against the
free space, and checked after: a record that does not fit is never left empty or cut short.
It is written under a temporary name (WRITING, which the list leaves out) and renamed to its
own when whole, which littlefs does atomically: a power cut while it is written leaves no
partial record in the list, only the temporary file, which the next boot removes and says so
(tidy; the game save stays until its record is kept, so the game is not lost). A record is
read back as text by the one decoder of every reader (stones.engine.records.decode_text).
At most a limit are kept (the session's MAX_RECORDS), and the oldest goes only when the player
agrees (make_room).

This module is imported only when a game ends or the records are browsed: the app drops it
again at the menu, so it takes no heap while a game is played.
"""

from stones.compat import const

RECORDS = "records"
WRITING = RECORDS + "/writing.tmp"  # a record being written: renamed to its own name when whole
CUT_SHORT = "A record cut short by a power loss was removed; its game is kept."

# Room left free beyond a record's own bytes: littlefs writes a file and its folder's entry to
# fresh 4 KB blocks before it lets the old ones go.
_SPARE = const(8192)
_UNSET_YEAR = const(2021)  # the year a clock that was never set reads, or an earlier one


class StorageFull(OSError):
    """The storage has no room for a record (checked before, or found while writing)."""


def records(fs):
    """The record files, oldest first."""
    try:
        return sorted(n for n in fs.listdir(RECORDS) if n[:1].isdigit())
    except OSError:  # no folder yet
        return []


def record_text(fs, name, limit=-1):
    """A record's text (its first limit bytes, or all of it); GameError if it is not text of a
    character set the readers take (decode_text)."""
    from stones.engine.records import decode_text

    with fs.open(RECORDS + "/" + name, "rb") as handle:
        return decode_text(handle.read(limit), limit >= 0)


def tidy(fs):
    """At boot: remove a record left half written by a power cut (WRITING). The words to tell
    the player (CUT_SHORT), or None when there was none."""
    try:
        fs.size(WRITING)
    except OSError:
        return None
    fs.remove(WRITING)
    return CUT_SHORT


def delete(fs, name):
    fs.remove(RECORDS + "/" + name)


def finish(fs, game, players, make_room, limit):
    """Write game's record; its number, or 0 when limit records are kept and make_room is not
    given (then the oldest go first). StorageFull when it does not fit: nothing is left."""
    fs.mkdir(RECORDS)
    names = records(fs)
    number = int(names[-1].split("-")[0]) + 1 if names else 1
    if len(names) >= limit and not make_room:
        return 0
    facts = record_facts(players, game.clock)
    size = [0]

    def measure(text):
        size[0] += len(text.encode())

    write_record_file(game, measure, facts)
    free = getattr(fs, "free", None)
    free = free() if free else None
    if free is not None and free < size[0] + _SPARE:
        raise StorageFull(28, "%d bytes needed, %d free" % (size[0] + _SPARE, free))
    while len(names) >= limit:
        fs.remove(RECORDS + "/" + names.pop(0))
    name = "%s/%04d-%s.%s" % (RECORDS, number, game.key, game.record_ending)
    try:
        with fs.open(WRITING, "wb") as handle:
            write_record_file(game, lambda text: handle.write(text.encode()), facts)
        if fs.size(WRITING) != size[0]:
            raise OSError(28, "the record was cut short")
        fs.rename(WRITING, name)  # whole: into the list at once
    except OSError as error:
        try:
            fs.remove(WRITING)  # never an empty or partial record
        except OSError:
            pass
        raise StorageFull(28, str(error))
    return number


def write_record_file(game, write, facts=None):
    """A finished game as its record file, piece by piece, by the module the game names:
    SGF for Go (stones.engine.sgf), the record format (stones.engine.records) for the others.
    facts: who played and when (record_facts)."""
    module = __import__(game.records, None, None, ("write_record",))
    module.write_record(game, write, facts)


def player_name(who):
    """'Human' or 'Device 3' from a players entry ("human", "device:3")."""
    if who.startswith("device:"):
        return "Device " + who[7:]
    if who.startswith("link:"):
        return "Linked device"
    return "Human" if who == "human" else who


def record_facts(players, clock=None):
    """What a record says of a game beyond its moves: who played each colour, the date, and
    the clock it was played on (stones.engine.clock: its main time, its overtime)."""
    facts = {}
    for colour, key in (("1", "black"), ("2", "white")):
        if players.get(colour):
            facts[key] = player_name(players[colour])
    if clock is not None:
        clock.facts(facts)
    date = today()
    if date:
        facts["date"] = date
    return facts


def today():
    """The date as SGF writes it (2026-11-27), or None when the clock was never set: a Pico's
    clock starts at 2021-01-01 (the unix port's at 1970) unless a computer sets it."""
    import time

    year, month, day = time.localtime()[:3]
    if year <= _UNSET_YEAR:
        return None
    return "%04d-%02d-%02d" % (year, month, day)
