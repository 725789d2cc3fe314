"""The device against a desktop GTP engine (host_tools/gtp/bridge.py): a simulated device hosts
a Go game with "Link" as White over a local socket, the bridge accepts it and plays GNU Go's
moves; the device plays through its game screen until two passes end the game, marks its dead
stones and counts. GNU Go's board (showboard) holds the device's stones, and so does a second
GNU Go's, the bridge's observer (as GoGui's gogui-display would watch); the bridge logs the
device's count and GNU Go's final_score. An engine that answers what is not GTP, stops mid-game
or says nothing is named on both sides, and the bridge stops: never a hang.

The device's and the bridge's clocks are fakes, stepped in turn; while the engine thinks they
stand still (the bridge waits for its answer), so the game is the same whatever the machine's
speed; the hung engine's timeout runs on the bridge's fake clock."""

import os
import sys
import tempfile

import pytest

from host_tools.bench.opponents import find_gnugo
from host_tools.gtp import bridge as gtp_bridge
from host_tools.sim.cli import net_links
from host_tools.sim.device import TICK_MS, Device
from host_tools.sim.linked import LinkedPair, offer
from stones.engine import registry
from stones.engine.rng import Rng
from stones.link import peer
from stones.link.peer import Link
from stones.platforms.fakes import FakeClock
from stones.platforms.netpipe import NetPipe


class Setup:
    """A simulated device and the bridge over a local socket, engine the GTP command."""

    def __init__(self, engine, timeout_s=600, rights=(), wait_engine=True, observer=None,
                 key="go"):
        address = "unix:" + os.path.join(tempfile.mkdtemp(prefix="stones-bridge-"), "link.sock")
        self.device = Device("ssd1306", buzzer=False, links=net_links(address))
        self.clock = FakeClock()
        self.lines = []
        self.engine = gtp_bridge.GtpProcess(engine, self.clock, timeout_s)
        self.link = Link(NetPipe(address, False), self.clock, False)
        if observer is not None:
            observer = gtp_bridge.GtpProcess(observer, self.clock, timeout_s)
        self.bridge = gtp_bridge.Bridge(self.link, self.engine, self.lines.append, observer)
        self.wait_engine = wait_engine
        offer(self.press, self.device, key, rights)
        if self.device.app.top.module_name == registry.game_class(key).pregame:
            self.press(self.device, "a")  # (Loose: the komi named, then offered)
        self.run(500)

    def tick(self):
        bridge = self.bridge
        if self.wait_engine and bridge.thinking():
            bridge.step(self.clock.ticks_ms(), 0.05)  # the engine thinks: the clocks stand
            return
        self.device.run(TICK_MS)
        self.clock.advance(TICK_MS)
        bridge.step(self.clock.ticks_ms())

    def run(self, ms):
        done = 0
        while done < ms:
            if not (self.wait_engine and self.bridge.thinking()):
                done += TICK_MS
            self.tick()

    press = LinkedPair.press  # (a short press, the pair's clocks run on this one's)

    def close(self):
        self.engine.close()
        if self.bridge.observer is not None:
            self.bridge.observer.close()
        self.device.app.link.pipe.close()
        self.link.pipe.close()


def gnugo_board(engine):
    """{(col, row): 1 or 2} from GNU Go's showboard, (0, 0) the bottom left."""
    stones = {}
    for line in engine.ask("showboard").splitlines():
        words = line.split()
        if len(words) > 2 and words[0].isdigit():
            row = int(words[0]) - 1
            for col, word in enumerate(words[1:10]):
                if word in ("X", "O"):
                    stones[(col, row)] = 1 if word == "X" else 2
    return stones


def device_board(game):
    return {game.grid.coords(p): game.colour(p) for p in game.grid.points if game.colour(p)}


