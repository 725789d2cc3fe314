"""The end of a game, in stages. A moves on, B goes back a stage:

    MARK       (Go) mark dead groups with A, MENU when done; B takes back the last pass. It
               opens with the groups that most playouts lose marked (Game.mark_estimated)
    BOARD      the board with what was counted drawn on it (territory, dead stones, Loupe's
               counted loops blinking) and each side's total; the d-pad scrolls a window
    TABLE      the whole breakdown, one row a figure (territory, prisoners, komi, values...)
    RESULT     who won and by how much (a resigned game opens here: nothing is counted, B does
               nothing); A plays again (a rematch: the same game, settings and
               players, as the game's Start would), MENU goes back to the main menu
"""

from stones.compat import const
from stones.ui import keys
from stones.ui.board import (
    DEAD,
    HIDE,
    LABEL_W,
    LAND_B,
    LAND_W,
    LOOP,
    BoardView,
    last_stone,
    layout,
    turned,
)
from stones.ui.draw import (
    LINE,
    SMALL_LINE,
    centre,
    columns,
    lines,
    right,
    small,
    title,
    width,
    wrap,
)

MARK = const(0)
BOARD = const(1)
TABLE = const(2)
RESULT = const(3)
_BLINK_MS = const(500)
_B_END = const(90)  # the score table's Black column ends here
_W_MARGIN = const(3)  # White's ends this far from the panel's edge, as a list's values do


