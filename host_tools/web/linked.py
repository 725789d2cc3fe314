"""The page linked to a simulated device through the relay, both driven a step at a time: the
link test's pair (tests/host/test_web_link.py) and the picture of a linked game, the page
beside the simulator (docs/screenshots/web-link.png, taken by shot.py).

The simulated device hosts Go 9x9 (Link as White) on a TCP port of 127.0.0.1, as
`make sim LINK=:4455` does; the page, opened with ?manual, joins it from its main menu's Link,
through the relay of the server that serves it (relay.py). The two clocks move in turn, STEP_MS
at a time, and after each step the pair waits until the bytes on their way have come
(settle: the page's counts, the relay's and the device's agree), so the simulated time never
outruns the real sockets and what the link sees does not hang on the machine's speed.
"""

import socket
import time

from host_tools.sim.device import Device
from host_tools.sim.linked import offer
from host_tools.web.drive import WAIT_MS, PageError, open_page, twin
from stones.link.pipes import Links
from stones.platforms.netpipe import NetPipe
from stones.platforms.web import LINK_CLOSED, LINK_OPENING

STEP_MS = 20  # each side's clock moves this much, then the bytes are waited for
COUNTS = """ms => {
  if (ms) window.stones.run(ms);
  const link = window.stones.link;
  return [link.state, link.sockets, link.sent, link.received];
}"""


class CountingPipe(NetPipe):
    """The simulated device's TCP pipe, counting what it writes to its connection of now."""

    def __init__(self, address, listen):
        NetPipe.__init__(self, address, listen)
        self.counted = None  # the connection written counts for
        self.written = 0

    def write(self, data):
        if self.conn is not self.counted:
            self.counted = self.conn
            self.written = 0
        NetPipe.write(self, data)
        self.written += len(data)


def free_port(wanted=0):
    """A port of 127.0.0.1 nothing listens on: wanted if it is free, else any."""
    sock = socket.socket()
    try:
        sock.bind(("127.0.0.1", wanted))
    except OSError:
        sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


def peer_of(sock):
    try:
        return sock.getpeername()
    except (OSError, AttributeError):
        return None


def name_of(sock):
    try:
        return sock.getsockname()
    except (OSError, AttributeError):
        return None


