# The app's heap on the WebAssembly port (32-bit objects, the Pico's model), run by run.mjs:
#   node run.mjs TREE heap_app.py GAME
# The device as the simulator builds it (real app, driver, buttons, saves over FakeFS), a game
# of GAME started from the menu and a few moves played. The simulator's own pieces (its core and
# the fakes) are measured apart and left out. Chunks: see heap_engine.py.
# ruff: noqa: E402  (the chunks import where their figures start)
import gc

from wasm_argv import ARGV

key = ARGV[1]
base = gc.mem_alloc()
import stones.drivers.buttons  # noqa: E402,F401  the device's own modules: they count as the app
import stones.drivers.ssd1306  # noqa: E402,F401
import stones.session  # noqa: E402,F401
import stones.storage  # noqa: E402,F401
import stones.ui.app  # noqa: E402,F401

#--- checkpoint
before = gc.mem_alloc()
from host_tools.sim.device import Device, run_script  # noqa: E402
from stones.platforms.fakes import FakeFS  # noqa: E402,F401

#--- checkpoint
scaffold = gc.mem_alloc() - before
from stones.engine.registry import game_class, keys  # noqa: E402  (the app imports both)

cls = game_class(key)
# down to the game (registry order), A, A on Start, A twice more where two humans first settle
# something (Game.pregame: Loose's komi); then the first three moves of the game's opening
starts = ["down"] * keys().index(key) + ["a", "a"] + (["a", "a"] if cls.pregame else [])
moves = dict(cls.bench)["opening"].split()[:3]
device = Device()
run_script(device, starts + ["play " + m for m in moves], None)
#--- checkpoint
print("app_heap32", gc.mem_alloc() - base - scaffold)
print("scaffold_heap32", scaffold)
#--- checkpoint
# The same with the device playing White at its strongest Pico level, measured while it thinks.
device = None
from stones.ui.opponent import level_count  # noqa: E402

to_game = ["down"] * keys().index(key) + ["a"]  # the menu lists the games in registry order
white_row = 3 + len(cls.options)  # Start, Size, the options, Black, White
setup = to_game + ["down"] * white_row + ["right"] * level_count(key) + ["up"] * white_row + ["a"]
device = Device()
run_script(device, setup, None)
# The simulator's fake clock gives a playout a tick, so the top level's few playouts would end
# within the scripted press: the game's class (loaded for this game) thinks 100 times longer
# here, as tests/engine/support.long_thinking does; the search's memory does not depend on the
# budget (its nodes are allocated once).
cls = type(device.app.game)
cls.pico_levels = tuple(cls.pico_levels[:-1]) + (cls.pico_levels[-1] * 100,)
run_script(device, ["play " + moves[0]], None)
thinking = getattr(device.app.top, "thinking", None)
if thinking is not None:
    for _ in range(8):
        thinking.step()
#--- checkpoint
print("app_thinking_heap32", gc.mem_alloc() - base - scaffold if thinking is not None else 0)
