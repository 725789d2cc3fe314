"""Where every point of a board goes on the panel, and drawing it.

Geometry. Square boards put points `s` pixels apart; hex boards use the staggered lattice of the
rules diagrams: points `dx` apart in a row, rows `dy` apart, each row shifted by dx/2 per step
from the middle row, with (dx, dy) close to (2, sqrt 3) times a unit so the triangles look even.
The spacing is the largest that fits the area; each point owns a box of the spacing's size
around it, and boxes tile the board, so one point can be redrawn alone (cursor moves) without
touching its neighbours.

When the spacing would fall below LEGIBLE pixels (Go 13x13 and 19x19, Loose from 11x11 on a
64-pixel panel), or a hex unit below HEX_ROUND (Loupe 7, 9, 11 and OffShore 6, 7 there), the view
shows a window of the board at a legible spacing that follows the cursor, and the screen puts an
overview of the whole board (2 pixels a point; a hex board a pixel a half step across and a row
down; the window outlined) where it has room for it: view.overview_at = (x, y). Smaller stones
(3x3 squares, or a plus and a hollow diamond on hex boards: what a panel smaller than these gets)
tell black from white by their centre pixel alone, which at 1:1 on a 0.96" panel reads as the
same speck (tests/device/test_stones_legible.py).

Stones (the game's colour(p), never its cell bytes): black filled, white a ring, empty a grid
crossing (square) or a dot (hex). Marks per
point (self.marks) let screens show territory, dead stones and counted loops; the last move has
a dot of the opposite colour (small stones lose a corner pixel instead). The cursor is the
outline of its point's box, which screens blink (blink_on) so the stone under it shows too.

Turned. A view made turned (the device that joined a link: its player sits across the table)
shows the board half turned, each point where the upright view puts its image under the grid's
half turn (Grid.half_turn, one of Grid.image's symmetries: a square board's both mirrors, a
hexagon's three turns of 60 degrees). Everything placed on the panel (the boxes, the edge
lines, the window and the overview) follows from where each point shows, and the cursor steps
in the panel's directions; the names the view writes (label) are the rules' own.

Nothing here allocates after __init__: positions live in arrays, labels are drawn glyph by glyph
from character codes, so a cursor move redraw runs with the heap locked.
"""

from stones.compat import const, octets, zeros
from stones.ui.draw import SMALL, glyph

LEGIBLE = const(6)  # smallest spacing with round stones (radius 2): a ring and a disc
OVERVIEW = const(2)  # pixels per point in the overview

# marks
NONE = const(0)
LAND_B = const(1)  # territory of black (bit 0) / white (bit 1); both bits: both players'
LAND_W = const(2)
DEAD = const(4)
LOOP = const(8)
HIDE = const(16)  # drawn as empty (blinking of counted loops)

_BLINK_ON_MS = const(600)  # the cursor outline shows this long, then hides for _BLINK_OFF_MS
_BLINK_OFF_MS = const(250)
_MOVED = const(32)  # changed points update() takes a batch (a move changes a few)
HEX_ROUND = const(4)  # the smallest hex unit with round stones (boxes 8x7, radius 2)
LABEL_W = const(18)  # room for a point's name: a letter and two digits, 3 compact characters
PANEL_H = const(27)  # a tall panel's strip under the board: three compact rows
_COLUMNS = b"ABCDEFGHJKLMNOPQRST"  # bytes: indexing gives an int, a str would allocate


def layout(fb, game):
    """(board width, board height, panel x, panel y) of a board screen (play, score, replay).
    A 128x64 panel puts the board on the left (a square for square boards and windowed hex
    boards, the hexagon's width for the others) and a text panel of 10 compact columns on the
    right (9 beside a hexagon); a tall panel (128x128) puts a strip of three compact rows under
    the board, and a windowed board's overview at the top right, beside the board."""
    n = game.grid.n
    hexagon = game.grid.kind == "hex"
    if fb.height >= 96:
        w = fb.width
        h = fb.height - PANEL_H - 1
        if hexagon and hex_unit(n, w, h) < HEX_ROUND:
            w -= 4 * n + 2  # the overview (a pixel a half step), its frame and a gap
        elif not hexagon and min(w, h) // n < LEGIBLE:
            w -= n * OVERVIEW + 4
        return w, h, 0, fb.height - PANEL_H
    w = fb.height
    # beside a hexagon, the panel's 9 columns end a pixel before the edge
    if hexagon and hex_unit(n, fb.width - 9 * SMALL - 2, fb.height) >= HEX_ROUND:
        w = fb.width - 9 * SMALL - 2  # the whole hexagon with round stones
    return w, fb.height, w + 2, 0


