"""The game screen: the board, a cursor on the d-pad, A to place, B to undo, MENU for more.

Layout: on a 128x64 panel the board takes the left part (a square for square boards, the
hexagon's width for hex boards) and a narrow panel on the right says whose turn it is, the
numbers that matter for the game, the cursor's point and what went wrong. A 128x128 panel puts
the panel under the board.

A cursor move redraws two point boxes and the point's name and sends only the display pages
that changed (the drivers diff them): nothing is allocated on that path.

A game on a clock (game.clock) shows the times on the panel, and counts them each tick, through
ui/clock.py, which is loaded only then.
"""

from stones.compat import const
from stones.engine.game import MOVE_LIMIT
from stones.ui import keys
from stones.ui.app import AWAKE
from stones.ui.board import LABEL_W, BoardView, last_stone, layout, place_overview, turned
from stones.ui.draw import ICON_W, SMALL, SMALL_LINE, battery, small, wrap

_MESSAGE_MS = const(2500)  # a refused move's reason, a warning
_NOTE_MS = const(1200)  # a pass or a hint told: short, the board is soon seen whole again
BUSY = "Device thinks: MENU plays now"  # what A or B says while the device thinks
_DISC = const(4)  # the turn stone's radius: 9 pixels tall, capitals are 7
_TURN_X = const(2 * _DISC + 3)  # the mover's name starts here, after the stone and a gap
# On a Pico one tick of the device's thinking runs search slices for up to _THINK_MS (at most
# _THINK_SLICES of them) before the app reads the buttons again: fewer ticks a move, so fewer of
# the app loop's idle sleeps and progress-bar redraws, which cost a Pico a large share of the
# search's own time. Elsewhere a tick is one slice (the simulator's clock only moves between ticks).
_THINK_MS = const(100)
_THINK_SLICES = const(4)
# The device resigns (the System screen's Resigns on) when its search gives its best move a win
# rate under _HOPELESS of _RATE_SCALE (the search's values: 512 a sure win) on _HOPELESS_MOVES
# of its moves in a row: a tenth, where its playouts win about one game in ten from here, which
# a human opponent rarely lets slip; several moves in a row so that one unlucky reading (a
# capture it has not yet seen through) does not end a game. Never while fewer than a third of
# the board's points have had a move (_OPENING_PART): early values are noise. In a handicap
# game the side given the stones is expected to look lost for a long time, so the device holds
# on until under _HOPELESS_HANDICAP, a smaller share.
_RATE_SCALE = const(512)
_HOPELESS = const(51)
_HOPELESS_HANDICAP = const(20)
_HOPELESS_MOVES = const(3)
_OPENING_PART = const(3)


