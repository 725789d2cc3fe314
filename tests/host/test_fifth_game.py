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
