"""The Game protocol is the only door between a game and the rest: nothing outside the engine
decides by a game's name, probes a game for attributes, imports a game's own module, reads the
packed cell byte, or unpacks its history words.

The check reads the sources as text, line by line (comments and docstrings included, so a
comment that quotes a branch counts too: write about it differently). The places where history
words or cell bytes may still be read directly are listed with the reason; the list of places
allowed to branch on a game's name is empty.

Imports follow one prefix rule: a place above the engine names no module of a game's package,
stones.engine.<key> or anything under it, for any key of the registry (an import, an __import__
string or a sys.modules name; `from stones.engine import <key>` too). A game's package holds
all that is the game's own: its rules, its viper twin, and Go's end of game, learnt priors and
fitted tables. Every folder of stones/engine is a game's package, and every module on top of it
is shared (DOORS), which a place above the engine may name: the protocol (game), the registry,
the outcome shapes, the record formats (records, sgf), the search and its viper twin
(searchviper), the opening books' reader (book), the board shapes and their cache (grid,
square, hexgrid), the generator (rng), the history loops' viper twin (gameviper), the game
clocks and their time controls (clock, timecontrol), the methods play never calls (seldom,
gridseldom), the learned policies' pass and its faster forms (policy, policyasm, policyviper,
policynp) and the tests' snapshot. The host tools
that fit one game's own tables (GAME_TOOLS) are the rule's one exception: they read that game's
positions as the game does.
"""

import os
import re

from host_tools.paths import FIRMWARE, ROOT
from stones.engine import registry

STONES = os.path.join(FIRMWARE, "stones")

# Everything that sits above the engine: the screens, the session, the search and the host tools.


def _modules(folder):
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder))
            if name.endswith(".py")]


def _tree(folder):
    found = []
    for here, dirs, _ in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in ("node_modules", "__pycache__"))
        found += _modules(here)
    return found


PLACES = (_modules(os.path.join(STONES, "ui")) + _modules(STONES)  # session, storage, boot
          + _modules(os.path.join(STONES, "drivers")) + _modules(os.path.join(STONES, "platforms"))
          + [os.path.join(FIRMWARE, "main.py"), os.path.join(STONES, "engine", "search.py"),
             os.path.join(STONES, "engine", "searchviper.py")]
          + _tree(os.path.join(ROOT, "host_tools")))

ENGINE_FOLDER = os.path.join(STONES, "engine")
# The shared modules on top of stones/engine (what each is: the docstring), and the games'
# packages, which no place above the engine names.
DOORS = tuple(sorted(name[:-3] for name in os.listdir(ENGINE_FOLDER)
                     if name.endswith(".py") and name != "__init__.py"))
GAME_PACKAGES = tuple(registry.keys())
ENGINE = re.compile(r"stones\.engine\.(\w+)")  # an import, an __import__ or sys.modules name
ENGINE_FROM = re.compile(r"from\s+stones\.engine\s+import\s+\(?([\w, ]+)")
# The tools that fit one game's own tables (stones/engine/go/prior.py says so) build that game's
# engine: they read Go positions as Go does. (host_tools/fit/patterns.py names no engine module.)
GAME_TOOLS = {
    "host_tools/fit/goprior.py": ("go",),
}
CELLS = (
    re.compile(r"\.cell\b"),  # the packed cell byte (game.py): colour and neighbour counts
    re.compile(r"\b_(COLOUR|BLACKS|WHITES|ONE_BLACK|ONE_WHITE)\b"),  # its fields (game.py)
)
# No place is allowed: the fuzzer's check of the engine's structures is the engine's own
# (Game.broken, stones/engine/snapshot.py).
CELLS_ALLOWED = ()

