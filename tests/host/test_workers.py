"""The search on every core (firmware/stones/platforms/workers.py): root parallelism in worker
processes, reproducible whatever the timing; GTP's --workers; the Pi's app playing on it.
CPython only; small boards, small budgets, two workers."""

import multiprocessing
import os
import subprocess
import sys
import time

import pytest

from host_tools.gtp import engine as front
from host_tools.gtp.engine import Engine
from host_tools.paths import ROOT
from stones.engine import registry
from stones.engine.search import Search, levels
from stones.platforms.workers import (
    CHUNK,
    ParallelSearch,
    Pool,
    Searcher,
    SharingSearch,
    summed,
    worker_count,
    worker_seed,
)

BUDGET = 3000


def loose(size=5):
    return registry.game_class("loose")(size)


def go():
    return registry.game_class("go")(9)


@pytest.fixture(scope="module")
def pool():
    """Two workers for the module's tests (started once: a spawn is a fresh interpreter)."""
    workers = Pool(2)
    yield workers
    workers.close()


def parallel(pool):
    return ParallelSearch(pool, single_up_to=0)  # every budget in the workers


def test_two_workers_give_the_same_move_for_the_same_seed_and_budget(pool):
    first = parallel(pool)
    move = first.think(go(), BUDGET, 7)
    ranked = first.ranked()
    again = parallel(pool)
    assert again.think(go(), BUDGET, 7) == move
    assert again.ranked() == ranked
    assert ranked[0][0] == move and ranked[0][1] > 0


def test_the_summed_root_visits_are_each_worker_s_added_up(pool):
    search = ParallelSearch(pool, single_up_to=0, shares=0)  # independent workers
    move = search.think(go(), BUDGET, 11)
    # the same searches in this process, with the workers' seeds
    alone = []
    for index in range(2):
        single = Search()
        single.think(go(), BUDGET, worker_seed(11, index))
        alone.append(single.ranked())
    assert alone[0] != alone[1]  # two seeds, two searches: the sum is of different counts
    assert search.ranked() == summed(alone)
    totals = {}
    for ranking in alone:
        for m, playouts, _ in ranking:
            totals[m] = totals.get(m, 0) + playouts
    assert move == summed(alone)[0][0]
    assert totals[move] == max(totals.values())
    assert sum(playouts for _, playouts, _ in search.ranked()) == sum(totals.values())


def lockstep(game, budget, seed, count, shares):
    """The workers' sharing (serve and ParallelSearch._exchange) played in this process, one
    search after another: each steps CHUNK playouts at a time to the share point or its end,
    then every one waiting adds the counts summed over all. Returns the searches."""
    searches = []
    for index in range(count):
        search = SharingSearch()
        search.sharing = True
        search.begin(game, budget, worker_seed(seed, index))
        searches.append(search)
    done = [search.finished for search in searches]
    point = 1
    while not all(done):
        waiting = []
        for index, search in enumerate(searches):
            while not done[index]:
                if search.step(CHUNK):
                    done[index] = True
                elif point < shares and search.work * shares >= point * budget:
                    waiting.append(search)
                    break
        totals = {}
        for search in searches:
            for move, *counts in search.share_counts():
                total = totals.setdefault(move, [0, 0, 0, 0])
                for f in range(4):
                    total[f] += counts[f]
        for search in waiting:
            search.share(totals)
        point += 1
    return searches


def test_shared_root_counts_are_the_in_process_lockstep_s_whatever_the_timing(pool):
    search = ParallelSearch(pool, single_up_to=0, shares=4)
    move = search.think(go(), BUDGET, 11)
    searches = lockstep(go(), BUDGET, 11, 2, 4)
    assert search.ranked() == summed([one.ranked() for one in searches])
    assert move == search.ranked()[0][0]
    independent = [Search() for _ in range(2)]
    for index, one in enumerate(independent):
        one.think(go(), BUDGET, worker_seed(11, index))
    # sharing changed what each worker searched: its tree followed the others' counts
    assert [one.ranked() for one in searches] != [one.ranked() for one in independent]
    again = ParallelSearch(pool, single_up_to=0, shares=4)
    assert again.think(go(), BUDGET, 11) == move and again.ranked() == search.ranked()


