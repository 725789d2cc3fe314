"""OffShore: the positions O1-O4 and the readings D1-D10 of docs/rules.md,
the readings D1-D9, the options, and random games checked against a from-scratch reference.

Diagrams use these marks (X O stones; x o * empty cells in Black's, White's, both
territories), which is what OffShore.symbol draws, so hand-drawn pictures are compared verbatim.
"""

from support import names, position, raises, stones_of

from stones.engine.game import (
    BLACK,
    ENEMY_TERRITORY,
    OCCUPIED,
    OVERSIZED_GROUP,
    PASS,
    WHITE,
    GameError,
    IllegalMove,
)
from stones.engine.offshore.rules import (
    CAPTURE,
    GUARD,
    KNOWLEDGE,
    SPARE,
    OffShore,
    hull_bounds,
    hull_contains,
    hull_max,
)
from stones.engine.records import load_record, record
from stones.engine.registry import new_game
from stones.engine.rng import Rng


def same_board(game, text):
    """The game's diagram equals the hand-drawn diagram (compared row by row, spacing ignored)."""
    got = [" ".join(row.split()) for row in game.diagram().splitlines()]
    want = [" ".join(row.split()) for row in text.strip().splitlines()]
    assert got == want, "\n" + game.diagram()


def cells(game, text):
    return sorted(text.split())


# -- a reference straight from the rule text: groups by flood, hulls by cube bounds -------------


def ref_groups(game, colour):
    """The groups of colour as lists of cells, found by flood fill over the colours alone."""
    seen = set()
    groups = []
    for p in game.grid.points:
        if game.colour(p) != colour or p in seen:
            continue
        group = [p]
        seen.add(p)
        i = 0
        while i < len(group):
            for t in game.grid.neighbours(group[i]):
                if t not in seen and game.colour(t) == colour:
                    seen.add(t)
                    group.append(t)
            i += 1
        groups.append(group)
    return groups


def cube(game, p):
    q, r = game.grid.axial(p)
    return q, r, -q - r


def ref_hull(game, group):
    """Cells whose three cube coordinates lie within the group's minima and maxima (rules.md D1)."""
    coords = [cube(game, s) for s in group]
    low = [min(c[i] for c in coords) for i in range(3)]
    high = [max(c[i] for c in coords) for i in range(3)]
    out = set()
    for p in game.grid.points:
        c = cube(game, p)
        if all(low[i] <= c[i] <= high[i] for i in range(3)):
            out.add(p)
    return out


# Ludii's HexHullSites (rules.md D1): the group plus, for six pairs of directions 120 degrees apart,
# the cells that rays from the group's stones reach in both directions. Rays skip their origin
# and run through stones to the edge. Axial steps: E (1,0) W (-1,0) NNE (1,-1) NNW (0,-1)
# SSE (0,1) SSW (-1,1).
E, W, NNE, NNW, SSE, SSW = (1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)
PAIRS = ((NNW, E), (NNE, SSE), (E, SSW), (SSE, W), (SSW, NNW), (W, NNE))


def ray_hull(game, group):
    grid = game.grid
    rad = grid.radius

    def on(q, r):
        return max(abs(q), abs(r), abs(q + r)) <= rad

    def rays(step):
        out = set()
        for s in group:
            q, r = grid.axial(s)
            q += step[0]
            r += step[1]
            while on(q, r):
                out.add(grid.index(q, r))
                q += step[0]
                r += step[1]
        return out

    hull = set(group)
    for one, two in PAIRS:
        hull |= rays(one) & rays(two)
    return hull


