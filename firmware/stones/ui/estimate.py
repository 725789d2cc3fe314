"""The count as it stands, asked for in the middle of a game (the in-game menu's Estimate): the
score screen's board stage over a copy of the game (Game.scratch, copy_from), its dead stones
estimated as the score screen's marking opens (Game.mark_estimated), so the real game is left
as it was. The d-pad scrolls a windowed board; A, B or MENU go back to the game.

The panel is titled "Estimate" as replay's says "Replay", and a board too fine for the panel
shows its overview where play and replay show it (board.place_overview): beside the board on a
128x64 panel, under the title, with the result and the totals under it as far as there is room
(the result first); at the top right of a tall panel."""

from stones.ui import keys
from stones.ui.board import place_overview
from stones.ui.draw import SMALL_LINE, small, width
from stones.ui.score import BOARD
from stones.ui.score import Screen as Score

TITLE = "Estimate"


class Screen(Score):
    foot = "%s: back"
    foot_button = "b"

    def __init__(self, app, play):
        self.play = play
        game = play.game
        copy = game.scratch()  # the marking and the count are the copy's
        copy.copy_from(game)
        copy.setup = game.setup
        Score.__init__(self, app, copy)  # (a game with dead stones: the estimate is marked)
        self.stage = BOARD
        self.view.show_cursor = False
        place_overview(self.view, app.display, self.panel_x, SMALL_LINE)  # under the title
        self.count()

    def draw(self, fb):
        view = self.view
        view.draw(fb)  # (with a windowed board's overview)
        x = self.panel_x
        if not view.windowed or fb.height >= 96:  # (a tall panel's overview is beside the board)
            self.draw_count(fb, x, self.panel_y, TITLE)
            return
        # beside the overview, as in play and replay: the title above it, the rest under it
        small(fb, TITLE, x, 0)
        total = self.result.total
        row = view.overview_at[1] + view.overview_height() + 1  # pyright: ignore
        bottom = fb.height - SMALL_LINE + 1
        rows = (bottom - row) // SMALL_LINE + 1 if row <= bottom else 0
        room = fb.width - 1 - x
        totals = "B %s W %s" % (total[1], total[2])
        if width(totals) > room:  # as play's panel has them beside an overview
            totals = "B%s W%s" % (total[1], total[2])
        for text in (self.lead(), totals)[:rows]:
            if width(text) <= room:  # (never cut: totals too long for the column are left out)
                small(fb, text, x, row)
                row += SMALL_LINE
        if rows > 2:
            small(fb, self.footer(), x, bottom)

    def lead(self):
        """Who leads, as the count stands: 'B+3.5', 'W+1', or 'Even'."""
        text = Score.lead(self)
        return "Even" if text == "Draw" else text

    def handle(self, event):
        button = keys.button(event)
        if button <= keys.RIGHT or keys.kind(event) != keys.PRESS:
            Score.handle(self, event)  # the d-pad scrolls a window
            return
        if button in (keys.A, keys.B, keys.MENU):
            self.app.back()
            self.play.resume()
