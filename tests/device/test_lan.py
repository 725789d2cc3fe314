"""Joining on a network, on the device's side (docs/link.md, "The network"): the announcement a
waiting host sends, its parser refusing by name what is damaged, of another protocol or not
ours; the table of hosts heard, stale after a few seconds; the join list and the address editor
on both panel heights, over a network's announcements in memory (stones.platforms.fakes.FakeLan)
and a pipe in memory: a typed address accepted and kept for the next time, a bad one refused by
name. Both runtimes."""

from fitwalk import Walk

from host_tools.sim.device import Device
from stones.link import lan
from stones.link.peer import PROTOCOL
from stones.link.pipes import Links, memory_pair
from stones.platforms.fakes import FakeClock, FakeLan
from stones.ui import lan as screen_lan
from stones.ui.address import START, check


def refused(data):
    try:
        lan.parse(data)
    except ValueError as error:
        return str(error)
    raise AssertionError("taken: %r" % data)


def test_an_announcement_reads_back_and_anything_else_is_refused_by_name():
    data = lan.announcement("go", 9, 4455, "kitchen pi!")
    assert data == ("PocketStones %d go 9 4455 kitchen-pi-" % PROTOCOL).encode()
    assert lan.parse(data) == ("go", 9, 4455, "kitchen-pi-")
    assert lan.parse(lan.announcement("offshore", 7, 1, "a-very-long-device-name")) == (
        "offshore", 7, 1, "a-very-long-")
    assert refused(b"") == "not an announcement"
    assert refused(b"\xff\xfe\x00") == "not text"
    assert refused(b"PocketStones 1 go\n9 4455 x") == "not text"
    assert refused(b"Other 1 go 9 4455 x") == "not an announcement"
    assert refused(b"x" * 81) == "too long (81 bytes)"
    assert refused(b"PocketStones 1 go 9 4455") == "5 words, not 6"
    assert refused(b"PocketStones 1 go 9 4455 x y") == "7 words, not 6"
    assert refused(b"PocketStones 1  go 9 4455 x") == "7 words, not 6"
    other = ("PocketStones %d go 9 4455 x" % (PROTOCOL + 1)).encode()
    assert refused(other) == "protocol %d, not %d" % (PROTOCOL + 1, PROTOCOL)
    assert refused(b"PocketStones 1 chess 8 4455 x") == "no game chess"
    assert refused(b"PocketStones 1 go nine 4455 x") == "size nine"
    assert refused(b"PocketStones 1 go 99 4455 x") == "size 99"
    assert refused(b"PocketStones 1 go 9 0 x") == "port 0"
    assert refused(b"PocketStones 1 go 9 70000 x") == "port 70000"
    assert refused(b"PocketStones 1 go 9 -1 x") == "port -1"
    assert refused(b"PocketStones 1 go 9 4455 a/b") == "name a/b"


def test_the_hosts_heard_are_listed_until_they_fall_silent():
    clock = FakeClock()
    heard = lan.Heard(clock)
    assert heard.hear(lan.announcement("go", 9, 4455, "a"), "10.0.0.9", 0)
    assert not heard.hear(lan.announcement("go", 9, 4455, "a"), "10.0.0.9", 900)  # the same
    assert heard.hear(lan.announcement("loose", 13, 4455, "b"), "10.0.0.4", 900)
    assert not heard.hear(b"PocketStones 2 go 9 4455 c", "10.0.0.5", 900)
    assert heard.ignored == 1 and heard.problem == "10.0.0.5: protocol 2, not 1"
    assert heard.hosts() == [("10.0.0.4", 4455, "loose", 13, "b"), ("10.0.0.9", 4455, "go", 9, "a")]
    assert heard.hear(lan.announcement("go", 13, 4455, "a"), "10.0.0.9", 1800)  # a new offer
    assert not heard.forget(900 + lan.STALE_MS - 1)
    assert heard.forget(900 + lan.STALE_MS)  # b: silent too long
    assert heard.hosts() == [("10.0.0.9", 4455, "go", 13, "a")]
    for i in range(lan.HOSTS + 3):  # a flood of hosts: the table stays its size
        heard.hear(lan.announcement("go", 9, 5000 + i, "f"), "10.0.1.1", 2000)
    assert len(heard.hosts()) == lan.HOSTS and "more than" in heard.problem


