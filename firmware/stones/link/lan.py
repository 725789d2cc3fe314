"""Finding a host on a local network: what a network host that waits for the other player
announces, and the table of the hosts a joiner hears (docs/link.md, "The network").

An announcement is one small UDP datagram, sent about once a second (EVERY_MS) to a fixed port
(PORT), in ASCII words split by one space:

    PocketStones 1 go 9 4455 kitchen-pi

the product, the link's protocol (stones.link.peer.PROTOCOL), the game's key and board size on
offer, the TCP port the host listens on, and a short device name (letters, digits, "-", "_",
".", at most NAME_MAX). parse() refuses, by name, anything else: damaged bytes, another
protocol, a game this firmware lacks, a size out of range. Heard keeps the hosts heard with when
each was heard last; one not heard for STALE_MS is gone. Nothing here touches a socket: the
platform's Lan sends and receives the datagrams (stones/platforms/netpipe.py), the screens
hand what comes to hear() (ui/lan.py). The table has at most HOSTS entries.
"""

from stones.compat import const
from stones.link.peer import PROTOCOL

PORT = const(4456)  # the announcements' UDP port (the link's TCP port is the next one down)
EVERY_MS = const(1000)
STALE_MS = const(3500)  # three announcements missed: the host is gone
HOSTS = const(8)
NAME_MAX = const(12)
DATAGRAM_MAX = const(80)  # the longest announcement there is; longer ones are not ours
PRODUCT = "PocketStones"
_NAME_OK = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."


def short_name(name):
    """name as an announcement carries it: the characters it allows, at most NAME_MAX."""
    out = ""
    for c in name:
        if len(out) == NAME_MAX:
            break
        out += c if c in _NAME_OK else "-"
    return out or "device"


def announcement(key, size, port, name):
    """The datagram a host sends: the game key on a size x size board, its TCP port, its name."""
    return ("%s %d %s %d %d %s" % (PRODUCT, PROTOCOL, key, size, port, short_name(name))).encode()


def parse(data):
    """(key, size, port, name) from an announcement; ValueError naming what is wrong."""
    from stones.engine.registry import keys

    if len(data) > DATAGRAM_MAX:
        raise ValueError("too long (%d bytes)" % len(data))
    for b in data:
        if b < 32 or b > 126:
            raise ValueError("not text")
    words = data.decode().split(" ")
    if words[0] != PRODUCT:
        raise ValueError("not an announcement")
    if len(words) != 6:
        raise ValueError("%d words, not 6" % len(words))
    if words[1] != str(PROTOCOL):
        raise ValueError("protocol %s, not %d" % (words[1][:8], PROTOCOL))
    key = words[2]
    if key not in keys():
        raise ValueError("no game %s" % key[:12])
    size = _number(words[3], "size")
    if not 2 <= size <= 25:
        raise ValueError("size %d" % size)
    port = _number(words[4], "port")
    if not 0 < port < 65536:
        raise ValueError("port %d" % port)
    name = words[5]
    if not name or len(name) > NAME_MAX or short_name(name) != name:
        raise ValueError("name %s" % name[:NAME_MAX])
    return key, size, port, name


def _number(word, what):
    if not word.isdigit() or len(word) > 5:
        raise ValueError("%s %s" % (what, word[:8]))
    return int(word)


class Heard:
    """The hosts heard lately: hear() each datagram with the address it came from; hosts(now)
    lists the fresh ones as (ip, port, key, size, name), in a steady order. ignored counts what
    was not an announcement of ours, problem names the last of it."""

    def __init__(self, clock):
        self.clock = clock
        self.table = []  # [ip, port, key, size, name, heard at]
        self.ignored = 0
        self.problem = ""

    def hear(self, data, ip, now):
        """Take one datagram from ip; True if the list of hosts changed."""
        try:
            key, size, port, name = parse(data)
        except (ValueError, UnicodeError) as error:
            self.ignored += 1
            self.problem = "%s: %s" % (ip, error)
            return False
        for entry in self.table:
            if entry[0] == ip and entry[1] == port:
                changed = entry[2] != key or entry[3] != size or entry[4] != name
                entry[2] = key
                entry[3] = size
                entry[4] = name
                entry[5] = now
                return changed
        if len(self.table) >= HOSTS:
            self.ignored += 1
            self.problem = "%s: more than %d hosts" % (ip, HOSTS)
            return False
        self.table.append([ip, port, key, size, name, now])
        self.table.sort()
        return True

    def forget(self, now):
        """Drop the hosts not heard for STALE_MS; True if any went."""
        kept = [e for e in self.table if self.clock.ticks_diff(now, e[5]) < STALE_MS]
        gone = len(kept) != len(self.table)
        self.table = kept
        return gone

    def hosts(self):
        return [(e[0], e[1], e[2], e[3], e[4]) for e in self.table]
