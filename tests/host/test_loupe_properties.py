"""Loupe properties over positions and games drawn by hypothesis (CPython only).

Loops are checked against two references that share no code with the engine: enumeration of every
simple cycle (small groups), and a slow search from one point of every hole (found by flood), with
sources at both ends of every crossing edge, no bounds and a different ray (Cartesian, to the
right through the point's own row, with the even-odd rule's half-open treatment of vertices).
"""

from collections import deque

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_loupe import encloses, holes_by_flood, is_loop, loops_by_brute_force

from stones.engine.game import BLACK, PASS, WHITE
from stones.engine.loupe.rules import Loupe
from stones.engine.records import load_record, record

GAME = Loupe(7)
POINTS = list(GAME.grid.points)


def _xy(game, p):
    q, r = game.grid.axial(p)
    return 2 * q + r, r


def _crosses(game, a, b, p):
    """Whether segment a-b crosses the horizontal ray from p to the right (half-open rule)."""
    x0, y0 = _xy(game, p)
    xa, ya = _xy(game, a)
    xb, yb = _xy(game, b)
    return (ya > y0) != (yb > y0) and x0 < xa + (y0 - ya) * (xb - xa) * (yb - ya)


def slow_loop_length(game, p):
    """The shortest closed walk of the group's stones crossing the ray from a hole's point an
    odd number of times, over every hole (found by flood) and every crossing edge."""
    group = game.group(p)
    members = set(group)
    hole_points = []
    seen = set()
    for start in game.grid.points:
        if start in members or start in seen:
            continue
        region = [start]
        seen.add(start)
        for q in region:
            for t in game.grid.neighbours(q):
                if t not in members and t not in seen:
                    seen.add(t)
                    region.append(t)
        if all(len(game.grid.neighbours(q)) == 6 for q in region):
            hole_points.append(region[0])
    best = 0
    for hole in hole_points:
        # an odd closed walk can start at either end of any of its crossing edges
        sources = [s for s in group for t in game.grid.neighbours(s)
                   if t in members and _crosses(game, s, t, hole)]
        for s in set(sources):
            dist = {(s, 0): 0}
            todo = deque([(s, 0)])
            while todo:
                a, parity = todo.popleft()
                if (a, parity) == (s, 1):
                    break
                for b in game.grid.neighbours(a):
                    if b in members:
                        state = (b, parity ^ _crosses(game, a, b, hole))
                        if state not in dist:
                            dist[state] = dist[(a, parity)] + 1
                            todo.append(state)
            if (s, 1) in dist and (not best or dist[(s, 1)] < best):
                best = dist[(s, 1)]
    return best


# boards of several densities: sparse ones have few loops, crowded ones many small holes
boards = st.sampled_from(((0, BLACK, BLACK, WHITE), (0, BLACK, BLACK, BLACK, WHITE),
                          (BLACK, BLACK, WHITE), (0, 0, BLACK, BLACK, BLACK))).flatmap(
    lambda mix: st.lists(st.sampled_from(mix), min_size=len(POINTS), max_size=len(POINTS)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards)
def test_loops_match_the_slow_reference(colours):
    game = GAME
    game.set_position([(c, p) for c, p in zip(colours, POINTS) if c])
    for p in POINTS:
        if not game.cell[p] & 3 or game.root[p] != p:
            continue
        length = game.loop_length(p)
        assert game._holes(p) == holes_by_flood(game, p)
        assert length == slow_loop_length(game, p)
        if length:
            loop = game.shortest_loop(p)
            assert len(loop) == length and is_loop(game, loop, p)
            assert game.group_value(p) == 2 * length - game.stones[p]
        else:
            assert game.shortest_loop(p) == [] and game.group_value(p) == -game.stones[p]
        if game.stones[p] <= 9:
            loops = loops_by_brute_force(game, p)
            assert length == (loops[0] if loops else 0)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10 ** 6), min_size=1, max_size=160),
       st.sampled_from((7, 9)))
def test_games_undo_and_records(choices, size):
    game = Loupe(size)
    states = [game.state()]
    for choice in choices:
        if game.over:
            break
        legal = game.legal_moves()
        move = PASS if not legal or (game.can_pass() and choice % 37 == 0) else legal[
            choice % len(legal)]
        game.play(move)
        states.append(game.state())
        if move:
            v = game.cell[move]
            own, enemy = (v >> 2 & 7, v >> 5) if v & 3 == BLACK else (v >> 5, v >> 2 & 7)
            assert enemy <= own
    assert load_record(record(game)).state() == game.state()
    while game.count:
        states.pop()
        game.undo()
        assert game.state() == states[-1]


def _encloses_any(game, loop, members):
    return any(encloses(game, loop, q) for q in game.grid.points if q not in members)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=2 ** 30 - 1), st.sampled_from((7, 9, 11)))
def test_finished_playouts_score_consistently(seed, size):
    game = Loupe(size)
    game.playout(seed)
    assert game.over
    black, white = game.value_lists()
    for colour in (BLACK, WHITE):
        for value, g in game.values(colour):
            assert value == game.group_value(g)
            loop = game.shortest_loop(g)
            if loop:
                assert _encloses_any(game, loop, set(game.group(g)))
                assert value == 2 * len(loop) - game.stones[g]
    compound = Loupe(size, modality="compound")
    for i in range(game.count):
        compound.play_as(*game.entry(i))
    result = compound.result()
    assert result.lines[-1] == ("Score", sum(black), sum(white))
    assert result.winner == (0 if sum(black) == sum(white) else
                             BLACK if sum(black) > sum(white) else WHITE)
