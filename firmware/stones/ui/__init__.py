"""The app and its screens: button events in, framebuf drawing out, no concrete hardware.

Reading guide:

    app.py      the screen stack, the event loop, the top-level error handler
    keys.py     button events as the screens see them (the one place that knows their encoding)
    draw.py     text, title bars, lists: small helpers every screen uses
    font5x7.py  the compact 5x7 font (made by host_tools/fonts/fontgen.py: do not edit)
    board.py    where each point of a board goes on the panel (upright, or half turned for the
                device that joined a link); drawing stones, cursor, marks
    menu.py     boot menu: choose a game, rules, system
    setup.py    a game's settings, then start
    komi.py     Loose's komi protocol: one player names the komi, the other picks a colour
                (on one device, or each on their own over a link)
    play.py     the game screen: cursor, placing, pass and undo, illegal-move reasons
    clock.py    a game's clock on the game screen: the times shown and counted (timed games)
    opponent.py the computer player as the screens use it: who plays a colour, thinking in slices;
                the linked device's player waited for the same way (Remote)
    linking.py  linking two devices: host a game set up here, or join one offered, accepted
    lan.py      joining on a network: the hosts heard announcing themselves, the address given
                or typed; a waiting host's announcements
    address.py  typing a host's address with the d-pad: four octets and a port, checked
    linked.py   a linked game on the game screen: moves that arrive, undo asked, a link lost
    gamemenu.py the in-game menu (MENU): pass, undo, hint, estimate, resign, rules, main menu
    score.py    end of game: Go dead stones, score breakdowns, result (or a resignation)
    estimate.py the count as it stands mid-game, on a copy of the game (the score's board)
    rules.py    scrollable rules pages, read from the rule texts shipped as files
    system.py   contrast, sound, version, free memory, the link's state
    replay.py   step through a finished game
    records.py  the records kept on the device: list, replay, delete
    confirm.py  a question before something that cannot be taken back
    keeping.py  keeping a finished game's record: what is asked or said when there is no room
    message.py  a short message with a title
    error.py    what the top-level handler shows

Screens reach a game through stones.engine.registry and the Game protocol only, never a game's
own package (tests/host/test_one_door.py); of the rest of the engine they import the search
(ui/opponent.py) and game.py's constants, and of the link its protocol (stones.link.peer) and
its announcements on a network (stones.link.lan). Of the drivers they import only the button
events' encoding (drivers.buttons) and the runtime's framebuf (drivers.fb), never a bus or a
panel (tests/host/test_layers.py).
"""