def test_a_device_plays_gnugo_through_the_bridge_to_the_end():
    path = find_gnugo()
    if path is None:
        pytest.skip("GNU Go is missing: `make system-deps` installs the Debian package gnugo")
    # handicap 0 -> 2 (the komi follows it to 0.5): White (GNU Go) moves first
    gnugo = [path, "--mode", "gtp", "--level", "1", "--seed", "1"]
    setup = Setup(gnugo, rights=(0, 0, 0, 1), observer=gnugo)  # a second GNU Go watches
    device, bridge = setup.device, setup.bridge
    assert bridge.state == gtp_bridge.PLAYING, setup.lines
    assert device.app.top.module_name == "play", setup.lines
    assert device.app.players == {"1": "human", "2": "link:host"}
    game = device.app.game
    assert game.settings["komi"] == "0.5" and game.handicap() == 2
    rng = Rng(11)
    played = 0
    for _ in range(400):
        if game.over:
            break
        if game.to_move == 1 and device.app.top.module_name == "play":
            screen = device.app.top
            moves = [m for m in game.legal_moves() if not game.is_eye(m, 1)]
            if played < 20 and moves:
                screen.view.goto(moves[rng.below(len(moves))])
                screen.place()
            else:
                screen.pass_turn()
            played += 1
        setup.run(200)
    assert game.over and not game.resigned, setup.lines
    setup.run(500)
    assert bridge.game.move_words() == game.move_words(), setup.lines
    assert not setup.bridge.watch  # the observer has every move
    for engine in (setup.engine, setup.bridge.observer):  # the same moves, the same captures
        assert gnugo_board(engine) == device_board(game)
    assert device.app.top.module_name == "score"
    setup.press(device, "menu")  # done marking: the bridge takes the device's marks
    setup.run(1000)
    assert device.app.top.stage == 1  # the counted board
    assert bridge.state == gtp_bridge.DONE, setup.lines
    assert bridge.game.dead_stones() == game.dead_stones()
    result = device.app.top.result.text()
    end = setup.lines[-1]
    assert end.startswith("the end: the device counts %s" % result), end
    assert "final_score " + bridge.score in end and bridge.score[:2] in ("B+", "W+", "0")
    assert any(line.startswith("engine: GNU Go") for line in setup.lines)
    setup.close()


FAKE = {  # a GTP engine that goes wrong: what it does with each command
    "garbage": "print('hello there', flush=True)",
    "dies": ("if line.startswith('genmove'): sys.exit(3)\n"
             "    print('= \\n', flush=True)"),
    "silent": "pass",
}


def fake_engine(kind):
    return [sys.executable, "-c", "import sys\nfor line in sys.stdin:\n    " + FAKE[kind]]


def failed(setup, words):
    bridge = setup.bridge
    for _ in range(200):
        if bridge.state == gtp_bridge.FAILED:
            break
        setup.run(100)
    assert bridge.state == gtp_bridge.FAILED, setup.lines
    assert words in bridge.problem and setup.lines[-1] == "bridge: " + bridge.problem
    setup.run(500)
    return bridge.problem


def test_an_engine_that_answers_garbage_is_named_and_the_offer_declined():
    setup = Setup(fake_engine("garbage"))
    problem = failed(setup, "the engine answered 'hello there' to 'name': not GTP")
    screen = setup.device.app.top
    assert screen.module_name == "linking"
    assert screen.text().startswith("The other device declined: " + problem[:40])
    setup.close()


def test_an_engine_that_stops_mid_game_is_named_on_the_device():
    setup = Setup(fake_engine("dies"))
    device = setup.device
    assert device.app.top.module_name == "play"
    screen = device.app.top
    screen.view.goto(device.app.game.legal_moves()[0])
    screen.place()  # the device plays Black; the engine is asked for White's move and dies
    problem = failed(setup, "the engine stopped after 'genmove white' (exit status 3)")
    assert device.app.link.problem == "other side: " + problem[:60]
    setup.close()


def test_a_silent_engine_is_named_after_the_timeout():
    # the bridge's fake clock runs on while the engine says nothing
    setup = Setup(fake_engine("silent"), timeout_s=3, wait_engine=False)
    failed(setup, "the engine did not answer 'name' in 3 s")
    assert setup.device.app.link.state in (peer.READY, peer.WAITING)
    setup.close()


def test_a_game_no_gtp_engine_plays_is_declined_by_name():
    setup = Setup(fake_engine("dies"), key="loose")
    screen = setup.device.app.top
    assert screen.module_name == "linking"
    assert screen.text() == "The other device declined: Loose: no GTP engine plays it."
    assert setup.bridge.state == gtp_bridge.WAITING and setup.bridge.game is None
    setup.close()
