"""Go: the positions G1-G7 and the readings A1-A9 of docs/rules.md."""

from support import names, position, raises, stones_of

from stones.engine.game import BLACK, KO, OCCUPIED, PASS, SUICIDE, WHITE, GameError, IllegalMove
from stones.engine.go.rules import Go
from stones.engine.records import load_record, record


def test_g1_single_capture():
    game = position(Go(), black="D5 F5 E6", white="E5")
    game.play_text("E4")
    assert game.colour(game.parse("E5")) == 0
    assert game.prisoners[BLACK] == 1 and game.prisoners[WHITE] == 0
    assert stones_of(game, WHITE) == []


def test_g2_suicide_is_refused_and_changes_nothing():
    game = position(Go(), black="D5 F5 E6 E4 A2 B1")
    game.set_turn(WHITE)
    before = game.state()
    for point in ("E5", "A1"):
        error = raises(IllegalMove, game.play_text, point)
        assert error.code == SUICIDE and point in str(error) and "suicide" in str(error)
        assert game.reason(game.parse(point)) == SUICIDE
    assert game.state() == before


def test_multi_stone_suicide_is_illegal():
    # White A1 A2 with one liberty at A3 (B1, B2 are black); white A3 would fill it: the group
    # A1 A2 A3 has no liberty once B3 and A4 are black and nothing is captured.
    game = position(Go(), black="B1 B2 B3 A4", white="A1 A2")
    game.set_turn(WHITE)
    assert game.reason(game.parse("A3")) == SUICIDE


def test_a_stone_without_liberties_that_captures_is_legal():
    # White A1 touches only black A2 and B1; it takes B1's last liberty, so B1 is captured first
    # and A1 then has a liberty: legal (rules.md A2: captures are resolved before suicide).
    game = position(Go(), black="B1 A2", white="C1 B2")
    game.set_turn(WHITE)
    game.play_text("A1")
    assert game.colour(game.parse("B1")) == 0 and game.prisoners[WHITE] == 1
    assert game.colour(game.parse("A2")) == BLACK


def test_g4_ko_line():
    game = position(Go(), black="C5 D6 D4", white="D5 E6 F5 E4")
    game.play_text("E5")
    assert game.prisoners[BLACK] == 1
    assert game.libs[game.root[game.parse("E5")]] == 1
    error = raises(IllegalMove, game.play_text, "D5")
    assert error.code == KO and "D5" in str(error)
    game.play_text("J9")
    game.play_text("J1")
    game.play_text("D5")
    assert game.prisoners[WHITE] == 1 and game.colour(game.parse("E5")) == 0
    assert raises(IllegalMove, game.play_text, "E5").code == KO
    game.play_text("H1")
    game.play_text("H9")
    game.play_text("E5")
    assert game.prisoners[BLACK] == 2 and game.prisoners[WHITE] == 1


def test_a_pass_lifts_the_ko_ban():
    game = position(Go(), black="C5 D6 D4", white="D5 E6 F5 E4")
    game.play_text("E5")
    game.play_text("pass")
    game.play_text("pass")  # two passes end the game, so undo one and retake after a pass
    game.undo()
    assert not game.over
    game.set_turn(WHITE)
    # After Black's pass the position before White's last turn is not repeated by D5.
    game.play_text("D5")
    assert game.prisoners[WHITE] == 1


def test_snapback_recapture_is_legal():
    #  3 X X . .      White B1 B2 has liberties A1 A2. Black throws in at A1; White takes it
    #  2 . O X .      with A2, whose group then has A1 as its only liberty; Black retakes at
    #  1 . O X .      A1 and captures three. The position does not repeat: not a ko (rules.md A3).
    #    A B C D
    game = position(Go(), black="C1 C2 B3 A3", white="B1 B2")
    game.play_text("A1")
    game.play_text("A2")
    assert game.colour(game.parse("A1")) == 0 and game.prisoners[WHITE] == 1
    assert game.ko == 0
    game.play_text("A1")
    assert game.prisoners[BLACK] == 3
    assert stones_of(game, WHITE) == []


def test_occupied_point_is_refused():
    game = position(Go(), black="E5")
    assert raises(IllegalMove, game.play_text, "E5").code == OCCUPIED


def test_two_passes_end_the_game_and_moves_are_refused_after():
    game = Go()
    game.play(PASS)
    assert not game.over
    game.play(PASS)
    assert game.over
    error = raises(IllegalMove, game.play_text, "E5")
    assert "over" in str(error)


def test_g7_counting_with_dead_stones():
    black = " ".join("D%d" % row for row in range(1, 10)) + " H5"
    white = " ".join("F%d" % row for row in range(1, 10)) + " B5"
    game = position(Go(), black=black, white=white)
    game.prisoners[BLACK] = 7
    game.prisoners[WHITE] = 6
    game.play(PASS)
    game.play(PASS)
    assert game._dead is None  # a game in play holds no marks (the array comes with the first)
    # Nothing marked: every region touches both colours.
    result = game.result()
    assert result.winner == BLACK and result.margin2 == 2
    game.toggle_dead(game.parse("B5"))
    game.toggle_dead(game.parse("H5"))
    score = game.score()
    assert (score.black2, score.white2) == (2 * 35, 2 * 34)
    assert ("Territory", 27, 27) in score.lines and ("Prisoners", 8, 7) in score.lines
    assert score.total == score.lines[-1] == ("Total", "35", "34")
    result = game.result()
    assert result.winner == BLACK and result.margin2 == 2 and result.gtp() == "B+1"
    # Marking again brings B5 back to life: Black's region is then neutral (it touches B5),
    # White keeps its side: Black 0 + 7 prisoners, White 27 + 7.
    game.toggle_dead(game.parse("B5"))
    score = game.score()
    assert (score.black2, score.white2) == (2 * 7, 2 * 34)


