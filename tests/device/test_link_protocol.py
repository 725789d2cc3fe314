"""The link's protocol between two ends over a pipe in memory: the greeting, an offer accepted,
moves both ways with their digests, a pass, a resignation, undo asked and answered, dead stones
agreed; every corruption of the bytes (flipped bits, frames cut short, doubled and reordered,
random bytes) answered by name and the game unchanged; a version or protocol that differs
refused on both sides; a link cut and mended catching up; Loose's komi protocol settled across
the two, its steps out of order, of the wrong side or damaged refused by name. Both runtimes."""

from stones.engine.registry import game_class
from stones.link import frames, peer
from stones.link.pipes import memory_pair
from stones.platforms.fakes import FakeClock


class Pair:
    """Two ends on one fake clock: host plays Black."""

    def __init__(self, key="go", size=9, host_version="0.2.0", join_version="0.2.0", named=None,
                 **options):
        """named: the host's first pregame step (Loose's komi): the game offered with it."""
        self.clock = FakeClock()
        self.a, self.b = memory_pair()
        self.host = peer.Link(self.a, self.clock, True, host_version, seed=11)
        self.join = peer.Link(self.b, self.clock, False, join_version, seed=23)
        self.game = game_class(key)(size, **options)
        pregame = None
        if named is not None:
            pregame = self.game.pregame_protocol()
            pregame.take(named)
        self.host.offer(self.game, 1, pregame)

    def run(self, ms=200, step=10):
        for _ in range(ms // step):
            self.clock.advance(step)
            self.host.poll(self.clock.ticks_ms())
            self.join.poll(self.clock.ticks_ms())

    def linked(self):
        self.run()
        assert self.host.state == peer.READY and self.join.state == peer.READY
        assert self.join.offered is not None
        game, colour = self.join.offered
        assert colour == 2 and game.key == self.game.key and game.size == self.game.size
        self.other = self.join.accept()
        self.run()
        return self.other

    def same(self):
        return (self.game.move_words() == self.other.move_words()
                and peer.position_digest(self.game) == peer.position_digest(self.other))


def play(link, game, text):
    game.play(game.parse(text) if text != "pass" else 0)
    link.moved()


def test_crc_and_frames_round_trip():
    assert frames.crc16(b"123456789") == 0x29B1  # CRC-16/CCITT-FALSE's check value
    parser = frames.Parser()
    data = frames.frame(7, peer.MOVES, b"\x7e\x00abc") + frames.frame(8, peer.PING)
    i = parser.take(data, 0, len(data))
    assert parser.ready and parser.seq == 7 and parser.kind == peer.MOVES
    assert parser.payload() == b"\x7e\x00abc"
    parser.take(data, i, len(data))
    assert parser.ready and parser.seq == 8 and parser.payload() == b""
    assert parser.faults == [0, 0, 0, 0]


def test_the_parser_names_each_fault_and_finds_the_next_frame():
    good = frames.frame(1, peer.PING)
    cases = (
        (b"junk" + good, frames.STRAY),
        (b"\x7e\xff" + good, frames.TOO_LONG),
        (good[:-1] + bytes((good[-1] ^ 1,)) + good, frames.CHECKSUM),  # a flipped bit
        (good[:3] + good, frames.CHECKSUM),  # cut short, the next frame run into it
    )
    for data, fault in cases:
        parser = frames.Parser()
        i = 0
        found = 0
        while i < len(data) or parser.rest:
            i = parser.take(data, i, len(data))
            if parser.ready:
                found += 1
            elif i >= len(data):
                break
        assert found == 1, (data, fault)
        assert parser.faults[fault] >= 1, (data, fault, parser.faults)


def test_a_whole_exchange_moves_pass_undo_resign():
    pair = Pair()
    other = pair.linked()
    assert other.count == 0 and pair.host.status() == "linked"
    play(pair.host, pair.game, "E5")
    pair.run()
    assert other.count == 1 and pair.join.changes == 1
    play(pair.join, other, "C3")
    pair.run()
    assert pair.game.count == 2 and pair.same()
    play(pair.host, pair.game, "pass")
    pair.run()
    assert other.passes == 1 and pair.same()
    # White asks to take back... Black's pass is Black's: Black asks, White grants
    pair.host.ask_undo(2)
    pair.run()
    assert pair.join.undo_asked == 2
    pair.join.answer_undo(True)
    pair.run()
    assert pair.host.undo_answer is True
    assert pair.game.count == 2 and other.count == 2 and pair.same()
    pair.join.ask_undo(1)
    pair.run()
    pair.host.answer_undo(False)
    pair.run()
    assert pair.join.undo_answer is False and other.count == 2
    pair.game.resign(1)
    pair.host.moved()
    pair.run()
    assert other.over and other.resigned == 1 and pair.same()
    assert pair.host.problems == 0 and pair.join.problems == 0


def test_a_move_of_the_wrong_side_or_an_illegal_one_is_refused_by_name():
    pair = Pair()
    other = pair.linked()
    play(pair.host, pair.game, "E5")
    pair.run()
    # the host's link sends a White move as its own: the joiner refuses it, the game unchanged
    words = other.move_words()
    pair.host._send_moves(peer.MOVES, 0, 1)  # E5 again: the same move, nothing new
    pair.run()
    assert other.move_words() == words and pair.join.problems == 0
    bad = bytearray()
    peer._put16(bad, 1)
    peer._put16(bad, 0)
    bad.append(0)
    peer._put16(bad, 2 << 9 | other.parse("D4"))
    pair.host._queue(peer.MOVES, bad)
    pair.run()
    assert "not the other side's" in pair.join.problem and other.count == 1
    assert "not the other side's" in pair.host.problem  # told there too
    bad = bytearray()
    peer._put16(bad, 1)
    peer._put16(bad, 0)
    bad.append(0)
    peer._put16(bad, 2 << 9 | other.parse("E5"))  # White's own move, on E5: occupied
    pair.join._queue(peer.MOVES, bad)
    pair.run()
    assert "occupied" in pair.host.problem and pair.game.count == 1
    assert pair.same()


def test_a_digest_that_differs_is_refused_and_the_move_taken_back():
    pair = Pair()
    other = pair.linked()
    out = bytearray()
    peer._put16(out, 0)
    peer._put16(out, 0x1234)  # not the digest of the position after E5
    out.append(1)
    peer._put16(out, 1 << 9 | other.parse("E5"))
    pair.host._queue(peer.MOVES, out)
    pair.run()
    assert "positions differ" in pair.join.problem and other.count == 0


def after_one_move(seed):
    """A random source, a linked pair after Black's E5, the joiner's game and its moves."""
    from stones.engine.rng import Rng

    pair = Pair()
    other = pair.linked()
    play(pair.host, pair.game, "E5")
    pair.run()
    return Rng(seed), pair, other, other.move_words()


def test_every_corruption_is_named_and_changes_nothing():
    rng, pair, other, before = after_one_move(5)
    sent = []

    def corrupt(data):
        sent.append(data)
        kind = len(sent) % 4
        data = bytearray(data)
        if kind == 0:  # a flipped bit
            i = rng.below(len(data))
            data[i] ^= 1 << rng.below(8)
        elif kind == 1:  # cut short
            data = data[:rng.below(len(data))]
        elif kind == 2:  # random bytes before it
            data = bytes(rng.below(256) for _ in range(9)) + data
        else:  # twice
            data = data + data
        return data

    pair.a.through = corrupt
    pair.game.play_as(1, pair.game.parse("C3"))  # (out of turn: the joiner must refuse it)
    pair.host.moved()
    pair.run(3000)
    assert other.move_words() == before  # a Black move when White is to move: refused
    assert pair.join.problems > 0 and pair.join.problem
    pair.a.through = None
    pair.game.undo()


def test_random_bytes_never_change_the_game():
    rng, pair, other, before = after_one_move(9)
    for _ in range(40):
        pair.b.inbox.extend(bytes(rng.below(256) for _ in range(rng.below(40) + 1)))
        pair.b.inbox.extend(bytes((frames.START,)))  # starts that lead nowhere
        pair.run(20)
    assert other.move_words() == before
    assert pair.join.parser.faults[frames.STRAY] + pair.join.parser.faults[frames.CHECKSUM] > 0
    # hostile frames with good checksums: unknown types, short payloads, out-of-range counts
    for kind in (0x00, peer.MOVES, peer.UNDO, peer.ANSWER, peer.MARKS, peer.GAME, 0x99):
        for length in (0, 1, 3, 5):
            seq = pair.join.rx_seq
            pair.b.inbox.extend(frames.frame(seq, kind, bytes(rng.below(256)
                                                              for _ in range(length))))
            pair.run(20)
    assert other.move_words() == before and pair.join.problem
    play(pair.host, pair.game, "D4")  # and the link still works: its numbers greeted anew
    pair.run(3000)
    assert other.count == 2 and pair.same()


def test_a_version_or_protocol_that_differs_is_refused_on_both_sides():
    pair = Pair(join_version="0.1.0")
    pair.run()
    assert pair.host.state == peer.REFUSED and pair.join.state == peer.REFUSED
    assert pair.host.problem == "version 0.2.0 here, 0.1.0 there"
    assert pair.join.problem == "version 0.1.0 here, 0.2.0 there"
    assert pair.join.offered is None
    assert pair.host.status().startswith("refused: version")
    pair = Pair()
    pair.join.role = peer.HOST
    pair.run()
    assert "one hosts, one joins" in pair.host.problem and pair.host.state == peer.REFUSED


def test_a_cut_link_pauses_then_catches_up_where_it_stopped():
    pair = Pair()
    other = pair.linked()
    play(pair.host, pair.game, "E5")
    pair.run()
    pair.a.cut()
    play(pair.join, other, "C3")  # played while cut: it waits
    pair.run(peer.LOST_MS + 500)
    assert pair.host.status() == "lost: waiting" and pair.join.status() == "lost: waiting"
    assert pair.game.count == 1
    pair.a.mend()
    pair.run(1000)
    assert pair.host.state == peer.READY and pair.join.state == peer.READY
    assert pair.game.count == 2 and pair.same()
    play(pair.host, pair.game, "D4")
    pair.run()
    assert other.count == 3 and pair.same()


def test_a_restarted_side_resumes_from_its_save():
    from stones.session import decode_game, encode_game

    pair = Pair()
    other = pair.linked()
    for text, link, game in (("E5", pair.host, pair.game), ("C3", pair.join, other),
                             ("D4", pair.host, pair.game)):
        play(link, game, text)
        pair.run()
    saved, _ = decode_game(encode_game(other, {}))
    saved.undo()  # the last move was not saved (a power cut)
    join = peer.Link(pair.b, pair.clock, False, "0.2.0", seed=99)
    join.resume(saved, 2)
    pair.join = join
    pair.other = saved
    pair.run(peer.LOST_MS + 1000)
    assert join.state == peer.READY and join.offered is None
    assert saved.count == 3 and pair.same()


def test_an_offer_that_differs_is_declined_by_name():
    pair = Pair()
    pair.run()
    pair.join.decline("not now")
    pair.run()
    assert pair.host.refused == "not now"


def test_the_games_differ_is_said_on_both_sides():
    pair = Pair()
    other = pair.linked()
    play(pair.host, pair.game, "E5")
    pair.run()
    pair.a.cut()
    other.undo()
    other.play_as(1, other.parse("D4"))  # (a game that went elsewhere, as a bug would)
    pair.run(peer.LOST_MS + 100)
    pair.a.mend()
    pair.run(1000)
    assert "games differ" in pair.host.problem or "games differ" in pair.join.problem
    assert pair.game.move_at(0) == pair.game.parse("E5")


def test_dead_stones_are_agreed_by_both():
    pair = Pair(size=9)
    other = pair.linked()
    for text, link, game in (("E5", pair.host, pair.game), ("A1", pair.join, other),
                             ("pass", pair.host, pair.game), ("pass", pair.join, other)):
        play(link, game, text)
        pair.run()
    assert pair.game.over and other.over
    pair.game.mark_dead([])
    other.mark_dead([])
    pair.game.toggle_dead(pair.game.parse("A1"))
    pair.host.mark(False)
    pair.run()
    assert other.dead_stones() == [other.parse("A1")]
    assert not pair.host.agreed()
    pair.join.mark(True)
    pair.host.mark(True)
    pair.run()
    assert pair.host.agreed() and pair.join.agreed()
    assert pair.game.result().text() == other.result().text()


def test_dead_stones_on_several_rows_are_agreed_whatever_their_order():
    pair = Pair(size=9)
    other = pair.linked()
    for text, link, game in (("E5", pair.host, pair.game), ("A1", pair.join, other),
                             ("E4", pair.host, pair.game), ("J9", pair.join, other),
                             ("pass", pair.host, pair.game), ("pass", pair.join, other)):
        play(link, game, text)
        pair.run()
    assert pair.game.over and other.over
    for game in (pair.game, other):
        game.mark_dead([])
    pair.game.toggle_dead(pair.game.parse("J9"))  # (the top row's first: reading order)
    pair.game.toggle_dead(pair.game.parse("A1"))
    pair.host.mark(True)
    pair.run()
    assert sorted(other.dead_stones()) == sorted([other.parse("A1"), other.parse("J9")])
    pair.join.mark(True)
    pair.run()
    assert pair.host.agreed() and pair.join.agreed()
    assert pair.host.marks[0] and pair.join.marks[0]  # nobody told to look again


def test_a_linked_loose_game_settles_its_komi_protocol_across_the_link():
    """The host names komi 4, the joiner picks Black: both games have komi 4, the joiner plays
    Black and moves first, the host White."""
    pair = Pair("loose", 9, named="4")
    pair.run()
    game, colour = pair.join.offered
    assert colour == 0 and game.key == "loose" and game.size == 9  # the pregame settles it
    pregame = pair.join.pregame
    assert pregame.step == pregame.CHOOSE_COLOUR and pregame.komi == 4
    assert pair.host.colour == 0 and not pair.host.settled()
    pair.join.pregame_step("1")  # Black
    other = pair.join.accept()
    pair.run()
    assert pair.host.settled() and pair.host.peer_count == 0
    ours = pair.host.game
    assert ours is not pair.game and ours.clock is pair.game.clock
    assert ours.komi == other.komi == 4 and ours.settings == other.settings
    assert pair.join.colour == 1 and pair.host.colour == 2
    assert pair.host.header == pair.join.header
    pair.game = ours
    pair.other = other
    play(pair.join, other, "E5")  # Black first: the joiner
    pair.run()
    assert ours.count == 1 and pair.same()
    play(pair.host, ours, "C3")
    pair.run()
    assert other.count == 2 and pair.same()
    assert pair.host.problems == 0 and pair.join.problems == 0


def step(number, text):
    return bytes((number,)) + text.encode()


def test_a_pregame_step_out_of_order_of_this_side_or_damaged_is_refused_by_name():
    pair = Pair("loose", 9, named="4")
    pair.run()
    pregame = pair.join.pregame
    for number, text, why in ((1, "1", "pregame step 2 is this side's"),  # the chooser's
                              (2, "1", "pregame step 3 out of order"),
                              (0, "6", "pregame step 1 differs")):  # the komi named again
        pair.host._queue(peer.STEP, step(number, text))
        pair.run()
        assert pair.join.problem == why and pair.host.problem == "other side: " + why
        assert pregame.step == pregame.CHOOSE_COLOUR and pregame.komi == 4
    pair.host._queue(peer.STEP, step(0, "4"))  # the same again (a lost link's): nothing to say
    pair.run()
    assert pair.join.problem == "pregame step 1 differs"
    pair.join._queue(peer.STEP, step(1, "3"))  # a colour the protocol refuses
    pair.run()
    assert pair.host.problem.startswith("pregame step 2: the chooser picks")
    pair.join._queue(peer.STATE, bytes(4))  # where it is, before it has chosen
    pair.run()
    assert pair.host.problem == "state not expected" and pair.host.peer_count < 0
    assert not pair.host.settled() and pair.host.colour == 0

    def damaged(data):  # the first frame's last byte flipped on its way, the rest as sent
        pair.b.through = None
        return data[:-1] + bytes((data[-1] ^ 0x10,))

    pair.b.through = damaged
    pair.join.pregame_step("2")  # White: damaged once, then sent again whole
    pair.join.accept()
    faults = pair.host.parser.faults[frames.CHECKSUM]
    pair.run(1000)
    assert faults == 0 and pair.host.parser.faults[frames.CHECKSUM] == 1
    assert pair.host.settled() and pair.host.colour == 1 and pair.join.colour == 2
    go = Pair()
    go.linked()
    go.join._queue(peer.STEP, step(0, "4"))  # a game without a pregame
    go.run()
    assert go.host.problem == "pregame step not expected"


def test_a_link_cut_during_the_komi_protocol_pauses_and_settles_once_back():
    pair = Pair("loose", 9, named="-2")
    pair.run()
    pair.a.cut()
    pair.run(peer.LOST_MS + 500)
    assert pair.host.status() == "lost: waiting" and pair.join.status() == "lost: waiting"
    pair.join.pregame_step("2")  # taken while the link is down: it goes once it is back
    other = pair.join.accept()
    assert not pair.host.settled()
    pair.a.mend()
    pair.run(1000)
    assert pair.host.state == peer.READY and pair.host.settled() and pair.host.peer_count == 0
    assert pair.host.colour == 1 and pair.join.colour == 2
    assert pair.host.game.komi == other.komi == -2
    assert pair.host.problems == 0 and pair.join.problems == 0


def test_a_pregame_offer_declined_is_told_and_shown_again_when_made_again():
    pair = Pair("loose", 9, named="4")
    pair.run()
    pair.join.decline("not now")
    pair.run()
    assert pair.host.refused == "not now" and pair.join.offered is None
    pair.host._send_game()  # offered again (the host's screen made anew)
    pair.run()
    assert pair.join.offered is not None and pair.join.pregame.komi == 4
