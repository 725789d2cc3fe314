"""Opening books (stones/engine/book.py): every board's symmetries are the board's own, a position
and its images share one key, the shipped books answer, seed by seed, exactly the book moves and
weights the maker wrote down for each of its positions (tests/engine/book_check.py, written with
the books by host_tools/fit/book.py), and the search plays a book move without a playout. Both
runtimes."""

from book_check import LINES

from stones.engine import book, registry
from stones.engine.game import BLACK, WHITE
from stones.engine.rng import Rng
from stones.engine.search import PICO_NODES, Search


def boards():
    for key in registry.keys():
        cls = registry.game_class(key)
        for size in cls.sizes:
            yield key, size


def test_every_symmetry_is_a_permutation_that_keeps_neighbours():
    for key, size in boards():
        grid = registry.new_game(key, size).grid
        assert grid.symmetries == (8 if grid.kind == "square" else 12)
        points = list(grid.points)
        on = set(points)
        for p in points:
            assert grid.image(p, 0) == p
        images = set()
        for k in range(grid.symmetries):
            mapped = [grid.image(p, k) for p in points]
            assert set(mapped) == on, (key, size, k)
            for p in points[::7]:
                near = set(grid.image(q, k) for q in grid.neighbours(p))
                assert near == set(grid.neighbours(grid.image(p, k))), (key, size, k, p)
            assert book.unmap(grid, grid.image(points[3], k), k) == points[3]
            images.add(tuple(mapped))
        assert len(images) == grid.symmetries  # all different: none is missing
        assert grid.image(0, 5) == 0  # a pass stays a pass


def test_the_half_turn_takes_each_point_to_the_one_across_the_centre():
    """The turned board's symmetry (ui/board.py): the reading order reversed, twice itself."""
    for key, size in boards():
        grid = registry.new_game(key, size).grid
        points = list(grid.points)
        turned = [grid.image(p, grid.half_turn) for p in points]
        assert turned == points[::-1], (key, size)
        assert [grid.image(p, grid.half_turn) for p in turned] == points


def test_a_position_and_its_images_share_one_key_and_frame_the_same_move():
    rng = Rng(7)
    for key, size in boards():
        if size > 13:
            continue
        game = registry.new_game(key, size)
        grid = game.grid
        stones = []
        for p in grid.points:
            if rng.below(5) == 0:
                stones.append((BLACK if rng.below(2) else WHITE, p))
        game.set_position(stones, BLACK)
        h, frame = book.canonical(game)
        move = grid.points[rng.below(grid.count)]
        for k in range(grid.symmetries):
            other = registry.new_game(key, size)
            other.set_position([(c, grid.image(p, k)) for c, p in stones], BLACK)
            assert book.canonical(other)[0] == h, (key, size, k)
            assert book.key(other, 0) == book.key(game, k)
            # the move written in the canonical frame comes back as the image's own move
            written = grid.image(move, frame)
            back = book.unmap(grid, written, book.canonical(other)[1])
            assert set(grid.image(back, j) for j in range(grid.symmetries)) == set(
                grid.image(move, j) for j in range(grid.symmetries))
        game.set_position(stones, WHITE)  # who is to move is part of the key
        assert book.canonical(game)[0] != h


def test_the_shipped_books_answer_every_position_the_maker_wrote_down():
    assert LINES, "no book lines: host_tools/fit/book.py writes them with the books"
    for key in LINES:
        size, lines = LINES[key]
        game = registry.new_game(key, size)
        depth, data = game.opening()
        assert len(data) % 6 == 0 and len(data) // 6 >= len(lines)
        keys = [book._key_at(data, i) for i in range(len(data) // 6)]
        assert keys == sorted(keys)
        for at, (moves, answer) in enumerate(lines):
            game = registry.new_game(key, size)
            for text in moves.split():
                game.play(0 if text == "pass" else game.grid.parse(text))
            assert game.count < depth
            weights = {}
            for item in answer.split():
                name, weight = item.split(":")
                weights[name] = int(weight)
            found = book.moves(game)
            assert dict((game.grid.name(m), w) for m, w in found) == weights, (key, moves)
            if at % 16 == 0:  # the seeds split the weights: the first seed, then each share's
                seed = 0
                for move, weight in found:
                    assert book.choose(game, seed) == book.choose(game, seed + weight - 1) == move
                    seed += weight


def test_the_search_plays_the_book_move_without_a_playout_and_then_thinks():
    for key in LINES:
        size, lines = LINES[key]
        cls = registry.game_class(key)
        tuning = cls.tuning.__class__(**dict(cls.tuning.__dict__, book=1))
        game = registry.new_game(key, size)
        search = Search(PICO_NODES)
        move = search.think(game, 2000, 5, tuning)
        assert search.playouts == 0 and move == book.choose(game, 5)
        first = lines[0][1].split()
        assert game.grid.name(move) in [item.split(":")[0] for item in first]
        search.think(game, 2000, 5)  # the game's own tuning: no book unless it says so
        assert search.playouts > 0 or not cls.tuning.book
        depth = game.opening()[0]
        while game.count < depth:  # past the book's depth the search thinks again
            game.play(game.legal_moves()[0])
        search.think(game, 500, 5, tuning)
        assert search.playouts > 0


def test_a_board_without_a_book_and_a_position_out_of_it_answer_none():
    for key, size in boards():
        game = registry.new_game(key, size)
        if game.opening() is None:
            assert book.choose(game, 3) == -1
    go = registry.new_game("go", 9)
    go.set_position([(BLACK, go.grid.parse("A1")), (WHITE, go.grid.parse("B1"))], BLACK)
    assert book.choose(go, 1) == -1  # a corner fight the book never saw
