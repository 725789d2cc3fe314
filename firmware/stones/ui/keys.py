"""Button events as the screens see them: which button, and what happened to it.

Events come from hw.buttons.Buttons.poll() as small ints (kind << 3 | button), so handling
one allocates nothing. This module is the one place the screens learn that encoding.
"""

from stones.compat import const
from stones.hw.buttons import LONG, PRESS, RELEASE, REPEAT  # noqa: F401

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
MENU = const(6)


def kind(event):
    return event >> 3


def button(event):
    return event & 7


def pressed(event):
    """A press, or an auto-repeat of a held d-pad button: what moves a cursor."""
    k = event >> 3
    return k == PRESS or k == REPEAT
