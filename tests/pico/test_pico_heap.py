"""The Pico's heap budgets, asserted where they are real: the UF2 on the emulated RP2040, with
32-bit objects and the code in flash, as a Pico runs it (the unix port's runs in
tests/host/test_micropython.py are behaviour tests with room to spare, and say nothing exact
about a Pico's heap).

Each game on its largest board, as the device plays it: the app built by the real Pico backend,
a game set up from the menu against the top Pico level, one move answered through the app's own
loop (host_tools/bench/mp/pico_app.py, the benchmark's script). The device must answer, and
what the Pico's heap has left after the move must cover the peak live heap of the thinking
again (room for the fragments a long game leaves): the real limit. HEAP_APP_TARGET, the app's
budget while it thinks, is the benchmark page's target (met or MISSED there, with its margin,
make bench: python -m host_tools.bench.pico --only app); a game whose peak comes within a few
percent of it, or over it, says so here as a warning.
"""

import os
import warnings

import pytest

from host_tools.bench import pico as bench_pico
from host_tools.pico import emulator as emulated_pico
from stones.engine import registry

NEAR = 0.05  # a peak within 5% of its budget is named in a warning

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(bench_pico.UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
]


@pytest.mark.parametrize("key", registry.keys())
def test_the_device_thinking_on_the_largest_board_fits_the_pico_heap(key):
    size = max(registry.game_class(key).sizes)
    figures = bench_pico.app_figures(key, 1, size=size)
    peak = int(figures["thinking_heap_peak"][0])
    free = int(figures["free_after"][0])
    budget = bench_pico.HEAP_APP_TARGET
    assert peak > figures["game_heap"][0], "no search ran: %s" % figures  # the tree it grew
    assert free >= peak, "%s %d: %d B free after the move, less than the peak %d B" % (
        key, size, free, peak)
    margin = 1 - peak / budget
    if margin < NEAR:
        warnings.warn("%s %d: %d B live while the device thinks, %.1f%% %s the %d B budget" % (
            key, size, peak, abs(100 * margin), "under" if margin >= 0 else "OVER", budget),
            stacklevel=1)
