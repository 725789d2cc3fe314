"""Game.state()'s and Game.broken()'s work, in a module of their own: only tests and the
fuzzer ask for them, so a device never loads it (game.py keeps short methods that import this)."""


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


def broken(game):
    """The first place where the game's structures disagree with the stones on the board, as
    text, or None: every point's colour (a player's or empty), every packed cell's neighbour
    counts, the empty list, and each group's list, size and rule (no Go group without a
    liberty, no Loose group without a true liberty), the groups' rules asked last, once the
    rest holds, since a game's rule walks its groups. Builds nothing large: the fuzzer runs it
    in a Pico-sized heap, and every save and record read back ends with it (Game.check)."""
    cell = game.cell
    grid = game.grid
    offsets = grid.offsets
    empties = 0
    for p in grid.points:
        v = cell[p]
        if v & 3 == 3:
            return "point %s holds no player's stone" % grid.name(p)
        blacks = whites = 0
        for d in offsets:
            x = cell[p + d] & 3
            if x == 1:
                blacks += 1
            elif x == 2:
                whites += 1
        if (v >> 2 & 7) != blacks or v >> 5 != whites:
            return "cell %s counts %d/%d, neighbours %d/%d" % (
                grid.name(p), v >> 2 & 7, v >> 5, blacks, whites)
        if not v & 3:
            empties += 1
    if empties != game.n_empty:
        return "%d empty points, %d listed" % (empties, game.n_empty)
    for i in range(game.n_empty):
        p = game.empty[i]
        if game.where[p] != i or cell[p] & 3:
            return "empty list broken at %d" % i
    root = game.root
    link = game.link
    for p in grid.points:
        colour = cell[p] & 3
        if not colour or root[p] != p:
            continue
        n = 0
        s = p
        while True:
            if root[s] != p or cell[s] & 3 != colour:
                return "group of %s broken at %s" % (grid.name(p), grid.name(s))
            n += 1
            s = link[s]
            if s == p:
                break
            if n > grid.count:  # a ring that never comes back to its root
                return "group of %s does not close" % grid.name(p)
        if n != game.stones[p]:
            return "group of %s has %d stones, says %d" % (grid.name(p), n, game.stones[p])
    for p in grid.points:
        if cell[p] & 3 and root[p] == p:
            problem = game.problem(p)  # what the game's rules forbid a group (Go: no liberty)
            if problem:
                return "%s group at %s: %s" % (game.title, grid.name(p), problem)
    return None
