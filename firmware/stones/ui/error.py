"""What the top-level handler shows. The game in progress is kept (app.game, and its save)."""

from stones.ui import keys
from stones.ui.draw import columns, lines, title, wrap


class Screen:
    def __init__(self, app, error):
        self.app = app
        if isinstance(error, MemoryError):
            self.text = "Out of memory. Your game is kept: A for the menu."
        else:
            self.text = "%s: %s. Your game is kept: A for the menu." % (
                type(error).__name__, error)
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        title(fb, "Sorry")
        lines(fb, wrap(self.text, columns(fb)))

    def handle(self, event):
        if keys.kind(event) == keys.PRESS and keys.button(event) in (keys.A, keys.B, keys.MENU):
            self.app.home()
