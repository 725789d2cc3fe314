"""Go (help/go.txt, docs/rules.md A1-A9): the rules, the viper twin of their move loop, and the
pieces loaded only when they are needed. Reading guide:

    rules.py     the Go class: settings, the move loop (_run) for play and playouts, captures,
                 ko, handicap, the playouts' and the tree's knowledge, scoring; read it first
    viper.py     rules.py's move loop as viper code (MicroPython ports with a native emitter),
                 line for line, with the end-of-playout count (margin2, placed2) and the learnt
                 priors (priors); tests/engine/test_goviper.py compares each with its reference
    seldom.py    the Go methods play never calls (the count, dead stones, records, the tests'
                 shape and features), put on the class at their first use (engine/seldom.py)
    end.py       dead stones and seki at the end of a game (the marking screen, GTP's
                 final_score): loaded only then
    features.py  the features the tree's priors weigh, and the priors; loaded by Go.prepare()
                 for the computer player only
    prior.py patterns.py   the priors' weights and the playouts' 3x3 shape table, made by
                 host_tools/fit (goprior.py, patterns.py): do not edit
    policy.py    the learned policy's inputs (the net's pass is the engine's: engine/policy.py)
    policyweights.py   its weights, made by host_tools/fit/policy.py: do not edit
    book.py      the opening books (engine/book.py reads them), made by host_tools/fit/book.py:
                 do not edit

Nothing here is imported with the package: the registry names stones.engine.go.rules, and the
rest is imported where it is used.
"""
