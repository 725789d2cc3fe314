"""Every string of the Records screen whole and inside the panel (tests/device/fitwalk.py), with
the longest rows a record can give (a four-digit number, OffShore, two Device players, a date),
the questions at the records limit and the word on a full storage, on 128x64 and 128x128. Both
runtimes."""

from fitwalk import Walk

# the walk records every string drawn: more than a Pico-sized heap on the 64-bit unix port
MICROPYTHON_HEAP = "256K"

LONGEST = (b"game offshore\nsize 7\nterritory strong\nblack Device 6\nwhite Device 6\n"
           b"date 2026-11-27\nresult W+12\nmoves B:d4\n")
GO = b"(;GM[1]FF[4]SZ[19]KM[6.5]RE[B+12.5]PB[Human]PW[Device 4]DT[2026-11-27]RU[Japanese];B[dd])"


def walk_records(height):
    walk = Walk(height)
    device = walk.device
    files = device.fs.files
    files["records/1233-go.sgf"] = bytearray(GO)
    files["records/1234-offshore.txt"] = bytearray(LONGEST)
    device.press("up")  # Records, the menu's last row
    device.press("a")
    walk.check("Records 2/20", "1234 OffShore", "1233 Go 19 B+12.5")
    walk.press("a")
    walk.check("Record 1234", "OffShore 7 2026-11-27", "Device 6 vs Device 6", "Result W+12",
               "Replay", "Delete")
    walk.press("down", "a")
    walk.check("Delete record?", "Delete", "Keep")
    walk.press("b", "b", "down", "a")
    walk.check("Record 1233", "Go 19 2026-11-27", "Human vs Device 4", "Result B+12.5")
    walk.press("b", "b")
    for name in list(files):
        if name.startswith("records/"):
            del files[name]
    walk.press("a")  # the menu keeps Records selected
    walk.check("Records 0/20", "None yet.")
    return walk


def test_the_records_screen_fits_both_panels():
    for height in (64, 128):
        walk_records(height)


def test_the_records_questions_fit_both_panels():
    from stones.engine.go.rules import Go

    for height in (64, 128):
        walk = Walk(height)
        app = walk.device.app
        fs = walk.device.fs
        for number in range(1, 21):
            fs.files["records/%04d-offshore.txt" % (number + 1000)] = bytearray(LONGEST)
        game = Go()
        game.play(0)
        game.play(0)
        app.finished(game)
        walk.check("Records full", "1001 OffShore", "Delete oldest", "Not this game", "Later")
        walk.press("b")
        for name in list(fs.files):
            if name.startswith("records/"):
                del fs.files[name]
        fs.capacity = fs.used()  # nothing more fits
        app.finished(game)
        walk.check("Storage full", "Delete records")
