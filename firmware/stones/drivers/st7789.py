"""ST7789 (and ST7735) colour LCDs over SPI showing the app's mono frame, the pages that changed.

The driver has the surface of drivers/ssd1306.py, so a platform swaps it in and the app sees no
difference: it *is* a framebuf.FrameBuffer (MONO_VLSB over `self.buffer`, drawn in C on the
device) of the app's frame, 128x64 or 128x128, with show() (returns the bytes sent),
invalidate(), poweroff(), poweron(), contrast() (the backlight), invert() and rotate(); and,
for the system screen, `palettes` (their names) and palette(index).

Showing. show() keeps a shadow of what the panel holds and sends only the 8-row pages that
differ from it; each changed page gets its own window (CASET, RASET, RAMWR: 11 bytes besides the
pixels) and goes out as RGB565. One page buffer, made in __init__, holds a page's pixels: the
expand loop turns each of its 8 rows of bits into `scale` runs of colour pairs, and the scaled
rows below each are copied from it through views made once, so a frame allocates nothing
(tests/mp/test_heap_hw.py proves it with heap_lock). The expand loop has a viper twin
(drivers/st7789viper.py) where the runtime compiles viper; expand() here stays the reference
(tests/device/test_st7789.py holds them together). The first show() after init or
invalidate() paints the whole panel the palette's background first: the border round the frame.

Geometry. The frame is shown at the largest whole scale that fits, centred: pixels stay square
and lines one pixel wide, so a board's grid never has thick and thin lines. By default the frame
is the one of the app's two (128x64, 128x128) that covers the most of the panel at its scale:

    panel       frame        scale  shown      border (left/right, top/bottom)
    240x240     128x128      1      128x128    56, 56
    240x135     128x128      1      128x128    56, 3 and 4
    320x240     128x64       2      256x128    32, 56
    160x128     128x128      1      128x128    16, 0
    160x80      128x64       1      128x64     16, 8

(128x64 at 2x is 256 wide: more than a 240-wide panel.) A board names `frame` and `scale` to
choose otherwise.

Panels. The controller's RAM is larger than most glass (the ST7789's is 240x320, the
ST7735's 132x162), and where the glass sits in it is the panel's offset. PANELS holds the
offsets of the known panels in their native (portrait) orientation; rotate() works out the
window's offset for each quarter turn from the RAM and glass sizes, the way the vendors'
rotation tables list it (Waveshare's 1.14" module at a quarter turn: columns from 40, rows from
53). A panel not in the table needs its offset given.

Palettes: light on dark, the lit pixel in the first colour, everything else (the border too)
in the second. Changing the palette resends the whole panel.
"""

from stones.compat import const, twin
from stones.drivers.fb import framebuf

_SWRESET = const(0x01)  # software reset: every register to its default
_SLPOUT = const(0x11)  # sleep out: the booster and the oscillator start
_NORON = const(0x13)  # normal display mode (partial mode off)
_INVOFF = const(0x20)
_INVON = const(0x21)  # display inversion on: what IPS ST7789 glass needs for true colours
_DISPOFF = const(0x28)  # panel blank, RAM kept
_DISPON = const(0x29)
_MADCTL = const(0x36)  # + memory access order: MY, MX, MV (rotation), BGR
_COLMOD = const(0x3A)  # + interface pixel format
_RGB565 = const(0x55)  # 16 bits a pixel on the interface and in RAM (the ST7735 reads the low 3)

_MY = const(0x80)  # rows bottom to top
_MX = const(0x40)  # columns right to left
_MV = const(0x20)  # rows and columns exchanged
_BGR = const(0x08)

_RESET_MS = const(150)  # after SWRESET (or the reset pin) before the next command
_WAKE_MS = const(120)  # after SLPOUT: the datasheets' wait before the panel is sure to run
_DIM_FLOOR = const(2048)  # the backlight's least duty (of 65535): dimmed is dim, never dark

# The madctl of each quarter turn, clockwise (the vendors' rotation tables).
_TURNS = (0x00, _MX | _MV, _MX | _MY, _MY | _MV)