def test_territory_regions_touching_both_colours_are_neutral():
    game = position(Go(), black="D1 D2 D3 D4 D5 D6 D7 D8 D9", white="F1 F2 F3 F4 F5 F6 F7 F8 F9")
    black, white = game.territory()
    assert names(game, black) == names(
        game, [game.grid.index(c, r) for c in range(3) for r in range(9)])
    assert game.parse("E5") not in black + white and len(white) == 27


def test_komi_and_area_scoring():
    game = position(Go(komi="6.5", scoring="area"), black="C1 C2 C3 C4 C5 C6 C7 C8 C9")
    score = game.score()
    assert score.black2 == 2 * 81 and score.white2 == 13  # 9 stones + 72 points of territory
    assert game.result().gtp() == "B+74.5"
    assert Go(komi=7).settings["komi"] == "7"
    raises(GameError, Go, 9, komi="six")


def test_empty_board_is_a_draw_with_komi_zero():
    game = Go()
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert result.winner == 0 and result.gtp() == "0"


def test_sizes():
    assert Go(13).grid.count == 169 and Go(19).grid.count == 361
    raises(GameError, Go, 10)


def test_move_cap_ends_without_result():
    game = Go()
    seed = 1
    while not game.over:
        seed = game.playout(seed, 1)
    assert game.count <= game.cap


def test_record_round_trip_with_setup_passes_and_dead_stones():
    game = position(Go(komi="5.5"), black="D5", white="E5")
    for move in ("C3", "G7", "pass", "C4", "pass", "pass"):
        game.play_text(move)
    game.toggle_dead(game.parse("G7"))
    text = record(game)
    again = load_record(text)
    assert again.state() == game.state() and record(again) == text
    assert again.dead_stones() == game.dead_stones()
    assert again.result().gtp() == game.result().gtp()


def test_bad_records_are_refused():
    raises(GameError, load_record, "size 9\nend\n")
    raises(GameError, load_record, "game chess\nend\n")
    raises(GameError, load_record, "game go\nmoves B:Z99\nend\n")
    raises(GameError, load_record, "game go\nmoves B:D5 W:D5\nend\n")
    raises(GameError, load_record, "game go\nkomi lots\nend\n")


def test_undo_restores_every_state_of_random_games():
    def check(game, before):
        after = game.state()
        game.undo()
        assert game.state() == before
        game.play(game.entry(game.count)[1])  # the undone move's word is still there
        assert game.state() == after

    from support import random_games

    random_games(Go, 2, 7, check, moves=150)


def test_no_group_is_left_without_liberties():
    def check(game, before):
        cell = game.cell
        for p in game.grid.points:
            if cell[p] & 3:
                root = game.root[p]
                assert game.libs[root] > 0
                assert any(not cell[q] & 3 for s in game.group(p) for q in game.grid.neighbours(s))

    from support import random_games

    random_games(Go, 2, 11, check, moves=150)


def test_playout_follows_the_policy():
    """Light playouts (knowledge 0) pass only when every empty point is an own eye or illegal;
    heavy ones may also pass when what is left is self-atari (tests/engine/test_goheavy.py
    checks the self-atari test itself)."""
    from test_goheavy import slow_self_atari

    for knowledge in (0, Go.knowledge):
        game = Go()
        game.knowledge = knowledge
        seed = 3
        while not game.over:
            before_c = game.to_move
            seed = game.playout(seed, 1)
            move = game.last_move()
            if move:
                game.undo()
                assert not game.is_eye(move, before_c)
                assert game.legal(move)
                game.play(move)
            else:
                game.undo()
                for p in game.grid.points:
                    assert (game.cell[p] & 3 or game.is_eye(p, before_c) or not game.legal(p)
                            or (knowledge and slow_self_atari(game, p)))
                game.play(PASS)


def test_a_point_its_owner_must_fill_counts_for_nobody():
    # White's A2 stands between Black's A1 and B2 with one liberty, A3, inside White's land:
    # Black may take it there, so White must fill A3 before the end (rules.md A10).
    black = "A1 B1 " + " ".join("%s2" % c for c in "BCDEFGHJ")
    white = "A2 A4 " + " ".join("%s3" % c for c in "BCDEFGHJ")
    game = position(Go(), black=black, white=white)
    game.play(PASS)
    game.play(PASS)
    assert names(game, game.must_fill()) == ["A3"]
    black_land, white_land = game.territory()
    assert len(black_land) == 7  # C1-J1
    assert len(white_land) == 53 and game.parse("A3") not in white_land  # rows 4-9 but A4
    assert game.result().gtp() == "W+46"
    # Counting area, White's stone on A3 would score the point: nothing changes there.
    area = position(Go(scoring="area"), black=black, white=white)
    assert names(area, area.must_fill()) == ["A3"] and len(area.territory()[1]) == 54
    assert area.result().gtp() == "W+47"  # 10 stones and 54 points against 10 and 7
    # A2 marked dead: nothing to fill, and A2 with A3 touch both colours.
    game.toggle_dead(game.parse("A2"))
    assert game.must_fill() == [] and game.territory() == (black_land, white_land)