def test_a_shared_root_holds_the_others_counts_and_ranks_by_its_own():
    a, b = lockstep(go(), BUDGET, 5, 2, 8)
    first = a.first[0]
    shared = sum(a.visits[j] for j in range(first, first + a.kids[0]))
    own = sum(playouts for _, playouts, _ in a.ranked())
    others = sum(playouts for _, playouts, _ in b.ranked())
    assert 0 < own < shared  # the root's children hold more than this search's own
    assert a.visits[0] == a.playouts + a.foreign[-1] and a.foreign[-1] > 0
    assert a.foreign[-1] <= others  # the others' playouts up to the last share point
    mine = sorted((m, v) for m, v, _ in a.ranked())
    playouts = a.playouts
    a.begin(go(), 0, 5, keep=True)  # the same position, kept: the others' counts come off
    assert not any(a.foreign) and sorted((m, v) for m, v, _ in a.ranked()) == mine
    assert a.visits[0] == playouts  # the root: its own playouts


def test_sharing_with_itself_alone_is_the_plain_search():
    (one,) = lockstep(go(), BUDGET, 9, 1, 8)
    plain = Search()
    assert one.best_move() == plain.think(go(), BUDGET, 9) and one.ranked() == plain.ranked()


def test_a_worker_searches_without_sequential_halving():
    # Tuning.halving's survivor is one search's choice, not a count the workers could sum: a
    # worker's search with it on is the plain one with it off.
    from stones.engine.game import Tuning

    on = Tuning(**dict(vars(type(go()).tuning), halving=8))
    worker = SharingSearch()
    move = worker.think(go(), BUDGET, 9, on)
    assert not worker.alive
    plain = Search()
    assert move == plain.think(go(), BUDGET, 9) and worker.ranked() == plain.ranked()
    assert plain.think(go(), BUDGET, 9, on) in [m for m, _, _ in plain.ranked()]


def test_a_stop_reaches_workers_waiting_at_a_share_point(pool):
    search = ParallelSearch(pool, single_up_to=0, shares=10 ** 6)  # a point every chunk
    search._exchange = lambda: None  # the parent never answers: the workers wait there
    game = go()
    search.begin(game, 10 ** 7, 3)
    for _ in range(100):
        search.wait(0.05)
        if all(report is not None and report[0] == "share" for report in search.reports):
            break
    assert [report[0] for report in search.reports] == ["share", "share"]
    work = search.work
    search.wait(0.3)
    assert search.work == work  # waiting: no playout while the totals have not come
    search.stop()
    for _ in range(100):
        if search.wait(0.05):
            break
    assert search.step() is True and game.legal(search.best_move())


def test_summing_breaks_ties_by_value_then_by_the_first_met():
    assert summed([[(5, 3, 100), (6, 3, 90)], [(6, 1, 300), (5, 1, 200)]]) == [
        (6, 4, 390), (5, 4, 300)]
    assert summed([[(5, 2, 100), (6, 2, 100)], [(7, 4, 200)]]) == [
        (7, 4, 200), (5, 2, 100), (6, 2, 100)]
    assert summed([[(6, 2, 100)], [(5, 2, 100)]]) == [(6, 2, 100), (5, 2, 100)]


def test_one_worker_plays_the_plain_search_s_moves_keeping_its_tree():
    one = Pool(1)
    try:
        search = ParallelSearch(one, single_up_to=0)
        plain = Search()
        game = loose()
        same = loose()
        for turn in range(4):  # keep: each search goes on from the last one's tree
            move = search.think(game, BUDGET, 5 + turn, keep=True)
            assert move == plain.think(same, BUDGET, 5 + turn, keep=True)
            assert search.ranked() == plain.ranked()
            game.play(move)
            same.play(move)
    finally:
        one.close()


