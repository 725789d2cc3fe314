"""A game's clock on the game screen (ui/play.py): loaded only for a game played on one.

The mover's time goes on the turn line, in place of its name (the stone says whose turn it is),
and the other side's on the line under it where that line is free. Each tick of the game screen
counts the time since the last to the side to move, the device's thinking included, and the
time alone is redrawn when its seconds change. The clock stops while another screen covers the
game (the in-game menu, its rules, a question: App's on_top says when it is uncovered), while
the panel is off (the device asleep) and while a device waits (stopped from the menu); with the
power off nothing runs, and the game save keeps the times. When the mover's flag falls the game
ends at once, lost on time (Game.resign's on_time). An undo takes moves back, not time: the clock
goes on with the side to move after it. A device short of time plays at once (_HURRY_MS), so it
does not lose on time in normal play.

Its names are ones the firmware already holds (Clock, tick, draw, label, update, step): on
the MicroPython unix port, where the tests run on a Pico-sized heap, every name a loaded module
holds is interned for good, and the game screen loads this module's name with its own.
"""

from stones.compat import const
from stones.ui.app import OFF
from stones.ui.draw import ICON_W, SMALL_LINE, small

_HURRY_MS = const(2000)  # a device with less time than this (before a flag or a period) plays
_TIME_W = const(36)  # the turn line's room for a time, six compact glyphs: "100:00", "5x30s"


class Clock:
    def __init__(self, play):
        self.play = play
        self.clock = play.game.clock
        self.since = play.app.clock.ticks_ms()  # the time is counted up to here
        self.running = play.game.to_move  # whose time runs
        self.shown = -1  # the mover's seconds as last drawn
        self.at = None  # where the mover's time was last drawn (x, y)

    def on_top(self, now):
        """The game screen uncovered: the time another screen was over it is nobody's."""
        self.since = now

    def tick(self, now):
        """Count the time since the last count to the side whose clock runs (none while the
        panel is off, the game is over or a device waits); True when its flag fell, which ends
        the game. The time is redrawn alone when its seconds change."""
        play = self.play
        since = self.since
        self.since = now
        if play.app.power == OFF or play.game.over or play.paused:
            return False
        if self.clock.spend(self.running, play.app.clock.ticks_diff(now, since)):
            play.thinking = None
            play.pondering = None
            play.game.resign(self.running, True)  # lost on time
            play.after_move()  # saved, the end sounded, the result shown
            return True
        thinking = play.thinking  # beside a windowed board's overview the turn line says so
        hidden = (thinking is not None and not thinking.hint and play.windowed and not play.tall
                  and play.game.stones_per_turn == 1)
        if (self.clock.seconds(self.running) != self.shown and self.at is not None
                and not (play.dirty or play.message or hidden)):
            fb = play.app.display
            x, y = self.at
            # (never over the battery icon's corner, beside a hexagon's narrower panel)
            fb.fill_rect(x, y, min(_TIME_W, fb.width - ICON_W - x), SMALL_LINE - 1, 0)
            self.draw(fb, x, y)
            play.shown = True
        return False

    def draw(self, fb, x, y):
        """The mover's time at (x, y): the turn line after its stone."""
        self.at = (x, y)
        self.shown = self.clock.seconds(self.running)
        small(fb, self.clock.text(self.running), x, y)

    def label(self, fb, x, y):
        """The other side's time at (x, y), after the first letter of its colour: "B 4:59"."""
        other = 3 - self.running
        small(fb, "%s %s" % (self.play.game.COLOUR_NAMES[other][0], self.clock.text(other)),
              x, y)

    def update(self, undo):
        """After a move (or an undo) that passed the turn: the side that moved gets its period
        back or its increment (not for an undo), and the clock runs for the side now to move."""
        game = self.play.game
        if game.to_move != self.running:
            if not undo:
                self.clock.moved(self.running)
            self.running = game.to_move

    def step(self, thinking):
        """While the device thinks: short of time, it plays now, from what its search knows."""
        if not thinking.hint and self.clock.short(self.running, _HURRY_MS):
            thinking.force()
