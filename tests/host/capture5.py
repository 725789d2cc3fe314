"""Capture5: a fifth game that lives in the tests only, the proof that a game is a module and a
registry entry (tests/host/test_fifth_game.py adds the entry and plays it through the screens,
the search, GTP and the records).

Rules. A 5x5 board, Black first; a turn is a placement or a pass. A placement takes every enemy
stone next to it that is left without an empty neighbour (stones are taken one by one, there are
no groups); a placement that takes nothing and has no empty neighbour itself is suicide and
illegal. Two passes in a row (or the move cap) end the game. A player scores their stones on the
board plus the stones they took; the higher score wins, equal scores are a draw.

Like the real games it has one move loop for checked play and random playouts (_run) and an
undo log (the stones a placement took, then how many), and answers the protocol's questions in
the protocol's shapes (stones.engine.outcome's Score and Result). Nothing in it is fast: it
is written for reading.
"""

from stones.engine.game import BLACK, OCCUPIED, PASS, SUICIDE, WHITE, Game
from stones.engine.outcome import Score, decide
from stones.engine.square import SquareGrid


class Capture5(Game):
    key = "capture5"
    title = "Capture5"
    grid_class = SquareGrid
    sizes = (5,)
    default_size = 5
    log_per_move = 5  # the count, and at most four stones taken
    keeps_prisoners = True

    def _clear(self):
        self.prisoners = [0, 0, 0]

    def _state(self):
        return tuple(self.prisoners)

    def _copy_extra(self, other):
        self.prisoners[:] = other.prisoners

    def _free(self, p):
        v = self.cell[p]
        return self.degree[p] - (v >> 2 & 7) - (v >> 5)  # empty neighbours (game.py's byte)

    def _legal(self, p, c):
        if self._free(p):
            return True
        return any(self.cell[p + d] & 3 == 3 - c and self._free(p + d) == 1
                   for d in self.offsets)  # p is an enemy neighbour's last empty neighbour

    def _run(self, move, randoms, x):
        random = randoms > 0
        while True:
            c = self.to_move
            if random:
                if self.over or not randoms:
                    return x
                randoms -= 1
                k = self.n_empty
                p = PASS
                while k:  # draw among the legal points: a refused one leaves the range
                    x ^= (x & 0x1FFFFF) << 9
                    x ^= x >> 11
                    x ^= (x & 0x3FFFF) << 12
                    i = x % k
                    if self._legal(self.empty[i], c):
                        p = self.empty[i]
                        break
                    k -= 1
                    self.empty[i], self.empty[k] = self.empty[k], self.empty[i]
                    self.where[self.empty[i]] = i
                    self.where[self.empty[k]] = k
            else:
                p = move
                if p != PASS and self.cell[p] & 3:
                    return OCCUPIED
                if p != PASS and not self._legal(p, c):
                    return SUICIDE
            self._log_room()
            self._record(p)
            self.to_move = 3 - c
            if p == PASS:
                self.passes += 1
            else:
                self.passes = 0
                self._put(p, c)
                taken = 0
                for d in self.offsets:
                    q = p + d
                    if self.cell[q] & 3 == 3 - c and not self._free(q):
                        self._lift(q)
                        self.log[self.top] = q
                        self.top += 1
                        taken += 1
                self.log[self.top] = taken
                self.top += 1
                self.prisoners[c] += taken
            if self.passes >= 2 or self.count >= self.cap:
                self.over = True
            if not random:
                return 0

    def _pop(self):
        p = self._unrecord()
        if p == PASS:
            return
        c = self.to_move
        self.top -= 1
        taken = self.log[self.top]
        self._lift(p)
        for _ in range(taken):
            self.top -= 1
            self._put(self.log[self.top], 3 - c)
        self.prisoners[c] -= taken

    def score(self):
        stones = (0, self.count_stones(BLACK), self.count_stones(WHITE))
        total = ("Total", stones[1] + self.prisoners[1], stones[2] + self.prisoners[2])
        return Score([("Stones", stones[1], stones[2]),
                      ("Taken", self.prisoners[1], self.prisoners[2]), total],
                     total, 2 * total[1], 2 * total[2])

    def count_result(self):
        return decide(self.score())

    def panel(self):
        return "Taken", self.prisoners[BLACK], self.prisoners[WHITE]

    def material(self, c):
        return self.prisoners[c] - self.prisoners[3 - c]


# Its registry entry: key, title, module, class name, grid module.
ENTRY = ("capture5", "Capture5", "capture5", "Capture5", "stones.engine.square")
