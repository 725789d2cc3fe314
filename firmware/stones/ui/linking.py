"""Linking two devices before a linked game (docs/link.md). Two ways in:

    host   the setup screen's Start with "Link" as one colour's player: the game is made here
           and offered; the screen waits for the other device, then the game begins on both
    join   the main menu's Link: the screen waits for an offer, shows it (the game, its
           settings, the colour this side plays); A accepts, B declines

The platform says how a link is made (App.links: a cable's UART, a network's socket); the
screen makes the app's Link (stones.link.peer) and the app polls it every loop. B leaves (the
link stays made for a game in progress, which waits for it). A version or protocol that
differs is refused by name here, on both devices.
"""

from stones.link.peer import READY, REFUSED, Link
from stones.ui import keys
from stones.ui.draw import SMALL_LINE, columns, lines, small, title, wrap


def open_link(app, host):
    """The app's Link as host or joiner over a new pipe from the platform (the old one goes)."""
    old = app.link
    if old is not None and hasattr(old.pipe, "close"):
        old.pipe.close()
    app.link = Link(app.links.open(host), app.clock, host, seed=app.clock.ticks_ms())
    return app.link


def players(colour, host):
    """The players entries of a linked game, colour played here."""
    who = "link:host" if host else "link:join"
    return {str(colour): "human", str(3 - colour): who}


def describe(game):
    """The game and its settings, as the offer shows them."""
    text = "%s %dx%d" % (game.title, game.size, game.size)
    for option in game.options:
        text += ", %s %s" % (option.label.lower(), game.settings[option.key])
    return text


class Screen:
    def __init__(self, app, game=None, colour=0):
        self.app = app
        self.host = game is not None
        self.game = game
        self.colour = colour
        self.dirty = True
        self.shown = False
        link = self.link = open_link(app, self.host)
        if self.host:
            link.offer(game, colour)
        self.seen = None

    def text(self):
        link = self.link
        name = getattr(link.pipe, "name", "link")
        # what keeps the pipe shut, if it says (a serial port missing or busy), for the wait
        problem = getattr(link.pipe, "problem", "")
        waiting = ("Waiting: %s" % problem if problem
                   else "Waiting on %s for the other device" % name)
        if link.state == REFUSED:
            return "Refused: %s." % link.problem
        if self.host:
            if link.refused:
                return "The other device declined: %s." % link.refused
            return "%s. You play %s. %s." % (
                describe(self.game), self.game.COLOUR_NAMES[self.colour], waiting)
        if link.offered is not None:
            game, colour = link.offered
            return "%s. You play %s." % (describe(game), game.COLOUR_NAMES[colour])
        return waiting + ("." if problem else "'s offer.")

    def draw(self, fb):
        title(fb, "Host a link" if self.host else "Join a link")
        rows = wrap(self.text(), columns(fb))
        lines(fb, rows[:5])
        offered = not self.host and self.link.offered is not None
        small(fb, "A: accept B: decline" if offered else "B: leave", 0, fb.height - SMALL_LINE + 1)

    def tick(self, now):
        link = self.link
        if self.host and link.state == READY and link.peer_count >= 0 and not link.refused:
            self.app.players = players(self.colour, True)
            self.app.begin("play", self.game)  # accepted: the game begins on both
            return
        seen = (link.state, link.offered is not None, link.refused, link.problem,
                getattr(link.pipe, "problem", ""))
        if seen != self.seen:
            self.seen = seen
            self.dirty = True

    def handle(self, event):
        if keys.kind(event) != keys.PRESS:
            return
        button = keys.button(event)
        link = self.link
        if button == keys.A and not self.host and link.offered is not None:
            game = link.accept()
            app = self.app
            app.game = game
            app.players = players(link.colour, False)
            app.begin("play", game)
        elif button == keys.B:
            if not self.host and link.offered is not None:
                link.decline()
                self.dirty = True
                return
            self.app.back()
