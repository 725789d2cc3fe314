"""The game screen: the board, a cursor on the d-pad, A to place, B to undo, MENU for more.

Layout: on a 128x64 panel the board takes the left part (a square for square boards, the
hexagon's width for hex boards) and a narrow panel on the right says whose turn it is, the
numbers that matter for the game, the cursor's point and what went wrong. A 128x128 panel puts
the panel under the board.

A cursor move redraws two point boxes and the point's name and sends only the display pages
that changed (the drivers diff them): nothing is allocated on that path.
"""

from stones.compat import const
from stones.engine.game import MOVE_LIMIT
from stones.ui import keys
from stones.ui.app import AWAKE
from stones.ui.board import LABEL_W, BoardView, layout
from stones.ui.draw import ICON_W, SMALL, SMALL_LINE, battery, small, wrap

_MESSAGE_MS = const(2500)
BUSY = "Device thinks: MENU plays now"  # what A or B says while the device thinks
_BLINK_ON_MS = const(600)  # the cursor outline shows this long, then hides for _BLINK_OFF_MS
_BLINK_OFF_MS = const(250)
# On a Pico one tick of the device's thinking runs search slices for up to _THINK_MS (at most
# _THINK_SLICES of them) before the app reads the buttons again: fewer ticks a move, so fewer of
# the app loop's idle sleeps and progress-bar redraws, which cost a Pico a large share of the
# search's own time. Elsewhere a tick is one slice (the simulator's clock only moves between ticks).
_THINK_MS = const(100)
_THINK_SLICES = const(4)


