"""The PicoBoy plays every screen with its own controls: a 5-way joystick (the d-pad and its
press, A) and BOOTSEL (B; held, MENU: its board file's input profile), the simulated device
built as that board's pin map builds the buttons. A whole game of each game on its smallest
board (Go's marking, Loose's komi protocol, Loupe's resignation, OffShore kept when the records
are full), scripted through those controls from the menu to the result and back, opens every
screen of the app but the two a PicoBoy cannot (SCREENS, NOT_REACHED). Runs under pytest and
the MicroPython unix port (host_tools.sim.device runs on both)."""

import support

from host_tools.sim.device import Device, path
from stones.engine import registry
from stones.link.pipes import Links, memory_pair
from stones.ui import gamemenu
from stones.ui.score import BOARD, MARK, RESULT, TABLE

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


def test_the_picoboy_links_over_its_usb_from_its_own_controls():
    # its map's "link": {"usb": true} gives it the Link rows (the pipe here is in memory)
    far, near = memory_pair()
    device = Device(controls=CONTROLS, profile=PROFILE, legend=LEGEND,
                    links=Links(lambda host: near, "USB"))
    row = len(registry.GAMES) + 1  # the main menu's Link, under the games and Rules
    tap(device, "down", row)
    assert tap(device, "a") == "linking"  # waits for the other side's offer
    assert device.app.link.pipe is near and near.written > 0  # greeting it over the USB
    assert tap(device, "b") == "menu"  # a BOOTSEL tap leaves
    assert tap(device, "up", row) == "menu"
    tap(device, "a")  # Go's setup: the last choice of White is now Link
    assert "Link" in device.app.top.players


def test_the_footers_name_the_picoboy_s_controls():
    device = picoboy()
    assert device.app.legend == LEGEND
    assert Device().app.legend == {"a": "A", "b": "B", "menu": "MENU"}  # the default board's


# -- a whole game of each game, every screen, the PicoBoy's controls only ----------------------

# Every screen of stones.ui (the modules with a Screen class) the walks below open, by the
# PicoBoy's six controls alone, on the smallest board of each game. Some are not reached: the
# linking screens (its Link rows appear only where the platform links, and this walk's device
# has no link: the test above opens the Link screen; the network's list and address editor
# only on a network: tests/device/test_lan.py) and
# the error screen (only a fault opens it; tests/device/test_errors.py opens it).
SCREENS = ("address", "confirm", "error", "estimate", "gamemenu", "komi", "lan", "linking", "menu",
           "message", "play", "records", "replay", "rules", "score", "setup", "system")
NOT_REACHED = ("address", "error", "lan", "linking")
REACHED = {
    "go": ("menu", "setup", "play", "gamemenu", "estimate", "rules", "score", "system",
           "records", "replay"),
    "loose": ("menu", "setup", "komi", "play", "gamemenu", "score"),
    "loupe": ("menu", "setup", "play", "gamemenu", "confirm", "score"),
    "offshore": ("menu", "setup", "play", "gamemenu", "score", "confirm", "message"),
}


class Walk:
    """The PicoBoy device, and every screen it has had on its stack after each press."""

    def __init__(self, fs=None):
        self.device = Device(controls=CONTROLS, profile=PROFILE, legend=LEGEND, fs=fs)
        self.seen = set()
        self.look()

    def look(self):
        self.device.run(100)
        for shown in self.device.app.stack:
            self.seen.add(shown.module_name)
        return self.device.app.top.module_name

    def tap(self, name, times=1):
        for _ in range(times):
            self.device.press(name)
            self.look()
        return self.look()

    def hold(self):
        """BOOTSEL held: MENU."""
        self.device.press("b", 800)
        return self.look()

    @property
    def top(self):
        return self.device.app.top

    def row(self, index):
        """Down the top screen's list to row index (from wherever it is)."""
        while self.top.list.selected > index:
            self.tap("up")
        while self.top.list.selected < index:
            self.tap("down")

    def start(self, key):
        """From the main menu: key's setup, its smallest board, Start."""
        from stones.engine.registry import keys

        assert self.look() == "menu"
        self.row(keys().index(key))
        assert self.tap("a") == "setup"
        self.row(1)  # Size
        smallest = min(registry.game_class(key).sizes)
        while self.top.size != smallest:
            self.tap("left")
        self.row(0)
        return self.tap("a")

    def menu_row(self, name):
        assert self.hold() == "gamemenu"
        self.row(gamemenu.ROWS.index(name))
        return self.tap("a")

    def place(self, point):
        """The d-pad along the shortest path to point, then A (the joystick's press)."""
        view = self.top.view
        for button in path(view, view.grid.parse(point)):
            self.device.press(button)
        return self.tap("a")

    def play(self, points):
        """Each point in turn, then passes (the in-game menu's Pass) until the game ends."""
        for point in points:
            assert self.place(point) == "play", point
        for _ in range(6):
            if self.device.app.game.over:
                break
            self.menu_row("Pass")
        assert self.device.app.game.over
        return self.look()

    def to_result(self, then="menu"):
        """Through the score's stages to the result, then MENU (BOOTSEL held): the menu, or
        then (what is asked first)."""
        score = self.top
        assert score.module_name == "score"
        if score.stage == MARK:
            self.hold()  # done marking
        assert score.stage == BOARD
        self.tap("a")
        assert score.stage == TABLE
        self.tap("a")
        assert score.stage == RESULT
        assert self.hold() == then


