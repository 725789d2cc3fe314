"""Go at the end of a game: which stones are dead, which are in seki. Loaded only then (the
marking screen, GTP final_score and final_status_list), so the engine that plays carries none
of it."""

from stones.compat import const
from stones.engine.game import BLACK, WHITE

_ATARI = const(1)  # rules.ATARI, the playouts' atari knowledge: a copy, folded away, so that
# this module and rules.py (which imports it at a game's end) do not import each other

_COLOUR = const(3)  # the packed cell byte's fields, as in rules.py
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_MASK = const(0x3FFFFFFF)  # rng.MASK: the generator's 30 bits

PLAYOUTS = const(48)  # of each set below: every view of a count (the score screen, GTP) uses
# this one figure, so that they count the same position alike


def estimate_dead(game, playouts=PLAYOUTS):
    """The stones players would agree are dead at the end, estimated; the game is not changed.
    Allocates (a scratch game and tables).

    The estimate is a function of the game as it stands: its playouts are seeded from the
    position (position_seed), not from any generator the search or a caller holds, so the
    same position is counted alike whatever was played or searched before, on the device as
    in GTP.

    Playouts are played on from here (the passes set aside), and a group is dead when its
    stones were lost in more than half of them. Which playouts: those that answer ataris and
    know nothing else (rules.ATARI). The search's playouts also refuse self-ataris, and then a
    group without two eyes stands whenever killing it takes a sacrifice (a stone thrown into a
    two-point eye): neither side plays it. But the same blindness lets every seki die, since
    sooner or later someone fills a shared liberty. So the full playouts (the game's own
    knowledge) are played as well, and a group the first ones kill is spared when it borders a
    seki point of the position the full ones leave (_seki_points) and the other side's stones
    there number three or more: one or two stones are a sacrifice that kills (taken, they leave
    one eye: two points, or a bent three in the corner), more are a real seki: on finished
    games against GNU Go, GTP final_score agrees with GNU Go's more often than with the full
    playouts alone (docs/journal.md).

    Then a group left in atari, which the other side may take at once, is dead (_takeable);
    the captor the first playouts killed is judged again from the position after the capture,
    and with it the stones next to it or to its liberties that lived only while it was dying
    (a stone in its eye space). Each rule made final_score agree with GNU Go's on more of the
    finished games of host_tools/fit/data/go_games.txt (docs/journal.md); the tests hold it
    to GNU Go's dead stones on recorded games."""
    if game.count >= game.cap:  # the move cap: the history has no room to play on, and a
        return []  # game ended there has no result unless it ended with two passes as well
    game = _canonical(game)
    scratch = type(game)(game.size, **game.settings)
    full = scratch.knowledge  # the game's own playouts, whatever a caller set on this game
    playouts = min(max(playouts, 1), 255)
    seed = position_seed(game)
    scratch.knowledge = _ATARI
    lost, seed = _lost_counts(game, scratch, playouts, seed)
    dead = _dying(game, lost, playouts)
    scratch.knowledge = full
    lost, seed = _lost_counts(game, scratch, playouts, seed)
    scratch.copy_from(game)
    scratch.mark_dead(_dying(game, lost, playouts))
    spared = set()
    marks = scratch.dead_marks()
    for p in _seki_points(scratch):
        sides = {}  # root -> colour of the living groups around p
        for d in game.offsets:
            q = p + d
            y = scratch.cell[q] & _COLOUR
            if (y == BLACK or y == WHITE) and not marks[q]:
                sides[scratch.root[q]] = y
        for r, y in sides.items():
            if sum(scratch.stones[r2] for r2, y2 in sides.items() if y2 != y) >= 3:
                spared.update(scratch.group(r))
    dead = set(p for p in dead if p not in spared)
    scratch.knowledge = _ATARI
    for r, after in _takeable(game):
        # A group left in atari is dead: the other side may take it at any time. The first
        # playouts' random fills sometimes let it win its race instead, killing its captor;
        # such a captor is judged again by the same playouts from the position after the
        # capture (it may still be dead: a group with no eyes next to a stone in atari).
        group = game.group(r)
        dead.update(group)
        enemy = 3 - (game.cell[r] & _COLOUR)
        captors = set()
        for s in group:
            for d in game.offsets:
                q = s + d
                if q in dead and game.cell[q] & _COLOUR == enemy:
                    captors.update(game.group(q))
        if captors:
            lost, seed = _lost_counts(after, scratch, playouts, seed)
            dying = set(_dying(after, lost, playouts))
            revived = captors - dying
            dead.difference_update(revived)
            # Stones that lived only because the captor was dying (next to it or to one of
            # its liberties: a stone in its eye space) are judged with it, by the same
            # playouts from the position after the capture.
            for s in revived:
                for d in game.offsets:
                    for q in _near(game, s + d):
                        if q in dying and q not in dead:
                            dead.update(game.group(q))
    return sorted(dead)


