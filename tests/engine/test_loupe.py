"""Loupe: the positions P1-P9 and the readings C1-C11 of docs/rules.md,
the readings of 4.2 and the options of 4.4; loops cross-checked against brute-force enumeration of
every simple cycle. Positions are on a side-7 board unless said otherwise."""

from support import names, position, raises

from stones.engine.game import (
    BLACK,
    MID_TURN,
    NO_SECOND_STONE,
    OCCUPIED,
    OUTNUMBERED,
    PASS,
    WHITE,
    GameError,
    IllegalMove,
)
from stones.engine.loupe.rules import Loupe, least_loop
from stones.engine.records import load_record, record
from stones.engine.registry import new_game
from stones.engine.rng import Rng

# -- brute force: every simple cycle, and a point-in-polygon test independent of the engine ----


def _xy(game, p):
    """Cartesian coordinates of point p, doubled to stay integral (x = 2q + r, y = r)."""
    q, r = game.grid.axial(p)
    return 2 * q + r, r


def encloses(game, cycle, p):
    """Whether the polygon through the points of cycle (in order) has point p inside
    (the even-odd rule with a half-open treatment of vertices on the ray)."""
    x0, y0 = _xy(game, p)
    inside = False
    for i in range(len(cycle)):
        xa, ya = _xy(game, cycle[i - 1])
        xb, yb = _xy(game, cycle[i])
        if (ya > y0) != (yb > y0):
            # crossing at x = xa + (y0 - ya) * (xb - xa) / (yb - ya), with yb - ya = +-1
            if x0 < xa + (y0 - ya) * (xb - xa) * (yb - ya):
                inside = not inside
    return inside


def simple_cycles(game, stones):
    """Every simple cycle (length >= 3) of the graph on stones, once each, as a list of points in
    order starting from its smallest point."""
    members = set(stones)
    adjacent = {s: [t for t in game.grid.neighbours(s) if t in members] for s in stones}
    found = []

    def extend(path, on_path):
        head = path[-1]
        for t in adjacent[head]:
            if t == path[0] and len(path) >= 3 and path[1] < path[-1]:
                found.append(list(path))  # each cycle once: its direction fixed by path[1]
            elif t > path[0] and t not in on_path:
                path.append(t)
                on_path.add(t)
                extend(path, on_path)
                on_path.discard(t)
                path.pop()

    for s in sorted(stones):
        extend([s], {s})
    return found


def loops_by_brute_force(game, p):
    """Lengths of every loop of the group at p: its simple cycles that enclose a point of the
    board that is not in the group."""
    group = game.group(p)
    members = set(group)
    outside = [q for q in game.grid.points if q not in members]
    lengths = []
    for cycle in simple_cycles(game, group):
        for q in outside:
            if encloses(game, cycle, q):
                lengths.append(len(cycle))
                break
    lengths.sort()
    return lengths


def holes_by_flood(game, p):
    """Regions of points not in the group at p that do not reach the board's edge."""
    members = set(game.group(p))
    seen = set()
    holes = 0
    for start in game.grid.points:
        if start in members or start in seen:
            continue
        region = [start]
        seen.add(start)
        edge = False
        for q in region:
            edge = edge or len(game.grid.neighbours(q)) < 6
            for t in game.grid.neighbours(q):
                if t not in members and t not in seen:
                    seen.add(t)
                    region.append(t)
        holes += not edge
    return holes


def is_loop(game, cycle, p):
    """cycle is a simple cycle of stones of the group at p enclosing a point not in it."""
    group = set(game.group(p))
    if len(set(cycle)) != len(cycle) or not all(s in group for s in cycle):
        return False
    for i in range(len(cycle)):
        if cycle[i - 1] not in game.grid.neighbours(cycle[i]):
            return False
    return any(encloses(game, cycle, q) for q in game.grid.points if q not in group)


def point(game, name):
    return game.parse(name)


def value_of(game, name):
    return game.group_value(game.parse(name))


# -- the board (4.1.1) ------------------------------------------------------------------------


