"""One search tree shared by the worker processes (firmware/stones/platforms/workers.py, "One
shared tree"): the tree in shared memory, grown by every worker under one lock, with virtual
losses on the walks under way. What a shared tree's search plays depends on how the workers
were scheduled, so these tests assert properties of the search, never a fixed move; the
in-process ones, with one worker, are exact. CPython only; small boards, small budgets, two
workers."""

import multiprocessing
import os
from multiprocessing import shared_memory

import pytest

from host_tools.gtp import engine as front
from host_tools.gtp.engine import Engine
from stones.engine import registry
from stones.engine.search import _MOVE, levels
from stones.platforms.workers import (
    CHUNK,
    ParallelSearch,
    Pool,
    Searcher,
    SharedTree,
    SharedTreeSearch,
    SharingSearch,
    tree_mode,
)

BUDGET = 3000
FIELDS = ("move", "first", "kids", "visits", "wins", "avisits", "awins")


def go():
    return registry.game_class("go")(9)


@pytest.fixture(scope="module")
def pool():
    """Two workers on one shared tree for the module's tests (started once)."""
    workers = Pool(2, tree="shared")
    yield workers
    workers.close()


def runs(view):
    """The tree's runs of children, (parent, first, kids), reached from the root; asserts
    that each lies after its parent, inside the allocated nodes, and holds each move once."""
    count = view.count[0]
    found = []
    todo = [0]
    while todo:
        node = todo.pop()
        k = view.kids[node]
        if not k:
            continue
        start = view.first[node]
        assert node < start and start + k <= count <= view.max_nodes
        moves = [view.move[j] & _MOVE for j in range(start, start + k)]
        assert len(set(moves)) == k  # one expansion: no move twice
        found.append((node, start, k))
        todo.extend(range(start, start + k))
    return found


def assert_one_tree(view, kept=False):
    """No node in two runs (none allocated twice, no run overlapping another), and in a tree
    grown from a fresh root every allocated node but the root in one (none left out: an
    expansion lost to another worker's). A kept tree may hold nodes no run reaches: the kept
    root children's old places (Search._reroot)."""
    covered = []
    for _, start, k in runs(view):
        covered.extend(range(start, start + k))
    assert len(set(covered)) == len(covered)
    if not kept:
        assert sorted(covered) == list(range(1, view.count[0]))


def in_process(game, budget, seed, keep=False, tree=None, parent=None):
    """A shared tree's search in this process: the parent's preparing view, then one worker
    to the end. Returns (tree, parent, worker)."""
    tree = tree or SharedTree(20000, multiprocessing.Lock())
    parent = parent or SharedTreeSearch(tree, 1, prepares=True)
    parent.begin(game, budget, seed, keep=keep)
    worker = SharedTreeSearch(tree, 1)
    worker.begin(game, budget, seed)
    while not worker.step(CHUNK):
        pass
    return tree, parent, worker


def test_one_worker_on_a_shared_tree_grows_the_plain_search_s_tree_keeping_it():
    # With no other worker, a virtual loss is taken back before any other walk could see it,
    # and the locked expansion is Search's: the tree is the plain (halving-free) search's,
    # node for node, move after move with the tree kept.
    game = go()
    plain = SharingSearch()
    tree = parent = None
    try:
        for turn in range(3):
            tree, parent, worker = in_process(game, BUDGET, 9 + turn, turn > 0, tree, parent)
            plain.think(game, BUDGET, 9 + turn, keep=turn > 0)
            n = plain.n_nodes
            assert tree.count[0] == n and worker.held == 0
            for field in FIELDS:
                assert list(getattr(parent, field)[:n]) == list(getattr(plain, field)[:n])
            assert not any(parent.virtual)  # every virtual loss taken back
            assert_one_tree(parent, kept=turn > 0)
            assert parent.ranked() == plain.ranked()
            if turn:
                assert parent.visits[0] > worker.playouts  # the kept playouts came along
            move = parent.ranked()[0][0]
            assert move == plain.best_move()
            game.play(move)
            worker = None
    finally:
        parent = worker = None  # (their views go with the tree)
        tree.close()


def test_a_shared_tree_plays_legal_moves_in_every_game(pool):
    for key in registry.keys():
        cls = registry.game_class(key)
        game = cls(cls.sizes[0])
        search = ParallelSearch(pool, single_up_to=0)
        move = search.think(game, 2000, 3)
        assert game.legal(move), key
        assert search.held == 0
        assert_one_tree(search.view)


