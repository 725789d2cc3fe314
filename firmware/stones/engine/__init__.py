"""The rules engine: pure Python, no I/O, the same code on MicroPython and CPython.

Reading guide:

    grid.py      the padded mailbox shared by both board shapes (points, neighbours, names)
    square.py    SquareGrid: n x n points (Go, Loose)
    hexgrid.py   HexGrid: a hexagon of side n (Loupe, OffShore)
    game.py      the Game protocol every game implements, the packed cell byte, groups, undo log
    go.py loose.py loupe.py offshore.py   one small class per game
    registry.py  the list of games with their options; imports a game only when it is played
    rng.py       a 30-bit xorshift generator (every value stays a small int on the Pico)

A move is an int: a point's mailbox index, or PASS (0, always off the board). Colours are
BLACK = 1 and WHITE = 2; the opponent of c is 3 - c.
"""
