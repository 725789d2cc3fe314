"""Go positions the device's own games reach, each labelled with a stronger teacher's move: the
training set of Go's learned policy.

    .venv/bin/python -m host_tools.fit.policydata label [--first N] [--count K] [--level 10]
    .venv/bin/python -m host_tools.fit.policydata selfplay [--count K] [--out FILE]
    .venv/bin/python -m host_tools.fit.policydata stats

The positions are those of the games in data/go_games.txt that GNU Go level 1 played against the
top Pico level (`goprior versus`): what the device meets. For every position of such a game,
GNU Go 3.8 at level 10 is asked what it would play there (GTP `reg_genmove`, which plays
nothing), with komi 6.5 as the games were played; its answer is the label. One labelled game a
line of data/go_policy_labels.txt: the game's line number in go_games.txt (its first game is 1),
then the teacher's move for each position from the empty board on, in order ("pass" where it
would pass, "resign" where it would give up). `label` appends a line as each game is done and
skips the games already there, so a run stopped at any point goes on where it was; it takes
about half a second a position on one core (a few hours for the whole set), which is why it
runs in the background and its data is committed as it grows.

`selfplay` adds more of the teacher's own games, five times cheaper a position: GNU Go level 10
against itself from 0-3 random opening stones (goprior.self_play), one game a line of
data/go_selfplay.txt in go_games.txt's format, game k played with seed SELFPLAY_SEED + k (so a
stopped run goes on where it was and a line can be played again). Its positions are the
teacher's, not the device's: the trainer learns from them and never holds them out.

Nothing here runs in CI: the tests read the committed lines (tests/host/test_policydata.py).
"""

import argparse
import os
import sys

from host_tools.fit.goprior import _gtp, _self_play_line, gnugo_9x9, read_games, self_play

HERE = os.path.dirname(os.path.abspath(__file__))
LABELS = os.path.join(HERE, "data", "go_policy_labels.txt")
HEADER = """# Go positions labelled by GNU Go 3.8 level 10 (reg_genmove, komi 6.5), made by
# .venv/bin/python -m host_tools.fit.policydata label (host_tools/fit/policydata.py says how).
# One game a line: its line number among the games of go_games.txt (the first is 1), then the
# teacher's move for each of its positions from the empty board on.
"""


SELFPLAY = os.path.join(HERE, "data", "go_selfplay.txt")
SELFPLAY_HEADER = """# GNU Go 3.8 level 10 against itself on 9x9 (komi 6.5) from 0-3 random opening
# stones, made by .venv/bin/python -m host_tools.fit.policydata selfplay (policydata.py).
# go_games.txt's format; the k-th game (from 0) was played with seed 100000 + k.
"""
SELFPLAY_SEED = 100000
FIRST_DEVICE_GAME = 331  # go_games.txt's header: games 331-630 are GNU Go level 1 against the
# top Pico level (`goprior versus 300 --seed 5000`); the ones before are other pairings


def device_games(games=None):
    """(number, moves) of the games GNU Go level 1 played against the top Pico level: the moves
    as (colour 'B' or 'W', point name or 'pass')."""
    games = read_games() if games is None else games
    return [(number, [(colour, point) for colour, point, _ in moves])
            for number, moves in enumerate(games, 1) if number >= FIRST_DEVICE_GAME]


def labelled():
    """{game number: [teacher's move a position]} of data/go_policy_labels.txt."""
    out = {}
    if os.path.exists(LABELS):
        with open(LABELS) as handle:
            for line in handle:
                if line.strip() and not line.startswith("#"):
                    words = line.split()
                    out[int(words[0])] = words[1:]
    return out


def label_game(moves, level=10, seed=1):
    """The teacher's move (upper case, 'pass' or 'resign') before each of moves, in order."""
    process = gnugo_9x9(level, seed)
    try:
        answers = []
        for colour, point in moves:
            answer = _gtp(process, "reg_genmove " + colour).upper()
            answers.append(answer.lower() if answer in ("PASS", "RESIGN") else answer)
            _gtp(process, "play %s %s" % (colour, point))
        _gtp(process, "quit")
    finally:
        process.kill()
        process.wait()
    return answers


def label(first=0, count=None, level=10):
    games = device_games()[first:]
    if count is not None:
        games = games[:count]
    done = labelled()
    if not os.path.exists(LABELS):
        with open(LABELS, "w") as handle:
            handle.write(HEADER)
    for number, moves in games:
        if number in done:
            continue
        answers = label_game(moves, level)
        with open(LABELS, "a") as handle:
            handle.write("%d %s\n" % (number, " ".join(answers)))
        print("game %d: %d positions" % (number, len(answers)), flush=True)


def selfplay(count, out=SELFPLAY):
    """Append count more self-play games to out (made with its header if new)."""
    if not os.path.exists(out):
        with open(out, "w") as handle:
            handle.write(SELFPLAY_HEADER)
    done = len(read_games(out))
    for k in range(done, done + count):
        opening, played = self_play(SELFPLAY_SEED + k)
        with open(out, "a") as handle:
            handle.write(_self_play_line(opening, played) + "\n")
        print("game %d: %d moves" % (k, len(played)), flush=True)


def stats():
    games = dict(device_games())
    done = labelled()
    positions = sum(len(v) for v in done.values())
    agree = sum(a == (m[1].upper() if m[1] != "pass" else "pass")
                for n, answers in done.items() for a, m in zip(answers, games[n]))
    print("%d of %d games labelled, %d positions; the games' own moves agree with the teacher "
          "at %.1f%%" % (len(done), len(games), positions, 100 * agree / max(1, positions)))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("label", help="label the games not yet labelled")
    run.add_argument("--first", type=int, default=0, help="skip this many games")
    run.add_argument("--count", type=int, default=None, help="at most this many games")
    run.add_argument("--level", type=int, default=10, help="the teacher's GNU Go level")
    more = sub.add_parser("selfplay", help="add the teacher's own games")
    more.add_argument("--count", type=int, default=100, help="games to add")
    more.add_argument("--out", default=SELFPLAY, help="the file to add to")
    sub.add_parser("stats", help="what is labelled")
    args = parser.parse_args(argv)
    if args.command == "label":
        label(args.first, args.count, args.level)
    elif args.command == "selfplay":
        selfplay(args.count, args.out)
    else:
        stats()
    return 0


if __name__ == "__main__":
    sys.exit(main())
