"""Finished-game records: fetched from a device with mpremote, and replayed in the simulator,
for SGF (Go) and the record format (the other games)."""

import io
import os
import re
import subprocess
import sys

from support import mark_only
from virtual_pico import VirtualPico, needs_socat

from host_tools.paths import ROOT
from host_tools.records.cli import fetch, load
from host_tools.records.sgf import write
from host_tools.sim.device import Device
from stones.engine.go.rules import Go
from stones.engine.loupe.rules import Loupe
from stones.engine.records import record


def finished_go():
    game = Go()
    for move in "E5 D5 E4 D4 C5 pass pass".split():
        game.play_text(move)
    return game


def finished_loupe():
    game = Loupe(7)
    for move in "g7 a1 a2 g8 g9 pass pass".split():
        game.play_text(move)
    return game


@needs_socat
def test_fetch_copies_the_device_records(tmp_path):
    pico = VirtualPico(str(tmp_path / "pico"))
    try:
        os.makedirs(os.path.join(pico.root, "records"))
        files = {"0001-go.sgf": write(finished_go()), "0002-loupe.txt": record(finished_loupe())}
        for name, text in files.items():
            with open(os.path.join(pico.root, "records", name), "w") as handle:
                handle.write(text)
        out = str(tmp_path / "fetched")
        assert sorted(fetch(pico.port, out)) == sorted(files)
        for name, text in files.items():
            with open(os.path.join(out, name)) as handle:
                assert handle.read() == text
        assert sorted(os.listdir(os.path.join(pico.root, "records"))) == sorted(files)  # kept
    finally:
        pico.close()


def replay_device(game):
    device = Device()
    device.app.open("replay", game)
    device.app.refresh()
    return device, device.app.top


def test_replay_steps_through_an_sgf_record(tmp_path):
    path = str(tmp_path / "game.sgf")
    with open(path, "w") as handle:
        handle.write(write(finished_go()))
    game = load(path)
    device, screen = replay_device(game)
    assert game.count == 7 and game.over
    device.press("left")
    device.press("left")
    assert game.count == 5 and not game.over
    assert game.colour(game.parse("C5")) == 1  # the fifth move is on the board
    device.press("left")
    assert game.colour(game.parse("C5")) == 0
    device.press("a")  # to the end
    assert game.count == 7 and game.over
    device.press("a")  # to the start
    assert game.count == 0
    device.press("up")  # ten forward: stops at the end
    assert game.count == 7


def test_replay_of_a_record_file_and_the_command_line(tmp_path):
    path = str(tmp_path / "loupe.txt")
    with open(path, "w") as handle:
        handle.write(record(finished_loupe()))
    game = load(path)
    device, screen = replay_device(game)
    device.press("down")  # ten back: stops at the start
    assert game.count == 0
    script = str(tmp_path / "steps.txt")
    with open(script, "w") as handle:
        handle.write("left\nshot back\n")
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "replay", path,
                           "--headless", "--script", script, "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("screen=replay game=none")
    assert os.path.exists(str(tmp_path / "out" / "back.png"))


def test_a_bad_record_is_refused_with_its_reason(tmp_path):
    path = str(tmp_path / "bad.txt")
    with open(path, "w") as handle:
        handle.write("game go\nmoves B:E5 W:E5\nend\n")
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "show", path],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1 and "occupied" in done.stderr


def device_go_record(tmp_path, finish=True):
    """A Go game played through the device's buttons with a white stone marked dead, or left
    for a new game; its record file copied out of the device's flash,
    and the result shown."""
    device = Device()
    device.press("a")
    device.press("a")  # Go, Start
    for point in ("E5", "D5", "E4", "J9"):
        device.play(point)
    shown = None
    if finish:
        device.play("pass")
        device.play("pass")
        game = device.app.game
        assert game.dead_stones() == game.estimate_dead()  # the marking opens with the estimate
        mark_only(device, "J9")  # then the players mark J9 dead, and only J9
        device.press("menu")
        shown = device.app.top.result
        for _ in range(3):
            device.press("a")
    else:
        device.press("menu")
        menu = device.app.top
        while menu.list.rows[menu.list.selected] != "Main menu":
            device.press("down")
        device.press("a")  # main menu (the game kept: not resigned, its row further up)
        device.press("down")
        device.press("a")
        device.press("a")  # Go, Start: asks
        device.press("up")
        device.press("a")  # Start new
    path = str(tmp_path / "0001-go.sgf")
    with open(path, "wb") as handle:
        handle.write(bytes(device.fs.files["records/0001-go.sgf"]))
    return path, shown


