"""The walk behind tests/device/test_fit_*.py: every screen of every game and setting, on both
supported panels (128x64 and 128x128), drawn with every string whole and inside the panel.
Both runtimes: the walk is split over a few test modules so that each MicroPython run holds one
part of it in its Pico-sized heap.

The panel records what is written on it: each 8x8 string (FrameBuffer.text) and each compact
glyph (the blits of ui/draw.py's glyph buffer, read back into characters through the font), put
together into runs. A frame fails if a run leaves the panel, if two runs overlap, or if a string
the screen is meant to show (a setting's label and value, a score line's label, a message) is
not among its runs whole, or if text reaches the panel's last column or, in a title bar, the
battery icon's corner. The walk goes through the menus, every value of every setting, each
board size from the first move to the result (the Estimate on the way), the device thinking,
messages, the komi protocol, replay, the confirmation before a new game and the error screen.
"""

from host_tools.sim.device import Device
from stones.drivers.memorypanel import MemoryPanel
from stones.ui import draw
from stones.ui.font5x7 import FONT


def character(glyph, flip):
    """The code of the compact character whose columns are in glyph (flipped by flip, as
    ui/draw.py draws colour 0), read back from the font without allocating."""
    for code in range(95):
        i = code * 5
        k = 0
        while k < 5 and FONT[i + k] == glyph[k] ^ flip:
            k += 1
        if k == 5:
            return 32 + code
    raise AssertionError("a glyph that is not in the font")


# What the panel records is packed into small ints (a Pico-sized heap must hold it next to the
# device): a glyph is y, x (biased by _BIAS: a string may start left of the panel), its code and
# how many fills came before it; a fill is its x, y, w, h, each biased.
_BIAS = 128


class RecordingPanel(MemoryPanel):
    """A panel that records the text drawn on it while recording: runs() gives (x, y, width,
    text, fills before it) of each string."""

    def __init__(self, width, height):
        super().__init__(width, height)
        self.recording = False
        self.big = []
        self.glyphs = []
        self.fills = []  # what is drawn over text hides it

    def text(self, s, x, y, c=1):
        if self.recording:
            self.big.append((x, y, len(s) * 8, s, len(self.fills)))
        super().text(s, x, y, c)

    def fill_rect(self, x, y, w, h, c):
        if self.recording:
            self.fills.append((((x + _BIAS) << 9 | (y + _BIAS)) << 9 | w) << 9 | h)
        super().fill_rect(x, y, w, h, c)

    def blit(self, source, x, y, key=-1, palette=None):
        if self.recording and source is draw._glyph_fb:
            code = character(draw._glyph, 0xFF if key == 1 else 0)
            self.glyphs.append((((y + _BIAS) << 9 | (x + _BIAS)) << 7 | code) << 16
                               | len(self.fills))
        if palette is None:
            super().blit(source, x, y, key)
        else:
            super().blit(source, x, y, key, palette)

    def runs(self):
        """The strings drawn: 8x8 calls as they are, compact glyphs joined when they follow
        each other on a line (a space leaves a gap of one advance, which also joins)."""
        out = list(self.big)
        glyphs = self.glyphs
        glyphs.sort()  # by y, then x
        i = 0
        while i < len(glyphs):
            g = glyphs[i]
            y = (g >> 32) - _BIAS
            x = (g >> 23 & 511) - _BIAS
            text = chr(g >> 16 & 127)
            order = g & 0xFFFF
            end = x + draw.SMALL
            i += 1
            while i < len(glyphs) and (glyphs[i] >> 32) - _BIAS == y:
                g = glyphs[i]
                gx = (g >> 23 & 511) - _BIAS
                if gx != end and gx != end + draw.SMALL:
                    break
                text += (" " if gx != end else "") + chr(g >> 16 & 127)
                end = gx + draw.SMALL
                order = min(order, g & 0xFFFF)
                i += 1
            out.append((x, y, end - x - 1, text, order))
        return out

    def visible(self, where):
        """The runs not painted over afterwards; AssertionError for one painted over in part
        (a string cut by what was drawn on it)."""
        shown = []
        for x, y, w, text, order in self.runs():
            hidden = False
            for i in range(order, len(self.fills)):
                f = self.fills[i]
                fx = (f >> 27) - _BIAS
                fy = (f >> 18 & 511) - _BIAS
                fw = f >> 9 & 511
                fh = f & 511
                if x < fx + fw and fx < x + w and y < fy + fh and fy < y + 8:
                    if fx <= x and x + w <= fx + fw and fy <= y and y + 8 <= fy + fh:
                        hidden = True
                    else:
                        raise AssertionError("%s: %r is cut by a shape drawn over it"
                                             % (where, text))
            if not hidden:
                shown.append((x, y, w, text))
        return shown


