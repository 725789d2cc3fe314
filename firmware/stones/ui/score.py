"""The end of a game: Go's dead-stone marking, then the score breakdown beside the board with
what was counted drawn on it (territory, dead stones, Loupe's counted loops blinking), then the
result. A moves on, B goes back a step (from marking: undo the last pass to play on)."""

from stones.compat import const
from stones.ui import keys
from stones.ui.board import DEAD, HIDE, LAND_B, LAND_W, LOOP, BoardView
from stones.ui.draw import CHAR, LINE, centre, lines, title, wrap

MARK = const(0)
BREAKDOWN = const(1)
RESULT = const(2)
_BLINK_MS = const(500)


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.game = game
        fb = app.display
        width = fb.width - 7 * CHAR if fb.height < 96 else fb.width
        height = fb.height if fb.height < 96 else fb.height - 4 * LINE
        self.view = BoardView(game, 0, 0, width, height)
        self.view.show_cursor = False
        self.stage = MARK if hasattr(game, "toggle_dead") else BREAKDOWN
        if self.stage == MARK:
            self.view.show_cursor = True
        self.result = None
        self.blink = 0
        self.hidden = False
        self.dirty = True
        self.shown = False
        if self.stage == BREAKDOWN:
            self.count()

    def count(self):
        """Score the game and put what was counted onto the board's marks."""
        game = self.game
        marks = self.view.marks
        for p in game.grid.points:
            marks[p] = 0
        self.result = game.result()
        if game.key == "go":
            for p, owner in game.territory().items():
                marks[p] |= LAND_B if owner == 1 else LAND_W
            for p in game.dead_stones():
                marks[p] |= DEAD
        elif game.key == "offshore":
            for colour, mark in ((1, LAND_B), (2, LAND_W)):
                for p in game.territory(colour):
                    if not game.cell[p] & 3:
                        marks[p] |= mark
        elif game.key == "loupe":
            for colour in (1, 2):
                for _, root in game.values(colour):
                    for p in game.shortest_loop(root):
                        marks[p] |= LOOP

    def draw(self, fb):
        if self.stage == RESULT:
            title(fb, "Result")
            centre(fb, self.result.text(), 24)
            note = self.result.note
            if note:
                lines(fb, wrap(note, 16)[:2], 36)
            fb.text("A: menu", 0, fb.height - 8, 1)
            return
        self.view.draw(fb)
        x = self.view.width + 2 if fb.height < 96 else 0
        y = 0 if fb.height < 96 else self.view.height + 2
        if self.stage == MARK:
            fb.text("Mark", x, y, 1)
            fb.text("dead:", x, y + LINE, 1)
            fb.text("A group", x, y + 2 * LINE + 2, 1)
            fb.text("MENU ok", x, y + 3 * LINE + 2, 1)
            self.view.label(fb, self.view.cursor, x, fb.height - 8)
            return
        row = y
        for label, black, white in self.result.lines:
            fb.text(label[:7], x, row, 1)
            fb.text("%s/%s" % (black, white), x, row + 8, 1)
            row += 18
            if row > fb.height - 16:
                break
        fb.text(self.result.gtp()[:7], x, fb.height - 8, 1)

    def tick(self, now):
        if self.game.key != "loupe" or self.stage != BREAKDOWN:
            return
        if now - self.blink >= _BLINK_MS:
            self.blink = now
            self.hidden = not self.hidden
            marks = self.view.marks
            for p in self.game.grid.points:
                if marks[p] & LOOP:
                    marks[p] = (marks[p] | HIDE) if self.hidden else (marks[p] & ~HIDE)
                    self.view.draw_point(self.app.display, p)
            self.shown = True

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        fb = self.app.display
        if self.stage == MARK and button <= keys.RIGHT:
            if self.view.move(fb, (0, 0, -1, 1)[button], (1, -1, 0, 0)[button]):
                x = self.view.width + 2
                fb.fill_rect(x, fb.height - 8, 3 * CHAR, 8, 0)
                self.view.label(fb, self.view.cursor, x, fb.height - 8)
                self.shown = True
            return
        if keys.kind(event) != keys.PRESS:
            return
        if self.stage == MARK:
            if button == keys.A:
                p = self.view.cursor
                if self.game.cell[p] & 3:
                    self.game.toggle_dead(p)
                    marks = self.view.marks
                    for s in self.game.group(p):
                        marks[s] ^= DEAD
            elif button == keys.MENU:
                self.stage = BREAKDOWN
                self.view.show_cursor = False
                self.count()
            elif button == keys.B:  # play on: take back the last pass
                self.game.undo()
                self.app.replace("play", self.game)
                return
        elif self.stage == BREAKDOWN:
            if button == keys.A:
                self.stage = RESULT
            elif button == keys.B and hasattr(self.game, "toggle_dead"):
                self.stage = MARK
                self.view.show_cursor = True
            elif button == keys.B:
                self.game.undo()
                self.app.replace("play", self.game)
                return
        elif button == keys.A:
            finished = getattr(self.app, "finished", None)
            if finished:
                finished(self.game)
            self.app.home()
            return
        self.dirty = True
