"""Loose: the positions L1-L6 and the readings B1-B9 of docs/rules.md,
the rule statements of 3.1, the komi protocol, and properties over random games."""

from support import position, raises, random_games, stones_of

from stones.engine.game import (
    BLACK,
    GAME_OVER,
    NO_TRUE_LIBERTY,
    OCCUPIED,
    PASS,
    WHITE,
    GameError,
    IllegalMove,
)
from stones.engine.loose.rules import KOMI_CHOICES, KomiProtocol, Loose, parse_komi
from stones.engine.records import load_record, record
from stones.engine.registry import new_game


def counts(game):
    return len(stones_of(game, BLACK)), len(stones_of(game, WHITE))


def named(game, points):
    return sorted(game.name(p) for p in points)


def every_group_has_a_true_liberty(game):
    return all(game.has_true_liberty(p) for p in game.grid.points if game.colour(p))


def true_liberties(game, p):
    """The true liberties of the group at p, sorted by name."""
    out = set()
    for s in game.group(p):
        for t in game.grid.neighbours(s):
            if not game.colour(t) and not game.is_false(t):
                out.add(game.name(t))
    return sorted(out)


def is_eye(game, p, c):
    """The random policy's own eye, written from the rule (stones.engine.square.is_eye): an
    empty point whose neighbours are all c's and whose diagonals hold at most one enemy stone,
    none if p is on the edge."""
    around = game.grid.neighbours(p)
    if game.colour(p) or any(game.colour(t) != c for t in around):
        return False
    enemies = sum(1 for d in game.grid.diagonals if game.colour(p + d) == 3 - c)
    return enemies <= (0 if len(around) < 4 else 1)


def white_to_move(game):
    game.set_turn(WHITE)
    return game


# -- L1: true and false points, a multi-stone flip (9x9) -------------------------------------

L1_BLACK = "B8 C8 D8 A7 E7 A6 F6 A5 F5 B4 E4 C3 D3"
L1_WHITE = "B7 C7 B6 D6 E6 C5 D5"


def l1():
    return position(Loose(), black=L1_BLACK, white=L1_WHITE)


def test_l1_static_true_and_false_points():
    game = l1()
    assert counts(game) == (13, 7)
    for name in ("D7", "B5", "E5"):  # the forum's "a" points
        assert game.is_false(game.parse(name)), name
    for name in ("C6", "C4", "D4"):  # the forum's "b" points
        assert not game.is_false(game.parse(name)), name
    # every other empty point next to a stone is true
    false = [p for p in game.grid.points if game.is_false(p)]
    assert named(game, false) == ["B5", "D7", "E5"]


def test_l1_groups_and_their_true_liberties():
    game = l1()
    assert true_liberties(game, game.parse("B7")) == ["C6"]
    assert true_liberties(game, game.parse("D6")) == ["C4", "C6", "D4"]
    assert every_group_has_a_true_liberty(game)


def test_l1_black_c6_flips_one_group_only():
    game = l1()
    game.play_text("C6")
    for name in ("B7", "C7", "B6"):
        assert game.colour(game.parse(name)) == BLACK
    for name in ("D6", "E6", "C5", "D5"):
        assert game.colour(game.parse(name)) == WHITE
    assert game.is_false(game.parse("B5")) and game.is_false(game.parse("D7"))  # still false
    group = game.group(game.parse("C6"))
    assert named(game, group) == sorted(
        "A5 A6 A7 B6 B7 B8 C6 C7 C8 D8".split())
    assert true_liberties(game, game.parse("C6")) == [
        "A4", "A8", "B9", "C9", "D9", "E8"]
    assert counts(game) == (17, 4)
    assert every_group_has_a_true_liberty(game)
    assert game.to_move == WHITE


