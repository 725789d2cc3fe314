"""Drawing helpers on the framebuf API, in two fonts.

The framebuf's own 8x8 font (CHAR wide, rows LINE apart: 16 columns on a 128-pixel line) is kept
for what should read from arm's length: titles, the result. Everything dense (lists, the game
panel, the score table, messages, rules) uses the compact font of ui/font5x7.py: 5x7 glyphs with
descenders in a SMALL x 8 cell, rows SMALL_LINE apart, 21 columns on 128 pixels, as the tiny
handhelds do (Arduboy's 6x8 cell, Thumby's 5x7).

A compact glyph is copied into a preallocated 5x8 framebuf and blitted with a key colour, so
drawing text allocates nothing (pass bytes where even the one-character strings that indexing a
str makes must be avoided). Nothing here cuts a string: what does not fit is a layout bug, which
tests/device/test_fit.py finds on every screen.
"""

from stones.compat import const, micropython
from stones.drivers.fb import framebuf
from stones.ui.font5x7 import FONT

CHAR = const(8)  # the framebuf font is 8x8
LINE = const(10)  # 8x8 rows are 10 pixels apart: 8 for the glyph, 2 to breathe
SMALL = const(6)  # the compact font's advance: 5 pixels of glyph, 1 of space
SMALL_LINE = const(9)  # compact rows: 7 for capitals, 1 for descenders, 1 to breathe
_GLYPH_W = const(5)

ICON_W = const(12)  # the battery icon and the space before it
STATUS = bytearray(1)  # the battery as the app last read it: 0 none, else 1 + its bars (0..4)

_glyph = bytearray(_GLYPH_W)  # one glyph's columns, MONO_VLSB, reused for every character
_glyph_fb = framebuf.FrameBuffer(_glyph, _GLYPH_W, 8, framebuf.MONO_VLSB)


@micropython.native
def small(fb, text, x, y, colour=1):
    """text in the compact font with its top-left corner at (x, y); returns the x after it.
    Only the ink is drawn (the paper shows through), in colour 1 or 0; codes outside 32..126
    draw as '?'. text may be a str or bytes."""
    for c in text:
        glyph(fb, c if type(c) is int else ord(c), x, y, colour)
        x += SMALL
    return x


@micropython.native
def glyph(fb, code, x, y, colour=1):
    """One compact character by its code, allocating nothing."""
    if code < 32 or code > 126:
        code = 63
    i = (code - 32) * _GLYPH_W
    flip = 0 if colour else 0xFF  # colour 0: ink bits cleared, paper bits set and keyed out
    buf = _glyph
    font = FONT
    for k in range(_GLYPH_W):
        buf[k] = font[i + k] ^ flip
    fb.blit(_glyph_fb, x, y, 0 if colour else 1)


def width(text):
    """Pixels the compact font takes for text (no space after the last glyph)."""
    return len(text) * SMALL - 1 if text else 0


def columns(fb, x=0):
    """How many compact characters fit between x and the panel's right edge."""
    return (fb.width - x + 1) // SMALL


def title(fb, text):
    """An inverted bar across the top with the text centred in it: 8x8 where it fits with a
    pixel of the bar on either side (and before the battery icon, where there is one), else
    compact."""
    fb.fill_rect(0, 0, fb.width, LINE - 1, 1)
    end = fb.width - (ICON_W + 1 if STATUS[0] else 1)  # the text ends before the icon
    if len(text) * CHAR < end:
        fb.text(text, min((fb.width - len(text) * CHAR) // 2, end - len(text) * CHAR), 1, 0)
    else:
        small(fb, text, min((fb.width - width(text)) // 2, end - width(text)), 1, 0)
    battery(fb, fb.width - ICON_W + 1, 1, 0)


def battery(fb, x, y, colour=1):
    """The battery icon (11x7: a body with a tip, filled by its bars) if there is a battery."""
    level = STATUS[0]
    if not level:
        return
    fb.rect(x, y, 9, 7, colour)
    fb.fill_rect(x + 9, y + 2, 2, 3, colour)
    fb.fill_rect(x + 2, y + 2, (level - 1) * 5 // 4, 3, colour)  # 0..4 bars: 0..5 pixels


def centre(fb, text, y, colour=1):
    """text centred on the line at y: 8x8 where it fits with a pixel to spare on either side,
    else compact."""
    if len(text) * CHAR < fb.width - 1:
        fb.text(text, (fb.width - len(text) * CHAR) // 2, y, colour)
    else:
        small(fb, text, (fb.width - width(text)) // 2, y, colour)


def right(fb, text, x_end, y, colour=1):
    """Compact text ending at x_end (the last ink column is x_end - 1)."""
    small(fb, text, x_end - width(text), y, colour)


def lines(fb, rows, y=LINE + 2, x=0):
    """Compact rows of text from y down, one per SMALL_LINE."""
    for row in rows:
        small(fb, row, x, y)
        y += SMALL_LINE


def wrap(text, width):
    """Split text into lines of at most width characters, at spaces where possible."""
    out = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class ListView:
    """A scrolling list of rows below a title; the selected row is drawn inverted.

    rows is a list of strings, or of (label, value) pairs drawn as label on the left and value
    on the right, with arrows on the selected row when the value can change (left/right): the
    labels in fixed are read-only rows (a version, the free memory), drawn without them."""

    def __init__(self, rows, selected=0, fixed=()):
        self.rows = rows
        self.selected = selected
        self.fixed = fixed
        self.first = 0

    def move(self, step):
        self.selected = (self.selected + step) % len(self.rows)

    def scroll(self, event):
        """Move the selection on an up/down press or repeat; True if the event was one."""
        from stones.ui import keys

        if keys.pressed(event):
            button = keys.button(event)
            if button == keys.UP or button == keys.DOWN:
                self.move(-1 if button == keys.UP else 1)
                return True
        return False

    def draw(self, fb, top=LINE + 1, bottom=0):
        """The rows that fit from top down to bottom (0: the panel's foot)."""
        bottom = bottom or fb.height
        visible = (bottom - top) // SMALL_LINE
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + visible:
            self.first = self.selected - visible + 1
        y = top
        for i in range(self.first, min(len(self.rows), self.first + visible)):
            row = self.rows[i]
            on = i == self.selected
            if on:
                fb.fill_rect(0, y - 1, fb.width - 2, SMALL_LINE, 1)
            colour = 0 if on else 1
            if isinstance(row, tuple):
                label, value = row
                small(fb, label, 2, y, colour)
                changes = on and label not in self.fixed
                right(fb, "<" + value + ">" if changes else value, fb.width - 3, y, colour)
            else:
                small(fb, row, 2, y, colour)
            y += SMALL_LINE
        if len(self.rows) > visible:  # a scroll bar on the right edge
            h = bottom - top
            bar = max(3, h * visible // len(self.rows))
            pos = top + (h - bar) * self.first // max(1, len(self.rows) - visible)
            fb.vline(fb.width - 1, pos, bar, 1)
