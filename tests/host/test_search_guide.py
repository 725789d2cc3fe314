"""The search's reading guide (stones/engine/search.py) shows how to call it: its example calls,
in the ``::`` block and inline as ``name(args)``, must call what the module really has, with
arguments the real signatures take, each named argument where the signature has that name."""

import ast
import inspect
import re

from stones.engine import search

INLINE = re.compile(r"``(\w+(?:\.\w+)?\([^`]*\))``")


def guide_calls():
    """(source text, ast.Call) of every call the guide shows."""
    guide = search.__doc__
    block = guide.split("::", 1)[1].split("\n\n", 2)[1]  # the indented lines after '::'
    texts = [line.split("#")[0].strip() for line in block.splitlines()]
    texts += INLINE.findall(guide)
    calls = []
    for text in texts:
        if not text:
            continue
        tree = ast.parse(text.rstrip(":").replace("while ", "", 1))
        calls += [(text, node) for node in ast.walk(tree) if isinstance(node, ast.Call)]
    return calls


CALLERS = ("show",)  # what the guide's caller does with a figure: the UI's, not the search's


def target(call):
    """(name, function, whether a method) a guide call names: search.X is a Search method, X
    the module's function or class, else a Search method; None for the caller's own."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id
    if isinstance(func, ast.Name) and name in CALLERS:
        return None
    if isinstance(func, ast.Name) and hasattr(search, name):
        return name, getattr(search, name), inspect.isclass(getattr(search, name))
    return name, getattr(search.Search, name), True


def wrong_calls(calls):
    """What is wrong with (text, ast.Call) calls against the real signatures, as lines."""
    wrong = []
    for text, call in calls:
        if target(call) is None:
            continue
        name, function, method = target(call)
        bound = method and not inspect.isclass(function)
        signature = inspect.signature(function)
        params = list(signature.parameters)[1 if bound else 0:]
        args = [a for a in call.args if not (isinstance(a, ast.Constant) and a.value is ...)]
        if len(args) < len(call.args):  # begin(..., keep=True): the keywords alone checked
            wrong += ["%s: %s takes no %r" % (text, name, k.arg) for k in call.keywords
                      if k.arg not in params]
            continue
        try:
            signature.bind(*([None] if bound else []), *[None] * len(call.args),
                           **{k.arg: None for k in call.keywords})
        except TypeError as error:
            wrong.append("%s: %s" % (text, error))
            continue
        for at, arg in enumerate(call.args):
            if isinstance(arg, ast.Name) and arg.id != params[at]:
                wrong.append("%s: %s's argument %d is %r, not %r" % (
                    text, name, at + 1, params[at], arg.id))
    return wrong


def test_the_guides_calls_match_the_real_signatures():
    calls = guide_calls()
    assert len(calls) >= 6, calls  # the block's begin, budget, step, progress, best_move; think
    assert wrong_calls(calls) == []


def test_a_wrong_call_is_caught():
    """The guide's old mistake, a wrong argument count and an unknown keyword are all named."""
    texts = ("search.begin(game, budget(key, level), seed)", "search.step(1, 2, 3)",
             "begin(..., hurry=True)")
    calls = [(t, n) for t in texts for n in ast.walk(ast.parse(t)) if isinstance(n, ast.Call)]
    wrong = wrong_calls(calls)
    assert len(wrong) == 3, wrong
    assert "budget's argument 1 is 'game', not 'key'" in wrong[0]
