"""Every string whole and inside the panel (tests/device/fitwalk.py): the menus, the rules pages,
the system screen, replay and the error screen, on 128x64 and 128x128. Both runtimes."""

from fitwalk import Walk, replay_and_error, walk_menus

# the walk records every string drawn next to a whole game: more than a Pico-sized heap on
# the 64-bit unix port (tests/host/test_micropython.py)
MICROPYTHON_HEAP = "256K"


def test_the_menus_rules_and_system_screen_fit_both_panels():
    for height in (64, 128):
        walk = Walk(height)
        walk_menus(walk)
        assert walk.frames > 20


def test_replay_and_error_screens_fit_both_panels():
    replay_and_error(64)
    replay_and_error(128)
