# The engine heap on the WebAssembly port (32-bit objects, the Pico's model), run by run.mjs:
#   node run.mjs BUILD heap_engine.py GAME SIZE
# Cut into chunks at '#--- checkpoint' lines: the port frees a call's garbage only after it has
# returned, so each figure is read at the start of a chunk, after collections (see run.mjs).
# ruff: noqa: E402  (the chunks import where their figures start)
import gc

from wasm_argv import ARGV

key, size = ARGV[1], int(ARGV[2])
base = gc.mem_alloc()
#--- checkpoint
from stones.engine import registry

cls = registry.game_class(key)
#--- checkpoint
imported = gc.mem_alloc() - base
game = cls(size)
seed = game.playout(12345)
#--- checkpoint
print("import_heap32", imported)
print("game_heap32", gc.mem_alloc() - base)
