"""A tiny rp2 PIO emulator (CPython only), enough for firmware/ws2812.py's program.

``assemble(program)`` runs the decorated function's body the way MicroPython's
``rp2.asm_pio`` does -- with the PIO assembler's names (out, jmp, nop, label, ...) put into
its globals -- and returns the instruction list.  ``run(program, words, shift)`` then clocks
the state machine over the words and returns the side-set pin's level at every cycle.
"""

X, NOT_X = "x", "not_x"


class Instr:
    def __init__(self, op, *args):
        self.op, self.args, self.side_value, self.delay = op, args, None, 0

    def side(self, value):
        self.side_value = value
        return self

    def __getitem__(self, delay):
        self.delay = delay
        return self


def assemble(program):
    fn = program.fn
    code, labels = [], {}
    marks = {}

    def emit(op):
        def make(*args):
            instr = Instr(op, *args)
            code.append(instr)
            return instr
        return make

    dsl = {
        "out": emit("out"), "jmp": emit("jmp"), "nop": emit("nop"),
        "x": X, "not_x": NOT_X,
        "label": lambda name: labels.__setitem__(name, len(code)),
        "wrap_target": lambda: marks.__setitem__("wrap_target", len(code)),
        "wrap": lambda: marks.__setitem__("wrap", len(code) - 1),
    }
    g = fn.__globals__
    saved = {k: g[k] for k in dsl if k in g}
    g.update(dsl)
    try:
        fn()
    finally:
        for k in dsl:
            g.pop(k, None)
        g.update(saved)
    return code, labels, marks.get("wrap_target", 0), marks.get("wrap", len(code) - 1)


def run(program, words, shift):
    """Pin level per PIO cycle while the state machine sends ``words`` (put with ``shift``)."""
    code, labels, wrap_target, wrap = assemble(program)
    opts = program.options
    assert opts["out_shiftdir"] == 0 and opts["autopull"], "only shift-left autopull is modelled"
    thresh = opts["pull_thresh"]
    fifo = [(w << shift) & 0xFFFFFFFF for w in words]
    osr, count, x, pc, pin, levels = 0, thresh, 0, wrap_target, 0, []
    while True:
        instr = code[pc]
        nxt = wrap_target if pc == wrap else pc + 1
        if instr.op == "out":
            if count >= thresh:                      # autopull
                if not fifo:
                    # stalled: the side-set still applies, so the line rests at this level
                    # (low: the WS2812 latch/reset time)
                    rest = pin if instr.side_value is None else instr.side_value
                    return levels + [rest] * 400
                osr, count = fifo.pop(0), 0
            dest, bits = instr.args
            value = osr >> (32 - bits)
            osr = (osr << bits) & 0xFFFFFFFF
            count += bits
            if dest == X:
                x = value
        elif instr.op == "jmp":
            if len(instr.args) == 1:
                nxt = labels[instr.args[0]]
            elif instr.args[0] == NOT_X and x == 0:
                nxt = labels[instr.args[1]]
        if instr.side_value is not None:
            pin = instr.side_value
        levels.extend([pin] * (1 + instr.delay))
        pc = nxt


def pulses(levels):
    """(high cycles, period cycles) of each bit, rising edge to rising edge (the last bit's
    period runs to the end of ``levels``)."""
    rises = [i for i in range(1, len(levels)) if levels[i] and not levels[i - 1]]
    out = []
    for a, b in zip(rises, rises[1:] + [len(levels)]):
        high = 0
        while a + high < len(levels) and levels[a + high]:
            high += 1
        out.append((high, b - a))
    return out