class PageAndDevice:
    """A simulated device (device: host_tools.sim's, hosting on port) and a page of the site
    at url (opened with open_page's options), whose server's relay is relay."""

    def __init__(self, browser, url, relay, port=None, **options):
        self.relay = relay
        self.before = relay.opened  # the sessions of other pages before this one's
        self.port = port or free_port()
        self.pipe = None
        address = "127.0.0.1:%d" % self.port
        self.device = Device(buzzer=False,
                             links=Links(lambda host: self._pipe(address, host), "network"))
        self.context, self.page = open_page(browser, url, **options)
        self.page.locator("#link summary").click()  # the Link box, open: its address field
        self.page.fill("#link-address", address)
        self.page.dispatch_event("#link-address", "change")

    def _pipe(self, address, host):
        self.pipe = CountingPipe(address, host)
        return self.pipe

    def close(self):
        self.context.close()
        if self.pipe is not None:
            self.pipe.close()

    # -- stepping -------------------------------------------------------------------------------

    def run(self, ms):
        for _ in range(max(1, ms // STEP_MS)):
            self.device.run(STEP_MS)
            self.settle(self.page.evaluate(COUNTS, STEP_MS))

    def settle(self, counts):
        """Wait until the bytes on their way have come (never longer than WAIT_MS: then the
        relay or the page is stuck, said by PageError)."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while not self.settled(counts):
            if time.monotonic() > deadline:
                raise PageError("the link's bytes did not come: %r" % (counts,))
            time.sleep(0.002)
            counts = self.page.evaluate(COUNTS, 0)

    def settled(self, counts):
        state, sockets, sent, received = counts
        if state == LINK_CLOSED:
            return True  # no socket: nothing on its way
        relay = self.relay
        session = relay.last
        if session is None or relay.opened - self.before != sockets:
            return False  # the relay has not taken the page's newest socket yet
        if state == LINK_OPENING:
            return session.phase == "waiting"  # (the relay calling, or its "open" on its way)
        if session.phase != "open":
            return False  # its close on its way to the page
        if sent != session.from_page or received != session.to_page:
            return False
        pipe = self.pipe
        if pipe is None or pipe.conn is None or pipe.counted is not pipe.conn:
            return True  # the device has written nothing to this connection
        if peer_of(pipe.conn) != name_of(session.device):
            return True  # the device writes to an older connection, closed by the relay
        return pipe.written == session.to_page

    def state(self):
        return self.page.evaluate(COUNTS, 0)[0]

    # -- buttons and moves ----------------------------------------------------------------------

    def press(self, on, name):
        """Press a button on the device or on the page (its on-screen button, with the mouse),
        both clocks going on while it is held and after."""
        if on is self.device:
            pin = self.device.pin(name)
            pin.press()
            self.run(60)
            pin.release()
        else:
            box = self.page.locator('[data-button="%s"]' % name).bounding_box()
            self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            self.page.mouse.down()
            self.run(60)
            self.page.mouse.up()
        self.run(60)

    def ask(self, expression):
        """A value of the page's app, read through the port's proxies (window.stones.loop): a
        number, a string, None, or a list of those (a Python list or tuple)."""
        return self.page.evaluate("() => { const value = window.stones.loop.%s;\n"
                                  "return value !== null && typeof value === 'object' && "
                                  "value._ref !== undefined ? Array.from(value) : value; }"
                                  % expression)

    def start(self, page_hosts=False):
        """The device offers Go 9x9 with Link as White, and the page joins from its main
        menu's Link and accepts: the device plays Black, the page White. page_hosts: the other
        way round, the page offering (the relay listening on the port) and the device joining
        it."""
        host, join = (self.page, self.device) if page_hosts else (self.device, self.page)
        offer(self.press, host, "go")
        actions = twin().app.top.actions
        for _ in range(actions.index(("linking", None))):
            self.press(join, "down")
        self.press(join, "a")
        for _ in range(WAIT_MS // 100):  # the page's socket opens in the browser's own time
            text = self.device.app.top.text() if page_hosts else self.ask("app.top.text()")
            if "You play" in text:
                break
            self.run(100)
        self.press(join, "a")  # accept
        self.run(300)

    def move(self, rng):
        """The side to move plays a random legal point through its game screen (the page's
        through its app, as host_tools.sim.linked's pair does), then both run until it came."""
        game = self.device.app.game
        moves = [m for m in game.legal_moves() if m]
        point = moves[rng.below(len(moves))]
        if self.device.app.players[str(game.to_move)] == "human":
            self.device.app.top.view.goto(point)
            self.device.app.top.place()
        else:
            self.page.evaluate("code => window.stones.python(code)",
                               "loop.app.top.view.goto(%r)\nloop.app.top.place()" % point)
        self.run(300)

    def picture(self, path, label, gap=16):
        """The page's device (its face, the Link box open) beside the simulator's panel at the
        page's scale, label under the panel."""
        import io

        from PIL import Image, ImageDraw, ImageFont

        from host_tools.sim.cli import frame_image

        page = Image.open(io.BytesIO(self.page.locator(".device").screenshot())).convert("RGB")
        scale = self.page.evaluate("document.getElementById('panel').width") // 128
        display = self.device.display
        panel = frame_image(display.width, display.height, display.buffer, scale).convert("RGB")
        out = Image.new("RGB", (page.width + gap + panel.width + gap, page.height), (27, 29, 36))
        out.paste(page, (0, 0))
        top = 16 + 10  # where the page's panel is: the device's padding, then the bezel's
        out.paste(panel, (page.width + gap, top))
        ImageDraw.Draw(out).text((page.width + gap, top + panel.height + 12), label,
                                 fill=(138, 142, 160), font=ImageFont.load_default(14))
        out.save(path)
        return path