def test_sizes_points_and_neighbours():
    assert Loupe.sizes == (7, 9, 11) and Loupe().size == 9
    assert [Loupe(n).grid.count for n in (7, 9, 11)] == [127, 217, 331]
    raises(GameError, Loupe, 8)
    game = Loupe(7)
    assert names(game, game.grid.neighbours(point(game, "g7"))) == sorted(
        ["f6", "f7", "g6", "g8", "h6", "h7"])
    assert len(game.grid.neighbours(point(game, "a1"))) == 3
    assert new_game("loupe").key == "loupe"


def test_the_legality_table_follows_its_rule():
    # loupe._LEGAL, a constant, indexed by the packed cell byte (colour in bits 0-1, black
    # neighbours in bits 2-4, white ones from bit 5): for an empty cell with b black and w white
    # neighbours, bit 1 is w <= b (Black may play), bit 2 b <= w (White may), bits 4 and 8 the
    # same with one more of the mover's own stones next to it; a stone or sentinel has none.
    from stones.engine.loupe import rules as loupe

    for v in range(256):
        b, w = v >> 2 & 7, v >> 5
        want = 0
        if v & 3 == 0:
            want = (w <= b) | (b <= w) << 1 | (w <= b + 1) << 2 | (b <= w + 1) << 3
        assert loupe._LEGAL[v] == want, v
    assert len(loupe._LEGAL) == 256


# -- P1, P2, P4: loops, surplus, values --------------------------------------------------------

P1_RING = "f6 f7 g6 g8 h6 h7"


def test_p1_one_six_loop_and_one_loopless_group():
    game = position(Loupe(7), black=P1_RING + " b2 b3 b4")
    ring = point(game, "f6")
    assert game.loop_length(ring) == 6 and value_of(game, "f6") == 6
    assert names(game, game.shortest_loop(ring)) == sorted(P1_RING.split())
    assert game.loop_length(point(game, "b3")) == 0 and value_of(game, "b2") == -3
    assert game.shortest_loop(point(game, "b4")) == []
    assert game.value_lists() == ([6, -3], []) and game.group_values(BLACK) == [6, -3]
    assert [value for value, _ in game.values(BLACK)] == [6, -3]
    assert game.values(WHITE) == []
    assert loops_by_brute_force(game, ring) == [6]
    assert loops_by_brute_force(game, point(game, "b2")) == []
    compound = position(Loupe(7, modality="compound"), black=P1_RING + " b2 b3 b4")
    assert compound.result().lines[-1] == ("Score", 3, 0)
    # the 0 reading (C5)
    zero = position(Loupe(7, empty_group_value="zero", modality="compound"),
                    black=P1_RING + " b2 b3 b4")
    assert zero.value_lists() == ([6, 0], [])
    assert zero.result().lines[-1] == ("Score", 6, 0)


def test_p2_surplus_stones():
    game = position(Loupe(7), black=P1_RING + " g9 g10")
    p = point(game, "g9")
    assert game.loop_length(p) == 6 and game.stones[game.root[p]] == 8
    assert value_of(game, "g10") == 6 - 2
    assert names(game, game.shortest_loop(p)) == sorted(P1_RING.split())


P4 = "f6 f7 g6 g8 g9 h6 h7 h9 i7 i8"


def test_p4_two_loops_sharing_two_stones():
    game = position(Loupe(7), black=P4)
    p = point(game, "f6")
    assert game._holes(game.root[p]) == 2 == holes_by_flood(game, p)
    for hole in ("g7", "h8"):  # holes {g7} and {h8}: each has six black neighbours
        assert game.cell[point(game, hole)] >> 2 & 7 == 6
    # loops of length 6, 6 and an outer 10-cycle round both
    assert loops_by_brute_force(game, p) == [6, 6, 10]
    assert game.loop_length(p) == 6
    assert value_of(game, "i8") == 6 - 4  # the second ring's four own stones are surplus
    loop = game.shortest_loop(p)
    assert len(loop) == 6 and is_loop(game, loop, p)
    ring1 = sorted(P1_RING.split())
    ring2 = sorted("g8 g9 h7 h9 i7 i8".split())
    assert names(game, loop) in (ring1, ring2)
    assert "g8" in ring2 and "h7" in ring2 and "g8" in ring1 and "h7" in ring1  # shared


