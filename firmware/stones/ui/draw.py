"""Drawing helpers on the framebuf API: the 8x8 font gives 16 columns on a 128-pixel line."""

from stones.compat import const

CHAR = const(8)  # the framebuf font is 8x8
LINE = const(10)  # text rows are 10 pixels apart: 8 for the glyph, 2 to breathe


def title(fb, text):
    """An inverted bar across the top with the text centred in it."""
    fb.fill_rect(0, 0, fb.width, LINE - 1, 1)
    fb.text(text, (fb.width - len(text) * CHAR) // 2, 1, 0)


def centre(fb, text, y, colour=1):
    fb.text(text, (fb.width - len(text) * CHAR) // 2, y, colour)


def right(fb, text, x_end, y, colour=1):
    fb.text(text, x_end - len(text) * CHAR, y, colour)


def lines(fb, rows, y=LINE + 2):
    """Rows of text from y down, one per LINE."""
    for row in rows:
        fb.text(row, 0, y, 1)
        y += LINE


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
    on the right with arrows when the value can change (left/right)."""

    def __init__(self, rows, selected=0):
        self.rows = rows
        self.selected = selected
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

    def draw(self, fb, top=LINE + 1):
        visible = (fb.height - top) // LINE
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + visible:
            self.first = self.selected - visible + 1
        y = top
        for i in range(self.first, min(len(self.rows), self.first + visible)):
            row = self.rows[i]
            on = i == self.selected
            if on:
                fb.fill_rect(0, y - 1, fb.width, LINE, 1)
            colour = 0 if on else 1
            if isinstance(row, tuple):
                label, value = row
                text = "<" + value + ">" if on else value
                room = (fb.width - 3) // CHAR - len(text) - 1  # the label gives way to the value
                fb.text(label[:room], 2, y, colour)
                right(fb, text, fb.width - 1, y, colour)
            else:
                fb.text(row, 2, y, colour)
            y += LINE
        if len(self.rows) > visible:  # a scroll bar on the right edge
            h = fb.height - top
            bar = max(3, h * visible // len(self.rows))
            pos = top + (h - bar) * self.first // max(1, len(self.rows) - visible)
            fb.vline(fb.width - 1, pos, bar, 1)
