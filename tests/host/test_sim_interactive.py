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
    from host_tools.sim.cli import Window
    from host_tools.sim.device import Device

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
    assert view.handle([key(pygame, pygame.KEYDOWN, "escape")])  # a game in play: asked
    assert view.asking
    assert view.handle([key(pygame, pygame.KEYDOWN, "right")]) and not view.asking  # plays on
    assert view.handle([key(pygame, pygame.KEYDOWN, "q")])  # Q, beside WASD, never quits
    assert view.handle([pygame.event.Event(pygame.QUIT)])  # closing asks too
    assert not view.handle([key(pygame, pygame.KEYDOWN, "escape")])
    assert not Window(Device(), scale=2).handle([pygame.event.Event(pygame.QUIT)])  # no game


def test_the_key_that_answers_the_quit_question_goes_no_further(pygame):
    from host_tools.sim.cli import Window
    from host_tools.sim.device import Device

    device = Device()
    view = Window(device, scale=1)
    tap(pygame, view, "z")
    tap(pygame, view, "z")  # Go, Start: a game in play
    assert view.handle([key(pygame, pygame.KEYDOWN, "escape")]) and view.asking
    tap(pygame, view, "m")  # the answer: play on
    assert not view.asking
    assert device.app.top.module_name == "play"  # the menu key did not open the game's menu
    assert not any(pin.is_pressed for pin in device.pins.values())  # no pin left down
    tap(pygame, view, "m")  # the next press is the device's again
    assert device.app.top.module_name == "gamemenu"


def test_the_window_resizes_in_whole_steps_and_takes_screenshots(pygame, tmp_path, monkeypatch):
    from host_tools.sim.cli import Window
    from host_tools.sim.device import Device

    device = Device()
    view = Window(device, scale=3, shots=str(tmp_path / "shots"))
    assert view.handle([pygame.event.Event(pygame.VIDEORESIZE, w=700, h=400, size=(700, 400))])
    assert view.scale == 5  # 700 // 128 and (400 - the legend) // 64, the smaller
    view.draw()
    assert view.screen.get_size() == (700, 400)
    assert view.handle([key(pygame, pygame.KEYDOWN, "f12")])
    first = str(tmp_path / "shots" / "pocket-stones-1.png")  # the folder made when needed
    assert view.note == "saved " + first
    from PIL import Image

    shot = Image.open(first)
    assert shot.size == (128 * 5, 64 * 5)
    assert view.handle([key(pygame, pygame.KEYDOWN, "p")])
    assert os.path.exists(str(tmp_path / "shots" / "pocket-stones-2.png"))
    assert not [name for name in os.listdir(str(tmp_path)) if name.endswith(".png")]


def test_screenshots_go_to_a_folder_in_the_home_by_default(pygame, tmp_path, monkeypatch):
    from host_tools.sim.cli import Window
    from host_tools.sim.device import Device

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    view = Window(Device(), scale=1)
    assert view.handle([key(pygame, pygame.KEYDOWN, "f12")])
    assert os.path.exists(str(tmp_path / "Pictures" / "pocket-stones" / "pocket-stones-1.png"))
    assert not os.path.exists(str(tmp_path / "pocket-stones-1.png"))  # not where it was run


def test_the_battery_preview_steps_down_to_the_warning(pygame):
    from host_tools.sim.cli import Window
    from host_tools.sim.device import Device
    from stones.ui.draw import STATUS

    device = Device()
    device.set_battery(4.1)
    view = Window(device, scale=1, battery=4.1)
    full = STATUS[0]
    assert full > 1 and device.app.top.module_name == "menu"
    for _ in range(6):  # 4.0, 3.9 ... 3.5: lower, no warning yet
        tap(pygame, view, "v")
    assert view.note == "battery 3.50 V" and STATUS[0] < full
    assert device.app.top.module_name == "menu"
    assert view.handle([key(pygame, pygame.KEYDOWN, "v")])  # 3.4 V: low
    assert view.note == "battery 3.40 V"
    assert device.app.top.module_name == "message" and device.app.top.heading == "Battery low"


