"""The records kept on the device (stones.session: records/), newest first.

    LIST    one row a record: its number, game, board size and result ("-": unfinished); the
            title says how many are kept of the most (Session.max_records). A opens one, B leaves
    RECORD  who played, the date, the result; Replay steps through it (ui/replay.py), Delete
            asks first (ui/confirm.py). B back to the list

Only the first bytes of each file are read for the list (the facts are near the top of both
kinds of record); a replay reads the whole record through the module its game names
(Game.records: SGF for Go, the record format for the others), after the app has dropped the
engines no game in memory needs. A deletion that makes room keeps the game that found none
(ui/keeping.py).
"""

from stones.compat import const
from stones.engine import registry
from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, ListView, columns, lines, title, wrap
from stones.ui.keeping import keep_unkept, record_label

LIST = const(0)
RECORD = const(1)
_HEAD = const(256)  # bytes read of each record for the list: its facts come first
# (what a record says, its SGF property): the list and the record's page read these
_FACTS = (("black", "PB"), ("white", "PW"), ("date", "DT"), ("result", "RE"), ("size", "SZ"))


def facts(head):
    """What the first bytes of a record say: {"black", "white", "date", "result", "size"} (those
    it gives), from SGF properties or from the record format's lines."""
    found = {}
    for key, name in _FACTS:
        i = head.find(name + "[")
        if i >= 0:
            end = head.find("]", i)
            if end > 0:
                found[key] = head[i + 3:end]
    for line in head.split("\n"):
        key, _, value = line.partition(" ")
        for known, _ in _FACTS:
            if key == known:
                found[key] = value.strip()
    return found


def result_text(found):
    """The result as the list shows it: "B+3.5", "Draw", "Void" (the move cap), "-" (none)."""
    result = found.get("result")
    if not result:
        return "-"
    return {"0": "Draw", "?": "Void"}.get(result, result)


def split_name(name):
    """(number, game key) of a record file's name ("0007-go.sgf"), or (0, "")."""
    number, _, rest = name.partition("-")
    try:
        return int(number), rest.partition(".")[0]
    except ValueError:
        return 0, ""


class Screen:
    def __init__(self, app):
        self.app = app
        self.stage = LIST
        self.list = ListView([])
        self.actions = ListView(["Replay", "Delete"])
        self.names = []
        self.shown_facts = {}
        self.dirty = True
        self.shown = False
        self.refresh()

    def refresh(self):
        """Read the folder again: the rows, newest first."""
        session = self.app.session
        self.names = session.records() if session else []
        self.names.reverse()
        rows = []
        width = columns(self.app.display) - 1
        for name in self.names:
            found = facts(self.head(name))
            row = "%s %s %s" % (record_label(name), found.get("size", ""), result_text(found))
            if len(row) > width:  # a four-digit number beside OffShore: the size gives way
                row = "%s %s" % (record_label(name), result_text(found))
            rows.append(row)
        self.list.rows = rows
        self.list.selected = min(self.list.selected, max(0, len(rows) - 1))

    def head(self, name):
        try:
            return self.app.session.record_text(name, _HEAD)
        except (OSError, ValueError):  # unreadable: listed by its name alone
            return ""

    def draw(self, fb):
        if self.stage == LIST:
            limit = self.app.session.max_records
            title(fb, "Records %d/%d" % (len(self.names), limit))
            if self.names:
                self.list.draw(fb)
            else:
                lines(fb, wrap("None yet. Each game is kept here when it ends, the newest "
                               "%d." % limit, columns(fb)))
            return
        name = self.names[self.list.selected]
        found = self.shown_facts
        number, key = split_name(name)
        title(fb, "Record %d" % number)
        rows = ["%s %s %s" % (registry.title(key) if key in registry.keys() else "?",
                              found.get("size", ""), found.get("date", ""))]
        if found.get("black") or found.get("white"):
            rows.append("%s vs %s" % (found.get("black", "?"), found.get("white", "?")))
        rows.append("Result " + result_text(found) if found.get("result") else "Unfinished")
        lines(fb, rows)
        self.actions.draw(fb, LINE + 4 + 3 * SMALL_LINE)

    def handle(self, event):
        if self.stage == LIST:
            if self.names and self.list.scroll(event):
                self.dirty = True
                return
        elif self.actions.scroll(event):
            self.dirty = True
            return
        if keys.kind(event) != keys.PRESS:
            return
        button = keys.button(event)
        if button in (keys.B, keys.MENU):
            if self.stage == LIST:
                self.app.back()
                return
            self.stage = LIST
        elif button != keys.A or not self.names:
            return
        elif self.stage == LIST:
            self.stage = RECORD
            self.actions.selected = 0
            self.shown_facts = facts(self.head(self.names[self.list.selected]))
        elif self.actions.selected == 0:
            self.replay()
            return
        else:
            name = self.names[self.list.selected]
            self.app.open("confirm", "Delete record?", "Delete %s for good?" % record_label(name),
                          (("Delete", lambda: self.delete(name)), ("Keep", None)))
            return
        self.dirty = True

    def replay(self):
        name = self.names[self.list.selected]
        _, key = split_name(name)
        app = self.app
        app.tidy()  # only the engines a game in memory needs stay: room for this one
        try:
            module = __import__(registry.game_class(key).records, None, None,
                                ("read_record",))
            game = module.read_record(app.session.record_text(name))
        except MemoryError:
            app.open("message", "No memory", "This record is too long to replay beside the "
                     "game in progress.")
            return
        except (OSError, ValueError) as error:  # GameError is a ValueError: a damaged record
            app.open("message", "Cannot replay", "%s: %s" % (record_label(name), error))
            return
        app.open("replay", game)

    def delete(self, name):
        try:
            self.app.session.delete_record(name)
        except OSError as error:
            self.app.open("message", "Not deleted", "%s: %s" % (record_label(name), error))
            return
        self.stage = LIST
        self.refresh()
        self.dirty = True
        if keep_unkept(self.app):
            self.refresh()
