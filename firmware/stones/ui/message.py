"""A short message with a title, "A: OK" on its last line; any of A, B or MENU closes it."""

from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, columns, lines, small, title, wrap


class Screen:
    def __init__(self, app, heading, text):
        self.app = app
        self.heading = heading
        self.text = text
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        title(fb, self.heading)
        rows = wrap(self.text, columns(fb))
        lines(fb, rows, LINE + 1)  # (a row higher than a page of text: five rows and the foot)
        foot = fb.height - SMALL_LINE + 1
        if LINE + 1 + len(rows) * SMALL_LINE <= foot:  # (a text that fills the panel has none)
            small(fb, "%s: OK" % self.app.legend["a"], 0, foot)

    def handle(self, event):
        if keys.kind(event) == keys.PRESS and keys.button(event) in (keys.A, keys.B, keys.MENU):
            self.app.back()