def test_the_workers_grow_one_tree_and_count_every_playout_in_it(pool):
    search = ParallelSearch(pool, single_up_to=0)
    game = go()
    move = search.think(game, BUDGET, 11)
    view = search.view
    playouts = [report[3] for report in search.reports]
    assert all(playouts)  # both workers searched
    total = sum(playouts)
    first = view.first[0]
    children = range(first, first + view.kids[0])
    priors = view.prior_visits * len(children)
    counted = sum(view.visits[j] for j in children)
    # every playout counts at the root and in one root child; a lost update (two workers
    # adding at once) may drop one now and then, nothing adds one
    assert total // 2 <= view.visits[0] <= total
    assert priors + total // 2 <= counted <= priors + total
    assert search.held == 0  # each worker took back every virtual loss it laid
    assert_one_tree(view)
    assert len(runs(view)) > 1  # the workers expanded nodes below the root
    ranked = search.ranked()
    assert ranked[0][0] == move and game.legal(move)
    assert ranked[0][1] == max(playouts for _, playouts, _ in ranked)


def test_a_stop_ends_a_shared_tree_search(pool):
    search = ParallelSearch(pool, single_up_to=0)
    game = go()
    search.begin(game, 10 ** 7, 3)
    assert search.step() is False
    while search.work == 0:
        search.wait(0.1)
    search.stop()
    move = search.best_move()
    assert game.legal(move) and search.step() is True and search.progress() == 1.0
    assert 0 < search.work < 10 ** 7 and search.held == 0
    assert search.view.visits[0] <= sum(report[3] for report in search.reports)
    assert_one_tree(search.view)


def test_the_pool_reuses_its_shared_tree_and_close_unlinks_it():
    workers = Pool(2, tree="shared")
    try:
        search = ParallelSearch(workers, single_up_to=0)
        game = go()
        move = search.think(game, BUDGET, 5, keep=True)
        tree = workers.tree
        name = tree.name
        game.play(move)
        search.think(game, BUDGET, 6, keep=True)
        assert workers.tree is tree and tree.name == name  # made once, reused
        assert search.view.visits[0] > sum(report[3] for report in search.reports)  # kept
        assert_one_tree(search.view, kept=True)
        processes = list(workers.processes)
    finally:
        workers.close()
    assert workers.tree is None and not any(p.is_alive() for p in processes)
    with pytest.raises(FileNotFoundError):
        shared_memory.SharedMemory(name=name)
    if os.path.isdir("/dev/shm"):
        assert not os.path.exists(os.path.join("/dev/shm", name))


def test_the_tree_mode_from_the_environment_or_the_config_and_bad_ones_by_name():
    assert tree_mode({}, {}) == "root"
    assert tree_mode({"tree": "shared"}, {}) == "shared"
    assert tree_mode({"tree": "shared"}, {"POCKET_STONES_TREE": "root"}) == "root"
    with pytest.raises(ValueError, match="'forest'"):
        tree_mode(None, {"POCKET_STONES_TREE": "forest"})
    with pytest.raises(ValueError, match="'bush'"):
        Pool(2, tree="bush")
    searcher = Searcher(2, tree="shared")
    assert searcher.pool.shared and searcher.pool.tree is None  # made at the first search
    searcher.close()
    assert not Searcher(2).pool.shared  # root parallelism by default


def test_gtp_plays_on_a_shared_tree():
    cls = registry.game_class("loose")
    engine = Engine("loose", 5, 3, len(levels(cls)) + 1, workers=2, tree="shared")
    try:
        answers = engine.run(["genmove b", "genmove w", "genmove b"])
        assert all(a.startswith("= ") for a in answers), answers
        assert engine.pool.shared
    finally:
        engine.close()
    parser = front.build_parser(cls)
    assert parser.parse_args(["--shared-tree"]).shared_tree
    assert not parser.parse_args([]).shared_tree


def test_the_pi_s_searcher_takes_its_tree_from_the_environment(monkeypatch, capsys):
    from stones import boot

    monkeypatch.setenv("POCKET_STONES_WORKERS", "2")
    monkeypatch.setenv("POCKET_STONES_TREE", "shared")
    searcher = boot.pi_searcher({})
    assert searcher.pool.shared
    searcher.close()
    monkeypatch.setenv("POCKET_STONES_TREE", "forest")  # refused by name: the default plays
    searcher = boot.pi_searcher({"tree": "shared"})
    assert not searcher.pool.shared and "'forest'" in capsys.readouterr().out
    searcher.close()