def test_step_returns_while_the_workers_think(pool):
    search = parallel(pool)
    game = go()
    search.begin(game, 10 ** 7, 3)
    assert search.step(4) is False  # the workers have the whole budget still to do
    assert search.progress() < 1.0
    while search.work == 0:  # (their reports come in as they work)
        search.wait(0.1)
    search.stop()
    move = search.best_move()
    assert game.legal(move) and search.step() is True and search.progress() == 1.0
    assert 0 < search.work < 10 ** 7


def test_the_pico_s_budgets_search_in_this_process():
    workers = Pool(2)
    search = ParallelSearch(workers)  # the default bound: the Pico's strongest level
    game = loose()
    top = levels(game)[-1]
    assert search.think(game, top, 9) == Search().think(loose(), top, 9)
    assert workers.processes == []  # never started
    workers.close()


def test_workers_end_with_close():
    workers = Pool(2)
    search = ParallelSearch(workers, single_up_to=0)
    search.begin(go(), 10 ** 7, 1)  # still thinking when closed
    search.step()
    processes = list(workers.processes)
    assert len(processes) == 2 and all(p.is_alive() for p in processes)
    workers.close()
    assert not any(p.is_alive() for p in processes)
    assert not [p for p in multiprocessing.active_children() if p in processes]
    for process in processes:
        with pytest.raises(ProcessLookupError):
            os.kill(process.pid, 0)  # joined: not even a zombie left


def test_a_searcher_of_one_worker_is_the_plain_search():
    searcher = Searcher(1)
    assert type(searcher()) is Search
    searcher.close()
    searcher = Searcher(2)
    assert isinstance(searcher(), ParallelSearch)
    assert searcher.pool.processes == []  # started at the first search that needs them
    searcher.close()


def test_the_worker_count_from_the_environment_the_config_or_the_cores():
    assert worker_count({}, {}) == (os.cpu_count() or 1)
    assert worker_count({"workers": 3}, {}) == 3
    assert worker_count({"workers": 3}, {"POCKET_STONES_WORKERS": "2"}) == 2
    assert worker_count({"workers": 0}, {"POCKET_STONES_WORKERS": "0"}) == 1
    assert worker_count(None, {"POCKET_STONES_WORKERS": "many"}) == (os.cpu_count() or 1)


# -- GTP ------------------------------------------------------------------------------------------


def gtp_answers(workers, **options):
    cls = registry.game_class("loose")
    engine = Engine("loose", 5, 3, len(levels(cls)) + 1, workers=workers, **options)
    try:
        answers = engine.run(["genmove b", "genmove w", "genmove b", "genmove w", "showboard"])
        return answers, engine
    finally:
        engine.close()


def test_gtp_with_two_workers_plays_legal_moves_reproducibly():
    answers, engine = gtp_answers(2)
    assert all(a.startswith("=") for a in answers), answers
    assert isinstance(engine.search, ParallelSearch) and engine.pool is None  # closed
    assert gtp_answers(2)[0] == answers
    pondered, _ = gtp_answers(2, ponder_budget=1000)  # pondering in the workers too
    assert all(a.startswith("=") for a in pondered) and gtp_answers(2, ponder_budget=1000)[
        0] == pondered


def test_gtp_searches_the_pico_levels_and_one_worker_in_its_own_process():
    cls = registry.game_class("loose")
    assert Engine("loose", 5, level=len(levels(cls)), workers=4).workers == 1
    assert type(Engine("loose", 5, level=len(levels(cls)) + 1, workers=1).new_search()) is Search
    parser = front.build_parser(cls)
    assert parser.parse_args([]).workers == (os.cpu_count() or 1)
    assert parser.parse_args(["--workers", "2"]).workers == 2


