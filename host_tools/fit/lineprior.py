"""Line priors fitted to a deeper search's choices: how Loose.line_prior was made.

    .venv/bin/python -m host_tools.fit.lineprior [--games N] [--teacher K] [--workers W] [GAME]

At the top Pico level a Loose move gets about 90 playouts, so the tree's priors decide most of
it. What they should know can be learnt from a search that plays better: the same search at K
times the budget (the teacher, default 10). This plays N games of the top Pico level against
the first release's player (bench_ai.v01, as `make bench-ai` does), searches every third
position again with the teacher, and fits a conditional logit of where the teacher's playouts
went: each candidate move i of a position gets the weight exp(w . f_i), f_i saying whether i is
on the first, second or third line (grid.line 1, 2, 3; the fourth and in are the reference),
and w makes the teacher's share of playouts over the candidates most likely. A separate w for
each stage of the game: over 2/3 of the board empty, over 1/3, the rest (the rows of
line_prior). Both players
and the teacher search as before the fit (line_prior and atari_prior zero). It prints the
table in prior points, SCALE points a unit of w (128 is neutral; a prior of q counts as
prior_visits playouts won q/256 of the time).

Loose.line_prior came from 648 positions of 32 such games, rounded, in a fit that weighed the
lines beside the priors' other terms (flips, escapes, the last stone, ataris, empty neighbours);
this tool weighs the lines alone, and on games 0-31 (743 positions) it prints (0, -38, -19, -9),
(0, -19, -9, -6), (0, -2, 1, 0). 16 points a unit measured stronger than 10 or 28 against
the baseline player (docs/journal.md). The default, 40 games, takes about 5 minutes on two
cores. Needs only the engine: the fit is a few weights, by gradient ascent in plain Python.
"""

import argparse
import math
import sys

from host_tools import paths  # noqa: F401  (puts firmware/ on sys.path)

SCALE = 16  # prior points a unit of the logit's weights
STAGES = 3  # Loose.line_stage: over 2/3 of the board empty, over 1/3, the rest
LINES = 3  # lines with a weight of their own: 1 (the edge), 2, 3


def sample(task):
    """One game of the top Pico level against the first release's player, then the teacher's
    spread over the candidates of every third position: [(stage, [(line, share), ...]), ...]."""
    from host_tools.bench import ai as bench_ai
    from host_tools.bench import opponents
    from stones.engine import registry, search

    key, teacher, index = task
    cls = registry.game_class(key)
    cls.line_prior = ((0, 0, 0, 0),) * STAGES  # the priors as they were before this fit
    cls.atari_prior = 0
    top = search.levels(cls)[-1]
    v01 = bench_ai.V01[key]
    ours = opponents.SearchPlayer(top, 1000 + index, search.PICO_NODES)
    theirs = opponents.SearchPlayer(v01[0][-1], 2000 + index, search.PICO_NODES, v01[1])
    black, white = (ours, theirs) if index % 2 == 0 else (theirs, ours)
    played = opponents.play_game(key, cls.default_size, black, white)
    moves = [played.entry(k)[1] for k in range(played.count)]
    game = registry.new_game(key, None)
    deep = search.Search()
    found = []
    buffer_moves = [0] * game.grid.length
    buffer_priors = [0] * game.grid.length
    for k, move in enumerate(moves):
        if k % 3 == index % 3 and move and not game.over:
            deep.think(game, teacher * top, 77 + k)
            playouts = dict((m, n) for m, n, _ in deep.ranked() if m)
            n = game.candidates(buffer_moves, buffer_priors)
            total = sum(playouts.get(buffer_moves[i], 0) for i in range(n))
            if total > 0:
                rows = [(game.grid.line[buffer_moves[i]],
                         playouts.get(buffer_moves[i], 0) / total) for i in range(n)]
                found.append((game.line_stage(), rows))
        game.play(move)
    return found


def fit(positions, steps=3000, rate=0.5, decay=1e-3):
    """The weights of lines 1..LINES (index 0 unused, 0.0) that make the shares of positions
    [(line, share), ...] most likely under a softmax of weight[line]."""
    weight = [0.0] * (LINES + 1)
    if not positions:
        return weight
    for _ in range(steps):
        grad = [0.0] * (LINES + 1)
        for rows in positions:
            scores = [weight[line] if line <= LINES else 0.0 for line, _ in rows]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            for (line, share), e in zip(rows, exps):
                if line <= LINES:
                    grad[line] += share - e / total
        for line in range(1, LINES + 1):
            weight[line] += rate * grad[line] / len(positions) - decay * weight[line]
    return weight


def table(samples, scale=SCALE):
    """line_prior rows from samples [(stage, rows), ...]: (0, w1, w2, w3) in prior points."""
    out = []
    for row in range(STAGES):
        weight = fit([rows for s, rows in samples if s == row])
        out.append(tuple([0] + [int(round(scale * w)) for w in weight[1:]]))
    return tuple(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--teacher", type=int, default=10,
                        help="the teacher's budget, in top Pico levels (default 10)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("game", nargs="?", default="loose")
    args = parser.parse_args(argv)
    tasks = [(args.game, args.teacher, i) for i in range(args.games)]
    samples = [s for found in _map(sample, tasks, args.workers) for s in found]
    print("%d positions (stages: %s)" % (len(samples), ", ".join(
        str(sum(1 for s, _ in samples if s == row)) for row in range(STAGES))))
    print("line_prior = %r" % (table(samples),))
    return 0


def _map(function, tasks, workers):
    if workers <= 1:
        return [function(task) for task in tasks]
    from multiprocessing import Pool

    with Pool(workers) as pool:
        return pool.map(function, tasks)


if __name__ == "__main__":
    sys.exit(main())
