"""One end of a link: the messages two apps exchange to play one game from two devices.

A Link runs over a pipe (link/pipes.py: anything with readinto, write, is_open and reopen, none
of them blocking) and the app's clock; poll(now) once a loop does all its work. Messages:

    unsequenced  HELLO  protocol, role, nonce, the nonce seen, the firmware's version
                 ACK    the sequence number taken; PING (nothing heard for a while: a sign of
                        life); ERROR  a named complaint, never answered
    sequenced    GAME   the host's offer: its colour, count and chain, then the game save's
                        header and set-up stones (stones.session.encode_game, without moves);
                        colour 0: the game's pregame protocol settles the colours first
                 STEP   one step of that pregame (Loose's komi protocol): its number and the
                        text of its value (Game.pregame_protocol: take(text), value(step))
                 STATE  count and chain: where this side is (accepting, or resuming)
                 REFUSE the offer is declined, with why
                 MOVES  start, the position's digest after them, the moves (the sender's own
                        colour only); SYNC the same, of either colour, while catching up
                 UNDO   ask to go back to a count; ANSWER yes or no, and the count
                 MARKS  after a Go game: done, and one stone of each group marked dead

A sequenced message is sent until its ACK comes (one in flight: stop and wait); a duplicate is
acknowledged and dropped. A link begins with a HELLO each way: each side picks a nonce and is
ready once the other's HELLO says it has seen it; a new nonce (the other side restarted, or
lost the link) starts the sequence numbers afresh, and both sides then say where they are
(GAME, STATE) and the one ahead sends what the other lacks, once the chain (the CRC of the move
words) of the shorter game is the same in the longer one. Nothing heard for LOST_MS: the link is
lost, both sides say so and greet again until it comes back.

A game with a pregame (two players settle something first: Loose's komi) is offered with colour
0 and the steps its host took (the host is the pregame's PROPOSER, the side that joins its
CHOOSER), each as a STEP after the GAME; the joining side takes them into a protocol of its own,
gives its steps (pregame_step) and accepts; each side makes the game the steps settled
(new_game) and plays the colour black() gives it. A step said again after a lost link must be
the same; one out of order, of this side's, or that the protocol refuses is refused by name.

Every message is checked before it acts: a protocol or version that differs is refused by name
on both sides (REFUSED); a move the rules refuse, a position whose digest differs after the
moves (the colours of every point, the mover, the count), a message out of place or malformed
is answered by name (problem, and an ERROR to the other side) and changes nothing: moves of a
message are played all or none. The game is the app's; the link plays the other side's moves
into it and counts each change in `changes`, which the screens watch.
"""

from stones import VERSION
from stones.compat import const
from stones.link import frames

PROTOCOL = const(1)
HOST = const(1)
JOIN = const(2)
ROLES = ("", "host", "join")

OFF = const(0)
WAITING = const(1)
READY = const(2)
REFUSED = const(3)

ACK = const(0x4B)  # K
PING = const(0x50)  # P
HELLO = const(0x48)  # H
ERROR = const(0x45)  # E
GAME = const(0x47)  # G
STATE = const(0x53)  # S
REFUSE = const(0x52)  # R
MOVES = const(0x4D)  # M
SYNC = const(0x59)  # Y
UNDO = const(0x55)  # U
ANSWER = const(0x41)  # A
MARKS = const(0x44)  # D
STEP = const(0x54)  # T
_UNSEQUENCED = (ACK, PING, HELLO, ERROR)

RETRY_MS = const(300)  # a message not acknowledged is sent again after this
PING_MS = const(1000)  # a PING after this long without sending anything
LOST_MS = const(4000)  # nothing heard for this long: the link is lost
_CHUNK = const(64)  # the most bytes read from the pipe at once
_WORDS = const(100)  # the most moves a MOVES or SYNC message carries
_QUEUE = const(32)  # the most messages waiting: more means the other side is gone
_READS = const(16)  # the most reads a poll: a flood of bytes cannot hold the app's loop
_DISORDER = const(3)  # this many messages out of order in a row: the link greets anew


