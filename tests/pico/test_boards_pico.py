"""Each ready-made Pico board's UF2 (make firmware BOARD=<name>: build/pocket-stones-<name>.uf2)
on the emulated RP2040 with that board's own panel bus and buttons: pico.mjs models the panel on
the board's bus (for an SPI panel, the bytes clocked out while its CS pin is low, RAM data or
commands by its DC pin; for an ST7789, the RGB565 pixels its windows put on the glass), and the
panel must show what the simulator shows, step by step, as the board's buttons are pressed: an
OLED's RAM byte for byte, a colour panel's glass pixel for pixel against the simulator's frame
(the same colour driver over a fake bus) under the first palette, centred on a black border.
The menu, as the board's glass shows it (host_tools/pico/boardshots.py), is the board's
committed hardware/screenshots/<board>.png. A board whose link is its USB serial keeps running
past a Ctrl-C byte sent there. The map the firmware boots with is the board's, frozen in (its
link too), read from the REPL that holding the board's recovery button at power-on leaves free.
Each board skips when its UF2 has not been built.
"""

import json
import os

import pytest
from PIL import Image

from host_tools.device.hardware import board_names, load_map, missing_buttons
from host_tools.paths import ROOT
from host_tools.pico import boardshots
from host_tools.pico import emulator as emulated_pico
from host_tools.pico.emulator import EmulatedPico
from host_tools.sim.device import Device
from stones.link.pipes import Links, memory_pair

# The emulated chip is an RP2040: a board on an RP2350 (the Pico 2) is checked from its files
# instead (tests/host/test_pico_builds.py).
BOARDS = [name for name in board_names() if name != "pico" and load_map(name)["board"] == "pico"
          and load_map(name).get("chip", "rp2040") == "rp2040"]

pytestmark = pytest.mark.skipif(emulated_pico.available() is not None,
                                reason=str(emulated_pico.available()))


def uf2(name):
    path = os.path.join(ROOT, "build", "pocket-stones-%s.uf2" % name)
    if not os.path.exists(path):
        pytest.skip("no build/pocket-stones-%s.uf2 (make firmware BOARD=%s)" % (name, name))
    return path


# MADCTL as the makers' code sends it: Pimoroni's PicoSystem SDK 0x04 (upright), Waveshare's
# Pico-LCD-1.3 and 1.14 demos 0x70 (MX, MV: a quarter turn).
VENDOR_MADCTL = {"picosystem": 0x04, "pico-lcd-1.3": 0x70, "pico-lcd-1.14": 0x70}


def colour(config):
    """The simulator's panel for a colour board: the firmware's own ST7789 driver, the board's
    size and rotation, over a fake bus; None for an OLED board (the simulator's SSD1306)."""
    display = config["display"]
    if display["driver"] not in ("st7789", "st7735"):
        return None
    from stones.drivers.st7789 import ST7735, ST7789
    from stones.platforms.fakes import FakeOutput, FakeSPI

    dc = FakeOutput()
    kind = ST7735 if display["driver"] == "st7735" else ST7789
    return kind(FakeSPI(dc, keep=0), dc, display["width"], display["height"],
                rotate=display.get("rotate", 0), sleep_ms=lambda ms: None)


