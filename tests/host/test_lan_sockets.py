"""Finding a host on the network (docs/link.md, "The network"), over real sockets on loopback:
two simulated devices, each with its own Lan (stones/platforms/netpipe.py) whose broadcast
address is 127.0.0.1 and whose ports are free ones, so no test depends on a real network. The
host's waiting screen shows where it listens and announces itself; the joiner's list shows it,
joins it with A, and a move passes; once linked the host is silent. Datagrams that are damaged,
of another protocol or not ours are ignored by name, and a host no longer heard leaves the
list."""

import socket

from host_tools.sim.linked import LinkedPair, offer
from stones.engine.rng import Rng
from stones.link import lan as announcements
from stones.platforms import netpipe
from stones.ui import lan


def free_port(kind):
    probe = socket.socket(socket.AF_INET, kind)
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def loopback(udp, name):
    return netpipe.Lan(port=udp, broadcast="127.0.0.1", bind="127.0.0.1", here="127.0.0.1",
                       name=name)


def open_list(pair, device):
    """The main menu's Link, on a network: the list of hosts heard."""
    menu = device.app.top
    for _ in range(menu.actions.index(("lan", None))):
        pair.press(device, "down")
    pair.press(device, "a")
    screen = device.app.top
    assert screen.module_name == "lan"
    return screen


def test_a_host_announced_is_listed_joined_and_played():
    udp, tcp = free_port(socket.SOCK_DGRAM), free_port(socket.SOCK_STREAM)
    host_lan = loopback(udp, "kitchen-pi")
    sent = []
    send = host_lan.send
    host_lan.send = lambda data: sent.append(data) or send(data)
    pair = LinkedPair(":%d" % tcp, lans=(host_lan, loopback(udp, "joiner")))
    host, join = pair.host, pair.join
    try:
        listing = open_list(pair, join)
        assert listing.list.rows == [lan.NONE, lan.TYPE]  # (":PORT" names no host to call)
        offer(pair.press, host, "go")
        waiting = host.app.top
        assert waiting.module_name == "linking"
        assert "Waiting on TCP 127.0.0.1:%d" % tcp in waiting.text()  # what the other types
        pair.run(1500)
        assert sent and sent[0] == b"PocketStones 1 go 9 %d kitchen-pi" % tcp
        assert listing.list.rows == ["Go 9x9 kitchen-pi", lan.TYPE]
        assert listing.list.selected == 0 and listing.detail() == "at 127.0.0.1:%d" % tcp
        pair.press(join, "a")  # join the host heard
        assert join.app.top.module_name == "linking"
        assert join.app.links.target == "127.0.0.1:%d" % tcp
        assert join.app.settings["link"]["joined"] == "127.0.0.1:%d" % tcp  # kept for a resume
        pair.run(500)
        assert join.app.top.link.offered is not None
        pair.press(join, "a")  # accept
        pair.run(300)
        assert host.app.top.module_name == "play" and join.app.top.module_name == "play"
        count = host.app.game.count
        pair.move(Rng(3))
        assert host.app.game.count == join.app.game.count == count + 1
        assert host.app.game.move_words() == join.app.game.move_words()
        quiet = len(sent)
        pair.run(3000)
        assert len(sent) == quiet  # linked: no more announcements
    finally:
        for device in (host, join):
            if device.app.link is not None:
                device.app.link.pipe.close()


def test_foreign_and_damaged_datagrams_are_ignored_and_a_silent_host_goes():
    udp = free_port(socket.SOCK_DGRAM)
    pair = LinkedPair(":%d" % free_port(socket.SOCK_STREAM),
                      lans=(loopback(udp, "a"), loopback(udp, "b")))
    listing = open_list(pair, pair.join)
    other = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for data in (b"\xff\xfe\x00", b"GET / HTTP/1.1", b"PocketStones 9 go 9 4455 x",
                     b"PocketStones 1 chess 8 4455 x", b"PocketStones 1 go 9 0 x", b"x" * 300,
                     b"PocketStones 1 go 9 4455"):
            other.sendto(data, ("127.0.0.1", udp))
        pair.run(200)
        assert listing.list.rows == [lan.NONE, lan.TYPE]
        assert listing.heard.ignored == 7
        assert listing.heard.problem == "127.0.0.1: 5 words, not 6"
        other.sendto(announcements.announcement("loupe", 7, 4999, "hall"), ("127.0.0.1", udp))
        pair.run(200)
        assert listing.list.rows == ["Loupe 7x7 hall", lan.TYPE]
        pair.run(announcements.STALE_MS)  # heard no more
        assert listing.list.rows == [lan.NONE, lan.TYPE]
    finally:
        other.close()
        listing.close()


def test_the_network_s_lan_is_on_the_announcements_port_by_default():
    links = netpipe.links(":4455")
    assert links.lan.port == netpipe.DISCOVERY == announcements.PORT
    assert links.lan.broadcast == "255.255.255.255"
    assert isinstance(links.lan.address(), str)  # this machine's address, or "" with none
    assert netpipe.links("unix:/tmp/x.sock").lan is None  # a local socket: nothing to find
