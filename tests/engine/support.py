"""Helpers shared by the engine tests, in the subset of Python that MicroPython runs.

The files in tests/engine run twice: under pytest on CPython, and under the real MicroPython unix
port (tests/mp_run.py) from source and from mpy-cross output. So no pytest fixtures, no
pytest.raises, no f-strings with '=' and nothing from the standard library MicroPython lacks.
"""


def raises(error_type, function, *args, **kwargs):
    """Call function(*args, **kwargs), require it to raise error_type, and return the error."""
    try:
        function(*args, **kwargs)
    except error_type as error:
        return error
    raise AssertionError("%s was not raised" % error_type.__name__)


def playout_positions(make, count, seed, least, spread):
    """Positions met along the game's own playouts: count fresh games from make(), each stopped
    after least + a random number below spread moves (those that ended are left out)."""
    from stones.engine.rng import Rng

    rng = Rng(seed)
    for _ in range(count):
        game = make()
        game.playout(rng.next(), least + rng.below(spread))
        if not game.over:
            yield game


def position(game, black="", white=""):
    """Set up stones named as in docs/rules.md ('D5 F5 E6') on game, without rules."""
    stones = [(1, game.parse(name)) for name in black.split()]
    stones += [(2, game.parse(name)) for name in white.split()]
    game.set_position(stones)
    return game


def names(game, points):
    return sorted(game.grid.name(p) for p in points)


def stones_of(game, colour):
    return sorted(game.grid.name(p) for p in game.grid.points if game.colour(p) == colour)


def random_games(make_game, games, seed, check, moves=400):
    """Play `games` random games (uniform over legal moves and an occasional pass) and call
    check(game, before_state) after every move; before_state is game.state() before it."""
    from stones.engine.rng import Rng

    rng = Rng(seed)
    for _ in range(games):
        game = make_game()
        while not game.over and game.count < moves:
            legal = game.legal_moves()
            if not legal or rng.below(40) == 0:
                move = 0
            else:
                move = legal[rng.below(len(legal))]
            before = game.state()
            game.play(move)
            check(game, before)


class long_thinking:
    """A context in which game key's top Pico level thinks long enough for a test to press
    buttons meanwhile. A Pico spends about two seconds on that level's few playouts, but the
    simulator's fake clock gives each playout one 5 ms tick, so on MicroPython (where the Pico
    levels are the top ones) the reply would come within a single button press."""

    def __init__(self, key="go"):
        self.key = key
        self.cls = None
        self.saved = None

    def __enter__(self):
        from stones.engine.registry import game_class

        self.cls = game_class(self.key)
        self.saved = self.cls.pico_levels
        self.cls.pico_levels = tuple(self.saved[:-1]) + (self.saved[-1] * 20,)
        return self

    def __exit__(self, *exc):
        self.cls.pico_levels = self.saved