def place_overview(view, fb, panel_x, top):
    """Put a windowed view's overview where the board screens show it: on a tall panel at its
    top right, beside the board (layout() left it that room), else in the panel beside the
    board at panel_x, top (the screen's lines above it). Nothing for a whole board."""
    if view.windowed:
        # (BoardView starts it at None; the checker takes that for its type)
        view.overview_at = (  # pyright: ignore[reportAttributeAccessIssue]
            (fb.width - view.overview_size(), 0) if fb.height >= 96 else (panel_x, top))


def last_stone(game):
    """The point of the game's last stone placed (passes skipped), or 0: where a window opens
    on a game under way."""
    for i in range(game.count - 1, -1, -1):
        move = game.entry(i)[1]
        if move:
            return move
    return 0


def hex_unit(n, width, height):
    """The largest unit a (points 2a apart in a row, rows round(a * sqrt 3) apart: the true
    proportions of the triangular lattice) at which a hexagon of side n fits the area; 1 at
    least."""
    rows = 2 * n - 1
    a = 1
    while (rows - 1) * _row_step(a + 1) + 2 * (a + 1) - 1 <= height and (
            rows - 1) * 2 * (a + 1) + 2 * (a + 1) - 1 <= width:
        a += 1
    return a


def turned(app):
    """Whether the board screens of app show the board half turned: on the device that joined a
    linked game (its player across from the host's), unless the System screen's Linked board is
    set upright."""
    return "link:join" in app.players.values() and app.system.get("turned", True)


