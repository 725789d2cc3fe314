"""Train a game's learned policy (stones/engine/policy.py, the game's inputs in its own policy.py)
on its labelled positions, quantise it to int8 and write the weights the engine ships.

    make fit-policy                                    # Go's, in .venv-fit (PyTorch)
    .venv-fit/bin/python -m host_tools.fit.policy [GAME] [--channels 16] [--layers 4]
        [--epochs 12] [--seed 1] [--no-write]

The data. Go (9x9): data/go_policy_labels.txt (host_tools/fit/policydata.py), GNU Go level
10's move in each position of the games GNU Go level 1 played against the top Pico level, and
GNU Go level 10's own games (go_games.txt's and data/go_selfplay.txt's), its moves their labels.
Loose, Loupe and OffShore (their default boards), which no outside engine plays:
data/<game>_search.txt (host_tools/fit/searchdata.py), the top Pico level's own games, each
position labelled by a search of the top Raspberry Pi level; the target is its root's playouts'
shares, not only its first move. Each position's inputs come from the engine's own `planes` (so
the device sees what the net was trained on); the teacher's passes and resignations are left
out. Every tenth of the device's games is held out. Training sees each position under the
board's symmetries (a square's 8, a hexagon's 12).

The float net (PyTorch on the CPU, a development-only dependency: requirements-fit.txt) is then
quantised as the engine computes it: int8 weights at a power-of-two scale a layer, int32 sums,
activations shifted back to 0..127 at a power-of-two scale calibrated on the training positions.
The held-out figures are the integer net's, computed here by a numpy model of the engine's
arithmetic, and checked against the engine's own plain-Python forward pass on a few positions,
which go into tests/engine/<game>policy_check.py for the tests to repeat on both runtimes.

Writes firmware/stones/engine/<game>/policyweights.py (with its provenance: the command, the
commit, the positions, the loss and the held-out figures) and docs/results/policy.json (the
figures, for the benchmark page: the policy's top-1 agreement with the teacher beside the old
prior's).
"""

import argparse
import math
import os
import sys
import time

import numpy as np

from host_tools.fit import policydata
from host_tools.paths import FIRMWARE, ROOT

WEIGHTS = os.path.join(FIRMWARE, "stones", "engine", "%s", "policyweights.py")
CHECK = os.path.join(ROOT, "tests", "engine", "%spolicy_check.py")
SIZE = 9  # Go's policy learns on 9x9 (its data's board); the other games on their default
TOP1_TARGET = 45.0  # % of held-out positions where the policy's first choice is the teacher's


SELF_PLAY = range(31, 331)  # go_games.txt's header: GNU Go level 10 against itself


class Board:
    """What the trainer needs of a game's board: the game's class and its policy's inputs
    module, the grid, its layout as planes (policynp.layout: rows from the top, the box of its
    points, a mask where a hexagon's corners are off it) and its symmetries as permutations of
    the box's places."""

    def __init__(self, key, size=None):
        from stones.engine import policynp, registry

        self.key = key
        self.cls = registry.game_class(key)
        self.size = size or self.cls.default_size
        self.inputs = __import__(self.cls.policy, None, None, ("_",))
        self.planes = self.inputs.PLANES
        game = self.new_game()
        self.grid = grid = game.grid
        self.height, self.width, cells, mask = policynp.layout(grid)
        self.cells = [int(c) for c in cells]
        self.mask = mask
        self.place = {c: i for i, c in enumerate(self.cells)}
        perms = []
        for k in range(grid.symmetries):
            perm = list(range(len(self.cells)))  # off the board: a place stays itself
            for p in grid.points:
                perm[self.place[grid.image(p, k)]] = self.place[p]
            perms.append(perm)
        self.symmetries = np.array(perms, np.int64)  # image k's place i is x's place perm[i]

    def new_game(self):
        from stones.engine import registry

        game = registry.new_game(self.key, self.size)
        game.prepare()
        return game

    def index(self, p):
        return self.place[p]

    def tensor(self, x):
        t = np.zeros((self.planes, self.height * self.width), np.uint8)
        for p in self.grid.points:
            i = self.place[p]
            for c in range(self.planes):
                t[c, i] = x[p * self.planes + c] != 0
        return t.reshape(self.planes, self.height, self.width)

    def legal_mask(self, game):
        mask = np.zeros(self.height * self.width, bool)
        for p in self.grid.points:
            if not game.reason(p):
                mask[self.place[p]] = True
        return mask


