"""Two simulated devices linked to each other (docs/link.md), driven through their buttons: the
tests' pair, and the side-by-side screenshot of a linked game.

    python -m host_tools.sim.linked OUT.png [GAME] [--size N] [--display ssd1327] [--pregame]

plays a few moves of GAME (go by default) between the two and writes both panels side by side,
the host (Black) on the left, the device that joined (White, its board half turned) on the
right; --pregame stops at the joining player's step of the game's pregame instead (Loose: the
komi named on the host, the colour to pick). The pair runs over a
pipe in memory, or over a socket at address (stones/platforms/netpipe.py); each device has its
own clock, stepped in turn. The pair runs on MicroPython too (tests/device/test_turned_board.py).

    python -m host_tools.sim.linked --lan FOLDER

writes the network's join list (two hosts heard) and its address editor, on both panel heights
(lan-join.png, lan-address.png, tall-lan-join.png, tall-lan-address.png), the announcements
passed in memory (stones.platforms.fakes.FakeLan): no network is used.
"""

import sys

try:
    from host_tools import paths  # noqa: F401 (puts firmware/ on sys.path, as every host tool)
except (ImportError, AttributeError):  # MicroPython (no os.path): its tests put it there
    pass
from host_tools.sim.device import TICK_MS, Device
from stones.engine import registry
from stones.link.pipes import Links, memory_pair


