"""The GTP front end (host_tools/gtp/engine.py): every command for Go and Loose, Loupe and OffShore
on hex coordinates, the flags generated from the games' options, and a subprocess smoke test.

Most tests drive the engine in-process: gtp(commands) returns the responses as GTP prints them
('= D5', '?3 illegal move'), without the blank line after each. Positions come from
docs/rules.md (their names in the test names).
"""

import importlib.util
import io
import os
import subprocess
import sys

import pytest
from support import RECORDED_GO_ENDS

from host_tools.gtp import engine as front
from host_tools.gtp.engine import Engine, format_vertex, parse_vertex
from host_tools.paths import ROOT
from stones import VERSION

REQUIRED = ("protocol_version name version known_command list_commands quit boardsize clear_board "
            "komi play genmove undo showboard is_legal list_stones captures final_score loadsgf "
            "printsgf set_position final_status_list").split()


def engine_present(key):
    return importlib.util.find_spec("stones.engine." + key) is not None


# The Loupe and OffShore engines are written alongside this front end; their cases run once the
# module is in the tree (CI has them).
needs_loupe = pytest.mark.skipif(not engine_present("loupe"), reason="no Loupe engine yet")
needs_offshore = pytest.mark.skipif(not engine_present("offshore"), reason="no OffShore engine yet")
needs_loose = pytest.mark.skipif(not engine_present("loose"), reason="no Loose engine yet")


def gtp(commands, game="go", size=None, seed=1, **settings):
    return Engine(game, size, seed, **settings).run(commands)


def answer(commands, game="go", size=None, **settings):
    """The text of the last response, which must be a success."""
    last = gtp(commands, game, size, **settings)[-1]
    assert last.startswith("="), last
    return last[2:]


def error(commands, game="go", size=None, **settings):
    """The text of the last response, which must be a failure."""
    last = gtp(commands, game, size, **settings)[-1]
    assert last.startswith("?"), last
    return last[2:]


def setup(black="", white=""):
    """A set_position command from the stone lists of docs/rules.md."""
    words = ["set_position"]
    words += ["b " + name for name in black.split()]
    words += ["w " + name for name in white.split()]
    return " ".join(words)


# -- vertices (pure) ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, size, vertex", [
    ("A1", 9, (0, 0)), ("a1", 9, (0, 0)), ("J9", 9, (8, 8)), ("j9", 9, (8, 8)),
    ("H8", 9, (7, 7)), ("T19", 19, (18, 18)), ("k10", 19, (9, 9)), (" D5 ", 9, (3, 4)),
    ("pass", 9, None), ("PASS", 19, None), ("Pass", 13, None),
])
def test_parse_vertex(text, size, vertex):
    assert parse_vertex(text, size) == vertex


@pytest.mark.parametrize("text, size", [
    ("I5", 19), ("i5", 9), ("K1", 9), ("A10", 9), ("A0", 9), ("A05", 9), ("A", 9), ("5A", 9),
    ("", 9), ("A-1", 9), ("U1", 19), ("passe", 9), ("@1", 9),
])
def test_parse_vertex_refuses(text, size):
    with pytest.raises(ValueError):
        parse_vertex(text, size)


def test_format_vertex_round_trips_every_point_of_19x19_without_i():
    for col in range(19):
        for row in range(19):
            text = format_vertex((col, row))
            assert "I" not in text
            assert parse_vertex(text, 19) == (col, row)
            assert parse_vertex(text.lower(), 19) == (col, row)
    assert format_vertex((8, 0)) == "J1" and format_vertex((18, 18)) == "T19"
    assert format_vertex(None) == "PASS"


# -- the protocol -------------------------------------------------------------------------------


def test_administrative_commands():
    assert gtp(["protocol_version", "name", "version"]) == ["= 2", "= Pocket Stones",
                                                           "= " + VERSION]
    assert gtp(["known_command play", "known_command set_position", "known_command fly",
                "known_command"]) == ["= true", "= true", "= false", "= false"]
    listed = answer(["list_commands"]).split("\n")
    assert listed == sorted(listed) and set(REQUIRED) <= set(listed)
    for name in listed:
        assert answer(["known_command " + name]) == "true"


def test_ids_comments_blank_lines_and_unknown_commands():
    lines = ["", "   ", "# a comment", "7 protocol_version", "8 fly away", "9\tname # why",
             "play b d5\r", "10"]
    assert gtp(lines) == ["=7 2", "?8 unknown command", "=9 Pocket Stones", "=", "?10 syntax error"]


def test_quit_ends_the_session():
    engine = Engine()
    assert engine.run(["1 quit", "name"]) == ["=1"]
    assert engine.done


