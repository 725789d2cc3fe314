"""The viper twins' source drift check, for CPython (it reads both sources with ast).

Each viper module under firmware/stones/engine (each game's viper.py, gameviper.py,
searchviper.py) is a port of a reference loop in plain Python (go.viper.run of go.rules.Go._run,
and so on); on MicroPython the tests in tests/engine/test_*viper.py play both and compare what
they do. This module checks the sources instead, so that plain
pytest on CPython fails when one twin's logic changes without the other's: both functions are
parsed, normalised to the same form, flattened into one line per statement (a compound
statement's header on its own line, indented by depth) and compared line by line.

The normalisation, in order:

- each twin's drops (Twin below): statements of the function's own body, as written but for
  viper's casts, that one side needs and the other has not (the port's typed locals declared
  before its loop, the reference's alias of the grid's offsets);
- both sides: docstrings, decorators and annotations dropped (comments never reach the ast); the
  twin's renames; viper's casts (ptr8, ptr16, ptr32, int, bool of one argument) unwrapped;
  `0 - x` read as `-x`, `a = a + b` as `a += b`, `a <= b <= c` as `a <= b and b <= c`; a swap
  through a temporary (`t = x; x = y; y = t`) as the tuple swap; a counted while loop (`i = a`
  just before `while i < b:` or `<=`, one `i += 1` in its body, no `continue` before it, no use
  of i after it, no other assignment to i) as `for i in range(a, b)`, and so is one whose step
  ends its body where each `continue` has an `i += 1` just before it (those steps dropped); a
  for loop that sets a flag before each `break`, followed by `if not flag:`, as a for ... else;
- the port's neighbour loops read as the reference's `for d in offsets`: the square board's
  indexed step (`for j in range(4)` over `1 if j == 0 else (-1 if j == 1 else (w if j == 2 else
  -w))`), Go's cycled step (`d = -w` before `for _ in range(4):` with `d = (-d if d > 0 else (w
  if d == -1 else 1))` inside), the hex board's (`for j in range(6):` that starts with `d = 1 if
  j < 2 else (w if j < 4 else w - 1)` and steps by `p - d if j & 1 else p + d`); each is
  evaluated and required to give the grid's offsets, in order (the tests check the grids);
- the twin's rewrites: port (or reference) source, an expression or a run of statements,
  replaced by the other side's form wherever it occurs, each with the reason it exists in the
  test that states it; then the loop rules again, and `if c: continue` with the rest of a
  block read as `if not c: rest`;
- the leading run of aliases (`name = game.attribute`) sorted: each side orders them freely;
  each neighbour loop's variable named by its depth (d, d2).

Every drop and rewrite must be used, so none outlives the code it describes. A port's
constants (`_NAME = const(value)`) must equal the reference module's (or game.py's) of the same
name after the twin's renames; one neither has is read as its literal value.
"""

import ast
import copy
import difflib
import hashlib
import os

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__)))), "firmware", "stones", "engine")
CASTS = ("ptr8", "ptr16", "ptr32", "int", "bool")
W = 11  # a stride to evaluate the port's neighbour steps with


def square(w):
    """square.SquareGrid's offsets for stride w (the tests check the grid against it)."""
    return (1, -1, w, -w)


def diagonals(w):
    return (w + 1, w - 1, 1 - w, -1 - w)


def hexagonal(w):
    """hexgrid.HexGrid's offsets for stride w."""
    return (1, -1, w, -w, w - 1, 1 - w)


SQUARE_OFFSETS = square(W)
HEX_OFFSETS = hexagonal(W)


class Twin:
    """A port (module file, function) against its reference (module file, function, or a part
    of one: `part` picks the statements to compare from the reference's body).

    rename_port, rename_ref: {old: new} names (a side's own name for the same value; a new
    value that is no str replaces the name by that constant). drop_port, drop_ref: top-level
    statements (their source with viper's casts unwrapped) to leave out. rewrite, rewrite_ref:
    (old source, new source) pairs of expressions or statement runs, in normalised form; old
    is replaced by new wherever it occurs; an old statement ending in `...` takes the rest of
    its block with it (Match.removed keeps what it took). port_part, part: the statements of
    each normalised body to compare (default: all).
    """

    def __init__(self, port, function, ref, ref_function, rename_port=None, rename_ref=None,
                 drop_port=(), drop_ref=(), rewrite=(), rewrite_ref=(), part=None,
                 port_part=None):
        self.port = port
        self.function = function
        self.ref = ref
        self.ref_function = ref_function
        self.rename_port = rename_port or {}
        self.rename_ref = rename_ref or {}
        self.drop_port = drop_port
        self.drop_ref = drop_ref
        self.rewrite = rewrite
        self.rewrite_ref = rewrite_ref
        self.part = part
        self.port_part = port_part

    def __repr__(self):
        return "%s.%s" % (self.port[:-3], self.function)