NAMES = "|".join(registry.keys())
BRANCHES = (
    # a game's name compared or tested for membership: == "go", "loupe" != x, in ("go", "loose")
    re.compile(r"""(==|!=)\s*["'](%s)["']|["'](%s)["']\s*(==|!=)""" % (NAMES, NAMES)),
    re.compile(r"""\bin\s*[(\[{][^)\]}]*["'](%s)["']""" % NAMES),
    re.compile(r"""\b(game|cls|self)\.key\s*(==|!=|in\b|not in\b)"""),
    # probing a game for what it has instead of asking the protocol
    re.compile(r"""\b(getattr|hasattr)\(\s*(self\.|engine\.)?(game|cls|board)\b"""),
)
DECODING = (
    re.compile(r">>\s*9\b"),  # the colour bits of a history word
    re.compile(r"0x1FF\b", re.IGNORECASE),  # its move bits
    re.compile(r"\.history\b"),  # the history words themselves (entry(i), move_words() instead)
    re.compile(r"\._(switch|restore_turn)\("),  # the private turn hooks (set_turn is public)
)
# The lines that match without decoding a history word: the search's own node word keeps a move
# in its low 9 bits too (Game.first_players reads the history for it), and so does its twin's.
DECODING_ALLOWED = {
    "firmware/stones/engine/search.py": "_MOVE = const(0x1FF)  # the move bits of move[]",
    "firmware/stones/engine/searchviper.py": "_MOVE = const(0x1FF)",
}


def _hits(patterns):
    found = []
    for path in PLACES:
        place = os.path.relpath(path, ROOT)
        with open(path) as handle:
            for number, line in enumerate(handle, 1):
                if any(pattern.search(line) for pattern in patterns):
                    found.append("%s:%d: %s" % (place, number, line.strip()))
    return found


def _engine_names(line):
    """The stones.engine modules a line names."""
    names = ENGINE.findall(line)
    for group in ENGINE_FROM.findall(line):
        names += [name.strip() for name in group.split(",") if name.strip()]
    return names


def _games_named():
    """Lines naming an engine module that is not one of the shared ones: a game's package or
    something under it (GAME_TOOLS aside)."""
    found = []
    for path in PLACES:
        place = os.path.relpath(path, ROOT)
        allowed = DOORS + GAME_TOOLS.get(place, ())
        with open(path) as handle:
            for number, line in enumerate(handle, 1):
                if any(name not in allowed for name in _engine_names(line)):
                    found.append("%s:%d: %s" % (place, number, line.strip()))
    return found


def test_the_places_exist():
    assert len(PLACES) > 40 and all(os.path.exists(path) for path in PLACES)
    for name in ("ui/score.py", "ui/board.py", "ui/komi.py", "engine/searchviper.py",
                 "stones/session.py", "records/sgf.py", "sim/device.py"):
        assert any(path.endswith(name) for path in PLACES), name
    assert all(os.path.join(ROOT, place) in PLACES for place in GAME_TOOLS)
    assert all(os.path.join(ROOT, place) in PLACES for place in CELLS_ALLOWED)


def test_the_engine_is_its_shared_modules_and_one_package_a_game():
    """Every folder of stones/engine is the package of a game of the registry, and every game's
    module lives in its package: so a place that names only the shared modules (DOORS, each
    named in the docstring) names no game's module. Only the games' packages are left out."""
    folders = sorted(name for name in os.listdir(ENGINE_FOLDER) if name != "__pycache__"
                     and os.path.isdir(os.path.join(ENGINE_FOLDER, name)))
    assert folders == sorted(GAME_PACKAGES)
    for key, _, module, _, grid in registry.GAMES:
        assert module.startswith("stones.engine.%s." % key) and module.count(".") == 3, module
        assert grid.split(".")[2] in DOORS
    assert {"game", "registry", "search", "searchviper", "gameviper", "grid", "square",
            "hexgrid", "snapshot"} <= set(DOORS)
    for name in DOORS:
        assert re.search(r"\b%s\b" % name, __doc__), name
    assert not set(DOORS) & set(GAME_PACKAGES)


def test_no_place_above_the_engine_imports_a_game_s_own_module():
    assert _games_named() == []


def test_no_place_above_the_engine_reads_the_packed_cell_byte():
    found = [hit for hit in _hits(CELLS) if hit.split(":")[0] not in CELLS_ALLOWED]
    assert found == []


