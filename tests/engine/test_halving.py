"""Sequential halving at the root (Tuning.halving, stones.engine.search): the survivors at the
start are the root's best children by value, the phases split the budget's work evenly, each
phase's playouts go to the survivors in turn (equal shares), the worse half by value goes at a
phase's end, and the last survivor is the move; with keep, pondering in pieces and a stop too.

Each search here is stepped one playout at a time and held to a plain reference of the schedule
(``schedule``): what the survivors should be, whose turn each playout is and where each phase
ends, read from the search's own counts.
"""

from support import playout_positions

from stones.engine import registry
from stones.engine.game import Tuning
from stones.engine.go.rules import Go
from stones.engine.search import Search, levels

TOP_PICO = levels(Go)[-1]


def tuned(tuning, **changes):
    """A copy of tuning with changes (every setting Tuning names, as tuning has it)."""
    given = {name: getattr(tuning, name) for name in dir(Tuning) if not name.startswith("_")}
    given.update(changes)
    return Tuning(**given)


def survivors(search):
    return list(search.halves[:search.alive])


def best_by_value(search, nodes, count):
    """The count best of nodes by value, ties to the first in nodes, in nodes' order."""
    ranked = sorted(range(len(nodes)), key=lambda i: (-search._value(nodes[i]), i))
    keep = sorted(ranked[:count])
    return [nodes[i] for i in keep]


