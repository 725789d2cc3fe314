"""The board half turned (ui/board.py's turned view: the device that joined a link, its player
across the table from the host's). On every game's default board and its largest, on a 128x64
and a 128x128 panel: each point shows where the upright view shows its image under the grid's
half turn, so a stone drawn at (x, y) upright is drawn at the place across the board's centre;
the d-pad steps in the panel's directions; the names the view writes are the rules' own. Then a
linked game of each game: the host's frame upright, the joiner's turned, unless the System
screen's Linked board says upright. Both runtimes."""

from support import system_row

from host_tools.sim.linked import LinkedPair
from stones.drivers.fb import framebuf
from stones.engine import registry
from stones.engine.rng import Rng
from stones.ui.board import BoardView, layout

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # right, left, up, down the panel


class Panel(framebuf.FrameBuffer):
    def __init__(self, height, width=128):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)


def boards():
    """(game, the panel) for each game's default board and its largest, on both heights."""
    for key in registry.keys():
        cls = registry.game_class(key)
        for size in (cls.default_size, cls.sizes[-1]):
            for height in (64, 128):
                game = registry.new_game(key, size)
                game.playout(5, 12)  # stones of both colours about the board
                yield game, Panel(height)


def views(game, fb):
    w, h, _, _ = layout(fb, game)
    return BoardView(game, 0, 0, w, h), BoardView(game, 0, 0, w, h, True)


def test_each_point_shows_where_its_half_turned_image_shows_upright():
    for game, fb in boards():
        upright, turned = views(game, fb)
        grid = game.grid
        where = (game.key, game.size, fb.height)
        assert upright.windowed == turned.windowed, where
        for p in grid.points:
            q = grid.image(p, grid.half_turn)
            assert (turned.px[p], turned.py[p]) == (upright.px[q], upright.py[q]), where
            assert turned.visible(p) == upright.visible(q), where
        if upright.windowed:
            continue
        # the whole board: every point goes across the same centre
        assert len(set(upright.px[p] + turned.px[p] for p in grid.points)) == 1, where
        assert len(set(upright.py[p] + turned.py[p] for p in grid.points)) == 1, where
        corner = grid.points[0]  # the top left upright: the bottom right turned
        assert turned.px[corner] > upright.px[corner] and turned.py[corner] > upright.py[corner]


def test_a_stone_drawn_upright_at_x_y_is_drawn_turned_across_the_centre():
    for game, fb in boards():
        upright, turned = views(game, fb)
        if upright.windowed:
            continue
        grid = game.grid
        cx = upright.px[grid.points[0]] + turned.px[grid.points[0]]
        cy = upright.py[grid.points[0]] + turned.py[grid.points[0]]
        other = Panel(fb.height)
        for view, frame in ((upright, fb), (turned, other)):
            view.show_cursor = False
            view.draw(frame)
        stones = 0
        for p in grid.points:
            x = upright.px[p]
            y = upright.py[p]
            colour = game.colour(p)
            for dx, dy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)):  # the centre and around
                assert fb.pixel(x + dx, y + dy) == other.pixel(cx - x - dx, cy - y - dy), (
                    game.key, game.size, fb.height, grid.name(p))
            stones += 1 if colour else 0
        assert stones > 4


def place(view, p):
    """Where p shows on the whole board, window or not: (across, down) in its lattice's steps."""
    return (view.half[p], view.col[p]) if view.hex else (view.col[p], view.row[p])


def test_the_d_pad_steps_in_the_panels_directions():
    for game, fb in boards():
        upright, turned = views(game, fb)
        for view in (upright, turned):
            grid = game.grid
            moved = 0
            for p in grid.points:
                x, y = place(view, p)
                for dcol, drow in DIRECTIONS:
                    qx, qy = place(view, view._step(p, dcol, drow))
                    if dcol:
                        assert qy == y  # along its row on the panel, wrapping at its end
                    ahead = [r for r in grid.points if (
                        place(view, r)[1] == y and (place(view, r)[0] - x) * dcol > 0
                        if dcol else (y - place(view, r)[1]) * drow > 0)]
                    if ahead:  # a step that way: on the panel, that way
                        along = qx - x if dcol else y - qy
                        assert along * (dcol or drow) > 0, (game.key, game.size, grid.name(p))
                        moved += 1
            assert moved > 3 * len(grid.points)
        p = game.grid.points[0]  # the top left upright, the bottom right turned: the rules'
        assert upright._step(p, 1, 0) == p + 1 == turned._step(p, -1, 0)  # next point


