"""The simulator's GIF: scaled by --scale, each picture shown as long as the device
showed it (its simulated time), or sampled at --fps."""

import os

from PIL import Image

from host_tools.sim.cli import gif_timeline, main

SCRIPT = "a\na\nplay E5\nwait 1000\nplay D5\nwait 500\n"


def durations(path):
    image = Image.open(path)
    out = []
    for i in range(image.n_frames):
        image.seek(i)
        out.append(image.info["duration"])
    return image.size, out


def run(tmp_path, *extra):
    script = tmp_path / "steps.txt"
    script.write_text(SCRIPT)
    out = str(tmp_path / "out")
    assert main(["--headless", "--script", str(script), "--out", out, "--gif", "run.gif"]
                + list(extra)) == 0
    return os.path.join(out, "run.gif")


def test_the_gif_is_scaled_and_lasts_as_long_as_the_run(tmp_path):
    size, times = durations(run(tmp_path, "--scale", "3"))
    assert size == (128 * 3, 64 * 3)
    # presses of 120 ms each (A, A, A on E5, left and A for D5) and 1.5 s of waiting
    assert 1900 <= sum(times) <= 2300 and len(times) > 3


def test_fps_samples_the_panel_at_that_rate(tmp_path):
    size, times = durations(run(tmp_path, "--fps", "10"))
    assert size == (128, 64)
    assert all(ms % 100 == 0 for ms in times)  # whole samples of 100 ms, repeats merged
    assert 1900 <= sum(times) <= 2300


def test_the_timeline_keeps_the_time_and_merges_repeats_and_blinks():
    a, b, c = b"a", b"b", b"c"
    frames = [(0, a), (500, b), (510, c), (1000, c), (1200, a)]
    assert gif_timeline(frames, 1500) == [(a, 500), (c, 700), (a, 300)]
    assert gif_timeline(frames, 1500, fps=4) == [(a, 500), (b, 250), (c, 500), (a, 250)]
    assert gif_timeline([], 100) == []
