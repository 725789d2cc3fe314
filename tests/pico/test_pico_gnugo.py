"""An emulated Pico (the real UF2) against GNU Go through the GTP bridge, over the Pico's own USB
serial: the DIY Pico's map offers its cable and its USB, its saved settings say its player
chose USB (the System screen's Link via), the emulator puts that serial on a pty
(emulator.UsbPty), and the bridge's command line (host_tools.gtp.bridge.main) opens the pty
with its normal `--link serial:PATH`, as it would a real Pico's /dev/ttyACM0, and runs GNU Go
as a real one does. The bridge is started first (its greetings reach the Pico
before its Link screen: bytes, not Ctrl-C). The Pico hosts Go 9x9 from its setup with White =
Link; its player passes from the game menu each turn, GNU Go (--level 1) plays until it passes
too, the Pico's player marks nothing and presses MENU, the bridge agrees, and the Pico's Result
screen shows the count the bridge logs, which GNU Go's final_score agrees with.

Emulated time is kept small: the chip runs in slices only while the test waits for the next
thing it needs (the offer taken, GNU Go's move, the end agreed), each wait bounded in emulated
ms. The bridge keeps the chip's time (a thread, given the pty's ticks as its clock): its link's
resends, pings and lost-link time count the device's milliseconds, so an emulator slower than
the wall (a busy machine) loses no link and the game is the same. Skips without the UF2, node
or GNU Go."""

import os
import threading

import pytest

from host_tools.bench.opponents import find_gnugo
from host_tools.gtp import bridge as gtp_bridge
from host_tools.paths import ROOT
from host_tools.pico import emulator as emulated_pico
from host_tools.pico.emulator import EmulatedPico, UsbPty, picture, pin_map
from host_tools.sim.device import Device
from stones.engine import registry
from stones.platforms.fakes import FakeFS
from stones.session import Session
from stones.storage import Store
from stones.ui.draw import centre, title

UF2 = os.path.join(ROOT, "build", "pocket-stones.uf2")
GNUGO = find_gnugo()

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
    pytest.mark.skipif(GNUGO is None, reason="GNU Go is not installed (apt install gnugo)"),
]

WAIT_MS = 20000  # the most emulated time any one wait may take
CROSS_MS = 200  # after the bridge logs a move: for it to cross, then the panel to settle


class BridgeThread:
    """The bridge's command line (host_tools.gtp.bridge.main) on the pty, GNU Go its engine,
    in a thread; its clock the chip's (so the link's resends, pings and lost-link time are
    the device's milliseconds whatever either runs at), its log kept."""

    def __init__(self, port):
        self.lines = []
        self.status = None
        argv = ["--link", "serial:" + port.path, "--", GNUGO, "--mode", "gtp", "--level", "1"]
        self.thread = threading.Thread(target=self._run, args=(argv, port), daemon=True)
        self.thread.start()

    def _run(self, argv, port):
        self.status = gtp_bridge.main(argv, clock=port, log=self.lines.append)

    def said(self, start):
        """The first line of the log that begins with start, or None."""
        for line in list(self.lines):
            if line.startswith(start):
                return line
        return None

    def log(self):
        return "\n".join(self.lines)

    def stopped(self):
        return not self.thread.is_alive()


def usb_chosen():
    """The flash's files of a DIY Pico whose player chose USB on the System screen's Link via
    row (its map offers the cable and the USB): the settings as the firmware saves them."""
    fs = FakeFS()
    Session(Store(fs)).save_settings({"system": {"via": "USB"}})
    return {name: bytes(data) for name, data in fs.files.items()}


def result_frame(text):
    """Pages 0 to 3 of the Result screen showing text, as the firmware draws it."""
    display = Device("ssd1306", buzzer=False).display
    display.fill(0)
    title(display, "Result")
    centre(display, text, 24)
    return bytes(display.buffer[:4 * 128])


def wait_for(port, bridge, start, ms=WAIT_MS):
    """Run the chip until the bridge's log has a line beginning with start; that line."""
    if not port.run_ms(ms, lambda: bridge.said(start) is not None):
        pytest.fail("no %r from the bridge in %d emulated ms; its log:\n%s"
                    % (start, ms, bridge.log()))
    return bridge.said(start)


def arrive(port):
    """What the bridge sent crosses, and the chip settles (its panel drawn)."""
    port.run_ms(CROSS_MS)
    assert port.settle(), "the Pico stayed busy"


def host_go_against_the_link(port):
    """Go from the main menu, White's player set to Link (the last choice), Start."""
    for _ in range(registry.keys().index("go")):
        port.press("down")
    port.press("a")  # the game's setup
    rows = 2 + len(registry.game_class("go").options) + 1  # Start, Size, options, White
    for _ in range(rows):
        port.press("down")
    port.press("left")  # White: Human -> Link
    for _ in range(rows):
        port.press("up")
    port.press("a")  # Start: the offer, on the USB serial


def test_an_emulated_pico_plays_gnu_go_through_the_bridge_over_its_usb_serial():
    assert {"usb": True} in pin_map("pico")["link"]  # (the UF2's built-in map is this one)
    with EmulatedPico(UF2, files=usb_chosen()) as pico:
        port = UsbPty(pico)
        bridge = BridgeThread(port)
        try:
            port.run_ms(500)
            host_go_against_the_link(port)
            accepted = wait_for(port, bridge, "accepted: ")
            assert accepted.startswith("accepted: Go 9x9") and "the engine plays White" in accepted
            arrive(port)
            count = 0
            while True:  # Black passes from the game menu; GNU Go answers
                port.press("menu")
                port.press("down")  # Pass (the row under Back to game)
                port.press("a")
                count += 2
                assert count < 60, "GNU Go never passed:\n" + bridge.log()
                move = wait_for(port, bridge, "move %d: White " % count)
                arrive(port)
                if move.endswith(" PASS"):
                    break
            assert port.settle(), "the marking never opened"  # (its estimate made here)
            port.press("menu")  # done marking: nothing dead (Black has no stones)
            end = wait_for(port, bridge, "the end: ")
            counted = end.split("the device counts ", 1)[1].split(" (", 1)[0]
            score = end.rsplit("final_score ", 1)[1]
            arrive(port)
            port.press("a")  # the counted board -> the score table
            port.press("a")  # -> the result
            arrive(port)
            shown, on = pico.panel()
            assert on
            wanted = result_frame(counted)
            assert shown[:len(wanted)] == wanted, (
                "the Pico's panel:\n%s\nthe result the bridge logged (%s):\n%s"
                % (picture(shown), counted, picture(wanted + bytes(1024 - len(wanted)))))
            assert counted.startswith("White wins by ") and score.startswith("W+"), end
            assert "(0 dead stones agreed)" in end
            # both count territory here (the setup's Go scoring, GNU Go's own): the same margin
            assert float(counted.split(" by ")[1]) == float(score[2:]), end
            assert port.run_ms(WAIT_MS, bridge.stopped), (
                "the bridge did not stop:\n" + bridge.log())  # (its last words acknowledged)
            assert bridge.status == 0, bridge.log()
            assert port.passed[0] > 0 and port.passed[1] > 0  # both ways over the USB serial
            console = pico.serial()
            assert "Traceback" not in console and "KeyboardInterrupt" not in console
            assert pico.counters()["watchdog_resets"] == 0
        finally:
            port.close()
