"""Go's count at the end is one count: the dead-stone estimate depends on the position alone
(not on a seed, a search run before or the knowledge a caller set), and on finished handicap
games it marks the stones GNU Go's final_status_list dead marks. Runs on CPython and on
MicroPython; tests/host/test_gnugo_count.py asks GNU Go itself for the same answers.
"""

from stones.engine.game import BLACK, PASS, WHITE
from stones.engine.go import end
from stones.engine.go.rules import Go
from stones.engine.search import Search

# Finished handicap games of a search at 900 playouts a move against GNU Go 3.8 level 1 (White
# moves first; komi 0.5), each (size, handicap, moves, GNU Go's final_status_list dead, its
# final_score). Settled endings: the estimate marks the same stones whatever seed its playouts
# draw from (checked over ten seeds when they were recorded).
HANDICAP_ENDS = (
    (9, "2",
     "W:D7 B:E5 W:F6 B:F5 W:G3 B:G6 W:C6 B:F7 W:B4 B:E6 W:E8 B:C4 W:H5 B:G5 W:H6 B:H7 W:H4 "
     "B:J6 W:B5 B:B3 W:D5 B:D4 W:E4 B:E3 W:H2 B:F2 W:J3 B:F4 W:H9 B:F8 W:A3 B:A2 W:A4 B:C5 "
     "W:B7 B:D6 W:B2 B:C2 W:A1 B:C1 W:F9 B:E7 W:C8 B:D9 W:D8 B:C9 W:B9 B:A8 W:G2 B:B8 W:F3 "
     "B:E2 W:J5 B:J7 W:F1 B:E1 W:G1 B:A9 W:E9 B:A7 W:A6 B:B1 W:A2 B:G8 W:G9 B:H8 W:G4 B:J8 "
     "W:B9 B:J9 W:pass B:D2 W:pass B:A8 W:B8 B:A7 W:pass B:J1 W:pass B:D9 W:pass B:pass",
     "A7 A8 D9 J1", "W+15.5"),
    (9, "4",
     "W:F6 B:G6 W:C5 B:F5 W:E3 B:E5 W:C2 B:B2 W:D2 B:D3 W:E2 B:E6 W:B7 B:F7 W:B4 B:B6 W:B3 "
     "B:C6 W:D5 B:D6 W:H1 B:B8 W:H3 B:H4 W:G2 B:A7 W:J4 B:J5 W:J3 B:D4 W:H5 B:G4 W:J6 B:G5 "
     "W:E4 B:F3 W:H8 B:F2 W:G8 B:F8 W:B5 B:A5 W:A2 B:A4 W:F1 B:C1 W:H7 B:H6 W:J5 B:G9 W:H9 "
     "B:F9 W:A3 B:A6 W:F4 B:B1 W:E1 B:D8 W:pass B:C9 W:pass B:J2 W:H2 B:J8 W:J7 B:pass W:pass",
     "B1 B2 C1 C3 D3 D4 J2 J8", "W+10.5"),
    (9, "4",
     "W:F6 B:F7 W:C5 B:E6 W:E3 B:F5 W:B6 B:G6 W:B3 B:B2 W:B7 B:B4 W:C8 B:D8 W:D7 B:D6 W:D4 "
     "B:C6 W:B5 B:A3 W:D9 B:E8 W:B8 B:E7 W:G2 B:F2 W:E2 B:H2 W:A8 B:G1 W:F4 B:G4 W:E5 B:D5 "
     "W:C4 B:E4 W:D3 B:F3 W:C2 B:B3 W:E9 B:F9 W:C9 B:E1 W:C1 B:D1 W:D2 B:F1 W:pass B:pass",
     "A3 B2 B3 B4 C3", "B+12.5"),
    (9, "5",
     "W:E7 B:F6 W:F8 B:D6 W:D8 B:C8 W:G8 B:H8 W:H7 B:H6 W:J6 B:E9 W:D9 B:G6 W:H5 B:J7 W:J5 "
     "B:G5 W:G4 B:F4 W:F3 B:E3 W:F2 B:G2 W:E2 B:D2 W:D1 B:C1 W:G1 B:H1 W:H3 B:H4 W:H2 B:G4 "
     "W:J1 B:F1 W:E1 B:F1 W:F2 B:E2 W:E1 B:J3 W:F1 B:D1 W:H1 B:F3 W:C9 B:G9 W:F9 B:H9 W:E8 "
     "B:A8 W:B8 B:B7 W:B9 B:E6 W:D7 B:F7 W:C6 B:B6 W:C5 B:B5 W:B4 B:C4 W:B3 B:B2 W:A2 B:A4 "
     "W:A5 B:A6 W:D4 B:D5 W:C5 B:C6 W:A3 B:A1 W:A3 B:B3 W:pass B:pass",
     "A3 B8 B9 C9 D4 D7 D8 D9 E1 E7 E8 F1 F2 F8 F9 G1 G8 H1 H2 H3 H5 J1 J5 J6", "B+75.5"),
    (13, "4",
     "W:K7 B:H7 W:L9 B:K9 W:D7 B:F6 W:L5 B:J6 W:F3 B:J8 W:F11 B:G9 W:E9 B:F8 W:C11 B:D11 "
     "W:L4 B:K3 W:D2 B:C3 W:G2 B:C2 W:L3 B:L2 W:M2 B:M1 W:K2 B:J2 W:L1 B:C10 W:L10 B:K11 "
     "W:H10 B:L11 W:H11 B:H9 W:E12 B:D12 W:B11 B:B10 W:G12 B:L8 W:C6 B:E5 W:B4 B:C4 W:H2 "
     "B:H3 W:J1 B:J3 W:C12 B:C13 W:M8 B:M7 W:L7 B:K8 W:M6 B:M10 W:M9 B:N9 W:N7 B:B5 W:E8 "
     "B:B6 W:F10 B:B7 W:J12 B:M11 W:B13 B:D13 W:A12 B:E13 W:F13 B:C5 W:M13 B:C8 W:E3 B:G4 "
     "W:C1 B:B1 W:D1 B:B3 W:D6 B:A4 W:K5 B:J5 W:F7 B:G6 W:F9 B:G8 W:D3 B:E4 W:M12 B:L12 "
     "W:L13 B:K13 W:K12 B:N12 W:J13 B:G10 W:H13 B:G11 W:J11 B:J10 W:K6 B:J7 W:F4 B:F5 W:G3 "
     "B:H4 W:D9 B:C9 W:A10 B:A9 W:A11 B:D8 W:E7 B:C7 W:N8 B:N10 W:E11 B:E10 W:F12 B:N2 W:N3 "
     "B:N4 W:M4 B:M3 W:L2 B:N3 W:N5 B:G7 W:D5 B:E6 W:K13 B:N11 W:N13 B:A2 W:pass B:H1 W:K1 "
     "B:F1 W:G1 B:F2 W:pass B:B9 W:pass B:A8 W:pass B:A7 W:pass B:A5 W:pass B:H5 W:pass "
     "B:pass",
     "F1 F2 M1 M3 N2 N3 N4", "W+17.5"),
)
# An ending that is not settled: White's top group B9 C8 D8 D7 E7 is lost in about half the
# playouts (GNU Go counts it dead). Seeded by each caller, the count of it swung with the seed
# (B+76.5 or B+9.5); seeded by the position, it is one count, whatever came before.
UNSETTLED = (
    9, "4",
    "W:D4 B:D3 W:E7 B:E4 W:G5 B:E5 W:H3 B:H2 W:H4 B:H6 W:C8 B:B8 W:D8 B:F8 W:G2 B:F2 W:G4 B:F3 "
    "W:J2 B:G1 W:B7 B:B6 W:B9 B:A8 W:D7 B:C6 W:H1 B:G2 W:pass B:pass")


