"""A model of the Thumb-1 instructions the firmware's inline assembler functions use, to run
them under CPython: each function's source is read with ast and its instructions executed one by
one on a flat memory of buffers, with the Cortex-M0+'s 32-bit registers and its N, Z, C and V
flags. What the tests hold to a plain-Python reference is then the code itself, instruction for
instruction, on any machine; the emulated RP2040 (tests/pico) runs the same code on the chip.

Only the subset the code uses is modelled (an instruction outside it is an error by name): mov,
add, sub, cmp with registers or 8-bit immediates, lsl/lsr/asr by an immediate or a register,
mul, orr, eor, and_, ldr/ldrh/ldrb and str/strh/strb at an immediate offset, label, b and the
conditional branches eq, ne, lt, ge, le, gt.

    run(source, "conv", [buffer_or_int, ...])  -> r0 at the end, as a signed int
    address(buffer) -> the address the model gives a buffer (what _address would return)
"""

import ast

MASK = 0xFFFFFFFF


class Memory:
    """Buffers at addresses: each registered buffer gets its own 64 KB-aligned range."""

    def __init__(self):
        self.views = {}  # base -> the buffer's byte view

    def address(self, buffer):
        for base, view in self.views.items():
            if view.obj is buffer:
                return base
        view = memoryview(buffer).cast("B")
        base = 0x20000000 + 0x10000 * (len(self.views) + 1)
        assert len(view) < 0x10000
        self.views[base] = view
        return base

    def _at(self, address, size):
        base = address & ~0xFFFF
        view = self.views.get(base)
        if view is None or address + size > base + len(view):
            raise IndexError("address 0x%08x (%d bytes) is in no buffer" % (address, size))
        return view, address - base

    def load(self, address, size):
        view, i = self._at(address, size)
        if size == 1:
            return view[i]
        return int.from_bytes(view[i:i + size], "little")

    def store(self, address, size, value):
        view, i = self._at(address, size)
        view[i:i + size] = (value & ((1 << 8 * size) - 1)).to_bytes(size, "little")


def signed(v):
    v &= MASK
    return v - (1 << 32) if v & 0x80000000 else v


def instructions(source, name):
    """[(op, args)] of function name in source, and {label: index}."""
    tree = ast.parse(source)
    fn = next(node for node in tree.body
              if isinstance(node, ast.FunctionDef) and node.name == name)
    code, labels = [], {}
    for statement in fn.body:
        if not isinstance(statement, ast.Expr):
            continue  # (a docstring: a constant)
        call = statement.value
        if isinstance(call, ast.Constant):
            continue
        op = call.func.id
        args = []
        for arg in call.args:
            if isinstance(arg, ast.List):  # [rn, imm]
                args.append((arg.elts[0].id, ast.literal_eval(arg.elts[1])))
            elif isinstance(arg, ast.Name):
                args.append(arg.id)
            else:
                args.append(ast.literal_eval(arg))
        if op == "label":
            labels[args[0]] = len(code)
        else:
            code.append((op, args))
    return code, labels


