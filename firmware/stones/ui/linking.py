"""Linking two devices before a linked game (docs/link.md). Two ways in:

    host   the setup screen's Start with "Link" as one colour's player: the game is made here
           and offered; the screen waits for the other device, then the game begins on both
    join   the main menu's Link: the screen waits for an offer, shows it (the game, its
           settings, the colour this side plays); A accepts, B declines

A game with a pregame (Loose's komi protocol: Game.pregame) runs it across the two: the host's
player takes the first steps on the pregame's screen before the offer (names the komi), the
offer carries them, and the other player takes theirs on the same screen opened over the offer
(picks a colour); the steps settle the game and who plays which colour, on both.

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


def describe(game, pregame=None):
    """The game and its settings, as the offer shows them (with a pregame, what its steps
    settled so far: they settle the options)."""
    text = "%s %dx%d" % (game.title, game.size, game.size)
    if pregame is not None:
        said = pregame.summary()
        return text + ", " + said if said else text
    for option in game.options:
        text += ", %s %s" % (option.label.lower(), game.settings[option.key])
    return text


class Screen:
    def __init__(self, app, game=None, colour=0, pregame=None):
        self.app = app
        self.host = game is not None
        self.game = game
        self.colour = colour
        self.dirty = True
        self.shown = False
        link = self.link = open_link(app, self.host)
        if self.host:
            link.offer(game, colour, pregame)
        self.seen = None
        self.beacon = None
        if self.host and getattr(app.links, "lan", None) is not None:
            from stones.ui.lan import Beacon  # a network: the host is announced while it waits

            self.beacon = Beacon(app, game, link)

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
            if not link.colour and link.state == READY:
                return "%s. The other player picks a colour." % describe(self.game, link.pregame)
            if not link.colour:
                return "%s. %s: its player picks a colour." % (
                    describe(self.game, link.pregame), waiting)
            return "%s. You play %s. %s." % (
                describe(self.game), self.game.COLOUR_NAMES[self.colour], waiting)
        if link.offered is not None:
            game, colour = link.offered
            if not colour:
                return "%s. You pick a colour next." % describe(game, link.pregame)
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
        if self.beacon is not None:
            self.beacon.tick(now, link)
        if self.host and link.state == READY and link.peer_count >= 0 and not link.refused:
            self.app.players = players(link.colour, True)
            self.app.begin("play", link.game)  # accepted: the game begins on both
            return
        if not self.host and link.offered is not None and not link.offered[1] and (
                link.settled() and self.app.top is self):
            self.accept()  # the pregame's steps all given: the game they settled
            return
        seen = (link.state, link.offered is not None, link.refused, link.problem, link.colour,
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
            game = link.offered[0]
            if link.offered[1]:
                self.accept()
            else:  # the pregame's steps of this side: on its screen, over this one
                self.app.open(game.pregame, game, "join")
        elif button == keys.B:
            if not self.host and link.offered is not None:
                link.decline()
                self.dirty = True
                return
            self.app.back()

    def accept(self):
        link = self.link
        game = link.accept()
        app = self.app
        app.game = game
        app.players = players(link.colour, False)
        app.begin("play", game)