def test_no_blank_line_inside_a_response():
    for response in gtp(["play b e5", "showboard", "printsgf", "list_commands"]):
        assert "\n\n" not in response


# -- Go ------------------------------------------------------------------------------------------


def test_boardsize_accepts_the_sizes_of_the_game_only_and_clears():
    assert gtp(["play b d5", "boardsize 13", "list_stones b", "play b n13", "list_stones black"]) \
        == ["=", "=", "=", "=", "= N13"]
    assert error(["boardsize 7"]) == "unacceptable size"
    assert error(["boardsize 25"]) == "unacceptable size"
    assert error(["boardsize nine"]) == "boardsize not an integer"
    assert error(["boardsize"]) == "boardsize not an integer"
    assert answer(["boardsize 19", "play w t19", "list_stones w"]) == "T19"


def test_clear_board_keeps_the_settings():
    assert gtp(["play b d5", "play w e5", "clear_board", "list_stones b", "list_stones w",
                "final_score"], komi="5.5") == ["=", "=", "=", "=", "=", "= W+5.5"]


def test_komi_whole_and_half_points_keep_the_game():
    lines = ["play b d5", "play w e5", "komi 6.5", "list_stones b", "list_stones w"]
    assert gtp(lines) == ["=", "=", "=", "= D5", "= E5"]
    assert answer(["komi 0.5", "final_score"]) == "W+0.5"
    assert answer(["komi 7", "final_score"]) == "W+7"
    assert answer(["komi -2.5", "final_score"]) == "B+2.5"
    assert answer(["komi 0", "final_score"]) == "0"
    assert error(["komi 6.3"]) == "komi must be a whole or half number"
    assert error(["komi six"]) == "komi not a float"
    assert error(["komi"]) == "komi not a float"
    assert error(["komi nan"]) == "komi not a float"


def test_play_and_list_stones_in_gnugo_order():
    # GNU Go lists the stones in reading order: the top row first, left to right.
    assert gtp(["play black D5", "play white e5", "play B a1", "play W J9", "list_stones black",
                "list_stones WHITE"]) == ["=", "=", "=", "=", "= D5 A1", "= J9 E5"]
    assert answer(["list_stones b"]) == ""


def test_play_errors():
    assert error(["play b d5", "play w d5"]) == "illegal move"
    for line in ("play b i5", "play b k5", "play b d10", "play red d5", "play b", "play",
                 "play b d"):
        assert error([line]) == "invalid color or coordinate", line


def test_play_pass_and_either_colour():
    assert gtp(["play b d5", "play b e5", "play w pass", "play w PASS", "list_stones b"]) \
        == ["=", "=", "=", "=", "= D5 E5"]


def test_g1_capture_and_captures():
    lines = [setup(black="D5 F5 E6", white="E5"), "play b e4", "list_stones w", "captures black",
             "captures white"]
    assert gtp(lines) == ["=", "=", "=", "= 1", "= 0"]
    assert error(["captures"]) == "invalid color"
    assert error(["captures green"]) == "invalid color"


def test_g2_suicide_is_illegal():
    lines = [setup(black="D5 F5 E6 E4 A2 B1"), "is_legal w e5", "is_legal w a1", "play w e5",
             "play w a1", "list_stones w", "is_legal b e5", "is_legal w c3"]
    assert gtp(lines) == ["=", "= 0", "= 0", "? illegal move", "? illegal move", "=", "= 1",
                          "= 1"]


def test_g4_ko_line():
    lines = [setup(black="C5 D6 D4", white="D5 E6 F5 E4"),
             "play b e5", "captures b", "is_legal w d5", "play w d5",
             "play w j9", "play b j1", "is_legal w d5", "play w d5", "captures w",
             "is_legal b e5", "play b e5", "play b h1", "play w h9", "play b e5",
             "captures b", "captures w"]
    assert gtp(lines) == ["=", "=", "= 1", "= 0", "? illegal move",
                          "=", "=", "= 1", "=", "= 1",
                          "= 0", "? illegal move", "=", "=", "=",
                          "= 2", "= 1"]


def test_is_legal_errors_and_occupied_points():
    assert gtp(["play b d5", "is_legal w d5", "is_legal w pass", "is_legal x d5",
                "is_legal b z9"]) == ["=", "= 0", "= 1", "? invalid color or coordinate",
                                      "? invalid color or coordinate"]


def test_is_legal_out_of_turn_changes_nothing():
    engine = Engine()
    engine.run(["play b d5"])
    before = engine.game.state()
    assert engine.run(["is_legal b e5", "is_legal b d5"]) == ["= 1", "= 0"]
    assert engine.game.state() == before


