"""A damaged save is never lost without a word. Each corruption a flash can hold (a slot cut short
in its payload or its header, emptied, overwritten with random bytes, a wrong version byte, a
wrong length), in the newest slot, the older one or both, of the game save and of the settings:
the device boots, says on its panel what was lost, sets the damaged slot files aside
(storage.ASIDE) and leaves records/ as it was. One damaged copy keeps the other. Both runtimes."""

from fitwalk import Walk

from host_tools.sim.device import Device
from stones.platforms.fakes import FakeFS
from stones.session import (
    GAME_LOST,
    MOVE_LOST,
    SAVE_MISSING,
    SETTINGS_LOST,
    SETTINGS_MISSING,
    SETTINGS_OLDER,
)
from stones.storage import ASIDE, DAMAGED, MISSING, NONE, OK, OLDER, Store

RESUMED_EARLIER = "resumed a move earlier"


def truncated(data):
    return data[:len(data) - 3]  # the payload cut short, the header whole


def short(data):
    return data[:9]  # cut inside the header


def empty(data):
    return bytearray()


def random_bytes(data):
    out = bytearray(len(data))
    x = 12345
    for i in range(len(out)):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = x >> 16 & 0xFF
    return out


def wrong_version(data):
    data = bytearray(data)
    data[2] += 1
    return data


def wrong_length(data):
    data = bytearray(data)
    data[7] ^= 1  # the length field's low byte: it no longer matches the payload
    return data


CORRUPTIONS = (truncated, short, empty, random_bytes, wrong_version, wrong_length)
READABLE_HEADER = (truncated, wrong_length)  # a damaged slot still saying which save it was


def sequence(data):
    return data[3] | data[4] << 8 | data[5] << 16 | data[6] << 24


def slots_by_age(fs, name):
    """(older, newer) slot file names of a save with two good copies."""
    a, b = name + ".0", name + ".1"
    return (a, b) if sequence(fs.files[a]) < sequence(fs.files[b]) else (b, a)


def game_flash():
    """A flash with a Go game of two moves in progress, both slots good (one and two moves),
    and the game given up before it in records/."""
    device = Device()
    device.press("a")  # Go
    device.press("a")  # Start
    device.play("C3")
    device.press("menu")
    for _ in range(7):  # Back, Pass, Undo, Hint, Estimate, Resign, Rules -> Main menu
        device.press("down")
    device.press("a")
    device.press("down")  # Go
    device.press("a")
    device.press("a")  # Start
    device.press("up")
    device.press("a")  # Start new: the old game goes to records/, unfinished
    device.play("E5")
    device.play("D5")
    fs = device.fs.reboot()
    assert fs.listdir("records") == ["0001-go.sgf"]
    return fs


def settings_flash():
    """A flash whose settings have two good copies: contrast 1, then 2 (the default is 4)."""
    fs = FakeFS()
    store = Store(fs)
    store.save("settings", b'{"system": {"contrast": 1}}')
    store.save("settings", b'{"system": {"contrast": 2}}')
    return fs


def damage(flash, names, corruption):
    """A copy of flash with the slot files names corrupted; returns it and the damaged bytes."""
    fs = flash.reboot()
    damaged = {}
    for name in names:
        fs.files[name] = bytearray(corruption(fs.files[name]))
        damaged[name] = bytes(fs.files[name])
    return fs, damaged


def shown(walk, fs):
    """Boot a device on fs over the walk's recording panel: the device and the text of its top
    screen below the title (a note's foot left out), checked to lie whole inside the 128x64
    panel."""
    walk.device = Device(display=walk.panel, fs=fs)
    runs = walk.check()
    title = min(run[1] for run in runs)
    rows = sorted((run[1], run[0], run[3]) for run in runs
                  if run[1] > title and run[3] != "A: OK")  # (the note's foot)
    return walk.device, " ".join(row[2] for row in rows)


def records_of(fs):
    return {name: bytes(data) for name, data in fs.files.items() if name.startswith("records/")}


def check_set_aside(fs, damaged):
    for name, data in damaged.items():
        assert name not in fs.files, name
        assert bytes(fs.files[ASIDE + "/" + name]) == data, name


