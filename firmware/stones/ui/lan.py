"""Joining a host on a network (docs/link.md, "The network"): the main menu's Link where the
platform links over a network that announces its hosts (App.links.lan).

The screen lists the hosts it hears announce themselves (stones/link/lan.py): the game and
board each offers and its name, the address of the one selected on the last line; then the
address given (the pin map's, --link's, where it names a host to call: the default), and
"Type an address" (ui/address.py). A on a host, or on the address given, joins it: the join
screen (ui/linking.py) opens, calling that address (App.links.target); B leaves. Hosts come and
go as they are heard, and one silent for a few seconds is gone; nothing waits for a datagram.

Beacon: the announcements of a host waiting for the other player (ui/linking.py makes one on a
network). The address joined is kept in the settings (settings["link"]: "joined", and "typed",
where the address editor starts), so a linked game resumed from its save calls the host it was
joined to (rejoin, from App.relink).
"""

from stones.compat import const
from stones.link.lan import EVERY_MS, Heard, announcement
from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, ListView, columns, lines, title, wrap

_READS = const(8)  # the most datagrams taken a tick: a flood cannot hold the app's loop
_ROW = const(20)  # the characters of a list row (the selection's bar and the scroll bar around)
GIVEN = "Address given"
TYPE = "Type an address"
NONE = "No host heard yet"
DEAF = "Not listening"


def kept(app):
    """app.settings["link"]: the addresses kept for the link (a table, made if missing)."""
    table = app.settings.get("link")
    if not isinstance(table, dict):
        table = app.settings["link"] = {}
    return table


def given(app):
    """The address the platform was given, if a joiner can call it (":PORT" only listens)."""
    address = app.links.address
    host = address.rpartition(":")[0]
    return address if host and host != "0.0.0.0" else ""


def join(app, address, typed=False):
    """Open the join screen calling address ("": the address given), kept for a resume (and as
    the editor's start, when typed)."""
    app.links.target = address
    table = kept(app)
    if address:
        table["joined"] = address
    elif "joined" in table:
        del table["joined"]
    if typed:
        table["typed"] = address
    app.save_settings()
    app.open("linking")


def rejoin(app):
    """The address a joiner calls on resuming: the one it joined (kept), else the one given."""
    from stones.ui.address import check

    try:
        app.links.target = check(kept(app).get("joined"))
    except (ValueError, TypeError, AttributeError):
        app.links.target = ""


def host_row(key, size, name):
    from stones.engine import registry

    row = "%s %dx%d" % (registry.title(key), size, size)
    return row + " " + name if len(row) + 1 + len(name) <= _ROW else row


class Screen:
    def __init__(self, app):
        self.app = app
        self.dirty = True
        self.shown = False
        self.heard = Heard(app.clock)
        self.ear = app.links.lan.listen()
        self.list = ListView([])
        self.targets = []  # what each row joins: (kind, address)
        self.refresh_rows()
        if ("given", "") in self.targets:
            self.list.selected = self.targets.index(("given", ""))  # the default

    def refresh_rows(self):
        """The rows from the hosts heard; the selection stays on what it was on."""
        old = self.targets[self.list.selected] if self.targets else None
        rows = []
        targets = []
        for ip, port, key, size, name in self.heard.hosts():
            rows.append(host_row(key, size, name))
            targets.append(("host", "%s:%d" % (ip, port)))
        if not rows:
            rows.append(DEAF if self.ear.problem else NONE)
            targets.append(("none", ""))
        if given(self.app):
            rows.append(GIVEN)
            targets.append(("given", ""))
        rows.append(TYPE)
        targets.append(("type", ""))
        self.list.rows = rows
        self.targets = targets
        self.list.selected = targets.index(old) if old in targets else 0

    def detail(self, width=21):
        """The foot: where the selected row joins (width: the characters of a line)."""
        kind, address = self.targets[self.list.selected]
        if kind == "host":
            return "at " + address if len(address) + 3 <= width else address
        if kind == "given":
            return given(self.app)
        if kind == "none":
            return self.ear.problem or "Listening for hosts"
        from stones.ui.address import check

        try:
            return "last: " + check(kept(self.app).get("typed"))
        except (ValueError, TypeError, AttributeError):
            return "A: type one"

    def draw(self, fb):
        title(fb, "Join a link")
        rows = wrap(self.detail(columns(fb)), columns(fb))
        bottom = fb.height - len(rows) * SMALL_LINE
        self.list.draw(fb, LINE + 1, bottom)
        lines(fb, rows, bottom + 1)

    def tick(self, now):
        changed = False
        for _ in range(_READS):
            got = self.ear.receive()
            if got is None:
                break
            changed = self.heard.hear(got[0], got[1], now) or changed
        changed = self.heard.forget(now) or changed
        if changed:
            self.refresh_rows()
            self.dirty = True

    def handle(self, event):
        if self.list.scroll(event):
            self.dirty = True
            return
        if keys.kind(event) != keys.PRESS:
            return
        button = keys.button(event)
        if button == keys.B:
            self.app.back()
        elif button == keys.A:
            kind, address = self.targets[self.list.selected]
            if kind == "host" or kind == "given":
                join(self.app, address)
            elif kind == "type":
                self.app.open("address")

    def close(self):
        self.ear.close()


class Beacon:
    """A waiting host's announcements: tick(now, link) sends one every EVERY_MS while no
    other device is on the link's pipe (a pipe with no TCP port announces nothing)."""

    def __init__(self, app, game, link):
        self.lan = app.links.lan
        self.clock = app.clock
        port = getattr(link.pipe, "port", 0)
        self.data = announcement(game.key, game.size, port, self.lan.name) if port else None
        self.sent = None

    def tick(self, now, link):
        if self.data is None or link.pipe.is_open():
            return
        if self.sent is not None and self.clock.ticks_diff(now, self.sent) < EVERY_MS:
            return
        self.sent = now
        self.lan.send(self.data)