def test_undo():
    lines = [setup(black="D5 F5 E6", white="E5"), "play b e4", "undo", "list_stones w",
             "captures b", "undo", "list_stones b"]
    assert gtp(lines) == ["=", "=", "=", "= E5", "= 0", "? cannot undo", "= E6 D5 F5"]
    assert gtp(["play b a1", "play b b1", "undo", "undo", "undo"]) \
        == ["=", "=", "=", "=", "? cannot undo"]


def test_undo_after_an_out_of_turn_move():
    engine = Engine()
    engine.run(["play b d5", "play b e5", "undo"])
    assert engine.run(["list_stones b"]) == ["= D5"]


def test_showboard():
    board = answer(["play b d5", "play w e5", "showboard"])
    lines = board.split("\n")
    assert lines[0] == ""
    assert " 5 . . . X O . . . ." in lines
    assert "   A B C D E F G H J" in lines
    assert "Black (X) has captured 0 stones" in lines and "Black to move" in lines


def test_final_score_territory_and_area():
    # Lone stones in 3-wide regions (B5 in Black's, H5 in White's): whether the playouts count
    # them dead or not, the position is symmetric: a draw.
    walls = setup(black=" ".join("D%d" % r for r in range(1, 10)) + " H5",
                  white=" ".join("F%d" % r for r in range(1, 10)) + " B5")
    assert answer([walls, "final_score"]) == "0"
    assert answer([setup(black="E5"), "final_score"]) == "B+80"
    assert answer([setup(black="E5"), "final_score"], scoring="area") == "B+81"
    assert answer([setup(black="E5"), "final_score"], komi="80.5") == "W+0.5"
    assert answer(["play b e5", "play w pass", "play b pass", "final_score"]) == "B+80"


def test_final_status_list_and_final_score_count_dead_stones_and_seki():
    # The hand-made finished positions of tests/engine/test_goheavy.py: White A1 dead in Black's
    # corner, Black J9 in White's; the bent three that looks like a seki; and two recorded games
    # with real sekis.
    walls = setup(black=" ".join("D%d" % r for r in range(1, 10)) + " J9",
                  white=" ".join("E%d" % r for r in range(1, 10)) + " A1")
    end = ["play b pass", "play w pass"]
    assert answer([walls] + end + ["final_status_list dead"]).split("\n") == ["J9", "A1"]
    alive = answer([walls] + end + ["final_status_list alive"]).split("\n")
    assert alive == ["D9 D8 D7 D6 D5 D4 D3 D2 D1", "E9 E8 E7 E6 E5 E4 E3 E2 E1"]
    assert answer([walls] + end + ["final_status_list seki"]) == ""
    assert answer([walls] + end + ["final_score"]) == "W+9"  # 36 + 1 against 27 + 1
    bent = setup(black="A1 B2 A4 B4 C4 " + " ".join("D%d" % r for r in range(1, 10)),
                 white="A3 B3 C3 C2 C1 " + " ".join("E%d" % r for r in range(1, 10)))
    assert answer([bent] + end + ["final_status_list dead"]) == "A3 B3 C3 C2 C1"
    assert answer([bent] + end + ["final_status_list seki"]) == ""
    assert answer([bent] + end + ["final_score"]) == "W+9"  # as GNU Go: no seki, a bent three
    for text, dead, seki, score in RECORDED_GO_ENDS:  # real sekis, as GNU Go counted them
        moves = text.split("moves ")[1].split("\n")[0].split()  # the moves line alone
        plays = ["play %s %s" % (word[0], word[2:]) for word in moves]
        assert sorted(" ".join(answer(plays + ["final_status_list dead"]).split("\n")).split()) \
            == sorted(dead.split())
        assert sorted(" ".join(answer(plays + ["final_status_list seki"]).split("\n")).split()) \
            == sorted(seki.split())
        assert answer(plays + ["final_score"], komi="6.5") == score
    assert error(["final_status_list"]) == "invalid status"
    assert error(["final_status_list sleeping"]) == "invalid status"


def test_genmove_plays_a_legal_move_and_is_repeatable():
    first = gtp(["genmove b", "genmove w", "genmove black", "list_stones b"], seed=5)
    again = gtp(["genmove b", "genmove w", "genmove black", "list_stones b"], seed=5)
    assert first == again
    b1, w1, b2, stones = (r[2:] for r in first)
    assert set(stones.split()) == {b1, b2} and w1 not in (b1, b2)
    others = [gtp(["genmove b"], seed=seed)[0] for seed in range(2, 12)]
    assert len(set(others)) > 1
    assert error(["genmove"]) == "invalid color"


