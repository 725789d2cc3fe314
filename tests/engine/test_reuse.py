"""The search keeps its tree across moves (search.Search.begin's keep): after the device's move
and the player's reply, the subtree they lead to becomes the tree, compacted to the front of the
node arrays (Search._keep), its root made a root again (Search._reroot); any other position
starts from nothing, exactly as a fresh search. For every game of the registry, on CPython and
on the MicroPython unix port.
"""

from stones.compat import octets, zeros
from stones.engine import registry
from stones.engine.game import PASS
from stones.engine.search import Search

TREE = ("move", "first", "kids", "visits", "wins", "avisits", "awins")
GAMES = (("go", 9), ("loose", 5), ("loupe", 7), ("offshore", 4))
NODES = 400
WORK = 4000

_searches = [None, None]


def searches():
    """Two searches of NODES nodes, kept across the tests (a Pico-sized heap holds all four
    engines here: the tests keep their garbage small)."""
    if _searches[0] is None:
        _searches[0] = Search(NODES)
        _searches[1] = Search(NODES)
    return _searches


def arrays(search):
    """A frozen copy of the tree's node arrays."""
    return [getattr(search, name)[: search.n_nodes] for name in TREE]


def live(search):
    return [getattr(search, name) for name in TREE]


def same(a, i, b, j):
    """Whether node i of the arrays a and node j of b have the same move, counts and children,
    all the way down; the flags _keep uses must be gone from b."""
    if a[0][i] & 0x7FF != b[0][j] or a[2][i] != b[2][j]:
        return False
    for x in (3, 4, 5, 6):
        if a[x][i] != b[x][j]:
            return False
    return all(same(a, a[1][i] + c, b, b[1][j] + c) for c in range(a[2][i]))


def size(a, i):
    """The nodes of node i's subtree."""
    return 1 + sum(size(a, a[1][i] + c) for c in range(a[2][i]))


def most_visited_child(search, node):
    """The child of node the search studied most, among those it expanded if any."""
    first = search.first[node]
    return max(range(first, first + search.kids[node]),
               key=lambda j: (search.kids[j] > 0, search.visits[j]))


def position(key, size, seed):
    game = registry.new_game(key, size)
    game.playout(seed, 4)
    return game


def two_moves(search, game, seed, reply=None):
    """The search's move and a reply on game (the reply the tree studied most, unless given);
    return the node they lead to, or -1."""
    game.play(search.think(game, WORK, seed, keep=True))
    node = search._follow(game)
    assert node > 0, game.diagram()
    if reply is None:
        reply = search.move[most_visited_child(search, node)] & 0x1FF
    game.play(reply)
    return search._follow(game)


def test_the_compacted_tree_is_the_subtree_the_moves_lead_to():
    search, _ = searches()
    for key, size_ in GAMES:
        for plies in (1, 2):  # the search's move; and the reply
            game = position(key, size_, 3)
            if plies == 1:
                game.play(search.think(game, WORK, 5, keep=True))
                node = search._follow(game)
            else:
                node = two_moves(search, game, 5)
            assert node > 0 and search.kids[node], key
            before = arrays(search)
            search._keep(node)
            assert search.n_nodes == size(before, node) < len(before[0]), key
            assert search.n_nodes > search.kids[0] > 1, key
            assert same(before, node, live(search), 0), key
            assert search.first[0] == 1, key  # the root's children come first
            # compacting the compacted tree from its root changes nothing
            again = arrays(search)
            search._keep(0)
            assert arrays(search) == again, key


def inner_priors(game, pv):
    """{move: the wins its prior gives a new child of an inner node at game's position}."""
    probe = registry.new_game(game.key, game.size, **game.settings)
    probe.copy_from(game)
    probe.prepare()  # the tables candidates use (Loupe)
    probe.knowledge = game.knowledge
    moves = zeros(game.grid.count + 1)
    priors = octets(bytes(game.grid.count + 1))
    out = {PASS: (2 * pv * game.pass_prior + 128) >> 8}
    for i in range(probe.candidates(moves, priors)):
        out[moves[i]] = (2 * pv * priors[i] + 128) >> 8
    return out


