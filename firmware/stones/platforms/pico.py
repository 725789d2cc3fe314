"""Raspberry Pi Pico backend: machine.Pin buttons and an SSD1306/SSD1309/SH1106 on I2C or SPI,
or an ST7789/ST7735 colour panel on SPI.

make_pico(config) reads the same config shape as stones.platforms.pi.make_pi, with Pico GP numbers:

    {"buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7, "menu": 8},
     "display": {"driver": "ssd1306", "port": 0, "sda": 16, "scl": 17, "address": 60,
                 "width": 128, "height": 64, "rotate": 0, "freq": 400000},
     "input": {"hold_ms": 600, ...}}                  optional Buttons timings

"port" (or "bus", as hardware/boards/pico.json has it) is the I2C block, 0 or 1; without "sda"/"scl"
the board's default pins for it are used. Buttons are wired from the GP pin to ground with the
internal pull-up on, so a pressed button reads 0 (Buttons' active low); "button_pull": "down"
selects the pull-down and active-high wiring instead.

A panel on SPI says "interface": "spi", with "bus" the SPI block (0 or 1), "sck" and "mosi" its
pins, "cs", "dc" and "rst" (or null: RES tied high) plain GPIO outputs, and "freq" the SPI clock
in Hz (default 8 MHz): stones.drivers.spibus.SpiBus carries the same driver over it, after a
reset pulse. A colour panel ("driver": "st7789" or "st7735", always on SPI) names the same
pins and its "backlight" (a PWM pin, or null), its "width" and "height" as seen and "rotate"
(0 to 3 quarter turns); "offset", "frame", "scale", "inverted" and "bgr" as
stones.drivers.st7789.ST7789 takes them. A map may leave buttons out (a ready-made board lists
them under "missing"): those buttons are never pressed. A button may be "bootsel": the BOOTSEL
button (BootselPin over rp2.bootsel_button()); "input" may hold an input profile (Buttons' long=
and chords=: one button held, or two together, press one the board lacks). `machine` is
imported inside make_pico, so importing this module touches no pin and works on any runtime.
"""

from stones.compat import const

_FREQ = const(400_000)  # I2C fast mode: a whole 1 KB frame in ~23 ms, one page in ~3 ms
_SPI_FREQ = const(8_000_000)  # SPI: within what the SSD1306 and SH1106 datasheets allow
_BACKLIGHT_HZ = const(1000)  # a colour panel's backlight PWM: no flicker, no audible whine
_LCDS = ("st7789", "st7735")  # stones.drivers.st7789's panels


def make_uart(link):
    """The machine.UART of a link's cable (boot.py wraps it in stones.link.pipes.UartPipe) from
    the pin map's "link" entry: {"uart": 0, "tx": 12, "rx": 13, "baud": 115200}; TX goes to the
    other device's RX, RX to its TX, and the grounds are joined."""
    from machine import UART, Pin

    block = link.get("uart", 0)
    return UART(block, baudrate=link.get("baud", 115200), tx=Pin(link["tx"]), rx=Pin(link["rx"]))


def make_usb():
    """What a link over the Pico's own USB serial needs (a map's "link": {"usb": true}; boot.py
    wraps them in stones.link.pipes.UsbPipe): the console's stdin and stdout as bytes, a poll
    of stdin, and micropython.kbd_intr (Ctrl-C off while the link owns the console)."""
    import select
    import sys

    import micropython

    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    return sys.stdin.buffer, sys.stdout.buffer, poller, micropython.kbd_intr


