"""Every string whole and inside the panel (tests/device/fitwalk.py): the device thinking, the
note that A waits for it, and the question before a new game. Both runtimes."""

from fitwalk import Walk
from support import long_thinking


def test_the_device_thinking_and_a_new_game_question_fit():
    from stones.ui.opponent import level_count

    for height in (64, 128):
        walk = Walk(height)
        walk.press("a")  # Go
        walk.press(*["down"] * 6)  # Start, Size, Komi, Scoring, Handicap, Black -> White
        for _ in range(level_count("go")):
            walk.press("right")
        walk.check("White", "<Device %d>" % level_count("go"))
        walk.press(*["up"] * 6 + ["a"])
        with long_thinking():  # the class of the game being played
            walk.device.play("E5")
            walk.check("thinks")
            walk.press("a")
            walk.check("Device thinks:", "MENU plays now")
            play = walk.device.app.top
            while play.thinking is not None:
                walk.press("menu")  # play now
        if play.message:
            walk.press("b")  # dismissed
        walk.press("menu")
        for _ in range(7):  # Back to game, Pass, Undo, Hint, Estimate, Resign, Rules
            walk.press("down")
        walk.press("a")  # main menu
        walk.check("Resume Go")
        walk.press("down", "a", "a")
        confirm = walk.device.app.top
        walk.check("New game?", "Start new", "Back", *confirm.text.split())
