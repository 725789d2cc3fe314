"""Out of memory (or any error) mid-game: a clear screen, the saved game kept, back to the menu
with the game resumable, and a reboot resumes it too. Both runtimes."""

from host_tools.sim.device import Device


def start_go_and_play_two_moves():
    device = Device()
    for step in ("a", "a"):
        device.press(step)
    device.play("E5")
    device.play("D5")
    return device


def fail_once(game, error):
    """The next legality check raises error, as an allocation failure deep in a move would."""
    original = game.reason

    def reason(move):
        game.reason = original
        raise error

    game.reason = reason


def test_memory_error_shows_a_clear_screen_and_keeps_the_game():
    device = start_go_and_play_two_moves()
    fail_once(device.app.game, MemoryError("memory allocation failed"))
    device.play("C3")
    app = device.app
    assert app.top.module_name == "error"
    assert "Out of memory" in app.top.text and "kept" in app.top.text
    assert app.game is not None and app.game.count == 2
    device.press("a")  # back to the menu, where the game can be resumed
    assert app.top.module_name == "menu"
    assert app.top.list.rows[0] == "Resume Go"
    device.press("a")
    assert device.summary() == "screen=play game=go size=9 moves=2 to_move=black"
    rebooted = Device(fs=device.fs.reboot())  # and the save survives a reset
    assert rebooted.summary() == "screen=play game=go size=9 moves=2 to_move=black"


def test_any_error_is_shown_named_and_the_game_plays_on():
    device = start_go_and_play_two_moves()
    fail_once(device.app.game, KeyError("boom"))
    device.play("C3")
    assert device.app.top.module_name == "error" and "KeyError" in device.app.top.text
    device.press("a")
    device.press("a")  # Resume
    device.play("C3")
    assert device.app.game.count == 3
