"""Every string whole and inside the panel (tests/device/fitwalk.py): every Go setting, each
board size from the first move to the result, on 128x64 and 128x128. Both runtimes."""

from fitwalk import walk_game_everywhere


def test_every_go_screen_fits():
    assert walk_game_everywhere("go") > 40
