"""Go's tree priors: weights fitted to GNU Go's moves, and the tables the engine reads.

    .venv/bin/python -m host_tools.fit.goprior            # rewrite
    firmware/stones/engine/go/prior.py
    .venv/bin/python -m host_tools.fit.goprior --check    # exit 1 if that module is stale
    .venv/bin/python -m host_tools.fit.goprior fit        # refit host_tools/fit/data/go_weights.txt
    .venv/bin/python -m host_tools.fit.goprior games N    # add N GNU Go self-play games to the data
    .venv/bin/python -m host_tools.fit.goprior versus N   # add N games of GNU Go level 1 against
                                                      # the top Pico level (GNU Go's moves learnt)
        [--workers W] [--seed S] [--level L]          # W processes; seeds S.. (default: the
                                                      # number of games already in the file)

The computer player's search starts each new move in its tree with a prior: how likely that move is
to be good before any playout has tried it (search.py). Go's priors come from the features of a move
that Go.features (stones.engine.go.rules) finds (its 3x3 neighbourhood, what it captures, whether it
escapes from atari or runs into it, how far it is from the last two moves, its line), each with a
weight: the "generalized Bradley-Terry" model of Coulom ("Computing Elo ratings of move patterns in
the game of Go", 2007). A move's strength is the product of its features' gammas; the chance that a
player picks move i among the candidates is strength(i) / sum of strengths. `fit` finds the gammas
that make the moves GNU Go played most likely (Coulom's minorization-maximization, with one virtual
win and one virtual loss against a gamma of 1 for every feature value, which keeps rare ones near
1), and writes them as a readable list, data/go_weights.txt.
The module the engine loads holds them as prior points: PRIOR_SCALE points per doubling of
gamma, added to the neutral 128 (a prior of q counts as prior_visits playouts won q/256 of the
time).

The games (data/go_games.txt): GNU Go 3.8 at level 10 playing itself on 9x9 from a few random
opening stones (`games`), and GNU Go at level 1 against this engine (only GNU Go's moves are
learnt from those). One game a line: the colours whose moves are learnt, then the moves
(colour:point; set-up moves, such as the random opening stones, in lower case).

Patterns: every 3x3 neighbourhood stands for its class under the 8 rotations and reflections
(fitted and weighed as one). The list shows each class once, as rows "top/middle/bottom" of
X (the mover's stone), O (the other's), . (empty) and # (off the board). In the engine's table
a neighbourhood's weight is one of 16 levels (a nibble), LEVEL_STEP doublings apart.
"""

import argparse
import math
import os
import random
import subprocess
import sys

from host_tools.paths import FIRMWARE

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.join(HERE, "data", "go_games.txt")
WEIGHTS = os.path.join(HERE, "data", "go_weights.txt")
TARGET = os.path.join(FIRMWARE, "stones", "engine", "go", "prior.py")

PRIOR_SCALE = 20  # prior points per doubling of gamma (20 measured best of 12, 20, 30)
LEVEL_STEP = 0.75  # doublings between two of the table's 16 levels
LEVEL_LOW = -7  # the lowest level, in steps (-5.25 doublings); level 7 is a gamma of 1
SMALL = (  # name in the list, prior.py constant, values (Go.features: feat index 1..6)
    ("capture", "CAPTURE", 4),
    ("escape", "ESCAPE", 4),
    ("self_atari", "SELF_ATARI", 3),
    ("near", "NEAR", 10),
    ("near2", "NEAR2", 10),
    ("line", "LINE", 16),
)
NORMALISED = ("capture", "escape", "self_atari")  # their value 0 ("none") weighs 0
INSIDE, EDGE, CORNER = 3 ** 8, 3 ** 5, 3 ** 3
TABLE_SIZE = INSIDE + EDGE + CORNER  # prior.PATTERN's entries (Go.features' codes)
SYMBOLS = ".XO#"

# -- patterns: codes, classes, drawings ------------------------------------------------------


def _symmetries():
    """The 8 rotations and reflections of the 3x3 square as permutations of the neighbour
    order 0 1 2 / 3 . 4 / 5 6 7."""
    places = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)]
    out = []
    for turn in range(4):
        for mirror in (False, True):
            perm = []
            for x, y in places:
                if mirror:
                    x = -x
                for _ in range(turn):
                    x, y = -y, x
                perm.append(places.index((x, y)))
            out.append(perm)
    return out


SYMMETRIES = _symmetries()