class Drift(AssertionError):
    pass


# -- reading -----------------------------------------------------------------------------------


def source(name, sources=None):
    """The text of engine module file name (or sources[name], a test's edited copy)."""
    if sources and name in sources:
        return sources[name]
    with open(os.path.join(ENGINE, name)) as handle:
        return handle.read()


def function(tree, qualname):
    """The function (or method, 'Class.method') qualname defined in module tree."""
    body = tree.body
    node = None
    for part in qualname.split("."):
        node = next((n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef))
                     and n.name == part), None)
        if node is None:
            raise Drift("no %s in the module" % qualname)
        body = node.body
    return node


def constants(tree):
    """{name: (value, line)} of the module's top-level `NAME = const(value)` and
    `NAME = literal`."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                value = value.args[0]
            try:
                found[node.targets[0].id] = (ast.literal_eval(value), node.lineno)
            except ValueError:
                pass
    return found


# -- expression rules --------------------------------------------------------------------------


def same(a, b):
    return ast.dump(a) == ast.dump(b)


def parse_expr(text):
    return ast.parse(text, mode="eval").body


def parse_stmts(text):
    return ast.parse(text).body


class Expressions(ast.NodeTransformer):
    """Casts, renames, negation, augmented assignment and chained comparisons."""

    def __init__(self, renames, casts):
        self.renames = renames
        self.casts = casts

    def visit_Name(self, node):
        if node.id in self.renames:
            new = self.renames[node.id]
            if isinstance(new, str):
                return ast.copy_location(ast.Name(new, node.ctx), node)
            return ast.copy_location(ast.Constant(new), node)
        return node

    def visit_arg(self, node):
        node.arg = self.renames.get(node.arg, node.arg)
        node.annotation = None
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if (self.casts and isinstance(node.func, ast.Name) and node.func.id in CASTS
                and len(node.args) == 1 and not node.keywords):
            return node.args[0]
        return node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if (isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Constant)
                and node.left.value == 0):
            return ast.copy_location(ast.UnaryOp(ast.USub(), node.right), node)
        return node

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) < 2:
            return node
        left = node.left
        parts = []
        for op, right in zip(node.ops, node.comparators):
            parts.append(ast.Compare(left, [op], [right]))
            left = right
        return ast.copy_location(ast.BoolOp(ast.And(), parts), node)

    def visit_Assign(self, node):
        self.generic_visit(node)
        value = node.value
        if (len(node.targets) == 1 and isinstance(value, ast.BinOp)
                and same(strip_ctx(node.targets[0]), strip_ctx(value.left))):
            return ast.copy_location(ast.AugAssign(node.targets[0], value.op, value.right), node)
        return node

    def visit_FunctionDef(self, node):
        node.decorator_list = []
        node.returns = None
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            node.body = body[1:] or [ast.Pass()]
        self.generic_visit(node)
        return node


def strip_ctx(node):
    """A copy of expression node with Load/Store contexts alike (to compare a target with a
    value)."""
    node = ast.parse(ast.unparse(node), mode="eval").body
    return node


# -- statement rules ---------------------------------------------------------------------------


def bodies(node, rule):
    """Apply rule (a list of statements -> a list) to every statement list under node, inner
    lists first."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if isinstance(block, list) and (not block or isinstance(block[0], ast.stmt)):
            for stmt in block:
                bodies(stmt, rule)
            setattr(node, field, rule(block))


def names_in(nodes):
    return {n.id for node in nodes for n in ast.walk(node) if isinstance(n, ast.Name)}


def loop_continues(stmts):
    """Whether a `continue` of the loop these statements belong to occurs among them."""
    for stmt in stmts:
        if isinstance(stmt, ast.Continue):
            return True
        if isinstance(stmt, (ast.For, ast.While)):
            if loop_continues(stmt.orelse):
                return True
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(stmt, field, None)
            if isinstance(block, list) and loop_continues(block):
                return True
    return False