def test_the_kept_root_is_a_fresh_root_plus_what_its_children_learnt():
    search, fresh = searches()
    for key, size_ in GAMES:
        for reply in (None, PASS):  # the studied reply; a pass (Go, Loose: counted at once)
            game = position(key, size_, 7)
            if reply == PASS:
                game.play(search.think(game, WORK, 3, keep=True))
                if not game.can_pass():
                    continue
                game.play(PASS)
                node = search._follow(game)
                if node < 0:  # the tree never tried the pass there
                    continue
            else:
                node = two_moves(search, game, 3)
            before = arrays(search)
            pv = search.prior_visits
            search.begin(game, WORK, 9, keep=True)
            fresh.begin(game, WORK, 9)
            where = "%s %s" % (key, reply)
            assert search.visits[0] == before[3][node] - pv, where
            assert search.kids[0] == fresh.kids[0] > 1, where
            assert search.first[0] == fresh.first[0] == 1, where
            assert search.work == fresh.work, where  # the counted pass, if any, done again
            inner = inner_priors(game, pv)
            old = {}
            for c in range(before[2][node]):
                o = before[1][node] + c
                old[before[0][o] & 0x1FF] = o
            kept = 0
            for j in range(1, 1 + fresh.kids[0]):
                m = fresh.move[j] & 0x1FF
                assert search.move[j] & 0x1FF == m, where  # the same order: the fresh root's
                if m not in old:
                    for name in TREE:
                        assert getattr(search, name)[j] == getattr(fresh, name)[j], where
                    continue
                kept += 1
                o = old[m]
                assert search.visits[j] == fresh.visits[j] + before[3][o] - pv, where
                assert search.wins[j] == fresh.wins[j] + before[4][o] - inner[m], where
                assert search.avisits[j] == fresh.avisits[j] + before[5][o], where
                assert search.awins[j] == fresh.awins[j] + before[6][o], where
                assert search.kids[j] == before[2][o], where
                for c in range(before[2][o]):  # below the root: the subtrees as they were
                    assert same(before, before[1][o] + c, live(search), search.first[j] + c)
            assert kept == before[2][node] or reply == PASS, where


def test_searching_on_from_a_kept_tree_is_reproducible_and_legal():
    one, two = searches()
    for key, size_ in GAMES:
        games = []
        for search in (one, two):
            game = position(key, size_, 11)
            for seed in (2, 4):
                node = two_moves(search, game, seed)
                if game.over:
                    break
                move = search.think(game, WORK, seed + 1, keep=True)
                assert game.reason(move) == 0, key
                assert node < 0 or search.visits[0] > search.playouts, key  # kept visits
            games.append(game)
        assert arrays(one) == arrays(two) and one.best_move() == two.best_move(), key
        assert games[0].move_words() == games[1].move_words(), key


def think_fresh(fresh, game, seed):
    return fresh.think(game, WORK, seed), arrays(fresh)


def test_any_other_position_starts_from_nothing():
    search, fresh = searches()
    for key, size_ in GAMES:
        game = position(key, size_, 13)
        cases = []
        search.think(game, WORK, 1, keep=True)
        last = game.last_move()
        game.undo()  # back before the searched position, then another move
        game.play([m for m in game.legal_moves() if m != last][0])
        cases.append(game)
        cases.append(registry.new_game(key, size_))  # a new game
        turned = position(key, size_, 13)
        turned.set_turn(3 - turned.to_move)  # the turn handed over, no move played
        cases.append(turned)
        for other in cases:
            search.think(position(key, size_, 13), WORK, 1, keep=True)
            move = search.think(other, WORK, 5, keep=True)
            assert (move, arrays(search)) == think_fresh(fresh, other, 5), key
        # the position followed, but without keep, or with another tuning: fresh too
        for keep, tuning in ((False, None), (True, type(game.tuning)(rave=7))):
            copy = position(key, size_, 13)
            assert two_moves(search, copy, 1) > 0, key
            move = search.think(copy, WORK, 5, tuning, keep)
            assert move == fresh.think(copy, WORK, 5, tuning), key
            assert arrays(search) == arrays(fresh), key


def test_a_kept_tree_without_room_for_the_root_starts_from_nothing():
    # Rarely met (the root's new children take about the room the old root's left), so the
    # arrays are made to end just past the kept subtree: the root's children cannot follow.
    for key, size_ in GAMES:
        search = Search(NODES)
        game = position(key, size_, 17)
        node = two_moves(search, game, 2)
        assert node > 0, key
        room = size(arrays(search), node) + 2
        search.max_nodes = room
        move = search.think(game, WORK, 3, keep=True)
        assert search.visits[0] == search.playouts, key
        tree = arrays(search)
        search = None
        assert (move, tree) == think_fresh(Search(room), game, 3), key
        assert game.reason(move) == 0, key  # after: a check may reorder the empty points


