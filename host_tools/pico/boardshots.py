"""Each board's menu as its own glass shows it: hardware/screenshots/<board>.png, at 1:1.

    python -m host_tools.pico.boardshots [BOARD ...]     (make boardshots: every board)
    python -m host_tools.pico.boardshots --uf2s          the Pico boards whose UF2 it boots

A Pico board: its UF2 (make firmware BOARD=<board>, build/pocket-stones-<board>.uf2; the default
board's build/pocket-stones.uf2) booted on the emulated RP2040 (host_tools/pico) with the board's
own panel bus and buttons, run until the menu is still, and the panel decoded from the bytes on
that bus: an OLED's RAM as its glass shows it (the segment remap and COM scan the driver last
sent, then the way the board mounts the panel, its "rotate": the PicoBoy's, upside down, reads
upright only if the firmware turned it), a colour panel's RGB565 glass, border and all. A Pi
board: the app on its backend (stones.platforms.pi.make_pi) with gpiozero's MockFactory for the
buttons and luma's own dummy device, of the panel's size and mode, capturing the image luma
would send. A board on a chip the emulator is not (the Pico 2's RP2350) has no shot;
host_tools.device.hardware.shot_path() says which boards do, and hardware/README.md's boards
table links each.

Booting a UF2 takes a minute or so of the emulator a board, so this is its own target and not
part of make screenshots. A Pico board whose UF2 has not been built is named and skipped.
"""

import argparse
import os
import sys

from host_tools.device.hardware import board_names, load_map, shot_path
from host_tools.paths import ROOT

MENU_MS = 2000  # the Pi's app: time to draw its menu (a FakeClock: no wall time)


def shot_of(name, config=None):
    """hardware/screenshots/<name>.png, or None for a board no shot is made of."""
    return shot_path(name, config)


def uf2_of(name):
    from host_tools.device.firmware import board_out

    return board_out(name)


def oled_image(ram, width=128, height=64, seg_remap=True, com_reverse=True, rotate=0):
    """An OLED's glass from its RAM (page-major, MONO_VLSB): the panel upright in its own frame
    when the driver sent 0xA1 and 0xC8 (column 127 at the left, COM 63 at the top, as the
    driver's upright init sends), else mirrored; then turned by rotate quarter turns, the way
    the board mounts the panel."""
    from PIL import Image

    image = Image.new("1", (width, height), 0)
    pixels = image.load()
    for y in range(height):
        row = (y >> 3) * width
        bit = y & 7
        for x in range(width):
            if ram[row + x] >> bit & 1:
                pixels[x if seg_remap else width - 1 - x, y if com_reverse else height - 1 - y] = 1
    if rotate:
        image = image.rotate(-90 * rotate, expand=True)
    return image.convert("RGB")


def rgb565_image(glass, width, height):
    """A colour panel's glass (RGB565, high byte first, row by row) as an RGB image."""
    from PIL import Image

    out = bytearray(width * height * 3)
    for i in range(width * height):
        value = glass[2 * i] << 8 | glass[2 * i + 1]
        r, g, b = value >> 11 & 0x1F, value >> 5 & 0x3F, value & 0x1F
        out[3 * i] = r << 3 | r >> 2
        out[3 * i + 1] = g << 2 | g >> 4
        out[3 * i + 2] = b << 3 | b >> 2
    return Image.frombytes("RGB", (width, height), bytes(out))


def pico_shot(name, config):
    """The board's UF2 on the emulated RP2040, at its menu: the glass as an RGB image."""
    from host_tools.pico.emulator import EmulatedPico

    with EmulatedPico(uf2_of(name), board=name) as pico:
        if not pico.settle(quiet_ms=200):
            raise RuntimeError("%s: the panel never went quiet" % name)
        shown, on = pico.panel()
        state = pico.panel_state()
        if not on:
            raise RuntimeError("%s: the panel is off at the menu" % name)
        if "Traceback" in pico.serial():
            raise RuntimeError("%s: the firmware raised" % name)
    return glass_image(config, shown, state)


def glass_image(config, shown, state):
    """What the emulated panel shows (EmulatedPico.panel() and panel_state()) as the player sees
    the board's glass."""
    display = config["display"]
    if state["seg_remap"] is None:  # a colour panel: its glass as it is
        return rgb565_image(shown, display["width"], display["height"])
    return oled_image(shown, seg_remap=state["seg_remap"], com_reverse=state["com_reverse"],
                      rotate=display.get("rotate", 0))


def pi_shot(name, config, ms=MENU_MS):
    """The app on the Pi's backend at its menu: gpiozero's MockFactory, luma's dummy device."""
    from gpiozero.pins.mock import MockFactory
    from luma.core.device import dummy

    from stones.platforms.fakes import FakeClock, FakeFS
    from stones.platforms.pi import make_pi
    from stones.session import Session
    from stones.storage import Store
    from stones.ui.app import App

    display = config["display"]
    rotate = display.get("rotate", 0)
    mode = "1" if display["driver"] in ("ssd1306", "sh1106", "ssd1309") else "RGB"
    device = dummy(width=display["width"], height=display["height"], rotate=rotate, mode=mode)
    clock = FakeClock()
    factory = MockFactory()
    try:
        buttons, panel = make_pi(config, clock=clock, device=device, pin_factory=factory)
        app = App(panel, buttons, clock, session=Session(Store(FakeFS())),
                  platform="raspberry pi", board=config.get("label"),
                  legend=config.get("legend"))
        app.start()
        for _ in range(0, ms, 5):
            clock.advance(5)
            app.step()
    finally:
        factory.reset()
    image = device.image  # as luma sends it: turned for the mount; turned back, as seen
    if rotate:
        image = image.rotate(90 * rotate, expand=True)
    return image.convert("RGB")


def shoot(name):
    """The board's menu as an RGB image."""
    config = load_map(name)
    return (pico_shot if config["board"] == "pico" else pi_shot)(name, config)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", help="board files' names (default: every board)")
    parser.add_argument("--uf2s", action="store_true",
                        help="print the Pico boards whose UF2 a shot boots, and stop")
    args = parser.parse_args(argv)
    names = args.boards or board_names()
    if args.uf2s:
        print(" ".join(name for name in names if load_map(name)["board"] == "pico"
                       and shot_of(name) is not None))
        return 0
    failed = 0
    for name in names:
        if name not in board_names():
            print("no board %r (boards: %s)" % (name, " ".join(board_names())), file=sys.stderr)
            failed += 1
            continue
        config = load_map(name)
        path = shot_of(name, config)
        if path is None:
            print("%s: no shot (its chip, %s, is not emulated)" % (name, config.get("chip")))
            continue
        if config["board"] == "pico" and not os.path.exists(uf2_of(name)):
            print("%s: SKIP, no %s (make firmware BOARD=%s)" % (
                name, os.path.relpath(uf2_of(name), ROOT), name), file=sys.stderr)
            failed += 1
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shoot(name).save(path, optimize=True)
        print("wrote", os.path.relpath(path, ROOT))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