# -- P9: the placement restriction, stone by stone (4.1.3, C6) --------------------------------


def p9():
    game = position(Loupe(7), black="g6", white="f6 f7")
    game.set_turn(BLACK)  # Black to play a turn of two stones
    return game


def test_p9_first_stone():
    game = p9()
    g7 = game.cell[point(game, "g7")]
    assert (g7 >> 5, g7 >> 2 & 7) == (2, 1)  # enemy f6 f7, friendly g6
    assert game.reason(point(game, "g7")) == OUTNUMBERED
    assert game.reason(point(game, "g8")) == OUTNUMBERED  # enemy f7 = 1 > 0
    error = raises(IllegalMove, game.play_text, "g7")
    assert error.code == OUTNUMBERED and "g7" in str(error) and "enemy" in str(error)
    assert game.reason(point(game, "h7")) == 0


def test_p9_the_order_of_the_two_stones_matters():
    game = p9()
    game.play_text("h7")
    assert game.to_move == BLACK and game.stones_left() == 1
    assert game.legal(point(game, "g7"))  # enemy 2, friendly g6 + h7 = 2
    game.play_text("g7")
    assert game.to_move == WHITE and game.stones_left() == 2
    # "g7, h7" is not a turn: g7 cannot be the first stone
    game = p9()
    assert raises(IllegalMove, game.play_text, "g7").code == OUTNUMBERED


def test_p9_for_white():
    game = position(Loupe(7), black="g6", white="f6 f7")
    game.set_turn(WHITE)
    assert game.legal(point(game, "g7"))  # enemy 1, friendly 2
    assert game.reason(point(game, "g5")) == OUTNUMBERED  # enemy g6 = 1 > 0


def test_occupied_and_off_board():
    game = p9()
    assert game.reason(point(game, "g6")) == OCCUPIED
    assert raises(GameError, game.play_text, "z9")


# -- turns (4.1.2, 4.1.5, C7) -------------------------------------------------------------------


def test_turn_structure_one_stone_then_two_each():
    game = Loupe(7)
    assert game.to_move == BLACK and game.stones_left() == 1 and game.can_pass()
    assert game.turn_size() == 1
    game.play_text("g7")
    assert game.to_move == WHITE and game.stones_left() == 2 and game.can_pass()
    assert game.turn_size() == 2
    game.play_text("a1")
    assert game.to_move == WHITE and game.stones_left() == 1 and not game.can_pass()
    error = raises(IllegalMove, game.play, PASS)
    assert error.code == MID_TURN and "second stone is due" in str(error)
    assert "second stone" in str(error) and game.REASONS[MID_TURN] in str(error)
    assert game.reason(PASS) == MID_TURN
    game.play_text("a2")
    assert game.to_move == BLACK and game.stones_left() == 2
    game.play_text("m1")
    game.play_text("m2")
    assert game.to_move == WHITE and game.stones_left() == 2
    assert [game.entry(i)[0] for i in range(game.count)] == [BLACK, WHITE, WHITE, BLACK, BLACK]
    turns = []  # each stone's turn state comes back with its undo: colour, stone of the turn
    while game.count:
        game.undo()
        turns.append((game.to_move, game.turn_size() - game.stones_left() + 1, game.turn_size()))
    assert turns[::-1] == [(BLACK, 1, 1), (WHITE, 1, 2), (WHITE, 2, 2), (BLACK, 1, 2),
                           (BLACK, 2, 2)]


def test_undo_goes_back_one_stone_at_a_time():
    game = Loupe(7)
    states = [game.state()]
    for move in ("g7", "a1", "a2", "pass", "m1", "m2"):
        game.play_text(move)
        states.append(game.state())
    while game.count:
        states.pop()
        game.undo()
        assert game.state() == states[-1]
    assert game.stones_left() == 1 and game.to_move == BLACK
    raises(GameError, game.undo)


