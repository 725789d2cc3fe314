"""Loose's komi protocol as two screens (docs/rules.md B7): first the proposing player names an
even komi, then the other player picks a colour. The game's pregame_protocol() holds the steps
(Loose: its KomiProtocol), so the screen imports no game.

A linked game (docs/link.md) splits the two between the devices: side "host" is the proposer's
screen, which names the komi and then offers the game with the protocol (ui/linking.py); side
"join" is the chooser's, opened over the offer on the device that joined, which picks the colour
through the link (Link.pregame_step) and goes back to the offer, which the steps now settle.
While the link is down the choice waits, said in the footer."""

from stones.ui import keys
from stones.ui.draw import SMALL_LINE, centre, lines, small, title


class Screen:
    def __init__(self, app, game, side=""):
        self.app = app
        self.game = game
        self.size = game.size
        self.side = side
        self.clock = game.clock  # the setup's: the game the protocol makes is played on it
        self.protocol = app.link.pregame if side == "join" else game.pregame_protocol()
        self.choices = self.protocol.choices
        self.index = 0
        self.colour = 1
        self.link_state = -1
        self.dirty = True
        self.shown = False

    def waits(self):
        """The link's words while it is down (the choice waits for it), else ""."""
        from stones.link.peer import READY

        link = self.app.link
        return "" if link.state == READY else "Link " + link.status()

    def draw(self, fb):
        protocol = self.protocol
        legend = self.app.legend["a"]
        foot = fb.height - SMALL_LINE + 1
        if protocol.step == protocol.NAME_KOMI:
            title(fb, "Komi: you" if self.side else "Komi: player 1")
            lines(fb, ["Name an even", "komi for White."])
            centre(fb, "< %s >" % self.choices[self.index], 40)
            small(fb, "%s: offer it" % legend, 0, foot)
        else:
            title(fb, "Colour: you" if self.side else "Colour: player 2")
            lines(fb, ["Komi is %s." % protocol.komi, "Pick your colour."])
            centre(fb, "< %s >" % ("Black" if self.colour == 1 else "White"), 40)
            small(fb, (self.side and self.waits()) or "%s: take it" % legend, 0, foot)

    def tick(self, now):
        if self.side != "join":
            return
        link = self.app.link
        if link.offered is None or link.pregame is not self.protocol:
            self.app.back()  # the offer went (another came): the link's screen says why
        elif link.state != self.link_state:
            self.link_state = link.state
            self.dirty = True

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        protocol = self.protocol
        naming = protocol.step == protocol.NAME_KOMI
        if button in (keys.LEFT, keys.RIGHT):
            step = -1 if button == keys.LEFT else 1
            if naming:
                self.index = (self.index + step) % len(self.choices)
            else:
                self.colour = 3 - self.colour
        elif keys.kind(event) != keys.PRESS:
            return
        elif button == keys.A:
            if naming:
                protocol.propose(self.choices[self.index])
                if self.side == "host":  # the rest is the other player's, on their device
                    self.app.replace("linking", self.game, 0, protocol)
                    return
            elif self.side == "join":
                if not self.waits():
                    self.app.link.pregame_step(str(self.colour))
                    self.app.back()  # the offer, settled: it begins the game
                    return
            else:
                protocol.choose(self.colour)
                game = protocol.new_game(self.size)
                game.clock = self.clock
                self.app.game = game
                self.app.begin("play", game)
                return
        elif button == keys.B:
            if naming or self.side == "join":
                self.app.back()
                return
            protocol.back()
        else:
            return
        self.dirty = True
