"""The ai benchmark's match modes on tiny budgets: our player keeping its tree and pondering on
the opponent's turn plays whole games, the same games for the same seeds, and the figure's name
says its modes."""

import json

import pytest

from host_tools.bench import ai, opponents
from stones.engine import registry, search
from stones.engine.game import BLACK


class Recorder(opponents.SearchPlayer):
    """A SearchPlayer that notes when it ponders: the position's mover and move count."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen = []

    def ponder(self, game):
        self.seen.append((game.to_move, game.count))
        super().ponder(game)


def test_pondering_runs_before_each_of_the_opponents_moves_only():
    # Loupe: a turn of two stones. Ours ponders before each of the opponent's stones (as the
    # app does while a human places them), never while ours is to move.
    ours = Recorder(40, 3, search.PICO_NODES, None, True, 60)
    game = opponents.play_game("loupe", 7, ours, opponents.RandomPlayer(4))
    assert game.over
    assert ours.ponders == len(ours.seen) > 0
    assert all(mover != BLACK for mover, _ in ours.seen)  # ours is Black: White to move
    white = [i for i in range(game.count) if game.entry(i)[0] != BLACK]
    assert [count for _, count in ours.seen] == white
    assert ours.pondered > 0 and ours.moves > 0


def test_a_kept_and_pondering_match_is_reproducible():
    modes = ai.Modes(keep=True, ponder=80).task()
    tasks = [("offshore", 4, 60, "previous", 0, i, 100, modes, search.PICO_NODES)
             for i in range(2)]
    first = ai.run_tasks(ai._one_game, tasks, 1)
    again = ai.run_tasks(ai._one_game, tasks, 1)
    assert first[0].games == 2
    assert [e[4] for e in first[1]] == [e[4] for e in again[1]]  # ponder work, game by game
    assert all(e[4] > 0 for e in first[1])
    assert (first[0].wins, first[0].draws, first[0].losses) == (
        again[0].wins, again[0].draws, again[0].losses)


class Counter(opponents.SearchPlayer):
    """A SearchPlayer that notes, each move, the root's playouts beyond the search's own: what
    the kept tree brought."""

    def move(self, game):
        move = super().move(game)
        self.kept = getattr(self, "kept", []) + [self.search.visits[0] - self.search.playouts]
        return move


def test_keep_and_ponder_bring_playouts_to_the_next_move():
    def kept(keep, ponder):
        ours = Counter(1500, 1000, search.PICO_NODES, None, keep, ponder)
        theirs = opponents.SearchPlayer(1500, 2000, search.PICO_NODES)
        opponents.play_game("offshore", 4, ours, theirs)
        return ours.kept

    assert max(kept(True, 1500)) > 0
    assert max(kept(False, 0)) == 0


def test_the_names_say_the_modes_and_the_targets_follow_them(tmp_path):
    pico = tmp_path / "pico.json"
    pico.write_text(json.dumps({"figures": [
        {"name": "Go 9x9 device move in the app, top level", "value": 2.0, "unit": "s",
         "game": "go"}]}))
    work, note = ai.ponder_of_seconds("go", 15000, 5, str(pico))
    assert work == 37500
    assert "5 s = 37500 work" in note and "2 s a move" in note
    modes = ai.Modes(keep=False, ponder=work, seconds=5)
    assert modes.keep  # pondering keeps the tree
    assert modes.label() == ", tree kept, pondering 5 s"
    assert ai.Modes(keep=True).label() == ", tree kept"
    assert ai.Modes(workers=4).label() == ", 4 search workers"
    assert ai.Modes().label() == ""
    targets = {"vs_gtp_pico_kept": 40, "vs_gtp10_pi_workers4": 65, "vs_gtp_pico": 10}
    assert ai.gnugo_target(targets, "pico", 1, ai.Modes(keep=True)) == 40
    assert ai.gnugo_target(targets, "pico", 1, ai.Modes()) == 10
    assert ai.gnugo_target(targets, "pi", 10, ai.Modes(workers=4)) == 65
    assert ai.gnugo_target(targets, "pi", 10, ai.Modes(workers=2)) is None  # four's target only
    assert ai.gnugo_target(targets, "pico", 10, ai.Modes()) is None
    shared = ai.Modes(workers=4, tree="shared")
    assert shared.label() == ", 4 search workers, shared tree"
    assert shared.figures() == {"keep": False, "search_workers": 4, "shared_tree": True}
    assert ai.gnugo_target(targets, "pi", 10, shared) is None  # the root-sharing target: not its
    assert shared.suffix() == "_workers4_shared" and shared.task()[-1] == "shared"
    assert ai.Modes(tree="shared").label() == ""  # one worker: the plain search, no tree shared
    assert "one tree shared" in ai.worker_note(4, True)


def test_a_run_names_its_figure_by_its_modes(tmp_path, monkeypatch, capsys):
    """main() with keep and pondering on a tiny game: the figure's name carries the modes."""
    cls = registry.game_class("offshore")
    monkeypatch.setattr(ai, "bench_games", lambda: [("offshore", 4)])
    monkeypatch.setattr(search, "levels", lambda game, pi=False: (30,))
    monkeypatch.setattr(ai, "ponder_of_seconds", lambda key, budget, s: (50, "pondering 5 s"))
    ai.main(["--games", "2", "--workers", "1", "--no-micropython", "--no-speed", "--no-results",
             "--only-vs", "previous", "--ponder-seconds", "5"])
    out = capsys.readouterr().out
    assert ("offshore side 4 vs top Pico level without keep or pondering, same budget, top Pico "
            "level, tree kept, pondering 5 s") in out
    names = [f["name"] for f in ai.R.figures]
    assert len(names) == 1 and names[0].endswith("tree kept, pondering 5 s")
    assert ai.R.figures[0]["games"] == 2 and ai.R.figures[0]["ponder_work"] == 50
    assert cls.bench  # the game's targets are read from its class


