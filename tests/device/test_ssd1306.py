"""SSD1306 / SH1106 drivers against FakeI2C: the exact bytes on the bus; and over SPI (SpiBus on
a FakeOLEDWire, which models the panel's RAM from the DC pin and the bytes).

Runs under pytest (framebuf_py draws) and under the MicroPython unix port (the C framebuf draws),
so plain functions and asserts only. The expected bytes are written out by hand from the
datasheets and micropython-lib's driver, not computed from the driver's own tables.
"""

from support import raises

from stones.drivers.memorypanel import MemoryPanel
from stones.drivers.spibus import SpiBus
from stones.drivers.ssd1306 import SH1106, SSD1306, SSD1309, DisplayError
from stones.platforms.fakes import FakeClock, FakeI2C, FakeOLEDWire, FakeOutPin

ADDR = 0x3C

# micropython-lib's SSD1306 init for a 128x64 panel with its internal charge pump, one command a
# transfer (control byte 0x80).
SSD1306_INIT_128X64 = [
    0xAE,  # display off
    0x20, 0x00,  # horizontal addressing
    0x40,  # start line 0
    0xA1,  # column 127 -> SEG0
    0xA8, 0x3F,  # multiplex 64
    0xC8,  # COM scan reversed
    0xD3, 0x00,  # no display offset
    0xDA, 0x12,  # COM pins alternative (64 rows)
    0xD5, 0x80,  # clock
    0xD9, 0xF1,  # precharge, internal VCC
    0xDB, 0x30,  # VCOMH 0.83 Vcc
    0x81, 0xFF,  # contrast
    0xA4,  # follow RAM
    0xA6,  # not inverted
    0xAD, 0x30,  # internal IREF
    0x8D, 0x14,  # charge pump on
    0xAF,  # display on
]

SH1106_INIT_128X64 = [
    0xAE,  # display off
    0x40,  # start line 0
    0xA1,  # column 131 -> SEG0
    0xA8, 0x3F,  # multiplex 64
    0xC8,  # COM scan reversed
    0xD3, 0x00,  # no display offset
    0xDA, 0x12,  # COM pins alternative
    0xD5, 0x80,  # clock
    0xD9, 0xF1,  # precharge
    0xDB, 0x35,  # VCOM deselect, the SH1106 reset level
    0x81, 0xFF,  # contrast
    0xA4,  # follow RAM
    0xA6,  # not inverted
    0xAD, 0x8B,  # DC-DC converter on
    0xAF,  # display on
]


def commands(codes):
    return [(ADDR, bytes([0x80, code])) for code in codes]


def window(first_page, last_page, first_column=0, last_column=127):
    return (ADDR, bytes([0x00, 0x21, first_column, last_column, 0x22, first_page, last_page]))


def data(payload):
    return (ADDR, b"\x40" + bytes(payload))


def sh1106_page(page, payload):
    return [(ADDR, bytes([0x00, 0xB0 | page, 0x02, 0x10])), data(payload)]


def fresh(kind=SSD1306, width=128, height=64, **options):
    bus = FakeI2C()
    display = kind(width, height, bus, **options)
    return display, bus


def test_ssd1306_init_is_micropython_libs_then_one_full_frame():
    display, bus = fresh()
    expected = commands(SSD1306_INIT_128X64) + [window(0, 7), data(bytes(1024))]
    assert bus.writes == expected
    assert display.bytes_sent == bus.sent() == 27 * 2 + 7 + 1025


def test_ssd1306_128x32_and_external_vcc():
    display, bus = fresh(height=32, external_vcc=True)
    codes = list(SSD1306_INIT_128X64)
    codes[6] = 0x1F  # multiplex 32
    codes[11] = 0x02  # COM pins sequential
    codes[15] = 0x22  # precharge for external VCC
    codes[25] = 0x10  # charge pump off
    assert bus.writes == commands(codes) + [window(0, 3), data(bytes(512))]
    assert display.pages == 4 and len(display.buffer) == 512


def test_ssd1309_is_driven_as_an_ssd1306():
    assert SSD1309 is SSD1306


def test_show_sends_only_the_changed_page():
    display, bus = fresh()
    bus.clear()
    display.pixel(5, 10, 1)  # row 10 is in page 1, bit 2
    sent = display.show()
    page = bytearray(128)
    page[5] = 0x04
    assert bus.writes == [window(1, 1), data(page)]
    assert sent == 136 == bus.sent()


def test_show_with_nothing_changed_sends_nothing():
    display, bus = fresh()
    bus.clear()
    assert display.show() == 0
    display.fill_rect(0, 0, 10, 10, 1)
    display.fill_rect(0, 0, 10, 10, 0)  # changed and changed back: the panel already has it
    assert display.show() == 0
    assert bus.writes == []