def assigned(stmts, name):
    """Whether name is assigned anywhere among stmts."""
    for node in stmts:
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
                return True
    return False


def is_name(node, name=None):
    return isinstance(node, ast.Name) and (name is None or node.id == name)


def swaps(block):
    """`t = x; x = y; y = t` -> `x, y = y, x`."""
    out = []
    i = 0
    while i < len(block):
        a, b, c = (block[i:i + 3] + [None, None])[:3]
        if (all(isinstance(s, ast.Assign) and len(s.targets) == 1 for s in (a, b, c))
                and is_name(a.targets[0]) and is_name(c.value, a.targets[0].id)
                and same(strip_ctx(a.value), strip_ctx(b.targets[0]))
                and same(strip_ctx(b.value), strip_ctx(c.targets[0]))):
            x, y = b.targets[0], c.targets[0]
            swap = ast.Assign([ast.Tuple([x, y], ast.Store())],
                              ast.Tuple([strip_ctx(y), strip_ctx(x)], ast.Load()))
            out.append(ast.copy_location(swap, a))
            i += 3
            continue
        out.append(block[i])
        i += 1
    return out


def counted_loops(block):
    """`i = a; while i < b: ... i += 1 ...` -> `for i in range(a, b): ...` (see the guide)."""
    out = []
    for stmt in block:
        prev = out[-1] if out else None
        if (isinstance(stmt, ast.While) and not stmt.orelse and isinstance(prev, ast.Assign)
                and len(prev.targets) == 1 and is_name(prev.targets[0])
                and isinstance(stmt.test, ast.Compare) and len(stmt.test.ops) == 1
                and isinstance(stmt.test.ops[0], (ast.Lt, ast.LtE))
                and is_name(stmt.test.left, prev.targets[0].id)):
            name = prev.targets[0].id
            steps = [k for k, s in enumerate(stmt.body) if is_step(s, name)]
            if len(steps) == 1:
                k = steps[0]
                before = stmt.body[:k]
                if loop_continues(before):  # only where the step ends the body and each
                    # continue steps first, as a for loop does: then those steps go
                    before = unstepped(before, name) if k == len(stmt.body) - 1 else None
                body = before + stmt.body[k + 1:] if before is not None else None
                if (body is not None and name not in names_in(stmt.body[k + 1:])
                        and not assigned(body, name)):
                    start = prev.value
                    args = [stmt.test.comparators[0]]
                    if isinstance(stmt.test.ops[0], ast.LtE):
                        args = [ast.BinOp(args[0], ast.Add(), ast.Constant(1))]
                    if not (isinstance(start, ast.Constant) and start.value == 0):
                        args.insert(0, start)
                    loop = ast.For(ast.Name(name, ast.Store()),
                                   ast.Call(ast.Name("range", ast.Load()), args, []), body, [])
                    out[-1] = ast.copy_location(loop, prev)
                    continue
        out.append(stmt)
    return out


def is_step(stmt, name):
    """Whether stmt is `name += 1`."""
    return (isinstance(stmt, ast.AugAssign) and is_name(stmt.target, name)
            and isinstance(stmt.op, ast.Add) and isinstance(stmt.value, ast.Constant)
            and stmt.value.value == 1)


def unstepped(stmts, name):
    """A copy of a loop body's statements with each `name += 1` just before a `continue` of
    the loop taken out (a port that steps its counter before each continue, as a for loop
    does for it); None if some continue has no step before it."""
    stmts = copy.deepcopy(stmts)

    def strip(block):
        out = []
        for stmt in block:
            if isinstance(stmt, ast.Continue):
                if not out or not is_step(out[-1], name):
                    return None
                out.pop()
            elif not isinstance(stmt, (ast.For, ast.While)):
                for field in ("body", "orelse"):
                    inner = getattr(stmt, field, None)
                    if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                        inner = strip(inner)
                        if inner is None:
                            return None
                        setattr(stmt, field, inner)
            out.append(stmt)
        return out

    return strip(stmts)