def test_two_passing_turns_end_the_game():
    game = Loupe(7)
    game.play(PASS)  # Black may pass instead of the opening stone
    assert not game.over and game.to_move == WHITE and game.stones_left() == 2
    game.play_text("g7")
    game.play_text("g8")
    game.play(PASS)
    assert not game.over
    game.play_text("a1")
    game.play_text("a2")
    game.play(PASS)
    assert not game.over and game.to_move == WHITE
    game.play(PASS)
    assert game.over and not game.can_pass() and game.legal_moves() == []
    assert "over" in str(raises(IllegalMove, game.play_text, "m1"))
    game.undo()
    assert not game.over and game.to_move == WHITE


def test_a_first_stone_needs_a_legal_second_stone():
    # White's only legal point is a1 (white a2, b1; black b2); the other empty point g7 has six
    # black neighbours. After a1 nothing is legal for White: a1 is refused (C7) and White can
    # only pass. Black cannot play a1 either (enemy 2 > friendly 1): the game ends.
    game = full_board("a1 g7", white="a2 b1")
    game.set_turn(WHITE)
    assert game.reason(point(game, "a1")) == NO_SECOND_STONE
    assert "second stone" in str(raises(IllegalMove, game.play_text, "a1"))
    assert game.reason(point(game, "g7")) == OUTNUMBERED
    assert game.legal_moves() == [] and game.can_pass()
    game.playout(5, 1)
    assert game.last_move() == PASS and game.to_move == BLACK
    # Black may play g7 but nothing after it (a1: enemy 2 > friendly 1): Black passes too
    assert game.reason(point(game, "g7")) == NO_SECOND_STONE and game.legal_moves() == []
    game.playout(5)
    assert game.over and [game.entry(i)[1] for i in range(game.count)] == [PASS, PASS]
    # Made empty, a2 is illegal for White (enemy b2 b3 = 2 > a3 = 1) until a1 is White's.
    game = full_board("a1 a2 g7", white="a3 b1")
    game.set_turn(WHITE)
    assert game.reason(point(game, "a2")) == OUTNUMBERED
    assert names(game, game.legal_moves()) == ["a1"]
    game.play_text("a1")
    game.play_text("a2")
    # With two legal points each may come first: neither needs the other.
    game = full_board("a1 m7 g7", white="a2 b1 m6 l7")
    game.set_turn(WHITE)
    assert names(game, game.legal_moves()) == ["a1", "m7"]


def test_the_opening_stone_needs_no_second_stone():
    game = full_board("a1 g7", white="", black="a2 b1", colour=WHITE)
    assert game.stones_left() == 2  # set-up stones mean play is under way: two-stone turns
    game.phase = 2  # put Black's one-stone opening back, to test it on a crowded board
    assert game.to_move == BLACK and game.stones_left() == 1
    assert names(game, game.legal_moves()) == ["a1"]
    game.play_text("a1")
    assert game.to_move == WHITE


def full_board(empty, white="", black="", colour=BLACK):
    """A side-7 board filled with colour's stones but for the empty points and the named ones."""
    game = Loupe(7)
    gaps = set(game.parse(name) for name in (empty + " " + white + " " + black).split())
    stones = [(colour, p) for p in game.grid.points if p not in gaps]
    stones += [(WHITE, game.parse(name)) for name in white.split()]
    stones += [(BLACK, game.parse(name)) for name in black.split()]
    game.set_position(stones)
    return game


def test_after_set_up_stones_every_turn_is_two_stones():
    game = position(Loupe(7), black="g7", white="a1")
    assert game.to_move == BLACK and game.stones_left() == 2 and game.turn_size() == 2
    game.play_text("g8")
    game.play_text("g9")
    assert game.to_move == WHITE
    again = load_record(record(game))  # the record replays with the same turns
    assert again.state() == game.state()


def test_play_out_of_turn_starts_a_two_stone_turn():
    game = position(Loupe(7), black="g7")
    game.play_as(WHITE, game.parse("a1"))
    assert game.to_move == WHITE and game.stones_left() == 1
    game.play_as(WHITE, game.parse("a2"))
    game.play_as(WHITE, game.parse("a3"))  # out of turn again: a new turn of two
    assert game.to_move == WHITE and game.stones_left() == 1
    text = record(game)
    assert "moves W:a1 W:a2 W:a3" in text
    assert load_record(text).state() == game.state()


