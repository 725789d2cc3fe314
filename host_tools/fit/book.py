"""Opening books made offline: python -m host_tools.fit.book GAME (make fit-book).

From the empty board of the game's default size, each position gets one deep search (the
search of the top Raspberry Pi level's tree, at --budget work, the game's own tuning and
knowledge, a seed that follows from the position's order); its book moves are the root children
with at least --near of the most visited one's playouts (at most --moves of them, weighted by
their playouts: a little variety among near-equal moves). The tree then follows the --widths
most visited children of each position (one width a ply, the last repeated), to --depth moves.
A position met twice, or as an image of one met before, is searched once (engine/book.py's
key). It writes:

* the game's book module (Game.book; stones/engine/go/book.py for Go) with BOOK<size> and
  DEPTH<size> as engine/book.py reads them, and its provenance (the command, the commit, the
  positions, the size in bytes);
* tests/engine/book_check.py: every position as the moves that reach it and its book moves
  with their weights, which tests/engine/test_book.py replays against the book;
* docs/results/book.json: the book's size and how it was made, for the benchmarks page.

Books are data: CI never makes one; it checks the shipped one answers every line written here.
"""

import argparse
import os
import sys
import time

from host_tools.paths import ROOT
from stones.engine import book, registry
from stones.engine.search import PI_NODES, Search


def module_name(key):
    """The game's book module: Game.book, or (a game with no book yet) book.py beside its rules
    in its package, which the game's class then names."""
    cls = registry.game_class(key)
    return cls.book or cls.__module__.rsplit(".", 1)[0] + ".book"


def module_path(key):
    """The file of the game's book module (a dotted name under firmware/)."""
    return os.path.join(ROOT, "firmware", *module_name(key).split(".")) + ".py"


CHECK = os.path.join(ROOT, "tests", "engine", "book_check.py")


def new_game(key, size, settings):
    return registry.new_game(key, size, **settings)


def replay(key, size, settings, moves):
    """The game after moves (point names, 'pass')."""
    game = new_game(key, size, settings)
    for text in moves:
        game.play(0 if text == "pass" else game.grid.parse(text))
    return game


def search_position(game, budget, seed, near, most):
    """[(move, weight)] of the position's book moves, and [moves] ranked by playouts."""
    searcher = Search(PI_NODES)
    searcher.think(game, budget, seed)
    ranked = [entry for entry in searcher.ranked() if entry[1] > 0]
    if not ranked:
        return [], []
    top = ranked[0][1]
    chosen = [(m, max(1, min(127, round(127 * n / top))))
              for m, n, _ in ranked[:most] if n >= near * top]
    return chosen, [m for m, _, _ in ranked]


def build(key, size, settings, depth, widths, budget, near, most, log=print):
    """(entries {(key, canonical move): weight}, lines [(moves, [(move name, weight)])], the
    number of positions searched)."""
    entries = {}
    lines = []
    seen = set()
    level = [[]]
    searched = 0
    for ply in range(depth):
        width = widths[min(ply, len(widths) - 1)]
        following = []
        for moves in level:
            game = replay(key, size, settings, moves)
            if game.over:
                continue
            h, frame = book.canonical(game)
            if h in seen:
                continue
            seen.add(h)
            searched += 1
            chosen, ranked = search_position(game, budget, 1 + searched, near, most)
            for move, weight in chosen:
                entries[(h, game.grid.image(move, frame))] = weight
            names = [(game.grid.name(m) if m else "pass", w) for m, w in chosen]
            lines.append((moves, names))
            log("%3d %-30s %s" % (searched, " ".join(moves) or "(empty)",
                                  " ".join("%s:%d" % n for n in names)))
            for move in ranked[:width]:
                following.append(moves + [game.grid.name(move) if move else "pass"])
        level = following
    return entries, lines, searched


def pack(entries):
    """BOOK bytes: the entries sorted by key, then move (engine/book.py's layout)."""
    out = bytearray()
    for (h, move), weight in sorted(entries.items()):
        word = weight << 9 | move
        out += bytes((h >> 24 & 255, h >> 16 & 255, h >> 8 & 255, h & 255, word >> 8, word & 255))
    return bytes(out)


