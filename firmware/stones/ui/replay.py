"""Replay a finished game: left/right step back and forth through its moves, up/down jump ten,
A jumps to the end or the start, B leaves. The panel shows the move number and, at the end,
the result. The game given is replayed in place by undo and by playing its own history again."""

from stones.ui import keys
from stones.ui.board import BoardView
from stones.ui.draw import CHAR, LINE


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.game = game
        self.moves = [game.entry(i) for i in range(game.count)]  # (colour, move)
        self.result = game.result() if game.over else None
        fb = app.display
        width = fb.width - 7 * CHAR if fb.height < 96 else fb.width
        height = fb.height if fb.height < 96 else fb.height - 3 * LINE
        self.view = BoardView(game, 0, 0, width, height)
        self.view.show_cursor = False
        self.view.last = game.last_move() or 0
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        self.view.draw(fb)
        x = self.view.width + 2 if fb.height < 96 else 0
        y = 0 if fb.height < 96 else self.view.height + 2
        fb.text("Replay", x, y, 1)
        fb.text("%d/%d" % (self.game.count, len(self.moves)), x, y + LINE, 1)
        if self.game.count == len(self.moves) and self.result is not None:
            fb.text(self.result.gtp()[:7], x, y + 3 * LINE, 1)
        fb.text("< >", x, fb.height - 8, 1)

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
