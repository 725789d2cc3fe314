"""Game.state()'s work, in a module of its own: only tests ask for it, so a device never loads it
(game.py keeps a three-line method that imports this)."""


def state(game):
    """Everything that defines the position and its bookkeeping, as text: tests compare it to
    prove that undo restores a position exactly. Groups appear as their sorted stones with size
    and game word, so the choice of root stone does not matter. Raises AssertionError where the
    bookkeeping contradicts itself (a stone rooted elsewhere, a broken empty list)."""
    cell = game.cell
    root = game.root
    groups = []
    for p in game.grid.points:
        if cell[p] & 3 and root[p] == p:
            stones = game.group(p)
            for s in stones:
                if root[s] != p:
                    raise AssertionError("stone %d not rooted at %d" % (s, p))
            groups.append((sorted(stones), game.stones[p], game._word(p)))
    groups.sort()
    empty = game.empty
    for i in range(game.n_empty):
        if game.where[empty[i]] != i or cell[empty[i]] & 3:
            raise AssertionError("empty list broken at slot %d" % i)
    return repr((list(cell), game.to_move, game.passes, game.phase, game.over, game.count,
                 groups, sorted(empty[: game.n_empty]), game._state()))