def canonical(cells):
    """The class of a neighbourhood (8 colours 0-3 in the order above): the smallest of its
    symmetric images, as a tuple."""
    best = None
    for perm in SYMMETRIES:
        image = [0] * 8
        for k in range(8):
            image[perm[k]] = cells[k]
        image = tuple(image)
        if best is None or image < best:
            best = image
    return best


def cells_of_index(index):
    """The neighbourhood (colours in Go.features' frame order, 3 off the board) of an entry
    of prior.PATTERN: base-3 digits, first neighbour first, over the points on the board."""
    if index < INSIDE:
        places, code = range(8), index
    elif index < INSIDE + EDGE:
        places, code = range(5), index - INSIDE
    else:
        places, code = (1, 2, 4), index - INSIDE - EDGE
    cells = [3] * 8
    for k in reversed(places):
        cells[k] = code % 3
        code //= 3
    return tuple(cells)


def drawing(cells):
    """'top/middle/bottom' rows of a neighbourhood."""
    s = [SYMBOLS[c] for c in cells]
    return "%s%s%s/%s.%s/%s%s%s" % (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])


def parse_drawing(text):
    rows = text.split("/")
    if len(rows) != 3 or any(len(r) != 3 for r in rows) or rows[1][1] != ".":
        raise ValueError("not a 3x3 drawing: %r" % text)
    flat = rows[0] + rows[1][0] + rows[1][2] + rows[2]
    return tuple(SYMBOLS.index(ch) for ch in flat)


# -- the games and the features ---------------------------------------------------------------


def read_games(path=GAMES):
    """[[(colour, move text, learnt)]] of the data file: a move is learnt when its colour
    letter is among the first field's (set-up moves are written in lower case)."""
    games = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            learn, *moves = line.split()
            games.append([(m[0].upper(), m[2:], m[0] in learn) for m in moves])
    return games


def samples(games):
    """(index of the move played, [feature tuple of each candidate]) for every learnt move
    that was a candidate: the candidates are what Go.candidates offers (empty points but the
    ko point and the mover's own eyes), their features what Go.features finds."""
    from stones.engine.go.rules import Go
    from stones.engine.square import is_eye

    out = []
    for moves in games:
        game = Go(9)
        game.prepare()
        for colour, text, learnt in moves:
            c = 1 if colour == "B" else 2
            if game.to_move != c:
                game.set_turn(c)
            move = game.parse(text)
            if move and learnt:
                rows = []
                chosen = -1
                for i in range(game.n_empty):
                    p = game.empty[i]
                    if p == game.ko or is_eye(game, p, c):
                        continue
                    if p == move:
                        chosen = len(rows)
                    game.features(p)
                    rows.append(tuple(game.feat))
                if chosen >= 0 and len(rows) > 1:
                    out.append((chosen, rows))
            game.play(move)
    return out


def keyed(samples_):
    """The samples with each feature as a hashable key: ('pattern', class) or (name, value)."""
    names = ("pattern",) + tuple(s[0] for s in SMALL)
    out = []
    for chosen, rows in samples_:
        out.append((chosen, [tuple((names[k], canonical(cells_of_index(f[0])) if k == 0
                                    else f[k]) for k in range(len(names))) for f in rows]))
    return out


def fit(data, rounds=15):
    """Minorization-maximization for the gammas of data [(chosen, [features of each
    candidate])] (Coulom 2007, with the virtual win and loss): {feature: gamma}."""
    gamma = {}
    wins = {}
    for chosen, rows in data:
        for row in rows:
            for key in row:
                gamma[key] = 1.0
                wins.setdefault(key, 0)
        for key in rows[chosen]:
            wins[key] += 1
    for _ in range(rounds):
        denominator = dict.fromkeys(gamma, 0.0)
        for _, rows in data:
            strengths = []
            total = 0.0
            for row in rows:
                s = 1.0
                for key in row:
                    s *= gamma[key]
                strengths.append(s)
                total += s
            for row, s in zip(rows, strengths):
                for key in row:
                    denominator[key] += s / gamma[key] / total
        for key in gamma:
            gamma[key] = (wins[key] + 1.0) / (denominator[key] + 2.0 / (gamma[key] + 1.0))
    return gamma


def predicts(data, gamma):
    """How often the played move is the strongest candidate, and in the 5 strongest."""
    top1 = top5 = 0
    for chosen, rows in data:
        s = [math.prod(gamma.get(key, 1.0) for key in row) for row in rows]
        above = sum(1 for x in s if x > s[chosen])
        top1 += above < 1
        top5 += above < 5
    return top1 / len(data), top5 / len(data)


# -- the readable list and the engine's module -----------------------------------------------


