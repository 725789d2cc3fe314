"""A save whose checksum holds but whose contents the rules do not allow is refused by name and
set aside, like a damaged one: a stone word of neither player's colour (a 30-move Loose save
once looped for ever in the engine on it), a point off the board, a game, size, setting or
player that does not exist, settings nested thousands deep (once a RecursionError) or of the
wrong kind. The player is told what was lost and why; the next boot is quiet. Both runtimes."""

from fitwalk import Walk
from support import raises

from host_tools.sim.device import Device
from host_tools.sim.readback import play
from stones.engine.game import GameError, split_word, stone_word
from stones.engine.rng import Rng
from stones.platforms.fakes import FakeFS
from stones.session import GAME_LOST, SETTINGS_LOST, Session, decode_game, encode_game
from stones.storage import ASIDE, NONE, Store

PLAYERS = {"1": "human", "2": "device:2"}


def loose_save():
    game = play("loose", Rng(3), 30)
    assert game.count == 30 and not game.over
    return bytearray(encode_game(game, PLAYERS))


def with_colour(data, k, colour):
    """data with move k's stone word given colour (0..3)."""
    data = bytearray(data)
    i = data.find(b"\n") + 3 + 2 * k  # after the header and the set-up count
    word = stone_word(colour, split_word(data[i] | data[i + 1] << 8)[1])
    data[i] = word & 0xFF
    data[i + 1] = word >> 8
    return bytes(data)


def booted(name, payload):
    """A device booted on a flash holding payload as save name (its checksum good): the device,
    its flash, and the text of its top screen (its foot left out), checked to fit the panel."""
    fs = FakeFS()
    Store(fs).save(name, payload)
    walk = Walk(64)
    walk.device = Device(display=walk.panel, fs=fs)
    runs = walk.check()
    heading = min(run[1] for run in runs)
    rows = sorted((run[1], run[0], run[3]) for run in runs
                  if run[1] > heading and run[3] != "A: OK")  # (the note's foot)
    return walk.device, fs, " ".join(row[2] for row in rows)


def test_a_loose_save_with_a_stone_of_no_colour_is_refused_not_played():
    data = loose_save()
    for colour in (0, 3):
        for k in (0, 7, 29):
            error = raises(GameError, decode_game, with_colour(data, k, colour))
            assert "move %d" % (k + 1) in str(error), str(error)
            assert "colour" in str(error), str(error)


def test_the_device_boots_past_such_a_save_and_says_why():
    device, fs, text = booted("game", with_colour(loose_save(), 0, 3))
    assert device.app.top.module_name == "message"
    assert text.startswith(GAME_LOST) and "move 1" in text, text
    assert device.app.game is None
    assert ASIDE + "/game.0" in fs.files and "game.0" not in fs.files
    device.press("a")
    assert device.app.top.module_name == "menu"
    assert Device(fs=fs.reboot()).app.top.module_name == "menu"  # told once
    assert Store(fs.reboot()).load("game") == (NONE, None)


def test_every_field_of_a_game_save_is_checked():
    good = bytes(loose_save())
    end = good.find(b"\n")
    body = good[end:]
    bad = {
        b"G1 chess 9 komi=0 -": "no game",
        b"G1 loose 10 komi=0 -": "sizes",
        b"G1 loose x9 komi=0 -": "board size",
        b"G1 loose 9 komi=99 -": "komi",
        b"G1 loose 9 colour=red -": "no setting",
        b"G1 loose 9 komi=0,komi=0 -": "twice",
        b"G1 loose 9 komi=0 3:human": "player",
        b"G1 loose 9 komi=0 1:device:99": "player",
        b"G1 loose 9 komi=0 1:device:x": "player",
        b"G1 loose 9 komi=0 1:human,1:human": "player",
        b"G2 loose 9 komi=0 -": "not a game save",
    }
    for head, words in bad.items():
        error = raises(GameError, decode_game, head + body)
        assert words in str(error), (head, str(error))
    raises(ValueError, decode_game, b"\xff\xfe" + body)  # a header that is not text
    error = raises(GameError, decode_game, good[:end + 1])
    assert "truncated" in str(error)
    off = bytearray(good)
    off[end + 4] = 0x02 | 0x08  # move 1's high byte: colour 1 and bits above the colour's
    error = raises(GameError, decode_game, bytes(off))
    assert "word 1" in str(error), str(error)
    many = bytearray(good)
    many[end + 1] = 200  # more set-up stones than words
    assert "set-up" in str(raises(GameError, decode_game, bytes(many)))


def test_settings_nested_deep_are_refused_without_a_recursion_error():
    deep = b"[" * 2000 + b"]" * 2000
    session = Session(Store(FakeFS()))
    session.store.save("settings", b'{"system": ' + deep + b"}")
    assert session.load_settings() == {}
    assert session.notice.startswith(SETTINGS_LOST) and "nested" in session.notice
    device, fs, text = booted("settings", b"{" * 1000 + b"}" * 1000)
    assert text.startswith(SETTINGS_LOST) and "nested" in text, text
    assert device.app.system["contrast"] == 4  # the defaults
    assert ASIDE + "/settings.0" in fs.files


def test_every_settings_entry_is_checked_by_name():
    bad = {
        b"[1, 2]": "not a table",
        b'{"go": 3}': "go not a table",
        b'{"chess": {}}': "no game chess",
        b'{"go": {"size": 10}}': "go size",
        b'{"go": {"komi": "99"}}': "go komi",
        b'{"go": {"colour": "red"}}': "go colour",
        b'{"go": {"black": "Device 99"}}': "go black",
        b'{"go": {"white": 7}}': "go white",
        b'{"go": ': "",  # not JSON at all
    }
    for payload, words in bad.items():
        session = Session(Store(FakeFS()))
        session.store.save("settings", payload)
        assert session.load_settings() == {}, payload
        assert session.notice.startswith(SETTINGS_LOST + " "), (payload, session.notice)
        assert words in session.notice, (payload, session.notice)
    good = b'{"system": {"contrast": 1, "sound": false}, "go": {"size": 13, "komi": "6.5", ' \
           b'"black": "Human", "white": "Device 2"}, "loose": {}}'
    session = Session(Store(FakeFS()))
    session.store.save("settings", good)
    assert session.load_settings()["go"]["size"] == 13 and not session.notice
