"""Terminal pass-and-play of any game: python -m host_tools.sim.play --game loose [--size 9]
[options].

Type a point (D5, d4), `pass`, `undo`, `moves` (legal placements), `record`, or `quit`. After the
game, Go asks which groups are dead (type a stone of the group to toggle it, `done` to score).
Reads standard input, so a script can be piped in.
"""

import argparse
import sys

from host_tools import paths  # noqa: F401  (puts firmware/ on sys.path)
from stones.engine import registry
from stones.engine.game import COLOUR_NAMES, GameError
from stones.engine.records import record


def option_keys():
    """Every option key of every game, in registry order, once each."""
    keys = []
    for game in registry.keys():
        for option in registry.game_class(game).options:
            if option.key not in keys:
                keys.append(option.key)
    return keys


def options_parser(description):
    """An argparse parser with --game, --size and every game's options as flags."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--game", default="go", choices=registry.keys())
    parser.add_argument("--size", type=int, default=None)
    for key in option_keys():
        parser.add_argument("--" + key.replace("_", "-"), dest=key, default=None)
    return parser


def make_game(args):
    """The game the parsed flags describe; GameError for a flag the game does not have."""
    cls = registry.game_class(args.game)
    own = [option.key for option in cls.options]
    settings = {}
    for key in option_keys():
        value = getattr(args, key, None)
        if value is None:
            continue
        if key not in own:
            raise GameError("%s has no option --%s" % (cls.title, key.replace("_", "-")))
        settings[key] = value
    return cls(args.size, **settings)


def prompt(game):
    who = COLOUR_NAMES[game.to_move]
    extra = ""
    if game.stones_per_turn > 1:
        left = game.stones_left()
        extra = " (%d stone%s left this turn)" % (left, "" if left == 1 else "s")
    return "%s to play%s> " % (who, extra)


def mark_dead(game, read, write):
    write("Mark dead groups: type a stone of the group, 'done' to score.\n")
    while True:
        write(game.diagram() + "\n")
        line = read("dead> ")
        if line is None or line.strip() in ("done", ""):
            return
        try:
            game.toggle_dead(game.parse(line))
        except (GameError, ValueError) as error:
            write("! %s\n" % error)


def show_result(game, write):
    result = game.result()
    for label, black, white in result.lines:
        write("%-10s Black %-6s White %s\n" % (label, black, white))
    write("Result: %s (%s)\n" % (result.text(), result.gtp()))


def run(game, read, write):
    write("%s, size %d. Commands: a point, pass, undo, moves, record, quit.\n" % (
        game.title, game.size))
    while not game.over:
        write(game.diagram() + "\n")
        line = read(prompt(game))
        if line is None or line.strip() == "quit":
            return 1
        command = line.strip().lower()
        try:
            if command == "undo":
                game.undo()
            elif command == "moves":
                write(game.grid.names(game.legal_moves()) + "\n")
            elif command == "record":
                write(record(game))
            elif command:
                game.play_text(command)
        except GameError as error:
            write("! %s\n" % error)
    write(game.diagram() + "\n")
    if game.marks_dead:
        mark_dead(game, read, write)
    show_result(game, write)
    return 0


def main(argv=None):
    args = options_parser(__doc__.splitlines()[0]).parse_args(argv)
    try:
        game = make_game(args)
    except GameError as error:
        print("error: %s" % error, file=sys.stderr)
        return 2
    interactive = sys.stdin.isatty()

    def read(text):
        if interactive:
            try:
                return input(text)
            except EOFError:
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        sys.stdout.write(text + line)
        return line

    return run(game, read, sys.stdout.write)


if __name__ == "__main__":
    sys.exit(main())