def test_a_dead_marking_is_kept_and_show_and_replay_say_the_result_shown(tmp_path):
    path, shown = device_go_record(tmp_path)
    game = load(path)
    assert [game.grid.name(p) for p in game.dead_stones()] == ["J9"]
    assert game.result().gtp() == shown.gtp() and game.result().text() == shown.text()
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "show", path],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Result: %s (%s)" % (shown.text(), shown.gtp()) in done.stdout
    device, screen = replay_device(game)
    assert screen.result.gtp() == shown.gtp()


def test_a_game_given_up_for_a_new_one_shows_as_unfinished(tmp_path):
    path, _ = device_go_record(tmp_path, finish=False)
    game = load(path)
    assert game.count == 4 and not game.over
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "show", path],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Result: none, the game was left unfinished" in done.stdout


def test_fetch_without_a_pico_advises_its_own_port_flag(monkeypatch, capsys):
    from host_tools.device.flash import NO_DEVICE, CommandError
    from host_tools.records import cli

    def no_pico(port, out):
        raise CommandError(NO_DEVICE)

    monkeypatch.setattr(cli, "fetch", no_pico)
    assert cli.main(["fetch"]) == 1
    said = capsys.readouterr().err
    assert "no Pico found" in said and "fetch --port /dev/ttyACM0" in said
    assert "PORT=" not in said  # make flash's variable, which fetch does not take
    # the device's own firmware, not a bare MicroPython from elsewhere: it holds the records
    assert "build/pocket-stones.uf2" in said and "micropython.org" not in said


def test_list_says_each_record_as_a_player_reads_it(tmp_path):
    """records list: newest first, each record's game, board, players, result in words and
    date (the web page's Records list says the same); an unfinished game says so, a file that
    is no record is named by what its name says."""
    from host_tools.records.cli import list_folder

    path, shown = device_go_record(tmp_path)
    os.rename(path, str(tmp_path / "0002-go.sgf"))
    given_up, _ = device_go_record(tmp_path, finish=False)  # 0001-go.sgf
    (tmp_path / "0003-loupe.txt").write_text("game loupe\nsize 7\nblack Device 2\nwhite Human\n"
                                             "date 2026-11-30\nresult W+R\nmoves\nend\n")
    (tmp_path / "notes.txt").write_text("a shopping list\n")
    winner = {"B": "Black", "W": "White"}[shown.gtp()[0]]
    date = re.search(r"DT\[([^]]*)\]", open(given_up).read()).group(1)
    assert list_folder(str(tmp_path)) == [
        ("notes.txt", "A record, unfinished"),
        ("0003-loupe.txt", "Loupe side 7, Device 2 vs Human, White won by resignation, "
                           "2026-11-30"),
        ("0002-go.sgf", "Go 9x9, Human vs Human, %s won by %s, %s"
                        % (winner, shown.margin_text(), date)),
        ("0001-go.sgf", "Go 9x9, Human vs Human, unfinished, %s" % date),
    ]
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "list", str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == ("0003-loupe.txt  Loupe side 7, Device 2 vs Human, "
                                           "White won by resignation, 2026-11-30")


def test_results_in_words_and_refusals_without_class_names(tmp_path):
    from host_tools.records.files import MAX_BYTES, TooLarge, refusal, replay_file, result_words

    assert [result_words(r) for r in ("B+3.5", "W+R", "W+0", "0", "?", "Void", "", "B+")] == [
        "Black won by 3.5", "White won by resignation", "White won", "a draw",
        "no result (the move limit)", "no result (the move limit)", "unfinished", "Black won"]
    assert result_words("Jigo") == "result Jigo"  # (another program's words, as they are)
    assert refusal(TooLarge("x")) == "it holds more than %d KB, too much for a game record" % (
        MAX_BYTES >> 10)
    assert refusal(OSError(2, "ENOENT")) == "the file could not be read"
    assert refusal(MemoryError()) == "it is too long to replay in this page's memory"
    assert refusal(KeyError("x")) == "it is not a game record that can be read here"
    log = io.StringIO()
    bad = tmp_path / "bad.txt"
    bad.write_text("game go\nmoves B:E5 W:E5\nend\n")
    shown = []
    said = replay_file(str(bad), shown.append, log)
    assert "occupied" in said and "Error" not in said and shown == []
    assert log.getvalue().startswith("record refused: GameError: ")
    good, _ = device_go_record(tmp_path)
    assert replay_file(good, shown.append, log) == "" and shown[0].over
