"""The classes whose instances the hot loops write to define no special accessor.

MicroPython flags a class that has (or inherits) a property, a __setattr__ or __delattr__, or a
class attribute with __get__, __set__ or __delete__; every store to an attribute of its
instances then looks the name up in the class dictionaries first (py/objtype.c,
mp_obj_instance_store_attr). On the emulated Pico that made a store on a Go game several times
as slow as on a plain class, and the move loops, copy_from and the search store several a move.
So these classes use methods (can_pass(), stones_left(), handicap(), dead_marks()...) instead.
"""

from stones.engine import registry
from stones.engine.search import Search

SPECIAL = ("__setattr__", "__delattr__")
CPYTHON_ONLY = ("__dict__", "__weakref__")  # CPython's own descriptors on every class


def accessors(cls):
    """(class, name) of each special accessor cls has or inherits (as MicroPython sees them:
    plain functions are not descriptors there)."""
    found = []
    for klass in cls.__mro__[:-1]:  # not object
        for name, value in vars(klass).items():
            if name in CPYTHON_ONLY:
                continue
            if name in SPECIAL or isinstance(value, property):
                found.append((klass.__name__, name))
            elif not callable(value) and any(
                    hasattr(type(value), m) for m in ("__get__", "__set__", "__delete__")):
                found.append((klass.__name__, name))
    return found


def test_the_games_and_the_search_have_no_special_accessors():
    classes = [registry.game_class(key) for key in registry.keys()] + [Search]
    for cls in classes:
        assert accessors(cls) == [], cls.__name__


def test_the_check_finds_a_property():
    class WithProperty(Search):
        @property
        def slow(self):
            return 1

    assert accessors(WithProperty) == [("WithProperty", "slow")]
