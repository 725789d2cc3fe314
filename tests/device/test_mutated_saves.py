"""Valid saves, settings and records, mutated field by field by a seeded mutator
(host_tools/sim/readback.py: a stone's colour or point, a header field, a record line or
value, a cut, a flipped bit), each read back as the device reads it: every one is refused by
name (what the player is told says why) or read to a position that holds (Game.broken), never
a traceback. Both runtimes; the unix port's run is bounded by its runner's timeout, CPython's
by tests/host/test_readback_properties.py's count of steps. Every record cut short at any byte
is refused, never read as a shorter game."""

from host_tools.sim.readback import REFUSED, RESUMED, cases, read_back, samples

MUTATED = 240  # files tried a run: every mutation of every kind, many times over


def test_mutated_files_are_refused_by_name_or_read_to_a_position_that_holds():
    seen = {}
    for kind, name, how, data in cases(7, MUTATED):
        outcome, said = read_back(kind, data, name)  # raises on a traceback or a broken board
        assert outcome in (REFUSED, RESUMED) and said, (kind, how, said)
        seen[kind, outcome] = seen.get((kind, outcome), 0) + 1
    for kind in ("game", "record", "settings"):
        assert seen.get((kind, REFUSED)), (kind, seen)  # the mutations do reach the checks


def test_a_record_cut_short_anywhere_is_refused_by_every_device_reader():
    for kind, key, data in samples(5, 12):
        if kind != "record":
            continue
        whole = data.rstrip(b"\n")
        assert read_back(kind, data, key)[0] == RESUMED, key
        for end in range(len(whole)):
            outcome, said = read_back(kind, data[:end], key)
            assert outcome == REFUSED, (key, end, said)
