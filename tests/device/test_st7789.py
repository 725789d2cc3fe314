"""The ST7789 / ST7735 colour panel driver against a FakeSPI: the bytes on the bus, decoded back
into the picture the glass would show (glass.py), pixel for pixel against the mono frame under
the palette; only the pages that changed are resent; the windows sit where the vendors' code
puts them. Runs under pytest and under the MicroPython unix port, so plain functions and asserts.
The expected commands and offsets are written out by hand from the datasheet and the vendors'
code (Waveshare's Pico-LCD-1.3 and 1.14 examples), not computed from the driver's tables.
"""

import gc

from glass import CASET, RAMWR, RASET, Glass
from support import raises, skip

from stones.compat import MICROPYTHON
from stones.drivers.st7789 import PALETTES, ST7735, ST7789, expand, fit, rgb565
from stones.platforms.fakes import FakeOutput, FakeSPI

WHITE = 0xFFFF
AMBER = 0xFD80  # rgb565(255, 176, 0): 31 << 11 | 44 << 5


def fresh(kind=ST7789, width=240, height=240, at=(0, 0), **options):
    """(panel, glass, waits): a panel whose bus feeds a Glass of its size at RAM (column, row)
    at; waits records the driver's sleeps."""
    dc = FakeOutput()
    cs = FakeOutput()
    glass = Glass(width, height, at[0], at[1])
    spi = FakeSPI(dc, cs, keep=0, tap=glass.write)
    waits = []
    panel = kind(spi, dc, width, height, cs=cs, sleep_ms=waits.append, **options)
    assert panel.bytes_sent == spi.bytes
    return panel, glass, waits