def write_module(key, size, data, depth, provenance):
    cls = registry.game_class(key)
    path = module_path(key)
    import textwrap

    lines = ['"""%s\'s opening books, as engine/book.py reads them, made by' % cls.title,
             "host_tools/fit/book.py: do not edit.", ""]
    for line in provenance:
        lines += textwrap.wrap(line, 96, subsequent_indent="    ", break_on_hyphens=False)
    lines += ['"""', ""]
    lines.append("DEPTH%d = %d  # no position after this many moves is in BOOK%d" % (
        size, depth, size))
    lines.append("BOOK%d = (" % size)
    for start in range(0, len(data), 16):
        lines.append("    %r" % data[start:start + 16])
    lines.append(")")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return path


def read_lines():
    """{game: (size, [(moves, {move name: weight})])} of tests/engine/book_check.py."""
    out = {}
    if not os.path.exists(CHECK):
        return out
    scope = {}
    with open(CHECK) as handle:
        exec(handle.read(), scope)
    for key, (size, lines) in scope["LINES"].items():
        out[key] = (size, [(moves.split(), dict(
            (n, int(w)) for n, w in (item.split(":") for item in answer.split())))
            for moves, answer in lines])
    return out


def write_lines(key, size, lines):
    """tests/engine/book_check.py with this game's lines (the others' as they were): every
    position as the moves that reach it and its book moves, for the test to replay."""
    every = read_lines()
    every[key] = (size, [(moves, dict(names)) for moves, names in lines])
    out = ['"""The opening books\' positions (the moves from the empty board) and the book moves',
           'with their weights the book must answer there, made by host_tools/fit/book.py',
           'with the books it wrote: do not edit."""', "", "LINES = {"]
    for name in sorted(every):
        size, rows = every[name]
        out.append("    %r: (%d, (" % (name, size))
        for moves, names in rows:
            out.append("        (%r, %r)," % (" ".join(moves), " ".join(
                "%s:%d" % item for item in names.items())))
        out.append("    )),")
    out.append("}")
    with open(CHECK, "w") as handle:
        handle.write("\n".join(out) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=registry.keys())
    parser.add_argument("--size", type=int, default=0, help="(default: the game's own)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a game setting for the searches (Go: komi=6.5)")
    parser.add_argument("--depth", type=int, default=6, help="moves from the empty board")
    parser.add_argument("--widths", default="4,3,3,2", help="children followed, a ply each")
    parser.add_argument("--budget", type=int, default=400000, help="work a search")
    parser.add_argument("--near", type=float, default=0.8,
                        help="a book move has this share of the top move's playouts")
    parser.add_argument("--moves", type=int, default=3, help="book moves a position, at most")
    parser.add_argument("--no-write", action="store_true", help="print the book only")
    args = parser.parse_args(argv)
    cls = registry.game_class(args.game)
    size = args.size or cls.default_size
    settings = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if not value:
            parser.error("--set takes NAME=VALUE, not %r" % item)
        settings[name] = value
    widths = [int(w) for w in args.widths.split(",")]
    from host_tools.bench.results import Results, board_name, git

    command = "python -m host_tools.fit.book " + " ".join(sys.argv[1:] if argv is None else argv)
    # the run as it starts (its commit, a clean tree): the files written below change the tree
    results = Results("book", "Opening books", module="host_tools.fit.book")
    started = time.time()
    entries, lines, searched = build(args.game, size, settings, args.depth, widths,
                                     args.budget, args.near, args.moves)
    seconds = time.time() - started
    data = pack(entries)
    commit = git("rev-parse", "--short", "HEAD") or "?"
    provenance = [
        "Made by: %s" % command,
        "At commit %s; %d positions searched (%d work each, the game's own tuning), %d "
        "entries," % (commit, searched, args.budget, len(entries)),
        "%d bytes; to move %d, widths %s, book moves within %s of the top playouts."
        % (len(data), args.depth, args.widths, args.near),
        "Settings: %s." % (", ".join("%s %s" % kv for kv in sorted(settings.items()))
                           or "the game's defaults"),
    ]
    print("\n".join(provenance))
    if args.no_write:
        return 0
    path = write_module(args.game, size, data, args.depth, provenance)
    if cls.book is None:
        print("%s: now name it in the game's class: book = %r" % (
            os.path.relpath(path, ROOT), module_name(args.game)))
    write_lines(args.game, size, lines)
    name = "%s %s" % (args.game, board_name(args.game, size))
    results.add(name + " opening book", len(data), "bytes", "%d positions to move %d, %d book "
                "moves; %d work a search; %.0f s" % (searched, args.depth, len(entries),
                                                     args.budget, seconds),
                game=args.game, board=board_name(args.game, size), positions=searched,
                entries=len(entries), depth=args.depth, budget=args.budget)
    results.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
