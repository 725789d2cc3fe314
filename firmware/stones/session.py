"""What is saved when, on top of stones.storage.

    settings     after every change in the setup and system screens (JSON)
    game         after every move, undo and pass, in a compact binary form (below)
    records/     each finished game (stones.recordfiles): SGF for Go, the record format
                 (stones.engine.records) for the others, saying who played and when; a game
                 given up for a new one is kept there too, unfinished (no result). At most
                 MAX_RECORDS files, the oldest going only when the player agrees; a record that
                 does not fit is never left empty, and the game save stays until it is kept.

A power cut loses at most the move being saved: the game save then holds the move before it,
and the next boot resumes there and says so (the settings alike: those before the last change
come back, and the player is told). A damaged save never crashes the boot: when no copy
of it checks out, or the newest that does cannot be read, the player is told what was lost (the
game, or the settings: back to their defaults) and its slot files are set aside for inspection
(Store.set_aside: the folder storage.ASIDE); records/ is left as it is. Finished games are moved
out of the game save so the next boot starts at the menu.

A save whose checksum holds is still read as untrusted (a firmware bug, an older version's
file or a hand-edited state folder can hold anything): every field is checked against what the
rules allow before an engine sees it (the settings: a table of the system's and each game's
tables of plain values, nested no deeper; the game save: its game, size, settings, players, and
each stone word's colour and point), the moves are replayed through the rules, and the position
reached must hold (Game.check). Anything else is refused like a corrupt save, and the player is
told what was wrong (GAME_LOST or SETTINGS_LOST, then the reason).

The game save is made after every move, so it is cheap: one header line of text, then the
set-up stones and the moves as 16-bit stone words (Game.move_words: 2 bytes a move), the
whole a few allocations however long the game.

    b"G1 " key " " size " " k=v,k=v (settings) " " players (colour:who,...) "\n"
    setup count (2 bytes) + one word (colour << 9 | point) per set-up stone
    one word (colour << 9 | move) per move, little-endian, to the end
    a resignation: a last word (colour << 9 | RESIGN_MOVE), the colour that resigned; a loss
    on time the same with RESIGN_MOVE - 1, the colour whose flag fell

A game played on a clock (stones.engine.clock) is saved as "G2", its header a word longer: the
clock's kind, settings and each side's time left (Clock.encode), as of the last tick before the
save. A game without one is saved as "G1", as before there were clocks, and a G1 save loads as
a game without a clock.
"""

from stones.compat import const
from stones.storage import DAMAGED, MISSING, NONE, OK, OLDER

MAX_RECORDS = const(20)
GAME_LOST = "Saved game damaged: could not be resumed."
SETTINGS_LOST = "Settings damaged: defaults are back."
MOVE_LOST = "Last move not saved (power loss): resumed a move earlier."
SAVE_MISSING = "A save file is missing: this may be a move earlier."
SETTINGS_OLDER = "Settings damaged: those before the last change are back."
SETTINGS_MISSING = "A settings file is missing: this may be a change earlier."
_DEEPEST = const(2)  # the settings' nesting: a table of tables of plain values
_WRITING = "records/writing.tmp"  # stones.recordfiles.WRITING (a test holds them equal)
_REASON = const(40)  # the most of a refusal's reason the player is shown (the panel's room)


