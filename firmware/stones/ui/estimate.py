"""The count as it stands, asked for in the middle of a game (the in-game menu's Estimate): the
score screen's board stage over a copy of the game (Game.scratch, copy_from), its dead stones
estimated as the score screen's marking opens (Game.mark_estimated), so the real game is left
as it was. The d-pad scrolls a windowed board; A, B or MENU go back to the game."""

from stones.ui import keys
from stones.ui.score import BOARD
from stones.ui.score import Screen as Score


class Screen(Score):
    foot = "B: back"

    def __init__(self, app, play):
        self.play = play
        game = play.game
        copy = game.scratch()  # the marking and the count are the copy's
        copy.copy_from(game)
        copy.setup = game.setup
        Score.__init__(self, app, copy)  # (a game with dead stones: the estimate is marked)
        self.stage = BOARD
        self.view.show_cursor = False
        self.count()

    def handle(self, event):
        button = keys.button(event)
        if button <= keys.RIGHT or keys.kind(event) != keys.PRESS:
            Score.handle(self, event)  # the d-pad scrolls a window
            return
        if button in (keys.A, keys.B, keys.MENU):
            self.app.back()
            self.play.resume()