def test_no_place_above_the_engine_branches_on_a_game_name_or_probes_a_game():
    assert _hits(BRANCHES) == []


def test_no_place_above_the_engine_decodes_history_words():
    found = [hit for hit in _hits(DECODING)
             if hit.split(": ", 1)[1] != DECODING_ALLOWED.get(hit.split(":")[0])]
    assert found == []


def test_the_patterns_catch_what_they_are_for():
    """The check is not vacuous: each pattern finds the forms the code used to have."""
    catches = [
        ('if game.key == "go":', BRANCHES), ("elif 'offshore' != key:", BRANCHES),
        ('if key in ("go", "loose"):', BRANCHES), ('if self.key == "loose" and x:', BRANCHES),
        ('left = getattr(game, "stones_left", None)', BRANCHES),
        ('hasattr(self.game, "toggle_dead")', BRANCHES),
        ("colour = entry >> 9 & 3", DECODING), ("move = entry & 0x1FF", DECODING),
        ("game._switch(colour)", DECODING), ("board._restore_turn(entry)", DECODING),
    ]
    for line, patterns in catches:
        assert any(pattern.search(line) for pattern in patterns), line
    passes = ['ending = game.key + "." + game.record_ending', "game.set_turn(colour)",
              'settings = registry.new_game("go", 9)', 'getattr(self.app, "autosave", None)']
    for line in passes:
        assert not any(p.search(line) for p in BRANCHES + DECODING), line


def test_the_new_checks_catch_the_forms_they_replaced():
    """The forms the screens, the session and the search's viper twin used to have, each
    caught: a game's module imported, the cell byte read, the history words read."""
    imports = [
        "from stones.engine.loose.rules import KomiProtocol",  # ui/komi.py
        "from stones.engine.go.rules import Go",  # host_tools/records/sgf.py
        "from stones.engine import go, registry", "import stones.engine.offshore.rules as offshore",
        'module = __import__("stones.engine.loupe.viper", None, None, ("run",))',
        "from stones.engine.go.end import estimate_dead", "from stones.engine.go import prior",
        'sys.modules.pop("stones.engine.loose", None)', "from stones.engine import (loupe,",
    ]
    for line in imports:
        assert [name for name in _engine_names(line) if name not in DOORS], line
    cells = [
        "if self.game.cell[p] & 3:",  # ui/score.py
        "self.drawn[p] = self.game.cell[p] & 3",  # ui/board.py
        "cell = self.game.cell", "v >> _BLACKS & _COUNT", "cell[p + d] += _ONE_WHITE",
    ]
    for line in cells:
        assert any(pattern.search(line) for pattern in CELLS), line
    history = [
        "history = ptr16(game.history)",  # engine/searchviper.py
        "amaf[p] = word >> 9 & 3",
        'moves = array("H", game.history[: game.count])',  # session.py
    ]
    for line in history:
        assert any(pattern.search(line) for pattern in DECODING), line
    passes = ["from stones.engine import registry, search", "from stones.engine.game import "
              "BLACK, stone_word", "colour = self.game.colour(p)", "self.cells = cells",
              "game.first_players(start, marks)", "moves = game.move_words()",
              'kernels = __import__("stones.engine.searchviper", None, None, ("select",))',
              "self.protocol = game.pregame_protocol()", "from stones.engine.records import record",
              "from stones.engine.gameviper import first_players",  # shared: every game's
              "from stones.engine.square import SquareGrid"]
    for line in passes:
        assert not [name for name in _engine_names(line) if name not in DOORS], line
        assert not any(p.search(line) for p in CELLS + DECODING), line