def test_adjacent_pages_go_in_one_window_and_separate_ones_in_two():
    display, bus = fresh()
    bus.clear()
    display.hline(0, 7, 128, 1)  # page 0
    display.hline(0, 8, 128, 1)  # page 1
    display.hline(0, 40, 128, 1)  # page 5
    sent = display.show()
    assert [w for w in bus.writes if w[1][0] == 0x00] == [window(0, 1), window(5, 5)]
    assert bus.writes[1] == data(b"\x80" * 128 + b"\x01" * 128)
    assert bus.writes[3] == data(b"\x01" * 128)
    assert sent == (7 + 1 + 256) + (7 + 1 + 128) == bus.sent()


def test_a_cursor_move_costs_two_pages_at_most():
    display, bus = fresh()
    display.rect(40, 20, 7, 7, 1)  # cursor around a point, rows 20..26: pages 2 and 3
    display.show()
    bus.clear()
    display.rect(40, 20, 7, 7, 0)
    display.rect(46, 20, 7, 7, 1)  # one point to the right
    assert display.show() == 7 + 1 + 256
    assert len(bus.writes) == 2


def test_full_frame_cost():
    display, bus = fresh()
    display.fill(1)
    assert display.show() == 7 + 1 + 1024  # all 8 pages are one run
    display.fill(0)
    display.invalidate()
    assert display.show() == 1032


def test_commands():
    display, bus = fresh()
    bus.clear()
    display.contrast(0x7F)
    display.invert(1)
    display.invert(0)
    display.poweroff()
    display.poweron()
    display.rotate(2)
    display.rotate(0)
    assert bus.writes == commands([0x81, 0x7F, 0xA7, 0xA6, 0xAE, 0xAF, 0xC0, 0xA0, 0xC8, 0xA1])
    raises(ValueError, display.rotate, 1)


def test_drawing_lands_in_the_buffer_as_mono_vlsb():
    display, bus = fresh()
    display.pixel(0, 0, 1)
    display.pixel(127, 63, 1)
    assert display.buffer[0] == 0x01 and display.buffer[1023] == 0x80
    assert display.pixel(127, 63) == 1 and display.width == 128 and display.height == 64


def test_unsupported_sizes():
    raises(ValueError, SSD1306, 128, 60, FakeI2C())  # whole pages only
    raises(ValueError, SSD1306, 128, 72, FakeI2C())  # 64 COM lines at most
    raises(ValueError, SSD1306, 132, 64, FakeI2C())
    raises(ValueError, SH1106, 140, 64, FakeI2C())


def test_sh1106_init_and_page_addressing():
    display, bus = fresh(SH1106)
    expected = commands(SH1106_INIT_128X64)
    for page in range(8):
        expected += sh1106_page(page, bytes(128))
    assert bus.writes == expected
    assert display.bytes_sent == bus.sent() == 23 * 2 + 8 * (4 + 129)


def test_sh1106_sends_only_the_changed_pages_each_addressed():
    display, bus = fresh(SH1106)
    bus.clear()
    display.pixel(0, 24, 1)  # page 3, bit 0
    display.pixel(127, 39, 1)  # page 4, bit 7
    sent = display.show()
    page3 = bytearray(128)
    page3[0] = 0x01
    page4 = bytearray(128)
    page4[127] = 0x80
    assert bus.writes == sh1106_page(3, page3) + sh1106_page(4, page4)
    assert sent == 2 * 133 == bus.sent()
    assert display.show() == 0


def test_sh1106_external_vcc_turns_the_dc_dc_off():
    display, bus = fresh(SH1106, external_vcc=True)
    assert (ADDR, b"\x80\x8a") in bus.writes and (ADDR, b"\x80\x22") in bus.writes


def test_no_device_at_the_address_is_a_display_error():
    bus = FakeI2C(devices=())
    error = raises(DisplayError, SSD1306, 128, 64, bus)
    assert isinstance(error, OSError)
    assert error.errno == 19  # ENODEV
    assert "0x3c" in str(error)


def test_a_narrow_panel_sits_in_the_middle_columns():
    display, bus = fresh(width=72, height=40)
    assert bus.writes[-2] == window(0, 4, 28, 99)  # columns 28..99 of 128
    assert len(bus.writes[-1][1]) == 1 + 72 * 5


def test_other_address():
    bus = FakeI2C(devices=(0x3D,))
    display = SSD1306(128, 64, bus, addr=0x3D)
    assert display.addr == 0x3D and bus.writes[0] == (0x3D, b"\x80\xae")


def test_a_bus_error_during_show_then_a_full_resend():
    display, bus = fresh()
    display.text("hello", 0, 0)
    bus.fail(110, after=1)  # the window goes through, the data times out
    bus.clear()
    error = raises(DisplayError, display.show)
    assert error.errno == 110  # ETIMEDOUT
    assert len(bus.writes) == 1
    bus.heal()
    bus.clear()
    # the panel may have been reset: everything goes again, once
    assert display.show() == 1032
    assert bus.writes[0] == window(0, 7)
    assert display.show() == 0


