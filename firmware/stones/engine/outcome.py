"""What a finished game comes to, in the same shapes for every game: Score and Result.

A module of its own, imported by a game's score() and result() when they are first called: the
device needs it at the end of a game, not while it is played (nor while the computer player
thinks: its playouts ask quick_winner, which builds neither).
"""

from stones.engine.game import BLACK, COLOUR_NAMES, WHITE, half_points


class Score:
    """What a game counts at its end, the same shape in every game.

    lines   [(label, black, white)]: each counted part, as the score table shows them (Go:
            territory, prisoners, komi, total; Loupe: each group's value...)
    total   (label, black, white): the row that decides, one of lines or a summary of them
    black2, white2   the totals in half points (komi may be 5.5); None where the game compares
            lists rather than sums (Loupe's simple modality)
    listed  (black's values, white's) where the result compares values item by item (Loupe's
            group values, highest first; GTP's final_score prints them), else None
    """

    def __init__(self, lines, total, black2=None, white2=None, listed=None):
        self.lines = lines
        self.total = total
        self.black2 = black2
        self.white2 = white2
        self.listed = listed


class Result:
    """The outcome of a finished game.

    winner is BLACK, WHITE, 0 for a draw or None when the game ended without a result (move cap).
    margin is in half points (komi may be 5.5), resigned is True when the loser resigned
    (margin 0: score is the position's count, which decided nothing), and on_time too where its
    flag fell instead (a loss on time: B+T, W+T), tiebreak is True when a
    tie-break rule decided and note says how (or why there is no result); score is the game's
    Score, whose lines and total rows the score screen shows.
    """

    def __init__(self, winner, margin2, score, tiebreak=False, note="", resigned=False):
        self.winner = winner
        self.resigned = resigned  # won by the other side's resignation (no count)
        self.on_time = False  # the resignation was a flag fall
        self.margin2 = margin2
        self.score = score
        self.lines = score.lines
        self.total = score.total
        self.tiebreak = tiebreak
        self.note = note

    def resign(self, loser, on_time=False):
        """Become the result of the game loser resigned, or lost on time (on_time: its flag
        fell): the other side wins, the count of the position (score) aside."""
        self.winner = WHITE if loser == BLACK else BLACK
        self.margin2 = 0
        self.tiebreak = False
        self.resigned = True
        self.on_time = on_time
        if on_time:
            self.note = "%s's time ran out." % COLOUR_NAMES[loser]
        else:
            self.note = "%s resigned." % COLOUR_NAMES[loser]

    def margin_text(self):
        return half_points(self.margin2)

    def gtp(self):
        """GTP final_score form: B+3, W+0.5, 0 for a draw; a tie-break win is W+0."""
        if self.winner is None:
            return "?"
        if self.winner == 0:
            return "0"
        if self.resigned:
            return "BW"[self.winner - 1] + ("+T" if self.on_time else "+R")
        return "BW"[self.winner - 1] + "+" + self.margin_text()

    def text(self):
        if self.winner is None:
            return "No result"
        if self.winner == 0:
            return "Draw"
        who = COLOUR_NAMES[self.winner]
        if self.tiebreak:
            return who + " wins the tie"
        if self.resigned:  # (note says who resigned)
            return who + (" wins on time" if self.on_time else " wins")
        return who + " wins by " + self.margin_text()


def decide(score, tie_winner=0, note=""):
    """The Result of a score by sums: the larger total wins by the difference; a tie goes to
    tie_winner (0: a draw) as a tie-break win, with note saying why."""
    margin = score.black2 - score.white2
    if margin:
        return Result(BLACK if margin > 0 else WHITE, abs(margin), score)
    if tie_winner:
        return Result(tie_winner, 0, score, tiebreak=True, note=note)
    return Result(0, 0, score, note=note)