def position_digest(game):
    """A CRC of the position: the stone on every point, the player to move, the count, whether
    it is over. Both sides compare it after every move. Allocates nothing."""
    crc = 0xFFFF
    for p in game.grid.points:
        crc = frames.crc_byte(crc, game.colour(p))
    crc = frames.crc_byte(crc, game.to_move)
    crc = frames.crc_byte(crc, game.count >> 8 & 0xFF)
    crc = frames.crc_byte(crc, game.count & 0xFF)
    return frames.crc_byte(crc, 1 if game.over else 0)


def chain(game, n=-1):
    """The CRC of the first n move words (all of them: -1), the resignation's word last."""
    words = game.move_words()
    if n < 0 or n > len(words):
        n = len(words)
    crc = 0xFFFF
    for i in range(n):
        crc = frames.crc_byte(crc, words[i] >> 8)
        crc = frames.crc_byte(crc, words[i] & 0xFF)
    return crc


def _u16(data, i):
    return data[i] << 8 | data[i + 1]


def _put16(out, value):
    out.append(value >> 8 & 0xFF)
    out.append(value & 0xFF)


class Refused(ValueError):
    """A message that cannot be acted on; its text names why (the link's problem)."""


class Link:
    """One side of a linked game; see the module's docstring. host: True on the side that
    offers the game. The app sets game and colour (offer() on the host, accept() on the side
    that joins); the screens read state, problem, offered, undo_asked, peer_marks, changes."""

    def __init__(self, pipe, clock, host, version=VERSION, seed=1):
        self.pipe = pipe
        self.clock = clock
        self.role = HOST if host else JOIN
        self.version = version
        self.parser = frames.Parser()
        self.chunk = bytearray(_CHUNK)
        self.state = WAITING
        self.ever = False  # it was ready once: a wait now is a lost link's
        self.problem = ""  # the last thing refused, by name
        self.problems = 0
        self.game = None
        self.colour = 0  # the colour this side plays
        self.header = b""  # the game save's header and set-up stones: the game's identity
        self.offered = None  # (game, colour) the host offers, until accepted or refused
        # the game's pregame protocol while it is settled between the two sides (colour 0 until
        # it is), and the header of the game offered with it
        self.pregame = None
        self.offer_header = b""
        self.refused = ""  # why the other side declined the offer
        self.changes = 0  # counted each time the link changed the game
        self.undo_asked = -1  # the other side asks to go back to this count
        self.undo_wanted = -1  # this side asked to go back to this count
        self.undo_answer = None  # the other side's answer: True or False, until read
        self.marks = None  # after a Go game: (done, the dead stones' group stones) sent
        self.peer_marks = None  # the other side's (done, stones)
        self.peer_count = -1  # where the other side is, once it said (-1: not known)
        self.peer_chain = 0
        self.behind = 0  # the count the other side said it has: a SYNC may catch up to it
        self.peer_version = ""
        self.nonce = 0
        self.seed = seed & 0xFFFF or 1
        self._new_nonce()
        self.peer_nonce = 0
        self.tx_seq = 0
        self.rx_seq = 0
        self.disorder = 0  # messages out of order in a row
        self.queue = []  # sequenced frames waiting for their ACK, the first in flight
        now = clock.ticks_ms()
        self.sent_at = now - RETRY_MS  # when the first of the queue was sent (greet at once)
        self.heard_at = now
        self.spoke_at = now
        self.hello_at = now - RETRY_MS

    # -- what the app asks ----------------------------------------------------------------------

    def status(self):
        """A few words for the System screen and the play screen's messages."""
        if self.state == REFUSED:
            return "refused: " + self.problem
        if self.state == READY:
            return "linked"
        if self.state == OFF:
            return "off"
        return "lost: waiting" if self.ever else "waiting"

    def offer(self, game, colour, pregame=None):
        """Host: play game, this side as colour; it is offered as soon as the link is ready.
        pregame: the game's pregame protocol with this side's first steps taken; the colours
        are then its to settle (colour 0 until the other side's steps come), and the game
        played is the one it makes."""
        self.game = game
        self.colour = 0 if pregame is not None else colour
        self.pregame = pregame
        self.header = self.offer_header = _identity(game)
        if self.state == READY:
            self._send_game()

    def hosting(self):
        return self.role == HOST

    def move(self, pipe, now):
        """Run over pipe from now on (the player chose another transport: App.choose_link):
        what was half read on the old one is dropped, and a link that was made greets again
        over the new one, as after a lost link, so each side says where it is."""
        self.pipe = pipe
        self.parser.clear()
        if self.state != OFF:
            self._regreet(now)

    def settled(self):
        """Whether the colours are known: no pregame, or its steps all taken."""
        pregame = self.pregame
        return pregame is None or pregame.step == pregame.DONE

    def pregame_step(self, text):
        """This side's value for the pregame's current step (a screen offers only what the
        protocol takes: GameError otherwise), taken here and sent to the other side."""
        pregame = self.pregame
        number = pregame.step
        pregame.take(text)
        self._send_step(number)
        if self.role == HOST and self.settled():
            self._settle()

    def accept(self):
        """Join: take the offered game; it is the app's from now on (and this link's). An
        offer with a pregame is taken once its steps are all given: the game they settled."""
        offered = self.offered
        game = offered[0]
        colour = offered[1]
        if not colour:
            game, colour = self._settled_game(game)
        self.offered = None
        self.game = game
        self.colour = colour
        self.header = _identity(game)
        self._send_state()
        return game

    def resume(self, game, colour):
        """Join: the game in progress (its save) is this link's; an offer of the same game
        resumes it without asking."""
        self.game = game
        self.colour = colour
        self.header = _identity(game)

    def decline(self, why="declined"):
        self.offered = None
        self.pregame = None  # (the same offer made again is shown again)
        self._queue(REFUSE, why.encode())

    def moved(self):
        """After this side played (a move, a pass, a resignation): send what the other side
        does not have yet. Its own colour's moves only; the digest goes with them."""
        game = self.game
        if game is None or self.state != READY or self.peer_count < 0:
            return
        total = _total(game)
        if total > self.peer_count:
            self._send_moves(MOVES, self.peer_count, total)

    def ask_undo(self, target):
        """Ask the other side to go back to count target (this side's last move undone)."""
        self.undo_wanted = target
        self.undo_answer = None
        out = bytearray()
        _put16(out, target)
        self._queue(UNDO, out)

    def answer_undo(self, yes):
        """Answer the other side's undo: yes goes back to the count it asked for, here first."""
        target = self.undo_asked
        self.undo_asked = -1
        if target < 0:
            return
        if yes:
            _undo_to(self.game, target)
            self.peer_count = target
            self.changes += 1
        out = bytearray((1 if yes else 0,))
        _put16(out, target)
        self._queue(ANSWER, out)

    def mark(self, done):
        """After a Go game: send the dead stones as marked here, and whether this side is done."""
        game = self.game
        stones = sorted(game.dead_stones())  # (as the other side's are kept: they compare)
        self.marks = (done, stones)
        out = bytearray((1 if done else 0,))
        for p in _groups(game, stones):
            _put16(out, p)
        self._queue(MARKS, out)

    def tell(self, text):
        """A named complaint to the other side, whose screen says it (a bridge whose engine
        failed): the link's ERROR, sent now if the link is ready."""
        self._complain(text)

    def agreed(self):
        """Both sides done marking, the same stones dead."""
        mine = self.marks
        theirs = self.peer_marks
        return (mine is not None and theirs is not None and mine[0] and theirs[0]
                and mine[1] == theirs[1])

    # -- the loop -------------------------------------------------------------------------------

    def poll(self, now):
        """Read what came, act on it, send again what was not acknowledged, greet or ping;
        never blocks, never raises for anything the other side sends."""
        pipe = self.pipe
        if not pipe.is_open():
            if not pipe.reopen():
                self._lose(now)
                return
        self._read(now)
        if self.state == REFUSED:
            return
        clock = self.clock
        if self.state == READY and clock.ticks_diff(now, self.heard_at) >= LOST_MS:
            self._lose(now)
        if self.state == WAITING:
            if clock.ticks_diff(now, self.hello_at) >= RETRY_MS:
                self._hello(now)
            return
        if self.queue and clock.ticks_diff(now, self.sent_at) >= RETRY_MS:
            self._write(self.queue[0][1], now)
            self.sent_at = now
        elif clock.ticks_diff(now, self.spoke_at) >= PING_MS:
            self._write(frames.frame(0, PING), now)

    def _read(self, now):
        pipe = self.pipe
        parser = self.parser
        chunk = self.chunk
        try:
            n = pipe.readinto(chunk)
        except OSError:
            return
        reads = _READS
        while n and reads:
            reads -= 1
            i = 0
            while True:
                i = parser.take(chunk, i, n)
                if parser.fault:
                    self._complain(frames.FAULTS[parser.fault], False)
                    parser.fault = frames.NO_FAULT
                if parser.ready:
                    self.heard_at = now
                    self._frame(parser.seq, parser.kind, parser.payload(), now)
                elif i >= n:
                    break
            try:
                n = pipe.readinto(chunk) if pipe.is_open() else 0
            except OSError:
                n = 0

    def _lose(self, now):
        if self.state == READY:
            self._regreet(now)

    def _regreet(self, now):
        """Greet again with a new nonce: both sides then begin their numbers afresh and say
        where they are (nothing queued is needed after that)."""
        self.state = WAITING
        self._new_nonce()
        self.queue = []
        self.peer_count = -1
        self.disorder = 0
        self.hello_at = now - RETRY_MS

    def _new_nonce(self):
        seed = self.seed * 75 + 74 & 0xFFFF  # (a new one each time the link is greeted anew)
        self.seed = seed or 1
        self.nonce = self.seed

    # -- sending --------------------------------------------------------------------------------

    def _write(self, data, now):
        try:
            self.pipe.write(data)
        except OSError:
            pass  # the pipe closes itself; poll reopens it
        self.spoke_at = now

    def _hello(self, now):
        out = bytearray((PROTOCOL, self.role))
        _put16(out, self.nonce)
        _put16(out, self.peer_nonce)
        out.extend(self.version.encode())
        self._write(frames.frame(0, HELLO, out), now)
        self.hello_at = now

    def _queue(self, kind, payload):
        if self.state != READY:
            return  # greeting again says where each side is: nothing queued is needed
        if len(self.queue) >= _QUEUE:
            self._complain("too many messages waiting", False)
            return
        seq = self.tx_seq
        self.tx_seq = seq + 1 & 0xFF
        self.queue.append((seq, frames.frame(seq, kind, payload)))
        if len(self.queue) == 1:
            now = self.clock.ticks_ms()
            self._write(self.queue[0][1], now)
            self.sent_at = now

    def _complain(self, text, tell=True):
        """Something from the other side was refused: named here, and there unless it was
        garbage the other side cannot have meant."""
        self.problem = text
        self.problems += 1
        if tell and self.state == READY:
            self._write(frames.frame(0, ERROR, text.encode()[:frames.MAX_PAYLOAD]),
                        self.clock.ticks_ms())

    def _send_game(self):
        game = self.game
        out = bytearray((self.colour,))
        _put16(out, _total(game))
        _put16(out, chain(game))
        out.extend(self.header)
        self._queue(GAME, out)
        if not self.colour:
            self._send_steps()

    def _send_step(self, number):
        out = bytearray((number,))
        out.extend(self.pregame.value(number).encode())
        self._queue(STEP, out)

    def _send_steps(self):
        """The pregame's steps this side took, in order (the offer's, or the answer's again)."""
        pregame = self.pregame
        for number in range(pregame.step):
            if pregame.who(number) == self._player():
                self._send_step(number)

    def _settled_game(self, game):
        """The game the pregame settled (game's size; its clock, a side's own, stays) and the
        colour it gives this side."""
        pregame = self.pregame
        fresh = pregame.new_game(game.size)
        fresh.clock = game.clock
        return fresh, 1 if pregame.black() == self._player() else 2

    def _player(self):
        """This side's player in the pregame: the host proposes, the side that joins chooses."""
        return self.pregame.PROPOSER if self.role == HOST else self.pregame.CHOOSER

    def _settle(self):
        """Host: the other side's steps settled the pregame: its game is this link's."""
        self.game, self.colour = self._settled_game(self.game)
        self.header = _identity(self.game)

    def _send_state(self):
        out = bytearray()
        _put16(out, _total(self.game))
        _put16(out, chain(self.game))
        self._queue(STATE, out)

    def _send_moves(self, kind, start, end):
        words = self.game.move_words()
        game = self.game
        while start < end:
            stop = min(end, start + _WORDS)
            out = bytearray()
            _put16(out, start)
            _put16(out, position_digest(game))  # checked after the last message's moves only
            out.append(1 if stop == end else 0)
            for i in range(start, stop):
                _put16(out, words[i] if i < len(words) else _resign_word(game))
            self._queue(kind, out)
            start = stop
        self.peer_count = end

    def _catch_up(self):
        """Both sides have said where they are: the one ahead sends what the other lacks, when
        the other's moves are the start of its own; else the games differ, said on both."""
        game = self.game
        peer = self.peer_count
        if game is None or peer < 0:
            return
        total = _total(game)
        if peer > total:
            return  # the other side is ahead: it sends
        if chain(game, peer) != self.peer_chain:
            self.peer_count = -1
            self._complain("the games differ from move %d" % (peer + 1))
            return
        if total > peer:
            self._send_moves(SYNC, peer, total)

    # -- receiving ------------------------------------------------------------------------------

    def _frame(self, seq, kind, payload, now):
        if self.state == REFUSED:
            if kind == HELLO:
                self._hello(now)  # so the other side learns why, and refuses too
            return
        if kind == ACK:
            if self.queue and self.queue[0][0] == seq:
                self.queue.pop(0)
                if self.queue:
                    self._write(self.queue[0][1], now)
                    self.sent_at = now
            return
        if kind == PING:
            return
        if kind == HELLO:
            self._on_hello(payload, now)
            return
        if kind == ERROR:
            self.problem = "other side: " + _text(payload)
            return
        if self.state != READY:
            return  # (sequenced messages of a link not yet greeted: it greets anew)
        if seq != self.rx_seq:
            if seq == self.rx_seq - 1 & 0xFF:  # sent again: its ACK was lost
                self._write(frames.frame(seq, ACK), now)
            else:
                self._complain("message out of order", False)
                self.disorder += 1
                if self.disorder >= _DISORDER:  # the numbers went astray: greet anew
                    self._regreet(now)
            return
        self.disorder = 0
        self.rx_seq = seq + 1 & 0xFF
        self._write(frames.frame(seq, ACK), now)
        try:
            self._act(kind, payload)
        except Refused as why:
            self._complain(str(why))
        except (ValueError, IndexError) as error:  # a payload too short, a field out of range
            self._complain("bad message %s: %s" % (chr(kind), error))

    def _on_hello(self, payload, now):
        if len(payload) < 6:
            self._complain("bad hello", False)
            return
        version = _text(payload[6:])
        protocol = payload[0]
        if protocol != PROTOCOL or version != self.version:
            self.peer_version = version
            self.problem = "version %s here, %s there" % (self.version, version or "?")
            if protocol != PROTOCOL:
                self.problem = "link protocol %d here, %d there" % (PROTOCOL, protocol)
            self.state = REFUSED
            self._hello(now)  # the other side learns this side's version, and refuses too
            return
        if payload[1] == self.role:
            self.problem = "both sides %s: one hosts, one joins" % ROLES[self.role]
            self.state = REFUSED
            self._hello(now)
            return
        nonce = _u16(payload, 2)
        if nonce != self.peer_nonce:  # a new greeting from the other side: begin again
            self.peer_nonce = nonce
            if self.state == READY:
                self.state = WAITING
                self._new_nonce()
            self.queue = []
            self.disorder = 0
            self.tx_seq = 0
            self.rx_seq = 0
            self.peer_count = -1
            self._hello(now)
        if _u16(payload, 4) == self.nonce and self.state == WAITING:
            self.state = READY
            self.ever = True
            self.heard_at = now
            if self.role == HOST and self.game is not None:
                self._send_game()
            elif self.role == JOIN and self.game is not None and self.offered is None:
                pass  # resuming: its STATE goes once the host's GAME names the same game
        elif _u16(payload, 4) != self.nonce:
            self._hello(now)  # it has not seen this side's greeting yet

    def _act(self, kind, payload):
        if kind == GAME:
            self._on_game(payload)
        elif kind == STATE:
            if self.role != HOST or self.game is None or not self.settled():
                raise Refused("state not expected")
            self.peer_count = self.behind = _u16(payload, 0)
            self.peer_chain = _u16(payload, 2)
            self._catch_up()
        elif kind == REFUSE:
            self.refused = _text(payload) or "declined"
        elif kind == MOVES or kind == SYNC:
            self._on_moves(kind, payload)
        elif kind == UNDO:
            target = _u16(payload, 0)
            game = self._playing()
            if target >= _total(game):
                raise Refused("undo to move %d of %d" % (target, _total(game)))
            self.undo_asked = target
        elif kind == ANSWER:
            target = _u16(payload, 1)
            if target != self.undo_wanted:
                raise Refused("undo answer not asked for")
            self.undo_wanted = -1
            self.undo_answer = bool(payload[0])
            if payload[0]:
                _undo_to(self._playing(), target)
                self.peer_count = target
            self.changes += 1
        elif kind == MARKS:
            self._on_marks(payload)
        elif kind == STEP:
            self._on_step(payload)
        else:
            raise Refused("unknown message %d" % kind)

    def _playing(self):
        if self.game is None:
            raise Refused("no game linked")
        return self.game

    def _on_game(self, payload):
        if self.role != JOIN:
            raise Refused("offer not expected")
        colour = 3 - payload[0] if payload[0] else 0  # (0: the pregame settles it)
        if colour not in (0, 1, 2):
            raise Refused("offer colour %d" % payload[0])
        count = self.behind = _u16(payload, 1)
        self.peer_chain = _u16(payload, 3)
        header = bytes(payload[5:])
        if not colour and self.pregame is not None and header == self.offer_header:
            self.peer_count = count  # the same offer again (a lost link): where it stood
            if self.game is not None:  # taken here, its answer lost with the link: again
                self._send_steps()
                self._send_state()
            return
        if self.game is not None and header == self.header and colour == self.colour:
            self.peer_count = count  # the same game: where it stopped, on both
            self._send_state()
            self._catch_up()
            return
        from stones.session import decode_game

        try:
            game, _ = decode_game(header)
        except ValueError as error:  # (GameError too: a field the rules refuse)
            raise Refused("offer: %s" % error)
        pregame = None
        if not colour:
            pregame = game.pregame_protocol()
            if pregame is None:
                raise Refused("offer: %s has no pregame to settle the colours" % game.title)
        self.offered = (game, colour)
        self.pregame = pregame
        self.offer_header = header
        self.peer_count = count

    def _on_step(self, payload):
        from stones.engine.game import GameError

        pregame = self.pregame
        if pregame is None or (self.role == JOIN and self.offered is None and self.game is None):
            raise Refused("pregame step not expected")
        number = payload[0]
        text = _text(payload[1:])
        if number < pregame.step:  # said before the link was lost: it must be the same
            if pregame.value(number) != text:
                raise Refused("pregame step %d differs" % (number + 1))
            return
        if number > pregame.step or pregame.step == pregame.DONE:
            raise Refused("pregame step %d out of order" % (number + 1))
        if pregame.who(number) == self._player():
            raise Refused("pregame step %d is this side's" % (number + 1))
        try:
            pregame.take(text)
        except GameError as error:
            raise Refused("pregame step %d: %s" % (number + 1, error))
        if self.role == HOST and self.settled():
            self._settle()
        self.changes += 1

    def _on_moves(self, kind, payload):
        from stones.engine.game import RESIGN_MOVE, GameError, split_word

        game = self._playing()
        if len(payload) < 7 or len(payload) & 1 == 0:
            raise Refused("bad moves message")
        start = _u16(payload, 0)
        digest = _u16(payload, 2)
        n = (len(payload) - 5) // 2
        total = _total(game)
        if start > total:
            raise Refused("moves from %d, this game has %d" % (start + 1, total))
        if kind == SYNC and start + n > self.behind:
            raise Refused("catching up past move %d" % self.behind)
        words = game.move_words()
        played = 0
        try:
            for k in range(n):
                word = _u16(payload, 5 + 2 * k)
                index = start + k
                if index < total:  # already here: it must be the same move
                    same = words[index] if index < len(words) else _resign_word(game)
                    if word != same:
                        raise Refused("move %d differs" % (index + 1))
                    continue
                colour, move = split_word(word)
                if kind == MOVES and colour != 3 - self.colour:
                    raise Refused("move %d is not the other side's" % (index + 1))
                if move == RESIGN_MOVE:
                    if colour not in (1, 2) or game.over:
                        raise Refused("resignation at move %d" % (index + 1))
                    game.resign(colour)
                else:
                    if colour != game.to_move:  # (play_as would hand the turn over first)
                        raise Refused("move %d out of turn" % (index + 1))
                    try:
                        game.play(move)
                    except GameError as error:
                        raise Refused("move %d: %s" % (index + 1, error))
                played += 1
            if payload[4] and digest != position_digest(game):
                raise Refused("positions differ after move %d" % _total(game))
        except Exception:
            for _ in range(played):
                game.undo()  # all or none
            raise
        if played:
            self.peer_count = _total(game)
            self.changes += 1

    def _on_marks(self, payload):
        game = self._playing()
        if not game.marks_dead or not game.over:
            raise Refused("marks not expected")
        stones = []
        for k in range((len(payload) - 1) // 2):
            p = _u16(payload, 1 + 2 * k)
            if not game.grid.on_board(p) or not game.colour(p):
                raise Refused("no stones to mark at %d" % p)
            stones.extend(game.group(p))
        stones.sort()
        game.mark_dead(stones)
        self.peer_marks = (bool(payload[0]), stones)
        if self.marks is not None and self.marks[1] != stones:
            self.marks = (False, stones)  # the marking changed there: this side looks again
        self.changes += 1


def _identity(game):
    """The game save's header line and set-up stones: what names a game on both sides."""
    from stones.session import encode_game

    data = encode_game(_Bare(game), {})
    end = data.find(b"\n") + 1
    setup = 2 + 2 * len(game.setup)
    return bytes(data[:end + setup])


class _Bare:
    """A game's settings without its moves or players, for _identity."""

    def __init__(self, game):
        self.key = game.key
        self.size = game.size
        self.settings = game.settings
        self.options = game.options
        self.setup = game.setup
        self.resigned = 0
        self.clock = None  # (the identity is the rules: a clock is each side's own)

    def move_words(self):
        return b""


def _total(game):
    """Moves, and a resignation as one more."""
    return game.count + (1 if game.resigned else 0)


def _resign_word(game):
    from stones.engine.game import RESIGN_MOVE, stone_word

    return stone_word(game.resigned, RESIGN_MOVE)


def _undo_to(game, target):
    while _total(game) > target:
        game.undo()  # (a resignation first)


def _groups(game, stones):
    """One stone of each group among stones (sorted), the first of each."""
    seen = set()
    out = []
    for p in stones:
        if p not in seen:
            out.append(p)
            for s in game.group(p):
                seen.add(s)
    return out


def _text(data):
    try:
        return str(bytes(data[:60]), "utf-8")
    except UnicodeError:
        return "?"
