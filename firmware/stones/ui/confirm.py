"""A question before something that cannot be taken back: a few lines saying what will happen,
then the choices, each a (label, action) pair. The screen opens on the last choice, the one
that loses nothing (its action None: it only closes the screen), so that a press of A made out
of habit never does what cannot be undone. A on a choice closes the screen, then runs its
action; B only closes it, as the last choice does. Used before a new game replaces one in
progress, before a record is deleted, and before the oldest record makes room for a new one."""

from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, ListView, columns, lines, title, wrap


class Screen:
    def __init__(self, app, heading, text, choices):
        self.app = app
        self.heading = heading
        self.text = text
        self.actions = [action for _, action in choices]
        self.list = ListView([label for label, _ in choices], len(choices) - 1)
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
        if button == keys.A:
            action = self.actions[self.list.selected]
            self.app.back()
            if action is not None:
                action()
        elif button == keys.B:
            self.app.back()
