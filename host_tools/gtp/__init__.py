"""GTP v2: any game of the registry served over stdin/stdout (python -m host_tools.gtp).

    engine.py    the command table, vertices, the engine state and main()
    bridge.py    the device against any GTP engine: the other side of a link (stones.link),
                 the engine's genmove played on it (python -m host_tools.gtp.bridge)
"""
