"""The device against a desktop GTP engine (docs/link.md): the bridge is the other side of a
link (stones.link.peer, as a device that joins) and drives any GTP engine as that side's player.

    .venv/bin/python -m host_tools.gtp.bridge --link 127.0.0.1:4455 -- gnugo --mode gtp --level 1
    .venv/bin/python -m host_tools.gtp.bridge --link serial:/dev/ttyACM0 -- gnugo --mode gtp

--link is the device's address: TCP, a local socket, or a serial port (a Pico's own USB serial,
or a USB-serial adapter on its link cable: stones.platforms.serialpipe), opened again after the
device is unplugged and plugged back; a port missing or busy is named in the log.

The device hosts a Go game (any size, komi, scoring, handicap; "Link" as the colour the engine
plays) and the bridge accepts it: the engine gets boardsize, clear_board, komi and the handicap
(set_free_handicap, the device's points), then each of the device's moves as a 'play', and the
bridge plays the engine's 'genmove' answers on the link (a pass, a resignation too). An undo the
device asks for is allowed, and the engine given the position again from clear_board (so it
never needs GTP's undo). After two passes the device's dead stones are taken as the device's
player marked them (the bridge says done with the same stones), the count is the device's own,
and the bridge logs it with the engine's final_score (by the engine's own rules: GNU Go's
territory count unless it runs with --chinese-rules). A game no GTP engine plays (one whose
Game.bench names no "gtp_reference": all but Go) is declined by name on the device.

Nothing blocks the link: one GTP command is in flight at a time, its answer read by a thread, so
the link keeps its greetings and pings while the engine thinks. An engine that cannot start,
stops, answers what is not GTP, refuses a command, plays a point that is off the board or that
the rules refuse, or says nothing for --timeout seconds is named (EngineError): the bridge logs
it, tells the device (the link's ERROR: "Link: other side: ..." on its screen) and exits with
status 1. The game on the device waits for its link as for any lost link, and resumes from its
save with a bridge started again (the moves are caught up over the link and replayed to the
engine).

GoGui watches: --observer COMMAND starts a second GTP program that is given the game as it goes
(boardsize, clear_board, komi, set_free_handicap, and every move of both sides as a 'play'), as
gogui-twogtp's -observer is: GoGui's `gogui-display` shows the board in a window, GNU Go or any
other engine follows it. An observer that fails is logged and left out; the game goes on.
"""

import argparse
import queue
import shlex
import subprocess
import sys
import threading
import time

from host_tools import paths  # noqa: F401  (puts the firmware on sys.path)
from host_tools.gtp.engine import format_vertex, parse_vertex

TIMEOUT_S = 60  # an engine silent for this long after a command is named as hung
IDLE_S = 0.005  # the bridge's loop rests this long when the engine has nothing to answer
WAITING = "waiting"
PLAYING = "playing"
DONE = "done"
FAILED = "failed"


class EngineError(Exception):
    """The engine did what a GTP engine must not (or could not start); the text says what."""