class Screen:
    def __init__(self, app, game=None):
        self.app = app
        self.game = game or app.game
        app.game = self.game
        app.tidy()  # a new game: the engines of earlier games go
        fb = app.display
        self.tall = fb.height >= 96
        board_w, board_h, self.panel_x, self.panel_y = layout(fb, self.game)
        self.view = BoardView(self.game, 0, 0, board_w, board_h, turned(app))
        self.view.last = self.game.last_move() or 0
        # a resumed game (or one played on from its score) shows where play stopped
        stone = last_stone(self.game)
        if stone:
            self.view.goto(stone)
        # a board too fine for the panel shows a window of it: its overview goes in the panel,
        # under the turn line (or beside the board on a tall panel)
        self.windowed = self.view.windowed
        # (on a small panel under the turn line, and under "1 of 2" where turns are two)
        place_overview(self.view, fb, self.panel_x,
                       SMALL_LINE * (2 if self.game.stones_per_turn > 1 else 1))
        self.message = None
        self.until = 0
        self.pass_hint = False  # the message is "Hint: pass": A passes while it shows
        self.thinking = None  # an opponent.Thinking while the device (or a hint) is searching
        self.pondering = None  # an opponent.Pondering while a human plays a device (its turn)
        self.bar = -1  # the progress bar's filled width as last sent
        self.paused = False  # the device waits (its thinking was cancelled from the menu)
        # MENU went down while the device thinks: it waits to see whether that is a tap (its
        # release: play now) or a hold (LONG: stop, and the in-game menu)
        self.menu_held = False
        self.hopeless = [0, 0, 0]  # by colour: the device's moves in a row it saw as lost
        self.clock = None  # the game's clock as this screen shows and counts it (ui/clock.py)
        if self.game.clock is not None:
            from stones.ui import clock

            self.clock = clock.Clock(self)
        # a linked game (a player on another device: ui/linked.py), and what of the link was
        # said or seen last
        self.linked = "link:" in "".join(app.players.values())
        self.link_seen = (-1, -1, app.link.changes if app.link is not None else 0)
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
        self.draw_panel(fb, False)
        self.bar = -1
        self.shown = True

    def draw_panel(self, fb, whole=True):
        """The panel beside (or under) the board. Not whole (after a move): a windowed board's
        overview keeps its pixels, where the board's update() has just redrawn the points that
        changed, instead of every point."""
        game = self.game
        x = self.panel_x
        y = self.panel_y
        view = self.view
        beside = self.windowed and not self.tall  # the overview is in this panel
        if beside and not whole:  # clear around the overview: above, below, to its right
            ax, ay = view.overview_at  # pyright: ignore[reportGeneralTypeIssues]  (set: windowed)
            right = ax + view.overview_size()
            below = ay + view.overview_height()
            fb.fill_rect(x, y, fb.width - x, ay - y, 0)
            fb.fill_rect(x, below, fb.width - x, fb.height - below, 0)
            fb.fill_rect(right, ay, fb.width - right, below - ay, 0)
        else:
            fb.fill_rect(x, y, fb.width - x, fb.height - y, 0)
        thinks = self.thinking is not None and not self.thinking.hint
        # beside an overview that starts on the next line, the turn line says "thinks"
        in_turn_line = thinks and beside and game.stones_per_turn == 1
        if game.over:
            small(fb, "Over", x, y)
        else:
            # a stone of the mover's colour, then its name: the stone is taller than a capital
            # and White's has a dot at its heart, so neither reads as a letter (an O)
            fb.ellipse(x + _DISC, y + _DISC, _DISC, _DISC, 1, game.to_move == 1)
            if game.to_move != 1:
                fb.pixel(x + _DISC, y + _DISC, 1)
            if in_turn_line:
                small(fb, self.thinking.doing, x + _TURN_X, y)
            elif self.clock is not None:
                self.clock.draw(fb, x + _TURN_X, y)
            else:
                small(fb, game.COLOUR_NAMES[game.to_move], x + _TURN_X, y)
        if fb.width - x >= _TURN_X + 5 * SMALL + ICON_W:  # room beside the turn (not Loupe 11)
            battery(fb, fb.width - ICON_W + 1, y + 1)
        if thinks and not in_turn_line:
            small(fb, self.thinking.doing, x, y + SMALL_LINE)
        elif game.stones_per_turn > 1 and not game.over:  # which stone of the turn
            size = game.turn_size()
            small(fb, "%d of %d" % (size - game.stones_left() + 1, size), x, y + SMALL_LINE)
        elif self.clock is not None and not beside and not game.over:  # the other's time
            self.clock.label(fb, x, y + SMALL_LINE)
        label, black, white = game.panel()
        if self.tall:
            small(fb, "%s B%d W%d" % (label, black, white), x, y + 2 * SMALL_LINE)
        elif self.windowed:  # the overview fills the middle: the count goes under it
            row = view.overview_at[1] + view.overview_height() + 1
            if row + 2 * SMALL_LINE <= fb.height - SMALL_LINE + 1:  # room for the label too
                small(fb, label, x, row)
                row += SMALL_LINE
            small(fb, "B%d W%d" % (black, white), x, row)
        else:
            row = y + 2 * SMALL_LINE + 2
            small(fb, label, x, row)
            small(fb, "B %d" % black, x, row + SMALL_LINE)
            small(fb, "W %d" % white, x, row + 2 * SMALL_LINE)
        if self.windowed and whole:  # (after a move, the board's update() redrew its changes)
            view.draw_overview(fb)
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
        if self.thinking is not None and not self.thinking.played:  # (a Remote has no bar)
            fb.rect(x, y, width, 3, 1)
            fb.hline(x, y + 1, int(width * self.thinking.progress()), 1)

    def draw_cursor_label(self, fb):
        x = self.panel_x + (fb.width - self.panel_x - LABEL_W if self.tall or self.windowed
                            else 0)
        y = fb.height - SMALL_LINE + 1
        fb.fill_rect(x, y, LABEL_W, SMALL_LINE - 1, 0)
        self.view.label(fb, self.view.cursor, x, y)

    def draw_message(self, fb):
        """The message in a box across the panel, above or below the cursor's row so the point
        it talks about (a hint, a refused move, a reply) stays in view."""
        rows = wrap(self.message, (fb.width - 16) // SMALL)[:4]
        h = len(rows) * SMALL_LINE + 5
        view = self.view
        cursor_y = view.py[view.cursor]
        if cursor_y - view.box_h // 2 - 1 >= h + 2:  # room above the cursor's box
            y = 1
        elif fb.height - (cursor_y + view.box_h // 2 + 2) >= h + 1:  # room below it
            y = fb.height - h - 1
        else:
            y = (fb.height - h) // 2
        fb.fill_rect(4, y, fb.width - 8, h, 0)
        fb.rect(4, y, fb.width - 8, h, 1)
        for i, row in enumerate(rows):
            small(fb, row, 8, y + 3 + i * SMALL_LINE)

    def say(self, text, ms=_MESSAGE_MS):
        self.message = text
        self.pass_hint = False
        self.until = self.app.clock.ticks_ms() + ms
        self.dirty = True

    def passed(self, colour):
        """Tell that colour passed: a pass changes nothing on the board."""
        self.say("%s passes" % self.game.COLOUR_NAMES[colour], _NOTE_MS)

    def on_top(self, now):
        """Uncovered (App): a clock does not count the time another screen was over this."""
        if self.clock is not None:
            self.clock.on_top(now)

    def tick(self, now):
        if self.clock is not None and self.clock.tick(now):
            return  # the flag fell: the result replaces this screen
        if self.linked:
            from stones.ui.linked import watch

            watch(self)  # the link's news: undo asked or answered, lost, back, refused
        if self.thinking is not None:
            if self.menu_held and not self.app.buttons.pressed >> keys.MENU & 1:
                self.play_now()  # let go while another screen was on top (a warning)
            if not self.menu_held:
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
        if self.view.blink_due(self.app.display, now):
            self.shown = True

    # -- buttons --------------------------------------------------------------------------------

    def handle(self, event):
        button = keys.button(event)
        if self.thinking is not None and not self.thinking.hint and button > keys.RIGHT:
            # while the device thinks the d-pad still moves the cursor (the search plays on its
            # own copy of the game); A and B cannot play, and say so rather than go unheard.
            # MENU: a tap makes it play now, a hold stops it and opens the in-game menu; while
            # MENU is down it thinks no further, so that it does not play before the hold tells
            kind = keys.kind(event)
            if button == keys.MENU and kind == keys.PRESS:
                self.menu_held = True
            elif button == keys.MENU and kind == keys.RELEASE and self.menu_held:
                self.play_now()
            elif button == keys.MENU and kind == keys.LONG and self.menu_held:
                self.menu_held = False
                self.thinking = None  # cancel: the device waits until the menu closes
                self.paused = True
                if self.clock is not None:
                    self.app.autosave()  # the clock as it stands: the menu may lead away
                self.app.open("gamemenu", self)
            elif kind == keys.PRESS:
                self.say(self.thinking.busy or BUSY)
            return
        if not keys.pressed(event):
            return
        if self.message and keys.kind(event) == keys.PRESS:
            # any press dismisses a message; B does nothing else (it would take a move back),
            # the others go on to do what they do. A on "Hint: pass" passes.
            self.message = None
            self.dirty = True
            if button == keys.B:
                return
            if button == keys.A and self.pass_hint:
                self.pass_turn()
                return
        fb = self.app.display
        if button <= keys.RIGHT:
            step = self.view.move(fb, (0, 0, -1, 1)[button], (1, -1, 0, 0)[button])
            if step:
                self.view.blink_at = self.app.clock.ticks_ms()
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
            if self.clock is not None:
                self.app.autosave()  # the clock as it stands: the menu may lead away
            self.app.open("gamemenu", self)

    def play_now(self):
        """MENU tapped while the device thinks: it plays at once, with what its search knows."""
        self.menu_held = False
        self.thinking.force()

    def working(self):
        """Whether this screen has pondering to do (the app's loop then does not rest)."""
        pondering = self.pondering
        return (pondering is not None and self.app.power == AWAKE and self.thinking is None
                and pondering.working())

    # -- the computer player --------------------------------------------------------------------

    def maybe_think(self):
        """Start the device's search when it is the device's turn; on a human's turn against
        a device, its pondering (opponent.Pondering), which the ticks step."""
        from stones.ui.opponent import (
            Pondering,
            Remote,
            Thinking,
            device_level,
            ponder_level,
            remote_player,
        )

        game = self.game
        if self.thinking is not None or self.paused or game.over:
            return
        if remote_player(self.app, game.to_move):  # the other device's player: its move comes
            self.pondering = None
            self.thinking = Remote(self.app, game)
            self.redraw_changed()
            return True
        level = device_level(self.app, game.to_move)
        if level:
            self.pondering = None
            self.menu_held = False
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
        if self.clock is not None:
            self.clock.step(thinking)  # short of time, the device plays now
        start = clock.ticks_ms()
        done = thinking.step()
        slices = 1 if self.app.platform == "pico" else _THINK_SLICES
        while (not done and slices < _THINK_SLICES
               and clock.ticks_diff(clock.ticks_ms(), start) < _THINK_MS):
            done = thinking.step()
            slices += 1
        if not done:
            if self.message:
                return  # the box may cover the bar's place: the bar waits for the box to go
            filled = int((fb.width - self.panel_x - 1) * thinking.progress())
            if filled != self.bar:  # the bar is redrawn (and sent) only when a pixel changes
                self.bar = filled
                self.draw_progress(fb)
                self.shown = True
            return
        ended = clock.ticks_ms()
        move = thinking.move()
        self.thinking = None
        if thinking.played:  # the linked player's move, in the game already (ui/linked.py)
            from stones.ui.linked import arrived

            arrived(self)
            return
        if thinking.hint:
            if move:
                self.show(move)
                self.say("Hint: " + self.game.grid.name(move), _NOTE_MS)
            else:
                self.say("Hint: pass\nA passes")
                self.pass_hint = True
            return
        mover = self.game.to_move
        if self.gives_up(thinking, mover):
            self.resign(mover)
            self.app.open("message", "Resigned", "%s (the device) resigns: %s wins."
                          % (self.game.COLOUR_NAMES[mover], self.game.COLOUR_NAMES[3 - mover]))
            return
        if self.game.reason(move):  # never: the search only answers legal moves
            move = 0
        if self.clock is not None and self.clock.tick(clock.ticks_ms()):
            return  # the flag fell first
        self.game.play(move)
        if move:
            self.app.sound("stone")
            self.show(move)  # the reply in view, where the next A press acts
        else:
            self.passed(mover)
        self.after_move()
        if self.pondering is not None:
            self.pondering.step()  # its search begun with the move, before the player's presses
        # what a device move costs after its search (the stone, the save, the drawing): the
        # next one's thinking leaves it room (opponent.Thinking's limit)
        self.app.move_tail = clock.ticks_diff(clock.ticks_ms(), ended)

    def gives_up(self, thinking, colour):
        """Whether the device playing colour resigns now: its search sees the game as lost
        (the constants above), on enough of its moves in a row, past the opening, and the
        Resigns setting is on."""
        game = self.game
        ranked = getattr(thinking.search, "ranked", None)  # (a stand-in search may lack it)
        ranked = ranked() if ranked is not None else None
        value = ranked[0][2] if ranked else _RATE_SCALE
        limit = _HOPELESS_HANDICAP if game.handicap() else _HOPELESS
        hopeless = self.hopeless
        hopeless[colour] = hopeless[colour] + 1 if value < limit else 0
        return (hopeless[colour] >= _HOPELESS_MOVES and self.app.system["resign"]
                and game.count * _OPENING_PART >= game.grid.count)

    def resign(self, colour):
        """colour gives up: the game ends, the other side winning, and the result shows."""
        self.thinking = None
        self.game.resign(colour)
        self.after_move()

    def resigner(self):
        """Who resigns from the menu: the human, whoever is to move against the device."""
        from stones.ui.opponent import device_level, remote_player

        colour = self.game.to_move
        # (a player on the linked device is as far from this menu as the device's)
        away = [device_level(self.app, c) or remote_player(self.app, c) for c in (0, 1, 2)]
        if away[colour] and not away[3 - colour]:
            return 3 - colour
        return colour

    def ask_resign(self):
        """The menu's Resign: asked first, the question opening on playing on."""
        game = self.game
        if game.over:
            return
        colour = self.resigner()
        self.app.open("confirm", "Resign?", "%s resigns: %s wins the game."
                      % (game.COLOUR_NAMES[colour], game.COLOUR_NAMES[3 - colour]),
                      (("Resign", lambda: self.resign(colour)), ("Play on", None)))

    def estimate(self):
        """The menu's Estimate: the count as it stands, over the game (ui/estimate.py)."""
        try:
            self.app.open("estimate", self)
        except MemoryError:  # no room for the copy: play on
            self.say("No room to count now")
            self.resume()

    def show(self, p):
        """Put the cursor on p, scrolling a window to it; the old cursor's box is redrawn now,
        p's with the move (or the whole board, when the window scrolled)."""
        view = self.view
        old = view.cursor
        if view.goto(p):
            self.dirty = True
        else:
            view.draw_point(self.app.display, old)
            view.draw_point(self.app.display, p)
            self.shown = True
        view.blink_at = self.app.clock.ticks_ms()

    def resume(self):
        """Back from the in-game menu: a paused device thinks again."""
        self.paused = False
        self.maybe_think()

    def place(self):
        if self.linked and self.held():
            return
        game = self.game
        p = self.view.cursor
        code = game.reason(p)
        if code:
            self.say("%s: %s" % (game.grid.name(p), game.reason_text(code)))
            self.app.sound("illegal")
            return
        if self.clock is not None and self.clock.tick(self.app.clock.ticks_ms()):
            return  # the flag fell first
        game.play(p)
        self.app.sound("stone")
        self.after_move()

    def pass_turn(self):
        if self.linked and self.held():
            return
        code = self.game.reason(0)
        if code:  # Loupe refuses a pass between the two stones of a turn
            self.say("pass: " + self.game.reason_text(code))
            self.app.sound("illegal")
            return
        if self.clock is not None and self.clock.tick(self.app.clock.ticks_ms()):
            return  # the flag fell first
        mover = self.game.to_move
        self.game.play(0)
        self.passed(mover)
        self.after_move()

    def undo(self):
        """Take back the last move; against the device, back to the human's last turn."""
        from stones.ui.opponent import device_level

        game = self.game
        if self.linked:
            from stones.ui.linked import ask_undo

            ask_undo(self)  # asked of the other player
            return
        if not game.count:
            self.say("Nothing to undo")
            return
        self.thinking = None
        game.undo()
        while game.count and device_level(self.app, game.to_move):
            game.undo()  # the device's replies go too, down to a human's turn
        self.paused = bool(device_level(self.app, game.to_move))  # only devices: wait
        self.after_move(True)

    def held(self):
        """A linked game waits while its link is down: said, True."""
        from stones.ui.linked import held

        return held(self)

    def after_move(self, undo=False):
        """After a move (or an undo): what changed is drawn, the game saved, the device's
        thinking begun, the score opened at the game's end; a clock passes to the side now to
        move (ui/clock.py); a linked game's move goes to the other side."""
        if self.linked and self.app.link is not None:
            self.app.link.moved()  # what this side played goes to the other
        self.pondering = None  # a new position: the next turn's pondering, if any, starts anew
        self.view.last = self.game.last_move() or 0
        if self.clock is not None and not self.game.over:
            self.clock.update(undo)
        self.app.autosave()
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