def test_l1_other_moves_are_legal_and_flip_nothing():
    for colour, name in (("B", "D4"), ("B", "C4"), ("B", "D7"), ("B", "B5"), ("B", "E5"),
                         ("W", "D7"), ("W", "B5"), ("W", "E5"), ("W", "C6")):
        game = l1()
        if colour == "W":
            white_to_move(game)
        before = game.state()
        game.play_text(name)
        if colour == "B":
            assert counts(game) == (14, 7), name
        else:
            assert counts(game) == (13, 8), name
        assert every_group_has_a_true_liberty(game)
        game.undo()
        assert game.state() == before


# -- L3: suicide by false liberty (5x5) --------------------------------------------------------


def l3():
    return position(Loose(5), black="A1", white="A2 B2")


def test_l3_black_c1_is_illegal_and_changes_nothing():
    game = l3()
    before = game.state()
    error = raises(IllegalMove, game.play_text, "C1")
    assert error.code == NO_TRUE_LIBERTY
    assert "C1" in str(error) and "true liberty" in str(error)
    assert game.reason(game.parse("C1")) == NO_TRUE_LIBERTY
    assert not game.legal(game.parse("C1"))
    assert game.state() == before
    # why: with C1 black, B1 is false (A1 X, B2 O, C1 X) and A1 has no other liberty
    shown = position(Loose(5), black="A1 C1", white="A2 B2")
    assert shown.is_false(shown.parse("B1"))
    assert not shown.has_true_liberty(shown.parse("A1"))
    assert true_liberties(shown, shown.parse("A2")) == ["A3", "B3", "C2"]


def test_l3_black_b1_is_legal():
    game = l3()
    game.play_text("B1")
    assert named(game, game.group(game.parse("A1"))) == ["A1", "B1"]
    assert true_liberties(game, game.parse("A1")) == ["C1"]


def test_l3_white_c1_flips_a1():
    game = white_to_move(l3())
    game.play_text("C1")
    assert game.colour(game.parse("A1")) == WHITE
    assert named(game, game.group(game.parse("A1"))) == ["A1", "A2", "B2"]
    assert true_liberties(game, game.parse("A1")) == ["A3", "B1", "B3", "C2"]
    assert not game.is_false(game.parse("B1"))  # all its neighbours are white now
    assert counts(game) == (0, 4)


def test_l3_white_b1_flips_a1():
    game = white_to_move(l3())
    game.play_text("B1")
    assert game.colour(game.parse("A1")) == WHITE
    assert counts(game) == (0, 4)
    assert every_group_has_a_true_liberty(game)


# -- L6: counting, komi and the tie-break (5x5, komi 4) ---------------------------------------

L6_BLACK = "B5 C5 A4 C4 A3 B3 C3 A2 C2 B1 C1"
L6_WHITE = "D5 D4 E4 D3 D2 E2 D1"


def l6(black=L6_BLACK, white=L6_WHITE):
    return position(Loose(5, komi=4), black=black, white=white)


def test_l6_is_legal_with_the_listed_true_liberties():
    game = l6()
    assert counts(game) == (11, 7)
    assert true_liberties(game, game.parse("C3")) == ["A1", "A5", "B2", "B4"]
    assert true_liberties(game, game.parse("D3")) == ["E1", "E3", "E5"]
    assert every_group_has_a_true_liberty(game)


def test_l6_two_passes_now_are_a_tie():
    game = l6()
    game.play(PASS)
    game.play(PASS)
    assert game.over
    result = game.result()
    assert result.lines == [("Stones", 11, 7), ("Komi", 0, 4), ("Total", 11, 11)]
    assert result.tiebreak and result.margin2 == 0
    # nobody placed a stone in this game: White passed second and loses (B5)
    assert result.winner == BLACK and result.gtp() == "B+0"


def test_l6_tie_lost_by_black_who_placed_the_last_stone():
    # L6 without Black C1; Black C1 makes L6 (nothing flips), White passes, Black passes.
    game = l6(black=L6_BLACK.replace(" C1", ""))
    assert every_group_has_a_true_liberty(game)
    game.play_text("C1")
    assert counts(game) == (11, 7)
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert result.tiebreak and result.winner == WHITE and result.gtp() == "W+0"
    assert "tie" in result.text() and "White" in result.text()