class Machine:
    def __init__(self, memory):
        self.memory = memory
        self.r = [0] * 8
        self.n = self.z = self.c = self.v = False
        self.steps = 0

    def reg(self, name):
        assert name[0] == "r" and 0 <= int(name[1:]) <= 7, name  # low registers only
        return int(name[1:])

    def _nz(self, result):
        result &= MASK
        self.n = bool(result & 0x80000000)
        self.z = result == 0
        return result

    def _add(self, a, b, sub):
        a &= MASK
        b &= MASK
        if sub:
            total = a - b
            self.c = a >= b  # no borrow
            exact = signed(a) - signed(b)
        else:
            total = a + b
            self.c = total > MASK
            exact = signed(a) + signed(b)
        result = self._nz(total)
        self.v = exact != signed(result)
        return result

    def taken(self, cond):
        return {"eq": self.z, "ne": not self.z, "lt": self.n != self.v,
                "ge": self.n == self.v, "le": self.z or self.n != self.v,
                "gt": not self.z and self.n == self.v}[cond]

    def compile(self, code, labels):
        """Each instruction as a function of nothing that does it and returns the index of the
        next one to run, or None for the one after it (the checks of an instruction's form
        are made here, once)."""
        r = self.r
        mem = self.memory
        out = []
        for op, args in code:
            out.append(self._step(op, args, r, mem, labels))
        return out

    def _step(self, op, args, r, mem, labels):
        if op == "mov":
            d = self.reg(args[0])
            if isinstance(args[1], str):
                m = self.reg(args[1])

                def step():
                    r[d] = r[m]  # (the high-register form: no flags)
                return step
            value = args[1]
            assert 0 <= value <= 255

            def step():
                r[d] = self._nz(value)
            return step
        if op in ("add", "sub", "cmp"):
            d = self.reg(args[0])
            sub = op != "add"
            if len(args) == 2:  # rd, imm8 or rd, rm (cmp: rn, imm8 or rn, rm)
                a_reg, b_arg = d, args[1]
                assert isinstance(b_arg, str) or 0 <= b_arg <= 255
            else:  # rd, rn, rm or rd, rn, imm3
                a_reg, b_arg = self.reg(args[1]), args[2]
                assert isinstance(b_arg, str) or 0 <= b_arg <= 7
            b_reg = self.reg(b_arg) if isinstance(b_arg, str) else None
            keep = op != "cmp"

            def step():
                result = self._add(r[a_reg], r[b_reg] if b_reg is not None else b_arg, sub)
                if keep:
                    r[d] = result
            return step
        if op in ("lsl", "lsr", "asr"):
            d = self.reg(args[0])
            if len(args) == 3:
                src, by_reg, amount = self.reg(args[1]), None, args[2]
                assert 0 <= amount <= 31
            else:
                src, by_reg, amount = d, self.reg(args[1]), 0

            def step():
                a = r[src]
                s = r[by_reg] & 0xFF if by_reg is not None else amount
                if op == "lsl":
                    result = (a << s) if s < 32 else 0
                elif op == "lsr":
                    result = (a & MASK) >> s if s < 32 else 0
                else:
                    result = signed(a) >> min(s, 31)
                r[d] = self._nz(result)
            return step
        if op in ("mul", "orr", "eor", "and_"):
            d, m = self.reg(args[0]), self.reg(args[1])
            apply = {"mul": lambda a, b: a * b, "orr": lambda a, b: a | b,
                     "eor": lambda a, b: a ^ b, "and_": lambda a, b: a & b}[op]

            def step():
                r[d] = self._nz(apply(r[d], r[m]))
            return step
        if op in ("ldr", "ldrh", "ldrb", "str", "strh", "strb"):
            t = self.reg(args[0])
            base, offset = args[1]
            base = self.reg(base)
            size = {"": 4, "h": 2, "b": 1}[op[3:]]
            assert 0 <= offset <= 31 * size and offset % size == 0, (op, offset)
            load = op.startswith("ldr")

            def step():
                address = r[base] + offset
                assert address % size == 0, "unaligned %s at 0x%08x" % (op, address)
                if load:
                    r[t] = mem.load(address, size)
                else:
                    mem.store(address, size, r[t])
            return step
        if op == "b":
            target = labels[args[0]]
            return lambda: target
        if op[0] == "b" and len(op) == 3:
            target = labels[args[0]]
            cond = op[1:]
            assert cond in ("eq", "ne", "lt", "ge", "le", "gt"), op

            def step():
                return target if self.taken(cond) else None
            return step
        raise NotImplementedError("no model of %s" % op)

    def run(self, code, labels, limit=10 ** 9):
        steps = self.compile(code, labels)
        pc = 0
        end = len(steps)
        count = 0
        while pc < end:
            count += 1
            assert count < limit, "no end"
            to = steps[pc]()
            pc = pc + 1 if to is None else to
        self.steps = count
        return signed(self.r[0])


def run(source, name, args, memory):
    """Run function name of source with args (buffers are passed as their addresses, as the
    inline assembler passes them; ints as they are) on memory; r0 at the end."""
    code, labels = instructions(source, name)
    machine = Machine(memory)
    for i, arg in enumerate(args):
        machine.r[i] = (arg if isinstance(arg, int) else memory.address(arg)) & MASK
    return machine.run(code, labels), machine.steps
