"""Loupe (help/loupe.txt, docs/rules.md C1-C11): two-stone turns on a hexagon, groups scored by
their shortest loop. Reading guide:

    rules.py     the Loupe class: turns, the move loop (_run) for play and playouts, the
                 legality table, the loop search, scoring; read it first
    viper.py     rules.py's move loop as viper code, line for line
                 (tests/engine/test_loupeviper.py compares them)
    seldom.py    the Loupe methods play never calls (the count, the values and loops the score
                 screen and GTP show), put on the class at their first use (engine/seldom.py)
    book.py      the opening books (engine/book.py reads them), made by host_tools/fit/book.py:
                 do not edit
    policy.py    the learned policy's inputs (the net's pass is the engine's: engine/policy.py)
    policyweights.py   its weights, made by host_tools/fit/policy.py: do not edit

Nothing here is imported with the package: the registry names stones.engine.loupe.rules.
"""