def schedule(search, game, work, seed, tuning, keep=False, pieces=0):
    """Run a halving search playout by playout, checking each against the reference; returns
    [(survivors, {node: playouts in the phase})] a phase, in order."""
    search.begin(game, work, seed, tuning, keep)
    first = search.first[0]
    children = [j for j in range(first, first + search.kids[0])
                if not search.move[j] & 0x400]  # not _DEAD
    m = min(tuning.halving, len(children))
    start = best_by_value(search, sorted(children), m)
    start.sort(key=lambda j: (-search._value(j), j))
    assert survivors(search) == start
    phases = 0
    while (1 << phases) < m:
        phases += 1
    assert search.phases == phases
    phase = []
    alive = survivors(search)
    shares = {}
    turn = 0
    while not search.finished:
        before = search.work
        if pieces:  # the app's pondering: a playout in pieces, the count with the last
            counted = search.playouts
            done = False
            while search.playouts == counted and not done:
                done = search.ponder(pieces)
        else:
            done = search.step(1)
        picked = search.path[0]
        assert picked == alive[turn % len(alive)], (turn, picked, alive)
        shares[picked] = shares.get(picked, 0) + 1
        turn += 1
        k = len(phase)
        if search.work * phases >= work * (k + 1):  # the phase's end
            assert before * phases < work * (k + 1)
            phase.append((alive, shares))
            expected = best_by_value(search, alive, (len(alive) + 1) // 2)
            alive = expected
            shares = {}
            turn = 0
            if len(alive) > 1:
                assert survivors(search) == expected, (k, survivors(search), expected)
        if done:
            break
    if len(alive) == 1:
        assert search.best_move() == search.move[alive[0]] & 0x1FF
    assert game.reason(search.best_move()) == 0
    return phase


def test_the_schedule_on_a_position_where_every_playout_costs_the_same():
    # A fake cost: no random playout after the tree, no node grown below the root and no
    # overhead, so every playout is one move of work and the budget is its playouts: 8
    # candidates, 3 phases of 24 playouts, 3 each, then 6 each for 4, then 12 each for 2.
    tuning = tuned(Go.tuning, halving=8, playout=0, expand_at=0x3FFF, overhead=0)
    search = Search(400)
    for game in playout_positions(lambda: Go(9), 3, 7, 6, 30):
        phases = schedule(search, game, 72, 5, tuning)
        assert [len(alive) for alive, _ in phases] == [8, 4, 2]
        for (alive, shares), each in zip(phases, (3, 6, 12)):
            assert shares == {j: each for j in alive}
        assert search.alive == 1 and search.work == 72 and search.playouts == 72
        pv = search.prior_visits
        own = sorted(search.visits[j] - pv for j in phases[0][0])
        assert own == [3, 3, 3, 3, 9, 9, 21, 21]


def test_the_schedule_on_real_go_positions_at_the_top_pico_level():
    # The real cost: playouts of every length, the tree grown below the survivors. Shares in a
    # phase differ by one at most, the better ranked never fewer; every phase ends at its work.
    search = Search()
    for halving, count in ((8, 3), (16, 2)):
        tuning = tuned(Go.tuning, halving=halving)
        for game in playout_positions(lambda: Go(9), count, 11, 8, 40):
            phases = schedule(search, game, TOP_PICO, 3, tuning)
            assert len(phases) == search.phases and search.alive == 1
            for alive, shares in phases:
                counts = [shares.get(j, 0) for j in alive]
                assert max(counts) - min(counts) <= 1 and counts == sorted(counts)[::-1]
            assert search.n_nodes > 1 + search.kids[0]  # the tree grew below the root
            assert search.work >= TOP_PICO
            move = search.best_move()
            assert search.think(game, TOP_PICO, 3, tuning) == move  # reproducible


def test_halving_off_is_the_plain_search():
    game = next(playout_positions(lambda: Go(9), 1, 13, 8, 40))
    one, two = Search(), Search()
    move = one.think(game, 3000, 4)
    assert two.think(game, 3000, 4, tuned(Go.tuning, halving=0)) == move
    assert list(one.visits) == list(two.visits) and not two.alive


def test_a_kept_tree_and_pondering_in_pieces_keep_the_schedule():
    # After a move and a reply, the kept subtree's root halves as a fresh one; pondering's
    # playouts in pieces take the same turns and grow the same tree as whole playouts.
    tuning = tuned(Go.tuning, halving=8)
    trees = []
    for search, size in ((Search(), 0), (Search(), 5)):
        kept = []
        for game in playout_positions(lambda: Go(9), 2, 17, 8, 40):
            search.think(game, TOP_PICO, 2, tuning, True)
            game.play(search.best_move())
            game.play(_reply(search, game))
            schedule(search, game, TOP_PICO, 6, tuning, True, size)
            assert search.visits[0] > search.playouts  # the tree was kept
            kept.append((list(search.visits), list(search.wins), search.best_move()))
        trees.append(kept)
    assert trees[0] == trees[1]


def _reply(search, game):
    """The reply the last search studied most below its move, else the first legal point."""
    node = search._follow(game)
    if node > 0:
        first = search.first[node]
        best = -1
        for j in range(first, first + search.kids[node]):
            if search.move[j] & 0x600 == 0x200 and (best < 0 or
                                                     search.visits[j] > search.visits[best]):
                best = j
        if best >= 0:
            return search.move[best] & 0x1FF
    for p in game.grid.points:
        if not game.reason(p):
            return p
    return 0


def test_a_stop_answers_the_best_valued_survivor_and_a_small_budget_stays_in_it():
    tuning = tuned(Go.tuning, halving=16)
    search = Search()
    for game in playout_positions(lambda: Go(9), 2, 19, 8, 40):
        search.begin(game, TOP_PICO, 8, tuning)
        for _ in range(30):
            search.step(1)
        assert search.alive > 1
        search.stop()
        alive = survivors(search)
        best = max(alive, key=lambda j: (search._value(j), -alive.index(j)))
        assert search.best_move() == search.move[best] & 0x1FF
        assert game.reason(search.best_move()) == 0
        for work in (1, 600):  # fewer playouts than candidates: phases end at their work
            search.begin(game, work, 8, tuning)
            last = 0
            while not search.step(1):
                assert search.work < work
                last = search.work
            assert search.work >= work > last and game.reason(search.best_move()) == 0


def test_every_game_plays_legal_moves_with_halving():
    for key, size in (("go", 9), ("loose", 5), ("loupe", 7), ("offshore", 4)):
        make = registry.game_class(key)
        tuning = tuned(make.tuning, halving=8)
        search = Search(400)
        for game in playout_positions(lambda: make(size), 2, 23, 4, 20):  # noqa: B023
            move = search.think(game, levels(make)[1], 3, tuning)
            assert game.reason(move) == 0, (key, move)