def totals(game):
    """(Black's score, White's) in whole cells, from the game's Score."""
    score = game.score()
    assert score.total == score.lines[0] == ("Territory", score.black2 // 2, score.white2 // 2)
    return score.black2 // 2, score.white2 // 2


def ref_territory(game, colour):
    out = set()
    for group in ref_groups(game, colour):
        out |= ref_hull(game, group)
    return out


def ref_legal(game, colour, weak):
    """Legal placements of colour, judged on the current board (rules.md D3, D4)."""
    theirs = ref_territory(game, 3 - colour)
    groups = ref_groups(game, colour)
    barred = set()
    for group in groups:
        if len(group) > len(groups):
            for s in group:
                barred.update(game.grid.neighbours(s))
    legal = []
    for p in game.grid.points:
        if game.colour(p) or p in barred:
            continue
        friends = [t for t in game.grid.neighbours(p) if game.colour(t) == colour]
        if p in theirs and not (weak and friends):
            continue
        legal.append(p)
    return legal


def ref_after(game, colour, p):
    """The colours of the board after colour places on p: every opponent group wholly inside
    the mover's territory after the placement goes (D5)."""
    probe = OffShore(game.size)
    stones = [(game.colour(s), s) for s in game.grid.points if game.colour(s)] + [(colour, p)]
    probe.set_position(stones)
    mine = ref_territory(probe, colour)
    gone = set()
    for group in ref_groups(probe, 3 - colour):
        if all(s in mine for s in group):
            gone.update(group)
    return dict((s, c) for c, s in stones if s not in gone)


def colours(game):
    return dict((p, game.colour(p)) for p in game.grid.points if game.colour(p))


def check_tables(game):
    """cover, hull words, group counts and the territory API against the reference."""
    for colour in (BLACK, WHITE):
        want = sorted(ref_territory(game, colour))
        assert game.hull_cells(colour) == want
        for p in game.grid.points:
            assert game.in_territory(colour, p) == (p in want)
        groups = ref_groups(game, colour)
        assert game.ngroups[colour] == len(groups)
        for group in groups:
            word = game.hull[game.root[group[0]]]
            assert word < 2 ** 30 and not word & GUARD
            assert set(p for p in game.grid.points if hull_contains(word, game.cellhull[p])) == \
                ref_hull(game, group)
    black = sum(1 for p in game.grid.points if not game.colour(p) and p in ref_territory(game, 1))
    white = sum(1 for p in game.grid.points if not game.colour(p) and p in ref_territory(game, 2))
    assert totals(game) == (black, white)
    empty = [[p for p in game.hull_cells(colour) if not game.colour(p)] for colour in (1, 2)]
    assert list(game.territory()) == empty and game.panel() == ("Land", black, white)


# -- O1: a hull and its score ---------------------------------------------------------------------


def test_o1_hull_and_score():
    game = position(OffShore(), black="b2 c2 d2 e2 e3 e4")
    same_board(game, """
        a    . . . .
        b   . X . . .
        c  . X x . . .
        d . X x x . . .
        e  . X X X . .
        f   . . . . .
        g    . . . .
    """)
    # Bounds q in [-2,0], r in [-2,1], s in [-1,2]: shifted by R = 3 in the hull word.
    word = game.hull[game.root[game.parse("b2")]]
    assert hull_bounds(word) == (1, 3, 1, 4, 2, 5)
    assert names(game, game.hull_cells(BLACK)) == cells(game, "b2 c2 c3 d2 d3 d4 e2 e3 e4")
    assert totals(game) == (3, 0)
    check_tables(game)
    game.set_turn(WHITE)
    for point in ("c3", "d3", "d4"):
        assert game.reason(game.parse(point)) == ENEMY_TERRITORY
        error = raises(IllegalMove, game.play_text, point)
        assert point in str(error) and "territory" in str(error)
    game.play_text("a1")
    assert game.colour(game.parse("a1")) == WHITE


# -- O3: the group-size limit ---------------------------------------------------------------------


def test_o3_two_stones_one_group_bar_their_neighbours():
    game = position(OffShore(), black="d3 d4")
    assert names(game, game.legal_moves()) == cells(game, """a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c5 c6
        d1 d6 d7 e1 e5 e6 f1 f2 f3 f4 f5 g1 g2 g3 g4""")
    for point in "c2 c3 c4 d2 d5 e2 e3 e4".split():
        assert game.reason(game.parse(point)) == OVERSIZED_GROUP
    error = raises(IllegalMove, game.play_text, "c3")
    assert "c3" in str(error) and "group" in str(error)


def test_o3_a_second_group_lifts_the_bar_and_the_size_reached_is_irrelevant():
    game = position(OffShore(), black="d3 d4 a1")
    empty = [p for p in game.grid.points if not game.colour(p)]
    assert game.legal_moves() == empty  # 2 stones > 2 groups is false
    game.play_text("c3")  # {c3 d3 d4} has 3 stones > 2 groups: legal all the same
    game.play(PASS)
    assert game.ngroups[BLACK] == 2 and len(game.group(game.parse("c3"))) == 3
    assert names(game, game.legal_moves()) == cells(game, """a2 a3 a4 b1 b4 b5 c1 c5 c6 d1 d6 d7
        e1 e5 e6 f1 f2 f3 f4 f5 g1 g2 g3 g4""")
    for point in "b2 b3 c2 c4 d2 d5 e2 e3 e4".split():
        assert game.reason(game.parse(point)) == OVERSIZED_GROUP


def test_group_count_is_taken_before_the_placement():
    # Black d3 d4 and b1: 2 groups, so d3's group (2 stones) is not oversized. c2 touches both
    # and merges them into one group of 4: legal, whatever the count becomes (D3).
    game = position(OffShore(), black="d3 d4 b1")
    game.play_text("c2")
    assert game.ngroups[BLACK] == 1 and len(game.group(game.parse("c2"))) == 4


# -- O4: capture from two sides -------------------------------------------------------------------


def test_o4_capture_from_two_sides():
    game = position(OffShore(), black="c3 d3 e3 c5 d6", white="d4 d5")
    same_board(game, """
        a    . . . .
        b   . . . . .
        c  . . X . X .
        d . . X O O X .
        e  . . X . . .
        f   . . . . .
        g    . . . .
    """)
    a = game.hull[game.root[game.parse("c3")]]
    b = game.hull[game.root[game.parse("c5")]]
    hull_a = [p for p in game.grid.points if hull_contains(a, game.cellhull[p])]
    hull_b = [p for p in game.grid.points if hull_contains(b, game.cellhull[p])]
    assert names(game, hull_a) == cells(game, "c3 d3 d4 e3")
    assert names(game, hull_b) == cells(game, "c5 d6")
    assert stones_of(game, WHITE) == ["d4", "d5"]  # White survives
    assert names(game, game.legal_moves()) == cells(game, """a1 a2 a3 a4 b1 b4 b5 c1 c6 d1 d7
        e1 e5 e6 f1 f4 f5 g1 g2 g3 g4""")
    game.play_text("e5")
    b = game.hull[game.root[game.parse("e5")]]
    hull_b = [p for p in game.grid.points if hull_contains(b, game.cellhull[p])]
    assert names(game, hull_b) == cells(game, "c5 d5 d6 e5")
    assert stones_of(game, WHITE) == []
    assert totals(game) == (2, 0) and game.ngroups[WHITE] == 0
    same_board(game, """
        a    . . . .
        b   . . . . .
        c  . . X . X .
        d . . X x x X .
        e  . . X . X .
        f   . . . . .
        g    . . . .
    """)
    check_tables(game)
    game.undo()
    assert stones_of(game, WHITE) == ["d4", "d5"] and totals(game) == (0, 0)
    check_tables(game)


def test_every_enclosed_group_goes_at_once_and_own_groups_stay():
    # Black's line c2-c5 has a one-row hull. d2 bends it: the new hull spans d2..d5, which holds
    # two white groups, d3 and d5; both go together. (a1 a4 g1 g4 keep the line from being
    # oversized: 4 stones, 5 groups.)
    game = position(OffShore(), black="c2 c3 c4 c5 a1 a4 g1 g4", white="d3 d5")
    assert not game.sweep and game.ngroups[WHITE] == 2
    game.play_text("d2")
    assert stones_of(game, WHITE) == [] and game.ngroups[WHITE] == 0
    assert game.count_stones(BLACK) == 9 and game.ngroups[BLACK] == 5
    assert names(game, game.hull_cells(BLACK)) == cells(
        game, "a1 a4 c2 c3 c4 c5 d2 d3 d4 d5 g1 g4")
    check_tables(game)
    game.undo()
    assert stones_of(game, WHITE) == ["d3", "d5"]
    check_tables(game)


# -- D4: Weak Territory ---------------------------------------------------------------------------


def test_weak_territory_allows_cells_next_to_an_own_stone():
    # O1's hull c3 d3 d4 is Black's; White d5 touches d4 (not c3 or d3).
    for setting, d4_code in (("strong", ENEMY_TERRITORY), ("weak", 0)):
        game = position(OffShore(territory=setting), black="b2 c2 d2 e2 e3 e4", white="d5")
        game.set_turn(WHITE)
        assert game.reason(game.parse("d4")) == d4_code
        assert game.reason(game.parse("c3")) == ENEMY_TERRITORY  # no white neighbour
        assert game.reason(game.parse("d3")) == ENEMY_TERRITORY
    game.play_text("d4")  # weak
    assert game.colour(game.parse("d4")) == WHITE and game.in_territory(BLACK, game.parse("d4"))


def test_weak_territory_still_bars_cells_next_to_an_oversized_group():
    game = position(OffShore(territory="weak"), black="b2 c2 d2 e2 e3 e4", white="d5 d6")
    game.set_turn(WHITE)
    assert game.reason(game.parse("d4")) == OVERSIZED_GROUP  # d5 d6: 2 stones > 1 group
    assert game.reason(game.parse("c3")) == ENEMY_TERRITORY
    game = position(OffShore(territory="weak"), black="b2 c2 d2 e2 e3 e4", white="d5 d6 g4")
    game.set_turn(WHITE)
    assert game.reason(game.parse("d4")) == 0


def test_weak_legal_list_matches_the_reference():
    game = position(OffShore(territory="weak"), black="b2 c2 d2 e2 e3 e4 a4", white="d5 g1")
    for colour in (WHITE, BLACK):
        game.set_turn(colour)
        assert game.legal_moves() == ref_legal(game, colour, True)


# -- D6: overlapping territory --------------------------------------------------------------------


def test_d6_a_cell_in_both_territories_scores_for_both_and_neither_may_play_it():
    # Black's arch d3 c3 c4 d5 and White's chain d2 e2 e3 e4 both span d4.
    game = position(OffShore(), black="d3 c3 c4 d5", white="d2 e2 e3 e4")
    same_board(game, """
        a    . . . .
        b   . . . . .
        c  . . X X . .
        d . O X * X . .
        e  . O O O . .
        f   . . . . .
        g    . . . .
    """)
    assert totals(game) == (1, 1)
    d4 = game.parse("d4")
    for colour in (BLACK, WHITE):
        game.set_turn(colour)
        assert game.in_territory(colour, d4) and game.reason(d4) == ENEMY_TERRITORY
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert ("Territory", 1, 1) in result.lines and result.tiebreak
    check_tables(game)


# -- D7: territory is always the union of the hulls of the groups on the board ------------------


def test_d7_a_captured_hull_does_not_take_cells_a_surviving_hull_covers():
    # Black a2 joins a1 a3 b1 (its hull then covers b2 b3) while c5 d4 d5 already cover c4: the
    # White group b2 b3 c4 is captured. Its hull b2 b3 c3 c4 shared c3 with the hull of White's
    # surviving group c1 d2 d3 e3 f3 f4, so c3 stays White's (Ludii would forget it).
    game = position(OffShore(), black="a1 a3 b1 c5 d4 d5",
                    white="b2 b3 c1 c4 d2 d3 e3 f3 f4")
    same_board(game, """
        a    X . X .
        b   X O O . .
        c  O o o O X .
        d . O O X X . .
        e  . o O o . .
        f   . o O O .
        g    . . . .
    """)
    game.play_text("a2")
    same_board(game, """
        a    X X X .
        b   X x x . .
        c  O o o x X .
        d . O O X X . .
        e  . o O o . .
        f   . o O O .
        g    . . . .
    """)
    assert game.in_territory(WHITE, game.parse("c3"))
    check_tables(game)


# -- D8 and the end of the game -------------------------------------------------------------------


def test_d8_no_stones_at_all_the_second_player_wins():
    game = OffShore()
    game.play(PASS)
    assert not game.over
    game.play(PASS)
    assert game.over
    result = game.result()
    assert result.winner == WHITE and result.tiebreak and result.margin2 == 0
    assert result.gtp() == "W+0" and result.text() == "White wins the tie"
    assert ("Territory", 0, 0) in result.lines


def test_d2_a_lone_stone_is_its_own_hull():
    game = OffShore()
    game.play_text("d4")
    assert names(game, game.hull_cells(BLACK)) == ["d4"] and totals(game) == (0, 0)
    assert game.hull[game.parse("d4")] == game.cellhull[game.parse("d4")]
    game.set_turn(BLACK)
    assert game.reason(game.parse("d5")) == 0  # 1 stone is not more than 1 group


def test_d8_a_tie_goes_to_the_last_player_to_place_a_stone():
    game = OffShore()
    game.play_text("d4")
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert result.winner == BLACK and result.tiebreak and game.last_placer() == BLACK
    game = OffShore()
    for move in ("a1", "g4", "pass", "pass"):
        game.play_text(move)
    result = game.result()
    assert result.winner == WHITE and result.tiebreak


def test_a_higher_score_wins_without_tiebreak():
    game = position(OffShore(), black="b2 c2 d2 e2 e3 e4")
    game.play(PASS)
    game.play(PASS)
    result = game.result()
    assert result.winner == BLACK and result.margin2 == 6 and not result.tiebreak
    assert result.gtp() == "B+3" and ("Territory", 3, 0) in result.lines


def test_moves_are_refused_after_the_game_and_passing_is_always_allowed():
    game = position(OffShore(), black="d3 d4")
    game.play(PASS)  # White passes with moves available (passing is voluntary)
    game.play_text("a1")
    game.play(PASS)
    game.play(PASS)
    assert game.over
    error = raises(IllegalMove, game.play_text, "g4")
    assert "over" in str(error)
    assert game.legal_moves() == []


def test_occupied_cell_is_refused():
    game = position(OffShore(), black="d4")
    assert raises(IllegalMove, game.play_text, "d4").code == OCCUPIED
    assert game.reason(game.parse("d4")) == OCCUPIED


def test_move_cap_ends_the_game_without_a_result():
    game = OffShore()
    game.cap = 6  # an engine safeguard against repetition (rules.md D10), shortened here
    game.playout(9)
    assert game.over and game.count == 6 and game.passes < 2
    result = game.result()
    assert result.winner is None and result.gtp() == "?" and result.note == "move limit 6 reached"
    assert str(raises(GameError, game.play, 0)) == "pass: move limit 6 reached"


# -- set-up positions that break the turn invariant ----------------------------------------------


def test_a_setup_group_inside_enemy_territory_goes_at_the_next_enemy_placement():
    # White d3 sits inside O1's hull: the rule removes it after any Black placement, even an
    # isolated one far away (rules.md D5, read literally); White's own placements never do.
    game = position(OffShore(), black="b2 c2 d2 e2 e3 e4", white="d3")
    assert game.sweep
    game.set_turn(WHITE)
    game.play_text("g4")
    assert game.colour(game.parse("d3")) == WHITE
    game.play_text("a4")
    assert game.colour(game.parse("d3")) == 0
    check_tables(game)
    game.undo()
    assert game.colour(game.parse("d3")) == WHITE
    check_tables(game)


# -- hulls ----------------------------------------------------------------------------------------


def random_group(game, rng, size):
    points = list(game.grid.points)
    group = [points[rng.below(len(points))]]
    while len(group) < size:
        s = group[rng.below(len(group))]
        nb = game.grid.neighbours(s)
        t = nb[rng.below(len(nb))]
        if t not in group:
            group.append(t)
    return group


def test_d1_ray_hulls_equal_cube_bounds_on_random_groups():
    rng = Rng(2024)
    for size in (4, 5, 7):
        game = OffShore(size)
        for _ in range(40):
            group = random_group(game, rng, 1 + rng.below(9))
            bounds = ref_hull(game, group)
            assert ray_hull(game, group) == bounds
            game.set_position([(BLACK, p) for p in group])
            word = game.hull[game.root[group[0]]]
            covered = set(p for p in game.grid.points if hull_contains(word, game.cellhull[p]))
            assert covered == bounds


def test_hull_words_stay_below_2_to_the_30_on_every_size():
    for size in OffShore.sizes:
        game = OffShore(size)
        whole = 0
        for p in game.grid.points:
            assert 0 < game.cellhull[p] < 2 ** 30 and not game.cellhull[p] & GUARD
            whole = hull_max(whole, game.cellhull[p])
        assert (whole | GUARD) < 2 ** 30
        assert all(hull_contains(whole, game.cellhull[p]) for p in game.grid.points)
        rad = game.grid.radius
        assert hull_bounds(whole) == (0, 2 * rad, 0, 2 * rad, 0, 2 * rad)


def test_swar_max_and_contains_agree_with_the_fields():
    rng = Rng(5)
    game = OffShore(7)
    points = list(game.grid.points)
    for _ in range(200):
        a = game.cellhull[points[rng.below(len(points))]]
        b = game.cellhull[points[rng.below(len(points))]]
        if rng.below(2):
            a = hull_max(a, game.cellhull[points[rng.below(len(points))]])
        m = hull_max(a, b)
        ba, bb, bm = hull_bounds(a), hull_bounds(b), hull_bounds(m)
        for i in range(6):
            assert bm[i] == (min if i % 2 == 0 else max)(ba[i], bb[i])
        inside = all(ba[i] <= bb[i] if i % 2 == 0 else ba[i] >= bb[i] for i in range(6))
        assert hull_contains(a, b) == inside and hull_contains(m, a) and hull_contains(m, b)


# -- options and sizes ----------------------------------------------------------------------------


def test_sizes_and_options():
    assert OffShore().grid.count == 37 and OffShore().size == 4
    assert [OffShore(n).grid.count for n in (5, 6, 7)] == [61, 91, 127]
    raises(GameError, OffShore, 3)
    raises(GameError, OffShore, 8)
    raises(GameError, OffShore, 4, territory="medium")
    raises(GameError, OffShore, 4, komi="1")
    assert OffShore().settings == {"territory": "strong"} and not OffShore().weak
    assert new_game("offshore", 5, territory="weak").weak
    assert [o.key for o in OffShore.options] == ["territory"]


def test_record_round_trip_with_setup_weak_and_passes():
    game = position(OffShore(5, territory="weak"), black="e5", white="d4")
    for move in ("c3", "g4", "pass", "e6", "pass", "pass"):
        game.play_text(move)
    text = record(game)
    assert "territory weak" in text and "size 5" in text
    again = load_record(text)
    assert again.state() == game.state() and record(again) == text
    assert again.result().gtp() == game.result().gtp()
    raises(GameError, load_record, "game offshore\nmoves B:d4 W:d4\nend\n")
    raises(GameError, load_record, "game offshore\nterritory none\nend\n")


# -- random games ---------------------------------------------------------------------------------


def test_random_games_agree_with_the_reference_and_undo_exactly():
    rng = Rng(31)
    for size, setting, games in ((4, "strong", 3), (4, "weak", 3), (5, "strong", 1)):
        for _ in range(games):
            game = OffShore(size, territory=setting)
            start = game.state()
            while not game.over and game.count < 70:
                c = game.to_move
                legal = ref_legal(game, c, setting == "weak")
                assert game.legal_moves() == legal
                if not legal or rng.below(30) == 0:
                    move = PASS
                    want = colours(game)
                else:
                    move = legal[rng.below(len(legal))]
                    want = ref_after(game, c, move)
                before = game.state()
                game.play(move)
                assert colours(game) == want
                check_tables(game)
                after = game.state()
                game.undo()
                assert game.state() == before
                game.play(move)
                assert game.state() == after
            assert load_record(record(game)).state() == game.state()
            while game.count:
                game.undo()
            assert game.state() == start


def test_undo_after_the_log_restarts_replays():
    game = position(OffShore(), black="d4", white="a1")
    game.log_limit = 5  # force the log to restart every few moves
    states = [game.state()]
    seed = 17
    while not game.over:
        seed = game.playout(seed, 1)
        states.append(game.state())
    assert game.log_from > 0
    while game.count:
        game.undo()
        states.pop()
        assert game.state() == states[-1]


def test_no_group_starts_a_turn_inside_enemy_territory():
    for setting in ("strong", "weak"):
        game = OffShore(territory=setting)
        seed = 4
        for _ in range(6):
            game.reset()
            while not game.over:
                seed = game.playout(seed, 1)
                for colour in (BLACK, WHITE):
                    mask = 0xFF00 if colour == BLACK else 0xFF
                    for p in game.grid.points:
                        if game.colour(p) == colour and game.root[p] == p:
                            assert not game._inside(p, mask)


def test_playout_follows_the_policy():
    """Version 0.1 (knowledge 0): any legal placement, a pass only when there is none. SPARE
    (the default): a legal placement outside the mover's own territory, a pass only when there
    is none, so the cells a player holds stay empty and score."""
    for knowledge in (0, SPARE):
        for setting in ("strong", "weak"):
            game = OffShore(territory=setting)
            game.knowledge = knowledge
            seed = 3
            spared = 0
            while not game.over:
                c = game.to_move
                before = game.legal_moves()
                allowed = [p for p in before if not (knowledge and game.in_territory(c, p))]
                spared += len(before) - len(allowed)
                seed = game.playout(seed, 1)
                move = game.last_move()
                if move:
                    assert move in allowed
                else:
                    assert allowed == []
            assert spared > 0 if knowledge else spared == 0
            if knowledge:  # the game ended with cells only their owner could have filled
                assert any(game.in_territory(BLACK, p) != game.in_territory(WHITE, p)
                           for p in game.grid.points if not game.colour(p))


def test_capture_playouts_are_the_default_up_to_side_6():
    """Side 7's 127 cells make the capture check too dear for a Pico's two seconds a move:
    its games play with SPARE alone; sides 4-6 with both."""
    for size, knowledge in ((4, KNOWLEDGE), (5, KNOWLEDGE), (6, KNOWLEDGE), (7, SPARE)):
        assert OffShore(size).knowledge == knowledge
        assert new_game("offshore", size).knowledge == knowledge


def test_spare_is_the_default_and_a_held_cell_is_never_filled_in_a_playout():
    assert OffShore.knowledge == KNOWLEDGE == SPARE | CAPTURE
    game = OffShore()
    game.knowledge = 0  # uniform moves until the mover may fill a cell it holds
    seed = 5
    held = []
    while not held:
        seed = game.playout(seed, 1)
        c = game.to_move
        held = [p for p in game.legal_moves() if game.in_territory(c, p)]
    others = len(game.legal_moves()) - len(held)
    game.knowledge = KNOWLEDGE
    for _ in range(200):
        seed = game.playout(seed, 1)
        assert game.last_move() not in held
        assert game.last_move() or not others  # a pass only when nothing else is left
        game.undo()


def _captures(game):
    """The placements outside the mover's territory that capture, by playing each on a copy
    (the slow reference for CAPTURE), in the order of the empty list."""
    c = game.to_move
    found = []
    for i in range(game.n_empty):
        p = game.empty[i]
        if game.reason(p) or game.in_territory(c, p):
            continue
        trial = OffShore(game.size, **game.settings)
        trial.copy_from(game)
        trial.play(p)
        if trial.count_stones(3 - c) < game.count_stones(3 - c):
            found.append(p)
    return found


def test_a_capture_playout_takes_the_group_o4_leaves_in_reach():
    """Worked position O4 (docs/rules.md): Black e5 joins c5 d6 into a hull over d5, and
    d4 lies in the hull of c3 d3 e3, so White's d4 d5 go. No other placement captures (b4, b5,
    c6, d7 and e6 join c5 d6 too, but none of those hulls reaches d5). A capture playout's
    first move is e5 whatever the seed; without CAPTURE the draw is uniform."""
    game = position(OffShore(4), black="c3 d3 e3 c5 d6", white="d4 d5")
    game.set_turn(BLACK)
    assert _captures(game) == [game.grid.parse("e5")]
    firsts = set()
    for knowledge, seeds in ((KNOWLEDGE, range(1, 9)), (SPARE, range(1, 40))):
        game.knowledge = knowledge
        moves = set()
        for seed in seeds:
            game.playout(seed, 1)
            moves.add(game.last_move())
            game.undo()
        firsts.add(len(moves))
        if knowledge & CAPTURE:
            assert moves == {game.grid.parse("e5")}
    assert max(firsts) > 5  # the uniform draw spread its first moves


def test_capture_playouts_play_the_first_capture_of_the_slow_reference():
    """From the positions of random games, strong and weak territory: where some placement
    captures, the capture playout's move is the first of them in the empty list (the slow
    reference plays every placement on a copy); where none does, the move is no capture."""
    checked = 0
    for setting in ("strong", "weak"):
        game = OffShore(4, territory=setting)
        seed = 11
        for _ in range(12):
            game.reset()
            while not game.over:
                found = _captures(game)
                game.knowledge = KNOWLEDGE
                before = game.count_stones(3 - game.to_move)
                seed = game.playout(seed, 1)
                move = game.last_move()
                if found:
                    checked += 1
                    assert move == found[0]
                else:
                    assert not move or game.count_stones(game.to_move) == before
                game.undo()
                game.knowledge = 0  # the game itself goes on uniformly
                seed = game.playout(seed, 1)
    assert checked > 20


def test_playout_draws_uniformly_among_legal_placements():
    game = position(OffShore(), black="b2 c2 d2 e2 e3 e4", white="g4")
    game.set_turn(WHITE)
    legal = game.legal_moves()
    tally = dict((p, 0) for p in legal)
    seed = 99
    rounds = 30 * len(legal)
    for _ in range(rounds):
        seed = game.playout(seed, 1)
        tally[game.last_move()] += 1
        game.undo()
    assert all(10 <= n <= 55 for n in tally.values()), tally


def test_reason_agrees_with_playing():
    game = OffShore(territory="weak")
    seed = 8
    while not game.over:
        for p in game.grid.points:
            code = game.reason(p)
            played = game._push(p)
            assert played == code
            if not played:
                game._pop()
        seed = game.playout(seed, 1)
