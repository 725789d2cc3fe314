"""Each ready-made Pico board's UF2 (make firmware BOARD=<name>: build/pocket-stones-<name>.uf2)
on the emulated RP2040 with that board's own panel bus and buttons: pico.mjs models the panel on
the board's bus (for an SPI panel, the bytes clocked out while its CS pin is low, RAM data or
commands by its DC pin), and the panel must show what the simulator shows, step by step, as the
board's buttons are pressed. The map the firmware boots with is the board's, frozen in. Each
board skips when its UF2 has not been built.
"""

import json
import os

import pytest

from host_tools.device.hardware import board_names, load_map, missing_buttons
from host_tools.paths import ROOT
from host_tools.pico import emulator as emulated_pico
from host_tools.pico.emulator import EmulatedPico
from host_tools.sim.device import Device

BOARDS = [name for name in board_names() if name != "pico" and load_map(name)["board"] == "pico"]

pytestmark = pytest.mark.skipif(emulated_pico.available() is not None,
                                reason=str(emulated_pico.available()))


def uf2(name):
    path = os.path.join(ROOT, "build", "pocket-stones-%s.uf2" % name)
    if not os.path.exists(path):
        pytest.skip("no build/pocket-stones-%s.uf2 (make firmware BOARD=%s)" % (name, name))
    return path


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_s_uf2_boots_to_the_menu_on_its_own_panel_bus_and_buttons(name):
    config = load_map(name)
    device = Device()
    frames = [bytes(device.display.buffer)]
    presses = [b for b in ("down", "down", "up", "a", "left") if b in config["buttons"]]
    for button in presses:
        device.press(button)
        device.run(200)
        frames.append(bytes(device.display.buffer))
    with EmulatedPico(uf2(name), board=name) as pico:
        assert pico.settle(quiet_ms=200)
        shown, on = pico.panel()
        assert on and shown == frames[0], "the menu differs from the simulator's"
        assert pico.counters()["i2c_bytes"] >= 1024  # the panel's bus carried a whole frame
        for step, button in enumerate(presses, 1):
            pico.press(button)
            pico.run_ms(200 - 60)
            assert pico.settle()
            shown, on = pico.panel()
            assert shown == frames[step], "after %s (step %d)" % (button, step)
        assert "Traceback" not in pico.serial()


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_s_uf2_boots_with_the_board_s_map_frozen_in(name):
    config = load_map(name)
    with EmulatedPico(uf2(name), board=name, held=(config["recovery_button"],)) as pico:
        pico.repl()
        out = pico.exec("import json, stones.boot as b\nprint(json.dumps(b.defaults()))")["out"]
    frozen = json.loads(out)
    assert frozen["label"] == config["label"] and frozen["buttons"] == config["buttons"]
    assert set(frozen.get("missing", {})) == set(missing_buttons(config))
