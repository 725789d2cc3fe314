"""The PicoBoy plays every screen with its own controls: a 5-way joystick (the d-pad and its
press, A) and BOOTSEL (B; held, MENU: its board file's input profile), the simulated device
built as that board's pin map builds the buttons. Runs under pytest and the MicroPython unix
port (host_tools.sim.device runs on both)."""

from host_tools.sim.device import Device
from stones.engine import registry
from stones.ui import gamemenu

# hardware/boards/picoboy.json's, written out: tests/host/test_hardware.py checks that file.
CONTROLS = ("up", "down", "left", "right", "a", "b")
PROFILE = {"long": {"b": "menu"}}
LEGEND = {"a": "Press", "b": "BOOT", "menu": "Hold"}


def picoboy():
    device = Device(controls=CONTROLS, profile=PROFILE, legend=LEGEND)
    assert "menu" not in device.pins  # no MENU control at all
    return device


def screen(device):
    device.run(100)
    return device.app.top.module_name


def tap(device, name, times=1):
    for _ in range(times):
        device.press(name)
    return screen(device)


def hold_bootsel(device):
    device.press("b", 800)  # past the hold time: MENU
    return screen(device)


def test_the_picoboy_walks_every_screen_of_the_main_menu():
    device = picoboy()
    assert screen(device) == "menu"
    games = len(registry.GAMES)
    assert tap(device, "a") == "setup"
    assert tap(device, "b") == "menu"  # a BOOTSEL tap is B: back
    for row, name in ((games, "rules"), (games + 1, "system"), (games + 2, "records")):
        tap(device, "down", row)
        assert tap(device, "a") == name
        assert tap(device, "b") == "menu"
        tap(device, "up", row)


def test_the_picoboy_plays_and_opens_the_in_game_menu_by_holding_bootsel():
    device = picoboy()
    tap(device, "a")
    assert tap(device, "a") == "play"  # Start
    tap(device, "right", 2)
    tap(device, "a")  # a stone, or a word that it is not this side's turn
    assert hold_bootsel(device) == "gamemenu"
    tap(device, "down", gamemenu.ROWS.index("Estimate"))
    assert tap(device, "a") == "estimate"
    assert tap(device, "b") == "play"
    assert hold_bootsel(device) == "gamemenu"
    assert tap(device, "b") == "play"  # B closes the menu, as MENU would
    assert hold_bootsel(device) == "gamemenu"
    tap(device, "down", gamemenu.ROWS.index("Main menu"))
    assert tap(device, "a") == "menu"


def test_the_footers_name_the_picoboy_s_controls():
    device = picoboy()
    assert device.app.legend == LEGEND
    assert Device().app.legend == {"a": "A", "b": "B", "menu": "MENU"}  # the default board's