class LinkedPair:
    def __init__(self, address=None, display="ssd1306", name="memory", lans=None, links=None):
        """Over a pipe in memory (its Links called name: "cable" draws what a Pico's UART link
        shows), or a socket at address; over TCP lans is the host's and the joiner's Lan
        (stones/platforms/netpipe.py: the tests' on loopback), by default the network's; or
        over links, the host's and the joiner's Links (a Choice of transports, say)."""
        if links is not None:
            host_links, join_links = links
        elif address is None:
            a, b = memory_pair()
            host_links = Links(lambda host: a, name)
            join_links = Links(lambda host: b, name)
        else:
            from host_tools.sim.cli import net_links

            host_links = net_links(address, lans[0] if lans else None)
            join_links = net_links(address, lans[1] if lans else None)
        self.host = Device(display, buzzer=False, links=host_links)
        self.join = Device(display, buzzer=False, links=join_links)

    def run(self, ms):
        for _ in range(ms // TICK_MS):
            self.host.run(TICK_MS)
            self.join.run(TICK_MS)

    def press(self, device, name):
        pin = device.pin(name)
        pin.press()
        self.run(60)
        pin.release()
        self.run(60)

    def start(self, key, komi=2, black=False):
        """The host sets key up with Link as White and offers it; the other device joins from
        the main menu's Link and accepts. A game with a pregame (Loose's komi protocol) runs it
        first: the host names the komi (komi presses of RIGHT from the first choice), the other
        picks White (Black where black is true), then accepts."""
        self.offer_pregame(key, komi)
        self.join_pregame(black)
        self.run(300)

    def offer_pregame(self, key, komi=2, rights=()):
        """The host's part of start(): the setup (rights: as offer's), its pregame's first
        step, the offer."""
        host, join = self.host, self.join
        offer(self.press, host, key, rights)
        if host.app.top.module_name == registry.game_class(key).pregame:
            for _ in range(komi):
                self.press(host, "right")
            self.press(host, "a")  # offer it
        menu = join.app.top
        for _ in range(menu.actions.index(("linking", None))):
            self.press(join, "down")
        self.press(join, "a")
        self.run(500)

    def join_pregame(self, black=False):
        """The other device's part: accept the offer (and take its pregame's step)."""
        join = self.join
        self.press(join, "a")  # accept
        if join.app.top.module_name != "play":  # the pregame's step: the colour
            if not black:
                self.press(join, "right")
            self.press(join, "a")

    def mover(self):
        """The device whose player is to move (the host plays Black unless a pregame said)."""
        colour = str(self.host.app.game.to_move)
        return self.host if self.host.app.players.get(colour) == "human" else self.join

    def move(self, rng, passing=False):
        """The side to move plays through its game screen: a random legal point, or a pass
        (where one is legal); then both run until it has arrived."""
        device = self.mover()
        screen = device.app.top
        game = device.app.game
        if passing and not game.reason(0):
            screen.pass_turn()
        else:
            moves = [m for m in game.legal_moves() if m]
            screen.view.goto(moves[rng.below(len(moves))])
            screen.dirty = True  # (the cursor's old box drawn again, as the d-pad's steps do)
            screen.place()
        self.run(200)


def offer(press, device, key, rights=()):
    """On device's main menu: set key up with Link as White and Start (the offer). rights: the
    times RIGHT is pressed on each row from the setup's Size on (the size, then the options)."""
    for _ in range(registry.keys().index(key)):
        press(device, "down")
    press(device, "a")  # the game's setup
    rows = 2 + len(registry.game_class(key).options) + 1  # Start, Size, options, Black
    for row in range(rows):
        press(device, "down")
        for _ in range(rights[row] if row < len(rights) else 0):
            press(device, "right")
    press(device, "left")  # White: Human -> Link (the last choice)
    for _ in range(rows):
        press(device, "up")
    press(device, "a")  # Start: the offer


def side_by_side(pair, scale=3, gap=8):
    """One image: the host's panel, a gap, the other's."""
    from PIL import Image

    from host_tools.sim.cli import frame_image

    images = [frame_image(d.display.width, d.display.height, d.display.buffer, scale)
              for d in (pair.host, pair.join)]
    width = images[0].width + gap * scale + images[1].width
    out = Image.new("L", (width, images[0].height), 128)
    out.paste(images[0].convert("L"), (0, 0))
    out.paste(images[1].convert("L"), (images[0].width + gap * scale, 0))
    return out


HEARD = [("192.168.1.20", "go", 9, "kitchen-pi"), ("192.168.1.31", "loose", 13, "den")]


def lan_shots(folder):
    """The join list and the address editor, the files the module's docstring names."""
    import os

    from host_tools.sim.cli import frame_image
    from stones.link import lan
    from stones.platforms.fakes import FakeLan

    def shot(device, name, scale):
        fb = device.display
        frame_image(fb.width, fb.height, fb.buffer, scale).save(os.path.join(folder, name))

    for display, prefix, scale in (("ssd1306", "", 3), ("ssd1327", "tall-", 2)):
        bus = []
        links = Links(lambda host: memory_pair()[0], "network", "192.168.1.20:4455",
                      FakeLan(bus, "192.168.1.9"))
        device = Device(display, buzzer=False, links=links)
        menu = device.app.top
        for _ in range(menu.actions.index(("lan", None))):
            device.press("down")
        device.press("a")
        for here, key, size, name in HEARD:
            FakeLan(bus, here).send(lan.announcement(key, size, 4455, name))
        device.run(100)
        device.press("up")
        device.press("up")  # the first host heard (the address given is the default row)
        shot(device, prefix + "lan-join.png", scale)
        for button in ("down",) * 3 + ("a",) + ("right",) * 10 + ("up",) * 3:
            device.press(button)  # Type an address: from the address given, .20 to .50
        shot(device, prefix + "lan-address.png", scale)


def main(argv=None):
    import argparse

    from stones.engine.rng import Rng

    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--lan":
        lan_shots(argv[1] if len(argv) > 1 else ".")
        return 0
    parser = argparse.ArgumentParser(description="Two linked simulators, side by side.")
    parser.add_argument("out", help="the PNG to write")
    parser.add_argument("game", nargs="?", default="go", choices=registry.keys())
    parser.add_argument("--size", type=int, help="the board's size (the game's default)")
    parser.add_argument("--display", default="ssd1306", help="the panel (ssd1327: 128x128)")
    parser.add_argument("--pregame", action="store_true",
                        help="stop at the pregame's step on the device that joined (Loose: "
                        "the komi named, the colour to pick)")
    args = parser.parse_args(argv)
    cls = registry.game_class(args.game)
    size = args.size or cls.default_size
    if size not in cls.sizes:
        parser.error("%s is played on %s" % (cls.title, ", ".join(map(str, cls.sizes))))
    pair = LinkedPair(display=args.display)
    rights = ((cls.sizes.index(size) - cls.sizes.index(cls.default_size)) % len(cls.sizes),)
    pair.offer_pregame(args.game, rights=rights)
    if args.pregame:
        if not cls.pregame:
            parser.error("%s has no pregame" % cls.title)
        pair.press(pair.join, "a")  # the offer taken: its colour step
        pair.press(pair.join, "right")  # (White: the host would play Black)
    else:
        pair.join_pregame()
        pair.run(300)
        rng = Rng(5)
        for _ in range(9):
            pair.move(rng)
    pair.run(3000)  # the last move's note gone
    side_by_side(pair).save(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
