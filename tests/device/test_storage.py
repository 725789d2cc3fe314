"""Saves: two slots with sequence numbers and CRCs; a power cut at any byte or file operation
leaves the previous save readable."""

from stones.platforms.fakes import FakeFS, PowerCut
from stones.storage import DAMAGED, MISSING, NONE, OK, OLDER, Store


def test_save_and_load_round_trip_and_alternate_slots():
    fs = FakeFS()
    store = Store(fs)
    assert store.load("game") == (NONE, None)
    store.save("game", b"first")
    store.save("game", b"second")
    assert sorted(fs.files) == ["game.0", "game.1"]
    assert Store(fs.reboot()).load("game") == (OK, b"second")
    store.save("game", b"third")
    assert Store(fs.reboot()).load("game") == (OK, b"third")


def test_a_power_cut_at_every_point_of_a_save_keeps_the_last_good_copy():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"move 1 " * 20)
    store.save("game", b"move 2 " * 20)
    before = fs.reboot()
    events = fs.events
    store.save("game", b"move 3 " * 20)
    total = fs.events - events  # every event of one save
    assert total > 140
    for cut in range(total + 1):
        trial = before.reboot()
        trial.cut_after(cut)
        try:
            Store(trial).save("game", b"move 3 " * 20)
            finished = True
        except PowerCut:
            finished = False
        status, payload = Store(trial.reboot()).load("game")
        if finished:
            assert (status, payload) == (OK, b"move 3 " * 20)
        else:
            # the cut save is lost, never mangled; we know it was cut once bytes hit the slot
            assert payload in (b"move 2 " * 20, b"move 3 " * 20)
            assert status in (OK, OLDER)
        assert cut == total or not finished


def test_the_first_save_is_written_in_both_slots():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"first")
    assert sorted(fs.files) == ["game.0", "game.1"]
    assert bytes(fs.files["game.0"]).endswith(b"first")
    assert bytes(fs.files["game.1"]).endswith(b"first")
    store.save("game", b"second")  # over the older copy, slot 0
    assert bytes(fs.files["game.0"]).endswith(b"second")


def test_corrupt_and_truncated_slots_are_detected():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"good")
    store.save("game", b"newer")  # slot 0: the first save's copy in slot 1 is the older
    fs.files["game.0"][-1] ^= 0xFF  # a flipped bit in the newest copy
    assert Store(fs.reboot()).load("game") == (OLDER, b"good")
    fs.files["game.0"] = fs.files["game.0"][:5]  # truncated header
    assert Store(fs.reboot()).load("game") == (OLDER, b"good")
    fs.files["game.1"] = bytearray(b"garbage that is long enough to look like a header")
    assert Store(fs.reboot()).load("game") == (DAMAGED, None)  # not NONE: there was a save


def test_saving_after_damage_keeps_the_good_copy_until_the_new_one_is_complete():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"good")
    store.save("game", b"newer")
    fs.files["game.0"][-1] ^= 0xFF
    fresh = Store(fs)
    assert fresh.load("game") == (OLDER, b"good")
    fresh.save("game", b"after")  # goes over the damaged slot, not the good one
    assert bytes(fs.files["game.1"]).endswith(b"good")
    assert Store(fs.reboot()).load("game") == (OK, b"after")


def test_clear_forgets_a_save():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"x")
    store.clear("game")
    assert Store(fs.reboot()).load("game") == (NONE, None)


def test_a_deleted_slot_is_missing_not_ok():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"first")
    trial = fs.reboot()
    del trial.files["game.1"]  # the first save's copy: sequence 1 alone lost nothing
    assert Store(trial).load("game") == (OK, b"first")
    trial = fs.reboot()
    del trial.files["game.0"]  # sequence 2 alone: a newer one may have been in slot 0
    assert Store(trial).load("game") == (MISSING, b"first")
    store.save("game", b"second")  # slot 0
    for gone, left in (("game.0", b"first"), ("game.1", b"second")):
        trial = fs.reboot()
        del trial.files[gone]  # the newest, then the older: the survivor cannot tell which
        fresh = Store(trial)
        assert fresh.load("game") == (MISSING, left), gone
        fresh.save("game", b"third")  # into the slot that is gone: both are there again
        assert sorted(trial.files) == ["game.0", "game.1"]
        assert Store(trial.reboot()).load("game") == (OK, b"third"), gone
    store.clear("game")
    assert Store(fs.reboot()).load("game") == (NONE, None)
