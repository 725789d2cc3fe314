"""The System screen as a player meets it: the rows that can change show arrows when selected,
the read-only ones (battery, version, free memory, platform) never do, and left/right leave
them be. Both runtimes."""

import gc

from fitwalk import Walk
from support import system_row

FIXED = ("Battery", "Version", "Free", "Runs on", "Board")


def test_read_only_rows_are_drawn_without_the_arrows_of_a_changeable_one():
    for height in (64, 128):
        walk = Walk(height)
        device = walk.device
        device.set_battery(3.9)  # a cell, so that its row is there too
        device.app.board = "DIY Pico"  # a board's label, so that its row is there too
        screen, row = system_row(device, "Contrast")
        rows = screen.list.rows
        assert [label for label, _ in rows if label in FIXED] == list(FIXED)
        for _ in range(len(rows)):
            label, value = screen.list.rows[screen.list.selected]
            device.press("right")  # a read-only row stays as it was
            after = screen.list.rows[screen.list.selected]
            drawn = [text for _, _, _, text in walk.check(label)]
            arrows = [text for text in drawn if "<" in text or ">" in text]
            if label in FIXED:
                assert after[1] == value or label == "Free", (label, value, after)
                assert not arrows, (label, drawn)
            else:
                assert arrows == ["<%s>" % after[1]], (label, drawn)
            device.press("left")
            device.press("down")


def colour_device(fs=None):
    """A device on a 240x135 ST7789 (a Pico-LCD-1.14) whose bus feeds a Glass: what the player
    would see."""
    from glass import Glass

    from host_tools.sim.device import Device
    from stones.drivers.st7789 import ST7789
    from stones.platforms.fakes import FakeOutput, FakeSPI

    dc = FakeOutput()
    glass = Glass(240, 135, 40, 53)
    panel = ST7789(FakeSPI(dc, keep=0, tap=glass.write), dc, 240, 135, rotate=1,
                   sleep_ms=lambda ms: None)
    return Device(display=panel, fs=fs), glass


def test_a_colour_panels_palette_is_chosen_shown_and_kept():
    from stones.drivers.st7789 import PALETTES, rgb565

    device, glass = colour_device()
    panel = device.display
    screen, _ = system_row(device, "Colour")
    assert screen.list.rows[screen.list.selected] == ("Colour", "white")
    device.press("right")
    assert screen.list.rows[screen.list.selected] == ("Colour", "amber")
    assert device.app.system["palette"] == 1 and panel.palette_index == 1
    amber = rgb565(*PALETTES[1][1])
    lit = [glass.pixel(56 + x, 3 + y) for y in range(panel.height) for x in range(panel.width)
           if panel.pixel(x, y)]
    assert lit and set(lit) == {amber}  # the screen redrawn in amber, the border black
    assert glass.pixel(0, 0) == 0 and glass.pixel(239, 134) == 0
    device.press("left")
    device.press("left")  # round to the last
    assert device.app.system["palette"] == len(PALETTES) - 1
    fs = device.fs.reboot()
    device = glass = panel = screen = lit = None
    gc.collect()  # room for the next glass on the port
    rebooted, _ = colour_device(fs=fs)
    assert rebooted.display.palette_index == len(PALETTES) - 1  # kept for the next power-on


def test_a_mono_panel_has_no_colour_row():
    from host_tools.sim.device import Device

    device = Device()
    screen, _ = system_row(device, "Contrast")
    assert "Colour" not in [label for label, _ in screen.list.rows]
def test_the_board_row_names_the_board_and_cannot_be_changed():
    walk = Walk(64)
    walk.device.app.board = "PicoBoy"  # what stones.boot passes: the pin map's label
    screen, row = system_row(walk.device, "Board")
    assert screen.list.rows[row] == ("Board", "PicoBoy")
    walk.device.press("right")
    assert screen.list.rows[row] == ("Board", "PicoBoy")
    assert "PicoBoy" in [text for _, _, _, text in walk.check("Board")]
    # The simulator is no board: it has no such row.
    screen, _ = system_row(Walk(64).device, "Runs on")
    assert "Board" not in [label for label, _ in screen.list.rows]
