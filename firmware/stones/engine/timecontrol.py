"""The time controls the setup offers (ui/setup.py), the same for every game: the kinds of game
clock and each kind's choices (step), whether a saved setting is one of them (check, for
stones.session), and the Clock a choice makes (clock; stones.engine.clock is imported only
then). A module of its own, loaded only once a clock is chosen: the setup holds none of its
names (on the MicroPython unix port every name a loaded module holds is interned for good).

KINDS names the kinds by their index (stones.engine.clock's NONE, SUDDEN, BYOYOMI, FISCHER);
TIMES holds each clock's choices (TIMES[kind - 1]) as (label, main s, periods, period s,
increment s), the first the default.
"""

KINDS = ("None", "Sudden death", "Byo-yomi", "Fischer")
TIMES = (  # by kind, from SUDDEN: TIMES[kind - 1]
    (("5 min", 300, 0, 0, 0), ("10 min", 600, 0, 0, 0), ("20 min", 1200, 0, 0, 0),
     ("30 min", 1800, 0, 0, 0)),
    (("5m+3x30s", 300, 3, 30, 0), ("10m+3x30s", 600, 3, 30, 0), ("20m+5x30s", 1200, 5, 30, 0),
     ("1m+3x10s", 60, 3, 10, 0)),
    (("5m+10s", 300, 0, 0, 10), ("10m+5s", 600, 0, 0, 5), ("20m+10s", 1200, 0, 0, 10),
     ("3m+2s", 180, 0, 0, 2)),
)


def labels(kind):
    """The setup's Time choices of a kind (by index), first the default."""
    return tuple(choice[0] for choice in TIMES[kind - 1]) if kind else ()


def every_label():
    """Every Time choice of every kind (what a saved setting may hold)."""
    out = []
    for kind in range(1, len(KINDS)):
        out.extend(labels(kind))
    return out


def check(name, value):
    """Whether value is a saved "clock" (a kind) or "time" (a kind's choice) setting."""
    return value in (KINDS if name == "clock" else every_label())


def step(kind, time, which, by):
    """(kind, time) of the setup's Clock and Time rows after a change: which 0 steps the kind
    by `by`, 1 the time (0 only fits them: a kind there is, else None; a time the kind offers,
    else its first; "" without a clock)."""
    if kind not in KINDS:
        kind = KINDS[0]
    if which == 0:
        kind = KINDS[(KINDS.index(kind) + by) % len(KINDS)]
    choices = labels(KINDS.index(kind))
    if not choices:
        return kind, ""
    if time not in choices:
        return kind, choices[0]
    if which == 1:
        time = choices[(choices.index(time) + by) % len(choices)]
    return kind, time


def clock(kind_name, label):
    """The Clock the setup's Clock and Time settings make, or None for no clock (a Time not
    offered with that kind: its first)."""
    if kind_name not in KINDS or kind_name == KINDS[0]:
        return None
    from stones.engine.clock import Clock

    kind = KINDS.index(kind_name)
    choices = TIMES[kind - 1]
    choice = choices[0]
    for c in choices:
        if c[0] == label:
            choice = c
    return Clock(kind, choice[1], choice[2], choice[3], choice[4])
