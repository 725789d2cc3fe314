"""The soak: whole games back to back on the emulated Pico, python -m host_tools.bench.soak.

make bench runs it. build/pocket-stones.uf2 (make firmware) boots on the emulated RP2040 with
host_tools/bench/mp/pico_soak.py on its filesystem; one app is built in the REPL and kept, and
every game of the registry is played on its own board in turn, device against device, round after
round, without a restart: --rounds rounds at --level (the weakest by default, so that a game
ends in the time there is), then --top-rounds at the strongest Pico level. After each game the
free heap and the largest free block (micropython.mem_info's max free sz) are read: a leak shows
as free heap falling game after game, fragmentation as the largest block shrinking, and a
MemoryError as a failed game. Figures go to docs/results/soak.json (results.py): the summary,
and every game's row, which render.py turns into the soak table of docs/benchmarks.md.

    .venv/bin/python -m host_tools.bench.soak [--rounds 13] [--top-rounds 1] [--level 1]
        [--games go loose ...] [--hours H]

--hours stops starting new games once that much host time has gone (the games played count);
a short run (--rounds 1 --top-rounds 0) takes some minutes of host time.
"""

import argparse
import re
import sys
import time

from host_tools.bench.pico import UF2, script
from host_tools.bench.results import AT_MOST, Results
from host_tools.pico.emulator import EmulatedPico, PicoError, available
from stones.engine import registry
from stones.engine.search import levels

BLOCK = 16  # bytes of a heap block on the RP2040 port (4 words of 4 bytes)
DRIFT_TARGET = 4 * 1024  # free heap after a game's last play at most this below its first
GAME_MS = 4 * 3600 * 1000  # the emulated time one game's exec may take, at most


def play(pico, key, level):
    """One game in the app on the device: a row {game, level, moves, ms, free, largest}, or
    {game, level, failed} with the device's reason."""
    try:
        out = pico.exec("import pico_soak\npico_soak.game(%r, %d)" % (key, level),
                        max_ms=GAME_MS)["out"]
    except PicoError as error:  # raised on the device (a MemoryError out of the error screen)
        return {"game": key, "level": level, "failed": str(error)[-200:]}
    found = re.search(r"^game (\S+) (\d+) (\d+) (\d+) (\d+)", out, re.M)
    if not found:
        failed = re.search(r"^failed (.*)$", out, re.M)
        return {"game": key, "level": level,
                "failed": failed.group(1) if failed else out.strip()[-200:]}
    largest = re.search(r"max free sz: (\d+)", out)
    return {"game": key, "level": level, "moves": int(found.group(3)),
            "ms": int(found.group(4)), "free": int(found.group(5)),
            "largest": int(largest.group(1)) * BLOCK if largest else None}


def schedule(games, rounds, level, top_rounds):
    """(key, level) of every game to play, in order: the rounds at level, then at the top."""
    order = [(key, level) for _ in range(rounds) for key in games]
    for _ in range(top_rounds):
        order += [(key, len(levels(registry.game_class(key)))) for key in games]
    return order


def soak(games, rounds, level, top_rounds, hours, uf2=None):
    """Play the schedule on one emulated Pico, one app; the rows, as they came."""
    rows = []
    stop_at = time.time() + hours * 3600 if hours else None
    files = {"pico_soak.py": script("pico_soak.py")}
    with EmulatedPico(uf2 or UF2, files=files, held=("menu",)) as pico:
        pico.repl()
        pico.set_button("menu", False)  # the app built in the REPL polls the buttons too
        for n, (key, at) in enumerate(schedule(games, rounds, level, top_rounds), 1):
            if stop_at and time.time() > stop_at:
                print("soak: time is up after %d games" % len(rows), flush=True)
                break
            row = play(pico, key, at)
            rows.append(row)
            if "failed" in row:
                print("game %d %s level %d FAILED: %s" % (n, key, at, row["failed"]), flush=True)
                break
            print("game %d %s level %d: %d moves, %.0f s on the device, free %d B, largest "
                  "block %s B" % (n, key, at, row["moves"], row["ms"] / 1000, row["free"],
                                  row["largest"]), flush=True)
    return rows


def record(results, rows):
    """The summary figures and the table's rows into results."""
    played = [row for row in rows if "failed" not in row]
    failed = [row for row in rows if "failed" in row]
    results.add("whole games in one app", len(played), "",
                "device against device, all four games in turn, no restart",
                rows=rows)  # every game's row: render.py's soak table
    results.add("games failed (MemoryError, error screen, no end)", len(failed), "", "; ".join(
        "%s: %s" % (row["game"], row["failed"]) for row in failed), 0, AT_MOST)
    if not played:
        return
    free = [row["free"] for row in played]
    largest = [row["largest"] for row in played if row["largest"] is not None]
    results.add("free heap after the first game", free[0], "B")
    results.add("free heap after the last game", free[-1], "B")
    results.add("free heap, least after a game", min(free), "B")
    drift = {}  # each game's first free heap, then its loss since (engines load at their first)
    for row in played:
        first, _ = drift.setdefault(row["game"], (row["free"], 0))
        drift[row["game"]] = (first, first - row["free"])
    worst = max(drift, key=lambda key: drift[key][1])
    results.add("free heap lost, a game's first play to its last", drift[worst][1], "B",
                "the most of any game (%s); a leak would grow round after round"
                % registry.title(worst), DRIFT_TARGET, AT_MOST)
    if largest:
        results.add("largest free block, least after a game", min(largest), "B")
        results.add("largest free block after the last game", largest[-1], "B")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=registry.keys(), choices=registry.keys())
    parser.add_argument("--rounds", type=int, default=13,
                        help="rounds of every game at --level (default 13: 52 games)")
    parser.add_argument("--top-rounds", type=int, default=1,
                        help="rounds at the strongest Pico level after them (default 1)")
    parser.add_argument("--level", type=int, default=1, help="the devices' level (default 1)")
    parser.add_argument("--hours", type=float, default=0,
                        help="start no game after this much host time (default: no limit)")
    parser.add_argument("--uf2", help="another firmware (default %s)" % UF2)
    args = parser.parse_args(argv)
    reason = available()
    if reason:
        print("soak skipped: %s" % reason)
        return 1
    results = Results("soak", "Soak: whole games back to back on the emulated Pico", argv,
                      ("firmware",))
    rows = soak(args.games, args.rounds, args.level, args.top_rounds, args.hours, args.uf2)
    record(results, rows)
    if args.uf2:
        return 0  # another firmware's figures are not the project's
    results.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
