"""Button events as the screens see them: which button, and what happened to it.

Events come from drivers.buttons.Buttons.poll() as small ints (kind << 3 | button), so handling
one allocates nothing. This module is the one place the screens learn that encoding.
"""

from stones.drivers.buttons import (  # noqa: F401  (the one definition of the buttons and kinds)
    DOWN,
    LEFT,
    LONG,
    MENU,
    PRESS,
    RELEASE,
    REPEAT,
    RIGHT,
    UP,
    A,
    B,
)
from stones.drivers.buttons import button_of as button  # noqa: F401
from stones.drivers.buttons import kind_of as kind  # noqa: F401


def pressed(event):
    """A press, or an auto-repeat of a held d-pad button: what moves a cursor."""
    k = event >> 3
    return k == PRESS or k == REPEAT