def write_weights(gamma, games, moves, accuracy, path=WEIGHTS):
    lines = [
        "# Go's prior weights: log2 of each feature value's gamma (host_tools/fit/goprior.py).",
        "# Fitted to %d moves of %d games; the strongest candidate is the move played %.1f%% of"
        % (moves, games, 100 * accuracy[0]),
        "# the time, one of the five strongest %.1f%% (a fifth of the moves held out)."
        % (100 * accuracy[1]),
        "# feature value log2-gamma",
    ]
    for name, _, n in SMALL:
        for value in range(n):
            if (name, value) in gamma:
                lines.append("%s %d %+.2f" % (name, value, math.log2(gamma[(name, value)])))
    lines.append("# pattern (rows top/middle/bottom: X mover, O other, . empty, # off the board)")
    patterns = sorted((k[1], g) for k, g in gamma.items() if k[0] == "pattern")
    for cells, g in patterns:
        lines.append("pattern %s %+.2f" % (drawing(cells), math.log2(g)))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def read_weights(path=WEIGHTS):
    """({(name, value): log2 gamma}, {pattern class: log2 gamma}) of the readable list."""
    small = {}
    patterns = {}
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            kind, what, value = line.split()
            if kind == "pattern":
                cells = parse_drawing(what)
                if canonical(cells) != cells:
                    raise ValueError("%s is not its class's first drawing" % what)
                patterns[cells] = float(value)
            else:
                small[(kind, int(what))] = float(value)
    return small, patterns


def level_of(log2_gamma):
    """The table level (0-15) nearest to a weight."""
    k = round(log2_gamma / LEVEL_STEP) - LEVEL_LOW
    return min(15, max(0, k))


def levels():
    return tuple(round(PRIOR_SCALE * LEVEL_STEP * (k + LEVEL_LOW)) for k in range(16))


