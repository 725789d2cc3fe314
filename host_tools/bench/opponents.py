"""Players to measure the computer opponent against, and the match runner.

    RandomPlayer      uniform among the legal placements (in Go and Loose never the mover's own
                      eye, the playouts' rule: a player who fills its own eyes is no test); a
                      pass only when there is no placement left
    GreedyPlayer      one ply: the placement with the best immediate gain, ties at random (Go:
                      stones captured; Loose: stones flipped; OffShore: own territory minus the
                      opponent's; Loupe: the mover's own group values, by the modality); passes
                      only when nothing is left, like RandomPlayer
    SearchPlayer      the device's opponent (stones.engine.search) at a budget (moves simulated),
                      with the Pico's node count unless told; with keep, its tree kept from one
                      move to the next (Search.begin's keep, as the app and GTP do); with
                      ponder, that much work on the opponent's position before each of the
                      opponent's moves (each stone of a turn of two, as the app and GTP's
                      --ponder-budget do); search, another searcher of Search's interface (a
                      ParallelSearch)
    play_game         one game between two players; every move goes through Game.play, so an
                      illegal move raises IllegalMove; after every move, the player who is not
                      to move ponders if it has ponder()
    match             n games alternating colours -> Tally (wins, draws, losses, wilson())
    wilson(k, n)      Wilson's 95% score interval of a proportion
    GnuGoPlayer       `gnugo --mode gtp --level N` as a player (new moves sent with 'play'),
                      and judge(game) by its final_score; gnugo_match plays n games against it

A player is anything with move(game) -> move that leaves game as it found it (and ponder(game),
if it ponders, the same).
"""

import math

from host_tools import paths  # noqa: F401  (puts the firmware on sys.path)
from stones.engine import registry
from stones.engine.game import BLACK, PASS, WHITE
from stones.engine.rng import Rng
from stones.engine.search import PICO_NODES, Search


def reference_game(engine="gnugo"):
    """The key of the game whose benchmark reference is GTP engine (its Game.bench
    "gtp_reference"): GNU Go plays one game of ours."""
    for key in registry.keys():
        if dict(registry.game_class(key).bench).get("gtp_reference") == engine:
            return key
    raise LookupError("no game is measured against %s" % engine)


def playable(game):
    """The legal placements a random or greedy player chooses from: not the mover's own eye
    where the game's playouts refuse one (Game.is_eye)."""
    c = game.to_move
    return [p for p in game.legal_moves() if not game.is_eye(p, c)]


class RandomPlayer:
    name = "random"

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def move(self, game):
        moves = playable(game)
        return moves[self.rng.below(len(moves))] if moves else PASS


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def move(self, game):
        moves = playable(game)
        if not moves:
            return PASS
        c = game.to_move
        best = None
        choices = []
        for p in moves:
            game.play(p)
            value = game.gain(c)  # what the game says c has won (see the module text)
            game.undo()
            if best is None or value > best:
                best = value
                choices = [p]
            elif value == best:
                choices.append(p)
        return choices[self.rng.below(len(choices))]


def zero_counts(player):
    """The counts a match reads of a player that neither searches nor ponders in this process:
    its CPU seconds and moves, playouts, and the pondering and worker counts at zero."""
    player.seconds = player.worker_seconds = player.ponder_seconds = 0.0
    player.moves = player.playouts = player.pondered = player.ponders = 0


class PriorPlayer:
    """No search at all: the playable move (playable()) that the root's priors rank first,
    as a search's root gets them (Game.candidates, then Game.root_priors) with the game's
    knowledge bits (None: its own); ties to the candidate listed first, PASS when no
    candidate is playable. The calibration line under every level: what the knowledge alone
    plays."""

    def __init__(self, knowledge=None):
        self.name = "prior" + ("" if knowledge is None else " knowledge %d" % knowledge)
        self.knowledge = knowledge
        zero_counts(self)

    def move(self, game):
        import time

        from stones.compat import octets, zeros

        start = time.process_time()
        copy = game.scratch()
        copy.copy_from(game)
        if self.knowledge is not None:
            copy.knowledge = self.knowledge
        copy.prepare()
        moves, priors = zeros(game.grid.count + 1), octets(bytes(game.grid.count + 1))
        n = copy.candidates(moves, priors)
        copy.root_priors(moves, priors, n)
        allowed = set(playable(game))
        best, pick = -1, PASS
        for i in range(n):
            if moves[i] in allowed and priors[i] > best:
                best, pick = priors[i], moves[i]
        self.seconds += time.process_time() - start
        self.moves += 1
        return pick