def test_the_battery_preview_reaches_empty_from_any_start_then_starts_again(pygame):
    from host_tools.sim.cli import BATTERY_BOTTOM, BATTERY_TOP, Window
    from host_tools.sim.device import Device
    from stones.drivers.battery import CRITICAL_MV

    assert BATTERY_BOTTOM * 1000 < CRITICAL_MV  # the bottom of the cycle is an empty cell
    for start in (4.2, 3.95, 3.45, 3.35, 3.32):
        device = Device()
        device.set_battery(start)
        view = Window(device, scale=1, battery=start)
        seen = []
        for _ in range(12):
            assert view.handle([key(pygame, pygame.KEYDOWN, "v")])
            top = device.app.top
            seen.append((view.note, top.heading if top.module_name == "message" else ""))
            if seen[-1][1] == "Battery empty":
                break
        assert seen[-1] == ("battery %.2f V" % BATTERY_BOTTOM, "Battery empty"), (start, seen)
        assert view.handle([key(pygame, pygame.KEYDOWN, "v")])  # from empty: charged again
        assert view.note == "battery %.2f V" % BATTERY_TOP, start


def test_the_window_shows_the_contrast_and_the_panel_off(pygame):
    from host_tools.sim.cli import Window
    from host_tools.sim.device import Device

    device = Device()
    view = Window(device, scale=2)
    fb = device.display

    def brightest():
        view.draw()
        return max(view.screen.get_at((x * 2, y * 2))[0] for y in range(0, 10)
                   for x in range(0, 128, 2))

    assert brightest() == 255  # the title bar at full contrast
    menu = device.app.top.list.rows
    for _ in range(menu.index("System")):
        tap(pygame, view, "down")
    tap(pygame, view, "z")
    tap(pygame, view, "left")  # contrast down a step
    tap(pygame, view, "left")
    assert 60 < brightest() < 255
    device.app.system["sleep"] = 0  # the shortest sleep: 30 s dims, 60 s switches off
    device.run(61000)
    assert not view.lit and brightest() == 0
    assert fb.pixel(0, 0)  # the frame is still there, the panel only dark
    tap(pygame, view, "down")  # wakes
    assert view.lit and brightest() > 60


def test_no_sound_device_means_one_line_not_the_sound_library_s_errors():
    # SDL's own audio driver choice: on a machine without a sound card (this one, CI) alsa-lib
    # used to print eight lines of its own; now the simulator says it in one
    env = dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="dummy")
    env.pop("SDL_AUDIODRIVER", None)
    done = subprocess.run([sys.executable, "-c", "from host_tools.sim.cli import speaker\n"
                           "print('sound' if speaker() else 'silent')"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    if done.stdout.strip() == "silent":
        assert len(lines) == 1 and lines[0].startswith("sim: no sound ("), lines
    else:
        assert lines == []


def start_terminal(tmp_path, columns, lines, flags=()):
    """python -m host_tools.sim --terminal in a pseudo terminal of columns x lines."""
    import fcntl
    import struct
    import termios

    main, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = dict(os.environ, PYTHONPATH=ROOT)
    for name in ("DISPLAY", "COLUMNS", "LINES"):
        env.pop(name, None)
    process = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--terminal"]
                               + list(flags),
                               stdin=child, stdout=child, stderr=child, cwd=str(tmp_path),
                               env=env)
    os.close(child)
    return main, process


def reader(main):
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

    return seen, read_until


def in_terminal(tmp_path, columns, lines, steps, flags=()):
    """Run steps(main, seen, read_until, process) against the terminal mode in a pseudo terminal
    of columns x lines; the process is killed if it is still running after them."""
    main, process = start_terminal(tmp_path, columns, lines, flags)
    seen, read_until = reader(main)
    try:
        steps(main, seen, read_until, process)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)


def test_the_terminal_mode_plays_in_a_pseudo_terminal(tmp_path):
    def steps(main, seen, read_until, process):
        read_until("quit".encode())  # the first frame and the legend
        frame = bytes(seen).decode(errors="replace")
        assert any(ch in frame for ch in "▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")  # pixels as quadrant blocks
        for step in ("z", "z", "\x1b[C", "z"):  # Go, Start, cursor right, place a stone
            del seen[:]
            os.write(main, step.encode())
            read_until("quit".encode())
        del seen[:]
        os.write(main, b"q")  # a game is in play: asked first
        read_until(b"Quit? (the game is saved)")
        assert process.poll() is None
        del seen[:]
        os.write(main, b"m")  # plays on: the menu key answers, and does not open the menu
        read_until(b"quit")
        del seen[:]
        os.write(main, b"q")
        read_until(b"Quit? (the game is saved)")
        os.write(main, b"q")
        read_until(b"screen=play game=go size=9 moves=1 to_move=white")
        assert process.wait(timeout=30) == 0

    in_terminal(tmp_path, 100, 40, steps)


