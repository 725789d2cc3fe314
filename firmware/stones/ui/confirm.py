"""A question before something that cannot be taken back: a few lines saying what will happen,
then two choices. A on the first does it (the screen closes, then action() runs); A on the
second closes it and runs otherwise(), when one is given; B only closes it. Used before a new
game replaces one in progress, before a record is deleted, and before the oldest record makes
room for a new one."""

from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, ListView, columns, lines, title, wrap


class Screen:
    def __init__(self, app, heading, text, yes, no, action, otherwise=None):
        self.app = app
        self.heading = heading
        self.text = text
        self.action = action
        self.otherwise = otherwise
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
        elif button == keys.A:
            self.app.back()
            if self.otherwise is not None:
                self.otherwise()
        elif button == keys.B:
            self.app.back()