# controller: (RAM columns, RAM rows (for a panel given its offset), inverted by default, the
# init between SLPOUT and DISPON as (command, data) pairs). The ST7789 needs nothing there
# (Adafruit's short form); the ST7735's is luma.lcd's st7735 sequence (frame rate, power,
# gamma), with RGB565 for its pixel format.
CONTROLLERS = {
    "st7789": (240, 320, True, ()),
    "st7735": (132, 162, False, (
        (0xB1, b"\x01\x2c\x2d"),  # frame rate, normal mode
        (0xB2, b"\x01\x2c\x2d"),  # idle mode
        (0xB3, b"\x01\x2c\x2d\x01\x2c\x2d"),  # partial mode: dot, then line inversion
        (0xB4, b"\x07"),  # no column inversion
        (0xC0, b"\xa2\x02\x84"),  # power control 1: -4.6 V, auto mode
        (0xC1, b"\xc5"),  # power control 2: VGH
        (0xC2, b"\x0a\x00"),  # power control 3: op-amp current small, boost frequency
        (0xC3, b"\x8a\x2a"),  # power control 4
        (0xC4, b"\x8a\xee"),  # power control 5
        (0xC5, b"\x0e"),  # VCOM
        (0xE0, b"\x0f\x1a\x0f\x18\x2f\x28\x20\x22\x1f\x1b\x23\x37\x00\x07\x02\x10"),  # gamma +
        (0xE1, b"\x0f\x1b\x0f\x17\x33\x2c\x29\x2e\x30\x30\x39\x3f\x00\x07\x03\x10"),  # gamma -
    )),
}

# (controller, native width, native height): where the glass starts in the RAM (column, row),
# upright, and the RAM it is mirrored in (an ST7735 is wired for a RAM of its glass's size, or
# a little larger): the vendors' offsets, Adafruit's for the ST7735 tabs (the 1.44" green tab
# starts 2, 3 mirrored and 2, 1 upright). The 135x240 one is Waveshare's Pico-LCD-1.14.
PANELS = {
    ("st7789", 240, 240): (0, 0, 240, 320),
    ("st7789", 135, 240): (52, 40, 240, 320),
    ("st7789", 240, 320): (0, 0, 240, 320),
    ("st7789", 170, 320): (35, 0, 240, 320),
    ("st7735", 128, 160): (0, 0, 128, 160),  # the black tab (luma.lcd's default)
    ("st7735", 80, 160): (26, 1, 132, 162),
    ("st7735", 128, 128): (2, 1, 132, 132),
}

FRAMES = ((128, 64), (128, 128))  # the app's two layouts (ui/board.py)


def rgb565(r, g, b):
    """The 16-bit colour nearest 8-bit r, g, b."""
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3


# (name, lit colour, background) in 8-bit red, green, blue: the system screen's Colour row,
# in this order.
PALETTES = (
    ("white", (255, 255, 255), (0, 0, 0)),
    ("amber", (255, 176, 0), (0, 0, 0)),
    ("green", (64, 255, 64), (0, 0, 0)),
    ("cyan", (64, 224, 255), (0, 0, 0)),
)


def expand(page, out, width, scale, fg, bg):
    """One page of the frame (width bytes of MONO_VLSB: bit r of byte x is pixel x of row r)
    into out as big-endian RGB565: each row's pixels, each `scale` times, at the start of every
    scale-th row of out (rows width * scale pixels long); the rows between are the caller's."""
    line = width * scale * 2
    fh = fg >> 8
    fl = fg & 0xFF
    bh = bg >> 8
    bl = bg & 0xFF
    for r in range(8):
        i = r * scale * line
        for x in range(width):
            if page[x] >> r & 1:
                hi = fh
                lo = fl
            else:
                hi = bh
                lo = bl
            for _ in range(scale):
                out[i] = hi
                out[i + 1] = lo
                i += 2


