"""Go's viper move loop (goviper.py) against the reference, go.Go._run.

On MicroPython with a native emitter (the unix port here, a Pico on the device) Go's playouts
and checked moves run goviper.run; here both loops start from the same positions and must leave
every table the same: the same random moves from the same seeds under each piece of knowledge,
the same checked moves refused for the same reasons. On CPython there is no viper, and Go plays
its own loop. (tests/host/test_native.py plays whole games through the device build as well.)
"""

from support import viper_matches

from stones.compat import MICROPYTHON
from stones.engine.go import ATARI, KNOWLEDGE, PATTERNS, SELF_ATARI, Go

TABLES = ("cell", "root", "link", "libs", "stones", "where", "prisoners")


def test_where_the_viper_loop_plays():
    game = Go(9)
    game.playout(1)
    assert game.over
    if not MICROPYTHON:
        assert game.viper is False  # CPython: the reference loop played it
        return
    for size in (9, 13, 19):
        game = Go(size)
        game.prepare()
        assert bool(game.viper) == (size < 19)  # 19x19: stones and where are words, not bytes


def test_the_viper_loop_plays_as_the_reference():
    if not MICROPYTHON:
        return
    for size in (9, 13):
        moves, refused = viper_matches(lambda size=size: Go(size, komi="6.5"), TABLES,
                                       (0, ATARI, PATTERNS, SELF_ATARI, KNOWLEDGE), 3, size)
        assert moves > 2000 and refused > 300  # long playouts, many checked moves refused


def test_the_viper_count_scores_as_the_reference():
    """goviper.margin2 and placed2 (the count at the end of each playout) against go.Go's own,
    on random positions from the middle to the end of games, territory and area, with komi and
    prisoners."""
    if not MICROPYTHON:
        return
    from stones.engine.rng import Rng

    rng = Rng(11)
    seen = set()
    for size in (9, 13):
        for scoring in ("territory", "area"):
            for i in range(12):
                game = Go(size, komi="6.5" if i % 2 else "0", scoring=scoring)
                game.prepare()
                start = rng.below(30)
                game.playout(rng.next() & 0x3FFFFFFF or 1, start)
                game.knowledge = KNOWLEDGE if i % 3 else 0
                game.playout(rng.next() & 0x3FFFFFFF or 1, 20 + rng.below(400))
                run = game.viper
                fast = (game.margin2(), game.playout_winner(start), bytes(game.before))
                game.viper = False
                slow = (game.margin2(), game.playout_winner(start), bytes(game.before))
                game.viper = run
                assert fast == slow, (size, scoring, i)
                seen.add((fast[0] > 0, fast[0] < 0, game.over))
    assert len(seen) >= 4  # both signs, games over and in progress


def test_the_viper_priors_weigh_as_the_reference():
    """goviper.priors (the tree's learnt priors, every candidate's features inlined) against
    gofeatures.priors, on random positions from the empty board to the end of games, both
    colours to move, 9x9 and 13x13: the same candidates in the same order, the same priors,
    the same escape flag."""
    if not MICROPYTHON:
        return
    from stones.compat import octets, zeros
    from stones.engine.rng import Rng

    rng = Rng(5)
    moves = zeros(200)  # as the search holds them: words and bytes
    priors = octets(bytes(200))
    seen = set()
    for size in (9, 13):
        for i in range(150):
            game = Go(size)
            game.prepare()
            game.knowledge = KNOWLEDGE if i % 2 else 0
            game.playout(rng.next() & 0x3FFFFFFF or 1, rng.below(size * size + 40))
            if game.over:
                continue
            assert game.viper
            for j in range(len(moves)):
                moves[j] = priors[j] = 0
            n = game.counts.priors(game, moves, priors)
            fast = (n, bytes(moves), bytes(priors))
            for j in range(len(moves)):
                moves[j] = priors[j] = 0
            n = game.learnt.priors(game, moves, priors)
            assert fast == (n, bytes(moves), bytes(priors)), (size, i)
            seen.add((size, game.to_move, n < 0))
    assert len(seen) == 8  # both sizes, both colours, with and without an escape
