"""The game clocks' bookkeeping (stones.engine.clock), told by hand what time passed: sudden
death, byo-yomi's periods, Fischer's increment, the times as the game screen writes them, the
game save's clock word and its refusals, a loss on time as a game's result and in both record
formats, read back. Both runtimes."""

from support import raises

from stones.engine import timecontrol
from stones.engine.clock import BYOYOMI, FISCHER, SUDDEN, Clock, decode
from stones.engine.game import BLACK, WHITE, GameError
from stones.engine.registry import new_game


def test_sudden_death_falls_when_the_main_time_is_spent():
    timer = Clock(SUDDEN, 300)
    assert not timer.spend(BLACK, 299999)
    assert timer.text(BLACK) == "0:01" and timer.text(WHITE) == "5:00"  # seconds rounded up
    timer.moved(BLACK)  # nothing is given back
    assert timer.left[BLACK] == 1
    assert timer.spend(BLACK, 1) and timer.flagged(BLACK) and timer.text(BLACK) == "0:00"
    assert not timer.flagged(WHITE)


def test_byo_yomi_spends_the_main_time_then_loses_periods_one_by_one():
    timer = Clock(BYOYOMI, 60, 3, 10)
    assert timer.text(BLACK) == "1:00"
    assert not timer.spend(BLACK, 65000)  # the main time, then 5 s of the first period
    assert timer.overtime[BLACK] == 1 and timer.periods[BLACK] == 3
    assert timer.text(BLACK) == "3x5s"
    timer.moved(BLACK)  # a move within the period: whole again
    assert timer.text(BLACK) == "3x10s"
    assert not timer.spend(BLACK, 25000)  # two periods spent, half the third
    assert timer.periods[BLACK] == 1 and timer.text(BLACK) == "1x5s"
    timer.moved(BLACK)
    assert timer.left[BLACK] == 10000 and timer.periods[BLACK] == 1
    assert not timer.spend(BLACK, 9999)
    assert timer.spend(BLACK, 1)  # the last period spent: the flag falls
    assert timer.flagged(BLACK)
    assert timer.text(WHITE) == "1:00"  # the other side's time is its own


def test_fischer_adds_the_increment_after_each_move():
    timer = Clock(FISCHER, 300, increment_s=10)
    timer.spend(BLACK, 30000)
    timer.moved(BLACK)
    assert timer.left[BLACK] == 280000 and timer.text(BLACK) == "4:40"
    timer.moved(WHITE)  # a quick move gains time
    assert timer.text(WHITE) == "5:10"
    assert not timer.spend(WHITE, 309999) and timer.spend(WHITE, 1)


def test_short_of_time_means_before_a_flag_or_a_period_not_the_main_time():
    assert Clock(SUDDEN, 1).short(BLACK, 2000)
    byo = Clock(BYOYOMI, 1, 3, 30)
    assert not byo.short(BLACK, 2000)  # the main time running out costs nothing
    byo.spend(BLACK, 1000)
    assert byo.overtime[BLACK] and not byo.short(BLACK, 2000)
    byo.spend(BLACK, 29000)
    assert byo.short(BLACK, 2000)  # a period about to be lost


def test_the_setups_choices_make_their_clocks():
    made = timecontrol.clock
    assert made("None", "") is None
    assert made("Fischer", "10m+5s").encode() == "f,600,0,0,5,600000,0,0,600000,0,0"
    for kind, label, facts in (
            ("Byo-yomi", "5m+3x30s", {"time": "300", "overtime": "3x30 byo-yomi"}),
            ("Fischer", "5m+10s", {"time": "300", "overtime": "10 Fischer"}),
            ("Sudden death", "20 min", {"time": "1200"}),
            ("Sudden death", "no such", {"time": "300"})):  # a time not offered: the first
        found = {}
        made(kind, label).facts(found)
        assert found == facts, (kind, label)
    step = timecontrol.step
    assert step("None", "", 0, 1) == ("Sudden death", "5 min")
    assert step("Fischer", "5 min", 0, 0) == ("Fischer", "5m+10s")  # fitted to its kind
    assert step("Fischer", "5m+10s", 1, -1) == ("Fischer", "3m+2s")
    assert step("Fischer", "3m+2s", 0, 1) == ("None", "")
    assert step("no such", "x", 0, 0) == ("None", "")
    assert timecontrol.check("clock", "Byo-yomi") and timecontrol.check("time", "3m+2s")
    assert not timecontrol.check("clock", "Blitz") and not timecontrol.check("time", "None")
    for kind in range(1, len(timecontrol.KINDS)):  # each a row's value on a 128-pixel line
        for label in timecontrol.labels(kind):
            assert len("Time") + len(label) + 2 < 21 and label in timecontrol.every_label()


def test_the_save_word_comes_back_as_it_was():
    timer = Clock(BYOYOMI, 300, 5, 30)
    timer.spend(BLACK, 312000)
    timer.spend(WHITE, 1000)
    again = decode(timer.encode())
    assert again.encode() == timer.encode() == "b,300,5,30,0,18000,5,1,299000,5,0"
    assert again.text(BLACK) == "5x18s"


def test_a_clock_word_that_does_not_hold_is_refused_by_name():
    for word in ("", "x,300,0,0,0,1,0,0,1,0,0", "s,300,0,0,0,1,0,0,1,0",  # kind, fields
                 "s,0,0,0,0,1,0,0,1,0,0", "s,300,3,30,0,1,0,0,1,0,0",  # no time, periods
                 "f,300,0,0,0,1,0,0,1,0,0", "s,300,0,0,0,-1,0,0,1,0,0",  # no increment, sign
                 "b,300,3,30,0,31000,3,1,1,3,0", "b,300,3,30,0,1,9,0,1,3,0",  # a period's worth
                 "s,300,0,0,0,1,0,1,1,0,0", "s,300,0,0,0,1234567890,0,0,1,0,0"):  # too many
        error = raises(GameError, decode, word)
        assert str(error).startswith("clock"), (word, error)


def test_a_flag_fall_is_a_result_and_undo_takes_it_back():
    game = new_game("go", 9)
    game.play_text("E5")
    game.resign(WHITE, True)
    assert game.over and game.result().gtp() == "B+T"
    assert game.result().text() == "Black wins on time"
    assert game.result().note == "White's time ran out."
    game.undo()  # (the screens never offer it: a flag fall ends the game)
    assert not game.over and not game.on_time and game.count == 1
    game.resign(BLACK)
    assert game.result().gtp() == "W+R"  # a resignation is still one


def test_both_record_formats_keep_the_clock_and_the_loss_on_time():
    from stones.engine.records import load_record, record, write_record
    from stones.engine.sgf import read_record, write_sgf

    facts = {"black": "Human", "white": "Device 2", "time": "300",
             "overtime": "3x30 byo-yomi"}
    go = new_game("go", 9)
    go.play_text("E5")
    go.resign(WHITE, True)
    text = write_sgf(go, facts=facts)
    assert "RE[B+T]" in text and "TM[300]" in text and "OT[3x30 byo-yomi]" in text
    back = read_record(text)
    assert back.over and back.on_time and back.result().gtp() == "B+T" and back.count == 1
    loose = new_game("loose", 9)
    loose.play_text("E5")
    loose.resign(BLACK, True)
    pieces = []
    write_record(loose, pieces.append, facts)
    text = "".join(pieces)
    assert "time 300\n" in text and "overtime 3x30 byo-yomi\n" in text
    assert "result W+T\n" in text
    again = load_record(text)
    assert again.over and again.result().gtp() == "W+T" and record(again).count("W+T") == 1