class Walk:
    """A device on a recording panel and the checks of each frame."""

    def __init__(self, height, volts=None):
        self.panel = RecordingPanel(128, height)
        self.device = Device(display=self.panel)
        if volts is not None:  # a cell at volts: the battery icon in every title and panel
            self.device.set_battery(volts)
        self.frames = 0

    def press(self, *names):
        for name in names:
            self.device.press(name)

    def check(self, *expected):
        """Redraw the top screen whole and check its text; expected strings must be drawn
        whole (each inside one run)."""
        panel = self.panel
        app = self.device.app
        panel.big = []
        panel.glyphs = []
        panel.fills = []
        panel.recording = True
        app.top.dirty = True
        app.refresh()
        panel.recording = False
        where = "%s on %dx%d" % (app.top.module_name, panel.width, panel.height)
        runs = panel.visible(where)
        # the text's right margin: never the panel's last column, and in the title bar never
        # the battery icon's corner (nor the column before it) when the icon shows
        bar = (((_BIAS << 9 | _BIAS) << 9 | panel.width) << 9) | (draw.LINE - 1)  # a title
        icon = panel.width - draw.ICON_W - 1 if draw.STATUS[0] and bar in panel.fills \
            else panel.width - 1
        for x, y, w, text in runs:
            assert x >= 0 and y >= 0 and x + w <= panel.width and y + 8 <= panel.height, \
                "%s: %r at (%d, %d) leaves the panel" % (where, text, x, y)
            assert x + w < panel.width, "%s: %r at (%d, %d) runs to the panel's last column" \
                % (where, text, x, y)
            assert y >= draw.LINE - 1 or x + w <= icon, \
                "%s: %r at (%d, %d) runs into the title's battery corner" % (where, text, x, y)
        for i in range(len(runs)):
            x, y, w, text = runs[i]
            for j in range(i + 1, len(runs)):
                x2, y2, w2, text2 = runs[j]
                if x < x2 + w2 and x2 < x + w and y < y2 + 8 and y2 < y + 8:
                    raise AssertionError("%s: %r and %r overlap" % (where, text, text2))
        for want in expected:
            if not any(want in text for _, _, _, text in runs):
                raise AssertionError("%s: %r is not drawn whole (drawn: %r)"
                                     % (where, want, [r[3] for r in runs]))
        self.frames += 1
        return runs

    def select(self, row):
        """Move the top screen's list to the row named row."""
        screen = self.device.app.top
        target = screen.list.rows.index(row)
        while screen.list.selected != target:
            self.press("down" if screen.list.selected < target else "up")

    def check_list(self):
        """Every row of the top screen's list, scrolled through: each row's text (a label and
        its value, as drawn: the system screen's free memory changes as it is drawn) whole."""
        screen = self.device.app.top
        for _ in range(len(screen.list.rows)):
            runs = self.check()
            row = screen.list.rows[screen.list.selected]
            for want in row if isinstance(row, tuple) else (row,):
                assert any(want in text for _, _, _, text in runs), (want, runs)
            self.press("down")