def network(address=":4455", bus=None, fs=None, height=64):
    """A device on a network whose announcements pass on bus, linked over a pipe in memory;
    its panel records what is drawn (fitwalk.Walk: every string whole, inside the panel)."""
    bus = [] if bus is None else bus
    a, b = memory_pair()
    links = Links(lambda host: a if host else b, "network", address, FakeLan(bus, "10.0.0.3"))
    walk = Walk(height)
    walk.device = Device(display=walk.panel, links=links, fs=fs)
    return walk, bus


def open_list(walk):
    device = walk.device
    menu = device.app.top
    for _ in range(menu.actions.index(("lan", None))):
        device.press("down")
    device.press("a")
    assert device.app.top.module_name == "lan"
    return device.app.top


def test_the_join_list_shows_the_hosts_heard_and_joins_the_one_picked():
    for height in (64, 128):
        walk, bus = network("10.0.0.7:4455", height=height)
        device = walk.device
        listing = open_list(walk)
        assert listing.list.rows == [screen_lan.NONE, screen_lan.GIVEN, screen_lan.TYPE]
        assert listing.list.selected == 1  # the address given is the default
        walk.check("Join a link", screen_lan.NONE, screen_lan.GIVEN, "10.0.0.7:4455")
        other = FakeLan(bus, "10.0.0.9", "hall")
        other.send(lan.announcement("offshore", 7, 4460, other.name))
        other.send(b"not ours")
        device.run(100)
        assert listing.list.rows == ["OffShore 7x7 hall", screen_lan.GIVEN, screen_lan.TYPE]
        assert listing.list.selected == 1  # still on the row it was on
        assert listing.heard.problem == "10.0.0.9: not an announcement"
        device.press("up")
        walk.check("OffShore 7x7 hall", "at 10.0.0.9:4460")
        device.run(lan.STALE_MS)
        assert listing.list.rows[0] == screen_lan.NONE  # silent: gone
        other.send(lan.announcement("offshore", 7, 4460, other.name))
        device.run(100)
        device.press("a")
        assert device.app.top.module_name == "linking"
        assert device.app.links.target == "10.0.0.9:4460"
        assert device.app.settings["link"]["joined"] == "10.0.0.9:4460"
        device.press("b")
        device.press("down")  # the address given: joined as before, no target
        device.press("a")
        assert device.app.top.module_name == "linking" and device.app.links.target == ""
        assert "joined" not in device.app.settings["link"]
        device.press("b")
        device.press("b")
        assert device.app.top.module_name == "menu" and not bus  # the list stopped listening


def test_a_host_waiting_on_a_network_announces_itself_until_the_other_comes():
    from stones.engine.registry import game_class

    walk, bus = network()
    device = walk.device
    ear = FakeLan(bus).listen()
    pipe = device.app.links.open(True)
    pipe.open = False  # nobody on the pipe yet
    pipe.port = 4455  # the TCP port a network's pipe listens on
    device.app.open("linking", game_class("go")(9), 1)  # the setup's Start, Link as White
    device.run(2500)
    assert [d for d, _ in ear.inbox] == [lan.announcement("go", 9, 4455, "fake")] * 3
    device.app.link.pipe.mend()  # someone is on the link: no more
    del ear.inbox[:]
    device.run(2500)
    assert ear.inbox == []