def test_a_match_on_search_workers_counts_their_cpu():
    """The workers' CPU is theirs, not the match process's: each search's final reports carry
    it, and the figure's note gives it a move and a worker."""
    if opponents.find_gnugo() is None:
        pytest.fail("GNU Go is missing: `make test` installs the Debian package gnugo")
    try:
        extras = ai._one_gnugo_game(("go", 9, 300, 1, 0, search.PI_NODES,
                                     ai.Modes(workers=2).task()))
    finally:
        ai.close_pools()
    seconds, moves, worker_seconds = extras[3], extras[4], extras[8]
    assert moves > 10 and worker_seconds > 0.0
    note = ai.worker_cpu([extras[3:]], 2)
    assert note == " in this process, %.3f s in the 2 workers (%.3f s each)" % (
        worker_seconds / moves, worker_seconds / moves / 2)
    assert ai.worker_cpu([extras[3:]], 1) == "" and seconds >= 0.0


def test_the_prior_alone_plays_the_roots_first_choice_every_game():
    """The calibration player (no search) plays, in every game, the playable candidate the
    root's priors rank first: a capture in atari where Go offers one, and whole games to the
    end."""
    for key in registry.keys():
        game = opponents.play_game(key, registry.game_class(key).default_size,
                                   opponents.PriorPlayer(), opponents.RandomPlayer(2))
        assert game.over, key
    go = registry.new_game("go", 9)
    for text in ("D5", "E5", "F5", "pass", "E6", "pass"):  # Black to take White's E5 at E4
        go.play(0 if text == "pass" else go.grid.parse(text))
    assert opponents.PriorPlayer().move(go) == go.grid.parse("E4")


def test_the_calibration_lines_scale_the_budget_and_name_the_reference_engine(
        monkeypatch, capsys):
    """--budget-scale multiplies the top Pico level's budget and says so in the name and the
    fields (and no target is held against it); GNU Go's Monte Carlo player plays whole games at
    its simulations a move; montecarlo without --mc-playouts is refused by name."""
    if opponents.find_gnugo() is None:
        pytest.fail("GNU Go is missing: `make test` installs the Debian package gnugo")
    monkeypatch.setattr(ai, "bench_games", lambda: [("go", 9)])
    monkeypatch.setattr(search, "levels", lambda game, pi=False: (30,))
    monkeypatch.setattr(search, "budget", lambda game, level, pi=False: 30)
    ai.main(["--games", "1", "--workers", "1", "--no-micropython", "--no-speed", "--no-results",
             "--only-vs", "gnugo", "--gnugo-players", "pico,montecarlo", "--mc-playouts", "20",
             "--budget-scale", "2"])
    out = capsys.readouterr().out
    scaled, reference = ai.R.figures
    assert scaled["name"] == "go 9x9 vs GNU Go level 1, top Pico level at 2x its budget"
    assert scaled["budget_scale"] == 2 and "budget 60," in scaled["note"]
    assert scaled.get("target") is None and scaled["playouts"] > 0
    assert reference["name"].endswith("GNU Go's Monte Carlo player at 20 playouts a move")
    assert reference["games"] == 1 and reference["playouts"] == 20
    assert "20 simulations a move" in out
    extras = ai._one_gnugo_game(("go", 9, 20, 1, 1, -1, ai.Modes().task()))
    assert extras[9] == 20 * extras[4] and extras[4] > 10  # moves of a whole game
    with pytest.raises(SystemExit):
        ai.main(["--no-results", "--gnugo-players", "montecarlo"])
    assert "needs --mc-playouts" in capsys.readouterr().err


