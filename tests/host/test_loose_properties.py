"""Loose: properties over games drawn by hypothesis (CPython only).

A game is a board size and a list of numbers; each number picks the next move among the legal
placements and a pass, so every drawn game is a legal one and hypothesis shrinks failures to short
games. A slow, literal reading of rule 4 (copy the board, flip, check every group) is the oracle.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from stones.engine.game import BLACK, NO_TRUE_LIBERTY, OCCUPIED, PASS, WHITE, GameError, IllegalMove
from stones.engine.loose.rules import KomiProtocol, Loose, parse_komi
from stones.engine.records import load_record, record

games = st.tuples(st.sampled_from((5, 7, 9)),
                  st.lists(st.integers(0, 10**6), min_size=10, max_size=200))


def colours(game):
    return {p: game.colour(p) for p in game.grid.points}


def groups(game, board):
    seen = set()
    out = []
    for p in game.grid.points:
        if board[p] and p not in seen:
            group = [p]
            seen.add(p)
            for s in group:
                for t in game.grid.neighbours(s):
                    if t not in seen and board[t] == board[p]:
                        seen.add(t)
                        group.append(t)
            out.append(group)
    return out


def true_point(game, board, p):
    around = {board[t] for t in game.grid.neighbours(p)}
    return 0 in around or around != {BLACK, WHITE}


def lives(game, board, group):
    return any(not board[t] and true_point(game, board, t)
               for s in group for t in game.grid.neighbours(s))


def oracle(game, board, p, c):
    """The board after c plays p by the letter of rule 4, or None if the placement is illegal."""
    if board[p]:
        return None
    board = dict(board)
    board[p] = c
    for group in groups(game, board):
        if board[group[0]] == 3 - c and not lives(game, board, group):
            for s in group:
                board[s] = c
    if all(lives(game, board, group) for group in groups(game, board)):
        return board
    return None


def play_out(size, picks, check=None):
    """Play the drawn game; check(game, move, before_state, before_board) after every move."""
    game = Loose(size)
    for pick in picks:
        if game.over:
            break
        legal = game.legal_moves()
        choice = pick % (len(legal) + 1)
        move = legal[choice] if choice < len(legal) else PASS
        before = game.state()
        board = colours(game)
        game.play(move)
        if check:
            check(game, move, before, board)
    return game


@settings(max_examples=40, deadline=None)
@given(games)
def test_no_stone_leaves_and_every_group_keeps_a_true_liberty(game_spec):
    def check(game, move, before, board):
        after = colours(game)
        assert all(after[p] for p in board if board[p])
        assert sum(1 for p in after if after[p]) == sum(1 for p in board if board[p]) + (move != 0)
        for group in groups(game, after):
            assert lives(game, after, group)
            assert game.has_true_liberty(group[0])
            assert sorted(game.group(group[0])) == sorted(group)

    play_out(*game_spec, check=check)


@settings(max_examples=40, deadline=None)
@given(games)
def test_play_then_undo_restores_the_exact_state(game_spec):
    def check(game, move, before, board):
        after = game.state()
        game.undo()
        assert game.state() == before
        game.play(move)
        assert game.state() == after

    game = play_out(*game_spec, check=check)
    states = []
    while game.count:  # and all the way back in one go
        states.append(game.state())
        game.undo()
    assert game.state() == Loose(game.size).state()


@settings(max_examples=40, deadline=None)
@given(games, st.integers(-20, 20))
def test_record_round_trips(game_spec, half_komi):
    size, picks = game_spec
    game = play_out(size, picks)
    game.settings["komi"] = str(2 * half_komi)
    game.komi = 2 * half_komi
    text = record(game)
    again = load_record(text)
    assert again.state() == game.state() and record(again) == text
    if game.over:
        assert again.result().gtp() == game.result().gtp()


@settings(max_examples=25, deadline=None)
@given(games)
def test_engine_agrees_with_the_letter_of_the_rules(game_spec):
    def check(game, move, before, board):
        if game.over:
            return
        c = game.to_move
        now = colours(game)
        expected = sorted(p for p in game.grid.points if oracle(game, now, p, c) is not None)
        assert sorted(game.legal_moves()) == expected
        if move:
            assert now == oracle(game, board, move, 3 - c)

    play_out(*game_spec, check=check)


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 10**6))
def test_refused_moves_name_the_point_and_change_nothing(game_spec, pick):
    game = play_out(*game_spec)
    if game.over:
        return
    points = list(game.grid.points)
    p = points[pick % len(points)]
    before = game.state()
    code = game.reason(p)
    assert game.state() == before
    if code:
        assert code in (OCCUPIED, NO_TRUE_LIBERTY)
        try:
            game.play(p)
        except IllegalMove as error:
            assert error.code == code and game.name(p) in str(error)
        else:
            raise AssertionError("an illegal move was played")
        assert game.state() == before


@settings(max_examples=40, deadline=None)
@given(games, st.integers(-10, 10))
def test_result_follows_score_komi_and_the_tie_break(game_spec, half_komi):
    size, picks = game_spec
    game = Loose(size, komi=2 * half_komi)
    for pick in picks:
        if game.over:
            break
        legal = game.legal_moves()
        choice = pick % (len(legal) + 1)
        game.play(legal[choice] if choice < len(legal) else PASS)
    if not game.count:
        return
    black = sum(1 for p in game.grid.points if game.colour(p) == BLACK)
    white = sum(1 for p in game.grid.points if game.colour(p) == WHITE) + game.komi
    result = game.result()
    assert result.lines[-1] == ("Total", black, white)
    if black != white:
        assert result.winner == (BLACK if black > white else WHITE) and not result.tiebreak
        assert result.margin2 == 2 * abs(black - white)
    else:
        moves = [game.entry(i) for i in range(game.count)]
        placers = [colour for colour, move in moves if move]
        loser = placers[-1] if placers else moves[-1][0]
        assert result.tiebreak and result.winner == 3 - loser
        assert result.gtp() == "BW"[result.winner - 1] + "+0"


@given(st.integers(-1000, 1000), st.sampled_from((BLACK, WHITE)))
def test_komi_is_any_even_integer(komi, colour):
    if komi % 2:
        for bad in (komi, str(komi)):
            try:
                Loose(5, komi=bad)
            except GameError:
                pass
            else:
                raise AssertionError("odd komi accepted")
        protocol = KomiProtocol()
        try:
            protocol.propose(komi)
        except GameError:
            assert protocol.step == KomiProtocol.NAME_KOMI
        else:
            raise AssertionError("odd komi accepted by the protocol")
    else:
        assert parse_komi(str(komi)) == komi and Loose(5, komi=komi).komi == komi
        protocol = KomiProtocol()
        protocol.propose(komi)
        protocol.choose(colour)
        assert protocol.new_game(5).komi == komi
        assert protocol.black() == (KomiProtocol.CHOOSER if colour == BLACK
                                    else KomiProtocol.PROPOSER)