def test_l6_tie_lost_by_white_who_placed_the_last_stone():
    game = l6(white=L6_WHITE.replace("D5 ", ""))
    assert every_group_has_a_true_liberty(game)
    game.play(PASS)
    game.play_text("D5")
    game.play(PASS)
    game.play(PASS)
    assert counts(game) == (11, 7)
    result = game.result()
    assert result.tiebreak and result.winner == BLACK and result.gtp() == "B+0"


def test_l6_filling_an_own_eye_point_breaks_the_tie():
    game = l6()
    game.play_text("B4")
    assert counts(game) == (12, 7)
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert result.winner == BLACK and result.margin2 == 2 and not result.tiebreak
    assert result.gtp() == "B+1"
    assert l6().legal(l6().parse("A5"))
    game = white_to_move(l6())
    game.play_text("E3")
    score = game.score()
    assert (score.black2, score.white2) == (22, 24)


def test_l6_playing_into_the_opponents_area_is_illegal():
    game = white_to_move(l6())
    before = game.state()
    assert raises(IllegalMove, game.play_text, "B4").code == NO_TRUE_LIBERTY
    assert game.state() == before
    game = l6()
    assert raises(IllegalMove, game.play_text, "E3").code == NO_TRUE_LIBERTY


# -- the readings B1-B9 -------------------------------------------------------------------------


def test_b1_two_groups_flip_at_once_judged_after_the_placement():
    #  4 O . . . .     White B2: A2 (A3 X, A1 X, B2 O) and B1 (A1 X, C1 X, B2 O) are false,
    #  3 X O . . .     so Black A1 (liberties A2, B1) and Black A3 (liberty A2) both flip,
    #  2 . . . . .     neither touching B2. Black C1 keeps D1 and C2.
    #  1 X . X . .
    game = white_to_move(position(Loose(5), black="A3 A1 C1", white="A4 B3"))
    game.play_text("B2")
    assert stones_of(game, BLACK) == ["C1"]
    assert stones_of(game, WHITE) == ["A1", "A3", "A4", "B2", "B3"]
    assert not game.is_false(game.parse("A2"))  # all white around it now
    assert named(game, game.group(game.parse("A1"))) == ["A1"]
    assert every_group_has_a_true_liberty(game)
    game.undo()
    assert stones_of(game, BLACK) == ["A1", "A3", "C1"]


def test_b1_a_group_two_steps_away_flips():
    #  3 . . . . O     Black D2: E2 (E3 O, E1 O, D2 X) and D1 (C1 X, E1 O, D2 X) are false,
    #  2 . . . . .     so White E1 flips; White E3 keeps E4. Afterwards D1 is all black.
    #  1 . . X . O
    game = position(Loose(5), black="C1", white="E3 E1")
    game.play_text("D2")
    assert stones_of(game, BLACK) == ["C1", "D2", "E1"]
    assert stones_of(game, WHITE) == ["E3"]
    assert true_liberties(game, game.parse("E1")) == ["D1"]


def test_b2_b3_a_capture_that_leaves_the_flipped_stones_without_a_true_liberty_is_illegal():
    #  5 X . O . .     White A3 makes A4 false (A5 X, A3 O, B4 X); Black A5's liberties A4, B5
    #  4 . X . . .     are both false, so it flips. But the flipped A5 then has only A4 and B5,
    #  3 . . . . .     still false (B4 is black): a group without a true liberty at the end of
    #                  the turn, so White A3 is illegal. There is no second round of flipping.
    game = white_to_move(position(Loose(5), black="A5 B4", white="C5"))
    before = game.state()
    error = raises(IllegalMove, game.play_text, "A3")
    assert error.code == NO_TRUE_LIBERTY and "A3" in str(error)
    assert game.state() == before
    assert game.reason(game.parse("A3")) == NO_TRUE_LIBERTY and game.state() == before