def test_every_corruption_of_both_game_slots_is_reported_and_set_aside():
    flash = game_flash()
    before = records_of(flash)
    walk = Walk(64)
    for corruption in CORRUPTIONS:
        fs, damaged = damage(flash, ("game.0", "game.1"), corruption)
        device, text = shown(walk, fs)
        where = corruption.__name__
        assert device.app.top.module_name == "message", where
        assert text == GAME_LOST, (where, text)
        assert device.app.game is None, where
        check_set_aside(fs, damaged)
        assert records_of(fs) == before, where
        device.press("a")  # the note closes on the menu, with nothing to resume
        assert device.app.top.module_name == "menu", where
        assert device.app.top.list.rows[0] != "Resume Go", where
        again = Device(fs=fs.reboot())  # told once: the next boot is quiet
        assert again.app.top.module_name == "menu", where
        assert Store(fs.reboot()).load("game") == (NONE, None), where


def test_one_damaged_game_slot_keeps_the_other_copy():
    flash = game_flash()
    older, newer = slots_by_age(flash, "game")
    walk = Walk(64)
    for corruption in CORRUPTIONS:
        where = corruption.__name__
        # the newest copy damaged, as a power cut leaves it: a move earlier, and said
        fs, _ = damage(flash, (newer,), corruption)
        device, text = shown(walk, fs)
        assert device.app.top.module_name == "message", where
        assert RESUMED_EARLIER in text and GAME_LOST not in text, (where, text)
        assert device.app.game.count == 1, where
        assert ASIDE + "/" + newer not in fs.files, where  # the next save goes over it
        # the older copy damaged: the game resumes whole; said only where the damaged
        # header cannot tell it was the older copy
        fs, _ = damage(flash, (older,), corruption)
        device, text = shown(walk, fs)
        assert device.app.game.count == 2, where
        if corruption in READABLE_HEADER:
            assert device.app.top.module_name == "play", (where, text)
        else:
            assert RESUMED_EARLIER in text, (where, text)


def test_a_deleted_game_slot_is_said_whichever_it_was():
    flash = game_flash()
    older, newer = slots_by_age(flash, "game")
    walk = Walk(64)
    for gone, moves in ((newer, 1), (older, 2)):
        fs = flash.reboot()
        del fs.files[gone]  # removed by hand, or lost by the filesystem: no trace left
        assert Store(fs.reboot()).load("game")[0] == MISSING, gone
        device, text = shown(walk, fs)
        assert device.app.top.module_name == "message", gone
        assert text == SAVE_MISSING, (gone, text)
        assert device.app.game.count == moves, gone
        device.press("a")  # the note closes on the game
        device.play("G7")  # the next save has its partner again
        assert Store(fs.reboot()).load("game") == (OK, Store(fs.reboot()).load("game")[1])
        again = Device(fs=fs.reboot())
        assert again.app.top.module_name == "play" and again.app.game.count == moves + 1, gone


def test_every_corruption_of_both_settings_slots_is_reported_and_set_aside():
    flash = settings_flash()
    walk = Walk(64)
    for corruption in CORRUPTIONS:
        fs, damaged = damage(flash, ("settings.0", "settings.1"), corruption)
        device, text = shown(walk, fs)
        where = corruption.__name__
        assert text == SETTINGS_LOST, (where, text)
        assert device.app.system["contrast"] == 4, where  # the default
        check_set_aside(fs, damaged)
        assert Store(fs.reboot()).load("settings") == (NONE, None), where


def test_one_damaged_settings_slot_keeps_the_other_copy_and_says_so():
    flash = settings_flash()
    older, newer = slots_by_age(flash, "settings")
    walk = Walk(64)
    for corruption in CORRUPTIONS:
        where = corruption.__name__
        # the newest copy damaged: the settings before the last change, and said by name
        fs, _ = damage(flash, (newer,), corruption)
        device, text = shown(walk, fs)
        assert device.app.top.module_name == "message", where
        assert text == SETTINGS_OLDER, (where, text)
        assert device.app.system["contrast"] == 1, where
        assert ASIDE + "/" + newer not in fs.files, where  # the next save goes over it
        device.press("a")  # the note closes on the menu
        assert device.app.top.module_name == "menu", where
        # the older copy damaged: the newest settings; said only where the damaged header
        # cannot tell it was the older copy (as for the game save)
        fs, _ = damage(flash, (older,), corruption)
        device, text = shown(walk, fs)
        assert device.app.system["contrast"] == 2, where
        if corruption in READABLE_HEADER:
            assert device.app.top.module_name == "menu", (where, text)  # nothing to tell
        else:
            assert text == SETTINGS_OLDER, (where, text)