def reached(walk, key):
    assert sorted(walk.seen) == sorted(REACHED[key])


def test_a_whole_go_game_and_the_screens_around_it_on_the_picoboy():
    walk = Walk()
    assert walk.start("go") == "play"
    walk.place("e5")
    walk.place("d5")
    assert walk.menu_row("Estimate") == "estimate"
    assert walk.tap("b") == "play"
    assert walk.menu_row("Rules") == "rules"
    walk.tap("down", 3)  # scrolls
    assert walk.tap("b") in ("gamemenu", "play")
    while walk.look() != "play":
        walk.tap("b")
    walk.place("c3")
    assert walk.play(["g7"]) == "score"
    walk.to_result()
    walk.row(len(registry.GAMES))  # Rules, System, Records after the games
    walk.tap("down")
    assert walk.tap("a") == "system"
    assert walk.tap("b") == "menu"
    walk.tap("down")
    assert walk.tap("a") == "records"
    records = walk.top
    assert records.names[records.list.selected].endswith("-go.sgf")  # the game just played
    assert walk.tap("a") == "records"  # its facts, then its actions: Replay first
    assert records.actions.rows[records.actions.selected] == "Replay"
    assert walk.tap("a") == "replay"
    walk.tap("right", 3)  # steps through it
    assert walk.tap("b") == "records"
    while walk.look() != "menu":
        walk.tap("b")
    reached(walk, "go")


def test_a_whole_loose_game_through_its_komi_protocol_on_the_picoboy():
    walk = Walk()
    assert walk.start("loose") == "komi"
    protocol = walk.top.protocol
    assert protocol.step == protocol.NAME_KOMI
    walk.tap("right")  # komi 0 -> 2
    assert walk.tap("a") == "komi"  # offered: player 2 picks a colour
    assert protocol.step != protocol.NAME_KOMI and "%s" % protocol.komi == "2"
    walk.tap("right")  # Black -> White
    assert walk.tap("a") == "play"
    assert walk.play(["c3", "b3", "c2"]) == "score"
    walk.to_result()
    reached(walk, "loose")


def test_a_whole_loupe_game_and_a_resignation_on_the_picoboy():
    walk = Walk()
    assert walk.start("loupe") == "play"
    assert walk.play(["d4", "a1", "a2"]) == "score"
    walk.to_result()
    assert walk.start("loupe") == "play"  # another, which Black resigns
    walk.place("d4")
    assert walk.menu_row("Resign") == "confirm"
    confirm = walk.top
    walk.row(confirm.list.rows.index("Resign"))
    assert walk.tap("a") == "score" and walk.top.stage == RESULT
    assert walk.hold() == "menu"
    reached(walk, "loupe")


def test_a_whole_offshore_game_kept_when_the_records_are_full_on_the_picoboy():
    from stones.platforms.fakes import FakeFS
    from stones.session import MAX_RECORDS

    fs = FakeFS()
    for number in range(1, MAX_RECORDS + 1):
        fs.files["records/%04d-go.sgf" % number] = bytearray(b"(;GM[1]SZ[9]RE[W+2])\n")
    walk = Walk(fs)
    assert walk.start("offshore") == "play"
    assert walk.play(["b2", "d3", "c2"]) == "score"
    walk.to_result(then="confirm")  # the records are full: keep this one?
    confirm = walk.top
    assert confirm.heading == "Records full"
    walk.row(confirm.list.rows.index("Delete oldest"))
    assert walk.tap("a") == "message" and walk.top.heading == "Kept"
    assert walk.tap("a") == "menu"
    kept = sorted(name for name in fs.files if name.startswith("records/"))
    assert len(kept) == MAX_RECORDS and kept[0] == "records/0002-go.sgf"
    assert kept[-1] == "records/%04d-offshore.txt" % (MAX_RECORDS + 1)  # the oldest went
    reached(walk, "offshore")


def test_the_walks_reach_every_screen_but_the_two_a_picoboy_cannot_open():
    union = set()
    for screens in REACHED.values():
        union.update(screens)
    assert sorted(union) == sorted(set(SCREENS) - set(NOT_REACHED))


def test_the_list_of_screens_is_the_ui_s():
    import sys

    if sys.implementation.name == "micropython":
        support.skip("reads the ui package's sources (CPython only)")
    import os

    from host_tools.paths import FIRMWARE

    folder = os.path.join(FIRMWARE, "stones", "ui")
    found = []
    for name in os.listdir(folder):
        if name.endswith(".py"):
            with open(os.path.join(folder, name)) as handle:
                if "\nclass Screen" in handle.read():
                    found.append(name[:-3])
    assert sorted(found) == sorted(SCREENS)