def make_pico(config, clock=None):
    """(Buttons, display driver) for a Pico; clock defaults to stones.compat's ticks."""
    from machine import I2C, Pin

    from stones import compat
    from stones.drivers.buttons import Buttons
    from stones.drivers.ssd1306 import SH1106, SSD1306, SSD1309

    # "button_pull": "up" (the default: button to ground) or "down" (button to 3.3 V).
    pull_up = config.get("button_pull", "up") == "up"
    pins = {}
    for name, number in config["buttons"].items():
        if number == "bootsel":
            import rp2

            pins[name] = BootselPin(rp2.bootsel_button, pull_up)
        else:
            pins[name] = Pin(number, Pin.IN, Pin.PULL_UP if pull_up else Pin.PULL_DOWN)
    display = config["display"]
    drivers = {"ssd1306": SSD1306, "ssd1309": SSD1309, "sh1106": SH1106}
    driver = display.get("driver", "ssd1306")
    if driver not in drivers and driver not in _LCDS:
        raise ValueError("no Pico driver for display %r (have: %s)"
                         % (driver, ", ".join(sorted(tuple(drivers) + _LCDS))))
    buttons = Buttons(pins, clock or compat, active_low=pull_up, **config.get("input", {}))
    if driver in _LCDS:
        return buttons, colour_panel(display, driver)
    rotate = display.get("rotate", 0)
    if rotate not in (0, 2):
        raise ValueError("the panel rotates by 0 or 2 quarter turns, not %r" % rotate)
    block = display.get("port", display.get("bus", 0))  # hardware/boards/pico.json says "bus"
    if display.get("interface") == "spi":
        bus = spi_bus(display, block, clock or compat)
    else:
        freq = display.get("freq", _FREQ)
        if "sda" in display and "scl" in display:
            bus = I2C(block, sda=Pin(display["sda"]), scl=Pin(display["scl"]), freq=freq)
        else:
            bus = I2C(block, freq=freq)
    panel = drivers[driver](display.get("width", 128), display.get("height", 64), bus,
                            addr=display.get("address", 0x3C))
    if rotate:
        panel.rotate(rotate)
    return buttons, panel


class BootselPin:
    """The RP2040's BOOTSEL button as a pin, read through read() (rp2.bootsel_button: 1 while
    held): its value() reads as the board's other buttons do, 0 while held when they pull up."""

    def __init__(self, read, active_low=True):
        self._read = read
        self._held = 0 if active_low else 1

    def value(self):
        return self._held if self._read() else 1 - self._held


def colour_panel(display, driver):
    """An ST7789 or ST7735 (stones.drivers.st7789) on the map's SPI block and pins: CS, DC, RST
    as outputs, the backlight a PWM (its brightness is the Contrast row) or none; the driver
    resets and initialises the panel itself."""
    from machine import PWM, SPI, Pin

    from stones.drivers.st7789 import ST7735, ST7789

    spi = SPI(display.get("bus", 0), baudrate=display.get("freq", _SPI_FREQ), polarity=0,
              phase=0, sck=Pin(display["sck"]), mosi=Pin(display["mosi"]), miso=None)
    cs = display.get("cs")
    rst = display.get("rst")
    light = display.get("backlight")
    backlight = None
    if light is not None:
        backlight = PWM(Pin(light, Pin.OUT))
        backlight.freq(_BACKLIGHT_HZ)
        backlight.duty_u16(0)  # dark until the panel holds its first picture
    offset = display.get("offset")
    frame = display.get("frame")
    kind = ST7735 if driver == "st7735" else ST7789
    return kind(spi, Pin(display["dc"], Pin.OUT),
                display.get("width", 240), display.get("height", 240),
                cs=None if cs is None else Pin(cs, Pin.OUT, value=1),
                rst=None if rst is None else Pin(rst, Pin.OUT, value=1),
                backlight=backlight, rotate=display.get("rotate", 0),
                offset=None if offset is None else tuple(offset),
                frame=None if frame is None else tuple(frame), scale=display.get("scale", 0),
                inverted=display.get("inverted"), bgr=display.get("bgr", False))


def spi_bus(display, block, clock):
    """The SPI panel's bus: machine.SPI on the map's SCK and MOSI (no MISO: the panel only
    listens), CS, DC and RES as outputs, the panel reset; a SpiBus the drivers write to."""
    from machine import SPI, Pin

    from stones.drivers.spibus import SpiBus

    spi = SPI(block, baudrate=display.get("freq", _SPI_FREQ), polarity=0, phase=0,
              sck=Pin(display["sck"]), mosi=Pin(display["mosi"]), miso=None)
    rst = display.get("rst")
    bus = SpiBus(spi, Pin(display["dc"], Pin.OUT), Pin(display["cs"], Pin.OUT, value=1),
                 None if rst is None else Pin(rst, Pin.OUT))
    bus.reset(clock)
    return bus
