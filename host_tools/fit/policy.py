"""Train Go's learned policy (stones/engine/go/policy.py) on the labelled positions, quantise it to
int8 and write the weights the engine ships.

    make fit-policy                                    # the whole of it, in .venv-fit (PyTorch)
    .venv-fit/bin/python -m host_tools.fit.policy [--channels 16] [--layers 4] [--epochs 12]
        [--seed 1] [--no-write]

The data: data/go_policy_labels.txt (host_tools/fit/policydata.py), GNU Go level 10's move in
each position of the games GNU Go level 1 played against the top Pico level, and GNU Go level 10's
own games (go_games.txt's and data/go_selfplay.txt's), its moves their labels. Each position's
inputs come from the engine's own `planes` (so the device sees what the net was trained on); the
target is the teacher's point (its passes and resignations are left out). Every tenth device
game is held out. Training sees each position under the board's 8 symmetries.

The float net (PyTorch on the CPU, a development-only dependency: requirements-fit.txt) is then
quantised as the engine computes it: int8 weights at a power-of-two scale a layer, int32 sums,
activations shifted back to 0..127 at a power-of-two scale calibrated on the training positions.
The held-out figures are the integer net's, computed here by a numpy model of the engine's
arithmetic, and checked against the engine's own plain-Python forward pass on a few positions,
which go into tests/engine/gopolicy_check.py for the tests to repeat on both runtimes.

Writes firmware/stones/engine/go/policyweights.py (with its provenance: the command, the commit,
the positions, the loss and the held-out figures) and docs/results/policy.json (the figures, for
the benchmark page: the policy's top-1 agreement with the teacher beside the old prior's).
"""

import argparse
import math
import os
import sys
import time

import numpy as np

from host_tools.fit import policydata
from host_tools.paths import FIRMWARE, ROOT

WEIGHTS = os.path.join(FIRMWARE, "stones", "engine", "go", "policyweights.py")
CHECK = os.path.join(ROOT, "tests", "engine", "gopolicy_check.py")
SIZE = 9
TOP1_TARGET = 45.0  # % of held-out positions where the policy's first choice is the teacher's


SELF_PLAY = range(31, 331)  # go_games.txt's header: GNU Go level 10 against itself


def positions():
    """[(game number, planes (8, 9, 9) uint8 0/1, target index, legal mask (81,), old prior's
    choice index, moves played to reach it)] of every labelled position: the device's games
    with GNU Go level 10's answer in each (policydata.py), then GNU Go level 10's own games
    (go_games.txt's and data/go_selfplay.txt's), its moves their labels (those games are never
    held out: the held-out positions are the device's)."""
    from stones.engine import registry

    games = policydata.read_games()
    device = dict(policydata.device_games(games))
    sources = [(n, device[n], answers)
               for n, answers in sorted(policydata.labelled().items())]
    more = policydata.read_games(policydata.SELFPLAY) if os.path.exists(
        policydata.SELFPLAY) else []
    for number, moves in [(-n, games[n - 1]) for n in SELF_PLAY] + [
            (-1000 - k, moves) for k, moves in enumerate(more)]:
        sources.append((number, [(c, m) for c, m, _ in moves],
                        [m if learnt else "pass" for c, m, learnt in moves]))
    out = []
    for number, moves, answers in sources:
        game = registry.new_game("go", SIZE)
        game.prepare()
        out += replay(game, number, moves, answers)
    return out


def replay(game, number, moves, answers):
    """The labelled positions of one game: moves played in turn, answers the label before
    each ('pass' or 'resign': not a position to learn)."""
    from stones.compat import zeros
    from stones.engine.go import policy

    grid = game.grid
    x = bytearray(grid.length * policy.PLANES)
    cands = zeros(grid.count + 1)
    priors = zeros(grid.count + 1)
    played, out = [], []
    for (colour, point), answer in zip(moves, answers):
        if answer.lower() not in ("pass", "resign") and not game.over:
            target = grid.parse(answer)
            if target and not game.reason(target):
                policy.planes(game, x)
                out.append((number, tensor(grid, x), index(grid, target), legal_mask(game),
                            old_choice(game, cands, priors), tuple(played)))
        move = 0 if point.lower() == "pass" else grid.parse(point)
        game.play_as(" BW".index(colour), move)
        played.append(move)
    return out