class Session:
    max_records = MAX_RECORDS  # what the screens show (they do not import this module)

    def __init__(self, store):
        self.store = store
        self.notice = ""  # what the player should be told at the next screen, if anything

    def tell(self, text):
        """Add text to the notice (a line of its own): a boot may have more than one thing to
        say."""
        self.notice = self.notice + "\n" + text if self.notice else text

    def lost(self, name, text, why=None):
        """A save that cannot be used, whether no copy checks out or the one that does cannot
        be read: its slot files go aside (never fatal: on a full flash they stay where they
        are) and the player is told text, and why (an error naming what was wrong) when a copy
        checked out but its contents did not."""
        try:
            self.store.set_aside(name)
        except OSError:
            pass
        if why is not None:
            why = str(why) or type(why).__name__
            text = "%s %s." % (text, why[:_REASON])
        self.tell(text)

    # -- settings -------------------------------------------------------------------------------

    def load_settings(self):
        """The saved settings, or {} (none saved, or lost: then notice says so). Sets notice
        too when they come from the older copy (the newest damaged) or a slot's file is gone,
        as load_game does for the game."""
        import json

        status, payload = self.store.load("settings")
        if status == NONE:
            return {}
        if status == DAMAGED:
            self.lost("settings", SETTINGS_LOST)
            return {}
        try:
            _nesting(payload, _DEEPEST)  # before json: a deep file is no RecursionError
            settings = json.loads(payload)
            check_settings(settings)
        except ValueError as error:  # (a UnicodeError is one)
            self.lost("settings", SETTINGS_LOST, error)
            return {}
        if status == OLDER:  # the newest copy damaged: the one before it, said as the game's
            self.tell(SETTINGS_OLDER)
        elif status == MISSING:
            self.tell(SETTINGS_MISSING)
        return settings

    def save_settings(self, settings):
        import json

        self.store.save("settings", json.dumps(settings).encode())

    # -- the game in progress -------------------------------------------------------------------

    def save_game(self, game, players=None):
        self.store.save("game", encode_game(game, players or {}))

    def load_game(self):
        """(game, players) of the game in progress, or (None, None). Sets notice when the
        newest save was damaged (the game resumes a move earlier), when a slot's file is gone
        (it may), or the game is lost (every copy damaged, or the newest good one does not
        replay): then its files are set aside.
        A game that ended (two passes) but was not yet counted and recorded comes back too:
        the app opens its score screen."""
        self.tidy_records()
        status, payload = self.store.load("game")
        if status == NONE:
            return None, None
        if status == DAMAGED:
            self.lost("game", GAME_LOST)
            return None, None
        try:
            game, players = decode_game(payload)
        except ValueError as error:
            # GameError is one: a field the rules refuse, a save that no longer replays
            self.lost("game", GAME_LOST, error)
            return None, None
        if status == OLDER:
            self.tell(MOVE_LOST)
        elif status == MISSING:
            self.tell(SAVE_MISSING)
        return game, players

    def clear_game(self):
        self.store.clear("game")

    def tidy_records(self):
        """At boot (load_game): remove a record a power cut left half written, and say so
        (stones.recordfiles.tidy); its game is still in the game save. Never fatal."""
        fs = self.store.fs
        try:
            fs.size(_WRITING)  # (most boots: nothing there, and recordfiles stays unloaded)
        except OSError:
            return
        try:
            said = _files().tidy(fs)
        except OSError:
            return
        if said:
            self.tell(said)

    # -- finished games: stones.recordfiles, imported only when a game ends or the records are
    # browsed (the app drops it again at the menu) ---------------------------------------------

    def records(self):
        """The record files, oldest first ("0007-go.sgf": number, game, ending)."""
        return _files().records(self.store.fs)

    def record_text(self, name, limit=-1):
        """A record's text (its first limit bytes, or all of it)."""
        return _files().record_text(self.store.fs, name, limit)

    def delete_record(self, name):
        _files().delete(self.store.fs, name)

    def finish(self, game, players=None, make_room=False):
        """Keep the game in records/ and forget the game save: a finished game with its result,
        or one given up for a new game, unfinished (its record has no result). Returns the
        record's number, or 0 when MAX_RECORDS are kept (make_room: the oldest go first);
        OSError (stones.recordfiles.StorageFull) when it does not fit. Unless a record is kept,
        nothing is left half written and the game save stays."""
        number = _files().finish(self.store.fs, game, players or {}, make_room, MAX_RECORDS)
        if number:
            self.clear_game()
        return number


def _files():
    import stones.recordfiles

    return stones.recordfiles


def encode_game(game, players):
    """The game save: a header line, the set-up stones, the moves (see above)."""
    from array import array

    from stones.engine.game import RESIGN_MOVE, stone_word

    settings = ",".join("%s=%s" % (option.key, game.settings[option.key])
                        for option in game.options)
    who = ",".join("%s:%s" % item for item in sorted(players.items()))
    header = "%s %s %d %s %s" % ("G1" if game.clock is None else "G2", game.key, game.size,
                                 settings or "-", who or "-")
    if game.clock is not None:
        header += " " + game.clock.encode()
    setup = array("H", [len(game.setup)] + [stone_word(c, p) for c, p in game.setup])
    data = (header + "\n").encode() + bytes(setup) + bytes(game.move_words())
    if game.resigned:  # after the moves, a word saying who resigned (or lost on time)
        end = RESIGN_MOVE - 1 if game.on_time else RESIGN_MOVE
        data += bytes(array("H", [stone_word(game.resigned, end)]))
    return data


