"""Two emulated Picos playing a linked game over their cabled UARTs, with the simulator's linked
pair (host_tools/sim/linked.py) as their shadow: every press is made on both, so the shadow says
what each panel must show and where each cursor is.

    pair = LinkedPicos(uf2)        # two chips in one node process (emulator.linked_pair)
    pair.start("go")               # the host offers Go with Link as White, the other joins
    pair.play("E5")                # the side to move walks its cursor there and presses A
    pair.differences()             # [] when both panels show what the shadow's devices show
    pair.press_to_stone("D4")      # the latency: A on the mover to the stone on the other panel
    pair.resign()                  # the side to move resigns through its game menu
    unlinked()                     # a simulated device's Links as a lone cabled Pico's

The host is chip 0 (Black, hardware/boards/pico.json's DIY Pico), the device that joined chip
1 (White); both boot the same UF2 with an empty filesystem.
"""

from host_tools.pico.emulator import linked_pair
from host_tools.sim.device import path
from host_tools.sim.linked import LinkedPair
from stones.engine import registry
from stones.link.pipes import Links, MemoryPipe

QUIET_MS = 300  # a step is over when both panels have been this quiet
NOTE_MS = 2500  # long enough for a move's note to go from both screens
READS = 3  # a panel is read this many times, each once quiet, before it is said to differ


def unlinked():
    """The simulator's stand-in for a Pico's cable with nothing on its other end: Links named as
    the firmware names them, so a simulated device shows the Link rows a Pico of a map with a
    "link" entry shows (tests/pico compare the two panels)."""
    return Links(lambda host: MemoryPipe("UART 0"), "cable")


def frames(device):
    """What device's panel may show now: its frame, and on a board screen the same frame in the
    cursor's other blink phase (it blinks on a timer, so either may be on the panel)."""
    shown = [bytes(device.display.buffer)]
    view = getattr(device.app.top, "view", None) if device.app.stack else None
    if view is not None and getattr(view, "show_cursor", False):
        view.blink(device.display, not view.blink_on)
        shown.append(bytes(device.display.buffer))
        view.blink(device.display, not view.blink_on)
    return shown


class LinkedPicos:
    def __init__(self, uf2, board="pico"):
        self.host, self.join = linked_pair(uf2, board=board)
        self.shadow = LinkedPair(name="cable")  # the Pico's Links are named for their cable
        self.sides = ((self.host, self.shadow.host), (self.join, self.shadow.join))

    def close(self):
        self.join.close()
        self.host.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def press(self, pico, name):
        """A press on one emulated chip (both run) and on its shadow device (both run)."""
        shadow = self.shadow.host if pico is self.host else self.shadow.join
        pico.press(name)
        self.shadow.press(shadow, name)

    def settle(self):
        for pico, _ in self.sides:
            pico.settle(quiet_ms=QUIET_MS)

    def wait(self, ms):
        """Both chips and both shadow devices run ms more."""
        self.host.run_ms(ms)
        self.shadow.run(ms)

    def start(self, key):
        """As LinkedPair.start does it, pressed on both: key set up on the host with Link as
        White and offered; the other joins from the main menu's Link and accepts."""
        self.settle()
        for _ in range(registry.keys().index(key)):
            self.press(self.host, "down")
        self.press(self.host, "a")  # the game's setup
        rows = 2 + len(registry.game_class(key).options) + 1  # Start, Size, options, Black
        for _ in range(rows):
            self.press(self.host, "down")
        self.press(self.host, "left")  # White: Human -> Link (the last choice)
        for _ in range(rows):
            self.press(self.host, "up")
        self.press(self.host, "a")  # Start: the offer
        menu = self.shadow.join.app.top
        for _ in range(menu.actions.index(("linking", None))):
            self.press(self.join, "down")
        self.press(self.join, "a")  # Link: waits for the offer
        self.wait(500)
        self.settle()
        self.press(self.join, "a")  # accept
        self.wait(NOTE_MS)
        self.settle()

    def mover(self):
        """(emulated chip, shadow device) of the side to move."""
        return self.sides[0] if self.shadow.mover() is self.shadow.host else self.sides[1]

    def other(self, pico):
        return self.join if pico is self.host else self.host

    def walk(self, point):
        """The side to move walks its cursor to point (the shadow's path); its chip."""
        pico, shadow = self.mover()
        view = shadow.app.top.view
        for button in path(view, view.grid.parse(point)):
            self.press(pico, button)
        pico.settle(quiet_ms=QUIET_MS)
        return pico

    def play(self, point):
        self.press(self.walk(point), "a")
        self.wait(NOTE_MS)
        self.settle()

    def press_to_stone(self, point, max_ms=5000):
        """The side to move plays point: the emulated ms from its A button's edge to the end of
        the bus transfer that put the stone on the other chip's panel (its RAM in the rows and
        columns of that point's cell), or None if it did not come within max_ms."""
        pico = self.walk(point)
        other = self.other(pico)
        view = (self.shadow.join if other is self.join else self.shadow.host).app.top.view
        x, y = view.px[view.grid.parse(point)], view.py[view.grid.parse(point)]
        cx, cy = view.px[view.cursor], view.py[view.cursor]
        if abs(cx - x) <= view.box_w and abs(cy - y) <= view.box_h + 8:
            raise ValueError("%s is next to the other panel's blinking cursor: its blink would "
                             "be taken for the stone" % point)
        pico.set_button("a", True)
        edge = pico.now_ms
        r = view.radius
        arrived = other.watch_panel(y >> 3, max(0, x - r), min(128, x + r + 1), max_ms=max_ms)
        pico.set_button("a", False)
        self.shadow.press(self.shadow.host if pico is self.host else self.shadow.join, "a")
        self.wait(NOTE_MS)
        self.settle()
        return None if arrived is None else arrived - edge

    def resign(self):
        """The side to move opens its game menu and resigns (the question answered Resign)."""
        pico, shadow = self.mover()
        self.press(pico, "menu")
        rows = shadow.app.top.list.rows
        for _ in range(rows.index("Resign")):
            self.press(pico, "down")
        self.press(pico, "a")  # Resign? (the choice that loses nothing comes selected)
        question = shadow.app.top.list
        steps = question.rows.index("Resign") - question.selected
        for _ in range(abs(steps)):
            self.press(pico, "down" if steps > 0 else "up")
        self.press(pico, "a")  # Resign
        self.wait(NOTE_MS)
        self.settle()

    def differences(self):
        """[(side, panel, the shadow's frame)] for each panel that differs from its shadow's."""
        out = []
        for name, (pico, shadow) in zip(("host", "join"), self.sides):
            allowed = frames(shadow)
            for _ in range(READS):  # each read once this chip is quiet: a cursor's blink
                pico.settle(quiet_ms=QUIET_MS)  # may still catch its transfer half done
                shown, _on = pico.panel()
                if shown in allowed:
                    break
            else:
                out.append((name, shown, allowed[0]))
        return out