def test_a_typed_address_is_joined_and_kept_and_a_bad_one_refused_by_name():
    for height in (64, 128):
        walk, bus = network(height=height)
        device = walk.device
        listing = open_list(walk)
        assert listing.list.rows == [screen_lan.NONE, screen_lan.TYPE]  # (":4455": none given)
        device.press("down")
        walk.check("A: type one")
        device.press("a")
        editor = device.app.top
        assert editor.module_name == "address" and editor.address() == "192.168.001.002:04455"
        walk.check("Host address", "92.168.001.002", "port", "04455", "A: join B: leave")
        for _ in range(9):
            device.press("right")  # the fourth octet's first digit
        walk.press("up", "up", "up")
        device.press("a")
        assert device.app.top is editor and editor.problem == "302 is over 255"
        walk.check("Refused:", "302 is over 255")
        walk.press("down", "down", "down")
        device.press("right")
        walk.press("up", "up")  # 192.168.1.22
        walk.press("right", "right")  # the port's first digit: 0 -> 9
        device.press("down")
        device.press("a")
        assert editor.problem == "port 94455 over 65535"
        walk.check("Refused:", "port 94455 over 65535")
        device.press("up")
        device.press("a")  # 192.168.1.22:4455
        assert device.app.top.module_name == "linking"
        assert device.app.links.target == "192.168.1.22:4455"
        kept = device.app.settings["link"]
        assert kept == {"typed": "192.168.1.22:4455", "joined": "192.168.1.22:4455"}
        rebooted, _ = network(fs=device.fs.reboot(), height=height)
        assert rebooted.device.app.settings["link"] == kept
        open_list(rebooted)
        rebooted.device.press("down")
        rebooted.check("last:", "192.168.1.22:4455")
        rebooted.device.press("a")
        assert rebooted.device.app.top.address() == "192.168.001.022:04455"  # where it left
        screen_lan.rejoin(rebooted.device.app)  # a joined game resumed: the same host
        assert rebooted.device.app.links.target == "192.168.1.22:4455"


def test_the_address_check_names_what_no_host_can_have():
    assert check("192.168.001.020:04455") == "192.168.1.20:4455"
    assert check("127.0.0.1:1") == "127.0.0.1:1"
    assert check(START) == START
    for text, why in (("192.168.1.20", "no port in 192.168.1.20"),
                      ("192.168.1:4455", "not four numbers: 192.168.1"),
                      ("192.168.x.1:4455", "x is not a number"),
                      ("192.168.256.1:4455", "256 is over 255"),
                      ("0.1.2.3:4455", "no host is at 0.x.x.x"),
                      ("255.255.255.255:4455", "255.x.x.x is no host's"),
                      ("224.0.0.1:4455", "224.x.x.x is no host's"),
                      ("10.0.0.1:0", "no port 0"),
                      ("10.0.0.1:65536", "port 65536 over 65535"),
                      ("10.0.0.1:44x", "port 44x is no number")):
        try:
            check(text)
        except ValueError as error:
            assert str(error) == why, (text, str(error))
        else:
            raise AssertionError(text)


def test_a_kept_address_that_is_no_address_is_not_used():
    walk, bus = network()
    app = walk.device.app
    app.settings["link"] = {"typed": "999.1.1.1:1", "joined": 7}
    screen_lan.rejoin(app)
    assert app.links.target == ""
    listing = open_list(walk)
    listing.list.selected = listing.list.rows.index(screen_lan.TYPE)
    walk.device.press("a")
    assert walk.device.app.top.address() == "192.168.001.002:04455"  # the start, not the junk


def test_a_list_that_cannot_listen_says_why():
    walk, bus = network()
    walk.device.app.links.lan.problem = "port 4456: Address already in use"
    listing = open_list(walk)
    assert listing.list.rows == [screen_lan.DEAF, screen_lan.TYPE]
    walk.check(screen_lan.DEAF, "port 4456: Address", "already in use")
    listing.list.selected = 1
    walk.device.press("a")  # an address can still be typed
    assert walk.device.app.top.module_name == "address"
