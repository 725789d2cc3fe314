"""A question before something that cannot be taken back: a few lines saying what will happen,
then two choices. A on the first does it (the screen closes, then action() runs); A on the
second, or B, only closes the screen. Used before a new game replaces one in progress."""

from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, ListView, columns, lines, title, wrap


class Screen:
    def __init__(self, app, heading, text, yes, no, action):
        self.app = app
        self.heading = heading
        self.text = text
        self.action = action
        self.list = ListView([yes, no])
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        title(fb, self.heading)
        rows = wrap(self.text, columns(fb))
        lines(fb, rows)
        self.list.draw(fb, LINE + 4 + len(rows) * SMALL_LINE)

    def handle(self, event):
        if self.list.scroll(event):
            self.dirty = True
            return
        if keys.kind(event) != keys.PRESS:
            return
        button = keys.button(event)
        if button == keys.A and self.list.selected == 0:
            self.app.back()
            self.action()
        elif button in (keys.A, keys.B):
            self.app.back()