def studied_reply(search, game):
    """The reply the search's tree studied most after its own move (pushed, not refused)."""
    node = search._follow(game)
    assert node > 0
    first = search.first[node]
    best = max(range(first, first + search.kids[node]),
               key=lambda j: (search.move[j] & 0x600 == 0x200, search.visits[j]))
    return search.move[best] & 0x1FF


def test_genmove_goes_on_from_the_last_search_when_the_game_follows_it():
    engine = Engine(seed=3)
    engine.run(["genmove b"])
    search = engine.search
    reply = engine.vertex(studied_reply(search, engine.game))
    assert engine.run(["play w " + reply, "genmove b"])[0] == "="
    assert search.visits[0] > search.playouts  # the tree's playouts under the reply, kept
    again = Engine(seed=3)
    assert again.run(["genmove b", "play w " + reply, "genmove b"])[-1] \
        == "= " + engine.vertex(engine.game.last_move())  # reproducible
    engine.run(["undo", "undo", "play w a1", "genmove b"])  # another reply: a fresh search
    assert search.visits[0] == search.playouts


def test_genmove_never_fills_its_own_eye():
    # Black everywhere but A1 and C1, two eyes: filling either is legal but never chosen; White
    # may play neither (suicide), so both pass.
    engine = Engine()
    black = [format_vertex((c, r)) for r in range(9) for c in range(9)
             if (c, r) not in ((0, 0), (2, 0))]
    engine.run(["set_position " + " ".join("b " + v for v in black)])
    assert engine.run(["is_legal b a1", "is_legal w a1", "is_legal w c1"]) \
        == ["= 1", "= 0", "= 0"]
    assert engine.run(["genmove b", "genmove w"]) == ["= PASS", "= PASS"]


def test_genmove_out_of_turn_and_after_the_end():
    engine = Engine()
    assert engine.run(["genmove w"])[0].startswith("= ")
    assert engine.game.count_stones(2) == 1
    assert engine.run(["play b pass", "play w pass", "genmove b"])[-1] == "? the game is over"


def test_set_position_applies_no_rule():
    # A white stone with no liberty stays; prisoners are zero; White may move first.
    lines = [setup(black="A2 B1", white="A1"), "list_stones w", "captures b", "play w e5",
             "list_stones w", "undo", "undo"]
    assert gtp(lines) == ["=", "= A1", "= 0", "=", "= E5 A1", "=", "? cannot undo"]
    assert answer(["play b d5", "set_position", "list_stones b"]) == ""
    assert error(["set_position b d5 w"]) == "syntax error"
    assert error(["set_position b d5 w d5"]) == "illegal stone placement"
    assert error(["set_position b pass"]) == "illegal stone placement"
    assert error(["set_position b z9"]) == "invalid color or coordinate"
    assert error(["set_position x d5"]) == "invalid color or coordinate"


def test_set_position_then_either_colour():
    assert gtp([setup(black="D5"), "play b e5", "play w f5", "list_stones b"])[-1] == "= D5 E5"


def test_printsgf_and_loadsgf(tmp_path):
    path = str(tmp_path / "game.sgf")
    engine = Engine(komi="6.5")
    engine.run(["play b d5", "play w e5", "play b pass", "play w c3", "printsgf " + path])
    text = open(path).read()
    assert "KM[6.5]" in text and ";B[]" in text and "SZ[9]" in text
    printed = engine.run(["printsgf"])[0]
    assert printed == "= " + text.rstrip("\n")

    other = Engine()
    assert other.run(["loadsgf " + path, "list_stones b", "list_stones w", "final_score"]) \
        == ["= black", "= D5", "= E5 C3", "= W+6.5"]
    assert other.run(["loadsgf " + path + " 3", "list_stones w"]) == ["= black", "= E5"]
    assert other.run(["loadsgf " + path + " 2", "list_stones w"]) == ["= white", "="]
    assert other.run(["loadsgf " + path + " 1", "list_stones b"]) == ["= black", "="]
    assert other.run(["loadsgf " + path + " 0"]) == ["? syntax error"]
    assert other.run(["loadsgf"]) == ["? syntax error"]


def test_loadsgf_errors(tmp_path):
    missing = str(tmp_path / "missing.sgf")
    assert error(["loadsgf " + missing]) == "cannot open or parse '%s'" % missing
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[1]SZ[9];B[dd]")
    assert error(["loadsgf %s" % bad]).startswith("cannot open or parse '%s': " % bad)
    small = tmp_path / "small.sgf"
    small.write_text("(;GM[1]SZ[7];B[dd])")
    assert error(["loadsgf %s" % small]) == "unacceptable size"
    illegal = tmp_path / "illegal.sgf"
    illegal.write_text("(;GM[1]SZ[9];B[dd];W[dd])")
    assert "move 2" in error(["loadsgf %s" % illegal])


