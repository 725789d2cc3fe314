"""A stand-in for MicroPython's `rp2` with what stones.platforms.pico uses: bootsel_button(),
1 while the test holds held[0] at 1. Put on sys.path only by tests/device/test_pico."""

held = [0]


def bootsel_button():
    return held[0]
