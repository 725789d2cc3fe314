"""Typing the address of a host to join with the d-pad (docs/link.md, "The network"): four
octets and a port, digit by digit, as 192.168.001.020 and port 04455.

LEFT and RIGHT move the cursor from digit to digit, UP and DOWN turn the digit under it; A joins
at the address (ui/lan.py's join: the join screen calls it, and the settings keep it, so the
next time the editor starts from it), B leaves. An address no host can have is refused by name
and stays on the screen to be mended: check() says what is wrong.
"""

from stones.compat import const
from stones.ui import keys
from stones.ui.draw import CHAR, LINE, SMALL_LINE, columns, lines, small, title, wrap

DIGITS = const(17)  # the octets' twelve, the port's five
_PORT = const(12)  # the port's first digit
START = "192.168.1.2:4455"  # where the editor starts with nothing kept or given


def check(text):
    """text ("192.168.1.20:4455", leading zeros allowed) as a host's address, without them;
    ValueError naming what no host can have."""
    host, colon, port = text.rpartition(":")
    if not colon:
        raise ValueError("no port in %s" % text[:21])
    parts = host.split(".")
    if len(parts) != 4:
        raise ValueError("not four numbers: %s" % host[:21])
    octets = []
    for part in parts:
        if not part.isdigit() or len(part) > 3:
            raise ValueError("%s is not a number" % part[:8])
        if int(part) > 255:
            raise ValueError("%d is over 255" % int(part))
        octets.append(int(part))
    if octets[0] == 0:
        raise ValueError("no host is at 0.x.x.x")
    if octets[0] >= 224:  # (multicast, reserved, broadcast)
        raise ValueError("%d.x.x.x is no host's" % octets[0])
    if not port.isdigit() or len(port) > 5:
        raise ValueError("port %s is no number" % port[:8])
    if not 0 < int(port) < 65536:
        raise ValueError("port %d over 65535" % int(port) if int(port) else "no port 0")
    return "%d.%d.%d.%d:%d" % (octets[0], octets[1], octets[2], octets[3], int(port))


def padded(address):
    """A checked address as the editor shows it: "192.168.001.020:04455"."""
    host, _, port = address.rpartition(":")
    return "%03d.%03d.%03d.%03d:%05d" % tuple([int(p) for p in host.split(".")] + [int(port)])


class Screen:
    def __init__(self, app):
        from stones.ui.lan import given, kept

        self.app = app
        self.dirty = True
        self.shown = False
        self.cursor = 0
        self.problem = ""
        start = START
        for address in (kept(app).get("typed"), given(app)):
            try:
                start = check(address)
                break
            except (ValueError, TypeError, AttributeError):
                pass
        self.text = bytearray(padded(start).encode())

    def address(self):
        return self.text.decode()

    def at(self, digit):
        """The character index of a digit (the dots and the colon skipped)."""
        return digit + digit // 3 if digit < _PORT else digit + 4

    def draw(self, fb):
        title(fb, "Host address")
        text = self.address()
        x = (fb.width - 15 * CHAR) // 2
        self.field(fb, text, 0, x, LINE + 4)
        fb.text("port", x, LINE + 16)
        self.field(fb, text, 16, x + 5 * CHAR, LINE + 16)
        if self.problem:
            rows = ["Refused:"] + wrap(self.problem, columns(fb))
        else:
            rows = ["Left, right: a digit", "Up, down: turn it"]
        lines(fb, rows[:2], LINE + 28)
        legend = self.app.legend
        small(fb, "%s: join %s: leave" % (legend["a"], legend["b"]), 0,
              fb.height - SMALL_LINE + 1)

    def field(self, fb, text, first, x, y):
        """The octets (first 0) or the port (first 16) at x, y; the cursor's digit inverted."""
        end = first + (15 if first == 0 else 5)
        i = self.at(self.cursor)
        if not first <= i < end:
            fb.text(text[first:end], x, y)
            return
        if i > first:
            fb.text(text[first:i], x, y)
        cx = x + (i - first) * CHAR
        fb.fill_rect(cx, y - 1, CHAR, CHAR + 1, 1)
        fb.text(text[i], cx, y, 0)
        if i + 1 < end:
            fb.text(text[i + 1:end], cx + CHAR, y)

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        if button == keys.LEFT or button == keys.RIGHT:
            self.cursor = (self.cursor + (1 if button == keys.RIGHT else -1)) % DIGITS
            self.dirty = True
        elif button == keys.UP or button == keys.DOWN:
            i = self.at(self.cursor)
            digit = self.text[i] - 48 + (1 if button == keys.UP else -1)
            self.text[i] = 48 + digit % 10
            self.problem = ""
            self.dirty = True
        elif keys.kind(event) != keys.PRESS:
            return
        elif button == keys.A:
            try:
                address = check(self.address())
            except ValueError as error:
                self.problem = str(error)
                self.dirty = True
                return
            from stones.ui.lan import join

            app = self.app
            app.back()  # the join screen opens over the list, in this one's place
            join(app, address, True)
        elif button == keys.B:
            self.app.back()