# -- loops (4.1.6, C2-C4, C10) -----------------------------------------------------------------


def test_a_ring_filled_with_own_stones_is_no_loop():
    game = position(Loupe(7), black=P1_RING + " g7")
    assert game.loop_length(point(game, "g7")) == 0 and value_of(game, "g7") == -7
    assert game._holes(game.root[point(game, "g7")]) == 0
    # with an enemy stone inside it is a loop (C10)
    game = position(Loupe(7), black=P1_RING, white="g7")
    assert value_of(game, "f6") == 6 and value_of(game, "g7") == -1


def test_the_board_edge_never_closes_a_loop():
    game = position(Loupe(7), black="a1 b2 b3 a3")  # round the edge point a2
    assert game.loop_length(point(game, "a1")) == 0 and value_of(game, "a1") == -4
    assert game._holes(game.root[point(game, "a1")]) == 0
    # a ring touching the edge, round a point one row in, is a loop
    game = position(Loupe(7), black="a1 a2 b1 b3 c2 c3")
    assert game.loop_length(point(game, "a1")) == 6


def test_three_mutually_adjacent_stones_are_no_loop():
    game = position(Loupe(7), black="g7 g8 h7")
    assert game.loop_length(point(game, "g7")) == 0 and value_of(game, "g7") == -3


def test_a_ring_round_two_points_and_one_round_three():
    game = position(Loupe(7), black="f6 f7 f8 g6 g9 h6 h7 h8", white="g7")
    p = point(game, "f6")
    assert game.loop_length(p) == 8 and value_of(game, "f6") == 8
    loop = game.shortest_loop(p)
    assert len(loop) == 8 and is_loop(game, loop, p)
    # three mutually adjacent points g7 g8 h7 in a ring of nine
    game = position(Loupe(7), black="f6 f7 f8 g6 g9 h6 h8 i6 i7")
    p = point(game, "i7")
    assert game.loop_length(p) == 9 and loops_by_brute_force(game, p) == [9]
    assert is_loop(game, game.shortest_loop(p), p)


def test_many_loop_groups():
    # rings round a point (d4), a pair (f7 f8) and a triangle (i4 i5 j4), joined in one group:
    #  c     . . X X . . . . .
    #  d    . . X . X . . . . .
    #  e   . . . X X X X X . . .
    #  f  . . . . . X . . X . . .
    #  g . . . . . . X X X . . . .
    #  h  . . . X X X . . . . . .
    #  i   . . X . . X . . . . .
    #  j    . . X . X . . . . .
    #  k     . . X X . . . . .
    black = "c3 c4 d3 d5 e4 e5 e6 e7 e8 f6 f9 g7 g8 g9 h4 h5 h6 i3 i6 j3 j5 k3 k4"
    game = position(Loupe(7), black=black)
    p = point(game, "c3")
    assert game.stones[game.root[p]] == 23
    assert game._holes(game.root[p]) == holes_by_flood(game, p) == 3
    assert game.loop_length(p) == 6 and value_of(game, "k4") == 12 - 23  # the 6-ring decides
    assert names(game, game.shortest_loop(p)) == sorted("c3 c4 d3 d5 e4 e5".split())
    # without the 6-ring (d4 filled): the pair's ring of 8 beats the triangle's ring of 9
    game = position(Loupe(7), black=black + " d4")
    assert game._holes(game.root[p]) == holes_by_flood(game, p) == 2
    assert game.loop_length(p) == 8 and value_of(game, "d4") == 16 - 24
    loop = game.shortest_loop(p)
    assert names(game, loop) == sorted("e6 e7 e8 f6 f9 g7 g8 g9".split()) and is_loop(game, loop, p)


