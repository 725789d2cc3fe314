"""Nothing the player does loses a game: a new game over one in progress asks first
and keeps the old one in the records, unfinished; a game that ended but was not counted comes
back to its score screen after a reset; a finished Go game's record keeps the stones marked dead
and the result shown; presses while the device thinks are answered. Both runtimes."""

from support import long_thinking, mark_only

from host_tools.sim.device import Device


def go_with_two_moves():
    device = Device()
    device.press("a")  # Go
    device.press("a")  # Start
    device.play("E5")
    device.play("D5")
    return device


def to_go_start(device):
    device.press("menu")
    for _ in range(7):  # Back, Pass, Undo, Hint, Estimate, Resign, Rules -> Main menu
        device.press("down")
    device.press("a")
    assert device.app.top.list.rows[0] == "Resume Go"
    device.press("down")  # Go
    device.press("a")
    device.press("a")  # Start


def records(device):
    return [name for name in device.fs.listdir("records")]


def record_text(device, name):
    return bytes(device.fs.files["records/" + name]).decode()


def test_a_new_game_over_one_in_progress_asks_and_back_keeps_it():
    device = go_with_two_moves()
    to_go_start(device)
    screen = device.app.top
    assert screen.module_name == "confirm"
    assert "2 moves" in screen.text and "records" in screen.text
    assert screen.list.rows[screen.list.selected] == "Back"  # it opens on the safe choice
    device.press("a")  # Back
    assert device.app.top.module_name == "setup"
    assert device.app.game.count == 2 and records(device) == []
    device.press("b")
    device.press("up")
    device.press("a")  # Resume Go
    assert device.summary() == "screen=play game=go size=9 moves=2 to_move=black"


def test_starting_anew_keeps_the_old_game_in_the_records_unfinished():
    device = go_with_two_moves()
    to_go_start(device)
    device.press("up")
    device.press("a")  # Start new
    assert device.summary() == "screen=play game=go size=9 moves=0 to_move=black"
    assert records(device) == ["0001-go.sgf"]
    text = record_text(device, "0001-go.sgf")
    assert ";B[ee];W[de]" in text and "RE[" not in text  # the moves, and no result
    rebooted = Device(fs=device.fs.reboot())  # the save is the new game, not the old one
    assert rebooted.summary() == "screen=menu game=none"


def test_an_empty_game_is_replaced_without_a_question():
    device = Device()
    device.press("a")
    device.press("a")  # Go, no move yet
    to_go_start(device)
    assert device.app.top.module_name == "play" and records(device) == []


def test_a_game_ended_but_not_counted_comes_back_to_its_score_screen():
    device = go_with_two_moves()
    device.play("pass")
    device.play("pass")
    assert device.app.top.module_name == "score"
    rebooted = Device(fs=device.fs.reboot())  # power lost while marking the dead
    assert rebooted.app.top.module_name == "score" and rebooted.app.game.over
    assert rebooted.app.game.count == 4


def test_a_finished_go_record_keeps_the_marking_and_the_result_shown():
    device = go_with_two_moves()
    device.play("E4")
    device.play("J9")  # White
    device.play("pass")
    device.play("pass")
    game = device.app.game
    assert game.dead_stones() == game.estimate_dead()  # the marking opens with the estimate
    mark_only(device, "J9")  # then the players mark J9 dead, and only J9
    device.press("menu")  # done marking
    shown = device.app.top.result.gtp()
    for button in ("a", "a", "menu"):
        device.press(button)  # table, result, menu
    assert device.app.top.module_name == "menu"
    text = record_text(device, "0001-go.sgf")
    assert "RE[%s]" % shown in text
    assert "TB[ia]" in text  # the dead white stone on J9, in Black's territory


def test_presses_while_the_device_thinks_are_answered():
    from stones.ui.play import BUSY

    device = Device()
    device.press("a")  # Go
    for _ in range(5):
        device.press("down")  # Start, Size, Komi, Scoring, Handicap -> Black
    from stones.ui.opponent import level_count

    for _ in range(level_count("go")):
        device.press("right")  # Black: the strongest level, which thinks longest
    for _ in range(5):
        device.press("up")
    with long_thinking():  # the game's class, as the setup screen holds it
        device.press("a")
        screen = device.app.top
        assert screen.thinking is not None
        cursor = screen.view.cursor
        device.press("a")
        assert screen.message == BUSY  # seen, not silently dropped
        device.press("right")  # dismisses the note, and moves on
        assert screen.thinking is not None  # (its reply would take the cursor to it)
        assert screen.view.cursor != cursor  # the cursor still moves
