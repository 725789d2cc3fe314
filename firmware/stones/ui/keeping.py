"""Keeping a game's record, and what the player is asked or told when there is no room
(App.finished comes here; the app drops this module again at the menu).

    kept            the record is written, the game save goes, the caller goes on
    records full    the most records are kept (Session.max_records): "Delete oldest" makes room
                    and keeps this one, "Not this game" lets this one go (its save too),
                    "Later" (where the question opens) and B leave the question and the game
                    in its save
    storage full    the record does not fit (or the write failed, and nothing of it is left):
                    said over the main menu; the game stays in its save, and a finished one is
                    app.unkept, which the Records screen keeps once a deletion makes room

then(), when given, runs once a question is answered and the game is kept or let go (never
when nothing was asked: the caller goes on itself): the score screen goes to the menu, the setup
screen starts the new game it was asked for.
"""


def no_room(app, game, players, error):
    """The record did not fit: said over the main menu, where Records is; False."""
    app.unkept = (game, players) if game.over else None  # (before home: tidy keeps it)
    app.home()
    app.open("message", "Storage full" if isinstance(error, OSError) else "No memory",
             "No room for its record: it stays saved till a new game. Delete records to keep "
             "it.")
    return False


def records_full(app, game, then, players):
    """The most records are kept: may the oldest go? False (the answer comes later)."""
    app.unkept = (game, players) if game.over else None  # B leaves it so
    names = app.session.records()
    app.open("confirm", "Records full", "Delete %s to keep this game?" % record_label(names[0]),
             (("Delete oldest", lambda: app.finished(game, then, True, players)),
              ("Not this game", lambda: unkeep(app, game, then)), ("Later", None)))
    return False


def made_room(app, then, number):
    """The oldest record went and this game is kept: the caller's next step, and a word."""
    if then is not None:
        then()
    app.open("message", "Kept", "The oldest record went; that game is record %d." % number)


def keep_unkept(app):
    """Try again to keep the finished game that found no room (after a record is deleted);
    True if it is kept now."""
    if app.unkept is None:
        return False
    game, players = app.unkept
    if not app.finished(game, None, False, players):
        return False
    app.open("message", "Kept", "The game that found no room is kept now.")
    return True


def unkeep(app, game, then):
    """The player chose not to keep a game's record: its save goes too."""
    app.unkept = None
    if app.session:
        app.session.clear_game()
    if app.game is game:
        app.game = None
    if then is not None:
        then()


def record_label(name):
    """'7 Go' from a record's file name ("0007-go.sgf"): its number and its game's title."""
    from stones.engine.registry import title

    number, _, rest = name.partition("-")
    key = rest.partition(".")[0]
    try:
        return "%d %s" % (int(number), title(key))
    except (ValueError, TypeError):  # a file that is not one of the device's records
        return name