def test_loadsgf_keeps_the_scoring_and_takes_the_size(tmp_path):
    path = tmp_path / "g.sgf"
    path.write_text("(;GM[1]FF[4]SZ[13]KM[0.5]AB[aa][bb]AW[cc]PL[W])")
    engine = Engine(scoring="area")
    assert engine.run(["loadsgf %s" % path, "list_stones b", "list_stones w"]) \
        == ["= white", "= A13 B12", "= C11"]
    assert engine.game.size == 13 and engine.game.settings["scoring"] == "area"
    assert engine.game.settings["komi"] == "0.5"


def test_printsgf_after_loadsgf_keeps_who_played_and_when(tmp_path):
    import sgfmill.sgf

    path = tmp_path / "g.sgf"
    path.write_text("(;GM[1]FF[4]SZ[9]KM[6.5]PB[Ann \\] Lee]PW[Device 3]DT[2026-11-27]"
                    "RE[W+1];B[ee];W[cc])")
    engine = Engine()
    printed = engine.run(["loadsgf %s" % path, "play b d4", "printsgf"])[-1]
    assert printed.startswith("= ")
    root = sgfmill.sgf.Sgf_game.from_string(printed[2:]).get_root()
    assert root.get("PB") == "Ann ] Lee" and root.get("PW") == "Device 3"
    assert root.get("DT") == "2026-11-27"
    assert not root.has_property("RE")  # the game goes on: no result yet
    # A new game is not the loaded record's: its players and date go with it.
    for command in ("clear_board", "boardsize 9"):
        engine.run(["loadsgf %s" % path])
        cleared = engine.run([command, "printsgf"])[-1][2:]
        root = sgfmill.sgf.Sgf_game.from_string(cleared).get_root()
        assert not any(root.has_property(p) for p in ("PB", "PW", "DT")), command


# -- Loose ---------------------------------------------------------------------------------------


@needs_loose
def test_loose_commands():
    lines = ["boardsize 5", "play b c3", "play w c4", "list_stones b", "list_stones w",
             "is_legal w c3", "undo", "list_stones w", "showboard"]
    out = gtp(lines, "loose")
    assert out[:8] == ["=", "=", "=", "= C3", "= C4", "= 0", "=", "="]
    assert " 3 . . X . ." in out[8].split("\n")
    assert error(["boardsize 8"], "loose") == "unacceptable size"
    assert error(["boardsize 21"], "loose") == "unacceptable size"
    assert answer(["boardsize 19", "play b t19", "list_stones b"], "loose") == "T19"


@needs_loose
def test_loose_komi_even_integers_only():
    assert answer(["komi 4", "final_score"], "loose") == "W+4"
    assert answer(["komi 4.0", "final_score"], "loose") == "W+4"
    assert answer(["komi -2", "final_score"], "loose") == "B+2"
    for value in ("3", "4.5", "0.5"):
        assert gtp(["komi " + value], "loose")[0].startswith("? "), value
    assert error(["komi x"], "loose") == "komi not a float"


@needs_loose
def test_loose_l3_flip_counts_as_a_capture():
    base = [setup(black="A1", white="A2 B2")]
    assert gtp(base + ["is_legal b c1", "play b c1", "is_legal b b1"], "loose", 5) \
        == ["=", "= 0", "? illegal move", "= 1"]
    assert gtp(base + ["play w c1", "list_stones b", "list_stones w", "captures w",
                       "captures b", "undo", "captures w"], "loose", 5) \
        == ["=", "=", "=", "= A2 B2 A1 C1", "= 1", "= 0", "=", "= 0"]


@needs_loose
def test_loose_l6_tie_break_final_score():
    # 11 black stones, 7 white; a tie is lost by the last to place a stone (rules.md B5).
    stones = setup(black="B5 C5 A4 C4 A3 B3 C3 A2 C2 B1 C1", white="D5 D4 E4 D3 D2 E2 D1")
    # No stone placed: White passed second and loses the tie (11 against 7 + 4).
    assert answer([stones, "play b pass", "play w pass", "final_score"], "loose", 5, komi=4) \
        == "B+0"
    # Black places B4 and A5 last: 13 against 7 + 6, Black loses the tie.
    lines = [stones, "play b b4", "play w pass", "play b a5", "play w pass", "play b pass",
             "final_score"]
    assert answer(lines, "loose", 5, komi=6) == "W+0"
    # White places E3 and E1 last: 11 against 9 + 2, White loses the tie.
    lines = [stones, "play w e3", "play b pass", "play w e1", "play b pass", "play w pass",
             "final_score"]
    assert answer(lines, "loose", 5, komi=2) == "B+0"
    assert answer([stones, "play b b4", "final_score"], "loose", 5, komi=4) == "B+1"


