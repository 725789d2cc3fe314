"""Every string whole and inside the panel (tests/device/fitwalk.py): every OffShore setting, each
board size from the first move to the result, on 128x64 and 128x128. Both runtimes."""

from fitwalk import walk_game_everywhere

# the walk records every string drawn next to a whole game: more than a Pico-sized heap on
# the 64-bit unix port (tests/host/test_micropython.py)
MICROPYTHON_HEAP = "256K"


def test_every_offshore_screen_fits():
    assert walk_game_everywhere("offshore") > 40