def test_many_holes_without_a_six_ring():
    # a ring of 8 round two white stones and a ring of 10 round the empty line i4 i5 i6
    #  e   . . . . . X X X . . .
    #  f  . . . . . X O O X . . .
    #  g . . . . . . X X X . . . .
    #  h  . . . X X X X . . . . .
    #  i   . . X . . . X . . . .
    #  j    . . X X X X . . . .
    black = "e6 e7 e8 f6 f9 g7 g8 g9 h4 h5 h6 h7 i3 i7 j3 j4 j5 j6"
    game = position(Loupe(7), black=black, white="f7 f8")
    p = point(game, "h4")
    assert game._holes(game.root[p]) == holes_by_flood(game, p) == 2
    assert game.loop_length(p) == 8 and value_of(game, "h4") == 16 - 18
    assert is_loop(game, game.shortest_loop(p), p)
    game = position(Loupe(7), black=black + " f7", white="f8")  # now a 6-ring round f8
    assert game.loop_length(p) == 6
    game = position(Loupe(7), black=black + " f7 f8")  # only the 10-ring is left
    assert game.loop_length(p) == 10 and value_of(game, "h4") == 20 - 20
    loop = game.shortest_loop(p)
    assert names(game, loop) == sorted("h4 h5 h6 h7 i3 i7 j3 j4 j5 j6".split())
    assert is_loop(game, loop, p)


def test_nested_groups():
    # a black ring of 12 round a white 6-ring round a black stone
    black = "e5 e6 e7 f5 f8 g5 g9 h5 h8 i5 i6 i7 g7"
    white = P1_RING
    game = position(Loupe(7), black=black, white=white)
    assert value_of(game, "g7") == -1  # the stone inside, alone
    assert value_of(game, "f6") == 6
    outer = point(game, "e5")
    assert game.stones[game.root[outer]] == 12 and game.loop_length(outer) == 12
    assert value_of(game, "e5") == 12
    assert is_loop(game, game.shortest_loop(outer), outer)
    assert game.value_lists() == ([12, -1], [6])


def test_least_loop_is_a_lower_bound():
    # Every simple cycle of up to 9 points whose top-left point is the centre of the side-9
    # board (by translation, every such cycle shape), with the points it encloses.
    game = Loupe(9)
    centre = point(game, "i9")
    near = set([centre])
    for _ in range(5):
        near.update([t for s in near for t in game.grid.neighbours(s)])
    fewest = {}

    def extend(path, on_path):
        for t in game.grid.neighbours(path[-1]):
            if t == centre and len(path) >= 3 and path[1] < path[-1]:
                inside = sum(1 for q in near if q not in on_path and encloses(game, path, q))
                if inside not in fewest or len(path) < fewest[inside]:
                    fewest[inside] = len(path)
            elif t > centre and t not in on_path and len(path) < 9:
                path.append(t)
                on_path.add(t)
                extend(path, on_path)
                on_path.discard(t)
                path.pop()

    extend([centre], set([centre]))
    assert sorted(fewest.items()) == [(0, 3), (1, 6), (2, 8), (3, 9)]  # 4 points need 10+
    assert [least_loop(n) for n in (1, 2, 3, 4, 20)] == [6, 8, 9, 10, 10]


def test_random_groups_against_brute_force():
    # Random black sets within two points of the centre of a side-7 board (19 points), white
    # stones scattered round them; every black group's loops checked by enumeration.
    rng = Rng(2024)
    game = Loupe(7)
    centre = point(game, "g7")
    region = [centre]
    for _ in range(2):
        for s in list(region):
            for t in game.grid.neighbours(s):
                if t not in region:
                    region.append(t)
    checked = 0
    for _ in range(40):
        black = [p for p in region if rng.below(100) < 62]
        white = [p for p in game.grid.points if p not in black and rng.below(100) < 25]
        game.set_position([(BLACK, p) for p in black] + [(WHITE, p) for p in white])
        for p in black:
            if game.root[p] != p or game.stones[p] > 12:
                continue
            loops = loops_by_brute_force(game, p)
            length = game.loop_length(p)
            assert length == (loops[0] if loops else 0), (names(game, game.group(p)), loops)
            assert game._holes(p) == holes_by_flood(game, p)
            if length:
                loop = game.shortest_loop(p)
                assert len(loop) == length and is_loop(game, loop, p)
            checked += 1
    assert checked > 40