def test_b3_only_false_liberties_after_placement_but_the_flip_makes_one_true():
    #  5 . . . X .     White B5: its liberties A5 (A4 X), C5 (D5 X) and B4 are all false,
    #  4 X . O . .     but Black A4 (liberties A5, B4, both false) flips, and A5 is then all
    #  3 O X . . .     white: true. Legal.
    game = white_to_move(position(Loose(5), black="D5 A4 B3", white="C4 A3"))
    # the board right after the placement, before the flip (set up without rules)
    placed = position(Loose(5), black="D5 A4 B3", white="C4 A3 B5")
    for name in ("A5", "C5", "B4"):
        assert placed.is_false(placed.parse(name)), name
    assert not placed.has_true_liberty(placed.parse("B5"))
    assert not placed.has_true_liberty(placed.parse("A4"))
    game.play_text("B5")
    assert game.colour(game.parse("A4")) == WHITE
    assert stones_of(game, BLACK) == ["B3", "D5"]
    assert "A5" in true_liberties(game, game.parse("B5"))
    assert every_group_has_a_true_liberty(game)


def test_b3_a_group_two_steps_away_can_make_the_move_illegal():
    #  5 . . X . O     White E3 makes E4 false (E5 O, E3 O, D4 X): White E5 then has only
    #  4 . . . X .     false liberties D5 and E4, and nothing flips. Illegal.
    game = white_to_move(position(Loose(5), black="C5 D4", white="E5"))
    assert raises(IllegalMove, game.play_text, "E3").code == NO_TRUE_LIBERTY


def test_b4_filling_the_last_eye_of_a_one_eyed_group_flips_it_whole():
    #  3 X X . . .     Black A1 has no liberty at all; White A2 B2 B1 loses its only liberty
    #  2 O O X . .     and flips, and the stone lives in the big black group.
    #  1 . O X . .
    game = position(Loose(5), black="A3 B3 C2 C1", white="A2 B2 B1")
    game.play_text("A1")
    assert counts(game) == (8, 0)
    assert len(game.group(game.parse("A1"))) == 8


def test_b5_two_opening_passes_the_second_passer_loses_the_tie():
    game = Loose()
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert result.winner == BLACK and result.tiebreak and result.gtp() == "B+0"
    game = Loose(komi=2)
    game.play(PASS)
    game.play(PASS)
    assert game.result().gtp() == "W+2" and not game.result().tiebreak


def test_b5_the_last_placer_loses_a_tie_after_normal_play():
    # Black A1 C3 A5 B3 = 4, White E5 E1 = 2 + komi 2: a tie; Black placed the last stone.
    game = Loose(5, komi=2)
    for name in ("A1", "E5", "C3", "E1", "A5", "pass", "B3", "pass", "pass"):
        game.play_text(name)
    result = game.result()
    assert result.lines[-1] == ("Total", 4, 4)
    assert game.last_placer() == BLACK
    assert result.tiebreak and result.winner == WHITE and result.gtp() == "W+0"
    # Two stones each, komi 0: White placed the last stone and loses.
    game = Loose(5)
    for name in ("A1", "E5", "C3", "E1", "pass", "pass"):
        game.play_text(name)
    assert game.last_placer() == WHITE
    assert game.result().gtp() == "B+0" and game.result().tiebreak
    # A result is asked for before any move: no tie-break applies yet.
    assert Loose().result().winner == 0


def test_b7_komi_is_any_even_integer():
    assert Loose().settings["komi"] == "0" and Loose().komi == 0
    assert KOMI_CHOICES[0] == "0" and all(int(k) % 2 == 0 for k in KOMI_CHOICES)
    option = Loose.options[0]
    assert option.key == "komi" and option.default == "0"
    assert Loose(komi=4).komi == 4 and Loose(komi="12").settings["komi"] == "12"
    assert Loose(komi="-2").komi == -2 and Loose(komi=" 6 ").komi == 6
    for bad in ("3", 5, "-1", "6.5", "four", ""):
        raises(GameError, Loose, 9, komi=bad)
    raises(GameError, Loose, 9, handicap=2)