def go_positions(board):
    """[(game number, moves played to reach the position, [(teacher's move, weight)])] of Go's
    labelled games: the device's games with GNU Go level 10's answer in each (policydata.py),
    then GNU Go level 10's own games (go_games.txt's and data/go_selfplay.txt's), its moves
    their labels (those games are never held out: the held-out positions are the device's)."""
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
        out.append((number, [m for _, m in moves],
                    [[] if a.lower() in ("pass", "resign") else [(a, 1)] for a in answers],
                    [c for c, _ in moves]))
    return out


def search_positions(board):
    """The same of a game's searched games (searchdata.py): the Pico level's moves, each
    position labelled by the top Pi level's root, its moves weighted by their playouts."""
    from host_tools.fit import searchdata

    out = []
    for k, positions in sorted(searchdata.read(board.key).items()):
        out.append((k + 1, [played for played, _ in positions],
                    [label for _, label in positions], None))
    return out


def positions(board):
    """[(game number, planes (C, H, W) uint8 0/1, target distribution (H * W,) float32, legal
    mask (H * W,), old prior's choice index, moves played to reach it)] of every labelled
    position of board's game: Go's from GNU Go (go_positions), the others' from the top Pi
    level's searches (search_positions). The target is the teacher's moves' share of its
    weight (one move for GNU Go); its passes and resignations are left out."""
    from host_tools.bench import opponents

    teacher = go_positions if board.key == opponents.reference_game("gnugo") \
        else search_positions
    out = []
    for number, moves, labels, colours in teacher(board):
        out += replay(board, number, moves, labels, colours)
    return out


def replay(board, number, moves, labels, colours=None):
    """The labelled positions of one game: moves (names) played in turn (as colours' where
    given), labels [(name, weight)] before each ([]: not a position to learn)."""
    from stones.compat import zeros

    game = board.new_game()
    grid = game.grid
    x = bytearray(grid.length * board.planes)
    cands = zeros(grid.count + 1)
    priors = zeros(grid.count + 1)
    played, out = [], []
    for at, (name, label) in enumerate(zip(moves, labels)):
        if game.over:
            break
        target = np.zeros(board.height * board.width, np.float32)
        for answer, weight in label:
            p = game.parse(answer)
            if p and not game.reason(p):
                target[board.index(p)] += weight
        if target.sum() > 0:
            board.inputs.planes(game, x, bytearray(grid.length))
            out.append((number, board.tensor(x), target / target.sum(),
                        board.legal_mask(game), old_choice(board, game, cands, priors),
                        tuple(played)))
        move = game.parse(name)
        if colours:
            game.play_as(" BW".index(colours[at]), move)
        else:
            game.play(move)
        played.append(move)
    return out


def old_choice(board, game, moves, priors):
    """The place of the old prior's first choice (the game's candidates' highest prior), -1 if
    none."""
    n = game.candidates(moves, priors)
    best, choice = -1, -1
    for i in range(n):
        if priors[i] > best and not game.reason(moves[i]):
            best, choice = priors[i], board.index(moves[i])
    return choice


def symmetry(board, x, y, k):
    """The k-th of the board's symmetries of inputs x (N, C, H, W) and targets y (N, H * W)."""
    import torch

    perm = torch.tensor(board.symmetries[k])
    n, c, h, w = x.shape
    flat = x.reshape(n, c, h * w)
    return flat[:, :, perm].reshape(n, c, h, w), y[:, perm]


def make_net(board, channels, layers):
    import torch
    import torch.nn as nn

    class Net(nn.Module):
        """3x3 convolutions with ReLU, zero off the board (a hexagon's corners), then a 1x1
        convolution to a logit a place: the engine's pass (stones.engine.policy)."""

        def __init__(self):
            super().__init__()
            convs = []
            cin = board.planes
            for _ in range(layers - 1):
                convs.append(nn.Conv2d(cin, channels, 3, padding=1))
                cin = channels
            convs.append(nn.Conv2d(cin, 1, 1))
            self.convs = nn.ModuleList(convs)
            mask = torch.ones(1, 1, board.height, board.width) if board.mask is None else \
                torch.tensor(board.mask, dtype=torch.float32).reshape(
                    1, 1, board.height, board.width)
            self.register_buffer("mask", mask)

        def forward(self, x):
            for conv in self.convs[:-1]:
                x = torch.relu(conv(x)) * self.mask
            return self.convs[-1](x)

    return Net()


def held_out(number, hold):
    """Whether positions() game number is held out: every hold-th of the device's games (Go:
    their go_games.txt line numbers; the other games: their searched games, from 1) and of
    data/go_selfplay.txt's (-1000 - their index there)."""
    return (number > 0 and number % hold == 0) or (number <= -1000 and (-1000 - number) % hold
                                                   == 0)