class Screen:
    def __init__(self, app, game=None):
        self.app = app
        self.game = game or app.game
        app.game = self.game
        app.tidy()  # a new game: the engines of earlier games go
        fb = app.display
        self.tall = fb.height >= 96
        board_w, board_h, self.panel_x, self.panel_y = layout(fb, self.game)
        self.view = BoardView(self.game, 0, 0, board_w, board_h)
        self.view.last = self.game.last_move() or 0
        # a board too fine for the panel shows a window of it: its overview goes in the panel,
        # under the turn line (or beside the numbers on a tall panel)
        self.windowed = self.view.windowed
        if self.windowed:
            at = ((fb.width - self.view.overview_size(), self.panel_y)
                  if self.tall else (self.panel_x, SMALL_LINE))
            # (BoardView starts it at None; the checker takes that for its type)
            self.view.overview_at = at  # pyright: ignore[reportAttributeAccessIssue]
        self.message = None
        self.until = 0
        self.blink_at = 0
        self.thinking = None  # an opponent.Thinking while the device (or a hint) is searching
        self.pondering = None  # an opponent.Pondering while a human plays a device (its turn)
        self.bar = -1  # the progress bar's filled width as last sent
        self.paused = False  # the device waits (its thinking was cancelled from the menu)
        self.dirty = True
        self.shown = False
        self.maybe_think()
        if self.pondering is not None:
            self.pondering.step()  # its search begun before the first frame, not on a press

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, fb):
        self.bar = -1  # the panel is drawn afresh: the next thinking tick draws the bar
        self.view.draw(fb)
        if self.message:  # the box covers the panel: its text is left out, not cut
            self.draw_message(fb)
        else:
            self.draw_panel(fb)

    def redraw_changed(self):
        """After a move (or as the device starts thinking): redraw the boxes it changed and
        the panel, not the whole screen (a placement on a Pico: a few boxes instead of every
        point). A whole redraw stays due if one was already asked for, or a message covers
        the panel."""
        if self.dirty or self.message:
            self.dirty = True
            return
        fb = self.app.display
        self.view.update(fb)
        self.draw_panel(fb)
        self.bar = -1
        self.shown = True

    def draw_panel(self, fb):
        game = self.game
        x = self.panel_x
        y = self.panel_y
        fb.fill_rect(x, y, fb.width - x, fb.height - y, 0)
        if game.over:
            small(fb, "Over", x, y)
        else:
            # a stone of the mover's colour, then its name
            fb.ellipse(x + 3, y + 3, 3, 3, 1, game.to_move == 1)
            small(fb, "Black" if game.to_move == 1 else "White", x + 9, y)
        if fb.width - x >= 9 + 5 * SMALL + ICON_W:  # room beside the turn (not beside Loupe 11)
            battery(fb, fb.width - ICON_W + 1, y + 1)
        if self.thinking is not None and not self.thinking.hint:
            small(fb, "thinks", x, y + SMALL_LINE)
        elif game.stones_per_turn > 1 and not game.over:  # which stone of the turn
            size = game.turn_size
            small(fb, "%d of %d" % (size - game.stones_left + 1, size), x, y + SMALL_LINE)
        label, black, white = game.panel()
        if self.tall:
            small(fb, "%s B%d W%d" % (label, black, white), x, y + 2 * SMALL_LINE)
            if self.windowed:
                self.view.draw_overview(fb)
        elif self.windowed:  # the overview fills the middle: the count goes under it
            row = SMALL_LINE + self.view.overview_size() + 1
            if row + 2 * SMALL_LINE <= fb.height - SMALL_LINE + 1:  # room for the label too
                small(fb, label, x, row)
                row += SMALL_LINE
            small(fb, "B%d W%d" % (black, white), x, row)
            self.view.draw_overview(fb)
        else:
            row = y + 2 * SMALL_LINE + 2
            small(fb, label, x, row)
            small(fb, "B %d" % black, x, row + SMALL_LINE)
            small(fb, "W %d" % white, x, row + 2 * SMALL_LINE)
        self.draw_cursor_label(fb)

    def draw_progress(self, fb):
        """A bar along the panel's foot while the device thinks: how much of its budget is
        spent (MENU makes it play now)."""
        if self.windowed and not self.tall:
            return  # no room beside the overview: the turn line says "thinks"
        if self.tall:  # beside the turn line
            x = 8 * SMALL
            y = self.panel_y + 2
        else:  # above the cursor's name
            x = self.panel_x
            y = fb.height - SMALL_LINE - 4
        width = fb.width - x - (ICON_W + 2 if self.tall else 1)  # (the battery icon's corner)
        fb.fill_rect(x, y, width + 1, 3, 0)
        if self.thinking is not None:
            fb.rect(x, y, width, 3, 1)
            fb.hline(x, y + 1, int(width * self.thinking.progress()), 1)

    def draw_cursor_label(self, fb):
        x = self.panel_x + (fb.width - self.panel_x - LABEL_W if self.tall or self.windowed
                            else 0)
        y = fb.height - SMALL_LINE + 1
        fb.fill_rect(x, y, LABEL_W, SMALL_LINE - 1, 0)
        self.view.label(fb, self.view.cursor, x, y)

    def draw_message(self, fb):
        rows = wrap(self.message, (fb.width - 16) // SMALL)[:4]
        h = len(rows) * SMALL_LINE + 5
        y = (fb.height - h) // 2
        fb.fill_rect(4, y, fb.width - 8, h, 0)
        fb.rect(4, y, fb.width - 8, h, 1)
        for i, row in enumerate(rows):
            small(fb, row, 8, y + 3 + i * SMALL_LINE)

    def say(self, text):
        self.message = text
        self.until = self.app.clock.ticks_ms() + _MESSAGE_MS
        self.dirty = True

    def tick(self, now):
        if self.thinking is not None:
            self.think()
        elif (self.pondering is not None and self.app.power == AWAKE
              and not self.app.buttons.settling()):
            # one short slice, nothing drawn (not while dimmed, nor while a press settles: its
            # frame comes first)
            self.pondering.step()
        if self.message:
            if now - self.until >= 0:
                self.message = None
                self.dirty = True
            return
        view = self.view
        wait = _BLINK_ON_MS if view.blink_on else _BLINK_OFF_MS
        if now - self.blink_at >= wait:
            self.blink_at = now
            view.blink(self.app.display, not view.blink_on)
            self.shown = True

    # -- buttons --------------------------------------------------------------------------------

    def handle(self, event):
        button = keys.button(event)
        if self.thinking is not None and not self.thinking.hint and button > keys.RIGHT:
            # while the device thinks the d-pad still moves the cursor (the search plays on its
            # own copy of the game); A and B cannot play, and say so rather than go unheard
            if button == keys.MENU and keys.kind(event) == keys.PRESS:
                self.thinking.force()  # play now, with what the search knows
            elif button == keys.MENU and keys.kind(event) == keys.LONG:
                self.thinking = None  # cancel: the device waits until the menu closes
                self.paused = True
                self.app.open("gamemenu", self)
            elif keys.kind(event) == keys.PRESS:
                self.say(BUSY)
            return
        if not keys.pressed(event):
            return
        if self.message and keys.kind(event) == keys.PRESS:
            self.message = None  # any press dismisses a message
            self.dirty = True
            if button != keys.A:
                return
        fb = self.app.display
        if button <= keys.RIGHT:
            step = self.view.move(fb, (0, 0, -1, 1)[button], (1, -1, 0, 0)[button])
            if step:
                self.blink_at = self.app.clock.ticks_ms()
                if step == 2:  # the window scrolled: its outline in the overview moved
                    self.view.draw_overview(fb)
                self.draw_cursor_label(fb)
                self.shown = True
            return
        if keys.kind(event) != keys.PRESS:
            return
        if button == keys.A:
            self.place()
        elif button == keys.B:
            self.undo()
        elif button == keys.MENU:
            self.app.open("gamemenu", self)

    def working(self):
        """Whether this screen has pondering to do (the app's loop then does not rest)."""
        pondering = self.pondering
        return (pondering is not None and self.app.power == AWAKE and self.thinking is None
                and pondering.working())

    # -- the computer player --------------------------------------------------------------------

    def maybe_think(self):
        """Start the device's search when it is the device's turn; on a human's turn against
        a device, its pondering (opponent.Pondering), which the ticks step."""
        from stones.ui.opponent import Pondering, Thinking, device_level, ponder_level

        game = self.game
        if self.thinking is not None or self.paused or game.over:
            return
        level = device_level(self.app, game.to_move)
        if level:
            self.pondering = None
            self.thinking = Thinking(self.app, game, level)
            self.redraw_changed()
            return True
        if self.pondering is None:
            level = ponder_level(self.app, game)
            if level:
                self.pondering = Pondering(self.app, game, level)

    def hint(self):
        """Search for the human to move and put the cursor on the suggestion."""
        from stones.ui.opponent import Thinking, level_count

        if self.game.over or self.thinking is not None:
            return
        if self.pondering is not None:
            self.pondering.pause()  # the hint goes on from its tree; it goes on from the hint's
        self.thinking = Thinking(self.app, self.game, level_count(self.game.key), hint=True)
        self.dirty = True

    def think(self):
        thinking = self.thinking
        fb = self.app.display
        clock = self.app.clock
        start = clock.ticks_ms()
        done = thinking.step()
        slices = 1 if self.app.platform == "pico" else _THINK_SLICES
        while (not done and slices < _THINK_SLICES
               and clock.ticks_diff(clock.ticks_ms(), start) < _THINK_MS):
            done = thinking.step()
            slices += 1
        if not done:
            filled = int((fb.width - self.panel_x - 1) * thinking.progress())
            if filled != self.bar:  # the bar is redrawn (and sent) only when a pixel changes
                self.bar = filled
                self.draw_progress(fb)
                self.shown = True
            return
        move = thinking.move()
        self.thinking = None
        if thinking.hint:
            if move:
                self.view.cursor = move
                self.say("Hint: " + self.game.grid.name(move))
            else:
                self.say("Hint: pass")
            return
        if self.game.reason(move):  # never: the search only answers legal moves
            move = 0
        self.game.play(move)
        if move:
            self.app.sound("stone")
        self.after_move()
        if self.pondering is not None:
            self.pondering.step()  # its search begun with the move, before the player's presses

    def resume(self):
        """Back from the in-game menu: a paused device thinks again."""
        self.paused = False
        self.maybe_think()

    def place(self):
        game = self.game
        p = self.view.cursor
        code = game.reason(p)
        if code:
            self.say("%s: %s" % (game.grid.name(p), game.reason_text(code)))
            self.app.sound("illegal")
            return
        game.play(p)
        self.app.sound("stone")
        self.after_move()

    def pass_turn(self):
        code = self.game.reason(0)
        if code:  # Loupe refuses a pass between the two stones of a turn
            self.say("pass: " + self.game.reason_text(code))
            self.app.sound("illegal")
            return
        self.game.play(0)
        self.after_move()

    def undo(self):
        """Take back the last move; against the device, back to the human's last turn."""
        from stones.ui.opponent import device_level

        game = self.game
        if not game.count:
            self.say("Nothing to undo")
            return
        self.thinking = None
        game.undo()
        while game.count and device_level(self.app, game.to_move):
            game.undo()  # the device's replies go too, down to a human's turn
        self.paused = bool(device_level(self.app, game.to_move))  # only devices: wait
        self.after_move()

    def after_move(self):
        self.pondering = None  # a new position: the next turn's pondering, if any, starts anew
        self.view.last = self.game.last_move() or 0
        saver = getattr(self.app, "autosave", None)
        if saver:
            saver()
        if self.game.over:
            self.app.sound("end")
            self.thinking = None
            self.app.search = None  # the tree and its scratch game: scoring needs the room
            self.app.replace("score", self.game)
            code = self.game.reason(0)
            if code == MOVE_LIMIT:  # an end no player chose: say why, over the score screen
                self.app.open("message", "Game over", self.game.reason_text(code)
                              + ": the game ends without a result.")
            return
        if not self.maybe_think():  # (it redraws what changed when the device starts)
            self.redraw_changed()
