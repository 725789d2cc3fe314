"""A Pico's device move ends by MOVE_MS on the app's clock, whatever its level's budget: its
playouts go in pieces (Search.ponder), and before a piece that the longest one so far says would
end past the limit, the best move found is played. Elsewhere (the simulator, a Pi) the budget
alone ends it, a slice of whole playouts at a time. Both runtimes; the clock is a fake one that
each piece moves on."""

from stones.engine.registry import game_class
from stones.platforms.fakes import FakeClock
from stones.ui import opponent


class SlowSearch:
    """A search whose pieces take the next of piece_ms (round and round) on clock, a playout
    every `per` pieces, and whose budget is 100 playouts."""

    def __init__(self, clock, piece_ms, per=3):
        self.clock = clock
        self.piece_ms = piece_ms
        self.per = per
        self.stopped = False
        self.pieces = 0
        self.playouts = 0
        self.finished = False

    def begin(self, game, budget, seed, keep=False):
        self.clock.advance(self.piece_ms[0])  # the root's expansion: part of the move's time

    def ponder(self, moves):
        assert moves == opponent.MOVE_PIECE
        self.clock.advance(self.piece_ms[self.pieces % len(self.piece_ms)])
        self.pieces += 1
        if self.pieces % self.per == 0:
            self.playouts += 1
            self.finished = self.playouts >= 100
        return self.finished

    def step(self, playouts):
        for _ in range(self.per * playouts):
            self.ponder(opponent.MOVE_PIECE)
        return self.finished

    def stop(self):
        self.stopped = self.finished = True


class App:
    def __init__(self, platform, piece_ms):
        self.clock = FakeClock(1000)
        self.platform = platform
        self.search = SlowSearch(self.clock, piece_ms)


def think(platform, piece_ms):
    app = App(platform, piece_ms)
    thinking = opponent.Thinking(app, game_class("go")(), 1)
    slices = 1
    while not thinking.step():
        slices += 1
        assert app.search.pieces % app.search.per == 0 or app.search.finished  # whole playouts
    return app, slices, app.clock.ticks_diff(app.clock.ticks_ms(), 1000)


def test_a_pico_move_stops_before_a_piece_would_pass_the_limit():
    for piece_ms in ((20,), (100,), (30, 30, 300), (250, 40, 90)):
        app, slices, spent = think("pico", piece_ms)
        assert app.search.stopped, piece_ms  # the time ended it, not the budget
        assert spent <= opponent.MOVE_MS, (piece_ms, spent)
        assert spent + 2 * max(piece_ms) > opponent.MOVE_MS, (piece_ms, spent)  # not early
    app, slices, spent = think("pico", (2500,))  # one piece is longer than the limit
    assert slices == 1 and app.search.pieces == 1 and app.search.stopped


def test_elsewhere_the_budget_alone_ends_the_move():
    for platform in ("simulator", "pi", "web"):
        app, slices, spent = think(platform, (30,))
        assert not app.search.stopped and app.search.playouts == 100
        assert spent > opponent.MOVE_MS


def test_the_limit_leaves_room_for_what_the_last_move_took_after_its_search():
    for tail, limit in ((0, opponent.MOVE_MS), (500, opponent.MOVE_MS - 500),
                        (5000, opponent.MOVE_MS // 2)):
        app = App("pico", (30,))
        app.move_tail = tail
        thinking = opponent.Thinking(app, game_class("go")(), 1)
        assert thinking.limit == limit
        while not thinking.step():
            pass
        spent = app.clock.ticks_diff(app.clock.ticks_ms(), 1000)
        assert limit - 60 < spent <= limit


def test_a_board_found_too_slow_to_ponder_is_not_tried_again():
    class PonderApp:
        system = {"ponder": True}
        players = {"1": "human", "2": "device:4"}
        slow_grid = None

    app = PonderApp()
    game = game_class("go")()
    assert opponent.ponder_level(app, game) == 4
    app.slow_grid = game.grid
    assert opponent.ponder_level(app, game) == 0
    assert opponent.ponder_level(app, game_class("go")(13)) == 4  # another board: tried