# -- the result (4.1.7, C8, C9, options) -------------------------------------------------------


def two_rings(**settings):
    """Black and White 6-rings (n = 7); pass settings on."""
    return Loupe(7, **settings), P1_RING, "b2 b3 c2 c4 d3 d4"


def test_simple_modality_compares_pairs_in_order():
    game = position(Loupe(7), black=P1_RING + " m1", white="b2 b3 c2 c4 d3 d4 m7 m6 m5")
    assert game.value_lists() == ([6, -1], [6, -3])
    result = game.result()
    assert result.winner == BLACK and result.margin2 == 4 and result.gtp() == "B+2"
    assert result.lines[:2] == [("Group 1", 6, 6), ("Group 2", -1, -3)]
    # compound: 5 against 3
    game = position(Loupe(7, modality="compound"), black=P1_RING + " m1",
                    white="b2 b3 c2 c4 d3 d4 m7 m6 m5")
    assert game.result().gtp() == "B+2" and game.result().lines[-1] == ("Score", 5, 3)


def test_the_modalities_can_disagree():
    black = P1_RING + " m1 m2 m3"  # [6, -3], sum 3
    white = "b2 b3 c2 c4 d3 d4 e4"  # a ring round c3 and a tail: 6 - 1
    assert position(Loupe(7), black=black, white=white).result().gtp() == "B+1"
    assert position(Loupe(7, modality="compound"), black=black, white=white).result().gtp() == "W+2"


def test_draws_in_both_modalities():
    for modality in ("simple", "compound"):
        game = Loupe(7, modality=modality)
        game.play(PASS)
        game.play(PASS)
        result = game.result()  # no stones at all
        assert result.winner == 0 and result.gtp() == "0" and result.text() == "Draw"
        game, black, white = two_rings(modality=modality)
        position(game, black=black + " m1", white=white + " m7")
        assert game.value_lists() == ([6, -1], [6, -1])
        assert game.result().winner == 0
    # compound: equal sums from different lists
    game, black, white = two_rings(modality="compound")
    position(game, black=black + " m1 m2", white=white + " m7 k1")  # 6 - 2 = 6 - 1 - 1
    assert game.result().winner == 0 and game.result().lines[-1] == ("Score", 4, 4)


def test_simple_modality_when_a_list_runs_out():
    game, black, white = two_rings()
    position(game, black=black, white=white + " m7")  # [6] against [6, -1]
    result = game.result()
    assert result.winner == 0 and result.gtp() == "0" and "ran out" in result.note
    game, black, white = two_rings(runout="longer")
    position(game, black=black, white=white + " m7")
    result = game.result()
    assert result.winner == WHITE and result.tiebreak and result.gtp() == "W+0"
    assert result.lines[-1] == ("Group 2", "-", -1)
    # the longer list wins even when its extra group is worth less than nothing
    game, black, white = two_rings(runout="longer")
    position(game, black=black + " m1 m3", white=white + " m7")
    assert game.result().winner == BLACK


def test_options_and_records():
    assert [option.key for option in Loupe.options] == ["modality", "empty_group_value", "runout"]
    assert Loupe().settings == {"modality": "simple", "empty_group_value": "minus-n",
                                "runout": "draw"}
    raises(GameError, Loupe, 9, modality="both")
    raises(GameError, Loupe, 9, empty_group_value="-1")
    raises(GameError, Loupe, 9, colour="red")
    game = Loupe(7, modality="compound", empty_group_value="zero", runout="longer")
    for move in ("g7", "a1", "a2", "pass", "m1", "m2", "pass", "pass"):
        game.play_text(move)
    text = record(game)
    assert "modality compound" in text and "empty_group_value zero" in text
    assert "runout longer" in text
    again = load_record(text)
    assert again.state() == game.state() and record(again) == text and again.over
    assert again.result().gtp() == game.result().gtp()
    raises(GameError, load_record, "game loupe\nsize 7\nmoves B:g7 W:a1 W:pass\nend\n")
    raises(GameError, load_record, "game loupe\nsize 8\nend\n")


