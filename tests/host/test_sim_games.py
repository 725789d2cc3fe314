"""Whole games of all four games played through the buttons in the simulator, on CPython and on
the MicroPython unix port (the firmware as mpy-cross output, with a heap to spare: UNIX_HEAP),
with golden frames for the key screens of each game (tests/golden/*.pbm).

The scripts are tests/scripts/<game>.txt. To refresh the golden frames after an intended change
of the screens: UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/host/test_sim_games.py
"""

import os
import subprocess
import sys

import pytest
from PIL import Image

from host_tools.paths import ROOT, UNIX_HEAP
from host_tools.sim.device import Device, run_script

SCRIPTS = os.path.join(ROOT, "tests", "scripts")
GOLDEN = os.path.join(ROOT, "tests", "golden")
RESULTS = {"go": "W+1", "loose": "W+2", "loupe": "B+7", "offshore": "B+1"}


def frame(device):
    fb = device.display
    return fb.width, fb.height, bytes(fb.buffer)


def pbm(width, height, buffer):
    """A MONO_VLSB frame as binary PBM (P4). PBM's 1 is black, so a lit pixel is a 0 bit and
    the file looks like the panel: white on black."""
    rows = bytearray()
    for y in range(height):
        row = bytearray((width + 7) // 8)
        for x in range(width):
            if not buffer[(y >> 3) * width + x] >> (y & 7) & 1:
                row[x >> 3] |= 0x80 >> (x & 7)
        rows += row
    return b"P4\n%d %d\n" % (width, height) + bytes(rows)


def run(game):
    device = Device()
    shots = {}
    summaries = {}

    def shot(name):
        shots[name] = frame(device)
        summaries[name] = device.summary()

    with open(os.path.join(SCRIPTS, game + ".txt")) as handle:
        run_script(device, handle.read().splitlines(), shot)
    return device, shots, summaries


@pytest.mark.parametrize("game", sorted(RESULTS))
def test_a_whole_game_through_the_buttons(game):
    device, shots, summaries = run(game)
    result = summaries[game + "-result"]
    assert "screen=score game=%s" % game in result and result.endswith("result=" + RESULTS[game])
    assert device.summary() == "screen=menu game=none"  # back at the menu, the game is done
    records = [name for name in device.fs.files if name.startswith("records/")]
    if game == "go":  # Go games are kept as SGF, the others in the record format
        assert records == ["records/0001-go.sgf"]
        text = device.fs.files[records[0]].decode()
        assert text.startswith("(;GM[1]FF[4]") and "RE[%s]" % RESULTS[game] in text
    else:
        assert records == ["records/0001-%s.txt" % game]
        text = device.fs.files[records[0]].decode()
        assert text.startswith("game " + game) and "moves B:" in text
    assert not any(name.startswith("game.") for name in device.fs.files)  # the save is gone


@pytest.mark.parametrize("game", sorted(RESULTS))
def test_golden_frames(game):
    _, shots, _ = run(game)
    update = os.environ.get("UPDATE_GOLDEN")
    for name, (width, height, buffer) in sorted(shots.items()):
        path = os.path.join(GOLDEN, name + ".pbm")
        data = pbm(width, height, buffer)
        if update:
            with open(path, "wb") as handle:
                handle.write(data)
            continue
        assert os.path.exists(path), "no golden frame %s (UPDATE_GOLDEN=1 makes it)" % name
        with open(path, "rb") as handle:
            assert handle.read() == data, "frame %s differs from %s" % (name, path)


@pytest.mark.parametrize("game", sorted(RESULTS))
def test_the_same_game_under_micropython(game, tmp_path):
    """The firmware under the unix port (its behaviour heap, UNIX_HEAP: a Pico's own is
    asserted on the emulated RP2040) plays the same game to the same frames (real framebuf
    there)."""
    done = subprocess.run(
        [sys.executable, "-m", "host_tools.sim", "--headless", "--runtime", "micropython",
         "--heap", UNIX_HEAP, "--script", os.path.join(SCRIPTS, game + ".txt"),
         "--out", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "screen=menu game=none"
    for name in os.listdir(tmp_path):
        if name == "final.png":
            continue
        image = Image.open(os.path.join(tmp_path, name)).convert("1")
        width, height = image.size
        with open(os.path.join(GOLDEN, name[:-4] + ".pbm"), "rb") as handle:
            golden = Image.open(handle).convert("1")
            assert golden.size == image.size
            assert golden.tobytes() == image.tobytes(), name


def test_the_records_script_keeps_two_games_and_reaches_each_records_screen():
    """make screenshots' records.txt: two games kept (a rematch is A, so each goes back with
    MENU), then its shots on the screens they name."""
    device, shots, summaries = run("records")
    assert summaries == {
        "records-list": "screen=records game=none",
        "records-record": "screen=records game=none",
        "records-replay": "screen=replay game=none",
        "records-delete": "screen=confirm game=none",
    }
    assert sorted(device.fs.listdir("records")) == ["0001-go.sgf", "0002-go.sgf"]


def test_the_replay_script_steps_back_to_a_corner_of_a_19x19_record():
    """make screenshots' replay.txt: a 19x19 game in the corners, its Estimate on the way,
    kept and replayed three moves back; its shot shows the window at the top left, on Black's
    C17."""
    device, shots, summaries = run("replay")
    assert summaries["estimate-go19"].startswith("screen=estimate game=go size=19 moves=6")
    assert summaries["replay-go19"] == "screen=replay game=none"
    assert len(summaries) == 2
    assert device.summary() == "screen=menu game=none"
    assert device.fs.listdir("records") == ["0001-go.sgf"]
    text = device.fs.files["records/0001-go.sgf"].decode()
    assert ";B[cc]" in text  # C17, the move the shot is on


def test_the_tall_replay_script_shows_the_estimate_and_the_replay_on_128x128():
    """make screenshots' tall-replay.txt, on the 128x128 panel: Go 19x19's Estimate mid-game,
    then the game's replay back on Black's C17, each shot on its own screen."""
    device = Device(display="ssd1327")
    summaries = {}

    def shot(name):
        summaries[name] = device.summary()

    with open(os.path.join(SCRIPTS, "tall-replay.txt")) as handle:
        run_script(device, handle.read().splitlines(), shot)
    assert summaries["tall-estimate"].startswith("screen=estimate game=go size=19 moves=6")
    assert summaries["tall-replay"] == "screen=replay game=none"
    assert device.fs.listdir("records") == ["0001-go.sgf"]
