"""The methods play never calls live in seldom modules (stones.engine.seldom) and reach a game
through the Game protocol's own names: Game.__getattr__ finds each in the modules its class's
``seldom`` names, the class's own first, and puts it on the class at its first use. For every
game of the registry, on CPython and on the MicroPython unix port.
"""

from support import raises

from stones.engine import registry
from stones.engine.game import GameError
from stones.engine.go.rules import Go


def test_a_seldom_method_answers_through_its_protocol_name():
    for key in registry.keys():
        game = registry.new_game(key)
        game.play(game.grid.points[0])
        assert game.check() is game  # engine/seldom.py's check, on the game's class from now on
        assert game.diagram() == game.grid.diagram(game.symbol)
        assert game.legal_moves() == [p for p in game.grid.points if game.legal(p)]
        assert getattr(type(game), "check", None) is not None
        error = raises(GameError, game.play_as, 3, game.grid.points[1])
        assert "no player's colour" in str(error)


def test_a_name_no_module_has_is_an_attribute_error_naming_it():
    for key in registry.keys():
        game = registry.new_game(key)
        error = raises(AttributeError, getattr, game, "no_such_method")
        assert "no_such_method" in str(error)
        assert not hasattr(game, "no_such_method")
        assert getattr(game, "no_such_method", 7) == 7


def test_the_class_s_own_seldom_module_comes_before_its_base_s():
    # Go's symbol (go/seldom.py) marks a dead stone, Game's (engine/seldom.py) could not.
    game = Go(9)
    p = game.grid.parse("E5")
    game.play(p)
    game.toggle_dead(p)
    assert game.symbol(p) != ".XO"[game.colour(p)]
    assert game.result().winner == 2  # the dead stone is White's prisoner, the count says so


def test_seldom_methods_see_the_game_as_methods_do():
    for key in registry.keys():
        game = registry.new_game(key)
        for p in game.grid.points[:3]:
            if game.legal(p):
                game.play(p)
        before = game.count
        game.resign(1)
        assert game.over and game.resigned == 1 and game.result().winner == 2
        game.undo()  # the resignation goes first
        assert not game.over and game.count == before
