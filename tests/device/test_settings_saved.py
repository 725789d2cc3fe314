"""Settings that cannot be written (a full flash) are said, not dropped in silence: the system
screen's and a new game's alike; the settings still hold until the power goes, and a flash with
room keeps them for the next power-on (test_sleep_battery.py). Both runtimes."""

from support import system_row

from host_tools.sim.device import Device
from stones.platforms.fakes import FakeFS


def full_device():
    """A device whose flash is full from now on: every write fails as a full flash does."""
    device = Device(fs=FakeFS(capacity=10 ** 6))
    device.fs.capacity = device.fs.used()
    return device


def change_sleep(device):
    system_row(device, "Sleep")
    before = device.app.system["sleep"]
    device.press("right")
    return before


def test_the_system_screens_settings_unsaved_are_said_and_still_hold():
    device = full_device()
    before = change_sleep(device)
    device.press("b")  # back, saving
    top = device.app.top
    assert top.module_name == "message" and top.heading == "Not saved"
    assert "ENOSPC" in top.text or "28" in top.text
    assert device.app.system["sleep"] != before  # it holds until the power goes
    device.press("a")
    assert device.app.top.module_name == "menu"  # under the message: the system screen closed


def test_a_new_games_settings_unsaved_are_said_over_its_board():
    device = full_device()
    device.press("a")  # Go
    device.press("a")  # Start
    top = device.app.top
    assert top.module_name == "message" and top.heading == "Not saved"
    device.press("a")
    assert device.app.top.module_name == "play"
    device.play("E5")  # the game goes on
    assert device.app.game.count == 1
