"""A flag fall on the device, as its records keep it: the SGF it writes read by sgfmill (TM, OT,
RE[B+T]), `records show` saying the clock and the result, GTP's loadsgf and printsgf keeping
them, and the record format of the other games doing the same."""

import subprocess
import sys

from sgfmill import sgf

from host_tools.gtp.engine import Engine
from host_tools.paths import ROOT
from host_tools.sim.device import Device
from stones.ui.app import SLEEP_S


def flagged_record(key="go"):
    """The record file the device keeps of a game of key on byo-yomi 1m+3x10s where White's
    flag falls after one move: (its name, its bytes)."""
    device = Device()
    device.app.system["sleep"] = SLEEP_S.index(0)
    device.app.open("setup", key)
    screen = device.app.top
    rows = [row[0] if isinstance(row, tuple) else row for row in screen.rows()]
    screen.list.selected = rows.index("Clock")
    device.press("right")
    device.press("right")  # Byo-yomi
    screen.list.selected = len(screen.rows()) - 1  # its Time
    device.press("left")  # 1m+3x10s
    screen.list.selected = 0
    device.press("a")
    if device.app.top.module_name == "komi":  # Loose between two humans: settle the komi
        device.press("a")
        device.press("a")
    device.play("pass" if key == "loose" else "E5")
    for _ in range(95):  # White's minute and its three periods
        device.clock.advance(1000)
        device.app.step()
    assert device.summary().endswith("result=B+T"), device.summary()
    device.press("menu")  # kept, back to the menu
    (name,) = [n for n in device.fs.files if n.startswith("records/")]
    return name, bytes(device.fs.files[name])


def show(path):
    """What `records show` prints of the record file at path."""
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "show", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_flag_fall_is_recorded_in_the_sgf_and_read_by_sgfmill():
    name, data = flagged_record()
    assert name.endswith(".sgf")
    game = sgf.Sgf_game.from_bytes(data)
    root = game.get_root()
    assert root.get("TM") == 60 and root.get("OT") == "3x10 byo-yomi"
    assert root.get("RE") == "B+T" and game.get_winner() == "b"
    assert [node.get_move() for node in game.get_main_sequence()[1:]] == [("b", (4, 4))]


def test_records_show_and_gtp_keep_the_clock_and_the_loss_on_time(tmp_path):
    _, data = flagged_record()
    path = tmp_path / "0001-go.sgf"
    path.write_bytes(data)
    shown = show(path)
    assert "Time: 60\n" in shown and "Overtime: 3x10 byo-yomi\n" in shown
    assert "Result: Black wins on time (B+T)" in shown
    printed = Engine().run(["loadsgf %s" % path, "printsgf"])
    assert printed[0].startswith("= ") and printed[-1].startswith("= ")
    root = sgf.Sgf_game.from_string(printed[-1][2:]).get_root()
    assert root.get("TM") == 60 and root.get("OT") == "3x10 byo-yomi"
    assert root.get("RE") == "B+T"


def test_the_other_games_records_keep_the_clock_and_the_loss_on_time(tmp_path):
    name, data = flagged_record("loose")
    text = data.decode()
    assert name.endswith(".txt")
    assert "time 60\n" in text and "overtime 3x10 byo-yomi\n" in text and "result B+T\n" in text
    path = tmp_path / "0001-loose.txt"
    path.write_bytes(data)
    shown = show(path)
    assert "Time: 60\n" in shown and "Result: Black wins on time (B+T)" in shown
