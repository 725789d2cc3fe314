"""SGF records of Go games (host_tools/records/sgf.py): round trips, passes, komi, result, set-up
stones, the SGF grammar's corners and malformed records."""

import pytest

from host_tools.records.sgf import Record, SgfError, parse, read, write
from stones.engine.game import BLACK, PASS, WHITE
from stones.engine.go.rules import Go
from stones.engine.records import record as record_text
from stones.engine.rng import Rng


def random_game(seed, size=9, moves=120, **settings):
    """A Go game of random legal moves with an occasional pass (captures and kos come along)."""
    game = Go(size, **settings)
    rng = Rng(seed)
    while not game.over and game.count < moves:
        legal = game.legal_moves()
        if not legal or rng.below(25) == 0:
            game.play(PASS)
        else:
            game.play(legal[rng.below(len(legal))])
    return game


def names(game, colour):
    return sorted(game.grid.name(p) for p in game.grid.points if game.colour(p) == colour)


# -- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 9))
def test_round_trip_of_random_games(seed):
    size = (9, 13, 19)[seed % 3]
    game = random_game(seed, size, moves=60 + 30 * seed, komi="6.5")
    text = write(game)
    record = read(text)
    assert record == Record.of(game)
    again = record.game()
    assert again.state() == game.state()
    assert record_text(again) == record_text(game)
    assert write(again) == text


def test_round_trip_of_a_finished_game_keeps_the_result():
    game = random_game(3, moves=150)
    while not game.over:
        game.play(PASS)
    text = write(game)
    assert "RE[%s]" % game.result().gtp() in text
    record = read(text)
    assert record.result == game.result().gtp()
    assert record.game().over and record.game().state() == game.state()


def test_captures_and_ko_survive_the_round_trip():
    # docs/rules.md G4: Black takes the ko; after the record is replayed the retake is still
    # barred and the prisoners are the same.
    game = Go()
    game.set_position([(BLACK, game.parse(n)) for n in "C5 D6 D4".split()]
                      + [(WHITE, game.parse(n)) for n in "D5 E6 F5 E4".split()])
    game.play_text("E5")
    again = read(write(game)).game()
    assert again.prisoners == game.prisoners == [0, 1, 0]
    assert not again.legal(again.parse("D5"))
    assert again.state() == game.state()


# -- passes ----------------------------------------------------------------------------------------


def test_passes_are_written_empty():
    game = Go()
    game.play_text("D5")
    game.play(PASS)
    game.play_text("E5")
    game.play(PASS)
    text = write(game)
    assert ";B[de];W[];B[ee];W[])" in text
    assert [move for _, move in read(text).moves] == [(3, 4), None, (4, 4), None]


def test_tt_is_a_pass_on_boards_up_to_19():
    record = read("(;GM[1]FF[3]SZ[19];B[tt];W[dd];B[ ])")
    assert record.moves == [(BLACK, None), (WHITE, (3, 15)), (BLACK, None)]
    assert read("(;SZ[9];B[tt])").moves == [(BLACK, None)]
    assert read("(;SZ[21];B[tt])").moves == [(BLACK, (19, 1))]  # a point on bigger boards


def test_two_passes_end_the_replayed_game():
    game = read("(;SZ[9]KM[0.5];B[ee];W[];B[])").game()
    assert game.over and game.result().gtp() == "B+79.5"


# -- komi, size, result, player ------------------------------------------------------------------


@pytest.mark.parametrize("text, komi2", [("6.5", 13), ("6.50", 13), ("0", 0), ("-3", -6),
                                         ("7.0", 14), (" 5.5 ", 11), ("375", 750)])
def test_komi(text, komi2):
    record = read("(;GM[1]SZ[9]KM[%s])" % text)
    assert record.komi2 == komi2
    assert record.game().komi2 == komi2


def test_komi_is_written_and_missing_komi_keeps_the_setting():
    assert "KM[7.5]" in write(Go(9, komi="7.5"))
    record = read("(;GM[1]SZ[9])")
    assert record.komi2 is None and "KM" not in record.sgf()
    assert record.game(komi="5.5").komi2 == 11
    assert read("(;GM[1]SZ[9]KM[0.5])").game(komi="5.5").komi2 == 1


def test_size_defaults_to_19():
    assert read("(;GM[1];B[aa])").game().size == 19
    assert read("(;SZ[13];W[mm])").moves == [(WHITE, (12, 0))]


@pytest.mark.parametrize("result", ["B+3.5", "W+0.5", "0", "W+R", "Void", "B+T"])
def test_result_text_is_kept(result):
    record = read("(;GM[1]SZ[9]RE[%s])" % result)
    assert record.result == result
    assert "RE[%s]" % result in record.sgf()


def test_draw_and_tiny_margins_in_the_result():
    game = Go(9, komi="0")
    game.play(PASS)
    game.play(PASS)
    assert "RE[0]" in write(game)
    game = Go(9, komi="0.5")
    game.play(PASS)
    game.play(PASS)
    assert "RE[W+0.5]" in write(game)


def test_no_result_while_the_game_goes_on():
    game = Go()
    game.play_text("E5")
    assert "RE[" not in write(game)


def test_move_cap_is_written_as_void():
    # Random play that fills its own eyes goes on capturing until the move cap ends the game
    # without a result (rules.md A9).
    game = Go(9)
    rng = Rng(11)
    while not game.over:
        legal = game.legal_moves()
        game.play(legal[rng.below(len(legal))] if legal else PASS)
    assert game.count == game.cap and game.result().winner is None
    assert "RE[Void]" in write(game)


# -- set-up stones ---------------------------------------------------------------------------------


