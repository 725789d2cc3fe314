"""Finished games on a computer (python -m host_tools.records fetch|show|replay).

    cli.py       the command: fetch the records from a Pico, show one, replay it on the simulator
    files.py     a record file read back as a game: SGF for Go, the engine's record format else;
                 read_text, the bounded read GTP's loadsgf shares
    sgf.py       SGF (FF[4], GM[1]) for Go: write a game, read a record, replay it
"""