def flag_loops(block):
    """`f = False; for ...: ... f = True; break ...; if not f: B` -> `for ...: ... break;
    else: B` (viper has no for ... else)."""
    out = []
    i = 0
    while i < len(block):
        a, loop, test = (block[i:i + 3] + [None, None])[:3]
        if (isinstance(a, ast.Assign) and len(a.targets) == 1 and is_name(a.targets[0])
                and isinstance(a.value, ast.Constant) and a.value.value is False
                and isinstance(loop, ast.For) and not loop.orelse and isinstance(test, ast.If)
                and not test.orelse and isinstance(test.test, ast.UnaryOp)
                and isinstance(test.test.op, ast.Not) and is_name(test.test.operand,
                                                                   a.targets[0].id)):
            flag = a.targets[0].id
            setting = "%s = True" % flag
            found = []
            for node in ast.walk(loop):
                block2 = getattr(node, "body", None)
                if isinstance(block2, list):
                    for k, s in enumerate(block2[:-1]):
                        if ast.unparse(s) == setting and isinstance(block2[k + 1], ast.Break):
                            found.append((node, k))
            if found and sum(ast.unparse(n).count(setting) for n in loop.body) == len(found):
                for node, k in found:
                    del node.body[k]
                loop.orelse = test.body
                out.append(loop)
                i += 3
                continue
        out.append(block[i])
        i += 1
    return out


def guards(block):
    """`if c: continue` followed by the rest of a loop's body -> `if not c: rest` (the port
    nests where the reference skips). Applied to every block: only a loop's body can hold such
    a continue."""
    for k, stmt in enumerate(block):
        if (isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1
                and isinstance(stmt.body[0], ast.Continue) and k + 1 < len(block)):
            test = stmt.test
            if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test = test.operand
            else:
                test = ast.UnaryOp(ast.Not(), test)
            guard = ast.If(test, guards(block[k + 1:]), [])
            return block[:k] + [ast.copy_location(guard, stmt)]
    return block


def evaluate(expr, **names):
    return eval(compile(ast.Expression(expr), "<step>", "eval"), {}, dict(names))


class IndexedStep(ast.NodeTransformer):
    """The square step indexed by loop variable j (an IfExp of j and w only) -> name d; each
    one's values for j in 0..3 in found."""

    def __init__(self, j, d):
        self.j = j
        self.d = d
        self.found = []

    def visit_IfExp(self, node):
        names = names_in([node])
        if self.j in names and names <= {self.j, "w"}:
            self.found.append(tuple(evaluate(node, w=W, **{self.j: k}) for k in range(4)))
            return ast.copy_location(ast.Name(self.d, ast.Load()), node)
        return self.generic_visit(node)


class SignedStep(ast.NodeTransformer):
    """`x - d if j & 1 else x + d` -> `x + d` (the hex step's sign by loop variable j)."""

    def __init__(self, j):
        self.j = j
        self.found = 0

    def visit_IfExp(self, node):
        self.generic_visit(node)
        if (ast.unparse(node.test) == "%s & 1" % self.j and isinstance(node.body, ast.BinOp)
                and isinstance(node.orelse, ast.BinOp)
                and ast.unparse(node.body).replace(" - ", " + ") == ast.unparse(node.orelse)):
            self.found += 1
            return node.orelse
        return node


