"""Positions the device's own games reach in Loose, Loupe and OffShore, each labelled by a deep
search of the top Raspberry Pi level: the training set of those games' learned policies (there is
no outside engine to learn from, as GNU Go is for Go).

    .venv/bin/python -m host_tools.fit.searchdata GAME [--count K]
    .venv/bin/python -m host_tools.fit.searchdata stats

A game of the set is the top Pico level against itself on the game's default board, after 0-2
random opening moves (game k of GAME from seed SEED + k, so a stopped run goes on where it was and
a line can be played again). Before every move, the teacher, the top Raspberry Pi level
(search.PI_NODES nodes, its budget), searches the position; its root's most visited moves and
their playouts are the label: the trainer learns the share of the playouts each move took, not
only the first (host_tools/fit/policy.py). Then the Pico level's own move is played, so the
positions are the device's. Where the teacher plays its opening book (no playout), or has no
choice, the position has no label.

One game a line of data/<GAME>_search.txt: k, then a word a position: the move played, '=', and
the teacher's moves with their playouts, most first ("e5=e5:812,d4:301,f6:77"); 'pass' as a
move's name. `GAME` appends a line as each game is done. A position costs a whole search of the
top Pi level, which is why it runs in the background and its data is committed as it grows.

Nothing here runs in CI: the tests read the committed lines (tests/host/test_policydata.py).
"""

import argparse
import os
import sys

from host_tools import paths  # noqa: F401  (puts the firmware on sys.path)
from stones.engine import registry, search
from stones.engine.game import PASS
from stones.engine.rng import Rng

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = ("loose", "loupe", "offshore")
SEED = 300000  # far from the benchmarks' seeds (opponents.match: 1000 + i, 2000 + i)
KEEP = 8  # the teacher's moves a label keeps, most visited first
HEADER = """# %s: the top Pico level against itself on the default board, after 0-2 random
# opening moves, each position labelled by a search of the top Raspberry Pi level: its root's
# most visited moves with their playouts. Made by
# .venv/bin/python -m host_tools.fit.searchdata %s (host_tools/fit/searchdata.py says how).
# One game a line: k (seeded %d + k), then move=teacher:playouts,... a position.
"""


def path_of(key):
    return os.path.join(HERE, "data", "%s_search.txt" % key)


def read(key):
    """{k: [(move played, [(teacher's move, playouts)])]} of data/<key>_search.txt (names as
    written: Game.parse reads them)."""
    out = {}
    path = path_of(key)
    if os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                if line.strip() and not line.startswith("#"):
                    words = line.split()
                    positions = []
                    for word in words[1:]:
                        played, _, label = word.partition("=")
                        moves = []
                        for entry in label.split(",") if label else ():
                            name, _, count = entry.partition(":")
                            moves.append((name, int(count)))
                        positions.append((played, moves))
                    out[int(words[0])] = positions
    return out


def _name(game, move):
    return "pass" if move == PASS else game.name(move)


def play_one(key, k):
    """Game k of key: [(move played, [(teacher's move, playouts)])], names as Game.name gives."""
    rng = Rng(SEED + k)
    game = registry.new_game(key)
    game.prepare()
    pico = search.Search(search.PICO_NODES)
    teacher = search.Search(search.PI_NODES)
    pico_budget = search.budget(game, 99)
    pi_budget = search.budget(game, 99, pi=True)
    out = []
    for _ in range(rng.below(3)):  # the opening's random moves: variety, not a position
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[rng.below(len(moves))]
        out.append((_name(game, move), []))
        game.play(move)
    while not game.over:
        seed = (SEED + k) * 7919 + game.count * 104729 & 0x3FFFFFFF
        teacher.think(game, pi_budget, seed)
        label = [(_name(game, m), n) for m, n, _ in teacher.ranked()[:KEEP] if n > 0]
        move = pico.think(game, pico_budget, seed ^ 0x5A5A5)
        out.append((_name(game, move), label))
        game.play(move)
    return out


def generate(key, count):
    path = path_of(key)
    if not os.path.exists(path):
        with open(path, "w") as handle:
            handle.write(HEADER % (key, key, SEED))
    done = read(key)
    made = 0
    k = 0
    while made < count:
        if k not in done:
            positions = play_one(key, k)
            words = ["%s=%s" % (played, ",".join("%s:%d" % e for e in label))
                     for played, label in positions]
            with open(path, "a") as handle:
                handle.write("%d %s\n" % (k, " ".join(words)))
            print("%s game %d: %d positions" % (key, k, len(positions)), flush=True)
            made += 1
        k += 1


def stats():
    for key in GAMES:
        games = read(key)
        positions = sum(1 for g in games.values() for _, label in g if label)
        print("%s: %d games, %d labelled positions" % (key, len(games), positions))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAMES + ("stats",))
    parser.add_argument("--count", type=int, default=50, help="games to add")
    args = parser.parse_args(argv)
    if args.game == "stats":
        stats()
    else:
        generate(args.game, args.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