def test_p_in_the_terminal_writes_the_panel_as_a_screenshot(tmp_path):
    from PIL import Image

    def steps(main, seen, read_until, process):
        read_until("quit".encode())
        for n in (1, 2):
            os.write(main, b"p")
            read_until(b"saved " + str(tmp_path / ("pocket-stones-%d.png" % n)).encode())
        os.write(main, b"q")
        read_until(b"screen=menu game=none")
        assert process.wait(timeout=30) == 0

    in_terminal(tmp_path, 100, 40, steps, ["--shots", str(tmp_path)])
    first = Image.open(tmp_path / "pocket-stones-1.png")
    assert first.size == (512, 256)  # the window's default scale, 4
    colours = dict((colour, count) for count, colour in first.getcolors())
    assert set(colours) == {(0, 0, 0), (255, 255, 255)} and colours[(255, 255, 255)] > 4000
    assert first.tobytes() == Image.open(tmp_path / "pocket-stones-2.png").tobytes()


def test_an_80x24_terminal_gets_the_panel_in_braille(tmp_path):
    def steps(main, seen, read_until, process):
        read_until("quit".encode())
        frame = bytes(seen).decode(errors="replace")
        rows = [line for line in frame.split("\n") if line.count("|") >= 2]
        assert len(rows) == 16 and all(len(row.split("|")[1]) == 64 for row in rows)
        assert any(0x2801 <= ord(ch) <= 0x28FF for ch in frame)  # lit Braille cells
        os.write(main, b"q")  # no game in play: quits at once
        read_until(b"screen=menu game=none")
        assert process.wait(timeout=30) == 0

    in_terminal(tmp_path, 80, 24, steps)


def test_sigterm_ends_the_simulator_in_play_and_gives_the_terminal_back(tmp_path):
    def steps(main, seen, read_until, process):
        read_until("quit".encode())
        for step in ("z", "z", "z"):  # Go, Start, a stone: a game in play
            del seen[:]
            os.write(main, step.encode())
            read_until("quit".encode())
        del seen[:]
        process.terminate()
        assert process.wait(timeout=30) == 128 + 15  # gone, without asking
        read_until(b"\x1b[?25h")  # the cursor shown again: the terminal restored

    in_terminal(tmp_path, 100, 40, steps, ["--state", str(tmp_path / "state")])
    assert os.listdir(str(tmp_path / "state"))  # the game saved, to resume


def test_window_without_a_display_says_so_and_does_not_run_unseen(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "host_tools.sim", "--window"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          cwd=str(tmp_path), env=env, timeout=60)
    assert done.returncode == 2  # no terminal to fall back on either: said, not hung
    assert "no display" in done.stderr and "terminal" in done.stderr


def test_too_small_a_heap_is_named_not_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless", "--runtime",
                           "micropython", "--heap", "64K", "--script",
                           os.path.join(ROOT, "tests", "scripts", "system.txt"),
                           "--out", str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 1
    assert "ran out of memory" in done.stderr and "--heap 64K" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_terminal_too_small_is_told_the_size_needed(tmp_path):
    def steps(main, seen, read_until, process):
        read_until(b"needs at least 66x18")
        assert process.wait(timeout=30) == 1

    in_terminal(tmp_path, 60, 12, steps)


def test_the_window_sounds_the_buzzer_on_the_mixer(pygame):
    from host_tools.sim.cli import PygameTone, Window
    from host_tools.sim.device import Device

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


def test_a_press_and_release_in_one_frame_still_reach_the_device(pygame):
    """A remote desktop or a script can deliver a key's press and release in the same batch:
    the window holds the release back until the device has seen the press, so the tap counts,
    and the keys after it keep their order."""
    from host_tools.sim.cli import TAP_MS, Window
    from host_tools.sim.device import Device

    device = Device()
    view = Window(device, scale=1)
    both = [key(pygame, pygame.KEYDOWN, "z"), key(pygame, pygame.KEYUP, "z"),
            key(pygame, pygame.KEYDOWN, "down"), key(pygame, pygame.KEYUP, "down")]
    assert view.handle(both)
    assert len(view.later) == 3  # the release and what came after it wait
    frames = 0
    while view.later or frames < 2:  # the window's loop: a frame of device time, then events
        device.run(17)
        assert view.handle([])
        frames += 1
        assert frames < 20
    device.run(60)
    setup = device.app.top
    assert setup.module_name == "setup"  # A reached the menu: Go's settings
    assert setup.list.selected == 1  # and the down after it: Start -> Size
    assert frames * 17 >= TAP_MS