def test_b8_odd_sizes_5_to_19():
    for n in (5, 7, 9, 11, 13, 15, 17, 19):
        assert Loose(n).grid.count == n * n
    assert Loose().size == 9
    for n in (3, 4, 6, 8, 10, 18, 21):
        raises(GameError, Loose, n)


def test_b9_passing_is_allowed_at_any_time_and_two_end_the_game():
    game = position(Loose(5), black="C3")
    game.play(PASS)  # Black passes although it has moves
    assert not game.over and game.to_move == WHITE
    game.play_text("B3")
    game.play(PASS)
    assert not game.over
    game.play_text("pass")
    assert game.over
    error = raises(IllegalMove, game.play_text, "D4")
    assert error.code == GAME_OVER and "over" in str(error)
    assert game.legal_moves() == []
    game.undo()
    assert not game.over and game.to_move == WHITE and game.passes == 1


# -- rule statements ------------------------------------------------------------------------


def test_black_moves_first_and_turns_alternate():
    game = Loose(5)
    assert game.to_move == BLACK
    game.play_text("C3")
    assert game.to_move == WHITE and game.colour(game.parse("C3")) == BLACK
    game.play_text("D3")
    assert game.to_move == BLACK and game.colour(game.parse("D3")) == WHITE


def test_false_points_on_the_edge_and_in_the_middle():
    # the property belongs to the point: the same for both colours' groups touching it
    game = position(Loose(5), black="A2 C3", white="B1 B3 D3 C4")
    assert game.is_false(game.parse("A1"))  # corner: A2 X, B1 O
    assert not game.is_false(game.parse("C2"))  # empty neighbours
    game = position(Loose(5), black="C2 C4", white="B3 D3")
    assert game.is_false(game.parse("C3"))
    game = position(Loose(5), black="C2 C4 B3 D3")
    assert not game.is_false(game.parse("C3"))  # one colour only: true
    assert not game.is_false(game.parse("C2"))  # a stone is no point at all


def test_occupied_point_is_refused():
    game = position(Loose(5), black="C3")
    error = raises(IllegalMove, game.play_text, "C3")
    assert error.code == OCCUPIED and "C3" in str(error) and "occupied" in str(error)
    raises(GameError, game.play_text, "Z9")


def test_empty_points_score_for_nobody():
    game = position(Loose(5, komi=2), black="A1 A2 A3", white="E5")
    score = game.score()
    assert (score.black2, score.white2) == (6, 6) and score.lines[0] == ("Stones", 3, 1)
    assert score.total == score.lines[-1] == ("Total", 3, 3) and game.territory() == ([], [])


def test_registry_and_record_round_trip_with_komi_and_setup():
    game = new_game("loose", 7, komi="-4")
    assert isinstance(game, Loose) and game.komi == -4
    game = position(Loose(5, komi=4), black="A1", white="A2 B2")
    for name in ("pass", "C1", "pass", "D4", "pass", "pass"):
        game.play_text(name)
    text = record(game)
    assert "komi 4" in text and "game loose" in text
    again = load_record(text)
    assert again.state() == game.state() and record(again) == text
    assert again.result().gtp() == game.result().gtp()
    raises(GameError, load_record, "game loose\nkomi 3\nend\n")
    raises(GameError, load_record, "game loose\nsize 6\nend\n")
    raises(GameError, load_record, "game loose\nsize 5\nmoves B:A1 W:A1\nend\n")


def test_words_stay_below_2_to_the_30():
    # history words (point | turn state << 9), log words (points and counts) and the per-cell
    # tables on the largest board; every one also fits the 16-bit arrays of MicroPython.
    game = Loose(19)
    biggest_point = max(game.grid.points)
    assert biggest_point < 512
    assert (biggest_point | (WHITE | 2 << 2 | 3 << 4) << 9) < 1 << 16
    assert game.grid.count < 1 << 16 and game.cap < 1 << 16 and len(game.log) < 1 << 16
    assert 0x3FFFFFFF < 1 << 30