def test_errors_from_commands_too():
    display, bus = fresh(SH1106)
    bus.fail(5)  # EIO
    error = raises(DisplayError, display.contrast, 10)
    assert error.errno == 5


def test_memory_panel_keeps_the_frame_it_was_shown():
    panel = MemoryPanel(128, 128)
    assert (panel.width, panel.height, len(panel.buffer)) == (128, 128, 2048)
    assert panel.show() == 1  # the first show always counts
    assert panel.show() == 0
    panel.text("hi", 0, 120)
    assert not any(panel.frame)
    assert panel.show() == 1 and panel.frame == panel.buffer and panel.frames_sent == 2
    panel.invalidate()
    assert panel.show() == 1 and panel.bytes_sent == 0
    panel.contrast(300)
    panel.invert(1)
    panel.poweroff()
    assert panel.contrast_level == 44 and panel.inverted and not panel.on
    raises(ValueError, panel.rotate, 3)


# -- SPI: the same drivers over SpiBus --------------------------------------------------------


def over_spi(kind=SSD1306, ram_columns=128, first=0):
    dc, cs, rst = FakeOutPin(), FakeOutPin(), FakeOutPin()
    spi = FakeOLEDWire(dc, cs, ram_columns=ram_columns, first=first)
    bus = SpiBus(spi, dc, cs, rst)
    return kind(128, 64, bus), spi, rst


def draw_a_board(display, x):
    display.fill(0)
    display.fill_rect(0, 0, 128, 9, 1)
    display.text("Go", 40, 1, 0)
    for i in range(9):
        display.hline(34, 12 + 6 * i, 49, 1)
    display.rect(x, 27, 7, 7, 1)


def test_over_spi_the_control_byte_becomes_the_dc_pin():
    """What goes on the SPI wire is each I2C transfer without its control byte, sent with DC at
    the control byte's D/C# bit: commands low, RAM data high."""
    for kind, columns, first in ((SSD1306, 128, 0), (SH1106, 132, 2)):
        by_i2c, i2c = fresh(kind)
        by_spi, spi, _ = over_spi(kind, columns, first)
        for display in (by_i2c, by_spi):
            draw_a_board(display, 31)
            display.show()
            draw_a_board(display, 37)
            display.show()
            display.contrast(0x40)
        wire = []
        for _, buf in i2c.writes:
            dc = 1 if buf[0] & 0x40 else 0
            if wire and wire[-1][0] == dc:
                wire[-1] = (dc, wire[-1][1] + buf[1:])
            else:
                wire.append((dc, buf[1:]))
        runs = []
        for dc, buf in spi.writes:
            if runs and runs[-1][0] == dc:
                runs[-1] = (dc, runs[-1][1] + buf)
            else:
                runs.append((dc, buf))
        assert runs == wire, kind
        assert by_spi.bytes_sent == by_i2c.bytes_sent  # the same transfers, counted alike


def test_over_spi_the_panel_shows_the_frame_and_a_move_sends_only_its_pages():
    for kind, columns, first in ((SSD1306, 128, 0), (SH1106, 132, 2)):
        display, spi, _ = over_spi(kind, columns, first)
        assert spi.on and spi.frame() == bytes(1024)  # initialised and cleared
        draw_a_board(display, 31)
        display.show()
        assert spi.frame() == bytes(display.buffer), kind
        before = len(spi.writes)
        draw_a_board(display, 37)  # the cursor moves: pages 3 and 4 change
        display.show()
        assert spi.frame() == bytes(display.buffer), kind
        sent = [buf for dc, buf in spi.writes[before:] if dc]
        assert sum(len(buf) for buf in sent) == 2 * 128, kind
        count = len(spi.writes)
        assert display.show() == 0 and len(spi.writes) == count  # nothing changed: nothing sent
        display.poweroff()
        assert not spi.on


def test_spi_panel_reset_pulses_res_low_and_cs_frames_every_write():
    dc, cs, rst = FakeOutPin(), FakeOutPin(), FakeOutPin()
    spi = FakeOLEDWire(dc, cs)
    bus = SpiBus(spi, dc, cs, rst)
    assert cs.level == 1  # deselected until a transfer
    clock = FakeClock()
    levels = []

    def sleep_ms(ms):
        levels.append(rst.level)
        clock.advance(ms)

    clock.sleep_ms = sleep_ms
    bus.reset(clock)
    assert levels == [1, 0, 1] and rst.level == 1 and clock.ticks_ms() >= 20
    SpiBus(spi, dc, cs).reset(clock)  # RES tied high on the module: nothing to pulse
    assert len(levels) == 3
    bus.writeto(0x3C, bytes([0x80, 0xAF]))
    assert spi.writes == [(0, bytes([0xAF]))] and cs.level == 1
    cs.value(1)
    spi.write(b"\x00")  # with CS high the panel hears nothing
    assert len(spi.writes) == 1
