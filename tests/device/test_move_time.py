"""A Pico's device move ends by MOVE_MS on the app's clock, whatever its level's budget: before a
slice that the slices so far say would end past it, the best move found is played. Elsewhere
(the simulator, a Pi) the budget alone ends it. Both runtimes; the clock is a fake one that
each slice moves on."""

from stones.engine.registry import game_class
from stones.platforms.fakes import FakeClock
from stones.ui import opponent


class SlowSearch:
    """A search whose every slice takes slice_ms on clock and never ends by itself."""

    def __init__(self, clock, slice_ms):
        self.clock = clock
        self.slice_ms = slice_ms
        self.stopped = False
        self.slices = 0

    def begin(self, game, budget, seed, keep=False):
        self.clock.advance(self.slice_ms // 2)  # the root's expansion: part of the move's time

    def step(self, playouts):
        if self.stopped:
            return True
        self.clock.advance(self.slice_ms)
        self.slices += 1
        return self.slices >= 100

    def stop(self):
        self.stopped = True


class App:
    def __init__(self, platform, slice_ms):
        self.clock = FakeClock(1000)
        self.platform = platform
        self.search = SlowSearch(self.clock, slice_ms)


def think(platform, slice_ms):
    app = App(platform, slice_ms)
    game = game_class("go")()
    thinking = opponent.Thinking(app, game, 1)
    steps = 1
    while not thinking.step():
        steps += 1
    return app, steps, app.clock.ticks_diff(app.clock.ticks_ms(), 1000)


def test_a_pico_move_stops_before_a_slice_would_pass_the_limit():
    for slice_ms in (100, 300, 450, 700):
        app, steps, spent = think("pico", slice_ms)
        assert app.search.stopped, slice_ms  # the time ended it, not the budget
        assert spent <= opponent.MOVE_MS, (slice_ms, spent)
        assert spent + slice_ms > opponent.MOVE_MS - slice_ms, (slice_ms, spent)  # not early
    app, steps, spent = think("pico", 2500)  # one slice longer than the limit: one slice only
    assert steps == 1 and app.search.stopped


def test_elsewhere_the_budget_alone_ends_the_move():
    for platform in ("simulator", "pi", "web"):
        app, steps, spent = think(platform, 300)
        assert not app.search.stopped and steps == 100 and spent > opponent.MOVE_MS
