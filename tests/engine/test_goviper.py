"""Go's viper move loop (goviper.py) against the reference, go.Go._run.

On MicroPython with a native emitter (the unix port here, a Pico on the device) Go's playouts
and checked moves run goviper.run; here both loops start from the same positions and must leave
every table the same: the same random moves from the same seeds under each piece of knowledge,
the same checked moves refused for the same reasons. On CPython there is no viper, and Go plays
its own loop. (tests/host/test_native.py plays whole games through the device build as well.)
"""

from support import playout_positions

from stones.compat import MICROPYTHON
from stones.engine.go import ATARI, KNOWLEDGE, PATTERNS, SELF_ATARI, Go
from stones.engine.rng import Rng


def state(game):
    """Everything a move may change, as one comparable value."""
    n = game.n_empty
    return (bytes(game.cell), list(game.root), list(game.link), list(game.libs),
            bytes(game.stones), sorted(game.empty[i] for i in range(n)), n, game.top,
            game.count, list(game.history[i] for i in range(game.count)),
            list(game.log[i] for i in range(game.top)), game.ko, game.to_move, game.passes,
            game.over, list(game.prisoners))


def pair(size, knowledge, moves, seed):
    """Two copies of a position reached by moves heavy random moves, to play by the reference
    (the first) and by the viper loop (the second)."""
    games = []
    for _ in range(2):
        game = Go(size, komi="6.5")
        game.fast = False
        game.playout(seed, moves)  # by the reference: the same start for both
        game.knowledge = knowledge
        games.append(game)
    return games


def viper_loop(size):
    game = Go(size)
    game.prepare()
    return game._fast()


def test_where_the_viper_loop_plays():
    game = Go(9)
    game.playout(1)
    if not MICROPYTHON:
        assert game.fast is False and game.over  # CPython: the reference loop played it
        return
    assert viper_loop(9) is not None and viper_loop(13) is not None
    assert viper_loop(19) is False  # its stones and where tables are words, not bytes


def test_random_playouts_match_the_reference():
    if not MICROPYTHON:
        return
    fast = viper_loop(9)
    rng = Rng(11)
    compared = 0
    for size in (9, 13):
        for knowledge in (0, ATARI, PATTERNS, SELF_ATARI, KNOWLEDGE):
            for _ in range(6):
                reference, viper = pair(size, knowledge, 1 + rng.below(60), rng.next())
                reference.prepare()
                viper.prepare()
                seed = rng.next() & 0x3FFFFFFF or 1
                limit = 5 + rng.below(200)
                x = reference._run(0, limit, seed)
                assert fast(viper, 0, limit, seed) == x
                assert state(viper) == state(reference), (size, knowledge, seed)
                compared += reference.count
    assert compared > 2000  # long playouts, not games that ended at once


def test_checked_moves_match_the_reference():
    """Every point tried on positions met along heavy playouts: refused or played alike."""
    if not MICROPYTHON:
        return
    fast = viper_loop(9)
    refused = played = 0
    for size in (9, 13):
        for reference in playout_positions(lambda size=size: Go(size), 6, size, 10, 80):
            viper = Go(size)
            viper.fast = False
            for i in range(reference.count):
                viper._run(reference.history[i] & 0x1FF, 0, 0)
            assert state(viper) == state(reference)
            for p in range(len(reference.cell)):
                code = reference._run(p, 0, 0)
                assert fast(viper, p, 0, 0) == code, (size, p)
                assert state(viper) == state(reference)
                if code:
                    refused += 1
                else:
                    played += 1
                if reference.over:
                    break
    assert refused > 100 and played > 100