def test_setup_stones_and_player():
    game = Go()
    game.set_position([(BLACK, game.parse("D5")), (BLACK, game.parse("A1")),
                       (WHITE, game.parse("E5"))])
    text = write(game)
    assert "AB[ai][de]AW[ee]PL[B]" in text
    game.play_as(WHITE, game.parse("C3"))
    assert "PL[W]" in write(game)
    again = read(write(game)).game()
    assert again.state() == game.state()
    assert sorted(again.setup) == sorted(game.setup)


def test_player_to_move_after_setup_without_moves():
    game = read("(;GM[1]FF[4]SZ[9]AB[ee]PL[W])").game()
    assert game.to_move == WHITE and names(game, BLACK) == ["E5"]
    assert read("(;GM[1]FF[4]SZ[9]AB[ee]PL[B])").game().to_move == BLACK
    assert read(write(game)).game().to_move == WHITE


def test_compressed_point_lists():
    record = read("(;GM[1]SZ[9]AB[aa:bc][ee]AW[ii])")
    game = record.game()
    assert names(game, BLACK) == ["A7", "A8", "A9", "B7", "B8", "B9", "E5"]
    assert names(game, WHITE) == ["J1"]
    assert read("(;SZ[9]AB[bc:aa])").setup == read("(;SZ[9]AB[aa:bc])").setup


def test_gnugo_printsgf_output_reads():
    # What GNU Go 3.8's printsgf wrote for the ko position of docs/rules.md (G4), then Black J1.
    text = """(;GM[1]FF[4]
SZ[9]
GN[GNU Go 3.8 load and print]
DT[2026-11-21]
KM[0.0]HA[0]RU[Japanese]AP[GNU Go:3.8]AW[ed][de][fe][ef]
AB[dd][ce][df][ii]
PL[B]IL[ee]
)"""
    game = read(text).game()
    assert names(game, BLACK) == ["C5", "D4", "D6", "J1"]
    assert names(game, WHITE) == ["D5", "E4", "E6", "F5"]
    assert game.komi2 == 0 and game.to_move == BLACK


# -- the grammar ----------------------------------------------------------------------------------


def test_the_first_variation_is_the_main_line():
    record = read("(;GM[1]SZ[9](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))")
    assert [point for _, point in record.moves] == [(0, 8), (1, 7), (2, 6)]


def test_unknown_properties_escapes_and_whitespace_are_skipped():
    text = ("\n ( ; GM [1] SZ[9] C[a comment with \\] and \\\\ and\n lines]\n"
            " ;B[aa]N[x] ; W [bb] )\n")
    record = read(text)
    assert [point for _, point in record.moves] == [(0, 8), (1, 7)]
    assert parse("(;C[x\\]y\\\nz])")[0]["C"] == ["x]yz"]


def test_old_style_long_property_names():
    record = read("(;GaMe[1]SiZe[9];B[aa])")
    assert record.size == 9 and record.moves == [(BLACK, (0, 8))]


def test_escaped_result_round_trips():
    record = Record(9, result="B+R ]\\")
    assert read(record.sgf()).result == "B+R ]\\"


def test_the_text_has_no_blank_line_and_ends_the_tree():
    text = write(random_game(5, moves=70))
    assert text.startswith("(;GM[1]FF[4]") and text.endswith(")\n")
    assert "\n\n" not in text


# -- errors ---------------------------------------------------------------------------------------


# The malformed records are rows of tests/host/test_hostile_input.py's table.


def test_records_the_engine_refuses():
    with pytest.raises(SgfError, match="sizes"):
        read("(;GM[1]SZ[7])").game()
    with pytest.raises(SgfError, match=r"move 2 \(W D6\).*occupied"):
        read("(;GM[1]SZ[9];B[dd];W[dd])").game()
    with pytest.raises(SgfError, match="suicide"):
        read("(;GM[1]SZ[9]AB[ba][ab];W[aa])").game()
    with pytest.raises(SgfError, match="set-up"):
        read("(;GM[1]SZ[9]AB[aa]AW[aa])").game()


def test_only_go_is_written():
    from stones.engine.registry import new_game

    try:
        game = new_game("loose")
    except ImportError:
        pytest.skip("no Loose engine yet")
    with pytest.raises(SgfError, match="Go only"):
        write(game)


def test_the_first_moves_only():
    text = write(random_game(2, moves=30))
    record = read(text)
    for k in (0, 1, 10, 30):
        game = record.game(k)
        assert game.count == k
        assert [move for _, move in Record.of(game).moves] == [p for _, p in record.moves[:k]]


def test_stones_marked_dead_round_trip_as_territory_of_the_other_colour():
    game = Go()
    for move in "E5 D5 E4 J9 C3 pass pass".split():
        game.play_text(move)
    game.toggle_dead(game.parse("J9"))
    game.toggle_dead(game.parse("C3"))
    text = write(game)
    assert "\n;TB[ia]TW[cg])" in text
    record = read(text)
    assert record.dead == [(1, (2, 2)), (2, (8, 8))]
    again = record.game()
    assert sorted(again.dead_stones()) == sorted(game.dead_stones())
    assert again.result().gtp() == game.result().gtp() == record.result
    assert write(again) == text


def test_territory_of_other_programs_marks_only_the_stones_in_it_dead():
    # KGS and CGoban write the whole territory: empty points, and stones of the other colour
    text = "(;GM[1]SZ[9]RE[B+80];B[ee];W[ia];B[];W[];TB[ia][ha][hb]TW[ee:ef])"
    record = read(text)
    assert record.dead == [(1, (4, 4)), (2, (8, 8))]  # E5 lies in TW, J9 in TB
    game = record.game()
    assert sorted(game.grid.name(p) for p in game.dead_stones()) == ["E5", "J9"]
