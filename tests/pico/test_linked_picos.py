"""Two emulated RP2040s (host_tools/pico/linked.py) cabled UART to UART as hardware/boards/
pico.json's link entry names the pins, each booting the real UF2 (make firmware): one hosts a Go
9x9 game from its setup with Link as White, the other joins from its menu's Link; each plays its
own moves by its own buttons, the moves cross the emulated cable, and after every move both
panels show exactly what the simulator's linked pair shows (the same stones on both, each its
own cursor), to the resignation's result on both. Skips without the UF2 or node."""

import os

import pytest

from host_tools.paths import ROOT
from host_tools.pico import emulator as emulated_pico
from host_tools.pico.emulator import picture
from host_tools.pico.linked import LinkedPicos

UF2 = os.path.join(ROOT, "build", "pocket-stones.uf2")

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
]

MOVES = ("E5", "D4", "F4", "D6", "F6", "E3", "E7", "C5", "G5", "C4")  # Black, White, ...


def assert_as_shadow(pair, when):
    for side, shown, wanted in pair.differences():
        pytest.fail("%s: the %s panel differs from the simulator's\npanel:\n%s\nsimulator:\n%s"
                    % (when, side, picture(shown), picture(wanted)))


def test_two_emulated_picos_play_go_over_their_uarts_to_a_resignation():
    with LinkedPicos(UF2) as pair:
        pair.start("go")
        host, join = pair.shadow.host, pair.shadow.join
        assert host.app.players == {"1": "human", "2": "link:host"}
        assert join.app.players == {"1": "link:join", "2": "human"}
        assert_as_shadow(pair, "the game begun")
        sent = [pair.host.counters()["uart_bytes"], pair.join.counters()["uart_bytes"]]
        for number, point in enumerate(MOVES, 1):
            pair.play(point)
            assert host.app.game.count == join.app.game.count == number
            assert_as_shadow(pair, "after move %d (%s)" % (number, point))
        after = [pair.host.counters()["uart_bytes"], pair.join.counters()["uart_bytes"]]
        assert after[0] > sent[0] and after[1] > sent[1]  # both ways over the cable
        pair.resign()  # Black, the host, resigns
        assert host.app.game.over and join.app.game.over
        assert host.app.game.result().gtp() == join.app.game.result().gtp() == "W+R"
        assert_as_shadow(pair, "after the resignation")
        for pico in (pair.host, pair.join):
            assert "Traceback" not in pico.serial()
            assert pico.counters()["watchdog_resets"] == 0
