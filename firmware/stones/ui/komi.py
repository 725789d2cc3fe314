"""Loose's komi protocol as two screens (docs/rules.md B7): first the proposing player names an
even komi, then the other player picks a colour. The game's pregame_protocol() holds the steps
(Loose: its KomiProtocol), so the screen imports no game."""

from stones.ui import keys
from stones.ui.draw import SMALL_LINE, centre, lines, small, title


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.size = game.size
        self.clock = game.clock  # the setup's: the game the protocol makes is played on it
        self.protocol = game.pregame_protocol()
        self.choices = self.protocol.choices
        self.index = 0
        self.colour = 1
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        protocol = self.protocol
        if protocol.step == protocol.NAME_KOMI:
            title(fb, "Komi: player 1")
            lines(fb, ["Name an even", "komi for White."])
            centre(fb, "< %s >" % self.choices[self.index], 40)
            small(fb, "%s: offer it" % self.app.legend["a"], 0, fb.height - SMALL_LINE + 1)
        else:
            title(fb, "Colour: player 2")
            lines(fb, ["Komi is %s." % protocol.komi, "Pick your colour."])
            centre(fb, "< %s >" % ("Black" if self.colour == 1 else "White"), 40)
            small(fb, "%s: take it" % self.app.legend["a"], 0, fb.height - SMALL_LINE + 1)

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
            else:
                protocol.choose(self.colour)
                game = protocol.new_game(self.size)
                game.clock = self.clock
                self.app.game = game
                self.app.begin("play", game)
                return
        elif button == keys.B:
            if naming:
                self.app.back()
                return
            protocol.back()
        else:
            return
        self.dirty = True
