"""What is saved when, on top of stones.storage.

    settings     after every change in the setup and system screens (JSON)
    game         after every move, undo and pass, in a compact binary form (below)
    records/     each finished game (stones.recordfiles): SGF for Go, the record format
                 (stones.engine.records) for the others, saying who played and when; a game
                 given up for a new one is kept there too, unfinished (no result). At most
                 MAX_RECORDS files, the oldest going only when the player agrees; a record that
                 does not fit is never left empty, and the game save stays until it is kept.

A power cut loses at most the move being saved: the game save then holds the move before it,
and the next boot resumes there and says so. A damaged save never crashes the boot: when no copy
of it checks out, or the newest that does cannot be read, the player is told what was lost (the
game, or the settings: back to their defaults) and its slot files are set aside for inspection
(Store.set_aside: the folder storage.ASIDE); records/ is left as it is. Finished games are moved
out of the game save so the next boot starts at the menu.

The game save is made after every move, so it is cheap: one header line of text, then the
set-up stones and the moves as 16-bit stone words (Game.move_words: 2 bytes a move), the
whole a few allocations however long the game. Reading it replays the moves through the rules,
so a save that does not replay is refused like a corrupt one.

    b"G1 " key " " size " " k=v,k=v (settings) " " players (colour:who,...) "\n"
    setup count (2 bytes) + one word (colour << 9 | point) per set-up stone
    one word (colour << 9 | move) per move, little-endian, to the end
"""

from stones.compat import const
from stones.storage import DAMAGED, NONE, OK, OLDER

MAX_RECORDS = const(20)
GAME_LOST = "Saved game damaged: could not be resumed."
SETTINGS_LOST = "Settings damaged: defaults are back."
MOVE_LOST = "Last move not saved (power loss): resumed a move earlier."


class Session:
    max_records = MAX_RECORDS  # what the screens show (they do not import this module)

    def __init__(self, store):
        self.store = store
        self.notice = ""  # what the player should be told at the next screen, if anything

    def tell(self, text):
        """Add text to the notice (a line of its own): a boot may have more than one thing to
        say."""
        self.notice = self.notice + "\n" + text if self.notice else text

    def lost(self, name, text):
        """A save that cannot be used, whether no copy checks out or the one that does cannot
        be read: its slot files go aside (never fatal: on a full flash they stay where they
        are) and the player is told text."""
        try:
            self.store.set_aside(name)
        except OSError:
            pass
        self.tell(text)

    # -- settings -------------------------------------------------------------------------------

    def load_settings(self):
        import json

        status, payload = self.store.load("settings")
        if status == NONE:
            return {}
        try:
            if status == DAMAGED:
                raise ValueError("no copy checks out")
            settings = json.loads(payload)
            if not isinstance(settings, dict):
                raise ValueError("not a table")
        except ValueError:
            self.lost("settings", SETTINGS_LOST)
            return {}
        return settings

    def save_settings(self, settings):
        import json

        self.store.save("settings", json.dumps(settings).encode())

    # -- the game in progress -------------------------------------------------------------------

    def save_game(self, game, players=None):
        self.store.save("game", encode_game(game, players or {}))

    def load_game(self):
        """(game, players) of the game in progress, or (None, None). Sets notice when the
        newest save was damaged (the game resumes a move earlier) or the game is lost (every
        copy damaged, or the newest good one does not replay): then its files are set aside.
        A game that ended (two passes) but was not yet counted and recorded comes back too:
        the app opens its score screen."""
        status, payload = self.store.load("game")
        if status == NONE:
            return None, None
        try:
            if status == DAMAGED:
                raise ValueError("no copy checks out")
            game, players = decode_game(payload)
        except (ValueError, KeyError, TypeError, IndexError):
            # ValueError covers GameError: a save that no longer replays through the rules
            self.lost("game", GAME_LOST)
            return None, None
        if status == OLDER:
            self.tell(MOVE_LOST)
        return game, players

    def clear_game(self):
        self.store.clear("game")

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

    from stones.engine.game import stone_word

    settings = ",".join("%s=%s" % (option.key, game.settings[option.key])
                        for option in game.options)
    who = ",".join("%s:%s" % item for item in sorted(players.items()))
    header = "G1 %s %d %s %s\n" % (game.key, game.size, settings or "-", who or "-")
    setup = array("H", [len(game.setup)] + [stone_word(c, p) for c, p in game.setup])
    return header.encode() + bytes(setup) + bytes(game.move_words())


def decode_game(data):
    """(game, players) from a game save; ValueError (or GameError) if it is not one."""
    from array import array

    from stones.engine.game import split_word
    from stones.engine.registry import game_class

    end = data.index(b"\n")
    words = data[:end].decode().split(" ")
    if len(words) != 5 or words[0] != "G1":
        raise ValueError("not a game save")
    settings = {}
    if words[3] != "-":
        for item in words[3].split(","):
            key, _, value = item.partition("=")
            settings[key] = value
    players = {}
    if words[4] != "-":
        for item in words[4].split(","):
            colour, _, who = item.partition(":")
            players[colour] = who
    game = game_class(words[1])(int(words[2]), **settings)
    body = data[end + 1:]
    if len(body) < 2 or len(body) & 1:
        raise ValueError("truncated game save")
    table = array("H", body)
    n_setup = table[0]
    if n_setup:
        # the first mover is the settings' (White after the stones of a handicap setting)
        game.set_position([split_word(w) for w in table[1:1 + n_setup]], game.first)
    for i in range(1 + n_setup, len(table)):
        colour, move = split_word(table[i])
        game.play_as(colour, move)
    return game, players


__all__ = ("Session", "OK", "OLDER", "NONE", "DAMAGED", "GAME_LOST", "SETTINGS_LOST", "MOVE_LOST")
