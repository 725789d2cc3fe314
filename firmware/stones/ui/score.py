"""The end of a game, in stages. A moves on, B goes back a stage:

    MARK       (Go) mark dead groups with A, MENU when done; B takes back the last pass
    BOARD      the board with what was counted drawn on it (territory, dead stones, Loupe's
               counted loops blinking) and each side's total
    TABLE      the whole breakdown, one row a figure (territory, prisoners, komi, values...)
    RESULT     who won and by how much, then back to the menu
"""

from stones.compat import const
from stones.ui import keys
from stones.ui.board import DEAD, HIDE, LAND_B, LAND_W, LOOP, BoardView
from stones.ui.draw import CHAR, LINE, centre, lines, title, wrap

MARK = const(0)
BOARD = const(1)
TABLE = const(2)
RESULT = const(3)
_BLINK_MS = const(500)


_SHORT = {"Territory": "Terr.", "Prisoners": "Captured"}  # labels longer than 8 columns


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.game = game
        fb = app.display
        width = fb.width - 7 * CHAR if fb.height < 96 else fb.width
        height = fb.height if fb.height < 96 else fb.height - 4 * LINE
        self.view = BoardView(game, 0, 0, width, height)
        self.view.show_cursor = False
        self.stage = MARK if game.marks_dead else BOARD
        if self.stage == MARK:
            self.view.show_cursor = True
        self.result = None
        self.blinks = False  # counted loops on the board: they blink
        self.blink = app.clock.ticks_ms()  # the counted loops show first, then blink
        self.hidden = False
        self.dirty = True
        self.shown = False
        if self.stage == BOARD:
            self.count()

    def count(self):
        """Score the game and put what was counted onto the board's marks."""
        game = self.game
        marks = self.view.marks
        for p in game.grid.points:
            marks[p] = 0
        self.result = game.result()
        (black, white), dead, loops = game.counted()
        for points, mark in ((black, LAND_B), (white, LAND_W), (dead, DEAD), (loops, LOOP)):
            for p in points:
                marks[p] |= mark
        self.blinks = bool(loops)

    def draw(self, fb):
        if self.stage == RESULT:
            title(fb, "Result")
            centre(fb, self.result.text(), 24)
            note = self.result.note
            if note:
                lines(fb, wrap(note, 16)[:2], 36)
            fb.text("A: menu", 0, fb.height - 8, 1)
            return
        if self.stage == TABLE:
            title(fb, "Score")
            fb.text("B   W", 11 * CHAR, LINE + 1, 1)
            y = 2 * LINE + 1
            for label, black, white in self.result.lines:
                if y > fb.height - CHAR:
                    break
                label = _SHORT.get(label, label)
                fb.text("%-8s%4s%4s" % (label[:8], black, white), 0, y, 1)
                y += LINE
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
        total = self.result.total
        fb.text(total[0][:7], x, y, 1)
        fb.text("B %s" % total[1], x, y + LINE, 1)
        fb.text("W %s" % total[2], x, y + 2 * LINE, 1)
        fb.text(self.result.gtp()[:7], x, y + 4 * LINE, 1)
        fb.text("A: more", x, fb.height - 8, 1)

    def tick(self, now):
        if not self.blinks or self.stage != BOARD:
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
                self.stage = BOARD
                self.view.show_cursor = False
                self.count()
            elif button == keys.B:  # play on: take back the last pass
                self.game.undo()
                self.app.replace("play", self.game)
                return
        elif self.stage == BOARD:
            if button == keys.A:
                self.stage = TABLE
            elif button == keys.B and self.game.marks_dead:
                self.stage = MARK
                self.view.show_cursor = True
            elif button == keys.B:
                self.game.undo()
                self.app.replace("play", self.game)
                return
        elif self.stage == TABLE:
            if button == keys.A:
                self.stage = RESULT
            elif button == keys.B:
                self.stage = BOARD
        elif button == keys.B:
            self.stage = TABLE
        elif button == keys.A:
            finished = getattr(self.app, "finished", None)
            if finished:
                finished(self.game)
            self.app.home()
            return
        self.dirty = True
