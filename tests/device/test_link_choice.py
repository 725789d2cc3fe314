"""A Pico map offering its cable and its USB (the DIY Pico's "link": [cable, {"usb": true}],
docs/link.md): the System screen's Link via row chooses, saved with the settings; the app's
link opens the chosen one's pipe, a link moves to the other when it is chosen (and greets
again there), and the USB owns the console (Ctrl-C off) only while it is chosen. A map with
one transport, or none, has no such row. On fakes: a memory pipe for the cable, UsbPipe over a
fake console. Both runtimes."""

from support import system_row

from host_tools.sim.device import Device
from host_tools.sim.linked import LinkedPair, offer
from stones.boot import make_links
from stones.engine.rng import Rng
from stones.link import frames, peer
from stones.link.pipes import Choice, Links, UsbPipe, memory_pair
from stones.platforms.fakes import FakeFS
from stones.session import Session
from stones.storage import Store


class Console:
    """The USB serial as UsbPipe sees it: stdin (polled, read a byte at a time), stdout (what
    the app wrote, kept) and micropython.kbd_intr (its calls kept)."""

    def __init__(self):
        self.inbox = bytearray()
        self.sent = bytearray()
        self.interrupt = []

    def readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n

    def write(self, data):
        self.sent.extend(data)

    def ipoll(self, timeout):
        return [(self, 1)] if self.inbox else []

    def kbd_intr(self, char):
        self.interrupt.append(char)


class Transports:
    """A Pico's two transports as boot.make_links makes them from its map's list: the cable (a
    memory pipe) and the USB (a UsbPipe over a Console); made lists each one as it is made."""

    def __init__(self):
        self.cable, self.far = memory_pair()
        self.console = Console()
        self.made = []

    def links(self):
        return Choice([("cable", self.make_cable), ("USB", self.make_usb)])

    def make_cable(self):
        self.made.append("cable")
        return Links(lambda host: self.cable, "cable")

    def make_usb(self):
        self.made.append("USB")
        console = self.console
        usb = UsbPipe(console, console, console, console.kbd_intr)
        return Links(lambda host: usb, "USB", release=usb.release)


def via_row(device):
    """The System screen opened from the main menu (its Link row is before System), its
    cursor on Link via: (the screen, the row)."""
    device.press("down")
    return system_row(device, "Link via")


def press(device, name):
    device.press(name)


def test_the_link_via_row_cycles_the_cable_and_the_usb_where_the_map_offers_both():
    transports = Transports()
    device = Device(links=transports.links())
    assert transports.made == ["cable"]  # the map's first, at first; the USB not made
    assert transports.console.interrupt == []  # Ctrl-C as it was: the cable is chosen
    screen, row = via_row(device)
    assert screen.list.rows[row] == ("Link via", "cable")
    assert screen.list.rows[row - 1][0] == "Link"  # under the link's state
    device.press("a")
    assert screen.list.rows[row] == ("Link via", "USB")
    assert device.app.system["via"] == "USB"
    assert transports.made == ["cable", "USB"]
    assert transports.console.interrupt == [-1]  # the USB owns the console: a 0x03 is a byte
    device.press("right")
    assert screen.list.rows[row] == ("Link via", "cable")
    assert transports.console.interrupt == [-1, 3]  # left: Ctrl-C stops a program again
    device.press("left")
    assert screen.list.rows[row] == ("Link via", "USB")
    device.app.links.release()  # the app stopped (boot.main): the console goes back
    assert transports.console.interrupt == [-1, 3, -1, 3]


def test_a_map_with_one_transport_or_none_has_no_link_via_row():
    one = Device(links=Links(lambda host: memory_pair()[0], "USB"))
    one.press("down")
    screen, _ = system_row(one, "Link")
    assert "Link via" not in [label for label, _ in screen.list.rows]
    screen, _ = system_row(Device(), "Sleep")
    labels = [label for label, _ in screen.list.rows]
    assert "Link via" not in labels and "Link" not in labels
    assert "via" not in Device().app.system


def test_the_choice_survives_a_reboot_and_a_saved_one_not_offered_is_the_first():
    device = Device(links=Transports().links())
    via_row(device)
    device.press("a")  # USB
    transports = Transports()
    rebooted = Device(fs=device.fs.reboot(), links=transports.links())
    assert rebooted.app.system["via"] == "USB" and rebooted.app.links.name == "USB"
    assert transports.made == ["USB"]  # the cable is never made
    assert transports.console.interrupt == [-1]  # from the app's start
    screen, row = via_row(rebooted)
    assert screen.list.rows[row] == ("Link via", "USB")
    for saved in ("radio", 7, None, ["USB"]):
        fs = FakeFS()
        Session(Store(fs)).save_settings({"system": {"via": saved}})
        transports = Transports()
        device = Device(fs=fs.reboot(), links=transports.links())
        assert device.app.system["via"] == "cable" and transports.made == ["cable"], saved


def test_the_app_s_link_opens_the_chosen_pipe_and_moves_when_the_other_is_chosen():
    transports = Transports()
    device = Device(links=transports.links())
    via_row(device)
    device.press("a")  # USB
    device.press("b")  # back to the main menu, its cursor on System
    for _ in range(6):
        device.press("up")
    offer(press, device, "go")  # host Go with White = Link
    device.run(500)
    assert device.app.top.module_name == "linking"
    assert isinstance(device.app.link.pipe, UsbPipe)
    assert bytes((frames.START,)) in transports.console.sent  # it greets over the USB
    assert transports.cable.written == 0  # and never on the cable
    device.app.choose_link("cable")  # the System screen's row, as the test above presses it
    assert device.app.link.pipe is transports.cable
    assert transports.console.interrupt == [-1, 3]
    sent = len(transports.console.sent)
    device.run(500)
    assert transports.cable.written > 0 and len(transports.console.sent) == sent
    assert device.app.system["via"] == "cable"


def test_a_linked_game_moves_to_the_other_transport_and_plays_on():
    cable = memory_pair()
    usb = memory_pair()

    def choice(end):
        return Choice([("cable", lambda: Links(lambda host: cable[end], "cable")),
                       ("USB", lambda: Links(lambda host: usb[end], "USB"))])

    pair = LinkedPair(links=(choice(0), choice(1)))
    pair.start("go")
    rng = Rng(5)
    pair.move(rng)
    assert pair.join.app.game.count == 1
    assert pair.host.app.link.state == pair.join.app.link.state == peer.READY
    for device in (pair.host, pair.join):
        device.app.choose_link("USB")
    assert pair.host.app.link.state == peer.WAITING  # greets again over the USB
    written = cable[0].written + cable[1].written
    pair.run(1000)
    assert pair.host.app.link.state == pair.join.app.link.state == peer.READY
    pair.move(rng)
    pair.move(rng)
    assert pair.host.app.game.count == pair.join.app.game.count == 3
    assert cable[0].written + cable[1].written == written  # nothing more on the cable
    assert usb[0].written > 0 and usb[1].written > 0


def test_boot_makes_a_pico_map_s_list_a_choice_and_neither_transport_yet():
    links = make_links([{"uart": 0, "tx": 12, "rx": 13, "baud": 115200}, {"usb": True}], "pico")
    assert links.choices == ("cable", "USB") and links.name == "cable"
    assert links.chosen is None  # made when the app chooses (from its saved settings)
    links = make_links([{"usb": True}, {"uart": 0, "tx": 12, "rx": 13}], "pico")
    assert links.choices == ("USB", "cable")
