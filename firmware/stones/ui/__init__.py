"""The app and its screens: button events in, framebuf drawing out, no concrete hardware.

Reading guide:

    app.py      the screen stack, the event loop, the top-level error handler
    draw.py     text, title bars, lists: small helpers every screen uses
    board.py    where each point of a board goes on the panel; drawing stones, cursor, marks
    menu.py     boot menu: choose a game, rules, system
    setup.py    a game's settings, then start
    komi.py     Loose's komi protocol: one player names the komi, the other picks a colour
    play.py     the game screen: cursor, placing, pass and undo, illegal-move reasons
    score.py    end of game: Go dead stones, score breakdowns, result
    rules.py    scrollable rules pages, read from the rule texts shipped as files
    system.py   contrast, sound, version, free memory
    error.py    what the top-level handler shows

Screens import the engine through stones.engine.registry only, and never a driver.
"""
