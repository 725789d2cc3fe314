"""The Game protocol is the only door between a game and the rest: nothing outside the engine
decides by a game's name, probes a game for attributes, or unpacks its history words.

The check reads the sources as text, line by line (comments and docstrings included, so a
comment that quotes a branch counts too: write about it differently). The places where history
words may still be read directly are listed with the reason; the list of places allowed to branch
on a game's name is empty.
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


PLACES = (_modules(os.path.join(STONES, "ui"))
          + [os.path.join(STONES, "session.py"), os.path.join(STONES, "engine", "search.py")]
          + _tree(os.path.join(ROOT, "host_tools")))

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
    re.compile(r"\._(switch|restore_turn)\("),  # the private turn hooks (set_turn is public)
)
# The one line that matches without decoding a history word: the search's own node word keeps
# a move in its low 9 bits too (Game.first_players reads the history for it).
DECODING_ALLOWED = {
    "firmware/stones/engine/search.py": "_MOVE = const(0x1FF)  # the move bits of move[]",
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


def test_the_places_exist():
    assert len(PLACES) > 25 and all(os.path.exists(path) for path in PLACES)
    assert any(path.endswith("ui/score.py") for path in PLACES)


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
