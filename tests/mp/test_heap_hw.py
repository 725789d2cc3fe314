"""MicroPython only: the input and display hot paths allocate nothing, proved with heap_lock().

Buttons.poll() runs through debounce, press, repeat, long press and release with the heap locked;
an SSD1306 and an SH1106 draw a frame and show() it (no page changed, one page, a few pages, all
of them) with the heap locked, and so does an ST7789 colour panel at 1x and at 2x (the pages
expanded to RGB565 by its viper loop, the border painted, a palette changed). The buses here
only count: FakeI2C records bytes objects, which allocates, and machine.I2C's writeto/writevto
and machine.SPI's write are C.
"""

import micropython

from stones.drivers.buttons import Buttons
from stones.drivers.memorypanel import MemoryPanel
from stones.drivers.spibus import SpiBus
from stones.drivers.ssd1306 import SH1106, SSD1306
from stones.drivers.st7789 import ST7789
from stones.platforms.fakes import FakeClock, FakeOutPin, FakePin


def _locked(function):
    """function() with the heap locked: any allocation raises MemoryError."""
    micropython.heap_lock()
    try:
        return function()
    finally:
        micropython.heap_unlock()


class CountingBus:
    """writeto/writevto that only count bytes and transfers."""

    def __init__(self):
        self.sent = 0
        self.transfers = 0

    def writeto(self, addr, buf):
        self.sent += len(buf)
        self.transfers += 1

    def writevto(self, addr, bufs):
        for buf in bufs:
            self.sent += len(buf)
        self.transfers += 1


class CountingSPI:
    """write() that only counts bytes, and output pins that only hold their level."""

    def __init__(self):
        self.sent = 0

    def write(self, buf):
        self.sent += len(buf)


class Level:
    def __init__(self):
        self.level = 1

    def value(self, level):
        self.level = level


class ButtonSession:
    """A second of button use: a bouncing d-pad press that repeats, a long press of a, a chord,
    bouncing releases. A method, not a closure: calling a closure over more than five variables
    allocates its argument array on the heap."""

    def __init__(self):
        self.clock = FakeClock(1000)
        self.pins = {}
        for name in ("up", "down", "left", "right", "a", "b", "menu"):
            self.pins[name] = FakePin()
        self.buttons = Buttons(self.pins, self.clock)
        self.counts = bytearray(8)  # events seen, by kind

    def poll_for(self, ms):
        clock = self.clock
        buttons = self.buttons
        counts = self.counts
        for _ in range(ms):  # polling once a millisecond
            clock.advance(1)
            event = buttons.poll()
            while event is not None:
                counts[event >> 3] += 1
                event = buttons.poll()

    def run(self):
        pins = self.pins
        pins["left"].press()
        pins["left"].bounce(7)
        pins["a"].press()
        self.poll_for(1000)
        pins["b"].press()
        pins["left"].release()
        pins["a"].release()
        pins["a"].bounce(5)
        self.poll_for(100)


def test_buttons_poll_allocates_nothing():
    session = ButtonSession()
    _locked(session.run)
    counts = session.counts
    # presses: left, a, b; releases: left, a; one long (a); repeats of left from 400 ms
    assert counts[1] == 3 and counts[2] == 2 and counts[3] == 1 and counts[4] >= 4


class ProfileSession(ButtonSession):
    """The PicoBoy's kind of profile: no MENU pin, B held for MENU, a chord of LEFT and RIGHT
    for UP (no UP pin either): a tap of B, a hold of B, the chord, each polled heap-locked."""

    def __init__(self):
        super().__init__()
        del self.pins["menu"]
        del self.pins["up"]
        self.buttons = Buttons(self.pins, self.clock, long={"b": "menu"},
                               chords={"up": ("left", "right")})

    def run(self):
        pins = self.pins
        pins["b"].press()
        self.poll_for(100)
        pins["b"].release()
        self.poll_for(100)  # a tap: press b, release b
        pins["b"].press()
        self.poll_for(1300)  # press menu, long menu
        pins["b"].release()
        pins["left"].press()
        pins["right"].press()
        self.poll_for(200)  # release menu, press up (the chord)
        pins["left"].release()
        pins["right"].release()
        self.poll_for(100)  # release up


