"""OffShore properties under hypothesis (CPython only): hulls, the SWAR hull words, and move
sequences checked against the from-scratch reference of tests/engine/test_offshore.py."""

from hypothesis import given, settings
from hypothesis import strategies as st
from test_offshore import (
    check_tables,
    colours,
    ray_hull,
    ref_after,
    ref_hull,
    ref_legal,
)

from stones.engine.game import PASS
from stones.engine.offshore.rules import GUARD, OffShore, hull_bounds, hull_contains, hull_max
from stones.engine.records import load_record, record

GAMES = dict((size, OffShore(size)) for size in OffShore.sizes)


@st.composite
def groups(draw):
    """(size, a connected group of cells): grown one neighbour at a time from a first cell."""
    size = draw(st.sampled_from(OffShore.sizes))
    game = GAMES[size]
    points = list(game.grid.points)
    group = [points[draw(st.integers(0, len(points) - 1))]]
    for _ in range(draw(st.integers(0, 14))):
        s = group[draw(st.integers(0, len(group) - 1))]
        around = [t for t in game.grid.neighbours(s) if t not in group]
        if around:
            group.append(around[draw(st.integers(0, len(around) - 1))])
    return size, group


@settings(max_examples=300, deadline=None)
@given(groups())
def test_hull_word_equals_cube_bounds_equals_ludii_rays(case):
    size, group = case
    game = OffShore(size)
    game.set_position([(1, p) for p in group])
    word = game.hull[game.root[group[0]]]
    assert word < 2 ** 30 and not word & GUARD
    covered = set(p for p in game.grid.points if hull_contains(word, game.cellhull[p]))
    assert covered == ref_hull(game, group) == ray_hull(game, group)


FIELD = st.integers(0, 15)


def pack(fields):
    word = 0
    for i, value in enumerate(fields):
        word |= value << 5 * i
    return word


@given(st.lists(FIELD, min_size=6, max_size=6), st.lists(FIELD, min_size=6, max_size=6))
def test_swar_max_and_contains_on_any_fields(a, b):
    wa, wb = pack(a), pack(b)
    assert hull_max(wa, wb) == pack([max(x, y) for x, y in zip(a, b)])
    assert hull_contains(wa, wb) == all(x >= y for x, y in zip(a, b))
    assert (wa | GUARD) < 2 ** 30
    bounds = hull_bounds(wa)
    assert bounds[1::2] == tuple(a[0::2]) and bounds[0::2] == tuple(15 - x for x in a[1::2])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from((4, 5)), st.sampled_from(("strong", "weak")),
       st.lists(st.integers(0, 1000), min_size=1, max_size=60))
def test_move_sequences_match_the_reference_and_undo(size, setting, choices):
    game = OffShore(size, territory=setting)
    states = [game.state()]
    for choice in choices:
        if game.over:
            break
        c = game.to_move
        legal = ref_legal(game, c, setting == "weak")
        assert game.legal_moves() == legal
        if not legal or choice % 25 == 0:
            move, want = PASS, colours(game)
        else:
            move = legal[choice % len(legal)]
            want = ref_after(game, c, move)
        game.play(move)
        assert colours(game) == want
        check_tables(game)
        states.append(game.state())
    assert load_record(record(game)).state() == game.state()
    while game.count:
        game.undo()
        states.pop()
        assert game.state() == states[-1]
