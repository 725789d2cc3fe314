"""The boot menu: resume a game in progress, start one of the four games, rules, system, the
records of finished games."""

from stones.engine import registry
from stones.ui import keys
from stones.ui.draw import ListView, title


class Screen:
    def __init__(self, app):
        self.app = app
        self.dirty = True
        self.shown = False
        self.list = ListView([])
        self.refresh_rows()

    def refresh_rows(self):
        rows = []
        self.actions = []
        game = self.app.game
        if game is not None and not game.over:
            rows.append("Resume " + game.title)
            self.actions.append(("resume", None))
        for entry in registry.GAMES:
            rows.append(entry[1])
            self.actions.append(("setup", entry[0]))
        rows.append("Rules")
        self.actions.append(("rules", None))
        links = getattr(self.app, "links", None)
        if links is not None:
            rows.append("Link")  # join a game another device offers (ui/linking.py), on a
            # network one of the hosts heard or an address (ui/lan.py)
            self.actions.append(("lan" if getattr(links, "lan", None) else "linking", None))
        rows.append("System")
        self.actions.append(("system", None))
        if getattr(self.app, "session", None) is not None:
            rows.append("Records")
            self.actions.append(("records", None))
        self.list.rows = rows
        self.list.selected = min(self.list.selected, len(rows) - 1)

    def draw(self, fb):
        self.refresh_rows()
        title(fb, "Pocket Stones")
        self.list.draw(fb)

    def handle(self, event):
        if self.list.scroll(event):
            self.dirty = True
            return
        button = keys.button(event)
        if button == keys.A and keys.kind(event) == keys.PRESS:
            action, key = self.actions[self.list.selected]
            if action == "resume":
                self.app.begin("play", self.app.game)
            elif action == "setup":
                self.app.open("setup", key)
            else:
                self.app.open(action)