def finished(size, handicap, moves):
    """The game of the moves ("W:D4 B:D3 ... B:pass") after a handicap, finished."""
    game = Go(size, handicap=handicap)
    for entry in moves.split():
        colour, move = entry.split(":")
        game.play_as(BLACK if colour == "B" else WHITE, game.parse(move))
    assert game.over
    return game


def dead_names(game, stones):
    return " ".join(sorted(game.grid.name(p) for p in stones))


def test_handicap_endings_are_counted_as_gnu_go_counts_them():
    for size, handicap, moves, dead, score in HANDICAP_ENDS:
        game = finished(size, handicap, moves)
        game.mark_estimated()
        assert dead_names(game, game.dead_stones()) == dead, moves[:20]
        assert game.result().gtp() == score, moves[:20]


def test_the_estimate_is_the_same_whatever_came_before():
    game = finished(*UNSETTLED)
    first = game.estimate_dead()
    # A search run on the position before the passes (its generator advanced, its scratch
    # games played), then the passes again.
    searched = finished(*UNSETTLED)
    searched.undo()
    searched.undo()
    Search(2000).think(searched, 300, 12345)
    searched.play(PASS)
    searched.play(PASS)
    assert searched.over and searched.estimate_dead() == first
    # Other playouts' knowledge set on the game itself.
    other = finished(*UNSETTLED)
    other.knowledge = 0
    assert other.estimate_dead() == first
    # The same stones set up and passed out: another history, the same position.
    stones = [(game.colour(p), p) for p in game.grid.points if game.colour(p)]
    again = Go(9, komi="0.5")
    again.set_position(stones, game.to_move)
    again.play(PASS)
    again.play(PASS)
    assert again.over and again.estimate_dead() == first
    assert end.position_seed(again) == end.position_seed(game)


def test_the_seed_is_the_position_s():
    game = finished(*UNSETTLED)
    seed = end.position_seed(game)
    assert 0 < seed <= 0x3FFFFFFF
    other = finished(*HANDICAP_ENDS[1][:3])
    assert end.position_seed(other) != seed
    game.set_turn(3 - game.to_move)  # the other side to move is another position
    assert end.position_seed(game) != seed
