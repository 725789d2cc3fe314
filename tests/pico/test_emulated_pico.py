"""The firmware on an emulated RP2040 (host_tools/pico/emulator.py): pocket-stones.uf2 booted
from reset, buttons pressed on its GPIO pins, the panel read from the SSD1306 on I2C, saves
written to its flash. `make test` builds the firmware first (make firmware); run alone, these
tests skip when build/pocket-stones.uf2 is missing.

The scripted games press the buttons the simulator's scripts press (tests/scripts/*.txt run by
host_tools/sim/device.py on CPython) and compare the panel's bytes with the simulator's frame after
every step: the real chip, its MicroPython, the real driver and bus must show exactly what the
simulator shows.
"""

import os

import pytest

from host_tools.paths import ROOT
from host_tools.pico import emulator as emulated_pico
from host_tools.pico.emulator import EmulatedPico, picture
from host_tools.pico.linked import frames, unlinked
from host_tools.sim.device import Device, run_script
from stones.platforms.fakes import FakeFS

UF2 = os.path.join(ROOT, "build", "pocket-stones.uf2")
ROMFS_UF2 = os.path.join(ROOT, "build", "pocket-stones-romfs.uf2")
SCRIPTS = os.path.join(ROOT, "tests", "scripts")

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
]


class Recorder(Device):
    """The simulator's device, remembering each step it is given and the frames after it: the
    frame as it is, and, on a board screen, the same frame with the cursor's outline in its other
    blink phase (the outline blinks on a timer, so either may be on the panel when it is read)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("links", unlinked())  # the firmware's map has a link: its Link rows
        self.steps = []
        self.pressing = False
        super().__init__(**kwargs)

    def press(self, name, ms=60):
        self.pressing = True
        super().press(name, ms)
        self.pressing = False
        self.steps.append(("press", name, ms, self.frames()))

    def run(self, ms):
        super().run(ms)
        if not self.pressing:
            self.steps.append(("wait", None, ms, self.frames()))

    def frames(self):
        return frames(self)


def simulated(lines):
    device = Recorder()
    first = bytes(device.display.buffer)
    run_script(device, lines, lambda name: None)
    return first, device.steps, device


def script_lines(name, stop_at=None):
    with open(os.path.join(SCRIPTS, name + ".txt")) as handle:
        lines = handle.read().splitlines()
    if stop_at:
        lines = lines[:[i for i, line in enumerate(lines) if line.startswith(stop_at)][0]]
    return lines


def boot(uf2=UF2, **kwargs):
    pico = EmulatedPico(uf2, **kwargs)
    pico.settle(quiet_ms=200)
    return pico


def replay(pico, steps, label):
    for number, (kind, name, ms, frame) in enumerate(steps):
        if kind == "press":
            pico.press(name, ms)
        else:
            pico.run_ms(ms)
        assert pico.settle(), "%s step %d: the device never went quiet" % (label, number)
        shown, on = pico.panel()
        assert on
        if shown not in frame:
            pytest.fail("%s step %d (%s %s): the panel differs from the simulator\npanel:\n%s\n"
                        "simulator:\n%s" % (label, number, kind, name or ms, picture(shown),
                                            picture(frame[0])))


def test_boots_to_the_menu_with_nothing_else_in_flash():
    menu, _, _ = simulated([])
    with boot() as pico:
        shown, on = pico.panel()
        assert on
        assert shown == menu, "the menu differs from the simulator's:\n" + picture(shown)
        assert "Traceback" not in pico.serial()


@pytest.mark.parametrize("game", ["go", "loose", "loupe", "offshore"])
def test_scripted_game_shows_what_the_simulator_shows(game):
    _, steps, device = simulated(script_lines(game))
    assert device.app.game is None or device.app.game.over or device.app.top.module_name == "menu"
    with boot() as pico:
        replay(pico, steps, game)
        assert "Traceback" not in pico.serial()
        assert pico.counters()["watchdog_resets"] == 0


def test_records_screen_shows_what_the_simulator_shows(monkeypatch):
    """tests/scripts/records.txt: two games kept, listed, one opened, replayed and the question
    before deleting it, on the frozen firmware's heap. The emulated Pico's clock is never set,
    so its records carry no date: the simulator is told the same."""
    import stones.recordfiles

    monkeypatch.setattr(stones.recordfiles, "today", lambda: None)
    _, steps, device = simulated(script_lines("records"))
    assert device.fs.listdir("records") == ["0001-go.sgf", "0002-go.sgf"]
    with boot() as pico:
        replay(pico, steps, "records")
        assert "Traceback" not in pico.serial()


def test_rules_read_from_the_frozen_firmware():
    """The rule texts are frozen as modules (no files beside frozen code): Loose's rules, their
    first two pages, as the simulator shows them from the text file."""
    _, steps, _ = simulated(["down"] * 4 + ["a", "down", "a", "right"])
    with boot() as pico:
        replay(pico, steps, "rules")
        assert "Traceback" not in pico.serial()


@pytest.mark.skipif(not os.path.exists(ROMFS_UF2),
                    reason="no build/pocket-stones-romfs.uf2 (make firmware-romfs)")
def test_romfs_route_boots_to_the_menu_and_reads_the_rules_from_rom():
    """The other route (make firmware-romfs): the firmware without the app, the app's ROMFS image
    in the same UF2 at its partition; the frozen main.py imports the app from /rom. It boots to the
    simulator's menu, and Loose's rules come from the text files beside the code in /rom."""
    menu, _, _ = simulated([])
    _, steps, _ = simulated(["down"] * 4 + ["a", "down", "a", "right"])
    with boot(ROMFS_UF2) as pico:
        shown, on = pico.panel()
        assert on and shown == menu, "the menu differs from the simulator's:\n" + picture(shown)
        replay(pico, steps, "rules from /rom")
        assert "Traceback" not in pico.serial()


def test_power_cut_during_a_save_resumes_the_game():
    """Go: two moves, then the power goes in the middle of the third move's autosave (after its
    first flash operation). Booted again from that flash, the device resumes the game with two or
    three moves, and shows what the simulator shows when it powers on with the same files (read
    out of the emulated flash's littlefs)."""
    lines = ["a", "a", "play E5", "play D5"]
    _, steps, _ = simulated(lines)
    _, after_steps, _ = simulated(lines + ["play E4"])
    with boot() as pico:
        replay(pico, steps, "before the cut")
        for _kind, name, ms, _frame in after_steps[len(steps):-1]:  # walk to E4 ...
            pico.press(name, ms)
            assert pico.settle()
        pico.flash_log()
        pico.set_button("a", True)  # ... and place it: the autosave starts, then the power goes
        cut = pico.cut_after_flash_ops(1, max_ms=60)
        if not cut:
            pico.set_button("a", False)
            cut = pico.cut_after_flash_ops(1)
        assert cut, "the move was not saved within 10 s"
        assert pico.flash_log(), "no flash operation logged"
        flash = pico.save_flash()
    files = emulated_pico.read_flash_files(flash)
    with EmulatedPico(flash=flash) as pico:
        pico.settle(quiet_ms=200)
        shown, on = pico.panel()
        assert on and "Traceback" not in pico.serial()
    assert files, "nothing on the filesystem"
    device = Recorder(fs=FakeFS({name: bytearray(data) for name, data in files.items()}))
    game = device.app.game
    assert game is not None and game.key == "go" and game.count in (2, 3), device.summary()
    assert shown in device.frames(), (
        "after the power cut the panel differs from the simulator's resumed game (%s):\n%s\n\n%s"
        % (device.summary(), picture(shown), picture(device.frames()[0])))


def test_device_move_at_the_top_pico_level():
    """Go 9x9, White is the device at its strongest Pico level: after Black's E5 the device
    answers with a stone of its own, through the app's own loop (search slices, progress bar)."""
    from stones.engine.go.rules import Go

    rows = 2 + len(Go.options) + 2  # Start, Size, the options, Black, White
    with boot() as pico:
        pico.press("a")  # Go
        pico.settle()
        for _ in range(rows - 1):
            pico.press("down")
        pico.press("left")  # White: Human -> Link (the last choice: the map has a cable)
        pico.press("left")  # -> the strongest device level
        for _ in range(rows - 1):
            pico.press("up")
        pico.press("a")  # Start
        pico.settle()
        _, steps, _ = simulated(["a", "a", "play E5"])
        replay(pico, steps[2:-1], "Black's walk to E5")  # as the simulator walks there
        placed = steps[-1][3]  # the simulator's board with E5 on it (White a human there)
        start = pico.now_ms
        pico.press("a")
        assert pico.settle(quiet_ms=200, max_ms=30000), "the device never finished its move"
        answered, _ = pico.panel()
        assert "Traceback" not in pico.serial()
        print("device move: %.2f s of emulated time" % ((pico.now_ms - start - 200) / 1000))
    board = answered[128:]  # below the title bar; the device's stone is a difference there
    assert all(board != frame[128:] for frame in placed), (
        "no answer from the device:\n" + picture(answered))


def test_profiler_names_where_the_cycles_of_playouts_go():
    """host_tools.pico.profile: the cycles it counts by program counter add up to the cycles
    between its markers, they fall in the frozen engine's native code and the runtime's C
    functions, named from the firmware's symbols, and calls to a C function are counted back to
    their callers: the integer operators' calls come from the bytecode around the move loop,
    never from the viper move loop, whose arithmetic is machine code."""
    from host_tools.pico import profile as pico_profile

    symbols = pico_profile.Symbols()
    run = pico_profile.profile("go", 9, knowledge=0, playouts=2,
                               watch=[symbols.span("mp_binary_op")[0]])
    assert run.moves > 100  # two playouts from the empty board
    total = sum(c for _, c in run.counts)
    assert abs(total - run.cycles) <= run.cycles // 1000
    names = pico_profile.by_symbol(run.counts, symbols)
    ranked = sorted(names, key=lambda name: -names[name])
    viper = "fun_data_stones_engine_go_viper_"  # mpy-tool names the module's functions by number
    assert ranked[0].startswith(viper), ranked[:5]  # the move loop
    assert "mp_execute_bytecode" in ranked[:5]
    assert sum(c for name, c in names.items() if name.startswith("[")) < total // 20
    callers = pico_profile.callers_of(run, symbols, "mp_binary_op")
    assert callers and not [name for name in callers if name.startswith(viper)], callers
    assert max(callers, key=callers.get) == "mp_execute_bytecode"
    assert sum(callers.values()) < 10 * run.moves  # bytecode's share: a few calls a move
