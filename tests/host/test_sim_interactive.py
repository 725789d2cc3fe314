"""The simulator's interactive modes: the pygame window (on SDL's dummy video and audio drivers)
and the terminal mode (the real `python -m host_tools.sim --terminal` in a pseudo terminal)."""

import os
import select
import subprocess
import sys
import time

import pytest

from host_tools.paths import ROOT


@pytest.fixture
def pygame(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    yield pygame
    pygame.quit()


def key(pygame, kind, name):
    return pygame.event.Event(kind, key=pygame.key.key_code(name))


def tap(pygame, view, name):
    """A key pressed then released, with the simulated time a finger takes."""
    assert view.handle([key(pygame, pygame.KEYDOWN, name)])
    view.device.run(60)
    assert view.handle([key(pygame, pygame.KEYUP, name)])
    view.device.run(60)


def test_the_window_drives_the_buttons_and_shows_the_panel_scaled(pygame):
    from host_tools.sim import Window
    from host_tools.simcore import Device

    device = Device()
    view = Window(device, scale=3)
    tap(pygame, view, "z")  # A on the menu: Go's settings
    assert device.app.top.module_name == "setup"
    tap(pygame, view, "return")  # A again: Start
    assert device.summary() == "screen=play game=go size=9 moves=0 to_move=black"
    tap(pygame, view, "right")
    tap(pygame, view, "j")
    assert device.app.game.count == 1 and device.app.game.last_move() != 0
    view.draw()
    fb = device.display
    assert view.screen.get_size() == (fb.width * 3, fb.height * 3 + Window.LEGEND_H)
    lit = dark = 0
    for y in range(fb.height):
        for x in range(fb.width):
            on = fb.pixel(x, y)
            colour = view.screen.get_at((x * 3 + 1, y * 3 + 1))[:3]
            assert colour == ((255, 255, 255) if on else (0, 0, 0)), (x, y)
            lit += on
            dark += not on
    assert lit > 100 and dark > 100  # a board, not a blank panel
    legend = [view.screen.get_at((x, fb.height * 3 + 14))[:3] for x in range(0, 300)]
    assert any(sum(c) > 300 for c in legend)  # the legend's text is drawn
    assert not view.handle([key(pygame, pygame.KEYDOWN, "escape")])
    assert not view.handle([pygame.event.Event(pygame.QUIT)])


def test_the_window_sounds_the_buzzer_on_the_mixer(pygame):
    from host_tools.sim import PygameTone, Window
    from host_tools.simcore import Device

    tone = PygameTone()
    device = Device(tone=tone)
    view = Window(device, scale=2)
    tap(pygame, view, "z")
    tap(pygame, view, "z")
    assert not tone.sounding
    assert view.handle([key(pygame, pygame.KEYDOWN, "z")])
    waited = 0
    while device.app.game.count == 0 and waited < 100:  # the press, once debounced
        device.run(1)
        waited += 1
    assert device.app.game.count == 1 and tone.sounding  # the stone's click
    device.run(100)
    assert not tone.sounding


def test_the_terminal_mode_plays_in_a_pseudo_terminal(tmp_path):
    main, child = os.openpty()
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("DISPLAY", None)
    process = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--terminal"],
                               stdin=child, stdout=child, stderr=child, cwd=str(tmp_path),
                               env=env)
    os.close(child)
    seen = bytearray()

    def read_until(marker, seconds=30):
        end = time.monotonic() + seconds
        while marker not in seen and time.monotonic() < end:
            if select.select([main], [], [], 0.2)[0]:
                try:
                    seen.extend(os.read(main, 65536))
                except OSError:  # the child closed the terminal
                    break
        assert marker in seen, bytes(seen[-2000:]).decode(errors="replace")

    try:
        read_until("quit".encode())  # the first frame and the legend
        frame = bytes(seen).decode(errors="replace")
        assert any(ch in frame for ch in "▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")  # pixels as quadrant blocks
        for step in ("z", "z", "\x1b[C", "z"):  # Go, Start, cursor right, place a stone
            del seen[:]
            os.write(main, step.encode())
            read_until("quit".encode())
        os.write(main, b"q")
        read_until(b"screen=play game=go size=9 moves=1 to_move=white")
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