class SearchPlayer:
    """The computer opponent at a fixed budget; each move's seed follows from the player's seed
    and the move number, so a game is reproducible. keep: each search goes on from the last
    one's tree (the subtree of the moves played since); ponder: the work of a search with keep
    on the position the opponent is to move in, run by ponder(game) before the opponent moves
    (it stops early where the tree is full or the rest could not change its choice, as on the
    device and in GTP), so that the next move keeps the subtree of the opponent's reply. The
    CPU time of move() and of ponder() are counted apart: pondering costs the opponent's time,
    not the player's own move's."""

    def __init__(self, budget, seed=1, max_nodes=PICO_NODES, tuning=None, keep=False,
                 ponder=0, search=None):
        self.name = "search %d" % budget + (" kept" if keep else "") + (
            " ponder %d" % ponder if ponder else "")
        self.budget = budget
        self.seed = seed
        self.search = search or Search(max_nodes)
        self.tuning = tuning  # None: the game's own
        self.keep = keep
        self.ponder_work = ponder
        self.seconds = 0.0  # CPU time spent in move(), and how many moves
        self.moves = 0
        self.playouts = 0  # the playouts of move()'s searches (not of pondering)
        self.worker_seconds = 0.0  # CPU time of move()'s searches in worker processes
        self.ponder_seconds = 0.0  # CPU time spent in ponder(), its work, how many times
        self.pondered = 0
        self.ponders = 0

    def move(self, game):
        import time

        seed = (self.seed * 7919 + game.count * 104729) & 0x3FFFFFFF
        start = time.process_time()
        move = self.search.think(game, self.budget, seed, self.tuning, self.keep)
        self.seconds += time.process_time() - start
        self.playouts += getattr(self.search, "playouts", 0)  # (a ParallelSearch: none)
        self.worker_seconds += getattr(self.search, "worker_seconds", 0.0)  # a ParallelSearch
        self.moves += 1
        return move

    def ponder(self, game):
        """Ponder the position game is in (the opponent to move) with the ponder work."""
        import time

        if not self.ponder_work or game.over:
            return
        search = self.search
        seed = (self.seed * 7919 + game.count * 104729 + 65537) & 0x3FFFFFFF  # not move()'s
        start = time.process_time()
        search.begin(game, self.ponder_work, seed, self.tuning, keep=True)
        while not (search.step(64) or search.full()):
            wait = getattr(search, "wait", None)  # a ParallelSearch: its workers think
            if wait is not None:
                wait(0.01)
        self.ponder_seconds += time.process_time() - start
        self.pondered += search.work
        self.ponders += 1


def play_game(key, size, black, white, settings=None):
    """Play one game to its end; return the finished game (game.result() says who won)."""
    game = registry.new_game(key, size, **(settings or {}))
    players = {BLACK: black, WHITE: white}
    while not game.over:
        game.play(players[game.to_move].move(game))
        if not game.over:  # the other player is to move (again, in a turn of two stones)
            ponder = getattr(players[3 - game.to_move], "ponder", None)
            if ponder is not None:
                ponder(game)
    return game


class Tally:
    def __init__(self):
        self.wins = self.draws = self.losses = 0

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    def add(self, winner, colour):
        """Count a game the tallied player played as colour; winner None (no result) is a
        draw here."""
        if winner == colour:
            self.wins += 1
        elif winner in (0, None):
            self.draws += 1
        else:
            self.losses += 1

    def rate(self):
        return self.wins / self.games if self.games else 0.0

    def interval(self):
        return wilson(self.wins, self.games)

    def text(self):
        low, high = self.interval()
        return "%.1f%% [%.1f, %.1f] (%d-%d-%d)" % (100 * self.rate(), 100 * low, 100 * high,
                                                  self.wins, self.draws, self.losses)


def wilson(k, n, z=1.959964):
    """Wilson's score interval for k successes in n trials (95% by default)."""
    if not n:
        return 0.0, 1.0
    p = k / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def match(key, size, player, opponent, games, settings=None, first=0):
    """Games first .. first + games - 1 of player against opponent (factories taking a seed);
    player is Black in the even games. Returns the player's Tally."""
    tally = Tally()
    for i in range(first, first + games):
        ours = player(1000 + i)
        theirs = opponent(2000 + i)
        colour = BLACK if i % 2 == 0 else WHITE
        black, white = (ours, theirs) if colour == BLACK else (theirs, ours)
        game = play_game(key, size, black, white, settings)
        tally.add(game.result().winner, colour)
    return tally


# -- GNU Go ---------------------------------------------------------------------------------------


def find_gnugo():
    """The gnugo command (Debian installs it in /usr/games, not on every PATH), or None."""
    import os
    import shutil

    for path in (shutil.which("gnugo"), "/usr/games/gnugo"):
        if path and os.access(path, os.X_OK):
            return path
    return None