class GtpProcess:
    """A GTP engine in a subprocess, one command in flight: send(command), then answer() until it
    is not None. A thread reads the engine's output, so answer() never blocks longer than its
    wait; the timeout runs on clock (ticks_ms, ticks_diff: a test's fake clock)."""

    def __init__(self, argv, clock, timeout_s=TIMEOUT_S):
        self.argv = list(argv)
        self.clock = clock
        self.timeout_ms = int(timeout_s * 1000)
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                            text=True, bufsize=1)
        except (OSError, IndexError) as error:
            why = getattr(error, "strerror", "") or error
            raise EngineError("the engine %r does not start: %s"
                              % (" ".join(self.argv), why)) from None
        self.lines = queue.Queue()
        self.command = None  # the command in flight
        self.sent_at = 0
        self.got = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for line in self.process.stdout:
                self.lines.put(line)
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def send(self, command):
        self.command = command
        self.got = []
        self.sent_at = self.clock.ticks_ms()
        try:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise EngineError("the engine stopped before %r%s"
                              % (command, self._status())) from None

    def _status(self):
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return ""
        return " (exit status %d)" % code

    def answer(self, wait_s=0.0):
        """The answer's text (after '= ') once it is whole, else None; EngineError for a
        refusal ('? ...'), what is not GTP, an engine that stopped or is silent too long."""
        command = self.command
        while True:
            try:
                line = self.lines.get(timeout=wait_s) if wait_s else self.lines.get_nowait()
            except queue.Empty:
                if self.clock.ticks_diff(self.clock.ticks_ms(), self.sent_at) >= self.timeout_ms:
                    raise EngineError("the engine did not answer %r in %d s"
                                      % (command, self.timeout_ms // 1000)) from None
                return None
            wait_s = 0
            if line is None:
                raise EngineError("the engine stopped after %r%s" % (command, self._status()))
            line = line.rstrip("\r\n")
            if not self.got:
                if not line.strip():
                    continue  # (blank lines before an answer)
                if line[:1] not in ("=", "?"):
                    raise EngineError("the engine answered %r to %r: not GTP"
                                      % (line[:40], command))
            elif not line.strip():
                break
            self.got.append(line)
        text = "\n".join(self.got)
        self.command = None
        if text.startswith("?"):
            raise EngineError("the engine refused %r: %s" % (command, text[1:].strip() or "?"))
        return text[1:].strip()

    def ask(self, command, wait_s=0.05):
        """Send and wait for the answer (the timeout as for answer): for a test's questions."""
        self.send(command)
        while True:
            text = self.answer(wait_s)
            if text is not None:
                return text

    def close(self):
        process = self.process
        if process.poll() is None and self.command is not None:
            process.kill()  # (it has not answered the last command: it would not read quit)
            process.wait()
        elif process.poll() is None:
            try:
                process.stdin.write("quit\n")
                process.stdin.flush()
                process.wait(timeout=5)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()


_OBSERVED = ("boardsize", "clear_board", "komi", "set_free_handicap", "play")


def vertex(game, move):
    """The GTP vertex of a move of a square board ('PASS' for a pass)."""
    from stones.engine.game import PASS

    return format_vertex(None if move == PASS else game.grid.coords(move))


def colour_word(colour):
    return "black" if colour == 1 else "white"


class Bridge:
    """The link's joining side, its player the engine; step(now) once a loop. state: WAITING
    (for the device's offer), PLAYING, DONE (the game over, the end agreed and sent), FAILED
    (problem says why). log(text) is told what happens."""

    def __init__(self, link, engine, log=print, observer=None):
        self.link = link
        self.engine = engine
        self.observer = observer  # a GtpProcess given the game as it goes, or None
        self.watch = []  # the commands for the observer, the first in flight once sent
        self.watching = False
        self.log = log
        self.game = None
        self.colour = 0  # the engine's colour
        self.known = []  # the (colour, move) entries the engine has, in order
        self.todo = []  # (command, then(answer)) waiting to be sent
        self.flight = None  # (command, then) sent, its answer not yet read
        self.state = WAITING
        self.problem = ""
        self.told = False  # (after a failure) the device was told
        self.score = None  # the engine's final_score, once asked
        self.asked_score = False
        self.logged_end = False
        self.ask("name", lambda text: self.log("engine: %s" % text))

    def ask(self, command, then=None):
        self.todo.append((command, then))
        if command.split(" ", 1)[0] in _OBSERVED:
            self.tell_observer(command)

    def tell_observer(self, command):
        if self.observer is not None:
            self.watch.append(command)

    def _observe(self, wait_s):
        observer = self.observer
        if observer is None:
            return
        try:
            if self.watching and observer.answer(wait_s) is not None:
                self.watching = False
                self.watch.pop(0)
            if not self.watching and self.watch:
                observer.send(self.watch[0])
                self.watching = True
        except EngineError as error:
            self.log("observer left out: %s" % error)
            observer.close()
            self.observer = None

    def busy(self):
        return self.flight is not None or bool(self.todo)

    def thinking(self):
        """Whether a command is in flight, to the engine or the observer."""
        return self.flight is not None or self.watching

    def step(self, now, wait_s=0.0):
        """Poll the link, read the engine's answer (waiting up to wait_s for it), act."""
        if self.state in (DONE, FAILED):
            self.link.poll(now)
            if self.state == FAILED:
                self._tell()
            return self.state
        self.link.poll(now)
        self._observe(wait_s if self.flight is None else 0)
        try:
            self._engine(wait_s)
            self._link()
        except EngineError as error:
            self.fail(str(error))
        return self.state

    def fail(self, text):
        self.state = FAILED
        self.problem = text
        self.flight = None
        self.todo = []
        self.told = False
        self.log("bridge: %s" % text)
        self._tell()

    def _tell(self):
        """After a failure: the device is told (an offer declined, else the link's ERROR) as
        soon as its link is ready."""
        from stones.link.peer import READY

        link = self.link
        if self.game is None and link.offered is not None:
            link.decline(self.problem[:60])
            self.told = True
        elif not self.told and link.state == READY:
            link.tell(self.problem)
            self.told = self.game is not None

    def _engine(self, wait_s):
        engine = self.engine
        if self.flight is not None:
            text = engine.answer(wait_s)
            if text is None:
                return
            then = self.flight[1]
            self.flight = None
            if then is not None:
                then(text)
        if self.flight is None and self.todo:
            self.flight = self.todo.pop(0)
            engine.send(self.flight[0])

    def _link(self):
        from stones.link.peer import READY, REFUSED

        link = self.link
        if link.state == REFUSED:
            self.fail("the link refused: %s" % link.problem)
            return
        if self.game is None:
            if link.offered is not None:
                self._offered()
            return
        if link.undo_asked >= 0:
            self.log("undo to move %d: allowed" % link.undo_asked)
            link.answer_undo(True)
        if self.busy():
            return
        game = self.game
        entries = [game.entry(i) for i in range(game.count)]
        if entries[:len(self.known)] != self.known:
            self._replay()  # an undo, or the engine's answer to a position since taken back
            return
        for i in range(len(self.known), len(entries)):
            colour, move = entries[i]
            self.ask("play %s %s" % (colour_word(colour), vertex(game, move)))
            self.known.append(entries[i])
        if self.busy():
            return
        if game.over:
            self._end()
        elif (game.to_move == self.colour and link.state == READY and link.peer_count >= 0):
            count = game.count
            self.ask("genmove " + colour_word(self.colour),
                     lambda text: self._genmoved(text, count))

    def _offered(self):
        link = self.link
        game, colour = link.offered
        if not dict(game.bench).get("gtp_reference"):  # (no desktop GTP engine plays it)
            link.decline("%s: no GTP engine plays it" % game.title)
            self.log("declined: %s, which no GTP engine plays" % game.title)
            return
        self.game = link.accept()
        self.colour = colour
        self.state = PLAYING
        self.log("accepted: Go %dx%d, %s; the engine plays %s"
                 % (game.size, game.size, ", ".join("%s %s" % (k, v) for k, v in
                                                     sorted(game.settings.items())),
                    game.COLOUR_NAMES[colour]))
        self._replay()

    def _replay(self):
        """The engine given the game from an empty board: its set-up stones, then every move."""
        game = self.game
        self.ask("boardsize %d" % game.size)
        self.ask("clear_board")
        self.ask("komi %s" % game.settings.get("komi", "0"))
        setup = [p for colour, p in game.setup]
        if setup:
            self.ask("set_free_handicap " + " ".join(vertex(game, p) for p in setup))
        self.known = []

    def _genmoved(self, text, count):
        from stones.engine.game import PASS
        from stones.link.peer import READY

        game = self.game
        link = self.link
        resign = text.lower() == "resign"
        if not resign:
            try:
                place = parse_vertex(text, game.size)
            except ValueError as error:
                raise EngineError("the engine's move %r: %s" % (text, error)) from None
            move = PASS if place is None else game.grid.index(*place)
        if game.count != count or game.over or link.state != READY:
            if not resign:
                self.known.append((self.colour, move))  # (the next step gives it the game again)
            return
        if resign:
            game.resign(self.colour)
            self.log("move %d: %s resigns" % (count + 1, game.COLOUR_NAMES[self.colour]))
            link.moved()
            return
        reason = game.reason(move)
        if reason:
            raise EngineError("the engine's move %s is refused: %s"
                              % (text, game.reason_text(reason)))
        game.play(move)
        self.known.append((self.colour, move))
        self.tell_observer("play %s %s" % (colour_word(self.colour), vertex(game, move)))
        self.log("move %d: %s %s" % (count + 1, game.COLOUR_NAMES[self.colour], text))
        link.moved()

    def _end(self):
        game = self.game
        link = self.link
        if game.marks_dead and not game.resigned:
            peer = link.peer_marks
            mine = link.marks
            if peer is not None and peer[0] and (mine is None or not mine[0]
                                                 or mine[1] != peer[1]):
                link.mark(True)  # the device's marking, taken as it is
            if not link.agreed():
                return
        if not self.asked_score:
            self.asked_score = True
            self.ask("final_score", self._scored)
            return
        if self.score is None:
            return
        if not self.logged_end:
            self.logged_end = True
            dead = game.dead_stones() if game.marks_dead else []
            self.log("the end: the device counts %s (%d dead stones agreed); the engine's "
                     "final_score %s" % (game.result().text(), len(dead), self.score))
        if not link.queue:
            self.state = DONE

    def _scored(self, text):
        self.score = text


def main(argv=None, clock=None, log=None):
    """The command line; clock (ticks_ms, ticks_diff) and log(text) stand in for the wall
    clock and stderr in a test (tests/pico/test_pico_gnugo.py: an emulated Pico's clock)."""
    argv = sys.argv[1:] if argv is None else argv
    if "--" in argv:
        cut = argv.index("--")
        argv, command = argv[:cut], argv[cut + 1:]
    else:
        command = []
    parser = argparse.ArgumentParser(
        prog="python -m host_tools.gtp.bridge", description=__doc__.splitlines()[0],
        usage="%(prog)s --link ADDRESS [--timeout S] [--observer COMMAND] -- ENGINE [ARGS...]")
    parser.add_argument("--link", metavar="ADDRESS", required=True,
                        help="the device's address: HOST:PORT over TCP, unix:PATH, or a serial "
                        "port serial:PATH[@BAUD] (a Pico's USB serial, a USB-serial adapter)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, metavar="S",
                        help="an engine silent this long after a command is named hung")
    parser.add_argument("--observer", metavar="COMMAND",
                        help="a GTP program given the game as it goes (gogui-display)")
    args = parser.parse_args(argv)
    from stones.link.peer import Link
    from stones.platforms.serialpipe import open_pipe

    if clock is None:
        from stones import compat as clock
    if log is None:
        def log(text):
            print(text, file=sys.stderr, flush=True)

    try:
        pipe = open_pipe(args.link, False)
    except ValueError as error:
        log("bridge: the address %r: %s" % (args.link, error))
        return 2
    link = Link(pipe, clock, False, seed=clock.ticks_ms())
    if not command:
        parser.error("name the engine after --, e.g. -- gnugo --mode gtp --level 1")
    try:
        engine = GtpProcess(command, clock, args.timeout)
    except EngineError as error:
        log("bridge: %s" % error)
        return 1
    observer = None
    if args.observer:
        try:
            observer = GtpProcess(shlex.split(args.observer), clock, args.timeout)
        except EngineError as error:
            log("observer left out: %s" % error)
    bridge = Bridge(link, engine, log, observer)
    log("bridge: calling %s" % pipe.name)
    said = ""
    try:
        while bridge.state not in (DONE, FAILED):
            bridge.step(clock.ticks_ms(), 0.01)  # (waits for the engine's answer, if asked)
            if not bridge.thinking():
                time.sleep(IDLE_S)  # nothing asked: a poll of the link is enough each while
            problem = getattr(pipe, "problem", "")  # (a serial port missing, busy, unplugged)
            if problem != said:
                said = problem
                log("bridge: %s" % (problem or "%s open" % pipe.name))
        for _ in range(200 if bridge.state == FAILED else 20):  # the last words on their way
            bridge.step(clock.ticks_ms())
            if bridge.state == FAILED and bridge.told:
                break
            time.sleep(0.01)
    except KeyboardInterrupt:
        log("bridge: stopped")
    finally:
        engine.close()
        if bridge.observer is not None:
            bridge.observer.close()
        pipe.close()
    return 0 if bridge.state == DONE else 1


if __name__ == "__main__":
    sys.exit(main())
