"""Tools that fit the engine's tables from games; each writes a module the engine ships.

    goprior.py   Go's tree priors: feature weights fitted to GNU Go's moves (data/go_games.txt,
                 data/go_weights.txt) and the nibble table of stones/engine/go/prior.py
    patterns.py  Go's 3x3 playout shapes and their bit table (stones/engine/go/patterns.py)
    lineprior.py Loose's line priors, fitted to a deeper search's choices
    policydata.py  the learned policy's training set: positions of the device's games, each
                 labelled by GNU Go level 10 (data/go_policy_labels.txt; hours, resumable)
    book.py      opening books: deep searches of a game's first positions, written as the
                 game's book module (stones/engine/go/book.py) and tests/engine/book_check.py
    searchdata.py  Loose's, Loupe's and OffShore's: the device's games, each position
                 labelled by a search of the top Raspberry Pi level (data/<game>_search.txt)
    policy.py    a game's learned policy: trained on them (PyTorch, make fit-policy), quantised
                 to int8, written as stones/engine/<game>/policyweights.py with its provenance
"""