# -- random games --------------------------------------------------------------------------


def random_game(game, rng, check, moves=400):
    """Uniform over legal stones, an occasional pass where a pass may replace the turn;
    check(game, state before) after every move."""
    while not game.over and game.count < moves:
        legal = game.legal_moves()
        if not legal or (game.can_pass() and rng.below(30) == 0):
            move = PASS
        else:
            move = legal[rng.below(len(legal))]
        before = game.state()
        game.play(move)
        check(game, before)


def test_random_games_undo_counts_groups_and_placement():
    def check(game, before):
        after = game.state()
        p = game.last_move()
        if p:
            v = game.cell[p]
            c = v & 3
            friends, enemies = (v >> 2 & 7, v >> 5) if c == BLACK else (v >> 5, v >> 2 & 7)
            assert enemies <= friends  # each stone at its placement (the counts exclude p)
        cell = game.cell
        for q in game.grid.points:  # the packed cell bytes and the groups
            x = cell[q] & 3
            around = [cell[t] & 3 for t in game.grid.neighbours(q)]
            assert cell[q] >> 2 & 7 == around.count(BLACK) and cell[q] >> 5 == around.count(WHITE)
            if x:
                for t in game.grid.neighbours(q):
                    assert cell[t] & 3 != x or game.root[t] == game.root[q]
        game.undo()
        assert game.state() == before
        game.play(game.entry(game.count)[1])  # the undone move's word is still there
        assert game.state() == after

    rng = Rng(99)
    for _ in range(2):
        game = Loupe(7)
        random_game(game, rng, check)
        assert game.over
        again = load_record(record(game))
        assert again.state() == game.state()


def test_playout_follows_the_policy():
    game = Loupe(7)
    seed = 4
    while not game.over:
        c = game.to_move
        left = game.stones_left()
        seed = game.playout(seed, 1)
        move = game.last_move()
        game.undo()
        if move:
            assert game.legal(move)  # placement rule and C7 for a first stone
        else:
            assert game.can_pass() and left == 2 and game.legal_moves() == []
        game.play_as(c, move)
    assert game.count <= 3 * 127 // 2 + 2 < game.cap


def test_playout_reaches_every_legal_first_stone():
    game = full_board("a1 m7 g7", white="a2 b1 m6 l7")
    game.set_turn(WHITE)
    start = game.state()
    seen = set()
    seed = 1
    for _ in range(40):
        seed = game.playout(seed, 1)
        seen.add(game.last_move())
        game.undo()
    assert names(game, seen) == ["a1", "m7"] and game.state() == start


def test_playout_games_end_with_a_full_board_of_scored_groups():
    for size in (7, 9, 11):
        game = Loupe(size)
        game.playout(size)
        assert game.over and game.passes == 2
        black, white = game.value_lists()
        assert len(black) + len(white) > 0
        assert sum(game.stones[g] for _, g in game.values(BLACK)) == game.count_stones(BLACK)


def test_words_stay_small_ints():
    # history words (move | turn state << 9) for the largest board, and the search's tables
    game = Loupe(11)
    assert game.grid.length < 512 and game.cap < 65536
    largest = 511 | (WHITE | 2 << 2 | 2 << 4) << 9
    assert largest < 65536 < 2 ** 30
    assert 2 * game.grid.length < 65536  # (stone, parity) state numbers
    # a search stops at depth best // 2 with best <= stones + 1: distance + 1 fits a byte
    assert (game.grid.count + 1) // 2 + 1 < 256
    edge = [p for p in game.grid.points if len(game.grid.neighbours(p)) < 6]
    game.set_position([(BLACK, p) for p in edge])  # a ring of 60 round 271 points
    p = game.parse("a1")
    assert game.loop_length(p) == 60 and names(game, game.shortest_loop(p)) == names(game, edge)
    # and filled but for the middle row's 19 inner points: the loop hugs the row
    game.set_position([(BLACK, p) for p in game.grid.points if p in edge
                       or game.grid.axial(p)[1] != 0])
    assert game.loop_length(p) == 2 * 19 + 4
