"""Finished games kept by the device: python -m host_tools.records fetch|list|show|replay ...

    fetch [--port PORT] [--out DIR]   copy the device's records/ folder (mpremote), default
                                      ./records; the device keeps its copies
    list [DIR]                        one line a record in DIR (./records), newest first: its
                                      file, then its game, board, players, result and date
                                      (what the web page's Records list says)
    show FILE                         print a record's game: who played, when, settings, moves,
                                      diagram, result
    replay FILE [sim options]         step through a record in the simulator (left/right)

Go records are SGF (host_tools/records/sgf.py reads them); the other games use the record format of
firmware/stones/engine/records.py. Either kind can be replayed, from a device or from GTP.
"""

import argparse
import os
import subprocess
import sys

from host_tools.paths import tool
from host_tools.records.files import HEAD, describe, facts, load  # noqa: F401  (API)


def fetch(port=None, out="records", mpremote=None):
    """Copy records/ from the device into out; return the files copied."""
    from host_tools.device.flash import Device

    device = Device(mpremote or tool("mpremote"), port)
    listing = device.exec("import os\ntry:\n print(' '.join(os.listdir('records')))\n"
                          "except OSError:\n print('')\n").split()
    os.makedirs(out, exist_ok=True)
    if listing:
        device.session(*[["fs", "cp", ":records/" + name, os.path.join(out, name)]
                         for name in listing])
    return listing


def list_folder(folder):
    """[(file name, describe()'s line)] of the record files in folder, newest first (by their
    number, as the device names them)."""
    rows = []
    for name in sorted(os.listdir(folder), reverse=True):
        if not name.endswith((".sgf", ".txt")):
            continue
        try:
            with open(os.path.join(folder, name), "rb") as handle:
                head = handle.read(HEAD).decode("utf-8", "replace")
        except OSError:
            head = ""
        rows.append((name, describe(name, head)))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    get = commands.add_parser("fetch", help="copy the device's records/")
    get.add_argument("--port")
    get.add_argument("--out", default="records")
    listed = commands.add_parser("list", help="list the records in a folder")
    listed.add_argument("folder", nargs="?", default="records")
    show = commands.add_parser("show", help="print a record")
    show.add_argument("file")
    replay = commands.add_parser("replay", help="step through a record in the simulator")
    replay.add_argument("file")
    args, rest = parser.parse_known_args(argv)
    from host_tools.device.flash import CommandError
    from stones.engine.game import GameError

    try:
        if args.command == "fetch":
            try:
                names = fetch(args.port, args.out)
            except CommandError as error:  # the advice to name the port, in this command's words
                raise CommandError(str(error).replace(
                    "make flash PORT=", "python -m host_tools.records fetch --port ")) from None
            print("%d record%s copied to %s" % (len(names), "" if len(names) == 1 else "s",
                                                args.out))
            for name in names:
                print("  " + name)
        elif args.command == "list":
            for name, line in list_folder(args.folder):
                print("%s  %s" % (name, line))
        elif args.command == "show":
            game = load(args.file)
            from stones.engine.records import record

            for label, text in facts(args.file):
                print("%s: %s" % (label, text))
            print(record(game) + game.diagram())
            if game.over:
                print("Result: %s (%s)" % (game.result().text(), game.result().gtp()))
            else:
                print("Result: none, the game was left unfinished")
        else:
            load(args.file)  # refuse a bad record here, with its reason
            # the simulator sits above the records it reads, so it runs as its own command
            return subprocess.call([sys.executable, "-m", "host_tools.sim", "--replay",
                                    args.file] + rest)
    except (CommandError, GameError, ValueError, OSError) as error:
        print("records: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
