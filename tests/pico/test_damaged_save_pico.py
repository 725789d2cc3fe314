"""A damaged game save on the emulated RP2040 (host_tools/pico/emulator.py): both slots of a Go
game in progress overwritten with random bytes in the littlefs of its flash. Booted from reset,
the firmware shows what the simulator shows with the same files (the note that the game was
lost), and its flash then holds the damaged slots set aside, the game save gone and records/ as
it was; the settings' newest slot cut short shows the simulator's note too, the older settings
in use. tests/device/test_damaged_saves.py checks every other corruption on both runtimes."""

import os

import pytest

from host_tools.paths import ROOT
from host_tools.pico import emulator as emulated_pico
from host_tools.pico.emulator import EmulatedPico
from host_tools.sim.device import Device
from stones.platforms.fakes import FakeFS
from stones.session import GAME_LOST
from stones.storage import ASIDE

UF2 = os.path.join(ROOT, "build", "pocket-stones.uf2")

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
]


def random_bytes(n, seed):
    out = bytearray(n)
    x = seed
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = x >> 16 & 0xFF
    return bytes(out)


def test_both_game_slots_damaged_in_flash_are_reported_and_set_aside():
    device = Device()
    for name in ("a", "a"):  # Go, Start
        device.press(name)
    device.play("E5")
    device.play("D5")
    files = {name: bytes(data) for name, data in device.fs.files.items()}
    assert "game.0" in files and "game.1" in files
    for seed, name in enumerate(("game.0", "game.1")):
        files[name] = random_bytes(len(files[name]), seed + 1)
    files["records/0001-go.sgf"] = b"(;GM[1]FF[4]SZ[9];B[ee];W[de])\n"  # an earlier game

    simulated = Device(fs=FakeFS({name: bytearray(data) for name, data in files.items()}))
    assert simulated.app.top.module_name == "message"
    assert simulated.app.top.text == GAME_LOST
    with EmulatedPico(UF2, files=files) as pico:
        assert pico.settle(quiet_ms=200)
        shown, on = pico.panel()
        assert on and "Traceback" not in pico.serial(), pico.serial()
        flash = pico.save_flash()
    assert shown == bytes(simulated.display.buffer), "the panel differs from the simulator's note"
    after = emulated_pico.read_flash_files(flash)
    for name in ("game.0", "game.1"):
        assert name not in after, name
        assert after[ASIDE + "/" + name] == files[name], name
    assert after["records/0001-go.sgf"] == files["records/0001-go.sgf"]


def test_the_newest_settings_slot_damaged_in_flash_is_said_and_the_older_kept():
    """The settings' newest slot cut short in the littlefs of the flash: booted from reset the
    firmware shows the simulator's note with the same files (the settings from before the last
    change), and the older copy's contrast is the one it uses."""
    from stones.session import SETTINGS_OLDER
    from stones.storage import Store

    fs = FakeFS()
    store = Store(fs)
    store.save("settings", b'{"system": {"contrast": 1}}')
    store.save("settings", b'{"system": {"contrast": 2}}')
    files = {name: bytes(data) for name, data in fs.files.items()}
    newer = max(("settings.0", "settings.1"),  # by the sequence number in the slot's header
                key=lambda name: int.from_bytes(files[name][3:7], "little"))
    files[newer] = files[newer][:-3]  # its payload cut short, the header whole

    simulated = Device(fs=FakeFS({name: bytearray(data) for name, data in files.items()}))
    assert simulated.app.top.module_name == "message"
    assert simulated.app.top.text == SETTINGS_OLDER
    assert simulated.app.system["contrast"] == 1
    with EmulatedPico(UF2, files=files) as pico:
        assert pico.settle(quiet_ms=200)
        shown, on = pico.panel()
        assert on and "Traceback" not in pico.serial(), pico.serial()
    assert shown == bytes(simulated.display.buffer), "the panel differs from the simulator's note"