def test_a_deleted_settings_slot_is_said_whichever_it_was():
    flash = settings_flash()
    older, newer = slots_by_age(flash, "settings")
    walk = Walk(64)
    for gone, contrast in ((newer, 1), (older, 2)):
        fs = flash.reboot()
        del fs.files[gone]
        device, text = shown(walk, fs)
        assert text == SETTINGS_MISSING, (gone, text)
        assert device.app.system["contrast"] == contrast, gone


def test_a_game_a_move_earlier_and_older_settings_are_told_together():
    flash = game_flash()
    store = Store(flash)
    store.save("settings", b'{"system": {"contrast": 1}}')
    store.save("settings", b'{"system": {"contrast": 2}}')
    _, game_newer = slots_by_age(flash, "game")
    _, settings_newer = slots_by_age(flash, "settings")
    fs, _ = damage(flash, (game_newer, settings_newer), truncated)
    device, text = shown(Walk(64), fs)
    assert text == SETTINGS_OLDER + " " + MOVE_LOST, text
    assert device.app.system["contrast"] == 1 and device.app.game.count == 1


def test_game_and_settings_both_lost_are_told_together_and_fit_the_panel():
    flash = game_flash()
    store = Store(flash)
    store.save("settings", b'{"system": {"contrast": 1}}')
    store.save("settings", b'{"system": {"contrast": 2}}')
    walk = Walk(64)
    fs, damaged = damage(flash, ("game.0", "game.1", "settings.0", "settings.1"), random_bytes)
    device, text = shown(walk, fs)
    assert text == SETTINGS_LOST + " " + GAME_LOST, text
    check_set_aside(fs, damaged)
    # the settings lost and the game a move earlier: both said, on one screen
    _, newer = slots_by_age(flash, "game")
    fs, _ = damage(flash, (newer, "settings.0", "settings.1"), empty)
    device, text = shown(walk, fs)
    assert text == SETTINGS_LOST + " " + MOVE_LOST, text
    assert device.app.game.count == 1


def test_a_game_save_that_checks_out_but_does_not_replay_is_set_aside_the_same_way():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"G1 go 9 - -\n\x00\x00")
    store.save("game", b"G1 nosuchgame 9 - -\n\x00\x00")  # a good CRC, not a game
    kept = {name: bytes(data) for name, data in fs.files.items()}
    device, text = shown(Walk(64), fs)
    assert text == GAME_LOST + " no game called 'nosuchgame'.", text
    check_set_aside(fs, kept)


def test_storage_tells_damaged_from_none():
    for corruption in CORRUPTIONS:
        fs = FakeFS()
        store = Store(fs)
        assert store.load("game") == (NONE, None)
        store.save("game", b"first")
        store.save("game", b"second")
        for name in ("game.0", "game.1"):
            fs.files[name] = bytearray(corruption(fs.files[name]))
        assert Store(fs.reboot()).load("game") == (DAMAGED, None), corruption.__name__
        kept = Store(fs).set_aside("game")
        assert kept == [ASIDE + "/game.0", ASIDE + "/game.1"]
        assert Store(fs.reboot()).load("game") == (NONE, None)
        store = Store(fs)
        store.save("game", b"third")  # a fresh start after the damage
        assert Store(fs.reboot()).load("game") == (OK, b"third")


def test_a_first_save_cut_short_is_damaged_not_none():
    fs = FakeFS()
    store = Store(fs)
    store.save("game", b"x" * 40)
    fs.files["game.0"] = fs.files["game.0"][:20]  # cut in its first copy: no second one
    del fs.files["game.1"]
    assert Store(fs.reboot()).load("game") == (DAMAGED, None)
    store = Store(fs)  # after a reboot
    store.save("game", b"y")  # a save over it is whole again
    store.save("game", b"z")  # in slot 0, over the first copy of y
    fs.files["game.0"] = fs.files["game.0"][:15]  # the header alone: its payload lost
    assert Store(fs.reboot()).load("game") == (OLDER, b"y")
