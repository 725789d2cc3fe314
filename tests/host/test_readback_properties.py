"""Property: whatever field of a valid save, settings file or record is changed, and however
many, the device's readers refuse it by name or read a position that holds, never a traceback
and never a hang. Hypothesis draws the mutations (host_tools/sim/readback.py's, each choice of
which a draw: it shrinks a failure to the fewest, smallest changes); the work of each read is
bounded by a count of the lines it runs (sys.settrace), never by a clock. The seeded run of the
same mutator on both runtimes is tests/device/test_mutated_saves.py."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_tools.sim.readback import (
    MUTATIONS,
    REFUSED,
    RESUMED,
    Hung,
    bounded,
    read_back,
    samples,
)
from stones.engine.game import stone_word

FILES = samples(1)


class Drawn:
    """The mutator's rng, each of its choices drawn by hypothesis."""

    def __init__(self, data):
        self.data = data

    def below(self, n):
        return self.data.draw(st.integers(0, max(0, n - 1)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.integers(1, 3), st.data())
def test_any_mutation_is_refused_by_name_or_holds(file, changes, data):
    kind, key, payload = file
    rng = Drawn(data)
    mutated = bytearray(payload)
    for _ in range(changes):
        mutations = MUTATIONS[kind]
        mutations[rng.below(len(mutations))](mutated, rng)
    outcome, said = bounded(read_back, kind, bytes(mutated), key)
    assert outcome in (REFUSED, RESUMED) and said


def test_the_bound_catches_a_loop_that_does_not_end():
    def forever():
        while True:
            pass

    try:
        bounded(forever)
    except Hung:
        return
    raise AssertionError("not caught")


def test_every_valid_file_reads_back_within_the_bound():
    for kind, key, payload in FILES:
        assert bounded(read_back, kind, payload, key)[0] == RESUMED, (kind, key)


GAME_SAVES = [(key, payload) for kind, key, payload in FILES if kind == "game"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(GAME_SAVES), st.integers(0, 1 << 16), st.integers(0, 3),
       st.integers(0, 511))
def test_any_stone_word_of_a_game_save_is_refused_by_name_or_holds(save, which, colour, point):
    """The field a hang was found in: one stone word's colour (0 and 3 are neither player's)
    and point, anywhere in a game save."""
    key, payload = save
    data = bytearray(payload)
    start = data.find(b"\n") + 3  # past the header line and the set-up count
    i = start + 2 * (which % ((len(data) - start) // 2))
    word = stone_word(colour, point)
    data[i] = word & 0xFF
    data[i + 1] = word >> 8
    outcome, said = bounded(read_back, "game", bytes(data), key)
    assert outcome in (REFUSED, RESUMED) and said
