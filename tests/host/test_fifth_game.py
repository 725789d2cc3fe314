"""A fifth game, added in the tests only: tests/host/capture5.py and one registry entry. It runs
through the screens (menu, settings, play, the score stages, the records the app keeps), the
computer player, GTP and the record format with no change anywhere else: the proof that the Game
protocol is the only door between a game and the rest."""

import capture5
import pytest

from host_tools.gtp.engine import Engine
from host_tools.sim.device import Device, run_script
from stones.engine import registry
from stones.engine.records import load_record, record
from stones.engine.search import Search


@pytest.fixture
def fifth(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (capture5.ENTRY,))
    return registry.game_class("capture5")


def test_the_game_itself(fifth):
    from stones.engine.game import SUICIDE

    game = registry.new_game("capture5")
    for name in ("B1", "A2"):
        game.play_text(name)
    assert game.reason(game.parse("A1")) == SUICIDE  # no empty neighbour, A2 keeps A3 and B2
    game = registry.new_game("capture5")
    for name in ("A2", "A1"):  # Black A2, White into the corner
        game.play_text(name)
    before = game.state()
    game.play_text("B1")  # Black takes A1: it has no empty neighbour left
    assert game.prisoners[1] == 1 and game.colour(game.parse("A1")) == 0
    assert game.reason(game.parse("A1")) == SUICIDE  # White cannot go back in
    assert game.panel() == ("Taken", 1, 0)
    game.undo()
    assert game.state() == before and game.colour(game.parse("A1")) == 2


def test_it_is_played_through_the_screens_and_kept_as_a_record(fifth):
    device = Device()
    shots = {}

    def shot(name):
        shots[name] = device.summary()

    script = ["down"] * 4 + ["a", "a",  # the fifth row of the menu, then Start
              "play C3", "play B3", "play D3", "play A3", "shot play",
              "play pass", "play pass", "shot score", "a", "shot table", "a", "shot result", "a"]
    run_script(device, script, shot)
    assert shots["play"] == "screen=play game=capture5 size=5 moves=4 to_move=black"
    assert shots["score"].startswith("screen=score game=capture5 size=5 moves=6 result=")
    assert shots["result"].endswith("result=0")  # 2 stones each, nothing taken: a draw
    names = device.fs.listdir("records")
    assert names == ["0001-capture5.txt"]
    with device.fs.open("records/" + names[0], "rb") as handle:
        text = handle.read().decode()
    game = load_record(text)
    assert game.key == "capture5" and game.over and game.result().gtp() == "0"
    assert game.result().total == ("Total", 2, 2)


def test_the_computer_player_gtp_and_records(fifth):
    engine = Engine("capture5", seed=3)
    out = engine.run(["boardsize 5", "play b c3", "genmove w", "genmove b", "genmove w",
                      "captures b", "list_stones b", "undo", "showboard", "final_score"])
    assert all(line.startswith("=") for line in out), out
    assert "has captured" in out[8]  # it keeps prisoners, so showboard says them
    game = engine.game
    assert game.count == 3
    text = record(game)
    again = load_record(text)
    assert record(again) == text and again.state() == game.state()
    search = Search()
    move = search.think(game, 300, 7)
    assert move == 0 or game.legal(move)
    playouts = 0
    for seed in range(1, 30):  # random games to the end, through the loop's playout branch
        scratch = registry.new_game("capture5")
        scratch.playout(seed)
        assert scratch.over and scratch.result().winner in (0, 1, 2)
        playouts += scratch.count
    assert playouts > 29 * 10