def fit(panel_width, panel_height, frame=None, scale=0):
    """(frame width, frame height, scale) shown on a panel: the frame named (else the app's
    frame that covers the most of the panel), at the scale named (else the largest that fits).
    ValueError says what does not fit."""
    if frame is not None and tuple(frame) not in FRAMES:
        raise ValueError("the app draws a 128x64 or a 128x128 frame, not %r" % (frame,))
    if type(scale) is not int or scale < 0:
        raise ValueError("a scale is a whole number (0: the largest that fits), not %r"
                         % (scale,))
    choices = FRAMES if frame is None else (tuple(frame),)
    best = None
    for width, height in choices:
        most = min(panel_width // width, panel_height // height)
        s = scale or most
        if s < 1 or s > most:
            continue
        if best is None or width * height * s * s > best[0] * best[1] * best[2] ** 2:
            best = (width, height, s)
    if best is None:
        width, height = choices[0]
        raise ValueError("a %dx%d frame at %dx does not fit the %dx%d panel"
                         % (width, height, scale or 1, panel_width, panel_height))
    return best


def place(controller, width, height, quarter_turns, offset=None):
    """(column, row): where a width x height panel (as seen, turned quarter_turns clockwise
    from upright) starts in its controller's window addresses; offset (column, row upright)
    for a panel not in PANELS. ValueError names what cannot be placed."""
    if quarter_turns not in (0, 1, 2, 3):
        raise ValueError("the panel rotates by 0 to 3 quarter turns, not %r" % (quarter_turns,))
    ram_columns, ram_rows = CONTROLLERS[controller][:2]
    columns, rows = (width, height) if quarter_turns % 2 == 0 else (height, width)
    if offset is None:
        known = PANELS.get((controller, columns, rows))
        if known is None:
            raise ValueError("no %s panel of %dx%d known: give its offset (column, row)"
                             % (controller, columns, rows))
        column, row, ram_columns, ram_rows = known
    else:
        column, row = offset
    if column < 0 or row < 0 or column + columns > ram_columns or row + rows > ram_rows:
        raise ValueError("a %dx%d panel at %d, %d leaves the %s's %dx%d RAM" % (
            columns, rows, column, row, controller, ram_columns, ram_rows))
    madctl = _TURNS[quarter_turns]
    # Mirrored, an axis of the glass starts that far from the RAM's other end.
    if madctl & _MX:
        column = ram_columns - column - columns
    if madctl & _MY:
        row = ram_rows - row - rows
    if madctl & _MV:  # the window's x runs along the RAM's rows
        column, row = row, column
    return column, row


class ST7789(framebuf.FrameBuffer):
    """ST7789(spi, dc, width=240, height=240, cs=None, rst=None, backlight=None, rotate=0, ...):
    a colour panel of width x height as it is seen (after rotate quarter turns), the app's frame
    on it. spi has write(); dc, cs and rst are output pins (value(level)); backlight is a pin or
    a PWM (duty_u16: contrast() dims it). offset (column, row) is where the glass sits in the
    controller's RAM upright, for a panel not in PANELS; frame, scale choose the frame and its
    scale (fit()); inverted overrides the controller's default inversion; bgr swaps red and
    blue; sleep_ms waits (stones.compat's by default)."""

    controller = "st7789"

    def __init__(self, spi, dc, width=240, height=240, cs=None, rst=None, backlight=None,
                 rotate=0, offset=None, frame=None, scale=0, palette=0, inverted=None, bgr=False,
                 sleep_ms=None):
        inverts, self._setup = CONTROLLERS[self.controller][2:]
        place(self.controller, width, height, rotate, offset)  # a panel it cannot place: said
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.backlight = backlight
        self.panel_width = width
        self.panel_height = height
        self.inverted = inverts if inverted is None else bool(inverted)
        self.bgr = bool(bgr)
        self._offset = offset
        if sleep_ms is None:
            from stones.compat import sleep_ms
        self._wait = sleep_ms
        fw, fh, s = fit(width, height, frame, scale)
        self.width = fw
        self.height = fh
        self.scale = s
        self.pages = pages = fh // 8
        self.left = (width - fw * s) // 2  # the frame's place on the panel
        self.top = (height - fh * s) // 2
        self.buffer = bytearray(pages * fw)
        self.bytes_sent = 0
        self.palettes = tuple(name for name, _, _ in PALETTES)
        self._swapped = False  # invert(): lit pixels in the background colour
        self._level = 255  # contrast(): the backlight's brightness
        self._lit = True
        # What the panel shows, valid only while _synced (the first show() sends all).
        self._shadow = bytearray(pages * fw)
        self._synced = False
        view = memoryview(self.buffer)
        held = memoryview(self._shadow)
        self._page = [view[p * fw:(p + 1) * fw] for p in range(pages)]
        self._held = [held[p * fw:(p + 1) * fw] for p in range(pages)]
        self._blank = bytes(fw)  # a page with nothing lit: the background, for the border
        # One page of pixels: 8 * scale rows of fw * scale colours, two bytes each, and a view
        # of each row, for the copies that scale a row down.
        line = fw * s * 2
        self._pixels = bytearray(8 * s * line)
        pixels = memoryview(self._pixels)
        self._rows = [pixels[k * line:(k + 1) * line] for k in range(8 * s)]
        # The border's fill: the whole panel is so many page buffers and a part of one.
        area = width * height * 2
        self._fills = area // len(self._pixels)
        self._rest = pixels[:area % len(self._pixels)]
        self._command = bytearray(1)
        self._columns = bytearray(4)  # CASET's data: the frame's first and last columns
        self._lines = bytearray(4)  # RASET's data: a page's first and last rows
        self._window = bytearray(4)  # a window's data for clear()
        self._expand = expand
        viper = twin("stones.drivers.st7789viper")
        if viper is not None:
            self._expand = viper.expand
        super().__init__(self.buffer, fw, fh, framebuf.MONO_VLSB)
        self.palette_index = -1
        self.palette(palette)
        self._turn(rotate)
        self.init_display()

    # -- the bus --------------------------------------------------------------------------------

    def _send(self, command, data=None):
        """One command byte (D/C low), then its data (D/C high), in one CS-low stretch."""
        cs = self.cs
        if cs is not None:
            cs.value(0)
        self._command[0] = command
        self.dc.value(0)
        self.spi.write(self._command)
        n = 1
        if data is not None:
            self.dc.value(1)
            self.spi.write(data)
            n += len(data)
        if cs is not None:
            cs.value(1)
        self.bytes_sent += n
        return n

    def _pixels_out(self, data, n):
        """More pixels after a RAMWR (D/C high): n bytes of data."""
        cs = self.cs
        if cs is not None:
            cs.value(0)
        self.dc.value(1)
        self.spi.write(data)
        if cs is not None:
            cs.value(1)
        self.bytes_sent += n
        return n

    # -- set-up -----------------------------------------------------------------------------

    def init_display(self):
        """Reset, the controller's init, the rotation, the whole panel in the background, on."""
        rst = self.rst
        if rst is not None:
            rst.value(1)
            self._wait(1)
            rst.value(0)
            self._wait(1)
            rst.value(1)
        self._send(_SWRESET)
        self._wait(_RESET_MS)
        self._send(_SLPOUT)
        self._wait(_WAKE_MS)
        self._send(_COLMOD, b"\x55")
        self._send(_MADCTL, bytes((self._madctl,)))
        for command, data in self._setup:
            self._send(command, data)
        self._send(_INVON if self.inverted else _INVOFF)
        self._send(_NORON)
        self._synced = False
        self.fill(0)
        self.show()  # the RAM painted before the panel shows it: no power-on noise
        self._send(_DISPON)
        self._light()

    def _turn(self, quarter_turns):
        """The madctl and the window's origin for quarter_turns clockwise from upright."""
        column, row = place(self.controller, self.panel_width, self.panel_height, quarter_turns,
                            self._offset)
        self.quarter_turns = quarter_turns
        self._madctl = _TURNS[quarter_turns] | (_BGR if self.bgr else 0)
        first = column + self.left  # the frame's first column and row in RAM
        self.y0 = row + self.top
        last = first + self.width * self.scale - 1
        cols = self._columns
        cols[0] = first >> 8
        cols[1] = first & 0xFF
        cols[2] = last >> 8
        cols[3] = last & 0xFF
        self._origin = (column, row)

    # -- drawing out --------------------------------------------------------------------------

    def show(self):
        """Send the pages that differ from what the panel shows; return the bytes sent."""
        sent = 0
        if not self._synced:
            sent += self.clear()
        page = self._page
        held = self._held
        synced = self._synced
        for p in range(self.pages):
            if synced and page[p] == held[p]:
                continue
            sent += self._send_page(p)
            held[p][:] = page[p]  # the panel has it now
        self._synced = True
        return sent

    def _send_page(self, p):
        s = self.scale
        first = self.y0 + p * 8 * s
        last = first + 8 * s - 1
        lines = self._lines
        lines[0] = first >> 8
        lines[1] = first & 0xFF
        lines[2] = last >> 8
        lines[3] = last & 0xFF
        sent = self._send(0x2A, self._columns)  # CASET
        sent += self._send(0x2B, lines)  # RASET
        sent += self._send(0x2C)  # RAMWR: the window's pixels follow
        self._paint(self._page[p])
        return sent + self._pixels_out(self._pixels, len(self._pixels))

    def _paint(self, bits):
        """A page of bits into the page buffer, in the palette, scaled."""
        fg = self._fg
        bg = self._bg
        if self._swapped:
            fg, bg = bg, fg
        s = self.scale
        self._expand(bits, self._pixels, self.width, s, fg, bg)
        if s > 1:
            rows = self._rows
            for r in range(8):  # (a range with a variable step would allocate)
                first = r * s
                for k in range(first + 1, first + s):
                    rows[k][:] = rows[first]

    def clear(self):
        """The whole panel in the background colour; return the bytes sent. The next show()
        sends every page."""
        self._synced = False
        column, row = self._origin
        sent = self._span(0x2A, column, self.panel_width)  # CASET
        sent += self._span(0x2B, row, self.panel_height)  # RASET
        sent += self._send(0x2C)  # RAMWR
        self._paint(self._blank)
        pixels = self._pixels
        n = len(pixels)
        for _ in range(self._fills):
            sent += self._pixels_out(pixels, n)
        rest = self._rest
        if len(rest):
            sent += self._pixels_out(rest, len(rest))
        return sent

    def _span(self, command, first, size):
        """CASET or RASET of size pixels from first."""
        window = self._window
        last = first + size - 1
        window[0] = first >> 8
        window[1] = first & 0xFF
        window[2] = last >> 8
        window[3] = last & 0xFF
        return self._send(command, window)

    def invalidate(self):
        """Forget what the panel shows (after resetting it): the next show() sends everything."""
        self._synced = False

    # -- panel settings -----------------------------------------------------------------------

    def palette(self, index):
        """Show the frame in PALETTES[index] (the system screen's Colour); the next show()
        resends the whole panel."""
        if not 0 <= index < len(PALETTES):
            raise ValueError("no palette %r (have 0 to %d)" % (index, len(PALETTES) - 1))
        if index != self.palette_index:
            self.palette_index = index
            lit = PALETTES[index][1]
            dark = PALETTES[index][2]
            self._fg = rgb565(lit[0], lit[1], lit[2])
            self._bg = rgb565(dark[0], dark[1], dark[2])
            self._synced = False

    def invert(self, invert):
        """Lit pixels in the background colour and the rest in the lit one (the border too)."""
        if bool(invert) != self._swapped:
            self._swapped = bool(invert)
            self._synced = False

    def contrast(self, contrast):
        """An LCD has no contrast: the backlight's brightness instead, where it is a PWM."""
        self._level = contrast & 0xFF
        if self._lit:
            self._light()

    def _light(self):
        """The backlight as the power and contrast() say: a PWM at its level, a pin on."""
        light = self.backlight
        if light is None:
            return
        on = self._lit
        if hasattr(light, "duty_u16"):
            light.duty_u16(_DIM_FLOOR + self._level * (65535 - _DIM_FLOOR) // 255 if on else 0)
        else:
            light.value(1 if on else 0)

    def poweroff(self):
        """Blank the panel and switch its backlight off; its RAM, so the shadow, stays."""
        self._send(_DISPOFF)
        self._lit = False
        self._light()

    def poweron(self):
        self._send(_DISPON)
        self._lit = True
        self._light()

    def rotate(self, quarter_turns):
        """0 to 3 quarter turns clockwise from upright (2: upside down); the panel is resent."""
        if quarter_turns not in (0, 1, 2, 3):
            raise ValueError("the panel rotates by 0 to 3 quarter turns, not %r"
                             % (quarter_turns,))
        if (quarter_turns - self.quarter_turns) % 2:
            raise ValueError("a quarter turn would swap the panel's %dx%d: rotate by 0 or 2"
                             % (self.panel_width, self.panel_height))
        self._turn(quarter_turns)
        self._send(_MADCTL, bytes((self._madctl,)))
        self._synced = False


class ST7735(ST7789):
    """The ST7735 (132x162 RAM, its own power and gamma set-up); the same arguments."""

    controller = "st7735"