def glass(panel):
    """What a colour panel's glass shows of its frame: RGB565 big-endian, row by row, the frame's
    lit pixels white and the rest (the border too) black: the first palette. Computed here from
    the frame's bits, not by the driver."""
    width, height, left, top = panel.panel_width, panel.panel_height, panel.left, panel.top
    bits = panel.buffer
    out = bytearray(width * height * 2)
    for y in range(panel.height):
        row = bits[(y >> 3) * panel.width:(y >> 3) * panel.width + panel.width]
        at = ((top + y) * width + left) * 2
        for x in range(panel.width):
            if row[x] >> (y & 7) & 1:
                out[at + 2 * x] = out[at + 2 * x + 1] = 0xFF
    return bytes(out)


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_s_uf2_boots_to_the_menu_on_its_own_panel_bus_and_buttons(name):
    config = load_map(name)
    panel = colour(config)
    # a map with a link has the menu's Link row (the simulator's pipe stays in memory)
    links = Links(lambda host: memory_pair()[0], "USB") if config.get("link") else None
    device = Device(links=links) if panel is None else Device(display=panel, links=links)
    seen = bytes if panel is None else glass
    frames = [seen(device.display.buffer if panel is None else panel)]
    presses = [b for b in ("down", "down", "up", "a", "left") if b in config["buttons"]]
    for button in presses:
        device.press(button)
        device.run(200)
        frames.append(seen(device.display.buffer if panel is None else panel))
    with EmulatedPico(uf2(name), board=name) as pico:
        assert pico.settle(quiet_ms=200)
        shown, on = pico.panel()
        assert on and shown == frames[0], "the menu differs from the simulator's"
        # the board's committed shot (make boardshots) is this menu as its glass shows it
        seen_glass = boardshots.glass_image(config, shown, pico.panel_state())
        if panel is None:  # an OLED, turned for its mount (the PicoBoy's is upside down):
            # the player reads the simulator's frame upright
            assert seen_glass.tobytes() == boardshots.oled_image(frames[0]).tobytes()
        with Image.open(boardshots.shot_of(name)) as committed:
            assert committed.convert("RGB").tobytes() == seen_glass.tobytes(), (
                "hardware/screenshots/%s.png is out of date: run make boardshots" % name)
        assert pico.counters()["i2c_bytes"] >= len(frames[0]) // 2  # the panel's bus: a frame
        if panel is not None:
            state = pico.panel_state()
            assert state["stray"] == 0, "pixels written off the glass: the window is misplaced"
            # The order the makers' own code sets (MY, MX, MV and BGR; the refresh-order bits
            # change nothing drawn): written out from their code, not from the driver.
            assert state["madctl"] & 0xE8 == VENDOR_MADCTL[name] & 0xE8, hex(state["madctl"])
        if config.get("link") == {"usb": True}:  # the link owns the USB serial from power-on:
            pico.usb(b"\x03")  # a Ctrl-C byte there is the link's, and the app runs on
        for step, button in enumerate(presses, 1):
            pico.press(button)
            pico.run_ms(200 - 60)
            assert pico.settle()
            shown, on = pico.panel()
            assert shown == frames[step], "after %s (step %d)" % (button, step)
        console = pico.serial()
        assert "Traceback" not in console and "app stopped" not in console


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_s_uf2_boots_with_the_board_s_map_frozen_in(name):
    config = load_map(name)
    with EmulatedPico(uf2(name), board=name, held=(config["recovery_button"],)) as pico:
        pico.repl()
        out = pico.exec("import json, stones.boot as b\nprint(json.dumps(b.defaults()))")["out"]
    frozen = json.loads(out)  # (the REPL reached with the recovery button held: a USB link's
    # Ctrl-C is off only while the app runs)
    assert frozen["label"] == config["label"] and frozen["buttons"] == config["buttons"]
    assert frozen.get("link") == config.get("link")
    assert set(frozen.get("missing", {})) == set(missing_buttons(config))


def test_the_default_board_s_shot_is_its_uf2_s_menu():
    path = os.path.join(ROOT, "build", "pocket-stones.uf2")
    if not os.path.exists(path):
        pytest.skip("no build/pocket-stones.uf2 (make firmware)")
    with EmulatedPico(path) as pico:
        assert pico.settle(quiet_ms=200)
        shown, on = pico.panel()
        seen_glass = boardshots.glass_image(load_map("pico"), shown, pico.panel_state())
    with Image.open(boardshots.shot_of("pico")) as committed:
        assert on and committed.convert("RGB").tobytes() == seen_glass.tobytes(), (
            "hardware/screenshots/pico.png is out of date: run make boardshots")
