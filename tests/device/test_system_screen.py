"""The System screen as a player meets it: the rows that can change show arrows when selected,
the read-only ones (battery, version, free memory, platform) never do, and left/right leave
them be. Both runtimes."""

from fitwalk import Walk
from support import system_row

FIXED = ("Battery", "Version", "Free", "Runs on")


def test_read_only_rows_are_drawn_without_the_arrows_of_a_changeable_one():
    for height in (64, 128):
        walk = Walk(height)
        device = walk.device
        device.set_battery(3.9)  # a cell, so that its row is there too
        screen, row = system_row(device, "Contrast")
        rows = screen.list.rows
        assert [label for label, _ in rows if label in FIXED] == list(FIXED)
        for _ in range(len(rows)):
            label, value = screen.list.rows[screen.list.selected]
            device.press("right")  # a read-only row stays as it was
            after = screen.list.rows[screen.list.selected]
            drawn = [text for _, _, _, text in walk.check(label)]
            arrows = [text for text in drawn if "<" in text or ">" in text]
            if label in FIXED:
                assert after[1] == value or label == "Free", (label, value, after)
                assert not arrows, (label, drawn)
            else:
                assert arrows == ["<%s>" % after[1]], (label, drawn)
            device.press("left")
            device.press("down")
