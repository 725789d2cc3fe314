"""GTP v2: any game of the registry served over stdin/stdout (python -m host_tools.gtp).

    engine.py    the command table, vertices, the engine state and main()
"""
