"""What is saved when, on top of stones.storage.

    settings     after every change in the setup and system screens (JSON)
    game         after every move, undo and pass: the game record plus who plays which colour
    records/     each finished game, as text (SGF for Go, the engine's record format otherwise);
                 the folder is capped at MAX_RECORDS files, oldest first out

A power cut loses at most the move being saved: the game save then holds the move before it,
and the next boot resumes there and says so. A damaged save never crashes the boot: it is
reported and ignored. Finished games are moved out of the game save so the next boot starts at
the menu.
"""

from stones.compat import const
from stones.storage import NONE, OK, OLDER

MAX_RECORDS = const(20)
RECORDS = "records"


class Session:
    def __init__(self, store):
        self.store = store
        self.notice = ""  # what the player should be told at the next screen, if anything

    # -- settings -------------------------------------------------------------------------------

    def load_settings(self):
        import json

        status, payload = self.store.load("settings")
        if status == NONE:
            return {}
        try:
            settings = json.loads(payload)
            if not isinstance(settings, dict):
                raise ValueError("not a table")
        except ValueError:
            self.notice = "Settings were damaged: defaults are back."
            return {}
        return settings

    def save_settings(self, settings):
        import json

        self.store.save("settings", json.dumps(settings).encode())

    # -- the game in progress -------------------------------------------------------------------

    def save_game(self, game, players=None):
        import json

        from stones.engine.records import record

        data = {"record": record(game), "players": players or {}}
        self.store.save("game", json.dumps(data).encode())

    def load_game(self):
        """(game, players) of the game in progress, or (None, None). Sets notice when the
        newest save was damaged (the game resumes a move earlier) or nothing could be read."""
        import json

        from stones.engine.game import GameError
        from stones.engine.records import load_record

        status, payload = self.store.load("game")
        if status == NONE or not payload:
            return None, None
        try:
            data = json.loads(payload)
            game = load_record(data["record"])
            players = data.get("players") or {}
        except (ValueError, KeyError, TypeError, GameError):
            # ValueError covers JSON and GameError; a record that no longer replays
            self.notice = "The saved game could not be read and was set aside."
            return None, None
        if game.over:
            return None, None
        if status == OLDER:
            self.notice = "The last move was not saved (power loss): resumed a move earlier."
        return game, players

    def clear_game(self):
        self.store.clear("game")

    # -- finished games -------------------------------------------------------------------------

    def finish(self, game):
        """Keep the finished game in records/ and forget the game save."""
        name, text = record_file(game)
        fs = self.store.fs
        fs.mkdir(RECORDS)
        names = sorted(n for n in fs.listdir(RECORDS) if n[:1].isdigit())
        number = int(names[-1].split("-")[0]) + 1 if names else 1
        while len(names) >= MAX_RECORDS:
            fs.remove(RECORDS + "/" + names.pop(0))
        with fs.open("%s/%04d-%s" % (RECORDS, number, name), "wb") as handle:
            handle.write(text.encode())
        self.clear_game()
        return number


def record_file(game):
    """(file name ending, text) of a finished game, in the record format."""
    from stones.engine.records import record


    return game.key + ".txt", record(game)


__all__ = ("Session", "OK", "OLDER", "NONE", "record_file")