class Steps:
    """The port's neighbour loops read as `for d in offsets` (see the guide), in module name."""

    def __init__(self, name):
        self.name = name

    def offsets(self, stmt, d):
        stmt.target = ast.Name(d, ast.Store())
        stmt.iter = ast.Name("offsets", ast.Load())

    def check(self, stmt, kind, got, want):
        if tuple(got) != want:
            raise Drift("%s:%d  the %s steps %r are not the grid's %r (for stride %d)"
                        % (self.name, stmt.lineno, kind, got, want, W))

    def square(self, block):
        for stmt in block:
            if isinstance(stmt, ast.For) and is_name(stmt.target) and is_range(stmt.iter, 4):
                j = stmt.target.id
                step = IndexedStep(j, "d" + j[1:])
                body = [step.visit(s) for s in stmt.body]
                if step.found:
                    for found in step.found:
                        self.check(stmt, "square", found, SQUARE_OFFSETS)
                    stmt.body = body
                    self.offsets(stmt, step.d)
        return block

    def cycled(self, block):
        out = []
        for stmt in block:
            prev = out[-1] if out else None
            if (isinstance(stmt, ast.For) and is_name(stmt.target, "_")
                    and is_range(stmt.iter, 4) and isinstance(prev, ast.Assign)
                    and is_name(prev.targets[0]) and names_in([prev.value]) <= {"w"}):
                d = prev.targets[0].id
                steps = [k for k, s in enumerate(stmt.body) if isinstance(s, ast.Assign)
                         and is_name(s.targets[0], d)]
                if len(steps) == 1 and names_in([stmt.body[steps[0]].value]) <= {d, "w"}:
                    value = evaluate(prev.value, w=W)
                    seq = []
                    for _ in range(4):
                        value = evaluate(stmt.body[steps[0]].value, w=W, **{d: value})
                        seq.append(value)
                    self.check(stmt, "cycled", seq, SQUARE_OFFSETS)
                    del stmt.body[steps[0]]
                    self.offsets(stmt, d)
                    out[-1] = stmt
                    continue
            out.append(stmt)
        return out

    def hex(self, block):
        for stmt in block:
            first = stmt.body[0] if isinstance(stmt, ast.For) and stmt.body else None
            if (first is not None and is_name(stmt.target) and is_range(stmt.iter, 6)
                    and isinstance(first, ast.Assign) and is_name(first.targets[0])
                    and names_in([first.value]) <= {stmt.target.id, "w"}):
                j = stmt.target.id
                steps = [evaluate(first.value, w=W, **{j: k}) for k in range(6)]
                sign = SignedStep(j)
                body = [sign.visit(s) for s in stmt.body[1:]]
                if sign.found:
                    self.check(stmt, "hex", [-s if k & 1 else s for k, s in enumerate(steps)],
                               HEX_OFFSETS)
                    stmt.body = body
                    self.offsets(stmt, first.targets[0].id)
        return block


class Loops(ast.NodeTransformer):
    """The variable of each loop over the neighbour steps named by its depth among such loops
    (d, d2, d3): the two sides name them as they like."""

    def __init__(self):
        self.level = 0
        self.names = {}

    def visit_For(self, node):
        if is_name(node.target) and isinstance(node.iter, ast.Name) and node.iter.id in (
                "offsets", "diagonals"):
            old = node.target.id
            saved = self.names.get(old)
            self.level += 1
            self.names[old] = "d" if self.level == 1 else "d%d" % self.level
            node.target = ast.Name(self.names[old], ast.Store())
            node.body = [self.visit(s) for s in node.body]
            self.level -= 1
            if saved is None:
                del self.names[old]
            else:
                self.names[old] = saved
            node.orelse = [self.visit(s) for s in node.orelse]
            return node
        return self.generic_visit(node)

    def visit_Name(self, node):
        if node.id in self.names:
            return ast.copy_location(ast.Name(self.names[node.id], node.ctx), node)
        return node


def aliases_sorted(block, owner):
    """block with its leading run of aliases (`name = owner.attribute...` or `name = CONSTANT`)
    sorted: each side orders them as it likes (the port as its casts need)."""
    k = 0
    while k < len(block):
        stmt = block[k]
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and is_name(stmt.targets[0])):
            break
        value = stmt.value
        while isinstance(value, (ast.Attribute, ast.Subscript)):
            value = value.value
        if not (is_name(value, owner) or is_name(value) and value.id.lstrip("_").isupper()):
            break
        k += 1
    return sorted(block[:k], key=ast.unparse) + block[k:]


def branch(test, which="orelse"):
    """A `part`: the else (or body) of the `if test:` in the function, the reference loop
    where the function runs either the port (a kernel) or its own loop."""

    def part(node):
        found = [n for n in ast.walk(node) if isinstance(n, ast.If)
                 and ast.unparse(n.test) == test]
        if len(found) != 1:
            raise Drift("%d statements `if %s:` in %s" % (len(found), test, node.name))
        return getattr(found[0], which)

    return part


def is_range(node, n):
    return (isinstance(node, ast.Call) and is_name(node.func, "range") and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant) and node.args[0].value == n)