class GnuGoPlayer:
    """GNU Go over GTP as a player: the moves of the game it has not seen yet are sent with
    'play', then 'genmove'. judge(game) asks its final_score (GNU Go removes the stones it
    thinks dead; ours counts everything on the board as alive) and returns the winner."""

    def __init__(self, level=1, path=None, options=()):
        import subprocess

        self.name = "gnugo level %d" % level + "".join(" " + o for o in options)
        self.process = subprocess.Popen(
            [path or find_gnugo(), "--mode", "gtp", "--level", str(level)] + list(options),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.seen = None  # moves of the current game sent so far (None: a new game)
        self.resigned = None  # the colour GNU Go resigned for, if it did

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("GNU Go stopped after %r" % command)
            if line == "\n":
                break
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError("GNU Go refused %r: %s" % (command, text))
        return text[1:].strip()

    def new_game(self, game):
        self.ask("boardsize %d" % game.size)
        self.ask("clear_board")
        self.ask("komi %s" % game.settings.get("komi", "0"))
        self.seen = 0

    def sync(self, game):
        from host_tools.gtp.engine import format_vertex

        if self.seen is None or self.seen > game.count:
            self.new_game(game)
        for i in range(self.seen, game.count):
            mover, move = game.entry(i)
            colour = "black" if mover == BLACK else "white"
            self.ask("play %s %s" % (colour, "pass" if move == PASS else
                                     format_vertex(game.grid.coords(move))))
        self.seen = game.count

    def move(self, game):
        from host_tools.gtp.engine import parse_vertex

        self.sync(game)
        answer = self.ask("genmove " + ("black" if game.to_move == BLACK else "white"))
        self.seen += 1  # GNU Go has played it already
        if answer.lower() == "resign":
            self.resigned = game.to_move
            return PASS
        vertex = parse_vertex(answer, game.size)
        return PASS if vertex is None else game.grid.index(*vertex)

    def final_score(self, game):
        """GNU Go's final_score of game ('B+3.5', 'W+1', '0')."""
        self.sync(game)
        return self.ask("final_score")

    def judge(self, game):
        """The winner by GNU Go's final_score: BLACK, WHITE or 0."""
        score = self.final_score(game)
        if score.startswith("B+"):
            return BLACK
        if score.startswith("W+"):
            return WHITE
        return 0

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, OSError, ValueError):
            pass
        self.process.wait(timeout=10)


class MonteCarloPlayer(GnuGoPlayer):
    """GNU Go's own Monte Carlo player (gnugo --monte-carlo, 9x9 and smaller) at `playouts`
    simulations a move, as a player of ours: the reference engine at equal work. Its random
    seed follows from seed, so a game is the same game in every run; its CPU time is the GNU Go
    process's, counted by the OS, not this process's."""

    def __init__(self, playouts, seed=1, path=None):
        GnuGoPlayer.__init__(self, 1, path, ("--monte-carlo", "--mc-games-per-level",
                                             str(playouts)))
        self.name = "gnugo monte-carlo %d" % playouts
        self.seed = seed
        zero_counts(self)
        self.each = playouts

    def new_game(self, game):
        GnuGoPlayer.new_game(self, game)
        self.ask("set_random_seed %d" % self.seed)

    def move(self, game):
        self.moves += 1
        self.playouts += self.each
        return GnuGoPlayer.move(self, game)


def gnugo_game(size, player, gnugo, index, settings=None, key=None):
    """Game index of player (a factory taking a seed: 1000 + index) against gnugo (a
    GnuGoPlayer), player Black in the even games: (the finished game, player's colour). GNU Go's
    random seed is index + 1, so that a game is the same game in every run."""
    ours = player(1000 + index)
    colour = BLACK if index % 2 == 0 else WHITE
    black, white = (ours, gnugo) if colour == BLACK else (gnugo, ours)
    gnugo.seen = None
    gnugo.resigned = None
    gnugo.ask("set_random_seed %d" % (index + 1))  # GNU Go seeds from the clock otherwise
    return play_game(key or reference_game(), size, black, white, settings), colour


def gnugo_match(size, player, games, level=1, first=0, settings=None, scores=False, key=None):
    """Games first .. first + games - 1 of player (a factory taking a seed) against GNU Go,
    player Black in the even games, judged by GNU Go's final_score (see GnuGoPlayer). With
    scores, also [(our GTP final_score, GNU Go's)] of the games that ended by passes."""
    from host_tools.gtp.engine import with_dead_marked

    tally = Tally()
    counts = []
    gnugo = GnuGoPlayer(level)
    try:
        for i in range(first, first + games):
            game, colour = gnugo_game(size, player, gnugo, i, settings, key)
            if gnugo.resigned:
                winner = 3 - gnugo.resigned
            else:
                winner = gnugo.judge(game)
                if scores:
                    ours = with_dead_marked(game).result().gtp()
                    counts.append((ours, gnugo.final_score(game)))
            tally.add(winner, colour)
    finally:
        gnugo.close()
    return (tally, counts) if scores else tally