def test_gtp_workers_from_the_command_line():
    cls = registry.game_class("loose")
    done = subprocess.run(
        [sys.executable, "-m", "host_tools.gtp", "--game", "loose", "--size", "5", "--level",
         str(len(levels(cls)) + 1), "--workers", "2"],
        input="genmove b\nquit\n", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("= ") and done.stdout.split("\n\n")[1] == "="
    assert "Traceback" not in done.stderr


# -- the app on the Pi ----------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_pi_app_plays_and_ponders_on_its_workers(tmp_path, monkeypatch):
    from gpiozero.pins.mock import MockFactory
    from luma.core.device import dummy

    from stones import boot
    from stones.platforms import pi

    real = pi.make_pi
    monkeypatch.setattr(pi, "make_pi", lambda config, clock=None: real(
        config, clock=clock, device=dummy(mode="1"), pin_factory=MockFactory()))
    monkeypatch.setenv("POCKET_STONES_DATA", str(tmp_path))
    monkeypatch.setenv("POCKET_STONES_WORKERS", "2")
    seen = {}

    def run(app, display):  # boot's loop, stood in: a device move through the app's ticks
        game = loose()
        app.players = {"1": "device:%d" % (len(levels(game)) + 1), "2": "human"}  # a Pi level
        app.start()
        app.system["ponder"] = True  # the player's turn goes to the workers too
        app.begin("play", game)
        search = seen["search"] = app.search
        search.step()
        seen["first"] = search.progress()
        ticks = 0
        while not game.count and ticks < 20000:
            app.step()
            ticks += 1
            time.sleep(0.002)
        seen["processes"] = list(app.searcher.pool.processes)
        for _ in range(20):  # the human's turn: the device ponders on its workers
            app.step()
            time.sleep(0.002)
        seen["pondering"] = app.top.pondering.working() and search.parallel
        seen["moves"] = game.count
        seen["error"] = app.error

    monkeypatch.setattr(boot, "run_until_stopped", run)
    app = boot.main(dict(boot.PI_DEFAULTS, buzzer=None))
    assert isinstance(seen["search"], ParallelSearch) and seen["search"].parallel
    assert seen["first"] < 1.0  # the app's step came back while the workers thought
    assert seen["moves"] == 1 and seen["error"] is None and app.game.to_move == 2
    assert seen["pondering"]
    assert len(seen["processes"]) == 2
    assert not any(p.is_alive() for p in seen["processes"])  # ended with the app


SERVICE = """
import os
import sys
sys.path.insert(0, sys.argv[1])
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy
from stones import boot
from stones.engine import registry
from stones.engine.search import levels
from stones.platforms import pi, workers

def say(line):  # one write a line: the workers share the pipe, and print may split a line
    os.write(1, (line + "\\n").encode())


real = pi.make_pi
pi.make_pi = lambda config, clock=None: real(config, clock=clock, device=dummy(mode="1"),
                                             pin_factory=MockFactory())


def run(app, display):  # the service's loop, stood in: one search on the workers
    game = registry.game_class("loose")(5)
    search = app.searcher()
    say("move %d" % search.think(game, levels(game)[-1] + 1, 3))


boot.run_until_stopped = run
# unguarded, as main.py calls it: a worker's start runs this script again, as __mp_main__
app = boot.main(dict(boot.PI_DEFAULTS, buzzer=None))
say("%s %s" % ("app" if app is not None else "none",
               "worker" if workers.in_worker() else "parent"))
"""


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_script_that_boots_unguarded_starts_no_app_in_its_workers(tmp_path):
    """The service runs main.py by path, which calls boot.main() at its top level; spawn runs
    the parent's script again in each worker, where boot.main must start nothing."""
    from host_tools.paths import FIRMWARE

    script = tmp_path / "main.py"
    script.write_text(SERVICE)
    env = dict(os.environ, POCKET_STONES_DATA=str(tmp_path), POCKET_STONES_WORKERS="2",
               PYTHONWARNINGS="ignore")
    done = subprocess.run([sys.executable, str(script), FIRMWARE], capture_output=True,
                          text=True, cwd=str(tmp_path), env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.split("\n") if line]
    moves = [line for line in lines if line.startswith("move ")]
    assert len(moves) == 1 and int(moves[0][5:]) > 0  # one search, in the parent, on the workers
    assert sorted(lines) == sorted(moves + ["app parent", "none worker", "none worker"])
    assert "Traceback" not in done.stderr