def _row_step(a):
    return max(3, (a * 1732 + 500) // 1000)  # a * sqrt(3), rounded; 3 pixels at the least


class BoardView:
    def __init__(self, game, x, y, width, height, turned=False):
        self.game = game
        grid = game.grid
        self.grid = grid
        # turned: each point's image under the half turn, where it shows (None: upright)
        self.turn = None
        if turned:
            self.turn = zeros(grid.length)
            for p in grid.points:
                self.turn[p] = grid.image(p, grid.half_turn)
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.hex = grid.kind == "hex"
        self.px = zeros(grid.length)
        self.py = zeros(grid.length)
        self.marks = octets(bytes(grid.length))
        # per point: column (square) or row letter index (hex), row from the top (square) or
        # number in its row (hex): the labels and the window need them without divmod tuples
        self.col = octets(bytes(grid.length))
        self.row = octets(bytes(grid.length))
        # hex: the point's column in half steps from the left of the widest row (where the
        # lattice puts it across, and what a window scrolls by)
        self.half = octets(bytes(grid.length if self.hex else 1))
        for p in grid.points:
            shows = p if self.turn is None else self.turn[p]  # its place: the upright one's
            if self.hex:
                q, r = grid.axial(shows)
                self.col[p] = r + grid.radius
                self.row[p] = q - max(-grid.radius, -r - grid.radius) + 1
                self.half[p] = 2 * (q + grid.radius) + r
            else:
                c, r = grid.coords(shows)
                self.col[p] = c
                self.row[p] = grid.n - 1 - r
        # per point: the stone colour its box shows now, and the last move marked, so that
        # update() redraws only the boxes a move changed
        self.drawn = octets(bytes(grid.length))
        self.drawn_last = 0
        self.moved = zeros(_MOVED)  # points an update found changed, a batch at a time
        self.cursor = grid.points[len(grid.points) // 2]
        self.overview_at = None  # (x, y) where a windowed view's overview goes
        self.want_x = 0
        self.last = 0
        self.show_cursor = True
        self.blink_on = True  # the cursor's outline is drawn now (screens blink it)
        self.blink_at = 0  # when it last came on or went off (blink_due)
        self._layout()
        self.want_x = self.px[self.cursor]

    # -- geometry -------------------------------------------------------------------------------

    def _layout(self):
        rows = cols = 2 * self.grid.n - 1 if self.hex else self.grid.n
        if self.hex:
            a = hex_unit(self.grid.n, self.width, self.height)
            self.windowed = a < HEX_ROUND
            if self.windowed:
                a = HEX_ROUND
            self.dx = 2 * a
            self.dy = _row_step(a)
            self.box_w = self.dx
            self.box_h = self.dy
            self.radius = (min(self.box_w, self.box_h) - 2) // 2
            # a window: rows shown (span) and half steps shown across (span_h), from top_row
            # and left_col (for hex boards, a half step)
            halves = 4 * self.grid.n - 3
            self.span = min(rows, self.height // self.dy)
            self.span_h = min(halves, self.width // a - 1)
            self.top_row = (rows - self.span) // 2 if self.windowed else 0
            self.left_col = (halves - self.span_h) // 2 if self.windowed else 0
            self._place()
            return
        else:
            s = min(self.height // rows, self.width // cols)
            self.windowed = s < LEGIBLE
            if self.windowed:
                s = LEGIBLE + 1
            self.dx = self.dy = self.box_w = self.box_h = s
        # a stone leaves its box's edge dark, so neighbouring stones never touch
        self.radius = (min(self.box_w, self.box_h) - 2) // 2
        self.span = min(rows, min(self.width, self.height) // self.box_h)  # shown in a window
        # a window opens on the middle of the board, where the cursor starts
        self.top_row = self.left_col = (rows - self.span) // 2 if self.windowed else 0
        self._place()

    def _place(self):
        """Pixel centre of every point for the current window."""
        grid = self.grid
        px = self.px
        py = self.py
        if self.hex and self.windowed:
            a = self.dx // 2
            ox = self.x + (self.width - (self.span_h + 1) * a) // 2 + a
            oy = self.y + (self.height - self.span * self.dy) // 2 + self.dy // 2
            half = self.half
            row = self.col  # a hex point's row
            for p in grid.points:
                px[p] = ox + (half[p] - self.left_col) * a
                py[p] = oy + (row[p] - self.top_row) * self.dy
        elif self.hex:
            width = (2 * grid.n - 2) * self.dx // 2 * 2 + self.box_w
            height = (2 * grid.n - 2) * self.dy + self.box_h
            ox = self.x + (self.width - width) // 2 + self.box_w // 2
            oy = self.y + (self.height - height) // 2 + self.box_h // 2
            half = self.half  # the column in half steps from the left edge of the widest row
            row = self.col  # a hex point's row
            for p in grid.points:
                px[p] = ox + half[p] * self.dx // 2
                py[p] = oy + row[p] * self.dy
        else:
            shown = self.span if self.windowed else grid.n
            size = shown * self.box_w
            ox = self.x + (self.width - size) // 2 + self.box_w // 2
            oy = self.y + (self.height - size) // 2 + self.box_h // 2
            for p in grid.points:
                px[p] = ox + (self.col[p] - self.left_col) * self.dx
                py[p] = oy + (self.row[p] - self.top_row) * self.dy

    def visible(self, p):
        if not self.windowed:
            return True
        if self.hex:
            half = self.half[p]
            row = self.col[p]
            return (self.left_col <= half < self.left_col + self.span_h
                    and self.top_row <= row < self.top_row + self.span)
        col = self.col[p]
        top = self.row[p]
        return (self.left_col <= col < self.left_col + self.span
                and self.top_row <= top < self.top_row + self.span)

    def _follow(self):
        """Scroll the window so the cursor stays a point away from its edge; True if moved."""
        if not self.windowed:
            return False
        n = self.grid.n
        span = self.span
        if self.hex:  # across in half steps, a point (two) from the edge; rows as below
            col = self.half[self.cursor]
            top = self.col[self.cursor]
            across = self.span_h
            margin = 2
            cols = 4 * n - 3
            rows = 2 * n - 1
        else:
            col = self.col[self.cursor]
            top = self.row[self.cursor]
            across = span
            margin = 1
            cols = rows = n
        left = self.left_col
        first = self.top_row
        if col < left + margin:
            left = col - margin
        elif col > left + across - 1 - margin:
            left = col - across + 1 + margin
        if top < first + 1:
            first = top - 1
        elif top > first + span - 2:
            first = top - span + 2
        left = max(0, min(cols - across, left))
        first = max(0, min(rows - span, first))
        if left == self.left_col and first == self.top_row:
            return False
        if self.hex:  # the column the cursor keeps to moves with the points
            self.want_x -= (left - self.left_col) * (self.dx // 2)
        self.left_col = left
        self.top_row = first
        self._place()
        return True

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, fb):
        if self.windowed:  # (a scrolled hexagon's edge leaves ground no box covers)
            fb.fill_rect(self.x, self.y, self.width, self.height, 0)
        game = self.game
        drawn = self.drawn
        for p in self.grid.points:
            drawn[p] = game.colour(p)  # what update() compares the next moves against
            if self.visible(p):
                self.draw_point(fb, p)
        if self.windowed and self.overview_at:
            self.draw_overview(fb)
        self.drawn_last = self.last

    def update(self, fb):
        """Redraw only what moves changed since the last draw: the boxes whose stone came or
        went (the game's changes() against drawn), and the old and the new last move's. The
        same pixels as draw() over a cleared board while the marks stay as they were (during
        play); a placement redraws a few boxes instead of all of them. drawn is what the
        last draw() or update() showed (a box drawn between them, as for the device's move,
        does not change it), so the points found here are also the ones a windowed view's
        overview redraws, with its outline (the same pixels as draw_overview(); the play
        screen's panel holds the overview and leaves it be after a move)."""
        game = self.game
        drawn = self.drawn
        moved = self.moved
        old = self.drawn_last
        last = self.last
        overview = self.windowed and self.overview_at
        n = _MOVED + 1
        found = False
        while n > _MOVED:  # each batch shown: the next call finds the rest
            n = game.changes(drawn, moved)
            for i in range(n if n < _MOVED else _MOVED):
                p = moved[i]
                colour = drawn[p] = game.colour(p)
                if self.visible(p):  # (out of the window: draw() draws it when it gets there)
                    self.draw_point(fb, p)
                if overview:
                    self._overview_point(fb, p, colour)
                    found = True
                if p == old:
                    old = 0
                if p == last:
                    last = 0
        if found:
            self._window_outline(fb)
        if old and old != last and self.visible(old):
            self.draw_point(fb, old)
        if last and self.visible(last):
            self.draw_point(fb, last)
        self.drawn_last = self.last

    def draw_point(self, fb, p):
        """Redraw the box of point p from scratch."""
        x = self.px[p]
        y = self.py[p]
        w = self.box_w
        h = self.box_h
        left = x - w // 2
        top = y - h // 2
        ground = 0
        ink = 1
        colour = self.game.colour(p)
        fb.fill_rect(left, top, w, h, ground)
        if self.show_cursor and self.blink_on and p == self.cursor:
            self._point(fb, p, colour, x, y, left, top, w, h, ground, ink)
            fb.rect(left, top, w, h, ink)
            return
        self._point(fb, p, colour, x, y, left, top, w, h, ground, ink)

    def _point(self, fb, p, colour, x, y, left, top, w, h, ground, ink):
        mark = self.marks[p]
        if mark & HIDE:
            colour = 0
        r = self.radius
        if colour == 0 or mark & DEAD:
            if self.hex:
                fb.pixel(x, y, ink)
            else:
                self._crossing(fb, p, x, y, left, top, w, h, ink)
            land = mark & 3
            if land:
                self._land(fb, x, y, land, ink)
            if colour == 0:
                return
        if mark & DEAD:  # a dead stone: a small stone of its colour on the crossing
            s = max(1, r // 2)
            if colour == 1:
                fb.fill_rect(x - s, y - s, 2 * s + 1, 2 * s + 1, ink)
            else:
                fb.rect(x - s, y - s, 2 * s + 1, 2 * s + 1, ink)
                if s == 1:
                    fb.pixel(x, y, ground)
            return
        if r >= 2:
            fb.ellipse(x, y, r, r, ink, colour == 1)
            if p == self.last:
                fb.pixel(x, y, ground if colour == 1 else ink)
        elif self.hex:
            # 4x3 boxes on a staggered lattice: 3x3 squares would touch their diagonal
            # neighbours, a plus (black) or a hollow diamond (white) never does
            if colour == 1:
                fb.hline(x - 1, y, 3, ink)
                fb.vline(x, y - 1, 3, ink)
            else:
                fb.pixel(x - 1, y, ink)
                fb.pixel(x + 1, y, ink)
                fb.pixel(x, y - 1, ink)
                fb.pixel(x, y + 1, ink)
            if p == self.last:  # the last move: two of its corners lit as well
                fb.pixel(x - 1, y - 1, ink)
                fb.pixel(x + 1, y + 1, ink)
        else:
            fb.fill_rect(x - 1, y - 1, 3, 3, ink)
            if colour == 2:
                fb.pixel(x, y, ground)
            if p == self.last:  # no room for a dot: knock out the corners
                fb.pixel(x - 1, y - 1, ground)
                fb.pixel(x + 1, y - 1, ground)
                fb.pixel(x - 1, y + 1, ground)
                fb.pixel(x + 1, y + 1, ground)
        if mark & LOOP and r >= 2:
            fb.ellipse(x, y, r - 1, r - 1, ground, False)

    def _crossing(self, fb, p, x, y, left, top, w, h, ink):
        """The grid lines through an empty square point, stopping at the board edge."""
        col = self.col[p]
        row = self.row[p]  # from the top
        n = self.grid.n
        x0 = x if col == 0 else left
        x1 = x if col == n - 1 else left + w - 1
        y0 = y if row == 0 else top
        y1 = y if row == n - 1 else top + h - 1
        fb.hline(x0, y, x1 - x0 + 1, ink)
        fb.vline(x, y0, y1 - y0 + 1, ink)

    def _land(self, fb, x, y, land, ink):
        """Territory: a small square for black's, a small ring for white's, a cross for both."""
        if land == LAND_B:
            fb.fill_rect(x - 1, y - 1, 3, 3, ink)
        elif land == LAND_W:
            fb.rect(x - 1, y - 1, 3, 3, ink)
            fb.pixel(x, y, 1 - ink)
        else:
            fb.pixel(x - 1, y - 1, ink)
            fb.pixel(x + 1, y - 1, ink)
            fb.pixel(x - 1, y + 1, ink)
            fb.pixel(x + 1, y + 1, ink)

    def draw_overview(self, fb):
        """The whole board at 2 pixels a point at overview_at, with the window outlined (a hex
        board: a pixel a half step across and a row down, black stones two pixels wide, white
        one, and the window's outline dotted so that a run of black never reads as it)."""
        ox = self.overview_at[0]
        oy = self.overview_at[1]
        if self.hex:
            fb.fill_rect(ox, oy, 4 * self.grid.n, 2 * self.grid.n + 1, 0)
            fb.rect(ox, oy, 4 * self.grid.n, 2 * self.grid.n + 1, 1)
        else:
            size = self.grid.n * OVERVIEW + 2
            fb.fill_rect(ox, oy, size, size, 0)
            fb.rect(ox, oy, size, size, 1)
        game = self.game
        for p in self.grid.points:
            colour = game.colour(p)  # (a method called, not bound: nothing allocated)
            if colour:
                self._overview_point(fb, p, colour)
        self._window_outline(fb)

    def _overview_point(self, fb, p, colour):
        """Point p with a stone of colour (or none) in the overview, its pixels cleared first
        (a hex board's black stone is two pixels wide, and the next point two on; a square
        board's is a 2x2 square, a white stone its top-left pixel)."""
        x = self.overview_at[0] + 1
        y = self.overview_at[1] + 1
        if self.hex:
            x += self.half[p]
            y += self.col[p]  # a hex point's row
            fb.hline(x, y, 2, 0)
            if colour:
                fb.hline(x, y, 2 if colour == 1 else 1, 1)
            return
        x += self.col[p] * OVERVIEW
        y += self.row[p] * OVERVIEW
        fb.fill_rect(x, y, 2, 2, 1 if colour == 1 else 0)
        if colour == 2:
            fb.pixel(x, y, 1)

    def _window_outline(self, fb):
        """The window's outline in the overview, drawn over the points it crosses."""
        ox = self.overview_at[0] + 1
        oy = self.overview_at[1] + 1
        if self.hex:  # around its points, dotted: a row of black stones is a solid line
            x = ox + self.left_col - 1
            y = oy + self.top_row - 1
            w = self.span_h + 2
            h = self.span + 2
            for i in range(0, w, 2):
                fb.pixel(x + i, y, 1)
                fb.pixel(x + i, y + h - 1, 1)
            for j in range(0, h, 2):
                fb.pixel(x, y + j, 1)
                fb.pixel(x + w - 1, y + j, 1)
        else:
            fb.rect(ox + self.left_col * OVERVIEW, oy + self.top_row * OVERVIEW,
                    self.span * OVERVIEW, self.span * OVERVIEW, 1)

    def overview_size(self):
        """Pixels the overview takes across, its frame included (0 when not windowed)."""
        if not self.windowed:
            return 0
        return 4 * self.grid.n if self.hex else self.grid.n * OVERVIEW + 2

    def overview_height(self):
        """Pixels the overview takes down, its frame included (0 when not windowed)."""
        if not self.windowed:
            return 0
        return 2 * self.grid.n + 1 if self.hex else self.grid.n * OVERVIEW + 2

    # -- the cursor -----------------------------------------------------------------------------

    def move(self, fb, dcol, drow):
        """Move the cursor one step (drow > 0 is up the panel) and redraw what changed.
        Returns 2 when the whole board was redrawn (window scrolled), else 1 (or 0: no move)."""
        old = self.cursor
        new = self._step(old, dcol, drow)
        if new == old:
            return 0
        self.cursor = new
        self.blink_on = True
        if dcol:
            self.want_x = self.px[new]
        if self._follow():
            self.draw(fb)
            return 2
        self.draw_point(fb, old)
        self.draw_point(fb, new)
        return 1

    def goto(self, p):
        """Put the cursor on point p (a reply, a hint, the last move of a resumed game) with its
        outline shown; a window follows it. Draws nothing: True when the window scrolled (the
        whole board is to be drawn again), else the caller redraws the old cursor's box and
        p's."""
        self.cursor = p
        self.blink_on = True
        scrolled = self._follow()
        self.want_x = self.px[p]
        return scrolled

    def blink(self, fb, on):
        """Show or hide the cursor's outline (one box redrawn)."""
        self.blink_on = on
        self.draw_point(fb, self.cursor)

    def blink_due(self, fb, now):
        """Blink the cursor's outline, on for a while and off for less, counted from blink_at
        (a screen sets it to the time it shows the outline afresh). True when its box was
        redrawn."""
        if now - self.blink_at < (_BLINK_ON_MS if self.blink_on else _BLINK_OFF_MS):
            return False
        self.blink_at = now
        self.blink(fb, not self.blink_on)
        return True

    def _step(self, p, dcol, drow):
        """The point one step from p in the panel's directions (drow > 0 is up the panel)."""
        grid = self.grid
        on = grid.degree  # 0 off the board
        turn = self.turn
        if not self.hex:  # the point shown there: the upright one's, or its image turned
            n = grid.n
            q = grid.index((self.col[p] + dcol) % n, (n - 1 - self.row[p] + drow) % n)
            return q if turn is None else turn[q]
        if turn is not None:  # the rules' rows and columns run the other way on the panel
            dcol = -dcol
            drow = -drow
        if dcol:
            q = p + dcol
            if not on[q]:  # off the row's end: wrap to its other end
                q = p
                while on[q - dcol]:
                    q -= dcol
            return q
        # up (drow > 0) means the row above: r - 1, neighbours (q, r-1) and (q+1, r-1)
        w = grid.stride
        a = p - w if drow > 0 else p + w - 1  # the left one of the two
        b = a + 1
        if not on[a]:
            return p if not on[b] else b
        if not on[b]:
            return a
        # both exist: keep to the column the cursor last moved along (ties go right on the
        # panel: b, or a turned)
        da = abs(self.px[a] - self.want_x)
        db = abs(self.px[b] - self.want_x)
        if da == db:
            return a if turn is not None else b
        return a if da < db else b

    def label(self, fb, p, x, y, colour=1):
        """The point's name (D5, d4) at x, y in the compact font without allocating: at most 3
        characters, LABEL_W pixels."""
        if self.turn is not None:
            p = self.turn[p]  # (its image holds p's own row and column: the turn undoes itself)
        if self.hex:
            glyph(fb, 97 + self.col[p], x, y, colour)
            number = self.row[p]
        else:
            glyph(fb, _COLUMNS[self.col[p]], x, y, colour)
            number = self.grid.n - self.row[p]
        if number >= 10:
            glyph(fb, 48 + number // 10, x + SMALL, y, colour)
            x += SMALL
        glyph(fb, 48 + number % 10, x + SMALL, y, colour)
