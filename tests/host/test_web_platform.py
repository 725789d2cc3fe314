"""The web page's platform (stones/platforms/web.py, boot.web) over a stand-in for the page's
JavaScript: its files in a dict the way localStorage keeps them, its clock stepped by hand, its
link's WebSocket a pipe in memory. The real page in a real browser is tests/host/test_web.py
(and tests/host/test_web_link.py, linked to a simulator through the relay)."""

import base64

import pytest

from host_tools.sim.device import Device
from host_tools.sim.linked import offer
from stones import boot
from stones.engine.rng import Rng
from stones.link import peer
from stones.link.pipes import Links, memory_pair
from stones.platforms import web
from stones.platforms.web import PREFIX, PageFS
from stones.session import Session
from stones.storage import OK, OLDER, Store


class Page:
    """What host_tools/web/page/stones.js registers as `page`: strings under keys, and a
    buzzer that records its notes."""

    def __init__(self, items=None):
        self.items = {} if items is None else items
        self.notes = []

    def store_get(self, key):
        return self.items.get(key)

    def store_set(self, key, text):
        assert isinstance(text, str)  # localStorage keeps strings only
        self.items[key] = text

    def store_remove(self, key):
        self.items.pop(key, None)

    def store_keys(self):
        return "\n".join(self.items)

    def tone(self, hz):
        self.notes.append(hz)


def test_files_round_trip_through_the_page_store():
    fs = PageFS(Page())
    with fs.open("game.0", "wb") as handle:
        handle.write(b"\x00\xffPS")
        handle.write(bytearray(b"more"))
    with fs.open("game.0", "rb") as handle:
        assert handle.read(2) == b"\x00\xff"
        assert handle.read() == b"PSmore"
    assert fs.size("game.0") == 8
    fs.mkdir("records")
    with fs.open("records/0001-go.sgf", "wb") as handle:
        handle.write(b"(;GM[1])")
    assert fs.listdir() == ["game.0"]
    assert fs.listdir("records") == ["0001-go.sgf"]
    fs.remove("game.0")
    assert fs.listdir() == []
    with pytest.raises(OSError):
        fs.open("game.0", "rb")
    with pytest.raises(OSError):
        fs.remove("game.0")
    with pytest.raises(OSError):
        fs.size("game.0")


def test_other_keys_in_the_store_are_not_files():
    page = Page({"someone-else": "x", PREFIX + "settings.0": ""})
    assert PageFS(page).listdir() == ["settings.0"]


def test_a_page_closed_mid_save_keeps_the_save_before():
    """A file reaches the store whole at close(); a page that goes before then leaves the
    store as it was, and the storage layer's other slot has the previous save."""
    page = Page()
    store = Store(PageFS(page))
    store.save("game", b"first")
    store.save("game", b"second")
    kept = dict(page.items)
    handle = PageFS(page).open("game.1", "wb")  # the next save's slot...
    handle.write(b"PS\x01 a third save, cut short")  # ...written, never closed
    assert page.items == kept
    assert Store(PageFS(Page(dict(page.items)))).load("game") == (OK, b"second")
    page.items[PREFIX + "game.0"] = page.items[PREFIX + "game.0"][:-4]  # a damaged newest
    assert Store(PageFS(page)).load("game") == (OLDER, b"first")


def press(loop, name, ms=60):
    loop.press(name)
    loop.run(ms)
    loop.release(name)
    loop.run(60)


def test_the_page_plays_the_simulators_frames_and_resumes_its_save():
    page = Page()
    loop = boot.web(page, manual=True)
    device = Device()
    assert loop.app.top.module_name == "menu"
    assert bytes(loop.app.display.frame) == bytes(device.display.buffer)
    for name in ("a", "a", "right", "up", "a", "left", "a"):  # Go, Start, two stones
        press(loop, name)
        device.press(name)
        assert bytes(loop.app.display.frame) == bytes(device.display.buffer), name
    assert loop.app.game.count == 2
    picture = loop.picture()
    assert picture[:-2] == bytes(loop.app.display.frame) and picture[-2:] == b"\x01\xff"
    assert page.notes  # the buzzer played the stones through the page
    again = boot.web(page, manual=True)  # the page loaded again: the same store
    assert again.app.top.module_name == "play" and again.app.game.count == 2
    assert Session(Store(PageFS(page))).load_game()[0].count == 2


