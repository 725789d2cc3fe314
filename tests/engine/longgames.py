"""Long Go games of legal moves, for the move limit's tests (both runtimes).

Random legal moves, the mover's own eyes filled too, so groups keep dying and the board keeps
emptying: a game goes on capturing as long as asked, as a real game with many captures and ko
fights does, and each move is one the rules accept.
"""

from stones.engine.game import PASS
from stones.engine.rng import Rng

TRIES = 30  # random points tried before the legal moves are listed


def play_long(game, moves, seed):
    """Play random legal moves on game until it holds `moves` moves (or is over); the game."""
    rng = Rng(seed)
    points = game.grid.points
    while game.count < moves and not game.over:
        move = -1
        for _ in range(TRIES):
            p = points[rng.below(len(points))]
            if game.legal(p):
                move = p
                break
        if move < 0:
            legal = game.legal_moves()
            move = legal[rng.below(len(legal))] if legal else PASS
        game.play(move)
    return game