def test_the_rules_screen_says_it_has_no_text_for_the_game(fifth):
    """The fifth game ships no rules text (stones/help/capture5.txt): the Rules screen, from the
    main menu and from the in-game menu, says so by the game's name instead of failing."""
    from fitwalk import Walk

    walk = Walk(64)
    walk.select("Rules")
    walk.press("a")
    walk.select("Capture5")
    walk.press("a")
    screen = walk.device.app.top
    assert screen.module_name == "rules" and screen.key == "capture5" and screen.count == 0
    walk.check("Capture5", "No rules text for", "Capture5.")
    walk.press("down", "right")  # nothing to scroll
    walk.check("No rules text for")
    walk.press("b")
    assert walk.device.app.top.module_name == "menu"
    walk.select("Rules")
    walk.press("a")
    walk.select("Go")  # a game with a text still shows it
    walk.press("a")
    assert walk.device.app.top.key == "go" and walk.device.app.top.count > 10
    walk.press("b")
    walk.select("Capture5")
    walk.press("a", "a")  # its settings, then Start
    walk.press("menu")
    walk.select("Rules")
    walk.press("a")
    walk.check("Capture5", "No rules text for")
    walk.press("b")
    assert walk.device.app.top.module_name == "gamemenu"


def start(device, white="Human"):
    """From the main menu: the fifth game's settings, White set to white, then Start."""
    app = device.app
    while app.top.list.rows[app.top.list.selected] != "Capture5":
        device.press("down")
    device.press("a")
    setup = app.top
    assert setup.module_name == "setup"
    while setup.list.rows[setup.list.selected][0] != "White":
        device.press("down")
    while setup.who[1] != white:
        device.press("right")
    while setup.list.selected:
        device.press("up")
    device.press("a")
    assert app.top.module_name == "play" and app.game.key == "capture5"
    return app.game


def test_the_device_plays_a_move_in_the_app_and_resumes_with_it(fifth):
    """White is the device at its first level: after Black's move it thinks, slice by slice
    as the app ticks, until it has played; a device rebuilt over the same flash resumes the
    game with the same players."""
    device = Device()
    game = start(device, "Device 1")
    assert device.app.players == {"1": "human", "2": "device:1"}
    device.play("C3")
    assert game.entry(0) == (1, game.parse("C3"))  # (the device may have answered already)
    ticks = 0
    while game.count < 2 and ticks < 2000:  # (a bound on the simulated time, not a timing)
        device.run(50)
        ticks += 1
    assert game.count == 2 and device.app.top.module_name == "play"
    colour, move = game.entry(1)
    assert colour == 2 and (move == 0 or game.colour(move) == 2)
    assert game.to_move == 1 and device.app.top.thinking is None
    before = game.state()
    again = Device(fs=device.fs)
    resumed = again.app.game
    assert again.app.top.module_name == "play" and resumed is not game
    assert resumed.key == "capture5" and resumed.state() == before
    assert again.app.players == {"1": "human", "2": "device:1"}
    again.play("B3")  # Black plays on; the device answers again
    ticks = 0
    while resumed.count < 4 and ticks < 2000:
        again.run(50)
        ticks += 1
    assert resumed.count == 4 and resumed.entry(3)[0] == 2


def test_a_game_left_for_the_menu_resumes_where_it_was(fifth):
    """Moves with a capture, then Main menu: the menu offers to resume it, and so does a device
    rebuilt over the same flash (the save replays the moves, prisoners and all)."""
    device = Device()
    game = start(device)
    for point in ("A2", "A1", "B1", "C3"):  # Black's B1 takes White's A1
        device.play(point)
    assert game.prisoners[1] == 1 and game.count == 4
    before = game.state()
    device.press("menu")
    while device.app.top.list.selected != 7:  # Main menu
        device.press("down")
    device.press("a")
    menu = device.app.top
    assert menu.module_name == "menu" and menu.list.rows[0] == "Resume Capture5"
    again = Device(fs=device.fs)
    resumed = again.app.game
    assert again.app.top.module_name == "play" and resumed.key == "capture5"
    assert resumed.state() == before and resumed.prisoners[1] == 1
    assert resumed.panel() == ("Taken", 1, 0)
    again.play("D3")
    assert resumed.count == 5 and resumed.to_move == 2 and resumed.entry(4)[0] == 1
    device.press("a")  # the first device resumes from its menu: the same game object
    assert device.app.top.module_name == "play" and device.app.game is game
    assert game.state() == before