class Rewrites:
    """A twin's drops and rewrites, counting their uses."""

    def __init__(self, drops, rewrites):
        self.drops = {text: 0 for text in drops}
        self.stmts = []
        self.exprs = []
        self.tails = []
        self.removed = []  # the statements the tail rules took out, flattened
        for old, new in rewrites:
            if old.endswith("..."):
                self.tails.append([old[:-3].strip(), parse_stmts(new), 0, old])
                continue
            try:
                self.exprs.append([parse_expr(old), parse_expr(new), 0, old])
            except SyntaxError:
                self.stmts.append([parse_stmts(old), parse_stmts(new), 0, old])

    def top(self, block):
        """block without the statements to drop (the function's own body only: the aliases
        and the initial values its locals need)."""
        out = []
        for stmt in block:
            text = ast.unparse(Expressions({}, True).visit(copy.deepcopy(stmt)))
            if text in self.drops:
                self.drops[text] += 1
            else:
                out.append(stmt)
        return out

    def block(self, block):
        out = []
        i = 0
        while i < len(block):
            stmt = block[i]
            for rule in self.tails:
                if ast.unparse(stmt) == rule[0]:
                    rule[2] += 1
                    self.removed += flatten(block[i:])
                    out += [relocate(s, stmt) for s in copy.deepcopy(rule[1])]
                    return out
            for rule in self.stmts:
                old, new = rule[0], rule[1]
                window = block[i:i + len(old)]
                if len(window) == len(old) and all(
                        ast.unparse(a) == ast.unparse(b) for a, b in zip(window, old)):
                    rule[2] += 1
                    for s in parse_stmts(ast.unparse(ast.Module(new, []))):
                        out.append(relocate(s, stmt))
                    i += len(old)
                    break
            else:
                out.append(stmt)
                i += 1
        return out

    def expressions(self, tree):
        rules = self.exprs

        class Replace(ast.NodeTransformer):
            def generic_visit(self, node):
                if isinstance(node, ast.expr):
                    for rule in rules:
                        if same(strip_ctx(node), rule[0]):
                            rule[2] += 1
                            return relocate(parse_expr(ast.unparse(rule[1])), node)
                return super().generic_visit(node)

        Replace().visit(tree)

    def unused(self):
        left = [text for text, n in self.drops.items() if not n]
        left += [rule[3] for rule in self.stmts + self.exprs + self.tails if not rule[2]]
        return left


def relocate(new, old):
    for node in ast.walk(new):
        if hasattr(node, "lineno"):
            node.lineno = getattr(old, "lineno", 0)
            node.end_lineno = getattr(old, "end_lineno", 0)
    return new


# -- the comparison ----------------------------------------------------------------------------


def flatten(stmts, depth=0, out=None):
    """[(line number, text)]: one line per statement, compound statements as their headers."""
    if out is None:
        out = []
    pad = "    " * depth
    for stmt in stmts:
        line = stmt.lineno
        if isinstance(stmt, ast.If):
            out.append((line, pad + "if %s:" % ast.unparse(stmt.test)))
        elif isinstance(stmt, ast.While):
            out.append((line, pad + "while %s:" % ast.unparse(stmt.test)))
        elif isinstance(stmt, ast.For):
            out.append((line, pad + "for %s in %s:" % (ast.unparse(stmt.target),
                                                      ast.unparse(stmt.iter))))
        elif isinstance(stmt, ast.FunctionDef):
            out.append((line, pad + "def %s(%s):" % (stmt.name, ast.unparse(stmt.args))))
        else:
            out.append((line, pad + ast.unparse(stmt)))
            continue
        flatten(stmt.body, depth + 1, out)
        if getattr(stmt, "orelse", None):
            out.append((stmt.orelse[0].lineno, pad + "else:"))
            flatten(stmt.orelse, depth + 1, out)
    return out


def normalised(name, qualname, renames, drops, rewrites, part, sources):
    """The flattened, normalised body of function qualname in engine module name, and its
    Rewrites (their uses, and what the tail rules took out)."""
    tree = ast.parse(source(name, sources))
    node = function(tree, qualname)
    rules = Rewrites(drops, rewrites)
    node.body = rules.top(node.body)
    node = Expressions(renames, True).visit(node)
    steps = Steps(name)
    for rule in (swaps, counted_loops, flag_loops, steps.square, steps.cycled, steps.hex):
        bodies(node, rule)
    rules.expressions(node)
    bodies(node, rules.block)
    for rule in (swaps, counted_loops, flag_loops, guards):
        bodies(node, rule)
    Loops().visit(node)
    node.body = aliases_sorted(node.body, node.args.args[0].arg if node.args.args else "")
    stmts = node.body if part is None else part(node)
    return flatten(stmts), rules