# -- the komi protocol --------------------------------------------------------------------


def test_komi_protocol_proposer_names_an_even_komi_chooser_picks_a_colour():
    protocol = KomiProtocol()
    assert protocol.step == KomiProtocol.NAME_KOMI and protocol.choices == KOMI_CHOICES
    raises(GameError, protocol.choose, BLACK)  # screen 2 before screen 1
    raises(GameError, protocol.propose, 3)  # odd
    raises(GameError, protocol.propose, "lots")
    assert protocol.step == KomiProtocol.NAME_KOMI
    protocol.propose("6")
    assert protocol.step == KomiProtocol.CHOOSE_COLOUR and protocol.komi == 6
    raises(GameError, protocol.propose, 4)
    raises(GameError, protocol.choose, 0)
    raises(GameError, protocol.settings)
    raises(GameError, protocol.black)
    protocol.choose(WHITE)
    assert protocol.step == KomiProtocol.DONE
    assert protocol.black() == KomiProtocol.PROPOSER
    assert protocol.settings() == {"komi": "6"}
    game = protocol.new_game(7)
    assert game.komi == 6 and game.size == 7 and game.to_move == BLACK
    protocol.back()
    assert protocol.step == KomiProtocol.CHOOSE_COLOUR and protocol.komi == 6
    protocol.choose(BLACK)
    assert protocol.black() == KomiProtocol.CHOOSER
    protocol.back()
    protocol.back()
    assert protocol.step == KomiProtocol.NAME_KOMI and protocol.komi is None
    protocol.back()  # nothing before the first screen
    assert protocol.step == KomiProtocol.NAME_KOMI
    protocol.propose(-2)
    protocol.choose(BLACK)
    assert protocol.new_game().komi == -2 and parse_komi("-2") == -2


def test_the_komi_protocol_as_text_steps_replays_on_another_protocol():
    """What a link carries (stones.link.peer): each step's text, taken by a second protocol."""
    here = KomiProtocol()
    assert here.who(here.step) == KomiProtocol.PROPOSER and here.summary() == ""
    raises(GameError, here.value, 0)  # not given yet
    here.take("4")
    assert here.value(0) == "4" and here.summary() == "komi 4"
    assert here.who(here.step) == KomiProtocol.CHOOSER
    there = KomiProtocol()
    there.take(here.value(0))
    for bad in ("0", "3", "black", ""):
        raises(GameError, there.take, bad)
    assert there.step == KomiProtocol.CHOOSE_COLOUR
    there.take("1")
    here.take(there.value(1))
    assert here.step == there.step == KomiProtocol.DONE
    assert here.black() == there.black() == KomiProtocol.CHOOSER
    assert here.new_game(9).komi == there.new_game(9).komi == 4
    raises(GameError, here.take, "2")  # settled: nothing more is taken


def test_the_pregame_screen_gets_a_fresh_komi_protocol_from_the_game():
    game = Loose(7)
    first = game.pregame_protocol()
    first.propose(4)
    second = game.pregame_protocol()
    assert isinstance(second, KomiProtocol) and second is not first
    assert second.step == KomiProtocol.NAME_KOMI and game.pregame == "komi"


# -- properties over random games ---------------------------------------------------------------


def check_turn(game, before):
    """After every move: undo restores the position exactly and replaying restores the new one;
    no stone ever leaves the board; every group has a true liberty."""
    after = game.state()
    move = game.last_move()
    game.undo()
    assert game.state() == before
    occupied_before = [p for p in game.grid.points if game.colour(p)]
    game.play(move)
    assert game.state() == after
    for p in occupied_before:
        assert game.colour(p)
    added = 0 if move == PASS else 1
    assert game.grid.count - game.n_empty == len(occupied_before) + added
    assert every_group_has_a_true_liberty(game)


