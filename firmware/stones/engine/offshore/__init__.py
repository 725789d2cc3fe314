"""OffShore (help/offshore.txt, docs/rules.md D1-D10): territory by grid-oriented hulls on a
hexagon. Reading guide:

    rules.py     the OffShore class: the move loop (_run) for play and playouts, the packed
                 hull words and the cover table (paint), scoring; read it first
    viper.py     rules.py's move loop and paint as viper code, line for line
                 (tests/engine/test_offviper.py compares them)
    book.py      the opening books (engine/book.py reads them), made by host_tools/fit/book.py:
                 do not edit
    policy.py    the learned policy's inputs (the net's pass is the engine's: engine/policy.py)
    policyweights.py   its weights, made by host_tools/fit/policy.py: do not edit

Nothing here is imported with the package: the registry names stones.engine.offshore.rules.
"""
