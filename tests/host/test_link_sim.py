"""Two simulated devices linked over a local socket (stones/platforms/netpipe.py) play a whole
game of each game through their screens: one sets the game up with "Link" as White and
offers it, the other joins from the main menu's Link and accepts; each plays its own colour,
the other's moves arrive; two passes end it, Go's dead stones are agreed by both, and both
keep a record with the same moves and result (Loose runs its komi protocol first: the host names
the komi, the other picks a colour). A link cut mid-game pauses both and resumes where it
stopped; the System screen says the link's state."""

import os
import tempfile

from host_tools.sim.linked import LinkedPair
from stones.engine import registry
from stones.engine.rng import Rng
from stones.link import peer


class Linked(LinkedPair):
    """The pair over a local socket, checking each step."""

    def __init__(self):
        folder = tempfile.mkdtemp(prefix="stones-link-")
        LinkedPair.__init__(self, "unix:" + os.path.join(folder, "link.sock"))

    def start(self, key):
        LinkedPair.start(self, key)
        host, join = self.host, self.join
        assert host.app.top.module_name == "play" and join.app.top.module_name == "play"
        assert host.app.players == {"1": "human", "2": "link:host"}
        assert join.app.players == {"1": "link:join", "2": "human"}

    def move(self, rng, passing):
        count = self.host.app.game.count
        LinkedPair.move(self, rng, passing)
        assert self.host.app.game.count == self.join.app.game.count == count + 1


def test_two_simulators_play_a_whole_game_of_each_game():
    for key in registry.keys():
        pair = Linked()
        pair.start(key)
        rng = Rng(7)
        for _ in range(12):
            pair.move(rng, False)
        while not pair.host.app.game.over:
            pair.move(rng, True)
        host, join = pair.host, pair.join
        assert join.app.game.over
        assert host.app.game.move_words() == join.app.game.move_words()
        for device in (host, join):
            assert device.app.top.module_name == "score"
        if host.app.game.marks_dead:
            pair.press(host, "menu")  # done marking: it waits for the other side
            assert host.app.top.waiting
            pair.press(join, "menu")
            pair.run(300)
        for device in (host, join):
            assert device.app.top.stage == 1, key  # the counted board, on both
        results = [d.app.top.result.text() for d in (host, join)]
        assert results[0] == results[1], key
        for device in (host, join):
            for _ in range(3):  # the table, the result, then the menu (the record kept)
                pair.press(device, "a")
            assert device.app.top.module_name == "menu"
            assert len(device.session.records()) == 1
        texts = [d.session.record_text(d.session.records()[0]) for d in (host, join)]
        assert "Linked device" in texts[0] and "Linked device" in texts[1]
        for device in (host, join):
            device.app.link.pipe.close()


def test_a_linked_loose_game_settles_its_komi_on_both_screens():
    """The host names komi 4 on its screen, the offer says it, the other player takes Black on
    theirs: both play komi 4, the one that joined as Black, and the game goes to its end."""
    pair = Linked()
    pair.offer_pregame("loose", 2)  # 0 -> 2 -> 4
    host, join = pair.host, pair.join
    assert host.app.top.module_name == "linking" and "komi 4" in host.app.top.text()
    assert "komi 4" in join.app.top.text()
    pair.press(join, "a")  # to the colour
    assert join.app.top.module_name == "komi"
    pair.press(join, "a")  # Black, the first choice
    pair.run(300)
    assert host.app.top.module_name == "play" and join.app.top.module_name == "play"
    assert host.app.players == {"1": "link:host", "2": "human"}
    assert join.app.players == {"1": "human", "2": "link:join"}
    assert host.app.game.komi == join.app.game.komi == 4
    rng = Rng(4)
    for _ in range(10):
        pair.move(rng, False)
    while not host.app.game.over:
        pair.move(rng, True)
    assert host.app.game.move_words() == join.app.game.move_words()
    assert host.app.game.result().text() == join.app.game.result().text()
    assert host.app.link.problems == 0 and join.app.link.problems == 0
    for device in (host, join):
        device.app.link.pipe.close()


def test_a_cut_link_pauses_both_and_resumes_where_it_stopped():
    pair = Linked()
    pair.start("go")
    rng = Rng(3)
    for _ in range(4):
        pair.move(rng, False)
    host, join = pair.host, pair.join
    pipe = host.app.link.pipe
    pipe.close()  # the network gone: the host's side cannot listen again until it is back
    pipe.reopen = lambda: False
    pair.run(peer.LOST_MS + 500)
    assert host.app.link.status() == "lost: waiting"
    assert join.app.link.status() == "lost: waiting"
    screen = host.app.top
    count = host.app.game.count
    moves = [m for m in host.app.game.legal_moves() if m]
    screen.view.goto(moves[0])
    screen.place()  # the game waits: nothing is played
    assert host.app.game.count == count and "waits" in screen.message
    del pipe.reopen  # the network is back
    pair.run(2000)  # the host listens again, the other calls again
    assert host.app.link.state == peer.READY and join.app.link.state == peer.READY
    pair.move(rng, False)
    assert host.app.game.move_words() == join.app.game.move_words()
    host.app.open("system")
    rows = dict(r for r in host.app.top.list.rows if isinstance(r, tuple))
    assert rows["Link"] == "linked"
    for device in (host, join):
        device.app.link.pipe.close()
