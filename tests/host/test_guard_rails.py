"""Guard rails for the inlined move loops: each game's _run (one loop for checked play and random
playouts, every table in a local, the cell byte read field by field) against a slow version of
the same rule written straight from docs/rules.md, on the positions of random games.

The slow rules know nothing of the engine's bookkeeping: a board is a dict point -> colour, groups
are flood fills, territories are cube bounds. At every position of a random game each empty point
is played through the public API (play, which runs the loop, then undo) and the engine's verdict
and the board it leaves are compared with the slow rule's; the game then goes on by one move of
the loop's own random policy (playout with a limit of one), which must also be legal by the slow
rule and leave the board it says.
"""

import pytest

from stones.engine.game import BLACK, EMPTY, PASS, WHITE, IllegalMove
from stones.engine.registry import new_game


def board_of(game):
    return {p: game.colour(p) for p in game.grid.points}


def group(game, board, p):
    """The stones of p's group on board, by flood fill."""
    colour = board[p]
    seen = {p}
    todo = [p]
    while todo:
        s = todo.pop()
        for t in game.grid.neighbours(s):
            if t not in seen and board[t] == colour:
                seen.add(t)
                todo.append(t)
    return seen


def groups(game, board, colour):
    out = []
    seen = set()
    for p in game.grid.points:
        if board[p] == colour and p not in seen:
            g = group(game, board, p)
            seen |= g
            out.append(g)
    return out


# -- the slow rules: (board after the placement) or None when it is illegal ---------------------


def slow_go(game, boards, c, p):
    """rules.md A2, A3: captures first, then the new stone's group needs a liberty; the result
    may not repeat the position before the opponent's last move."""
    board = dict(boards[-1])
    board[p] = c
    for t in game.grid.neighbours(p):
        if board[t] == 3 - c:
            g = group(game, board, t)
            if not any(board[u] == EMPTY for s in g for u in game.grid.neighbours(s)):
                for s in g:
                    board[s] = EMPTY
    if not any(board[u] == EMPTY for s in group(game, board, p) for u in game.grid.neighbours(s)):
        return None  # suicide
    if len(boards) >= 2 and board == boards[-2]:
        return None  # ko
    return board


def slow_loose(game, boards, c, p):
    """rules.md B1-B4: flip every enemy group without a true liberty at once, then every group
    must have a true liberty."""
    board = dict(boards[-1])
    board[p] = c

    def true_liberty(g):
        for s in g:
            for t in game.grid.neighbours(s):
                if board[t] != EMPTY:
                    continue
                around = [board[u] for u in game.grid.neighbours(t)]
                false = EMPTY not in around and BLACK in around and WHITE in around
                if not false:
                    return True
        return False

    dying = [g for g in groups(game, board, 3 - c) if not true_liberty(g)]
    for g in dying:
        for s in g:
            board[s] = c
    for colour in (BLACK, WHITE):
        for g in groups(game, board, colour):
            if not true_liberty(g):
                return None
    return board


def slow_loupe(game, boards, c, p):
    """rules.md C6, C7: no more enemy than friendly neighbours; a turn's first stone needs a
    legal second stone after it."""
    board = dict(boards[-1])

    def allowed(q):
        around = [board[u] for u in game.grid.neighbours(q)]
        return board[q] == EMPTY and around.count(3 - c) <= around.count(c)

    if not allowed(p):
        return None
    board[p] = c
    if game.turn_size() == 2 and game.stones_left() == 2:
        if not any(allowed(q) for q in game.grid.points):
            return None
    return board


def slow_offshore(game, boards, c, p):
    """rules.md D1-D6: judged before the placement, not in the opponent's territory (weak: unless
    next to an own stone) and not next to an own group larger than the own group count; after
    it, every opponent group wholly inside the mover's territory goes."""
    board = dict(boards[-1])
    weak = game.settings["territory"] == "weak"

    def territory(colour):
        cells = set()
        for g in groups(game, board, colour):
            cube = [(q, r, -q - r) for q, r in map(game.grid.axial, g)]
            low = [min(x[i] for x in cube) for i in range(3)]
            high = [max(x[i] for x in cube) for i in range(3)]
            for s in game.grid.points:
                q, r = game.grid.axial(s)
                if all(low[i] <= x <= high[i] for i, x in enumerate((q, r, -q - r))):
                    cells.add(s)
        return cells

    friends = [t for t in game.grid.neighbours(p) if board[t] == c]
    if p in territory(3 - c) and not (weak and friends):
        return None
    count = len(groups(game, board, c))
    if any(len(group(game, board, t)) > count for t in friends):
        return None
    board[p] = c
    mine = territory(c)
    for g in groups(game, board, 3 - c):
        if g <= mine:
            for s in g:
                board[s] = EMPTY
    return board


CASES = [
    ("go", 9, {}, slow_go, 3),
    ("loose", 7, {}, slow_loose, 4),
    ("loupe", 7, {}, slow_loupe, 2),
    ("offshore", 4, {}, slow_offshore, 3),
    ("offshore", 5, {"territory": "weak"}, slow_offshore, 1),
]


@pytest.mark.parametrize("key, size, settings, slow, games", CASES,
                         ids=["%s-%d-%s" % (c[0], c[1], "-".join(c[2].values()) or "default")
                              for c in CASES])
def test_the_move_loop_agrees_with_the_slow_rule_on_random_games(key, size, settings, slow,
                                                                   games):
    checked = refused = 0
    for seed in range(1, games + 1):
        game = new_game(key, size, **settings)
        boards = [board_of(game)]
        x = seed * 7919
        while not game.over:
            c = game.to_move
            for p in game.grid.points:
                if game.colour(p) != EMPTY:
                    continue
                want = slow(game, boards, c, p)
                try:
                    game.play(p)
                except IllegalMove:
                    assert want is None, (key, game.name(p), game.diagram())
                    assert board_of(game) == boards[-1]
                    refused += 1
                    continue
                assert want is not None, (key, game.name(p), game.diagram())
                assert board_of(game) == want, (key, game.name(p))
                game.undo()
                assert board_of(game) == boards[-1]
                checked += 1
            # one move of the loop's own random policy: legal by the slow rule too
            count = game.count
            x = game.playout(x, 1)
            assert game.count == count + 1
            mover, move = game.entry(count)
            if move != PASS:
                assert board_of(game) == slow(game_before(game, boards), boards, mover, move)
            boards.append(board_of(game))
    assert checked > 200 and refused > 20


def game_before(game, boards):
    """The game as it was before its last move, for the slow rules that ask about the turn
    (Loupe's first or second stone): undone, copied, replayed."""
    game.undo()
    before = new_game(game.key, game.size, **game.settings)
    for i in range(game.count):
        before.play_as(*game.entry(i))
    game.play_as(*game.entry(game.count))
    return before
