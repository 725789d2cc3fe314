"""The rules engine: pure Python, no I/O, the same code on MicroPython and CPython.

Reading guide:

    grid.py      the padded mailbox shared by both board shapes (points, neighbours, names)
    square.py    SquareGrid: n x n points (Go, Loose)
    hexgrid.py   HexGrid: a hexagon of side n (Loupe, OffShore)
    game.py      the Game protocol every game implements, the packed cell byte, groups, undo log,
                 and the shapes every game answers in (Score, Result); read it first
    seldom.py    the Game methods play never calls (the end's count, records, set-ups, checks),
                 out of the class until first asked for (Game.__getattr__: a def costs heap);
                 gridseldom.py: the same for the grids (names and parsing, the diagram)
    go/ loose/ loupe/ offshore/   one package per game, each with its own reading guide:
                 rules.py, the game's class (the settings, one inlined move loop for play and
                 playouts, scoring, and the hooks the search and the screens call), and
                 viper.py, that move loop as viper code (MicroPython ports with a native
                 emitter), a line-for-line twin of its _run; Go's package also holds its end
                 of game, its learnt priors and their fitted tables. Nothing above the engine
                 imports a game's package (tests/host/test_one_door.py): the registry does
    gameviper.py searchviper.py   the viper twins of the shared code: the game's history loops
                 the search asks after each playout (Game.first_players, unmark_moves), and
                 the search's two inner loops. stones.compat.twin finds every twin where viper
                 compiles; each has a drift check against its Python original
                 (tests/engine/test_*viper.py)
    outcome.py   Score and Result, what a finished game comes to (imported at its end)
    clock.py     game clocks (sudden death, byo-yomi, Fischer): each side's time, told what
                 passed by whoever plays the game; the same for every game, no game's rule;
                 timecontrol.py: the kinds and times the setup offers (loaded without it)
    registry.py  the games: key, title, module, class, grid module; a game is imported only when
                 it is played, and adding a game is adding a package (or a module) and an entry
                 here
    search.py    the computer player: one Monte Carlo tree search for every game
    book.py      opening books: a position's key under the board's symmetries, and the book
                 move the search plays there without thinking (a game's books: Game.book)
    policy.py    the learned policies' forward pass, the same for every game (a small int8
                 convolutional net; a game's inputs are its package's policy.py, its weights
                 policyweights.py): the root's priors with the learned bit (Game.root_priors).
                 policyasm.py: its layers as Thumb machine code (a Pico); policyviper.py: as
                 viper code (other native ports); policynp.py: in numpy (CPython, a Raspberry
                 Pi; never on the Pico). tests/engine/test_policy.py and test_policyasm.py
                 hold each to the plain reference
    records.py   a game as text and back (saves, finished games, tests); sgf.py: Go's SGF
    snapshot.py  Game.state()'s work, for the tests alone
    rng.py       a 30-bit xorshift generator (every value stays a small int on the Pico)

The rules' readings (where a rule text is silent or ambiguous) are in docs/rules.md; the
engines cite them by label (A3, B5...).

A move is an int: a point's mailbox index, or PASS (0, always off the board). Colours are
BLACK = 1 and WHITE = 2; the opponent of c is 3 - c.
"""
