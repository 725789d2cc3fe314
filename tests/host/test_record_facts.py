"""Records say who played: the device's SGF carries PB/PW (Human, or Device N), DT, RU, KM, HA
and RE, as sgfmill reads them; the other games' record files say the same facts; the device
reads its own SGF back (stones.engine.sgf.read_record) to the same game, marking and result."""

import re

import pytest
from sgfmill import sgf

from host_tools.records.files import facts
from host_tools.records.sgf import read
from stones.engine.game import BLACK, PASS, WHITE
from stones.engine.records import load_record
from stones.engine.registry import new_game
from stones.engine.rng import Rng
from stones.engine.sgf import read_record, write_sgf
from stones.platforms.fakes import FakeFS
from stones.recordfiles import today
from stones.session import Session
from stones.storage import Store


def kept(game, players):
    """The record file the device keeps of game, as text."""
    fs = FakeFS()
    Session(Store(fs)).finish(game, players)
    (name,) = fs.listdir("records")
    return bytes(fs.files["records/" + name]).decode()


def played_out(game, seed=3, moves=80):
    rng = Rng(seed)
    while not game.over:
        legal = game.legal_moves()
        ending = game.count >= moves or not legal or rng.below(20) == 0
        game.play(PASS if ending and game.legal(PASS) else legal[rng.below(len(legal))])
    return game


def test_sgfmill_reads_who_played_when_and_under_which_rules():
    game = played_out(new_game("go", 9, komi="6.5"))
    text = kept(game, {"1": "human", "2": "device:3"})
    tree = sgf.Sgf_game.from_string(text)
    root = tree.get_root()
    assert root.get("PB") == "Human" and root.get("PW") == "Device 3"
    assert root.get("RU") == "Japanese" and root.get("KM") == 6.5
    assert root.get("RE") == game.result().gtp()
    date = today()
    if date is not None:  # the host's clock is set: the date is written as SGF wants it
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", root.get("DT")) and root.get("DT") == date
    moves = [node.get_move() for node in tree.get_main_sequence()[1:] if node.get_move()[0]]
    assert len(moves) == game.count
    for i, (colour, point) in enumerate(moves):
        mover, move = game.entry(i)
        assert colour == "bw"[mover - 1]
        assert (point is None) == (move == PASS)
        if point is not None:
            row, col = point  # sgfmill counts rows from the bottom, as the grid does
            assert game.grid.coords(move) == (col, row)


def test_area_scoring_is_written_as_chinese_rules_and_read_back():
    game = played_out(new_game("go", 9, scoring="area"))
    text = kept(game, {"1": "device:1", "2": "device:4"})
    root = sgf.Sgf_game.from_string(text).get_root()
    assert root.get("RU") == "Chinese" and root.get("PB") == "Device 1"
    for again in (read(text).game(), read_record(text)):  # the host's and the device's reader
        assert again.settings["scoring"] == "area"
        assert again.result().gtp() == game.result().gtp()


def test_a_handicap_setup_is_written_as_ha_and_ab():
    game = new_game("go", 9, komi="0.5")
    stones = [game.parse(name) for name in ("C3", "G7", "G3")]
    game.set_position([(BLACK, p) for p in stones], WHITE)
    game.play_text("E5")
    text = kept(game, {"1": "human", "2": "device:2"})
    root = sgf.Sgf_game.from_string(text).get_root()
    assert root.get("HA") == 3 and len(root.get("AB")) == 3 and root.get("KM") == 0.5
    again = read_record(text)
    assert sorted(again.setup) == sorted(game.setup)
    assert again.handicap() == 3  # read back as a handicap: kept again, it says HA[3] again
    assert again.entry(0) == (WHITE, game.parse("E5"))


def test_no_handicap_without_one():
    text = kept(played_out(new_game("go", 9)), {})
    root = sgf.Sgf_game.from_string(text).get_root()
    assert not root.has_property("HA") and not root.has_property("PB")


@pytest.mark.parametrize("seed", range(1, 6))
def test_the_device_reads_its_own_sgf_back(seed):
    size = (9, 13, 19)[seed % 3]
    game = played_out(new_game("go", size, komi="7.5"), seed, 40 * seed)
    if game.marks_dead:
        occupied = [p for p in game.grid.points if game.colour(p)]
        if occupied:
            game.toggle_dead(occupied[seed % len(occupied)])  # a marking of the players' own
    text = write_sgf(game, None, {"black": "Human", "white": "Human"})
    again = read_record(text)
    assert [again.entry(i) for i in range(again.count)] == \
        [game.entry(i) for i in range(game.count)]
    assert again.dead_stones() == game.dead_stones()
    assert again.result().gtp() == game.result().gtp()


@pytest.mark.parametrize("key", ["loose", "loupe", "offshore"])
def test_the_other_games_records_say_the_same_facts(key, tmp_path):
    game = played_out(new_game(key), moves=30)
    text = kept(game, {"1": "device:2", "2": "human"})
    assert "black Device 2\nwhite Human\n" in text
    assert "result %s\n" % game.result().gtp() in text
    again = load_record(text)
    assert again.count == game.count and again.result().gtp() == game.result().gtp()
    path = tmp_path / "record.txt"
    path.write_text(text)
    said = dict(facts(str(path)))
    assert said["Black"] == "Device 2" and said["White"] == "Human"


def test_the_device_refuses_what_it_cannot_read():
    from stones.engine.game import GameError

    for text, words in (("no record", "not an SGF"),
                        ("(;SZ[9];B[ee](;W[dd])(;W[cc]))", "variation"),
                        ("(;SZ[9];B[zz])", "off the board"), ("(;SZ[9];B[ee", "not closed")):
        with pytest.raises(GameError) as raised:
            read_record(text)
        assert words in str(raised.value)
