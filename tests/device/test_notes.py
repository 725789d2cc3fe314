"""Every note says how to close it: "A: OK" on its last line, under the longest texts too (the
battery's warnings, a record kept, a save that failed), on 128x64 and 128x128; A closes it.
Both runtimes."""

from fitwalk import Walk

from stones.session import MAX_RECORDS

MICROPYTHON_HEAP = "256K"


def finish_a_go_game(walk):
    """From the menu: Go with two passes, counted, to its result and the menu's A."""
    walk.press("a", "a")  # Go, Start
    walk.device.play("pass")
    walk.device.play("pass")
    walk.press("menu", "a", "a", "menu")  # marked, the table, the result, to the menu


def test_the_battery_notes_say_a_ok():
    for height in (64, 128):
        walk = Walk(height, 3.45)  # low at power-on: said over the menu
        walk.check("Battery low", "A: OK")
        walk.press("a")
        assert walk.device.app.top.module_name == "menu"
        walk.device.set_battery(3.3)
        walk.check("Battery empty", "A: OK")


def test_the_kept_note_says_a_ok():
    for height in (64, 128):
        walk = Walk(height)
        files = walk.device.fs.files
        for number in range(1, MAX_RECORDS + 1):
            files["records/%04d-go.sgf" % number] = bytearray(b"(;GM[1]SZ[9]RE[W+2])\n")
        finish_a_go_game(walk)
        assert walk.device.app.top.heading == "Records full"
        walk.press("down", "a")  # round from Later to Delete oldest
        walk.check("Kept", "A: OK")
        walk.press("a")
        assert walk.device.app.top.module_name == "menu"


def test_the_longest_notes_say_a_ok_too():
    for height in (64, 128):
        walk = Walk(height)
        device = walk.device
        walk.press("a", "a")  # Go, Start
        fs = device.fs
        fs.capacity = fs.used()  # full from now on: the next move's save fails
        device.play("E5")
        walk.check("Not saved", "A: OK", *device.app.top.text.split())
        walk.press("a")
        assert device.app.top.module_name == "play"