def test_a_frame_steps_until_its_time_is_up_and_returns():
    """frame(ms) on a clock that moves a millisecond each time it is read (the page's runs on
    its own): one step when nothing happens; while the device thinks, steps for the ms."""
    loop = boot.web(Page(), manual=True)
    clock = loop.clock
    steps = []
    step = loop.app.step

    def counted():
        steps.append(clock.now)
        return step()

    def ticks_ms():
        clock.advance(1)
        return clock.now

    loop.app.step = counted
    clock.ticks_ms = ticks_ms
    loop.frame(50)
    assert len(steps) == 1
    loop.press("a")  # Go: a press and its release, a frame each, open the game's setup
    for _ in range(30):
        loop.frame(50)
    loop.release("a")
    for _ in range(30):
        loop.frame(50)
    assert loop.app.top.module_name == "setup"
    loop.app.top.thinking = True  # the screen says the device thinks: the frame keeps going
    steps.clear()
    loop.frame(50)
    assert len(steps) > 5 and clock.ticks_diff(steps[-1], steps[0]) < 50


def test_a_tap_let_go_before_the_app_saw_it_still_counts():
    """On the page's own clock a release waits until the app has seen the press; a test's
    exact clock lets go when told, so the same tap is too short for the debounce."""
    for exact, screen in ((False, "setup"), (True, "menu")):
        loop = boot.web(Page(), manual=True)
        loop.exact = exact
        loop.press("a")
        loop.run(5)  # one poll: the press seen, not yet debounced
        loop.release("a")
        loop.run(200)
        assert loop.app.top.module_name == screen, exact
        assert loop.pins["a"].level == 1


class Search:
    def __init__(self):
        self.playouts = 0


class Thinking:
    def __init__(self, key):
        self.search = Search()
        self.game = type("Game", (), {"key": key})()


def paced_playouts(pico, rate=50, ms=2000):
    """The playouts a stand-in screen's search makes in ms, a playout a step, on a clock that
    moves a millisecond each time it is read, with Pico speed on or off."""
    loop = boot.web(Page(), manual=True)
    clock = loop.clock
    thinking = Thinking("go")

    def step():
        thinking.search.playouts += 1
        return False

    def ticks_ms():
        clock.advance(1)
        return clock.now

    loop.app.stack.append(type("Screen", (), {"thinking": thinking})())
    loop.app.step = step
    clock.ticks_ms = ticks_ms
    loop.set_rate("go", rate)
    loop.pico = pico
    start = clock.now
    while clock.ticks_diff(clock.now, start) < ms:
        loop.frame(10)
    return thinking.search.playouts


def test_pico_speed_holds_the_thinking_to_the_picos_playouts():
    assert 90 <= paced_playouts(True) <= 110  # 50 a second, for 2 seconds
    assert paced_playouts(False) > 500  # as fast as the page runs


def test_a_replay_the_page_opens_is_known_until_b_leaves_it_and_a_second_replaces_it():
    """Loop.replaying() tells the page's status line whether its replay is still open: true
    from replay() until B leaves it; a second record replaces the first, so one B goes back
    to the menu."""
    from stones.engine.go.rules import Go

    loop = boot.web(Page(), manual=True)
    assert loop.replaying() is False
    game = Go(9)
    for point in ("E5", "D5", "E4"):
        game.play_text(point)
    game.play(0)
    game.play(0)
    loop.replay(game)
    assert loop.replaying() and loop.app.top.module_name == "replay"
    press(loop, "left")
    assert loop.replaying()  # stepping keeps it
    loop.replay(game)  # a second record: in the first's place
    assert len(loop.app.stack) == 2
    press(loop, "b")
    assert loop.app.top.module_name == "menu" and loop.replaying() is False


