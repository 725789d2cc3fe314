"""hardware/screenshots/: each board's menu as its glass shows it (host_tools/pico/boardshots.py).
The Pi boards' shots are made again here (the backend on gpiozero's MockFactory and luma's dummy
device) and must equal the committed ones; the Pico boards' are checked against their UF2 on the
emulated RP2040 by tests/pico/test_boards_pico.py. Here: every board has its shot at 1:1 of its
panel, linked from the boards table, and the decoding turns an OLED and reads RGB565 right."""

import os

import pytest
from PIL import Image

from host_tools.device.hardware import board_names, boards_table, load_map
from host_tools.pico import boardshots
from host_tools.sim.device import Device

SHOT_BOARDS = [name for name in board_names() if boardshots.shot_of(name) is not None]
PI_BOARDS = [name for name in SHOT_BOARDS if load_map(name)["board"] == "pi"]


@pytest.mark.parametrize("name", SHOT_BOARDS)
def test_every_board_has_its_shot_at_the_panel_s_size_linked_from_the_table(name):
    path = boardshots.shot_of(name)
    assert os.path.exists(path), "no %s: run make boardshots" % os.path.relpath(path)
    display = load_map(name)["display"]
    with Image.open(path) as image:
        assert image.size == (display["width"], display["height"])
    assert "[%s](screenshots/%s.png)" % (name, name) in boards_table()


def test_a_board_on_a_chip_not_emulated_has_no_shot_and_the_table_says_why():
    assert boardshots.shot_of("pico2") is None
    assert "not emulated (RP2350)" in boards_table()


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
@pytest.mark.parametrize("name", PI_BOARDS)
def test_a_pi_board_s_shot_is_what_its_backend_draws(name):
    fresh = boardshots.shoot(name)
    with Image.open(boardshots.shot_of(name)) as committed:
        assert committed.convert("RGB").tobytes() == fresh.tobytes(), (
            "hardware/screenshots/%s.png is out of date: run make boardshots" % name)
    # and the simulator's menu, pixel for pixel
    config = load_map(name)
    device = Device(platform="raspberry pi", board=config.get("label"),
                    legend=config.get("legend"), buzzer=False)
    device.run(boardshots.MENU_MS)
    frame = device.display
    assert lit(fresh) == [(x, y) for y in range(64) for x in range(128) if frame.pixel(x, y)]


def lit(image):
    return [(x, y) for y in range(image.height) for x in range(image.width)
            if image.getpixel((x, y)) != (0, 0, 0)]


def test_an_oled_reads_upright_only_when_the_driver_turned_it_for_its_mount():
    ram = bytearray(1024)
    ram[0] = 0x01  # the frame's top left pixel
    # Upright init (0xA1, 0xC8) on a panel mounted upright: where the frame puts it.
    assert lit(boardshots.oled_image(ram)) == [(0, 0)]
    # The PicoBoy: mounted upside down, the driver scans both ways back (0xA0, 0xC0).
    assert lit(boardshots.oled_image(ram, seg_remap=False, com_reverse=False, rotate=2)) == [
        (0, 0)]
    # A driver that forgot the mount: the player sees it in the far corner.
    assert lit(boardshots.oled_image(ram, rotate=2)) == [(127, 63)]


def test_rgb565_is_read_high_byte_first_to_full_range_colours():
    glass = bytes([0xF8, 0x00, 0x07, 0xE0, 0x00, 0x1F, 0xFF, 0xFF])
    image = boardshots.rgb565_image(glass, 4, 1)
    assert [image.getpixel((x, 0)) for x in range(4)] == [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]


def test_an_unknown_board_is_named(capsys):
    assert boardshots.main(["nosuch"]) == 1
    assert "no board 'nosuch'" in capsys.readouterr().err
