"""Loose's playout knowledge: _true_liberty and _reply against slow versions written
from the rules (docs/rules.md, Loose), on the positions of random games and by hand. Runs on
CPython and on MicroPython."""

from support import playout_positions, position

from stones.engine.game import BLACK, WHITE
from stones.engine.loose.rules import KNOWLEDGE, PRIORS, REPLY, Loose


def slow_true(game, t):
    """A true point: empty, and an empty neighbour or not both colours around it."""
    if game.colour(t):
        return False
    around = [game.colour(q) for q in game.grid.neighbours(t)]
    return 0 in around or not (BLACK in around and WHITE in around)


def slow_true_liberties(game, p):
    colour = game.colour(p)
    stones = [p]
    seen = {p}
    found = set()
    i = 0
    while i < len(stones):
        s = stones[i]
        i += 1
        for t in game.grid.neighbours(s):
            if game.colour(t) == colour and t not in seen:
                seen.add(t)
                stones.append(t)
            elif slow_true(game, t):
                found.add(t)
    return found


def positions(count, seed):
    """Positions along Loose's playouts: a fresh game stopped after 10 to 69 moves."""
    return playout_positions(Loose, count, seed, 10, 60)


def test_true_liberty_finds_the_groups_one_step_from_flipping():
    checked = ones = 0
    for game in positions(15, 3):
        for p in game.grid.points:
            if game.colour(p):
                found = slow_true_liberties(game, p)
                expected = list(found)[0] if len(found) == 1 else 0
                assert game._true_liberty(p) == expected, (game.diagram(), game.grid.name(p))
                checked += 1
                ones += expected != 0
    assert checked > 300 and ones > 10


def test_two_liberties_finds_the_groups_two_steps_from_flipping():
    checked = twos = 0
    for game in positions(15, 5):
        for p in game.grid.points:
            if game.colour(p):
                found = sorted(slow_true_liberties(game, p))
                packed = game._two_liberties(p)
                got = sorted(q for q in (packed & 0x1FF, packed >> 9) if q)
                expected = found if len(found) <= 2 else []
                assert got == expected, (game.diagram(), game.grid.name(p))
                checked += 1
                twos += len(found) == 2
    assert checked > 300 and twos > 10


def test_reply_flips_the_last_stones_group_when_it_has_one_true_liberty():
    # White's last stone B1 touches Black A1 and C1 and empty B2, which is true (its neighbour
    # B3 is empty): B1's only true liberty. Black filling B2 flips it.
    game = position(Loose(), black="A1 C1 A2 C2", white="E5")
    game.knowledge = REPLY
    game.play_as(WHITE, game.parse("B1"))
    assert slow_true_liberties(game, game.parse("B1")) == {game.parse("B2")}
    assert game._reply(game.parse("B1"), BLACK) == game.parse("B2")
    game.play(game.parse("B2"))
    assert game.colour(game.parse("B1")) == BLACK  # flipped


def test_reply_saves_an_own_group_by_extending():
    # Black A1 has one true liberty left, A2, after White's B1; A2 has two empty neighbours
    # (A3, B2): extending there saves it.
    game = position(Loose(), black="A1", white="E5")
    game.play_as(WHITE, game.parse("B1"))
    assert slow_true_liberties(game, game.parse("A1")) == {game.parse("A2")}
    game.knowledge = REPLY
    assert game._reply(game.parse("B1"), BLACK) == game.parse("A2")


def test_knowledge_bits_and_priors():
    assert Loose.knowledge == KNOWLEDGE == PRIORS  # REPLY did not earn its place (loose/rules.py)
    game = position(Loose(), black="A1 C1 A2 C2", white="E5")
    game.knowledge = REPLY | PRIORS
    game.play_as(WHITE, game.parse("B1"))
    moves = [0] * 81
    priors = [0] * 81
    n = game.candidates(moves, priors)
    best = max(range(n), key=lambda i: priors[i])
    assert moves[best] == game.parse("B2") and priors[best] > 128
    game.knowledge = 0  # version 0.1: all alike
    n = game.candidates(moves, priors)
    assert set(priors[:n]) == {128}


def test_heavy_playouts_are_reproducible():
    runs = []
    for _ in range(2):
        game = Loose()
        game.knowledge = REPLY
        game.playout(41)
        runs.append([game.entry(i) for i in range(game.count)])
    assert runs[0] == runs[1] and len(runs[0]) > 20


def prior_of(game, name):
    moves = [0] * 400
    priors = [0] * 400
    n = game.candidates(moves, priors)
    return dict((game.name(moves[i]), priors[i]) for i in range(n))[name]


def test_priors_shun_the_edge_while_the_board_is_open():
    # Empty 9x9 board: each line in from the edge is better, up to the fourth; the fourth and the
    # centre are alike (no line prior there).
    game = Loose()
    edge, second, third, fourth, centre = (prior_of(game, name) for name in ("A1", "B2", "C3",
                                                                             "D4", "E5"))
    assert edge < second < third < fourth == centre == 128
    # Late in the game (under a third of the board empty) the edge costs little: fill rows 3-9
    # but for a few eyes (Black rows 6-9, White rows 3-5) and ask about the first row.
    black = " ".join("%s%d" % (col, row) for row in (6, 7, 8, 9) for col in "ABCDEFGHJ"
                     if (col, row) not in (("B", 8), ("G", 8)))
    white = " ".join("%s%d" % (col, row) for row in (3, 4, 5) for col in "ABCDEFGHJ"
                     if (col, row) != ("E", 4))
    late = position(Loose(), black=black, white=white)
    assert late.n_empty * 3 < late.grid.count and late.line_stage() == 2
    assert game.line_stage() == 0
    assert edge < prior_of(late, "E1") < 128
    assert 128 - prior_of(late, "E1") < (128 - edge) // 4


def test_priors_favour_leaving_an_enemy_group_one_true_liberty():
    # White E5 between Black D5 and E6 has two true liberties, E4 and F5: Black on either leaves
    # it one (an atari of Loose's), worth more than a point beside it that does not (F6).
    game = position(Loose(), black="D5 E6", white="E5")
    assert slow_true_liberties(game, game.parse("E5")) == {game.parse("E4"), game.parse("F5")}
    game.set_turn(BLACK)
    assert prior_of(game, "E4") == prior_of(game, "F5") > prior_of(game, "F6")
    assert prior_of(game, "E4") - prior_of(game, "F6") == Loose.atari_prior