@needs_loose
def test_loose_genmove_random_legal_and_set_position():
    engine = Engine("loose", 5, seed=3)
    for _ in range(6):
        response = engine.run(["genmove b"])[0]
        assert response.startswith("= ")
    assert engine.game.count == 6
    assert engine.run([setup(white="C3"), "play w c4", "list_stones w"]) == ["=", "=", "= C4 C3"]


@needs_loose
def test_loose_sgf_is_for_go_only(tmp_path):
    assert error(["printsgf"], "loose") == "SGF records are for Go only"
    assert error(["loadsgf x.sgf"], "loose") == "SGF records are for Go only"


# -- Loupe ---------------------------------------------------------------------------------------

P1_RING = "f6 f7 g6 g8 h6 h7"


@needs_loupe
def test_loupe_hex_coordinates_and_turns():
    # Black's opening is one stone; then each turn is two plays of the same colour.
    lines = ["play b g7", "play w a1", "play w a2", "play b m7", "play b m6", "list_stones b",
             "list_stones w", "play b pass", "undo", "undo", "list_stones b"]
    assert gtp(lines, "loupe", 7) == ["=", "=", "=", "=", "=", "= g7 m6 m7", "= a1 a2",
                                      "=", "=", "=", "= g7 m7"]
    # A pass replaces a whole turn, so not after the turn's first stone.
    assert error(["play b g7", "play w a1", "play w pass"], "loupe", 7) == "illegal move"
    assert error(["play b z1"], "loupe", 7) == "invalid color or coordinate"
    assert error(["play b a8"], "loupe", 7) == "invalid color or coordinate"
    assert answer(["play b D4", "list_stones b"], "loupe", 7) == "d4"


@needs_loupe
def test_loupe_p9_placement_restriction_after_set_position():
    # After set_position, Black's next play starts a two-stone turn: h7 then g7 is legal, g7
    # first is not (rules.md P9).
    base = setup(black="g6", white="f6 f7")
    assert gtp([base, "is_legal b g7", "is_legal b g8", "is_legal b h7", "play b g7",
                "play b h7", "is_legal b g7", "play b g7", "list_stones b", "is_legal w g7",
                "is_legal w g5"], "loupe", 7) \
        == ["=", "= 0", "= 0", "= 1", "? illegal move", "=", "= 1", "=", "= g6 g7 h7",
            "= 0", "= 0"]
    # White's turn after set_position: g7 legal (enemy 1, friendly 2), g5 not.
    assert gtp([base, "is_legal w g7", "is_legal w g5", "play w g7", "play w e5"],
               "loupe", 7) == ["=", "= 1", "= 0", "=", "="]


@needs_loupe
def test_loupe_final_score_with_group_values():
    # P1: a ring round g7 (value 6) and a loopless line b2-b4 (value -3) for Black.
    stones = setup(black=P1_RING + " b2 b3 b4", white="m1 m2")
    assert answer([stones, "final_score"], "loupe", 7) == "B+8 (B: 6 -3; W: -2)"
    assert answer([stones, "final_score"], "loupe", 7, modality="compound") \
        == "B+5 (B: 6 -3; W: -2)"
    assert answer([stones, "final_score"], "loupe", 7, empty_group_value="zero") \
        == "B+6 (B: 6 0; W: 0)"
    assert answer(["final_score"], "loupe", 7) == "0 (B:; W:)"


@needs_loupe
def test_loupe_other_commands():
    out = gtp(["genmove b", "genmove w", "genmove w", "showboard", "captures b", "komi 6.5",
               "boardsize 8", "boardsize 11", "printsgf"], "loupe", 7, seed=2)
    assert all(r.startswith("= ") for r in out[:3])
    assert out[3].split("\n")[1].startswith("a       . ")
    assert out[4:] == ["= 0", "=", "? unacceptable size", "=", "? SGF records are for Go only"]


# -- OffShore ------------------------------------------------------------------------------------


@needs_offshore
def test_offshore_o4_capture_from_two_sides():
    lines = [setup(black="c3 d3 e3 c5 d6", white="d4 d5"), "is_legal b e5", "is_legal b e4",
             "play b e5", "list_stones w", "captures b", "captures w", "final_score", "undo",
             "list_stones w", "captures b"]
    assert gtp(lines, "offshore", 4) == ["=", "= 1", "= 0", "=", "=", "= 2", "= 0", "= B+2",
                                         "=", "= d4 d5", "= 0"]


