"""A link over a Pico's own USB serial (stones.link.pipes.UsbPipe): the console's stdin and
stdout, stdin polled so a read never waits, Ctrl-C off while the link owns the console and back
on once released; a whole greeting and offer pass over it, with a 0x03 among the bytes and the
app's console output between the frames. On fakes of sys.stdin.buffer, sys.stdout.buffer,
select.poll and micropython.kbd_intr. Both runtimes."""

from stones.engine.registry import game_class
from stones.link import frames, peer
from stones.link.pipes import UsbPipe
from stones.platforms.fakes import FakeClock


class Console:
    """The USB serial as MicroPython's rp2 port shows it to the app: bytes the host sent wait
    in stdin (a readinto waits for its whole buffer: here it must never be asked for more than
    came), stdout keeps what the app wrote; kbd_intr's calls are kept."""

    def __init__(self):
        self.inbox = bytearray()
        self.sent = bytearray()
        self.interrupt = []
        self.stdin = self
        self.stdout = Out(self)

    def readinto(self, buf):
        assert len(buf) <= len(self.inbox), "a read that would wait for bytes not yet come"
        n = len(buf)
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n

    def ipoll(self, timeout):
        assert timeout == 0, "a poll that waits"
        return [(self, 1)] if self.inbox else []

    def kbd_intr(self, char):
        self.interrupt.append(char)

    def pipe(self):
        return UsbPipe(self.stdin, self.stdout, self, self.kbd_intr)


class Out:
    def __init__(self, console):
        self.console = console

    def write(self, data):
        self.console.sent.extend(data)


class HostEnd:
    """The computer's end of the USB serial (the bridge's serial port): what it writes arrives
    in the console's stdin, what the app writes is read here."""

    name = "host"

    def __init__(self, console):
        self.console = console

    def readinto(self, buf):
        sent = self.console.sent
        n = min(len(buf), len(sent))
        buf[:n] = sent[:n]
        self.console.sent = sent[n:]
        return n

    def write(self, data):
        self.console.inbox.extend(data)

    def is_open(self):
        return True

    def reopen(self):
        return True


def test_the_link_owns_the_console_until_released():
    console = Console()
    pipe = console.pipe()
    assert console.interrupt == [-1]  # a 0x03 from the other side is a byte, not Ctrl-C
    assert pipe.is_open() and pipe.reopen()
    assert pipe.name == "USB"
    pipe.release()
    assert console.interrupt == [-1, 3]  # Ctrl-C stops a program again


def test_a_read_takes_what_came_and_never_waits():
    console = Console()
    pipe = console.pipe()
    buf = bytearray(8)
    assert pipe.readinto(buf) == 0  # nothing yet: no read at all
    console.inbox.extend(b"\x03\x01\x02")
    assert pipe.readinto(buf) == 3
    assert bytes(buf[:3]) == b"\x03\x01\x02"
    console.inbox.extend(bytes(range(20)))
    assert pipe.readinto(buf) == 8  # at most the buffer
    assert bytes(buf) == bytes(range(8))
    assert pipe.readinto(buf) == 8 and pipe.readinto(buf) == 4
    pipe.write(b"\x03\x04")
    assert bytes(console.sent) == b"\x03\x04"


def test_a_game_is_offered_and_accepted_over_the_usb_serial_past_console_output():
    console = Console()
    clock = FakeClock()
    device = peer.Link(console.pipe(), clock, True, seed=3)
    bridge = peer.Link(HostEnd(console), clock, False, seed=5)
    game = game_class("go")(9)
    device.offer(game, 1)
    crossed = bytearray()
    for _ in range(60):
        clock.advance(10)
        device.poll(clock.ticks_ms())
        console.sent.extend(b"config.json unusable: the built-in pin map\r\n")  # a print
        crossed.extend(console.inbox)
        bridge.poll(clock.ticks_ms())
        crossed.extend(console.inbox)
        if bridge.offered is not None:
            break
    assert device.state == bridge.state == peer.READY
    offered, colour = bridge.offered
    assert colour == 2 and offered.size == 9
    joined = bridge.accept()
    for _ in range(60):
        clock.advance(10)
        bridge.poll(clock.ticks_ms())
        crossed.extend(console.inbox)
        device.poll(clock.ticks_ms())
    assert device.peer_count == 0  # the offer's acceptance came back over the console
    game.play(game.grid.parse("E5"))
    device.moved()
    for _ in range(60):
        clock.advance(10)
        device.poll(clock.ticks_ms())
        bridge.poll(clock.ticks_ms())
        crossed.extend(console.inbox)
    assert joined.count == 1 and joined.colour(joined.grid.parse("E5")) == 1
    assert device.problem == ""  # the host's bytes were frames alone
    assert bridge.problem == "stray bytes"  # the prints, named and passed over
    assert crossed.find(bytes((frames.START,))) >= 0  # the bridge's frames came in


def test_a_ctrl_c_byte_inside_a_frame_reaches_the_parser():
    console = Console()
    pipe = console.pipe()
    data = frames.frame(3, peer.PING, b"\x03\x03")
    console.inbox.extend(b"\x03" + data)
    parser = frames.Parser()
    buf = bytearray(64)
    n = pipe.readinto(buf)
    assert n == len(data) + 1
    i = 0
    while not parser.ready and i < n:
        i = parser.take(buf, i, n)
    assert parser.ready and parser.kind == peer.PING and bytes(parser.payload()) == b"\x03\x03"
