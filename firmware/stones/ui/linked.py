"""A linked game on the game screen (ui/play.py): the other device's player moves through the
link (app.link, stones.link.peer), which plays those moves into the game; the screen waits for
them as it waits for the device's search (opponent.Remote), and this module says the rest:
a move that arrived, an undo asked of the other player or asked by them, a link lost (play
pauses: no move is made here until it is back), back again, refused, and what it refused."""

from stones.link.peer import READY, REFUSED

_LONG_MS = 4000  # the link's news stays this long (a lost link is said again at every press)


def arrived(play):
    """The game changed from the other side (a move, a pass, a resignation, an undo granted):
    shown as the device's move is, then the next turn."""
    game = play.game
    move = game.last_move()
    play.dirty = True
    if game.resigned:
        loser = game.resigned
        play.after_move()
        play.app.open("message", "Resigned", "%s resigns: %s wins."
                      % (game.COLOUR_NAMES[loser], game.COLOUR_NAMES[3 - loser]))
        return
    if move:
        play.app.sound("stone")
        play.show(move)
    elif game.count:
        play.passed(game.entry(game.count - 1)[0])
    play.after_move()


def local_colour(app):
    for colour in (1, 2):
        if app.players.get(str(colour)) == "human":
            return colour
    return 0


def held(play):
    """Whether the game waits for its link (said on the screen): no move is made here while
    the other side cannot see it."""
    link = play.app.link
    if link is not None and link.state == READY and link.peer_count >= 0:
        return False
    play.say("Link %s: the game waits" % (link.status() if link else "off"), _LONG_MS)
    return True


def ask_undo(play):
    """B (or Undo): ask the other player to take this side's last move back, and what followed."""
    game = play.game
    link = play.app.link
    colour = local_colour(play.app)
    target = -1
    for i in range(game.count - 1, -1, -1):
        if game.entry(i)[0] == colour:
            target = i
            break
    if target < 0:
        play.say("Nothing to undo")
        return
    if held(play):
        return
    link.ask_undo(target)
    play.say("Undo asked of the other player", _LONG_MS)


def watch(play):
    """Each tick of a linked game screen: the link's news."""
    app = play.app
    link = app.link
    if link is None:
        return
    state, problems, changes = play.link_seen
    if link.changes != changes and (play.thinking is None or not play.thinking.played):
        play.link_seen = (state, problems, link.changes)
        play.thinking = None
        arrived(play)  # (an undo granted on this side's turn)
        return
    play.link_seen = (link.state, link.problems, link.changes)
    if link.undo_asked >= 0 and app.top is play:
        game = play.game
        back = game.count - link.undo_asked
        app.open("confirm", "Undo?", "The other player asks to take back %d move%s."
                 % (back, "" if back == 1 else "s"),
                 (("Allow", lambda: _answer(play, True)), ("Refuse", lambda: _answer(play, False))))
        return
    if link.undo_answer is not None:
        play.say("Undo allowed" if link.undo_answer else "Undo refused")
        link.undo_answer = None
        return
    if link.state != state:
        if link.state == READY and state >= 0:
            play.say("Link back: play on")
        elif link.state == REFUSED:
            play.say("Link " + link.status(), _LONG_MS)
        elif state == READY:
            play.say("Link lost: the game waits for it", _LONG_MS)
    elif link.problems != problems and problems >= 0:
        play.say("Link: " + link.problem)


def _answer(play, yes):
    play.app.link.answer_undo(yes)
    if yes:
        play.thinking = None
        play.link_seen = (play.link_seen[0], play.link_seen[1], play.app.link.changes)
        arrived(play)