@needs_offshore
def test_offshore_o1_territory_strong_and_weak():
    # O1's black hull covers the empty c3 d3 d4; White c4 touches c3 and d4.
    stones = setup(black="b2 c2 d2 e2 e3 e4", white="c4")
    assert gtp([stones, "is_legal w c3", "is_legal w d4", "is_legal w d3", "is_legal w a1",
                "final_score"], "offshore", 4) == ["=", "= 0", "= 0", "= 0", "= 1", "= B+3"]
    assert gtp([stones, "is_legal w c3", "is_legal w d4", "is_legal w d3"], "offshore", 4,
               territory="weak") == ["=", "= 1", "= 1", "= 0"]


@needs_offshore
def test_offshore_other_commands():
    out = gtp(["boardsize 3", "boardsize 5", "boardsize 4", "play b d4", "genmove w", "showboard",
               "play b pass", "play w pass", "final_score", "is_legal b a1", "genmove b"],
              "offshore", 4, seed=4)
    assert out[:4] == ["? unacceptable size", "=", "=", "="]
    assert out[4].startswith("= ")
    assert [line for line in out[5].split("\n") if line.startswith("d ")][0].count("X") == 1
    assert out[8].startswith("= ") and out[9] == "= 0" and out[10] == "? the game is over"


# -- the command line ---------------------------------------------------------------------------


def test_flags_come_from_the_options():
    from stones.engine.go.rules import Go

    args = front.build_parser(Go).parse_args(["--komi", "4.5", "--scoring", "area", "--size", "13"])
    assert (args.komi, args.scoring, args.size, args.seed) == ("4.5", "area", 13, 1)


@needs_loupe
def test_loupe_flags():
    from stones.engine.loupe.rules import Loupe

    flags = front.build_parser(Loupe).format_help()
    for option in Loupe.options:
        assert "--" + option.key.replace("_", "-") in flags


def test_main_refuses_bad_settings(capsys):
    assert front.main(["--game", "go", "--scoring", "stones"]) == 2
    assert "Scoring" in capsys.readouterr().err
    assert front.main(["--game", "go", "--komi", "5.2"]) == 2
    with pytest.raises(SystemExit):
        front.main(["--game", "chess"])