def decode_game(data):
    """(game, players) from a game save; GameError (a ValueError) naming the field that is not
    what the rules allow, the move they refuse, or the way the position does not hold."""
    from array import array

    from stones.engine.game import BLACK, RESIGN_MOVE, WHITE, GameError, split_word
    from stones.engine.registry import game_class

    end = data.find(b"\n")
    if end < 0:
        raise GameError("no header line")
    words = str(data[:end], "utf-8").split(" ")
    if not (len(words) == 5 and words[0] == "G1" or len(words) == 6 and words[0] == "G2"):
        raise GameError("not a game save")
    cls = game_class(words[1])
    if not words[2].isdigit() or len(words[2]) > 3:
        raise GameError("board size %r" % words[2][:8])
    settings = {}
    if words[3] != "-":
        for item in words[3].split(","):
            key, _, value = item.partition("=")
            if key in settings:
                raise GameError("setting %s twice" % key[:12])
            settings[key] = value
    players = {}
    if words[4] != "-":
        for item in words[4].split(","):
            colour, _, who = item.partition(":")
            if colour not in ("1", "2") or colour in players or not _player(cls, who):
                raise GameError("player %r" % item[:16])
            players[colour] = who
    game = cls(int(words[2]), **settings)  # GameError: a size or setting the game lacks
    if len(words) == 6:
        from stones.engine import clock

        game.clock = clock.decode(words[5])  # GameError: a clock that does not hold
    body = data[end + 1:]
    if len(body) < 2 or len(body) & 1:
        raise GameError("truncated game save")
    table = array("H", body)
    n_setup = table[0]
    if n_setup >= len(table) or n_setup > game.grid.count:
        raise GameError("%d set-up stones" % n_setup)
    for i in range(1, len(table)):
        if table[i] >> 11:  # a stone word is a colour's 2 bits over a point's 9
            raise GameError("word %d is %d" % (i, table[i]))
    if n_setup:
        # the first mover is the settings' (White after the stones of a handicap setting)
        game.set_position([split_word(w) for w in table[1:1 + n_setup]], game.first)
    for i in range(1 + n_setup, len(table)):
        colour, move = split_word(table[i])
        if move >= RESIGN_MOVE - 1 and i == len(table) - 1 and colour in (BLACK, WHITE):
            game.resign(colour, move < RESIGN_MOVE)  # (under it: a loss on time)
            break
        try:
            game.play_as(colour, move)
        except GameError as error:
            raise GameError("move %d: %s" % (i - n_setup, error))
    return game.check(), players


def _player(cls, who):
    """Whether who is a players entry of a game of class cls: "human", or "device:N" for one
    of its levels."""
    if who == "human" or who == "link:host" or who == "link:join":  # (ui/linking.py)
        return True
    level = who[7:]
    return (who[:7] == "device:" and level.isdigit() and len(level) < 3
            and 1 <= int(level) <= len(cls.pico_levels) + len(cls.pi_levels))


def _nesting(data, deepest):
    """ValueError if JSON text data nests tables or lists deeper than deepest (strings read
    past: a bracket in one is text)."""
    depth = 0
    quoted = False
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if quoted:
            if c == 92:  # a backslash: the next byte is escaped
                i += 1
            elif c == 34:
                quoted = False
        elif c == 34:  # '"'
            quoted = True
        elif c == 123 or c == 91:  # '{' '['
            depth += 1
            if depth > deepest:
                raise ValueError("nested over %d deep" % deepest)
        elif c == 125 or c == 93:
            depth -= 1
        i += 1


def check_settings(settings):
    """ValueError naming the first entry of the settings that is not what they can hold: a
    table of "system" (the system screen's, whose every entry the app checks, putting its
    default in place of a value out of range or of the wrong kind: ui/app.py), one of "link"
    (the addresses a network's joiner kept, each checked as it is used: ui/lan.py) and a table for
    each game, by its key, with its board size, its options' values among their choices, who
    plays Black and White, and its clock (stones.engine.timecontrol: a kind, a time)."""
    from stones.engine.registry import game_class, keys

    if not isinstance(settings, dict):
        raise ValueError("not a table")
    for key in settings:
        if key == "system" or key == "link":  # the app checks each entry (ui/lan.py the link's
            continue  # addresses), a default in place of a wrong one
        table = settings[key]
        if not isinstance(table, dict):
            raise ValueError("%s not a table" % str(key)[:12])
        if key not in keys():
            raise ValueError("no game %s" % str(key)[:12])
        cls = game_class(key)
        options = {}
        for option in cls.options:
            options[option.key] = option.choices
        for name in table:
            value = table[name]
            if name == "size":
                ok = value in cls.sizes
            elif name == "black" or name == "white":
                ok = value in ("Human", "Link") or (type(value) is str and value[:7] == "Device "
                                                    and _player(cls, "device:" + value[7:]))
            elif name == "clock" or name == "time":  # the same for every game
                from stones.engine import timecontrol

                ok = timecontrol.check(name, value)
            else:
                ok = name in options and value in options[name]
            if not ok:
                raise ValueError("%s %s" % (key, str(name)[:12]))


__all__ = ("Session", "OK", "OLDER", "MISSING", "NONE", "DAMAGED", "GAME_LOST", "SETTINGS_LOST",
           "MOVE_LOST", "SAVE_MISSING", "SETTINGS_OLDER", "SETTINGS_MISSING")
