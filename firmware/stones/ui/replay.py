"""Replay a finished game: left/right step back and forth through its moves, up/down jump ten,
A jumps to the end or the start, B leaves. The panel shows the move number and, at the end,
the result. The game given is replayed in place by undo and by playing its own history again."""

from stones.ui import keys
from stones.ui.board import BoardView, layout
from stones.ui.draw import SMALL_LINE, small


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.game = game
        self.moves = [game.entry(i) for i in range(game.count)]  # (colour, move)
        self.result = game.result() if game.over else None
        width, height, self.panel_x, self.panel_y = layout(app.display, game)
        self.view = BoardView(game, 0, 0, width, height)
        self.view.show_cursor = False
        self.view.last = game.last_move() or 0
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        self.view.draw(fb)
        x = self.panel_x
        y = self.panel_y
        counter = "%d/%d" % (self.game.count, len(self.moves))
        if fb.height >= 96:  # a strip under the board: one line each
            small(fb, "Replay " + counter, x, y)
            y -= SMALL_LINE + 2
        else:
            small(fb, "Replay", x, y)
            small(fb, counter, x, y + SMALL_LINE)
        if self.game.count == len(self.moves) and self.result is not None:
            small(fb, self.result.gtp(), x, y + 2 * SMALL_LINE + 2)
        small(fb, "< >", x, fb.height - SMALL_LINE + 1)

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
        self.view.last = game.last_move() or 0
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