def test_a_board_s_input_profile_polls_allocation_free():
    session = ProfileSession()
    _locked(session.run)
    counts = session.counts
    assert counts[1] == 3 and counts[2] == 3 and counts[3] == 1  # press, release, long


def _frame(display, x):
    display.fill(0)
    display.fill_rect(0, 0, 128, 9, 1)
    display.text("Go 9x9", 40, 1, 0)
    for i in range(9):
        display.hline(34, 12 + 6 * i, 49, 1)
        display.vline(34 + 6 * i, 12, 49, 1)
    display.ellipse(40, 18, 2, 2, 1, True)
    display.rect(x, 27, 7, 7, 1)


def test_ssd1306_draw_and_show_allocate_nothing():
    bus = CountingBus()
    display = SSD1306(128, 64, bus)
    results = [0, 0, 0, 0]  # made before the lock; the frames only store small ints in it

    def frames():
        _frame(display, 31)
        results[0] = display.show()  # the frame itself
        results[1] = display.show()  # nothing changed
        _frame(display, 37)  # the cursor moves one point right: pages 3 and 4 change
        results[2] = display.show()
        display.fill(1)
        display.invalidate()
        results[3] = display.show()  # everything

    _locked(frames)
    assert results[1] == 0
    assert results[2] == 7 + 1 + 2 * 128
    assert results[3] == 1032


def test_sh1106_draw_and_show_allocate_nothing():
    bus = CountingBus()
    display = SH1106(128, 64, bus)
    results = [0, 0, 0]

    def frames():
        _frame(display, 31)
        results[0] = display.show()
        _frame(display, 37)
        results[1] = display.show()
        display.invalidate()
        results[2] = display.show()

    _locked(frames)
    assert results[1] == 2 * (4 + 1 + 128)
    assert results[2] == 8 * 133


def _spi_shows(kind):
    """A frame, a cursor move, single commands and a whole resend over SpiBus, heap locked:
    (the bytes the move put on the wire, what show() counted for it)."""
    spi = CountingSPI()
    display = kind(128, 64, SpiBus(spi, FakeOutPin(), FakeOutPin(), FakeOutPin()))
    results = [0, 0]

    def frames():
        _frame(display, 31)
        display.show()
        _frame(display, 37)
        results[0] = spi.sent
        results[1] = display.show()  # two pages
        results[0] = spi.sent - results[0]
        display.contrast(0x40)  # single commands
        display.invalidate()
        display.show()

    _locked(frames)
    return results


def test_ssd1306_and_sh1106_over_spi_show_allocate_nothing():
    # on the wire: what the I2C transfers carry less their control bytes
    wire, counted = _spi_shows(SSD1306)
    assert wire == counted - 2  # one window, one run of data
    wire, counted = _spi_shows(SH1106)
    assert wire == counted - 4  # two pages, each addressed


def test_memory_panel_show_allocates_nothing():
    panel = MemoryPanel(128, 128)
    results = [0, 0]

    def frames():
        _frame(panel, 31)
        results[0] = panel.show()
        results[1] = panel.show()

    _locked(frames)
    assert results == [1, 0]


def _st7789_frames(width, height, turns, scale):
    spi = CountingSPI()
    display = ST7789(spi, Level(), width, height, cs=Level(), rotate=turns,
                     sleep_ms=lambda ms: None)
    assert display.scale == scale
    page = 11 + 16 * display.width * scale * scale  # a window and a page's pixels
    results = [0, 0, 0, 0, 0]

    def frames():
        _frame(display, 31)
        results[0] = display.show()
        results[1] = display.show()  # nothing changed
        _frame(display, 37)  # pages 3 and 4
        results[2] = display.show()
        display.invalidate()
        results[3] = display.show()  # the border, then every page
        display.palette(2)
        results[4] = display.show()

    _locked(frames)
    assert results[1] == 0
    assert results[2] == 2 * page
    everything = display.pages * page + 11 + width * height * 2  # the border: one window
    assert results[3] == everything and results[4] == everything, (results, everything)


def test_st7789_draw_and_show_allocate_nothing():
    _st7789_frames(240, 240, 0, 1)
    _st7789_frames(320, 240, 1, 2)
