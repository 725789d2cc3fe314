"""Scrollable rules pages, read from the rule texts shipped in stones/help/<game>.txt.

The text is never held whole: opening it reads the file a paragraph at a time and records where
each wrapped line starts (an array of offsets, two bytes a line); each page reads just its lines.
No allocation is larger than a paragraph, which matters in a fragmented heap. Up/down scroll a
line, left/right a page, B goes back. Without a game named, a list of the games comes first. A
game shipped without a rules text gets a page saying so, by its name.
"""

from stones.compat import const, zeros
from stones.engine import registry
from stones.ui import keys
from stones.ui.draw import LINE, SMALL_LINE, ListView, columns, lines, small, title, wrap

_WIDTH = const(20)  # compact characters a line: 21 fit, one column is left for the scroll bar


def help_path(key):
    here = __file__.replace("\\", "/")
    return here[: here.rfind("/ui/")] + "/help/" + key + ".txt"


def open_text(path, key):
    """The rule text as an open file: the file beside the code, or, where the app is frozen into
    the firmware (no files beside it), the module stones.help.<key> its manifest made of it."""
    try:
        return open(path)
    except OSError:  # MicroPython's StringIO is a context manager too (its stubs leave that out)
        from io import StringIO

        return StringIO(__import__("stones.help." + key, None, None, ("TEXT",)).TEXT)


def line_starts(text, width=_WIDTH, base=0):
    """Offsets (plus base) in text where each wrapped line begins; lines break at spaces and
    newlines. The offset after the text is not included."""
    starts = []
    i = 0
    n = len(text)
    while i < n:
        starts.append(base + i)
        end = text.find("\n", i)
        if end < 0:
            end = n
        if end - i <= width:
            i = end + 1
            continue
        cut = text.rfind(" ", i, i + width + 1)
        i = cut + 1 if cut > i else i + width
    return starts


def file_line_starts(handle, width=_WIDTH):
    """line_starts over a file read a paragraph (one text line) at a time; the last entry is
    the file's length. The rule texts are ASCII, so characters and bytes agree."""
    starts = []
    offset = 0
    while True:
        paragraph = handle.readline()
        if not paragraph:
            break
        starts.extend(line_starts(paragraph, width, offset))
        offset += len(paragraph)
    starts.append(offset)
    return starts


class Screen:
    def __init__(self, app, key=None):
        self.app = app
        self.key = key
        self.list = ListView([entry[1] for entry in registry.GAMES]) if key is None else None
        self.dirty = True
        self.shown = False
        if key is not None:
            self.open(key)

    def open(self, key):
        self.key = key
        self.path = help_path(key)
        self.title = registry.title(key)
        try:
            with open_text(self.path, key) as handle:  # pyright: ignore[reportGeneralTypeIssues]
                starts = file_line_starts(handle)
        except (OSError, ImportError):  # a game shipped without a rules text: say so
            self.path = None
            starts = [0]
        self.starts = zeros(len(starts))
        for i, s in enumerate(starts):
            self.starts[i] = s
        self.count = len(starts) - 1
        self.first = 0

    def page_lines(self, fb):
        return (fb.height - LINE - 1) // SMALL_LINE

    def draw(self, fb):
        if self.key is None:
            title(fb, "Rules")
            self.list.draw(fb)
            return
        title(fb, self.title)
        if self.path is None:
            lines(fb, wrap("No rules text for %s." % self.title, columns(fb)))
            return
        shown = self.page_lines(fb)
        first = self.first
        with open_text(self.path, self.key) as handle:  # pyright: ignore[reportGeneralTypeIssues]
            handle.seek(self.starts[first])
            chunk = handle.read(self.starts[min(self.count, first + shown)] - self.starts[first])
        y = LINE + 1
        base = self.starts[first]
        for i in range(first, min(self.count, first + shown)):
            row = chunk[self.starts[i] - base: self.starts[i + 1] - base].rstrip("\n").strip()
            small(fb, row, 0, y)
            y += SMALL_LINE
        if self.count > shown:  # scroll bar
            h = fb.height - LINE - 1
            bar = max(3, h * shown // self.count)
            pos = LINE + 1 + (h - bar) * first // max(1, self.count - shown)
            fb.vline(fb.width - 1, pos, bar, 1)

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        if self.key is None:
            if button in (keys.UP, keys.DOWN):
                self.list.move(-1 if button == keys.UP else 1)
            elif keys.kind(event) == keys.PRESS and button == keys.A:
                self.open(registry.GAMES[self.list.selected][0])
            elif keys.kind(event) == keys.PRESS and button == keys.B:
                self.app.back()
                return
            else:
                return
            self.dirty = True
            return
        shown = self.page_lines(self.app.display)
        last = max(0, self.count - shown)
        step = {keys.UP: -1, keys.DOWN: 1, keys.LEFT: -shown, keys.RIGHT: shown}.get(button)
        if step is not None:
            first = max(0, min(last, self.first + step))
            if first != self.first:
                self.first = first
                self.dirty = True
        elif keys.kind(event) == keys.PRESS and button in (keys.B, keys.MENU, keys.A):
            self.app.back()