def test_follows_tells_the_moves_since_a_position():
    for key, size_ in GAMES:
        game = position(key, size_, 19)
        line = registry.new_game(key, size_)  # the earlier position's moves, as the search's
        line.copy_from(game)  # scratch game holds them
        n = game.count
        state = game.turn_word()
        assert game.follows(line, n, state, game.setup) == 0
        game.playout(3, 2)
        assert game.follows(line, n, state, game.setup) == 2, key
        assert game.move_at(n + 1) == game.last_move()
        assert game.follows(line, n, state, [(1, game.grid.points[0])]) == -1  # set-up stones
        game.undo()
        game.undo()
        game.undo()
        assert game.follows(line, n, state, game.setup) == -1, key
        game = position(key, size_, 19)
        game.set_turn(3 - game.to_move)
        assert game.follows(line, n, state, game.setup) == -1, key  # the turn handed over


# -- pondering in pieces (Search.ponder) ---------------------------------------------------------

def test_pondering_in_pieces_grows_the_tree_whole_playouts_grow():
    # The app ponders a playout a piece at a time (its walk, then a few moves of its random
    # playout a call): the same tree, counts and generator state as step()'s whole playouts,
    # from a fresh root and from a kept one, however small the pieces.
    one, two = searches()
    for key, size_ in GAMES:
        for moves in (1, 7):
            trees = []
            for search, pieces in ((one, 0), (two, moves)):
                game = position(key, size_, 5)
                node = two_moves(search, game, 3)
                search.begin(game, WORK, 9, keep=True)
                calls = 0
                while not (search.ponder(pieces) if pieces else search.step(1)):
                    calls += 1
                trees.append((arrays(search), search.seed, search.work, search.playouts,
                              search.best_move(), calls))
                assert node < 0 or search.visits[0] > search.playouts, key  # kept
            whole, pieces = trees
            assert whole[:5] == pieces[:5], (key, moves)
            assert pieces[5] > 2 * whole[5], (key, moves)  # in more, smaller calls


def test_a_begin_drops_a_playout_left_in_pieces():
    # A search begun while a pondered playout is half played (the player moved; a hint) starts
    # clean: the half playout is not counted anywhere, and the search is the one it would be.
    one, two = searches()
    for key, size_ in GAMES:
        game = position(key, size_, 7)
        two.begin(game, WORK, 2)
        two.ponder(3)  # the walk
        two.ponder(3)  # three moves of its playout
        assert two.pending, key
        for search in (one, two):
            search.begin(game, WORK, 4)
            assert not search.pending
            while not search.step(1):
                pass
        assert arrays(one) == arrays(two) and one.best_move() == two.best_move(), key


def test_what_may_go_is_every_module_of_another_game_s_package():
    """registry.unneeded_modules: while a game of one key is kept, every loaded module of the
    other games' packages (their rules, their viper twins, Go's tables) may go, with the grid
    no kept game plays on and what a game's end loads; the shared modules stay."""
    shared = ["stones.engine.game", "stones.engine.gameviper", "stones.engine.grid",
              "stones.engine.search", "stones.engine.searchviper", "stones.engine.registry"]
    go = ["stones.engine.go", "stones.engine.go.rules", "stones.engine.go.viper",
          "stones.engine.go.patterns", "stones.engine.go.end"]
    loose = ["stones.engine.loose", "stones.engine.loose.rules", "stones.engine.loose.viper"]
    extras = ["stones.engine.outcome", "stones.engine.records"]
    loaded = shared + go + loose + extras + ["stones.engine.square", "stones.engine.hexgrid",
                                             "stones.engine.goal"]  # (no game's: a prefix)
    gone = registry.unneeded_modules("loose", loaded)
    assert gone == go + extras + ["stones.engine.hexgrid"]
    gone = registry.unneeded_modules("go", loaded)  # Go's tables and end go too (Go.pat3...)
    assert gone == go[3:] + loose + extras + ["stones.engine.hexgrid"]
    gone = registry.unneeded_modules(None, loaded)
    assert gone == go + loose + extras + ["stones.engine.square", "stones.engine.hexgrid"]
