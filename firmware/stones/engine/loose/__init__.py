"""Loose (help/loose.txt, docs/rules.md B1-B9): Go's surround capture, but surrounded stones
flip. Reading guide:

    rules.py     the Loose class: settings, the move loop (_run) for play and playouts, the
                 true-liberty table, the komi pregame, scoring; read it first
    viper.py     rules.py's move loop and its group walk (_alive) as viper code, line for line
                 (tests/engine/test_looseviper.py compares them)
    book.py      the opening books (engine/book.py reads them), made by host_tools/fit/book.py:
                 do not edit
    policy.py    the learned policy's inputs (the net's pass is the engine's: engine/policy.py)
    policyweights.py   its weights, made by host_tools/fit/policy.py: do not edit

Nothing here is imported with the package: the registry names stones.engine.loose.rules.
"""