def train(board, data, channels, layers, epochs, seed):
    import torch

    torch.manual_seed(seed)
    x = torch.tensor(np.stack([d[1] for d in data]), dtype=torch.float32)
    y = torch.tensor(np.stack([d[2] for d in data]))
    net = make_net(board, channels, layers)
    turns = board.grid.symmetries
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * turns * ((len(data) + 255) // 256)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps)
    loss_value = 0.0
    for epoch in range(epochs):
        total, count = 0.0, 0
        for k in torch.randperm(turns).tolist():
            xs, ys = symmetry(board, x, y, k)
            order = torch.randperm(len(ys))
            for start in range(0, len(ys), 256):
                batch = order[start:start + 256]
                inputs = xs[batch]
                # the loss is over the empty points only: the net need not learn the rules
                empty = (inputs[:, 2] > 0) & (inputs[:, 0] == 0) & (inputs[:, 1] == 0)
                logits = net(inputs).flatten(1).masked_fill(~empty.flatten(1), -1e9)
                loss = -(ys[batch] * torch.log_softmax(logits, 1)).sum(1).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                total += loss.item() * len(batch)
                count += len(batch)
        loss_value = total / count
        print("epoch %d: loss %.3f" % (epoch + 1, loss_value), flush=True)
    return net, loss_value


def quantise(board, net, data):
    """The engine's layers from the float net: [(cin, cout, weight bytes, bias bytes, shift)],
    and the logits' scale (the integer logit of 1.0)."""
    import torch

    from stones.engine import policy

    convs = list(net.convs)
    x = torch.tensor(np.stack([d[1] for d in data[:2000]]), dtype=torch.float32)
    scale_in = policy.ON  # the inputs' 1.0
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
                act = torch.relu(act) * net.mask
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


def int_forward(board, layers, x):
    """The engine's arithmetic in numpy: x (N, C, H, W) 0/1 -> integer logits (N, H * W)
    (stones.engine.policynp, the pass a Raspberry Pi runs)."""
    from stones.engine import policy, policynp

    return policynp.logits(layers, x.astype(np.int64) * policy.ON, board.mask)


def top1(logits, data):
    """% of data's positions where the logits' best legal place is the teacher's first."""
    hits = 0
    for row, d in zip(logits, data):
        masked = np.where(d[3], row, np.iinfo(np.int64).min if row.dtype.kind == "i" else -1e30)
        hits += int(np.argmax(masked)) == int(np.argmax(d[2]))
    return 100.0 * hits / max(1, len(data))


def old_top1(data):
    return 100.0 * sum(d[4] == int(np.argmax(d[2])) for d in data) / max(1, len(data))


def write_weights(board, layers, logit_scale, provenance):
    title = board.cls.title
    lines = ['"""%s\'s learned policy: the int8 weights of stones.engine.policy for' % title,
             "%s, made by host_tools/fit/policy.py: do not edit." % board.cls.policy, ""]
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
    with open(WEIGHTS % board.key, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def write_check(board, samples):
    """tests/engine/<game>policy_check.py: positions (the moves that reach them) and the
    integer logits the numpy model gives there (its places, layout's order), for the engine's
    forward pass to repeat."""
    lines = ['"""Positions of %s %d and the logits stones.engine.policy must give there, made'
             % (board.cls.title, board.size),
             'by host_tools/fit/policy.py with the weights it wrote: do not edit."""', "",
             "SIZE = %d" % board.size, "CHECK = ("]
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
    with open(CHECK % board.key, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def engine_logits(board, layers, moves):
    """The engine's own plain-Python forward pass after moves, at the board's places (the
    places off the board: 0, as the numpy model's mask makes them)."""
    from stones.engine import policy, registry

    game = registry.new_game(board.key, board.size)
    for move in moves:
        game.play(move)
    logits = policy.forward(layers, game, board.inputs, plain=True)
    out = [0] * len(board.cells)
    for p in game.grid.points:
        out[board.index(p)] = logits[p]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="go", help="the game (default: go)")
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
    from host_tools.bench import opponents
    from host_tools.bench.results import Results, git
    from host_tools.bench.results import board_name as results_board

    board = Board(args.game, SIZE if args.game == opponents.reference_game("gnugo") else None)
    teacher = ("GNU Go level 10" if board.key == opponents.reference_game("gnugo")
               else "the top Pi level's search")
    # the run as it starts (its commit, a clean tree): the weights written below change the tree
    results = Results("policy", "the learned policies", argv, ("cpython",),
                      module="host_tools.fit.policy")
    data = positions(board)
    held = [d for d in data if d[0] > 0 and held_out(d[0], args.hold)]
    # and every tenth of data/go_selfplay.txt's games: more held-out positions, the teacher's own
    held_self = [d for d in data if d[0] < 0 and held_out(d[0], args.hold)]
    trained = [d for d in data if not held_out(d[0], args.hold)]
    print("%d positions from %d games: %d to train on, %d held out (%d of self-play)" % (
        len(data), len({d[0] for d in data}), len(trained), len(held), len(held_self)),
        flush=True)
    net, loss = train(board, trained, args.channels, args.layers, args.epochs, args.seed)
    held_x = np.stack([d[1] for d in held])
    with torch.no_grad():
        float_logits = net(torch.tensor(held_x, dtype=torch.float32)).flatten(1).numpy()
    layers, logit_scale = quantise(board, net, trained)
    int_logits = int_forward(board, layers, held_x)
    figures = {
        "float": top1(float_logits, held),
        "int8": top1(int_logits, held),
        "old": old_top1(held),
    }
    if held_self:
        self_x = np.stack([d[1] for d in held_self])
        figures["self"] = top1(int_forward(board, layers, self_x), held_self)
        figures["self_old"] = old_top1(held_self)
    places = board.grid.count
    macs = sum(len(wb) for _, _, wb, _, _ in layers) * places
    weight_bytes = sum(len(wb) + len(bb) for _, _, wb, bb, _ in layers)
    board_name = results_board(board.key, board.size)
    print("held-out top-1: int8 %.1f%%, float %.1f%%, old prior %.1f%%; %d weight bytes, "
          "%d multiply-adds a %s position" % (figures["int8"], figures["float"], figures["old"],
                                              weight_bytes, macs, board_name))
    samples = [(held[i][5], int_logits[i]) for i in (0, len(held) // 2, len(held) - 1)]
    for moves, logits in samples:  # the engine's plain-Python pass agrees with the numpy model
        assert engine_logits(board, layers, moves) == [int(v) for v in logits], moves
    if args.no_write:
        return 0

    provenance = [
        "Made by: .venv-fit/bin/python -m host_tools.fit.policy %s" % " ".join(
            argv or sys.argv[1:]),
        "At commit %s; %d labelled positions of %d games of %s," % (
            git("rev-parse", "--short", "HEAD") or "?", len(data), len({d[0] for d in data}),
            board_name),
        "labelled by %s (host_tools/fit/data/): %d trained on (%d symmetries" % (
            teacher, len(trained), board.grid.symmetries),
        "each); held out, every %d-th" % args.hold,
        "game: %d of the device's and %d of self-play." % (len(held), len(held_self)),
        "%d channels, %d layers, %d epochs, seed %d; final training loss %.3f." % (
            args.channels, args.layers, args.epochs, args.seed, loss),
        "Held-out top-1 agreement with %s: int8 %.1f%% (float %.1f%%); the old" % (
            teacher, figures["int8"], figures["float"]),
        "prior's %.1f%%." % figures["old"],
    ]
    if held_self:
        provenance.append("On %d positions of held-out self-play games: int8 %.1f%%, the old "
                          "prior's %.1f%%." % (len(held_self), figures["self"],
                                               figures["self_old"]))
    provenance.append("%d bytes of weights; %d multiply-adds a %s position." % (
        weight_bytes, macs, board_name))
    write_weights(board, layers, logit_scale, provenance)
    write_check(board, samples)
    add = results.for_game("%s %s policy" % (board.key, board_name), board.key, board_name)
    add("top-1 vs %s, held out, int8" % teacher, round(figures["int8"], 1), "%",
        "%d held-out positions" % len(held),
        TOP1_TARGET if board.key == opponents.reference_game("gnugo") else None)
    add("top-1 vs %s, held out, float" % teacher, round(figures["float"], 1), "%")
    add("top-1 vs %s, held out, old prior" % teacher, round(figures["old"], 1), "%",
        "the game's candidates' highest prior")
    if held_self:
        add("top-1 vs %s, its own games held out, int8" % teacher, round(figures["self"], 1),
            "%", "%d positions of data/go_selfplay.txt's held-out games" % len(held_self))
        add("top-1 vs %s, its own games held out, old prior" % teacher,
            round(figures["self_old"], 1), "%")
    add("weights", weight_bytes, "B", "int8, in flash")
    add("multiply-adds a position", macs, "", "%d channels, %d layers" % (
        args.channels, args.layers))
    add("training positions", len(trained), "", "x %d symmetries; %.0f s to train" % (
        board.grid.symmetries, time.time() - started))
    results.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
