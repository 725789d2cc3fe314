"""Power loss while a finished game's record is written: cut the power at every event (each
byte, open, close, remove, rename) of keeping each of a run of finished games, boot again, and
check that the records list holds only whole records (each the game it names, read back), that
a record half written is removed at boot with a word, and that its game is still in the game
save, to be kept again. Both runtimes."""

from host_tools.sim.readback import finish, play, read_back
from stones import recordfiles
from stones import session as session_module
from stones.engine.rng import Rng
from stones.platforms.fakes import FakeFS, PowerCut
from stones.session import Session
from stones.storage import Store

PLAYERS = {"1": "human", "2": "device:2"}


def finished_games():
    rng = Rng(11)
    return [finish(play(key, rng, 12)) for key in ("go", "loose", "loupe", "offshore")]


def test_a_cut_at_every_write_of_a_run_of_records_leaves_no_partial_record():
    fs = FakeFS()
    expected = {}  # record name -> its bytes, as kept without a cut
    tried = 0
    for game in finished_games():
        session = Session(Store(fs))
        session.save_game(game, PLAYERS)
        flash = fs.reboot()
        start = fs.events
        number = session.finish(game, PLAYERS)
        events = fs.events - start
        name = "%04d-%s.%s" % (number, game.key, game.record_ending)
        expected[name] = bytes(fs.files["records/" + name])
        assert read_back("record", expected[name], game.key)[0] == "resumed", name
        for cut in range(events):
            trial = flash.reboot()
            trial.cut_after(cut)
            try:
                Session(Store(trial)).finish(game, PLAYERS)
                raise AssertionError("kept although the power was cut at %d" % cut)
            except PowerCut:
                pass
            booted = Session(Store(trial.reboot()))
            resumed, _ = booted.load_game()  # the boot: tidies records/ first
            listed = booted.records()
            assert recordfiles.WRITING not in booted.store.fs.files, cut
            for kept in listed:
                data = bytes(booted.store.fs.files["records/" + kept])
                assert data == expected.get(kept), (kept, cut)  # whole, or not listed
                assert read_back("record", data, kept.split("-")[1].split(".")[0])[0] == \
                    "resumed"
            if name not in listed:
                assert resumed is not None and resumed.over, cut  # its game kept, to keep again
            tried += 1
    assert tried > 4 * 100


def test_a_record_left_half_written_is_removed_at_boot_and_said():
    fs = FakeFS()
    with fs.open(recordfiles.WRITING, "wb") as handle:
        handle.write(b"(;GM[1]FF[4]SZ[9];B[ee]")
    session = Session(Store(fs))
    assert session.load_game() == (None, None)
    assert session.notice == recordfiles.CUT_SHORT
    assert recordfiles.WRITING not in fs.files and session.records() == []
    assert session_module._WRITING == recordfiles.WRITING  # the session's copy of the name
    again = Session(Store(fs.reboot()))
    again.load_game()
    assert again.notice == ""  # said once