def walk_menus(walk):
    walk.check("Pocket Stones")
    walk.check_list()
    from stones.engine.registry import GAMES

    for i in range(len(GAMES)):
        walk.select("Rules")
        walk.press("a")
        walk.check("Rules")
        for _ in range(i):
            walk.press("down")
        walk.press("a")
        rules = walk.device.app.top
        for _ in range(rules.count // max(1, rules.page_lines(walk.panel)) + 1):
            walk.check()
            walk.press("right")
        walk.press("b")  # back to the main menu
    walk.select("System")
    walk.press("a")
    walk.check("System")
    walk.check_list()
    walk.press("b")


def walk_settings(walk, key):
    """The setup screen with every value of every row shown."""
    from stones.engine.registry import game_class

    cls = game_class(key)
    screen = walk.device.app.top
    walk.check(cls.title, "Start")
    for i in range(1, len(screen.list.rows)):
        walk.press("down")
        label = screen.list.rows[i][0]
        seen = set()
        while screen.list.rows[i][1] not in seen:
            seen.add(screen.list.rows[i][1])
            walk.check(label, "<%s>" % screen.list.rows[i][1])
            walk.press("right")
    for _ in range(len(screen.list.rows) - 1):
        walk.press("up")


def play_some(game, moves):
    """moves legal moves, the first of the legal list each time (deterministic)."""
    for _ in range(moves):
        if game.over:
            return
        legal = game.legal_moves()
        if not legal:
            return
        game.play(legal[len(legal) // 2])


def walk_game(walk, key, size):
    app = walk.device.app
    screen = app.top
    while screen.size != size:
        walk.press("down")
        walk.press("right")
        walk.press("up")
    walk.press("a")  # Start
    if app.top.module_name == "confirm":
        walk.check("New game?", "Start new", "Back", *app.top.text.split())
        walk.press("up", "a")  # (it opens on Back)
    if app.top.module_name == "komi":
        walk.check("Komi: player 1", "A: offer it")
        walk.press("right", "a")
        walk.check("Colour: player 2", "A: take it")
        walk.press("a")
    play = app.top
    game = app.game
    # the running count's label, unless a big overview (15x15 and up) leaves room for the
    # numbers only
    label = game.panel()[0] if play.view.overview_size() <= 28 else "B0 W0"
    walk.check(label)
    play_some(game, 6)
    walk.check(game.panel()[0] if label != "B0 W0" else "B")
    walk.press("up", "left")
    occupied = game.last_move()
    play.view.cursor = occupied
    walk.press("a")  # an occupied point: refused, with its reason
    walk.check(*play.message.split())
    walk.press("b")  # dismiss, then undo
    walk.press("menu")
    walk.check(game.title, "Back to game")
    walk.check_list()
    walk.select("Estimate")
    walk.press("a")
    estimate = app.top
    walk.check("Estimate", estimate.lead())  # (beside an overview: what room allows)
    walk.press("b")
    while not game.over:
        if game.reason(0):  # no pass between a turn's two stones (Loupe): its second first
            play_some(game, 1)
        walk.device.play("pass")
    score = app.top
    if score.stage == 0:  # Go: marking the dead
        walk.check("Mark dead", "A: group", "MENU: done")
        walk.press("menu")
    walk.check("A: more", score.lead())
    walk.press("a")
    walk.check("Score", *[line[0] for line in score.result.lines])
    walk.press("a")
    walk.check("Result", "A: rematch", "MENU: menu", score.result.text())
    walk.press("menu")
    return game


def walk_game_everywhere(key):
    """Every setting and every size of one game, on each panel. Each size starts on a fresh
    device (the one before is let go first): the walk's own bookkeeping shares the Pico-sized
    heap of the MicroPython runs with a 19x19 game."""
    import gc

    from stones.engine.registry import game_class, title

    name = title(key)
    frames = 0
    for height in (64, 128):
        for i, size in enumerate(game_class(key).sizes):
            walk = None
            gc.collect()
            walk = Walk(height)
            walk.select(name)
            walk.press("a")
            if i == 0:
                walk_settings(walk, key)
            walk_game(walk, key, size)
            frames += walk.frames
    return frames


def replay_and_error(height):
    from stones.engine.go.rules import Go

    walk = Walk(height)
    game = Go(19)
    play_some(game, 40)
    game.play(0)
    game.play(0)
    walk.device.app.open("replay", game)
    walk.check("Replay", game.result().gtp())
    walk.press("left")
    walk.check("Replay", "< >")
    walk.device.app.open("error", KeyError("a long reason that takes more than one line"))
    error = walk.device.app.top
    walk.check("Sorry", *error.text.split())  # every word of the wrapped text, whole
    return walk
