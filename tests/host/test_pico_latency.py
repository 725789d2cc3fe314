"""The button-latency part of the Pico benchmark (host_tools/bench/pico.py): the gaps from a
press's edge to its frame are split by whether the device was pondering before the press, and a
frame never seen counts as the longest; the press schedule walks the d-pad round a square; the
app's figures are refused where it set up another board."""

import math

import pytest

from host_tools.bench import pico


def test_gaps_are_split_by_the_busy_share_before_the_press():
    busy, idle = pico.BUSY + 0.3, pico.BUSY - 0.3
    samples = [(100.0, 160.0, busy), (300.0, 340.0, idle), (500.0, 590.0, busy),
               (700.0, 730.0, idle)]
    assert pico.gap_summary(samples) == (2, 90.0, 75.0)
    assert pico.gap_summary(samples, pondering=False) == (2, 40.0, 35.0)
    assert pico.gap_summary(samples, pondering=None) == (4, 90.0, 55.0)


def test_a_frame_never_seen_is_the_longest_gap():
    presses, longest, mean = pico.gap_summary([(0.0, 20.0, 0.9), (50.0, None, 0.9)])
    assert presses == 2 and math.isinf(longest) and math.isinf(mean)


def test_no_qualifying_press_gives_no_figure():
    assert pico.gap_summary([(0.0, 40.0, 0.1)]) == (0, None, None)


def test_busy_share_is_the_time_awake():
    before = {"ms": 100.0, "sleep_ms": 40.0}
    assert pico.busy_share(before, {"ms": 200.0, "sleep_ms": 70.0}) == 0.7
    assert pico.busy_share(before, before) == 0.0


def test_the_walk_returns_to_its_start_and_the_spells_vary():
    moves = {"right": (1, 0), "left": (-1, 0), "up": (0, 1), "down": (0, -1)}
    assert sum(moves[b][0] for b in pico.DPAD) == sum(moves[b][1] for b in pico.DPAD) == 0
    spells = [pico.wait_ms(i) for i in range(40)]
    assert min(spells) >= 40 and max(spells) < pico.HOLD_MS
    assert len({s % 10 for s in spells}) == 10  # every phase of a 10 ms sleep is reached


def test_the_app_figures_of_another_board_are_refused_by_name(monkeypatch):
    monkeypatch.setattr(pico, "on_device", lambda files, code, uf2: {"board": [7.0]})
    with pytest.raises(RuntimeError, match="^the app set up loose 7, not 5$"):
        pico.app_figures("loose", 3, size=5)
    assert pico.app_figures("loose", 3, size=7) == {"board": [7.0]}
    monkeypatch.setattr(pico, "on_device", lambda files, code, uf2: {})
    with pytest.raises(RuntimeError, match="^the app set up loose no board, not 5$"):
        pico.app_figures("loose", 3, size=5)
