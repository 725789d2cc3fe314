"""Go's handicap option: 2-9 Black stones on the points GNU Go's fixed_handicap answers (the
table below is its answers; tests/host/test_gtp_handicap.py asks GNU Go itself where it runs),
White first, komi 0.5 unless given, and what undo, set_position and the settings do with them."""

from support import raises

from stones.engine.game import BLACK, WHITE, GameError
from stones.engine.go.rules import Go
from stones.engine.records import load_record, record

# GNU Go 3.8's `fixed_handicap N` on each size, in its order (reading order, top row first).
GNUGO = {
    9: ("G7 C3", "C7 G7 C3", "C7 G7 C3 G3", "C7 G7 E5 C3 G3", "C7 G7 C5 G5 C3 G3",
        "C7 G7 C5 E5 G5 C3 G3", "C7 E7 G7 C5 G5 C3 E3 G3", "C7 E7 G7 C5 E5 G5 C3 E3 G3"),
    13: ("K10 D4", "D10 K10 D4", "D10 K10 D4 K4", "D10 K10 G7 D4 K4", "D10 K10 D7 K7 D4 K4",
         "D10 K10 D7 G7 K7 D4 K4", "D10 G10 K10 D7 K7 D4 G4 K4",
         "D10 G10 K10 D7 G7 K7 D4 G4 K4"),
    19: ("Q16 D4", "D16 Q16 D4", "D16 Q16 D4 Q4", "D16 Q16 K10 D4 Q4", "D16 Q16 D10 Q10 D4 Q4",
         "D16 Q16 D10 K10 Q10 D4 Q4", "D16 K16 Q16 D10 Q10 D4 K4 Q4",
         "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"),
}


def black_stones(game):
    return " ".join(game.name(p) for p in game.grid.points if game.colour(p) == BLACK)


def test_the_stones_are_where_gnugo_puts_them_and_white_moves_first():
    for size in (9, 13, 19):
        for stones in range(2, 10):
            game = Go(size, handicap=str(stones))
            assert black_stones(game) == GNUGO[size][stones - 2], (size, stones)
            assert game.handicap() == stones and game.to_move == WHITE and game.count == 0
            assert game.settings["komi"] == "0.5"


def test_no_handicap_is_the_default_and_other_counts_are_refused():
    game = Go()
    assert game.handicap() == 0 and game.setup == () and game.to_move == BLACK
    assert game.settings["handicap"] == "0" and game.settings["komi"] == "0"
    for bad in ("1", "10", "-2", "two"):
        error = raises(GameError, Go, 9, handicap=bad)
        assert "Handicap must be one of 0, 2" in str(error)
    assert Go(9, handicap=3).settings["handicap"] == "3"  # a number is read as its text


def test_a_given_komi_stays_with_a_handicap():
    game = Go(13, handicap="4", komi="6.5")
    assert game.settings["komi"] == "6.5" and game.komi2 == 13 and game.handicap() == 4


def test_undo_goes_back_to_white_to_move_with_the_stones():
    game = Go(9, handicap="2")
    before = game.state()
    game.play_text("E5")
    game.play_text("D4")
    assert game.entry(0)[0] == WHITE and game.entry(1)[0] == BLACK
    game.undo()
    game.undo()
    assert game.state() == before and game.to_move == WHITE
    game.play_text("E5")
    game._replay(0)  # the undo that replays the history starts from the same place
    assert game.state() == before


def test_a_free_handicap_and_the_first_mover_by_set_position():
    game = Go(9)
    stones = [(BLACK, game.parse(name)) for name in ("A1", "B2", "J9")]
    game.set_position(stones, WHITE)
    assert game.handicap() == 3 and game.to_move == WHITE
    game.set_position(stones)  # Black first: a position, not a handicap
    assert game.handicap() == 0 and game.to_move == BLACK
    game.set_position(stones + [(WHITE, game.parse("E5"))], WHITE)
    assert game.handicap() == 0  # white stones: not a handicap
    raises(GameError, game.set_position, stones, 3)
    game.set_position(stones, WHITE)
    game.clear()
    assert game.handicap() == 0 and game.to_move == BLACK and black_stones(game) == ""


def test_komi_follows_the_handicap_in_the_setup():
    values = {"komi": "0", "scoring": "territory", "handicap": "3"}
    Go.follow_setting(values, "handicap")
    assert values["komi"] == "0.5"
    values["handicap"] = "0"
    Go.follow_setting(values, "handicap")
    assert values["komi"] == "0"
    values["komi"] = "6.5"
    values["handicap"] = "2"
    Go.follow_setting(values, "handicap")  # a komi chosen before the handicap gives way
    assert values["komi"] == "0.5"
    values["komi"] = "6.5"
    Go.follow_setting(values, "komi")  # nothing follows komi
    assert values == {"komi": "6.5", "scoring": "territory", "handicap": "2"}
    values["handicap"] = "0"
    Go.follow_setting(values, "handicap")  # no handicap: only the handicap's komi goes back
    assert values["komi"] == "6.5"


def test_the_text_record_keeps_the_handicap_and_white_first():
    game = Go(9, handicap="3")
    text = record(game)
    again = load_record(text)
    assert again.handicap() == 3 and again.to_move == WHITE and again.state() == game.state()
    game.play_text("E5")
    again = load_record(record(game))
    assert again.entry(0) == game.entry(0) and again.state() == game.state()
