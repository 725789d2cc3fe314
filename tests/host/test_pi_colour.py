"""The Raspberry Pi's colour panels: luma.lcd's st7789 and st7735 driven from the app's mono
frame (stones.platforms.pi.LumaColour) through a fake serial interface, so the bytes luma would
send are decoded and checked: the window where the vendors' code puts the glass, every pixel
the frame's in the palette, scaled and centred as on the Pico."""

import pytest

from stones.drivers.st7789 import PALETTES
from stones.platforms.fakes import FakeClock
from stones.platforms.pi import LumaColour, luma_device, make_pi

pytest.importorskip("luma.lcd", reason="luma.lcd is not installed (requirements.txt has it: make)")

BUTTONS = {"up": 17, "down": 27, "left": 22, "right": 23, "a": 5, "b": 6, "menu": 13}


class Serial:
    """luma's serial interface as a recorder: command(*codes) and data(bytes) in order."""

    def __init__(self):
        self.sent = []  # [command, bytearray of its data]

    def command(self, *codes):
        for code in codes:
            self.sent.append([code, bytearray()])

    def data(self, data):
        self.sent[-1][1].extend(data)

    def last(self, code):
        return [data for command, data in self.sent if command == code][-1]

    def cleanup(self):
        pass


def span(data):
    return data[0] << 8 | data[1], data[2] << 8 | data[3]


def device(driver, width, height, serial, **display):
    lights = []
    display.update(driver=driver, width=width, height=height)
    return luma_device(display, serial=serial, backlight=lights.append), lights


def check(panel, serial, window, fg, bg):
    """The last frame luma sent: its window, and each pixel (18-bit RGB, 3 bytes)."""
    columns, rows = span(serial.last(0x2A)), span(serial.last(0x2B))
    assert (columns, rows) == window
    pixels = serial.last(0x2C)
    width = columns[1] - columns[0] + 1
    height = rows[1] - rows[0] + 1
    assert len(pixels) == width * height * 3
    s = panel.scale
    left = (width - panel.width * s) // 2
    top = (height - panel.height * s) // 2
    for y in range(height):
        for x in range(width):
            fx, fy = (x - left) // s, (y - top) // s
            inside = x >= left and y >= top and fx < panel.width and fy < panel.height
            want = fg if inside and panel.pixel(fx, fy) else bg
            i = (y * width + x) * 3
            assert tuple(pixels[i:i + 3]) == want, (x, y)


def scene(fb):
    fb.fill(0)
    fb.text("Pocket", 0, 0)
    fb.rect(10, 20, 30, 15, 1)
    fb.pixel(fb.width - 1, fb.height - 1, 1)


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_the_240x135_panel_gets_the_frame_at_the_glass_in_each_palette():
    serial = Serial()
    lcd, lights = device("st7789", 240, 135, serial)
    panel = LumaColour(lcd)
    assert (panel.width, panel.height, panel.scale) == (128, 128, 1)
    for index, (_, fg, bg) in enumerate(PALETTES):
        panel.palette(index)
        scene(panel)
        panel.fill_rect(0, 100 + index, 5, 5, 1)
        assert panel.show() == 1
        check(panel, serial, ((40, 279), (53, 187)), fg, bg)  # Waveshare's 1.14" window
    assert panel.show() == 0  # nothing changed: nothing sent
    panel.invert(True)
    panel.show()
    check(panel, serial, ((40, 279), (53, 187)), PALETTES[-1][2], PALETTES[-1][1])
    panel.poweroff()
    assert lights[-1] is False and serial.sent[-1][0] == 0x28
    panel.poweron()
    assert lights[-1] is True and serial.sent[-1][0] == 0x29


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_a_320x240_panel_shows_the_wide_frame_at_2x_and_a_240x240_one_at_0_0():
    serial = Serial()
    panel = LumaColour(device("st7789", 320, 240, serial)[0])
    assert (panel.width, panel.height, panel.scale) == (128, 64, 2)
    scene(panel)
    panel.show()
    check(panel, serial, ((0, 319), (0, 239)), PALETTES[0][1], PALETTES[0][2])
    serial = Serial()
    panel = LumaColour(device("st7789", 240, 240, serial)[0], palette=1)
    scene(panel)
    panel.show()
    check(panel, serial, ((0, 239), (0, 239)), PALETTES[1][1], PALETTES[1][2])


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_an_st7735_gets_its_offsets_from_the_same_table():
    serial = Serial()
    panel = LumaColour(device("st7735", 160, 80, serial)[0])
    assert (panel.width, panel.height) == (128, 64)
    scene(panel)
    panel.show()
    # luma's st7735 sends the box that changed: the first, the whole 0.96" glass; every one on it
    columns = [span(data) for command, data in serial.sent if command == 0x2A]
    rows = [span(data) for command, data in serial.sent if command == 0x2B]
    assert (columns[0], rows[0]) == ((1, 160), (26, 105))
    assert len(columns) > 1 and all(1 <= a <= b <= 160 for a, b in columns)
    assert all(26 <= a <= b <= 105 for a, b in rows)


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_make_pi_picks_the_colour_adaptor_and_names_bad_panels():
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        config = {"buttons": BUTTONS, "display": {"driver": "st7789", "width": 240,
                                                  "height": 135}}
        lcd = device("st7789", 240, 135, Serial())[0]
        display = make_pi(config, clock=FakeClock(), device=lcd)[1]
        assert isinstance(display, LumaColour) and display.palettes[0] == "white"
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved
    with pytest.raises(ValueError, match="no st7789 panel of 135x200 known"):
        device("st7789", 200, 135, Serial())
    with pytest.raises(ValueError, match="st7789, st7735"):
        luma_device({"driver": "ili9341"})
