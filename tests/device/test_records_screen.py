"""Every game kept, and browsable on the device: the Records screen lists, replays and deletes
through button presses; records say who played; a full storage keeps the game in its save and
says so; at MAX_RECORDS the oldest goes only when the player agrees. Both runtimes."""

from host_tools.sim.device import Device
from stones.engine.records import load_record
from stones.platforms.fakes import FakeFS
from stones.recordfiles import today
from stones.session import MAX_RECORDS, Session
from stones.storage import Store

# The records folder lives in the heap with the app (a FakeFS; flash on a Pico): twenty games'
# records and a full filesystem's files (tests/host/test_micropython.py)
MICROPYTHON_HEAP = "256K"


def finish_a_go_game(device, moves=("E5", "D5")):
    """From the menu: a Go game of two moves and two passes, counted, its result seen."""
    device.press("a")  # Go
    device.press("a")  # Start
    for move in moves:
        device.play(move)
    device.play("pass")
    device.play("pass")
    device.press("menu")  # done marking
    device.press("a")  # the table
    device.press("a")  # the result
    device.press("menu")  # back to the menu (A: a rematch)


def open_records(device):
    menu = device.app.top
    assert menu.module_name == "menu" and menu.list.rows[-1] == "Records"
    device.press("up")  # from the first row up to the last
    device.press("a")
    assert device.app.top.module_name == "records"
    return device.app.top


def names(device):
    return device.fs.listdir("records")


def text(device, name):
    return bytes(device.fs.files["records/" + name]).decode()


def test_the_records_screen_lists_replays_and_deletes():
    device = Device()
    finish_a_go_game(device)
    finish_a_go_game(device, ("E5",))  # White passes: Black's lone stone holds the board
    screen = open_records(device)
    assert screen.list.rows == ["2 Go 9 B+80", "1 Go 9 Draw"]  # newest first
    device.press("a")  # record 2
    assert screen.shown_facts["black"] == "Human" and screen.shown_facts["result"] == "B+80"
    device.press("a")  # Replay
    replay = device.app.top
    game = replay.game
    assert replay.module_name == "replay" and game.count == 3 and game.over
    assert replay.result.gtp() == "B+80"
    device.press("left")
    device.press("left")
    assert game.count == 1 and game.colour(game.parse("E5")) == 1
    device.press("a")  # to the end, then to the start
    device.press("a")
    assert game.count == 0 and game.colour(game.parse("E5")) == 0
    device.press("b")
    assert device.app.top is screen
    device.press("down")  # Delete
    device.press("a")
    confirm = device.app.top
    assert confirm.module_name == "confirm" and "2 Go" in confirm.text
    assert confirm.list.rows[confirm.list.selected] == "Keep"  # it opens on the safe choice
    device.press("a")  # Keep
    assert names(device) == ["0001-go.sgf", "0002-go.sgf"]
    device.press("a")  # Delete again, and this time yes
    device.press("up")
    device.press("a")
    assert device.app.top is screen and names(device) == ["0001-go.sgf"]
    assert screen.list.rows == ["1 Go 9 Draw"]
    device.press("b")
    assert device.app.top.module_name == "menu"


def test_the_records_screen_says_when_there_is_none():
    device = Device()
    screen = open_records(device)
    assert screen.list.rows == []
    device.press("a")  # nothing to open
    device.press("down")
    assert device.app.top is screen and screen.stage == 0
    device.press("b")
    assert device.app.top.module_name == "menu"


def test_records_say_who_played_and_when():
    device = Device()
    finish_a_go_game(device)
    sgf = text(device, "0001-go.sgf")
    for prop in ("PB[Human]", "PW[Human]", "RU[Japanese]", "KM[0]", "RE[0]"):
        assert prop in sgf
    date = today()
    assert date is None or "DT[%s]" % date in sgf
    fs = FakeFS()
    session = Session(Store(fs))
    from stones.engine.registry import new_game

    game = new_game("loose", 5)
    game.play_text("C3")
    session.finish(game, {"1": "device:2", "2": "human"})
    record = bytes(fs.files["records/0001-loose.txt"]).decode()
    assert "black Device 2\nwhite Human\n" in record and "result" not in record
    assert load_record(record).count == 1  # the facts do not stop the record being read


def test_a_full_storage_keeps_the_game_and_says_so():
    fs = FakeFS(capacity=6000)  # room for the saves, not for a record and the spare it needs
    device = Device(fs=fs)
    finish_a_go_game(device)
    message = device.app.top
    assert message.module_name == "message" and message.heading == "Storage full"
    assert names(device) == []  # never an empty record
    rebooted = Device(fs=fs.reboot())  # the game is still in its save
    assert rebooted.app.top.module_name == "score" and rebooted.app.game.count == 4