def _canonical(game):
    """A game with game's stones set up and the same player to move, nothing else: the
    playouts draw from the empty points in the order of their list, which the moves that
    reached a position leave in an order of their own; set up, every history gives one."""
    cell = game.cell
    base = type(game)(game.size, **game.settings)
    base.set_position([(cell[p] & _COLOUR, p) for p in game.grid.points if cell[p] & _COLOUR],
                      game.to_move)
    return base


def position_seed(game):
    """A 30-bit seed (never 0) made from the position: the colour on every point, who is to
    move and the ko point. Equal positions give equal seeds on every runtime."""
    x = 1
    cell = game.cell
    for p in game.grid.points:
        x = (x * 31 + (cell[p] & _COLOUR) + 1) & _MASK
    x = (x * 31 + game.to_move) & _MASK
    x = (x * 31 + game.ko) & _MASK
    return x or 1


def _takeable(game):
    """Yield (root, the game after the capture) for the groups in atari that the other side
    may take at once and keep the capturing stone out of atari (no snapback), next to no enemy
    group in atari (whoever moved first would win that race). One scratch game serves them all,
    made when the first group in atari is met."""
    after = None
    for p in game.grid.points:
        x = game.cell[p] & _COLOUR
        if not x or game.root[p] != p:
            continue
        t = game._liberty(p)
        if not t or _beside_atari(game, p, 3 - x):
            continue
        if after is None:
            after = type(game)(game.size, **game.settings)
        after.copy_from(game)
        after.over = False
        after.passes = 0
        after.set_turn(3 - x)  # (lifts any ko ban: the game is over, the ban is stale)
        if not after._push(t) and not after._liberty(after.root[t]):
            yield p, after  # with x to move


def _near(game, q):
    """q if it holds a stone; if it is empty, its neighbours."""
    if game.cell[q] & _COLOUR:
        return (q,)
    return [q + d for d in game.offsets]


def _beside_atari(game, root, enemy):
    """Whether a group of enemy next to the group at root is in atari too."""
    for s in game.group(root):
        for d in game.offsets:
            q = s + d
            if game.cell[q] & _COLOUR == enemy and game._liberty(game.root[q]):
                return True
    return False


def _lost_counts(game, scratch, playouts, seed):
    """How often each stone of game was lost in playouts on scratch; and the next seed."""
    cell = game.cell
    lost = bytearray(game.grid.length)
    for _ in range(playouts):
        scratch.copy_from(game)
        scratch.over = False
        scratch.passes = 0
        seed = scratch.playout(seed)
        after = scratch.cell
        for p in game.grid.points:
            x = cell[p] & _COLOUR
            if x and after[p] & _COLOUR != x:
                lost[p] += 1
    return lost, seed


def _dying(game, lost, playouts):
    """The stones of the groups lost in more than half of the playouts, in point order."""
    dead = []
    for p in game.grid.points:
        if game.cell[p] & _COLOUR and game.root[p] == p:
            group = game.group(p)
            if 2 * sum(lost[s] for s in group) > playouts * len(group):
                dead.extend(group)
    return sorted(dead)


def seki_stones(game):
    """Living stones in seki: the groups next to a seki point (_seki_points). Allocates."""
    cell = game.cell
    dead = game.dead_marks()
    stones = set()
    for p in _seki_points(game):
        for d in game.offsets:
            q = p + d
            if cell[q] & _COLOUR in (BLACK, WHITE) and not dead[q]:
                stones.update(game.group(q))
    return sorted(stones)


def _seki_points(game):
    """Empty points that neither side can fill without putting its own group in atari (or is
    not allowed to), next to living stones of both colours. Dead stones (marked) count as
    absent."""
    cell = game.cell
    dead = game.dead_marks()
    offsets = game.offsets
    points = []
    c = game.to_move
    for p in game.grid.points:
        if cell[p] & _COLOUR:
            continue
        near = 0
        for d in offsets:
            y = cell[p + d] & _COLOUR
            if (y == BLACK or y == WHITE) and not dead[p + d]:
                near |= y
        if near != BLACK | WHITE:
            continue
        v = cell[p]
        if game.degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES) > 1:
            continue
        blocked = True
        over = game.over
        game.over = False  # reason() refuses everything once the game is over
        for colour in (BLACK, WHITE):
            game.to_move = colour
            if not game.reason(p) and not game._self_atari(p, colour):
                blocked = False
        game.to_move = c
        game.over = over
        if blocked:
            points.append(p)
    return points