class LinkPage(Page):
    """A page whose link's WebSocket is one end of a pipe in memory (the relay and the other
    device's TCP between them left out): open while the pipe is, once the page has opened it."""

    def __init__(self, end):
        Page.__init__(self)
        self.end = end
        self.connected = False
        self.opened = []  # (host, address) of each link_open

    def link_address(self):
        return "127.0.0.1:4455"

    def link_open(self, host, address):
        self.opened.append((host, address))
        self.connected = self.end.is_open()

    def link_state(self):
        return web.LINK_OPEN if self.connected and self.end.is_open() else web.LINK_CLOSED

    def link_read(self, n):
        buf = bytearray(n)
        got = self.end.readinto(buf) if self.link_state() == web.LINK_OPEN else 0
        return base64.b64encode(buf[:got]).decode() if got else ""

    def link_write(self, text):
        assert isinstance(text, str)  # the page's JavaScript takes the bytes as base64 text
        if self.link_state() != web.LINK_OPEN:
            return False
        self.end.write(base64.b64decode(text))
        return True

    def link_close(self):
        self.connected = False


def test_a_page_joins_a_device_over_its_link_and_resumes_after_a_cut():
    """The page's Links (boot.web with link): its main menu's Link joins a simulated device
    hosting Go through the page's pipe, moves go both ways, and a cut link pauses both; the
    page asks to open its socket again once every REOPEN_MS, and the game goes on."""
    end, other = memory_pair()
    page = LinkPage(end)
    loop = boot.web(page, manual=True, link=True)
    device = Device(buzzer=False, links=Links(lambda host: other, "network"))

    def run(ms):
        for _ in range(ms // 5):
            loop.run(5)
            device.run(5)

    def both(on, name):
        if on is device:
            device.pin(name).press()
            run(60)
            device.pin(name).release()
        else:
            loop.press(name)
            run(60)
            loop.release(name)
        run(60)

    offer(both, device, "go")  # Go 9x9, Link as White: the device hosts, plays Black
    menu = loop.app.top
    for _ in range(menu.actions.index(("linking", None))):
        both(loop, "down")
    both(loop, "a")  # the page's Link: waiting for the offer
    run(500)
    assert page.opened == [(0, "127.0.0.1:4455")]
    assert "Go 9x9" in loop.app.top.text() and "You play White" in loop.app.top.text()
    both(loop, "a")  # accepted
    run(300)
    assert loop.app.top.module_name == "play" and loop.app.players["1"] == "link:join"
    rng = Rng(11)
    for _ in range(4):
        mover = device.app if device.app.game.to_move == 1 else loop.app
        moves = [m for m in mover.game.legal_moves() if m]
        mover.top.view.goto(moves[rng.below(len(moves))])
        mover.top.place()
        run(200)
    assert loop.app.game.move_words() == device.app.game.move_words()
    assert loop.app.game.count == 4

    end.cut()  # the network gone
    run(peer.LOST_MS + 1500)
    assert loop.app.link.status() == "lost: waiting" == device.app.link.status()
    tries = len(page.opened)
    assert 1 + (peer.LOST_MS + 1500) // web.REOPEN_MS <= tries <= 3 + (
        peer.LOST_MS + 1500) // web.REOPEN_MS  # once a REOPEN_MS, not every step
    end.mend()
    run(2000)
    assert loop.app.link.state == peer.READY and device.app.link.state == peer.READY
    mover = device.app if device.app.game.to_move == 1 else loop.app
    mover.top.view.goto([m for m in mover.game.legal_moves() if m][0])
    mover.top.place()
    run(300)
    assert loop.app.game.move_words() == device.app.game.move_words()
    assert loop.app.game.count == 5
    loop.app.open("system")
    rows = dict(r for r in loop.app.top.list.rows if isinstance(r, tuple))
    assert rows["Link"] == "linked"


def test_a_page_without_the_relay_has_no_link_rows():
    loop = boot.web(Page(), manual=True)
    assert loop.app.links is None and ("linking", None) not in loop.app.top.actions
