"""Text keeps its margins (tests/device/fitwalk.py): with the battery icon in the title bars and
the game panel, the titles, the komi protocol's screens, the score table and the narrowest
panel beside a board (OffShore's hexagon) leave the panel's last column and the icon's corner
unwritten, on 128x64 and 128x128. (Every other walk checks the last column too, without the
icon.) Both runtimes."""

from fitwalk import Walk, walk_game, walk_menus

MICROPYTHON_HEAP = "256K"
VOLTS = 3.9  # a cell at this voltage: its icon shows, and no warning opens over the screens


def test_the_titles_keep_clear_of_the_battery_icon():
    for height in (64, 128):
        walk = Walk(height, VOLTS)
        walk_menus(walk)
        assert walk.frames > 20


def test_the_komi_protocol_and_the_score_table_keep_their_margins():
    for height in (64, 128):
        for key, size in (("loose", 5), ("offshore", 4), ("offshore", 5)):
            walk = Walk(height, VOLTS)
            walk.select({"loose": "Loose", "offshore": "OffShore"}[key])
            walk.press("a")
            walk_game(walk, key, size)