def index(grid, p):
    """The tensor index (row from the top, column) * SIZE + column of mailbox point p."""
    col, row = grid.coords(p)
    return (SIZE - 1 - row) * SIZE + col


def tensor(grid, x):
    from stones.engine.go import policy

    t = np.zeros((policy.PLANES, SIZE, SIZE), np.uint8)
    for p in grid.points:
        i = index(grid, p)
        for c in range(policy.PLANES):
            t[c, i // SIZE, i % SIZE] = x[p * policy.PLANES + c] != 0
    return t


def legal_mask(game):
    mask = np.zeros(SIZE * SIZE, bool)
    for p in game.grid.points:
        if not game.reason(p):
            mask[index(game.grid, p)] = True
    return mask


def old_choice(game, moves, priors):
    """The tensor index of the old prior's first choice (Go.candidates' highest prior), -1 if
    none."""
    n = game.candidates(moves, priors)
    best, choice = -1, -1
    for i in range(n):
        if priors[i] > best and not game.reason(moves[i]):
            best, choice = priors[i], index(game.grid, moves[i])
    return choice


def symmetries(x, y, k):
    """The k-th of the board's 8 symmetries of inputs x (N, C, S, S) and targets y (N,)."""
    import torch

    rows, cols = y // SIZE, y % SIZE
    if k & 4:
        x = torch.flip(x, (3,))
        cols = SIZE - 1 - cols
    for _ in range(k & 3):  # a quarter turn: (r, c) -> (S - 1 - c, r)
        x = torch.rot90(x, 1, (2, 3))
        rows, cols = SIZE - 1 - cols, rows
    return x, rows * SIZE + cols


def make_net(channels, layers):
    import torch.nn as nn

    from stones.engine.go import policy

    parts = []
    cin = policy.PLANES
    for _ in range(layers - 1):
        parts += [nn.Conv2d(cin, channels, 3, padding=1), nn.ReLU()]
        cin = channels
    parts.append(nn.Conv2d(cin, 1, 1))
    return nn.Sequential(*parts)


def held_out(number, hold):
    """Whether positions() game number is held out: every hold-th of the device's games (their
    go_games.txt line numbers) and of data/go_selfplay.txt's (-1000 - their index there)."""
    return (number > 0 and number % hold == 0) or (number <= -1000 and (-1000 - number) % hold
                                                   == 0)


def train(data, channels, layers, epochs, seed):
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    x = torch.tensor(np.stack([d[1] for d in data]), dtype=torch.float32)
    y = torch.tensor([d[2] for d in data])
    net = make_net(channels, layers)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * 8 * ((len(data) + 255) // 256)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps)
    loss_value = 0.0
    for epoch in range(epochs):
        total, count = 0.0, 0
        for k in torch.randperm(8).tolist():
            xs, ys = symmetries(x, y, k)
            order = torch.randperm(len(ys))
            for start in range(0, len(ys), 256):
                batch = order[start:start + 256]
                inputs = xs[batch]
                # the loss is over the empty points only: the net need not learn the rules
                empty = (inputs[:, 2] > 0) & (inputs[:, 0] == 0) & (inputs[:, 1] == 0)
                logits = net(inputs).flatten(1).masked_fill(~empty.flatten(1), -1e9)
                loss = F.cross_entropy(logits, ys[batch])
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                total += loss.item() * len(batch)
                count += len(batch)
        loss_value = total / count
        print("epoch %d: loss %.3f" % (epoch + 1, loss_value), flush=True)
    return net, loss_value


def quantise(net, data):
    """The engine's layers from the float net: [(cin, cout, weight bytes, bias bytes, shift)],
    and the logits' scale (the integer logit of 1.0)."""
    import torch

    from stones.engine.go import policy

    convs = [m for m in net if isinstance(m, torch.nn.Conv2d)]
    x = torch.tensor(np.stack([d[1] for d in data[:2000]]), dtype=torch.float32)
    scale_in = policy._ON  # the inputs' 1.0
    layers = []
    act = x
    for at, conv in enumerate(convs):
        w = conv.weight.detach().numpy()
        b = conv.bias.detach().numpy()
        w_scale = 2.0 ** math.floor(math.log2(127 / max(1e-9, np.abs(w).max())))
        wq = np.clip(np.round(w * w_scale), -127, 127).astype(np.int64)
        bq = np.round(b * w_scale * scale_in).astype(np.int64)
        with torch.no_grad():
            act = conv(act)
            last = at == len(convs) - 1
            if not last:
                act = torch.relu(act)
        if last:
            shift, scale_out = 0, w_scale * scale_in
        else:
            top = float(np.percentile(act.numpy(), 99.99)) or 1.0
            scale_out = 2.0 ** math.floor(math.log2(127 / top))
            shift = int(round(math.log2(w_scale * scale_in / scale_out)))
            scale_out = w_scale * scale_in / 2.0 ** shift
        cout, cin, kh, kw = wq.shape
        ordered = wq.transpose(0, 2, 3, 1).reshape(-1)  # [output][row][column][input]
        layers.append((cin, cout, bytes((ordered & 0xFF).astype(np.uint8).tolist()),
                       b"".join(int(v).to_bytes(4, "little", signed=True) for v in bq), shift))
        scale_in = scale_out
    return layers, scale_in


def int_forward(layers, x):
    """The engine's arithmetic in numpy: x (N, C, S, S) 0/1 -> integer logits (N, S * S)
    (stones.engine.go.policynp, the pass a Raspberry Pi runs)."""
    from stones.engine.go import policy, policynp

    return policynp.logits(layers, x.astype(np.int64) * policy._ON)


def top1(logits, data):
    hits = 0
    for row, d in zip(logits, data):
        masked = np.where(d[3], row, np.iinfo(np.int64).min if row.dtype.kind == "i" else -1e30)
        hits += int(np.argmax(masked)) == d[2]
    return 100.0 * hits / max(1, len(data))


def write_weights(layers, logit_scale, provenance):
    lines = ['"""Go\'s learned policy: the int8 weights of stones.engine.go.policy, made by',
             "host_tools/fit/policy.py: do not edit.", ""]
    lines += list(provenance)
    lines += ['"""', "",
              "# (inputs, outputs, weights: int8 [output][row][column][input], biases: int32",
              "# little-endian, shift: the right shift after the sums; 0 for the logits)",
              "LAYERS = ("]
    for cin, cout, wb, bb, shift in layers:
        lines.append("    (%d, %d," % (cin, cout))
        for part in (wb, bb):
            for start in range(0, len(part), 16):
                lines.append("     %r" % part[start:start + 16])
            lines[-1] += ","
        lines.append("     %d)," % shift)
    lines.append(")")
    lines.append("LOGIT_ONE = %d  # the integer logit of 1.0 (a factor e of likelihood)"
                 % int(round(logit_scale)))
    with open(WEIGHTS, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def write_check(samples):
    """tests/engine/gopolicy_check.py: positions (the moves that reach them) and the integer
    logits the numpy model gives there, for the engine's forward pass to repeat."""
    lines = ['"""Positions and the logits stones.engine.go.policy must give there, made by',
             'host_tools/fit/policy.py with the weights it wrote: do not edit."""', "",
             "CHECK = ("]
    for moves, logits in samples:
        lines.append("    ((")
        for start in range(0, len(moves), 16):
            lines.append("      " + " ".join("%d," % m for m in moves[start:start + 16]))
        lines.append("     ),")
        values = [int(v) for v in logits]
        lines.append("     (")
        for start in range(0, len(values), 10):
            lines.append("      " + " ".join("%d," % v for v in values[start:start + 10]))
        lines.append("     )),")
    lines.append(")")
    with open(CHECK, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def engine_logits(layers, moves):
    """The engine's own forward pass after moves, in tensor order."""
    from stones.engine import registry
    from stones.engine.go import policy

    game = registry.new_game("go", SIZE)
    for move in moves:
        game.play(move)
    logits = policy.forward(layers, game)
    out = [0] * (SIZE * SIZE)
    for p in game.grid.points:
        out[index(game.grid, p)] = logits[p]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=16)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hold", type=int, default=10, help="hold out every Nth game")
    parser.add_argument("--no-write", action="store_true", help="print the figures only")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(max(1, (os.cpu_count() or 1)))
    started = time.time()
    from host_tools.bench.results import Results, git

    # the run as it starts (its commit, a clean tree): the weights written below change the tree
    results = Results("policy", "Go's learned policy", argv, ("cpython",))
    data = positions()
    held = [d for d in data if d[0] > 0 and held_out(d[0], args.hold)]
    # and every tenth of data/go_selfplay.txt's games: more held-out positions, the teacher's own
    held_self = [d for d in data if d[0] < 0 and held_out(d[0], args.hold)]
    trained = [d for d in data if not held_out(d[0], args.hold)]
    print("%d positions from %d games: %d to train on, %d held out (%d of self-play)" % (
        len(data), len({d[0] for d in data}), len(trained), len(held), len(held_self)),
        flush=True)
    net, loss = train(trained, args.channels, args.layers, args.epochs, args.seed)
    held_x = np.stack([d[1] for d in held])
    with torch.no_grad():
        float_logits = net(torch.tensor(held_x, dtype=torch.float32)).flatten(1).numpy()
    layers, logit_scale = quantise(net, trained)
    int_logits = int_forward(layers, held_x)
    figures = {
        "float": top1(float_logits, held),
        "int8": top1(int_logits, held),
        "old": 100.0 * sum(d[4] == d[2] for d in held) / max(1, len(held)),
    }
    if held_self:
        self_x = np.stack([d[1] for d in held_self])
        figures["self"] = top1(int_forward(layers, self_x), held_self)
        figures["self_old"] = 100.0 * sum(d[4] == d[2] for d in held_self) / len(held_self)
    macs = sum(len(wb) for _, _, wb, _, _ in layers) * SIZE * SIZE
    weight_bytes = sum(len(wb) + len(bb) for _, _, wb, bb, _ in layers)
    print("held-out top-1: int8 %.1f%%, float %.1f%%, old prior %.1f%%; %d weight bytes, "
          "%d multiply-adds a 9x9 position" % (figures["int8"], figures["float"], figures["old"],
                                               weight_bytes, macs))
    samples = [(held[i][5], int_logits[i]) for i in (0, len(held) // 2, len(held) - 1)]
    for moves, logits in samples:  # the engine's plain-Python pass agrees with the numpy model
        assert engine_logits(layers, moves) == [int(v) for v in logits], moves
    if args.no_write:
        return 0

    provenance = [
        "Made by: .venv-fit/bin/python -m host_tools.fit.policy %s" % " ".join(
            argv or sys.argv[1:]),
        "At commit %s; %d labelled positions of %d games (host_tools/fit/data/:" % (
            git("rev-parse", "--short", "HEAD") or "?", len(data), len({d[0] for d in data})),
        "go_policy_labels.txt, go_games.txt's self-play, go_selfplay.txt): %d trained on (8"
        % len(trained),
        "symmetries each); held out, every %d-th game: %d of the device's and %d of self-play." % (
            args.hold, len(held), len(held_self)),
        "%d channels, %d layers, %d epochs, seed %d; final training loss %.3f." % (
            args.channels, args.layers, args.epochs, args.seed, loss),
        "Held-out top-1 agreement with GNU Go level 10: int8 %.1f%% (float %.1f%%); the old "
        "prior's %.1f%%." % (figures["int8"], figures["float"], figures["old"]),
        "On %d positions of held-out self-play games: int8 %.1f%%, the old prior's %.1f%%." % (
            len(held_self), figures.get("self", 0.0), figures.get("self_old", 0.0)),
        "%d bytes of weights; %d multiply-adds a 9x9 position." % (weight_bytes, macs),
    ]
    write_weights(layers, logit_scale, provenance)
    write_check(samples)
    add = results.for_game("go 9x9 policy", "go", "9x9")
    add("top-1 vs GNU Go level 10, held out, int8", round(figures["int8"], 1), "%",
        "%d held-out positions" % len(held), TOP1_TARGET)
    add("top-1 vs GNU Go level 10, held out, float", round(figures["float"], 1), "%")
    add("top-1 vs GNU Go level 10, held out, old prior", round(figures["old"], 1), "%",
        "Go.candidates' highest prior")
    if held_self:
        add("top-1 vs GNU Go level 10, its own games held out, int8", round(figures["self"], 1),
            "%", "%d positions of data/go_selfplay.txt's held-out games" % len(held_self))
        add("top-1 vs GNU Go level 10, its own games held out, old prior",
            round(figures["self_old"], 1), "%")
    add("weights", weight_bytes, "B", "int8, in flash")
    add("multiply-adds a position", macs, "", "%d channels, %d layers" % (
        args.channels, args.layers))
    add("training positions", len(trained), "", "x 8 symmetries; %.0f s to train" % (
        time.time() - started))
    results.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
