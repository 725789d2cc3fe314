"""A short message with a title; any of A, B or MENU closes it."""

from stones.ui import keys
from stones.ui.draw import columns, lines, title, wrap


class Screen:
    def __init__(self, app, heading, text):
        self.app = app
        self.heading = heading
        self.text = text
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        title(fb, self.heading)
        lines(fb, wrap(self.text, columns(fb)))

    def handle(self, event):
        if keys.kind(event) == keys.PRESS and keys.button(event) in (keys.A, keys.B, keys.MENU):
            self.app.back()