def scene(fb, x=20):
    """A title bar, text, a grid, a stone and a cursor box at x, across every page."""
    fb.fill(0)
    fb.fill_rect(0, 0, fb.width, 9, 1)
    fb.text("Go 9x9", 40, 1, 0)
    for i in range(9):
        fb.hline(34, 12 + 6 * i, 49, 1)
        fb.vline(34 + 6 * i, 12, 49, 1)
    fb.ellipse(40, 18, 2, 2, 1, True)
    fb.rect(x, 27, 7, 7, 1)
    fb.pixel(fb.width - 1, fb.height - 1, 1)
    fb.line(0, fb.height - 1, fb.width // 2, fb.height // 2, 1)


def check_picture(panel, glass, fg, bg):
    """Every pixel of the glass: the frame's, scaled and centred, in fg on bg; the border bg."""
    s = panel.scale
    left = (glass.width - panel.width * s) // 2
    top = (glass.height - panel.height * s) // 2
    assert (left, top) == (panel.left, panel.top)
    for y in range(glass.height):
        fy = (y - top) // s if y >= top else -1
        for x in range(glass.width):
            fx = (x - left) // s if x >= left else -1
            inside = 0 <= fx < panel.width and 0 <= fy < panel.height
            want = fg if inside and panel.pixel(fx, fy) else bg
            got = glass.pixel(x, y)
            assert got == want, "(%d, %d): %04x, not %04x" % (x, y, got, want)


def test_init_is_the_datasheets_sequence_then_the_picture_then_display_on():
    panel, glass, waits = fresh()
    codes = glass.codes()
    assert codes[:6] == [0x01, 0x11, 0x3A, 0x36, 0x21, 0x13]  # reset, wake, format, order,
    assert codes[6:] == [CASET, RASET, RAMWR] * 17 + [0x29]  # inversion on, normal mode; the
    assert waits == [150, 120]  # border and 16 pages; display on after them
    assert glass.sent(0x3A) == [b"\x55"]  # 16 bits a pixel
    assert glass.sent(0x36) == [b"\x00"]  # upright
    assert glass.pixels == 240 * 240 + 128 * 128  # the border's fill, then the frame
    check_picture(panel, glass, WHITE, 0)


def test_the_reset_pin_is_pulsed_before_the_first_command():
    rst = FakeOutput()
    waits = fresh(rst=rst)[2]
    assert rst.levels == [1, 0, 1]
    assert waits[:2] == [1, 1]


def test_every_panel_shows_the_frame_pixel_for_pixel_in_every_palette():
    # (kind, width, height, options, glass origin in RAM from the vendors' code, frame, scale)
    panels = (
        (ST7789, 240, 240, {}, (0, 0), (128, 128), 1),  # Pico-LCD-1.3, PicoSystem
        (ST7789, 240, 135, {"rotate": 1}, (40, 53), (128, 128), 1),  # Pico-LCD-1.14
        (ST7789, 240, 240, {"rotate": 2}, (0, 80), (128, 128), 1),  # upside down
        (ST7789, 240, 135, {"rotate": 1, "frame": (128, 64)}, (40, 53), (128, 64), 1),
        (ST7789, 320, 240, {"rotate": 1}, (0, 0), (128, 64), 2),  # 2.0" 320x240: 2x
        (ST7735, 160, 128, {"rotate": 1}, (0, 0), (128, 128), 1),  # 1.8", luma's default
        (ST7735, 160, 80, {"rotate": 3}, (1, 26), (128, 64), 1),  # 0.96" 160x80
    )
    for kind, width, height, options, at, frame, scale in panels:
        panel, glass, _ = fresh(kind, width, height, at, **options)
        assert (panel.width, panel.height, panel.scale) == frame + (scale,)
        area = panel.width * panel.height * scale * scale
        assert glass.pixels == width * height + area  # the border's fill, the frame
        for index in range(len(PALETTES)):
            glass.forget()
            panel.palette(index)
            scene(panel, 20 + index)
            panel.show()
            # a new palette: everything again; the same one: the pages of the scene
            assert glass.pixels == (width * height + area if index else area)
            fg = rgb565(*PALETTES[index][1])
            bg = rgb565(*PALETTES[index][2])
            check_picture(panel, glass, fg, bg)
            if MICROPYTHON:
                break  # one palette on the port: the same loop, and a slow decoder
        panel = glass = None
        gc.collect()  # the next glass takes up to 150 KB: the port's heap is 512 KB


def test_only_the_pages_that_changed_are_resent():
    panel, glass, _ = fresh(ST7789, 240, 135, (40, 53), rotate=1)
    scene(panel)
    panel.show()
    glass.forget()
    assert panel.show() == 0 and glass.commands == []  # nothing changed, nothing sent
    scene(panel, 21)  # the cursor box one pixel right: rows 27..33, pages 3 and 4
    sent = panel.show()
    assert glass.codes() == [CASET, RASET, RAMWR] * 2
    # the frame's columns: 40 + 56 .. 40 + 56 + 127; page p's rows from 53 + 3 + 8p
    assert glass.sent(CASET) == [bytes([0, 96, 0, 223])] * 2
    assert glass.sent(RASET) == [bytes([0, 80, 0, 87]), bytes([0, 88, 0, 95])]
    assert glass.pixels == 2 * 8 * 128
    assert sent == 2 * (11 + 2 * 8 * 128)  # each window's 3 commands and 8 bytes, the pixels
    check_picture(panel, glass, WHITE, 0)


def test_at_2x_a_changed_page_is_sixteen_rows_of_256():
    panel, glass, _ = fresh(ST7789, 320, 240, rotate=1)
    scene(panel)
    panel.show()
    glass.forget()
    panel.pixel(0, 40, 1)  # page 5
    assert panel.show() == 11 + 16 * 256 * 2
    top = 56 + 5 * 16
    assert glass.sent(RASET) == [bytes([0, top, 0, top + 15])]
    assert glass.sent(CASET) == [bytes([0, 32, 0x01, 32 + 255 - 256])]
    check_picture(panel, glass, WHITE, 0)


def test_the_vendors_windows_for_each_quarter_turn():
    # The whole-panel window of the border's fill: (column first, row first) for each turn
    # (Waveshare's 1.14" at 1 turn: columns 40..279, rows 53..187).
    wanted = {
        (240, 240): ((0, 0), (0, 0), (0, 80), (80, 0)),
        (135, 240): ((52, 40), (40, 53), (53, 40), (40, 52)),
    }
    for (width, height), origins in wanted.items():
        for turns in range(4):
            size = (width, height) if turns % 2 == 0 else (height, width)
            column, row = origins[turns]
            glass = fresh(ST7789, size[0], size[1], (column, row), rotate=turns)[1]
            assert glass.sent(CASET)[0] == bytes([column >> 8, column & 255,
                                                  (column + size[0] - 1) >> 8,
                                                  (column + size[0] - 1) & 255])
            assert glass.sent(RASET)[0] == bytes([row >> 8, row & 255, (row + size[1] - 1) >> 8,
                                                  (row + size[1] - 1) & 255])
            assert glass.sent(0x36) == [bytes([(0x00, 0x60, 0xC0, 0xA0)[turns]])]


def test_a_palette_or_inversion_resends_the_whole_panel():
    panel, glass, _ = fresh()
    scene(panel)
    panel.show()
    glass.forget()
    panel.palette(1)
    panel.show()
    assert glass.pixels == 240 * 240 + 128 * 128
    check_picture(panel, glass, AMBER, 0)
    assert panel.palette_index == 1 and panel.palettes[1] == "amber"
    panel.invert(True)
    panel.show()
    check_picture(panel, glass, 0, AMBER)
    panel.palette(1)  # the same palette again: nothing to resend
    assert panel.show() == 0


def test_the_backlight_is_the_contrast_and_goes_off_with_the_panel():
    light = FakeOutput(level=0, pwm=True)
    panel, glass, _ = fresh(backlight=light)
    assert light.level == 65535  # on, at the init's full level
    panel.contrast(0)  # the app's dimmed level: dim, not dark
    dim = light.level
    assert 0 < dim < 4096
    glass.forget()
    panel.poweroff()
    assert light.level == 0 and glass.codes() == [0x28]
    panel.contrast(255)  # the app wakes it: contrast, then poweron
    assert light.level == 0  # still off until the panel is on
    glass.forget()
    panel.poweron()
    assert light.level == 65535 and glass.codes() == [0x29]
    pin = FakeOutput(level=0)
    panel = fresh(backlight=pin)[0]
    panel.contrast(31)
    assert pin.level == 1  # a plain pin: on whatever the contrast
    panel.poweroff()
    assert pin.level == 0


def test_the_frames_that_fit_each_panel():
    assert fit(240, 240) == (128, 128, 1)
    assert fit(240, 135) == (128, 128, 1)
    assert fit(320, 240) == (128, 64, 2)
    assert fit(320, 170) == (128, 64, 2)
    assert fit(160, 128) == (128, 128, 1)
    assert fit(160, 80) == (128, 64, 1)
    assert fit(240, 240, (128, 64)) == (128, 64, 1)  # 2x is 256 wide
    assert fit(320, 240, (128, 128), 1) == (128, 128, 1)


def test_bad_settings_are_named():
    cases = (
        ({"width": 200, "height": 200}, "no st7789 panel of 200x200 known: give its offset"),
        ({"width": 240, "height": 135}, "no st7789 panel of 240x135 known"),  # not turned
        ({"rotate": 4}, "0 to 3 quarter turns, not 4"),
        ({"frame": (128, 32)}, "128x64 or a 128x128 frame"),
        ({"frame": (128, 64), "scale": 2}, "a 128x64 frame at 2x does not fit the 240x240"),
        ({"scale": -1}, "whole number"),
        ({"palette": len(PALETTES)}, "no palette %d" % len(PALETTES)),
        ({"width": 200, "height": 200, "offset": (50, 0)},
         "a 200x200 panel at 50, 0 leaves the st7789's 240x320 RAM"),
    )
    for options, message in cases:
        error = raises(ValueError, fresh, ST7789, **options)
        assert message in str(error), (options, str(error))
    panel = fresh()[0]
    assert "rotate by 0 or 2" in str(raises(ValueError, panel.rotate, 1))
    assert "no palette 9" in str(raises(ValueError, panel.palette, 9))


def test_a_panel_given_its_offset_and_a_turn_upside_down():
    panel, glass, _ = fresh(ST7789, 200, 200, (10, 30), offset=(10, 30))
    check_picture(panel, glass, WHITE, 0)
    # Upside down, mirrored both ways: the glass starts 240 - 10 - 200 and 320 - 30 - 200 from
    # the RAM's origin. A second glass there takes what follows.
    upside = Glass(200, 200, 30, 90)
    panel.spi.tap = upside.write
    panel.rotate(2)
    scene(panel)
    panel.show()
    assert upside.sent(0x36) == [b"\xc0"]
    assert upside.sent(CASET)[0] == bytes([0, 30, 0, 229])
    assert upside.sent(RASET)[0] == bytes([0, 90, 1, 289 - 256])
    check_picture(panel, upside, WHITE, 0)


def test_rgb565():
    assert rgb565(255, 255, 255) == WHITE
    assert rgb565(255, 176, 0) == AMBER
    assert rgb565(0, 0, 255) == 0x001F and rgb565(0, 255, 0) == 0x07E0


# -- the viper twin of the expand loop -----------------------------------------------------------


def test_the_viper_expand_gives_the_references_bytes():
    from stones.compat import twin

    viper = twin("stones.drivers.st7789viper")
    if not viper:
        skip("viper code compiles on MicroPython with a native emitter only")
    seed = 12345
    for width, scale in ((128, 1), (128, 2), (24, 3)):
        page = bytearray(width)
        for x in range(width):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            page[x] = seed >> 16 & 0xFF
        for fg, bg in ((AMBER, 0), (0x1234, 0xFEDC)):
            want = bytearray(16 * width * scale * scale)
            got = bytearray(len(want))
            expand(page, want, width, scale, fg, bg)
            viper.expand(page, got, width, scale, fg, bg)
            assert got == want, (width, scale)


def expand_twin():
    """st7789viper.expand read as st7789.expand."""
    from twins import Twin

    return Twin("../drivers/st7789viper.py", "expand", "../drivers/st7789.py", "expand",
                rename_port={"pagep": "page", "outp": "out"},
                drop_port=("page = pagep", "out = outp"))  # the port's typed pointers


def test_the_expand_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    assert compare(expand_twin()).lines > 15


def test_a_one_token_edit_of_expand_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    twin = expand_twin()
    caught(twin, "../drivers/st7789viper.py", "out[i + 1] = lo", "out[i + 1] = hi", "def expand")
    caught(twin, "../drivers/st7789.py", "i = r * scale * line", "i = r * line", "def expand")
