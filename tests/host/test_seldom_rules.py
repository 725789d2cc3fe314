"""The seldom modules' two rules (stones.engine.seldom: the games' and the grids'), on CPython:
a function in one never overrides a method a class body at or above its class defines (Python
would find the body's first), and a game in play, its playouts and a search never import one
(their defs would be back on a Pico's heap)."""

import inspect
import subprocess
import sys

from host_tools.paths import FIRMWARE
from stones.engine import registry
from stones.engine.game import Game
from stones.engine.hexgrid import HexGrid
from stones.engine.square import SquareGrid


def owners():
    """(class, module name) of every seldom module: the class whose own ``seldom`` lists it
    first."""
    classes = [Game, HexGrid, SquareGrid] + [registry.game_class(key) for key in registry.keys()]
    out = {}
    for cls in classes:
        for klass in cls.__mro__:
            own = klass.__dict__.get("seldom")
            if own:
                out.setdefault(own[0], klass)
    return out


def test_no_seldom_function_hides_behind_a_class_body():
    for module_name, klass in owners().items():
        module = __import__(module_name, None, None, ("_",))
        functions = [name for name, value in vars(module).items()
                     if inspect.isfunction(value) and value.__module__ == module_name]
        assert functions, module_name
        for name in functions:
            for base in klass.__mro__:
                found = vars(base).get(name)  # (this very function, put there at first use)
                assert found is None or found is vars(module)[name], (
                    "%s.%s is in %s's class body" % (module_name, name, base.__name__))


def test_every_game_class_lists_its_bases_seldom_modules_after_its_own():
    for key in registry.keys():
        cls = registry.game_class(key)
        assert cls.seldom[-1] == Game.seldom[-1], key


PLAY = """
import sys
from stones.engine import registry
from stones.engine.search import Search
for key in registry.keys():
    game = registry.new_game(key)
    seed = game.playout(12345)
    game.reset()
    search = Search(300)
    move = search.think(game, 600)
    game.play(move)
    game.undo()
    game.move_words()
    game.panel()
print(" ".join(sorted(name for name in sys.modules if name.endswith("seldom"))))
"""


def test_play_and_the_search_import_no_seldom_module():
    out = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True,
                         env={"PYTHONPATH": FIRMWARE}, check=True).stdout
    assert out.strip() == ""