def table(patterns):
    """prior.PATTERN: a nibble a neighbourhood, the level of its class (two to a byte, the
    even index in the low nibble)."""
    out = bytearray((TABLE_SIZE + 1) // 2)
    for index in range(TABLE_SIZE):
        level = level_of(patterns.get(canonical(cells_of_index(index)), 0.0))
        out[index >> 1] |= level << (index & 1) * 4
    return bytes(out)


def small_tables(small):
    """{constant: tuple of prior points} for the small features."""
    out = {}
    for name, constant, n in SMALL:
        zero = small.get((name, 0), 0.0) if name in NORMALISED else 0.0
        out[constant] = tuple(round(PRIOR_SCALE * (small[(name, v)] - zero))
                              if (name, v) in small else 0 for v in range(n))
    return out


def render(small, patterns):
    pattern = table(patterns)
    lines = [
        '"""Go\'s prior weights (Go.features), made by host_tools/fit/goprior.py from',
        "host_tools/fit/data/go_weights.txt: do not edit.",
        "",
        "Prior points added to 128 for each feature value; PATTERN holds a nibble per 3x3",
        "neighbourhood code, a level of LEVELS (%d bytes)." % len(pattern),
        '"""',
        "",
        "LEVELS = %r" % (levels(),),
    ]
    for constant, values in small_tables(small).items():
        lines.append("%s = %r" % (constant, values))
    lines.append("PATTERN = (")
    for i in range(0, len(pattern), 48):
        lines.append("    b'%s'" % "".join("\\x%02x" % b for b in pattern[i:i + 48]))
    lines.append(")")
    return "\n".join(lines) + "\n"


# -- making games with GNU Go -----------------------------------------------------------------

GNUGO = "/usr/games/gnugo"


def _gtp(process, command):
    process.stdin.write(command + "\n")
    process.stdin.flush()
    out = []
    while True:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("GNU Go stopped on %r" % command)
        if not line.strip():
            if out:
                break
            continue
        out.append(line.strip())
    answer = " ".join(out)
    if not answer.startswith("="):
        raise RuntimeError("GNU Go refused %r: %s" % (command, answer))
    return answer[1:].strip()


def gnugo_9x9(level, seed):
    """GNU Go in GTP mode at level with seed, on an empty 9x9 board, komi 6.5 (the caller
    quits and kills it)."""
    process = subprocess.Popen([GNUGO, "--mode", "gtp", "--level", str(level), "--seed",
                                str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    _gtp(process, "boardsize 9")
    _gtp(process, "komi 6.5")
    return process


def self_play(seed, level=10):
    """One GNU Go game against itself on 9x9 (komi 6.5), from 0-3 random opening stones on
    the second line or above (GNU Go alone plays the same game every time)."""
    rnd = random.Random(seed)
    process = gnugo_9x9(level, seed)
    try:
        moves = []
        for k in range(rnd.choice((0, 1, 2, 2, 3))):
            colour = "BW"[k % 2]
            while True:
                point = "ABCDEFGHJ"[rnd.randrange(1, 8)] + str(rnd.randrange(2, 9))
                if "%s:%s" % (colour, point) not in moves and point not in "".join(moves):
                    break
            _gtp(process, "play %s %s" % (colour, point))
            moves.append("%s:%s" % (colour, point))
        learn_from = len(moves)
        passes = 0
        colour = "BW"[len(moves) % 2]
        while passes < 2 and len(moves) < 200:
            answer = _gtp(process, "genmove " + colour).upper()
            if answer == "RESIGN":
                break
            passes = passes + 1 if answer == "PASS" else 0
            moves.append("%s:%s" % (colour, "pass" if answer == "PASS" else answer))
            colour = "W" if colour == "B" else "B"
        _gtp(process, "quit")
    finally:
        process.kill()
        process.wait()
    return moves[:learn_from], moves[learn_from:]


def versus(seed, level=1):
    """One game of GNU Go (at level, komi 6.5) against this engine's top Pico level, as game
    `seed` of the benchmark's matches (opponents.gnugo_game: GNU Go Black for an odd seed):
    (GNU Go's colour, the moves)."""
    from host_tools.bench import opponents
    from host_tools.gtp.engine import format_vertex
    from stones.engine import search
    from stones.engine.game import PASS
    from stones.engine.go.rules import Go

    def player(engine_seed):
        return opponents.SearchPlayer(search.levels(Go)[-1], engine_seed, search.PICO_NODES)

    gnugo = opponents.GnuGoPlayer(level)
    try:
        game, colour = opponents.gnugo_game(9, player, gnugo, seed, {"komi": "6.5"})
    finally:
        gnugo.close()
    moves = []
    for i in range(game.count):
        mover, move = game.entry(i)
        moves.append("%s:%s" % (" BW"[mover], "pass" if move == PASS else
                                format_vertex(game.grid.coords(move))))
    return " BW"[3 - colour], moves


def _call(task):
    function, args = task
    return function(*args)


def _games(function, args, workers):
    """function(*a) for each a of args, in order, by workers processes."""
    tasks = [(function, a) for a in args]
    if workers <= 1:
        return map(_call, tasks)
    from multiprocessing import Pool

    with Pool(workers) as pool:
        return pool.map(_call, tasks, chunksize=1)


def _self_play_line(opening, played):
    return "BW %s" % " ".join([m.lower()[0] + m[1:] for m in opening] + played)


def _versus_line(colour, moves):
    return "%s %s" % (colour, " ".join(moves))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("table", "fit", "games", "versus"),
                        default="table")
    parser.add_argument("count", nargs="?", type=int, default=0)
    parser.add_argument("--check", action="store_true", help="exit 1 if go/prior.py is stale")
    parser.add_argument("--level", type=int, default=None,
                        help="GNU Go's level (games: 10, versus: 1)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the first game's seed (default: the games in the file)")
    parser.add_argument("--workers", type=int, default=1, help="GNU Go processes (games, versus)")
    args = parser.parse_args(argv)
    if args.command in ("games", "versus"):
        function, level, text = ((self_play, 10, _self_play_line) if args.command == "games"
                                 else (versus, 1, _versus_line))
        if args.level is not None:
            level = args.level
        first = args.seed
        if first is None:
            first = len(read_games()) if os.path.exists(GAMES) else 0
        seeds = [(seed, level) for seed in range(first, first + args.count)]
        with open(GAMES, "a") as f:
            for game in _games(function, seeds, args.workers):
                f.write(text(*game) + "\n")
                f.flush()
        return 0
    if args.command == "fit":
        games = read_games()
        data = keyed(samples(games))
        held = len(data) // 5
        accuracy = predicts(data[-held:], fit(data[:-held]))
        gamma = fit(data)
        write_weights(gamma, len(games), len(data), accuracy)
        print("%d moves of %d games; held out: top 1 %.1f%%, top 5 %.1f%%" % (
            len(data), len(games), 100 * accuracy[0], 100 * accuracy[1]))
    text = render(*read_weights())
    if args.check:
        with open(TARGET) as f:
            stale = f.read() != text
        print("%s is %s" % (TARGET, "stale" if stale else "up to date"))
        return 1 if stale else 0
    with open(TARGET, "w") as f:
        f.write(text)
    print("wrote", TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
