"""The link: two apps playing one game, each device with its own player, screen and buttons.

Reading guide:

    frames.py   a message on the wire: START, length, sequence, type, payload, CRC-16; the parser
                that finds frames among any bytes, allocating nothing as it takes them
    peer.py     one end of a link: the greeting (version and protocol, refused by name), the
                offer of a game and its acceptance (a game's pregame, Loose's komi protocol,
                settled across the two first), moves with the position's digest, undo
                asked and answered, dead stones agreed, acknowledgements and sending again,
                a lost link greeted again and caught up from where each side stopped
    pipes.py    the pipes a link runs over, one interface: a pair in memory (the tests'), a
                UART (a Pico's cable), a Pico's own USB serial; stones/platforms/netpipe.py
                adds TCP and local sockets, stones/platforms/serialpipe.py a host's serial port
    lan.py      finding a host on a local network: the announcement a waiting host sends, its
                parser (damaged or foreign datagrams refused by name), the table of hosts heard

The link imports the engine (the game it carries, through the Game protocol) and the session's
game-save encoding (an offer is a save's header); the screens import the link (ui/linking.py,
ui/lan.py), never a pipe: the platform makes the pipe (the board's UART pins, a host's socket)
and hands the app a way to open one (App.links).
"""