def test_random_games_undo_invariants_and_records():
    def make():
        return Loose(sizes[0])

    sizes = [5]

    def check(game, before):
        check_turn(game, before)
        if game.over or game.count % 25 == 0:
            again = load_record(record(game))
            assert again.state() == game.state()

    random_games(make, 12, 21, check)
    sizes[0] = 7
    random_games(make, 4, 8, check)
    sizes[0] = 9
    random_games(make, 3, 5, check)


def test_random_games_agree_with_a_direct_reading_of_the_rules():
    # A slow, obvious implementation of rule 4 (copy the board, flip, check every group) is
    # the oracle for every legal-move set and every resulting board, on 5x5, 7x7 and 9x9.
    def board(game):
        return [game.colour(p) for p in range(game.grid.length)]

    def groups(game, colours):
        seen = set()
        out = []
        for p in game.grid.points:
            if colours[p] and p not in seen:
                group = [p]
                seen.add(p)
                for s in group:
                    for t in game.grid.neighbours(s):
                        if t not in seen and colours[t] == colours[p]:
                            seen.add(t)
                            group.append(t)
                out.append(group)
        return out

    def true_point(game, colours, p):
        around = [colours[t] for t in game.grid.neighbours(p)]
        return 0 in around or BLACK not in around or WHITE not in around

    def lives(game, colours, group):
        return any(not colours[t] and true_point(game, colours, t)
                   for s in group for t in game.grid.neighbours(s))

    def after(game, colours, p, c):
        colours = colours[:]
        colours[p] = c
        for group in groups(game, colours):
            if colours[group[0]] == 3 - c and not lives(game, colours, group):
                for s in group:
                    colours[s] = c
        for group in groups(game, colours):
            if not lives(game, colours, group):
                return None
        return colours

    from stones.engine.rng import Rng

    rng = Rng(2024)
    for size in (5, 5, 5, 5, 7, 7, 9):
        game = Loose(size)
        while not game.over:
            colours = board(game)
            c = game.to_move
            expected = [p for p in game.grid.points
                        if not colours[p] and after(game, colours, p, c) is not None]
            assert sorted(expected) == sorted(game.legal_moves())
            if not expected or rng.below(25) == 0:
                game.play(PASS)
                continue
            p = expected[rng.below(len(expected))]
            game.play(p)
            assert board(game) == after(game, colours, p, c)


def test_undo_past_a_restarted_log_replays():
    game = Loose(5)
    game.log_limit = 3  # as if a freak game had filled the log
    seed = 9
    states = [game.state()]
    while not game.over:
        seed = game.playout(seed, 1)
        states.append(game.state())
    assert game.log_from > 0
    while game.count:
        states.pop()
        game.undo()
        assert game.state() == states[-1]


def test_playout_follows_the_policy():
    for size in (5, 9):
        game = Loose(size)
        seed = 3
        while not game.over:
            c = game.to_move
            seed = game.playout(seed, 1)
            move = game.last_move()
            game.undo()
            if move:
                assert not is_eye(game, move, c) and game.legal(move)
            else:
                for p in game.grid.points:
                    assert game.colour(p) or is_eye(game, p, c) or not game.legal(p)
            game.play(move)
        assert game.result().winner in (BLACK, WHITE)


def test_whole_playouts_end_and_leave_a_consistent_game():
    game = Loose()
    seed = 1
    for _ in range(5):
        game.clear()
        seed = game.playout(seed)
        assert game.over and game.passes == 2
        assert every_group_has_a_true_liberty(game)
        state = game.state()
        again = load_record(record(game))
        assert again.state() == state


def test_material_counts_as_the_stones_do():
    """Loose.material's count (machine code on MicroPython, two C calls on CPython) is the
    plain count of the stones of each colour, along random games on two boards."""

    def check(game, before):
        for c in (BLACK, WHITE):
            assert game.material(c) == 2 * game.count_stones(c) - (
                game.count_stones(BLACK) + game.count_stones(WHITE)), (c, game.count)

    random_games(lambda: Loose(5), 3, 7, check)
    random_games(lambda: Loose(9), 1, 8, check, moves=60)
