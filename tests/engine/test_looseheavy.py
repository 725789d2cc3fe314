"""Loose's playout knowledge (issue 11): _true_liberty and _reply against slow versions written
from the rules (docs/rules.md, Loose), on the positions of random games and by hand. Runs on
CPython and on MicroPython."""

from support import playout_positions, position

from stones.engine.game import BLACK, WHITE
from stones.engine.loose import KNOWLEDGE, PRIORS, REPLY, Loose


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
    assert Loose.knowledge == KNOWLEDGE == PRIORS  # REPLY did not earn its place (loose.py)
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