def test_the_names_written_are_the_rules_own():
    for game, fb in boards():
        upright, turned = views(game, fb)
        for p in list(game.grid.points)[::5]:
            frames = []
            for view in (upright, turned):
                frame = Panel(16)
                view.label(frame, p, 0, 0)
                frames.append(frame_bytes(frame))
            assert frames[0] == frames[1], (game.key, game.grid.name(p))


def frame_bytes(frame):
    return bytes(frame.pixel(x, y) for y in range(16) for x in range(24))


def linked_frames(key, display, upright=False):
    pair = LinkedPair(display=display)
    if upright:
        pair.join.app.system["turned"] = False
    pair.start(key)
    rng = Rng(11)
    for _ in range(6):
        pair.move(rng)
    pair.run(3000)  # the last move's note gone
    return pair, pair.host.app.top.view, pair.join.app.top.view


def test_a_linked_game_shows_the_host_upright_and_the_joiner_turned():
    for key in registry.keys():
        for display in ("ssd1306", "ssd1327"):
            pair, host, join = linked_frames(key, display)
            assert host.turn is None and join.turn is not None, (key, display)
            game = pair.join.app.game
            grid = game.grid
            assert [game.colour(p) for p in grid.points] == [
                pair.host.app.game.colour(p) for p in grid.points]
            for p in grid.points:
                q = grid.image(p, grid.half_turn)
                assert (join.col[p], join.row[p]) == (host.col[q], host.row[q]), key
            seen = 0
            for p in grid.points:
                if not (host.visible(p) and join.visible(p)):
                    continue
                seen += 1
                assert pair.host.display.pixel(host.px[p], host.py[p]) == pair.join.display.pixel(
                    join.px[p], join.py[p]), (key, display, grid.name(p))
            assert seen
            if not host.windowed and not join.windowed:
                assert len(set(host.px[p] + join.px[p] for p in grid.points)) == 1


def test_the_joiner_can_keep_the_board_upright():
    pair, host, join = linked_frames("go", "ssd1306", upright=True)
    assert host.turn is None and join.turn is None
    assert [host.px[p] for p in host.grid.points] == [join.px[p] for p in join.grid.points]


def test_the_joiners_d_pad_moves_the_cursor_as_the_panel_shows():
    pair, host, join = linked_frames("go", "ssd1306")
    start = join.cursor
    x = join.px[start]
    y = join.py[start]
    name = "left" if join.px[start] > 20 else "right"
    pair.press(pair.join, name)
    assert join.py[join.cursor] == y and (join.px[join.cursor] < x) == (name == "left")
    name = "up" if y > 20 else "down"
    pair.press(pair.join, name)
    assert (join.py[join.cursor] < y) == (name == "up")


def test_the_linked_board_row_turns_it_upright_and_is_kept():
    from host_tools.sim.device import Device
    from stones.link.pipes import Links, memory_pair

    a, _ = memory_pair()
    links = Links(lambda host: a, "memory")
    device = Device(links=links)
    device.press("down")  # (the main menu's Link row comes before System)
    screen, row = system_row(device, "Linked board")
    assert screen.list.rows[row] == ("Linked board", "turned")
    device.press("a")
    assert screen.list.rows[row] == ("Linked board", "upright")
    assert device.app.system["turned"] is False
    rebooted = Device(fs=device.fs.reboot(), links=links)
    assert rebooted.app.system["turned"] is False  # kept for the next power-on
    assert "Linked board" not in [label for label, _ in system_row(Device(), "Sleep")[0].list.rows]