def test_a_deleted_record_makes_room_for_the_game_that_found_none():
    fs = FakeFS()
    device = Device(fs=fs)
    finish_a_go_game(device)
    fs.files["records/0001-go.sgf"].extend(b" " * 12000)  # a big record fills the storage
    fs.capacity = sum(len(data) for data in fs.files.values()) + 4000
    finish_a_go_game(device, ("E5",))
    assert device.app.top.heading == "Storage full" and names(device) == ["0001-go.sgf"]
    device.press("a")
    screen = open_records(device)
    device.press("a")
    device.press("down")
    device.press("a")  # Delete
    device.press("up")
    device.press("a")  # yes
    assert device.app.top.module_name == "message" and device.app.top.heading == "Kept"
    assert names(device) == ["0001-go.sgf"] and "RE[B+80]" in text(device, "0001-go.sgf")
    device.press("a")
    assert screen.list.rows == ["1 Go 9 B+80"]
    assert Device(fs=fs.reboot()).app.top.module_name == "menu"  # the save went with it


class NoStatFS(FakeFS):
    """A storage that cannot say how much room it has: only the write finds it full."""

    def free(self):
        return None


def test_a_write_that_fails_leaves_no_record_and_keeps_the_save():
    fs = NoStatFS(capacity=720)  # the settings and the game's two slots fit, a record not
    device = Device(fs=fs)
    finish_a_go_game(device, ("C3", "G7", "C7", "G3", "C5", "G5"))
    assert device.app.top.heading == "Storage full"
    assert names(device) == []  # the cut-short file was removed
    assert Device(fs=fs.reboot()).app.game.count == 8


def fill_records(fs, count):
    for number in range(1, count + 1):
        fs.files["records/%04d-go.sgf" % number] = bytearray(b"(;GM[1]SZ[9]RE[W+2])\n")


def test_at_the_limit_the_oldest_goes_only_when_the_player_agrees():
    fs = FakeFS()
    fill_records(fs, MAX_RECORDS)
    device = Device(fs=fs)
    finish_a_go_game(device)
    confirm = device.app.top
    assert confirm.module_name == "confirm" and confirm.heading == "Records full"
    assert "Delete 1 Go" in confirm.text
    assert confirm.list.rows == ["Delete oldest", "Not this game", "Later"]
    assert confirm.list.selected == 2  # Later: A out of habit loses nothing
    device.press("down")  # round to Delete oldest
    device.press("a")
    assert device.app.top.heading == "Kept" and "record %d" % (MAX_RECORDS + 1) in \
        device.app.top.text
    kept = names(device)
    assert len(kept) == MAX_RECORDS and kept[0] == "0002-go.sgf"
    assert "RE[0]" in text(device, kept[-1])


def test_at_the_limit_not_keeping_the_game_keeps_every_record():
    fs = FakeFS()
    fill_records(fs, MAX_RECORDS)
    device = Device(fs=fs)
    finish_a_go_game(device)
    device.press("up")  # Not this game
    device.press("a")
    assert device.app.top.module_name == "menu"
    assert names(device) == ["%04d-go.sgf" % n for n in range(1, MAX_RECORDS + 1)]
    assert Device(fs=fs.reboot()).app.top.module_name == "menu"  # its save went: as chosen


def test_at_the_limit_a_game_given_up_waits_for_the_answer():
    fs = FakeFS()
    fill_records(fs, MAX_RECORDS)
    device = Device(fs=fs)
    device.press("a")  # Go
    device.press("a")
    device.play("E5")
    device.press("menu")
    for _ in range(7):  # Back, Pass, Undo, Hint, Estimate, Resign, Rules -> Main menu
        device.press("down")
    device.press("a")
    device.press("down")  # Go (below Resume Go)
    device.press("a")
    device.press("a")  # Start
    device.press("up")
    device.press("a")  # Start new: the old game is to be kept
    assert device.app.top.heading == "Records full"
    device.press("b")  # not answered: nothing changes
    assert device.app.top.module_name == "setup" and device.app.game.count == 1
    device.press("a")  # Start
    device.press("up")
    device.press("a")  # Start new
    device.press("a")  # Later, where the question opens: not answered either
    assert device.app.top.module_name == "setup" and device.app.game.count == 1
    assert len(names(device)) == MAX_RECORDS
    device.press("a")  # Start
    device.press("up")
    device.press("a")  # Start new
    device.press("down")
    device.press("a")  # Delete oldest
    assert device.app.top.heading == "Kept"
    device.press("a")
    assert device.summary() == "screen=play game=go size=9 moves=0 to_move=black"
    assert names(device)[-1] == "%04d-go.sgf" % (MAX_RECORDS + 1)
    assert "RE[" not in text(device, names(device)[-1])  # kept unfinished