def test_the_private_copies_of_the_engine_constants_equal_game_py():
    """The move loops copy game.py's reason codes as module-local consts (MicroPython folds
    those; on CPython they are module attributes) and name the cell byte's fields the same way:
    every copy equals game.py's code, and the field names read a real cell byte right."""
    from stones.engine import game

    fields = {"_COLOUR": 3, "_BLACKS": 2, "_WHITES": 5, "_COUNT": 7, "_ONE_BLACK": game._ONE[1],
              "_ONE_WHITE": game._ONE[2]}
    codes = fields_seen = 0
    for entry in registry.GAMES:
        module = __import__(entry[2], None, None, (entry[3],))
        for name in dir(module):
            if name.startswith("_") and name[1:].isupper() and hasattr(game, name[1:]):
                assert getattr(module, name) == getattr(game, name[1:]), (entry[0], name)
                codes += 1
            elif name in fields:
                assert getattr(module, name) == fields[name], (entry[0], name)
                fields_seen += 1
        # the fields as the module names them, on a real cell: one black, two white neighbours
        board = registry.new_game(entry[0])
        p = board.empty[board.n_empty // 2]
        around = [p + d for d in board.offsets if board.grid.on_board(p + d)][:3]
        board.set_position([(1, around[0]), (2, around[1]), (2, around[2])])
        v = board.cell[p]
        if hasattr(module, "_COLOUR"):
            m = module
            assert v & m._COLOUR == 0 and v >> m._BLACKS & m._COUNT == 1
            assert v >> m._WHITES == 2 and m._ONE_BLACK == 1 << m._BLACKS
            assert m._ONE_WHITE == 1 << m._WHITES
    assert codes >= 20 and fields_seen == 24  # all four games: six fields each
    for reason in ("OCCUPIED", "SUICIDE", "KO", "NO_TRUE_LIBERTY", "OUTNUMBERED",
                   "NO_SECOND_STONE", "MID_TURN", "ENEMY_TERRITORY", "OVERSIZED_GROUP"):
        assert game.REASONS[getattr(game, reason)]


def test_every_game_answers_in_the_same_shapes():
    """score(), result(), territory(), counted() and panel() of finished random games."""
    from stones.engine.outcome import Result, Score

    for key in registry.keys():
        for seed in (1, 2, 3):
            game = registry.new_game(key)
            game.playout(seed)
            assert game.over
            score = game.score()
            result = game.result()
            assert isinstance(score, Score) and isinstance(result, Result)
            assert result.lines == score.lines and result.total == score.total
            assert len(score.total) == 3 and all(len(row) == 3 for row in score.lines)
            assert score.total in score.lines or not score.lines
            if score.black2 is not None:  # sums: the result follows them
                margin = score.black2 - score.white2
                assert result.winner in (0, 1, 2, None)
                if result.winner and not result.tiebreak:
                    assert result.margin2 == abs(margin) and (margin > 0) == (result.winner == 1)
            else:
                assert score.listed is not None
            black, white = game.territory()
            points = set(game.grid.points)
            assert set(black) <= points and set(white) <= points
            (land_b, land_w), dead, loops = game.counted()
            assert (land_b, land_w) == (black, white) and set(dead) | set(loops) <= points
            label, b, w = game.panel()
            assert isinstance(label, str) and isinstance(b, int) and isinstance(w, int)
            assert result.gtp()[0] in "BW0?"


def test_the_doors_the_screens_and_the_session_use():
    """colour(p) is the stone the diagram shows; move_words() replays into the same position
    (the game save's body); pregame_protocol() is there exactly for a game with a pregame."""
    from stones.engine.game import split_word

    for key in registry.keys():
        game = registry.new_game(key)
        game.playout(5, 12)
        for p in game.grid.points:
            assert ".XO"[game.colour(p)] == game.symbol(p)
        assert sum(1 for p in game.grid.points if game.colour(p)) > 4
        words = game.move_words()
        assert len(words) == game.count and all(w < 1 << 11 for w in words)
        again = registry.new_game(key)
        for word in words:
            again.play_as(*split_word(word))
        assert (again.diagram(), again.to_move, again.count) == (game.diagram(), game.to_move,
                                                                game.count)
        assert [split_word(w) for w in words] == [game.entry(i) for i in range(game.count)]
        protocol = game.pregame_protocol()
        assert (protocol is None) == (game.pregame is None)
