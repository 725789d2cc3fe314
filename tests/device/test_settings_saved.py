"""Settings are kept as they are changed, on the system screen and on a game's setup alike, so B
keeps them and switching off on either screen loses nothing. Settings that cannot be written (a
full flash) are said, once, not dropped in silence: the system screen's and a new game's alike;
the settings still hold until the power goes, and a flash with room keeps them for the next
power-on (test_sleep_battery.py). Both runtimes."""

from support import system_row

from host_tools.sim.device import Device
from stones.platforms.fakes import FakeFS
from stones.ui.app import SLEEP_S


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
    before = change_sleep(device)  # saved as it is made
    top = device.app.top
    assert top.module_name == "message" and top.heading == "Not saved"
    assert "ENOSPC" in top.text or "28" in top.text
    assert device.app.system["sleep"] != before  # it holds until the power goes
    device.press("a")
    assert device.app.top.module_name == "system"  # said over the screen it was made on
    device.press("right")  # said once: the next change is not said again
    assert device.app.top.module_name == "system"
    device.press("b")
    assert device.app.top.module_name == "menu"


def test_a_system_change_is_kept_without_leaving_the_screen():
    device = Device()
    before = change_sleep(device)
    assert device.app.top.module_name == "system"  # switched off here, on the system screen
    rebooted = Device(fs=device.fs.reboot())
    assert rebooted.app.system["sleep"] == (before + 1) % len(SLEEP_S)


def test_the_setups_changes_are_kept_as_made_and_b_keeps_them():
    device = Device()
    device.press("a")  # Go
    setup = device.app.top
    device.press("down")  # Size
    device.press("right")  # 13
    rebooted = Device(fs=device.fs.reboot())  # switched off on the setup screen
    assert rebooted.app.settings["go"]["size"] == 13
    device.press("b")  # back without starting: kept, as B on the system screen keeps
    assert device.app.top.module_name == "menu"
    device.press("a")
    assert device.app.top is not setup and device.app.top.size == 13
    assert Device(fs=device.fs.reboot()).app.settings["go"]["size"] == 13


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