def port_constants(twin, sources=None):
    """{port name: value} of the port's constants, checked against the reference module's:
    the renames the port's constants need to be read as literals."""
    port = constants(ast.parse(source(twin.port, sources)))
    ref = constants(ast.parse(source(twin.ref, sources)))
    game = constants(ast.parse(source("game.py", sources)))
    literals = {}
    for name, (value, line) in port.items():
        other = twin.rename_port.get(name, name)
        where, known = (twin.ref, ref) if other in ref else ("game.py", game)
        if other in known:
            if known[other][0] != value:
                raise Drift("%r: a constant differs from the reference module's:\n  %s:%d  %s = %r"
                            "\n  %s:%d  %s = %r" % (twin, twin.port, line, name, value, where,
                                                     known[other][1], other, known[other][0]))
        else:
            literals[name] = value
    return literals


class Match:
    """A twin that matches: its lines compared, and the port's lines a tail rule took out."""

    def __init__(self, lines, removed):
        self.lines = lines
        self.removed = removed


def compare(twin, sources=None):
    """Raise Drift, naming the first line that differs on each side, unless the twin's
    normalised port and reference match."""
    renames = dict(port_constants(twin, sources))
    renames.update(twin.rename_port)
    port, rules = normalised(twin.port, twin.function, renames, twin.drop_port, twin.rewrite,
                             twin.port_part, sources)
    ref, ref_rules = normalised(twin.ref, twin.ref_function, twin.rename_ref, twin.drop_ref,
                                twin.rewrite_ref, twin.part, sources)
    unused = rules.unused() + ref_rules.unused()
    note = "\nrules that no longer match anything: %r" % (unused,) if unused else ""
    a = [text for _, text in port]
    b = [text for _, text in ref]
    if a == b:
        if unused:
            raise Drift("%r:%s" % (twin, note))
        return Match(len(a), rules.removed)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    i1, j1 = next((i, j) for tag, i, _, j, _ in matcher.get_opcodes() if tag != "equal")
    left = port[i1] if i1 < len(port) else (port[-1][0], "(the end)")
    right = ref[j1] if j1 < len(ref) else (ref[-1][0], "(the end)")
    diff = "\n".join(difflib.unified_diff(a, b, twin.port, twin.ref, n=2, lineterm=""))
    raise Drift("%r drifted from %s.%s: first difference at\n  %s:%d  %s\n  %s:%d  %s\n%s%s"
                % (twin, twin.ref[:-3], twin.ref_function, twin.port, left[0],
                   left[1].strip(), twin.ref, right[0], right[1].strip(), diff, note))


def fingerprint(lines):
    """A short hash of flattened lines (a block the comparison cannot map, which a test pins
    instead: see pinned)."""
    return hashlib.sha256("\n".join(text for _, text in lines).encode()).hexdigest()[:16]


def pinned(name, lines, pin, other):
    """Require the flattened lines of module name to hash to pin; else fail, naming their
    first and last lines and what they must be compared with (other) before the pin moves."""
    if fingerprint(lines) != pin:
        raise Drift("%s:%d-%d changed since it was last compared with %s: compare them (the "
                    "unix port's tests play both), then pin %s"
                    % (name, lines[0][0], lines[-1][0], other, fingerprint(lines)))


def reference(name, qualname, renames, sources=None):
    """The flattened, normalised function qualname of module name, with no twin's rules."""
    return normalised(name, qualname, renames, (), (), None, sources)[0]


def caught(twin, name, old, new, after, check=None, block=None):
    """Edit one token of module name in memory (the first `old` after `after` becomes `new`),
    and require the twin's check (compare, or check(sources)) to fail with a message naming
    the edited line (name:line; or the first line of the block a rewrite maps, the first
    `block` after `after`) and a line of the other side."""
    text = source(name)
    edited = mutate(text, old, new, after)
    line = text[:text.index(block or old, text.index(after))].count("\n") + 1
    try:
        if check:
            check({name: edited})
        else:
            compare(twin, {name: edited})
    except Drift as error:
        message = str(error)
        assert "%s:%d" % (name, line) in message, (name, line, message)
        if not check:  # the first differing line of each side, the port's first
            port, ref = message.splitlines()[1:3]
            assert port.strip().startswith(twin.port + ":"), message
            assert ref.strip().startswith((twin.ref + ":", "game.py:")), message
        return message
    raise AssertionError("%s:%d edited (%r -> %r), and %r still matches"
                         % (name, line, old, new, twin))


def mutate(text, old, new, after=""):
    """text with the first `old` after the first `after` replaced by `new`; the edit must
    find its place."""
    start = text.index(after)
    at = text.index(old, start)
    return text[:at] + new + text[at + len(old):]