def test_other_knowledge_changes_nothing_else_of_the_games_tuning():
    """A player with --knowledge keeps every other setting of the game's own tuning (its
    priors' weight, tactics, the work a playout counts, how early a search ends): only the
    knowledge differs from the player it is measured against."""
    for key in registry.keys():
        own = registry.game_class(key).tuning
        made = []
        ai.ours(key, 40, 1, search.PICO_NODES, ai.Modes(knowledge=5).task(), made)
        tuning = made[0].tuning
        assert tuning.knowledge == 5
        for name in ("prior_visits", "rave", "expand_at", "width", "playout", "tactics",
                     "overhead", "tactic_visits", "early"):
            assert getattr(tuning, name) == getattr(own, name), (key, name)


def test_a_tuning_change_turns_the_book_on_and_says_so(capsys):
    modes = ai.Modes(tuning=[ai.tuning_change("book=1")])
    made = []
    ai.ours("go", 40, 1, search.PICO_NODES, modes.task(), made)
    own = registry.game_class("go").tuning
    assert made[0].tuning.book == 1 and made[0].tuning.prior_visits == own.prior_visits
    assert made[0].tuning.knowledge == own.knowledge
    assert modes.label() == ", opening book"
    assert ai.Modes(tuning=[("lcb", 150)]).label() == ", lcb 150"
    assert modes.figures()["tuning"] == {"book": 1}
    game = registry.new_game("go", 9)
    made[0].move(game)
    assert made[0].playouts == 0  # the empty board is in Go's book
    for bad in ("nothing=1", "book=yes", "_most=3"):
        with pytest.raises(SystemExit):
            ai.main(["--no-results", "--tuning", bad])
        assert "not a Tuning setting" in capsys.readouterr().err


def test_a_shared_tree_needs_search_workers(capsys):
    with pytest.raises(SystemExit):
        ai.main(["--no-results", "--shared-tree"])
    assert "--shared-tree needs --search-workers 2 or more" in capsys.readouterr().err


def test_a_match_on_another_board_at_part_of_the_budget_says_both(monkeypatch, capsys):
    """--size plays the matches on that board, the top Pico level's budget scaled as a Pico
    scales it; --our-budget gives our player that percent of it against the level at all of
    it, and the name and fields say so; a size the game does not have and a percent out of
    1..100 are refused by name."""
    monkeypatch.setattr(ai, "bench_games", lambda: [("go", 9)])
    monkeypatch.setattr(search, "levels", lambda game, pi=False: (60,))
    ai.main(["--games", "1", "--workers", "1", "--no-micropython", "--no-speed", "--no-results",
             "--only-vs", "previous", "--size", "19", "--our-budget", "50"])
    out = capsys.readouterr().out
    (figure,) = ai.R.figures
    scaled = search.budget(registry.new_game("go", 19), 1)
    assert 0 < scaled < 60  # 19x19's budget is the scaled one
    assert figure["name"].startswith("go 19x19 vs top Pico level without keep or pondering, "
                                     "ours at 50% of its budget")
    assert figure["our_budget_percent"] == 50 and "budget %d;" % scaled in figure["note"]
    assert figure["games"] == 1 and "go 19x19" in out
    made = []
    ai.ours("go", scaled * 50 // 100, 1, search.PICO_NODES, ai.Modes().task(), made)
    assert made[0].budget == scaled // 2
    for bad, said in ((["--size", "11"], "is played on sizes"),
                      (["--our-budget", "0"], "--our-budget takes a percent")):
        with pytest.raises(SystemExit):
            ai.main(["--no-results", "--no-micropython", "--no-speed", "--only-vs",
                     "previous"] + bad)
        assert said in capsys.readouterr().err
