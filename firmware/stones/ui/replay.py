"""Replay a finished game: left/right step back and forth through its moves, up/down jump ten,
A jumps to the end or the start, B leaves. The panel shows the move number and, at the end,
the result. The game given is replayed in place by undo and by playing its own history again.

A board too fine for the panel shows a window of it with the overview, as the game screen
does (board.place_overview), and the window follows the moves: the cursor goes to the last
stone placed (view.goto, as the game screen's does to a reply), and its outline, blinking as
it does there, marks that stone. The stone inside keeps its own colour's look: no dot of the
other colour, which on a black stone reads at 1:1 as a white one's ring and dot."""

from stones.ui import keys
from stones.ui.board import BoardView, last_stone, layout, place_overview
from stones.ui.draw import SMALL_LINE, right, small, width


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.game = game
        self.moves = [game.entry(i) for i in range(game.count)]  # (colour, move)
        self.result = game.result() if game.over else None
        fb = app.display
        width, height, self.panel_x, self.panel_y = layout(fb, game)
        self.view = BoardView(game, 0, 0, width, height)
        place_overview(self.view, fb, self.panel_x, SMALL_LINE)  # under the title
        self.follow()
        self.dirty = True
        self.shown = False

    def follow(self):
        """Put the cursor on the last stone placed (before the first: no cursor), its outline
        shown afresh, the window scrolling to it as it does in play."""
        view = self.view
        stone = last_stone(self.game)
        view.show_cursor = bool(stone)
        if stone:
            view.goto(stone)
            view.blink_at = self.app.clock.ticks_ms()

    def tick(self, now):
        if self.view.show_cursor and self.view.blink_due(self.app.display, now):
            self.shown = True

    def draw(self, fb):
        self.view.draw(fb)  # (with a windowed board's overview)
        x = self.panel_x
        y = self.panel_y
        view = self.view
        counter = "%d/%d" % (self.game.count, len(self.moves))
        result = self.result
        end = result.gtp() if self.game.count == len(self.moves) and result is not None else ""
        bottom = fb.height - SMALL_LINE + 1
        if fb.height >= 96:  # a strip under the board: one line each
            small(fb, "Replay " + counter, x, y)
            small(fb, end, x, y + SMALL_LINE)
            small(fb, "< >", x, bottom)
            return
        small(fb, "Replay", x, y)
        if not view.windowed:
            small(fb, counter, x, y + SMALL_LINE)
            small(fb, end, x, y + 2 * SMALL_LINE + 2)
            small(fb, "< >", x, bottom)
            return
        # beside the overview, as in play: the numbers under it, the keys at the foot's right
        row = view.overview_at[1] + view.overview_height() + 1  # pyright: ignore
        keys = fb.width - 1 - width("< >")  # the keys end a pixel short of the panel's edge
        right(fb, "< >", fb.width - 1, bottom)
        if end and row + 2 * SMALL_LINE > bottom + 1:  # no row for the result: on the count's
            both = counter + " " + end
            room = (keys - 2 if row + SMALL_LINE > bottom else fb.width - 1) - x  # beside them
            small(fb, both if width(both) <= room else end, x, row)
        else:
            small(fb, counter, x, row)
            small(fb, end, x, row + SMALL_LINE)

    def step(self, n):
        """Go n moves forward (n > 0) or back; False at either end."""
        game = self.game
        moved = False
        while n > 0 and game.count < len(self.moves):
            colour, move = self.moves[game.count]
            game.play_as(colour, move)
            n -= 1
            moved = True
        while n < 0 and game.count:
            game.undo()
            n += 1
            moved = True
        self.follow()
        return moved

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        steps = {keys.LEFT: -1, keys.RIGHT: 1, keys.UP: 10, keys.DOWN: -10}.get(button)
        if steps is not None:
            if self.step(steps):
                self.dirty = True
        elif keys.kind(event) != keys.PRESS:
            return
        elif button == keys.A:
            self.step(len(self.moves) if self.game.count < len(self.moves) else -len(self.moves))
            self.dirty = True
        elif button in (keys.B, keys.MENU):
            self.app.back()