class Screen:
    foot = "%s: more"  # the board stage's last line (ui/estimate.py: how to go back), with
    foot_button = "a"  # the board's name for this button in it (the app's legend)

    def __init__(self, app, game):
        self.app = app
        self.game = game
        width, height, self.panel_x, self.panel_y = layout(app.display, game)
        self.view = BoardView(game, 0, 0, width, height, turned(app))
        self.view.show_cursor = False
        stone = last_stone(game)
        if stone:  # a window opens where the game ended
            self.view.goto(stone)
        self.stage = MARK if game.marks_dead else BOARD
        if game.resigned:  # nothing is counted: the result is all there is
            self.stage = RESULT
        if self.stage == MARK:  # the marking opens with the playouts' estimate marked
            self.view.show_cursor = True
            try:
                game.mark_estimated()  # the one estimate: GTP's final_score counts alike
            except MemoryError:  # no room for the estimate's scratch game: mark by hand
                game.mark_dead(game.dead_stones())
            for p in game.dead_stones():
                self.view.marks[p] |= DEAD
        self.result = game.result() if game.resigned else None
        # a linked game (ui/linked.py): the marking is agreed with the other device, and
        # neither side plays on from here alone
        self.link = app.link if "link:" in "".join(app.players.values()) else None
        self.waiting = False  # done marking here, the other side not yet
        self.seen = self.link.changes if self.link is not None else 0
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
            legend = self.app.legend
            again = "%s: rematch" % legend["a"]
            leave = "%s: menu" % legend["menu"]
            foot = fb.height - SMALL_LINE + 1
            one = len(again) + 1 + len(leave) <= columns(fb)  # else the note gives up a line
            note = self.result.note
            if note:
                lines(fb, wrap(note, columns(fb))[:2 if one or self.link else 1], 36)
            if self.link:
                small(fb, "%s: menu" % legend["a"], 0, foot)  # (a linked game: no rematch)
            elif one:
                small(fb, again + " " + leave, 0, foot)
            else:
                small(fb, again, 0, foot - SMALL_LINE)
                small(fb, leave, 0, foot)
            return
        if self.stage == TABLE:
            title(fb, "Score")
            right(fb, "Black", _B_END, LINE + 1)
            right(fb, "White", fb.width - _W_MARGIN, LINE + 1)
            y = LINE + 1 + SMALL_LINE
            for label, black, white in self.result.lines:
                if y > fb.height - SMALL_LINE + 1:
                    break
                small(fb, label, 0, y)
                right(fb, str(black), _B_END, y)
                right(fb, str(white), fb.width - _W_MARGIN, y)
                y += SMALL_LINE
            return
        self.view.draw(fb)
        x = self.panel_x
        y = self.panel_y
        if self.stage == MARK:
            gap = 0 if fb.height >= 96 else 2  # a tall panel's strip has no room to spare
            if self.waiting:
                small(fb, "Waiting", x, y)
                small(fb, "for the", x, y + SMALL_LINE)
                small(fb, "other side", x, y + 2 * SMALL_LINE)
                self.draw_cursor_label(fb)
                return
            small(fb, "Mark dead", x, y)
            row = y + SMALL_LINE + gap
            for key, what in (("a", "group"), ("menu", "done")):
                text = "%s: %s" % (self.app.legend[key], what)
                if width(text) > fb.width - 1 - x:  # a board's longer name: the action under it
                    small(fb, self.app.legend[key] + ":", x, row)
                    row += SMALL_LINE
                    text = " " + what
                small(fb, text, x, row)
                row += SMALL_LINE
            self.draw_cursor_label(fb)
            return
        self.draw_count(fb, x, y)

    def lead(self):
        """The count's result in short: 'B+3.5', 'W+1', or 'Draw' (GTP's '0' says nothing to a
        player)."""
        text = self.result.gtp()
        return "Draw" if text == "0" else text

    def draw_count(self, fb, x, y, heading=""):
        """The board stage's panel from x, y: each side's total, the result and the foot. A
        heading (ui/estimate.py's title) goes first: on a tall panel's strip on the result's
        line, whose place the totals take, else on a line of its own above them."""
        total = self.result.total
        both = "%s B %s W %s" % (total[0], total[1], total[2])
        if fb.height >= 96:  # a strip under the board: one line each
            if heading:
                small(fb, heading + " " + self.lead(), x, y)
                small(fb, both, x, y + SMALL_LINE)
            else:
                small(fb, both, x, y)
                small(fb, self.lead(), x, y + SMALL_LINE)
            small(fb, self.footer(), x, y + 2 * SMALL_LINE)
            return
        if heading:
            small(fb, heading, x, y)
            y += SMALL_LINE
        small(fb, total[0], x, y)
        small(fb, "B %s" % total[1], x, y + SMALL_LINE)
        small(fb, "W %s" % total[2], x, y + 2 * SMALL_LINE)
        small(fb, self.lead(), x, y + 3 * SMALL_LINE + 2)
        small(fb, self.footer(), x, fb.height - SMALL_LINE + 1)

    def footer(self):
        return self.foot % self.app.legend[self.foot_button]

    def draw_cursor_label(self, fb):
        x = fb.width - LABEL_W if fb.height >= 96 else self.panel_x
        y = fb.height - SMALL_LINE + 1
        fb.fill_rect(x, y, LABEL_W, SMALL_LINE - 1, 0)
        self.view.label(fb, self.view.cursor, x, y)

    def tick(self, now):
        link = self.link
        if link is not None and self.stage == MARK and link.changes != self.seen:
            self.seen = link.changes  # the other side marked: the same marks here
            marks = self.view.marks
            for p in self.game.grid.points:
                marks[p] &= ~DEAD
            for p in self.game.dead_stones():
                marks[p] |= DEAD
            self.waiting = self.waiting and link.marks is not None and link.marks[0]
            if self.waiting and link.agreed():
                self.done_marking()
            self.dirty = True
        if not self.blinks or self.stage != BOARD:
            return
        if now - self.blink >= _BLINK_MS:
            self.blink = now
            self.hidden = not self.hidden
            marks = self.view.marks
            for p in self.game.grid.points:
                if marks[p] & LOOP:
                    marks[p] = (marks[p] | HIDE) if self.hidden else (marks[p] & ~HIDE)
                    if self.view.visible(p):  # (a window shows part of the board)
                        self.view.draw_point(self.app.display, p)
            self.shown = True

    def done_marking(self):
        self.stage = BOARD
        self.waiting = False
        self.view.show_cursor = False
        self.count()

    def rematch(self):
        """The game's settings screen, started as its Start does (A on the result)."""
        self.app.home()
        self.app.open("setup", self.game.key).start_new()

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        fb = self.app.display
        # the d-pad marks with the cursor; on a board shown through a window it also scrolls
        # the counted board (the cursor unseen there)
        if button <= keys.RIGHT and (self.stage == MARK
                                     or self.stage == BOARD and self.view.windowed):
            if self.view.move(fb, (0, 0, -1, 1)[button], (1, -1, 0, 0)[button]):
                if self.stage == MARK:
                    self.draw_cursor_label(fb)
                self.shown = True
            return
        if keys.kind(event) != keys.PRESS:
            return
        if self.stage == MARK:
            if button == keys.A:
                p = self.view.cursor
                if self.game.colour(p):
                    self.game.toggle_dead(p)
                    marks = self.view.marks
                    for s in self.game.group(p):
                        marks[s] ^= DEAD
                    if self.link is not None:
                        self.waiting = False
                        self.link.mark(False)
            elif button == keys.MENU and self.link is not None:
                self.link.mark(True)
                self.waiting = not self.link.agreed()
                if not self.waiting:
                    self.done_marking()
            elif button == keys.MENU:
                self.done_marking()
            elif button == keys.B and self.link is None:  # play on: take back the last pass
                self.game.mark_dead([])
                self.game.undo()
                self.app.replace("play", self.game)
                return
        elif self.stage == BOARD:
            if button == keys.A:
                self.stage = TABLE
            elif button == keys.B and self.game.marks_dead and self.link is None:
                self.stage = MARK
                self.view.show_cursor = True
            elif button == keys.B and self.link is None:
                self.game.undo()
                self.app.replace("play", self.game)
                return
        elif self.stage == TABLE:
            if button == keys.A:
                self.stage = RESULT
            elif button == keys.B:
                self.stage = BOARD
        elif button == keys.B and not self.game.resigned:  # (a resignation has no count)
            self.stage = TABLE
        elif button == keys.A or button == keys.MENU:
            then = self.app.home if button == keys.MENU or self.link else self.rematch
            if self.app.finished(self.game, then):
                then()  # else the player is asked first (records full), or told
            return
        self.dirty = True