def run_tool(args, commands):
    done = subprocess.run([sys.executable, "-m", "host_tools.gtp"] + args, cwd=ROOT,
                          input="".join(line + "\n" for line in commands),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_subprocess_smoke():
    out = run_tool(["--game", "go", "--size", "9", "--komi", "5.5"],
                   ["1 name", "2 play b e5", "3 play w e5", "4 final_score", "5 quit", "name"])
    assert out == "=1 Pocket Stones\n\n=2\n\n?3 illegal move\n\n=4 B+74.5\n\n=5\n\n"


def test_subprocess_answers_each_command_before_the_next_arrives():
    # A controller waits for each response before it sends the next command.
    process = subprocess.Popen([sys.executable, "-m", "host_tools.gtp", "--seed", "3"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env={k: v for k, v in os.environ.items()
                                    if k != "PYTHONUNBUFFERED"})
    try:
        for command, expected in (("protocol_version", "= 2"), ("boardsize 13", "=")):
            process.stdin.write(command + "\n")
            process.stdin.flush()
            assert process.stdout.readline() == expected + "\n"
            assert process.stdout.readline() == "\n"
        process.stdin.write("genmove b\n")
        process.stdin.flush()
        move = process.stdout.readline()
        assert move.startswith("= ") and parse_vertex(move[2:], 13) is not None
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()


@needs_loupe
def test_subprocess_loupe_flags():
    flags = ["--modality", "compound", "--empty-group-value", "zero"]
    out = run_tool(["--game", "loupe", "--size", "7"] + flags,
                   [setup(black=P1_RING), "final_score"])
    assert out == "=\n\n= B+6 (B: 6; W:)\n\n"


def test_a_bug_in_a_command_answers_an_error_and_the_game_goes_on(monkeypatch):
    def broken(engine, args):
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setitem(front.COMMANDS, "showboard", broken)
    engine = Engine()
    out, err = io.StringIO(), io.StringIO()
    engine.serve(io.StringIO("play b d5\n4 showboard\nlist_stones b\n"), out, err)
    assert out.getvalue() == ("=\n\n?4 internal error: RuntimeError: a bug over two lines\n\n"
                              "= D5\n\n")
    assert "RuntimeError" in err.getvalue()


@needs_loose
def test_subprocess_loose_komi_flag():
    assert run_tool(["--game", "loose", "--size", "5", "--komi", "4"], ["final_score"]) \
        == "= W+4\n\n"
    assert front.main(["--game", "loose", "--komi", "3"]) == 2


@needs_offshore
def test_subprocess_offshore_territory_flag():
    stones = setup(black="b2 c2 d2 e2 e3 e4", white="c4")
    assert run_tool(["--game", "offshore", "--size", "4", "--territory", "weak"],
                    [stones, "is_legal w c3"]) == "=\n\n= 1\n\n"


# -- pondering ----------------------------------------------------------------------------------

PONDER = 20000  # --ponder-budget's work in these tests: more than the level's own move


def kept_visits(engine):
    """The playouts the last genmove's tree had at its root before that search's own."""
    return engine.search.visits[0] - engine.search.playouts


def test_ponder_budget_makes_the_next_genmove_keep_a_bigger_tree():
    plain = Engine(seed=3)
    pondering = Engine(seed=3, ponder_budget=PONDER)
    first = plain.run(["genmove b"])
    assert pondering.run(["genmove b"]) == first  # pondering starts after the answer
    search = pondering.search
    # White's reply pondered, to the budget or until the rest could not change its choice
    assert search.game is pondering.game and search.finished and search.work > 0
    reply = plain.vertex(studied_reply(plain.search, plain.game))  # a reply both trees hold
    for engine in (plain, pondering):
        answers = engine.run(["play w " + reply, "genmove b"])
        assert answers[0] == "=" and answers[1].startswith("= ")
    assert kept_visits(plain) > 0  # the genmove's own tree, kept under the reply
    assert kept_visits(pondering) > kept_visits(plain)  # and more of it, pondered
    fresh = Engine(seed=3)
    fresh.run(["play b " + first[0][2:], "play w " + reply, "genmove b"])  # no tree before
    assert kept_visits(fresh) == 0


def test_ponder_budget_answers_the_same_twice():
    commands = ["genmove b", "play w c3", "genmove b", "genmove w", "play b g7", "genmove w",
                "list_stones b", "list_stones w"]
    first = Engine(seed=5, ponder_budget=PONDER).run(commands)
    assert first == Engine(seed=5, ponder_budget=PONDER).run(commands)
    assert all(answer.startswith("=") for answer in first)
    out = run_tool(["--seed", "5", "--ponder-budget", str(PONDER)], commands)
    assert out == run_tool(["--seed", "5", "--ponder-budget", str(PONDER)], commands)
    assert out == "".join(answer + "\n\n" for answer in first)


def test_ponder_over_a_pipe_answers_every_command():
    # Every command at once (lines waiting in the pipe while it ponders), then one at a time
    # with the tool pondering between them; both bounded by the timeouts.
    commands = ["1 genmove b", "2 play w c3", "3 genmove b", "4 name", "5 genmove w", "6 quit"]
    out = run_tool(["--seed", "2", "--ponder"], commands)
    assert [block.split(" ")[0] for block in out.split("\n\n")[:-1]] \
        == ["=1", "=2", "=3", "=4", "=5", "=6"]
    process = subprocess.Popen([sys.executable, "-m", "host_tools.gtp", "--ponder", "--level",
                                "5"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    try:
        for command in ("genmove b", "play w c3", "showboard", "genmove b"):
            process.stdin.write(command + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
            assert answer.startswith("="), (command, answer)
            while process.stdout.readline() != "\n":  # showboard's lines, then the blank one
                pass
        process.stdin.close()  # end of input while pondering: it ends
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()


def test_ponder_flags():
    from stones.engine.go.rules import Go

    args = front.build_parser(Go).parse_args(["--ponder", "--ponder-budget", "500"])
    assert args.ponder and args.ponder_budget == 500
    args = front.build_parser(Go).parse_args([])
    assert not args.ponder and args.ponder_budget == 0
    assert Engine(level=0, ponder_budget=PONDER).run(["genmove b", "play w c3"])[1] == "="


def test_ponder_thinks_while_no_command_waits(monkeypatch):
    # A controller silent for three looks at stdin: three slices of pondering, then the
    # command waiting in the pipe is read.
    class Silent:
        looks = 0

        @staticmethod
        def select(readers, writers, errors, timeout):
            Silent.looks += 1
            return ([], [], []) if Silent.looks <= 3 else (readers, [], [])

    monkeypatch.setattr(front, "select", Silent)
    engine = Engine(seed=4, ponder=True)
    reader, writer = os.pipe()
    os.write(writer, b"genmove b\n")
    with os.fdopen(reader, "rb") as stdin:
        lines = engine.idle_lines(stdin)
        assert next(lines) == "genmove b\n"
        engine.execute("genmove b")
        engine.after_command()  # pondering the position White is to move in, begun
        assert engine.pondering and engine.search.playouts == 0
        os.write(writer, b"play w c3\n")
        os.close(writer)
        assert next(lines) == "play w c3\n"
        assert engine.search.playouts == 3 * front.PONDER_SLICE
        assert list(lines) == []  # the end of input
