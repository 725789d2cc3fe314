"""Power loss: cut the power at every point of every autosave of a game (each byte written, each
file operation), boot again from what the flash holds, and check the game resumes, valid and no
more than one move old. Runs on CPython and on the MicroPython unix port."""

from stones.engine.go.rules import Go
from stones.engine.loupe.rules import Loupe
from stones.engine.records import record
from stones.platforms.fakes import FakeFS, PowerCut
from stones.session import Session
from stones.storage import Store

GO_MOVES = "E5 D5 E4 D4 pass E6 D6".split()
LOUPE_MOVES = "g7 a1 a2 g8 g9 pass".split()


def cut_every_save(game, moves):
    """Play moves, saving after each as the app does; for every event of every save, cut the
    power there and boot. Returns how many power cuts were tried."""
    fs = FakeFS()
    session = Session(Store(fs))
    records = [record(game)]  # records[k]: the game after k moves
    tried = 0
    for move in moves:
        game.play_text(move)
        records.append(record(game))
        flash = fs.reboot()  # the flash as this save finds it
        start = fs.events
        session.save_game(game)
        events = fs.events - start
        assert events > 15 + 20  # open, the slot header, the save's own header and moves, close
        for cut in range(events):
            trial = flash.reboot()
            trial.cut_after(cut)
            try:
                _save(trial, game)
                raise AssertionError("the save finished although the power was cut at %d" % cut)
            except PowerCut:
                pass
            booted = Session(Store(trial.reboot()))
            resumed, _ = booted.load_game()
            k = game.count
            if resumed is None:  # only possible before the first save ever completed
                assert k == 1, "no game resumed after a cut at move %d" % k
            else:
                assert resumed.count in (k - 1, k), (resumed.count, k)
                assert record(resumed) == records[resumed.count]
                if resumed.count == k - 1 and k > 1:
                    assert "not saved" in booted.notice or not booted.notice
            tried += 1
    return tried


def _save(fs, game):
    session = Session(Store(fs))
    session.store.load("game")  # the app's store knows its newest slot: so does this one
    session.save_game(game)


def test_go_power_cut_at_every_point_of_every_save():
    assert cut_every_save(Go(), GO_MOVES) > 7 * 40


def test_loupe_power_cut_at_every_point_of_every_save():
    assert cut_every_save(Loupe(7), LOUPE_MOVES) > 6 * 40
