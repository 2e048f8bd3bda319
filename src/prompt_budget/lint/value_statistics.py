"""What a statistic over many values measures, one of them: ``len(t)`` for ``sum(len(t) for t in texts)``
(set 20: giskard's input-sample estimate, read by PB104; set 203: omni-coder's running total of lengths, read
by ``character_reads``). Moved below the rules so the readings of characters share it. Judges no finding.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import callee_name, number

#: Functions and methods giving one statistic of many values (``sum``, ``np.mean``, ``Series.max``).
_STATISTICS = frozenset({"sum", "mean", "fmean", "median", "average", "max", "min", "nanmean", "nansum"})
#: Methods applying a function to each value of a column or a sequence (pandas, ``map``).
_APPLY = frozenset({"apply", "map", "transform"})


def _length_of(receiver: ast.expr) -> ast.Call:
    """``len(receiver)``, built to be judged like one written so (not reported, not in the file)."""
    return ast.Call(func=ast.Name(id="len", ctx=ast.Load()), args=[receiver], keywords=[])


def each_value(node: ast.expr) -> ast.expr | None:
    """What a statistic over many values measures, one of them: ``len(t)`` for ``sum(len(t) for t in
    texts)``, ``np.mean([len(t) ...])``, ``lengths.mean()`` of ``df[c].apply(lambda x: len(str(x)))``,
    ``len(x)`` for ``texts.apply(len)``, ``map(len, texts)`` and ``texts.str.len()``; None for anything
    else (``min(len(a), len(b))``: two values, not a statistic); the value a literal clamps
    (``max(len(text) // 3, 200)``)."""
    if not isinstance(node, ast.Call):
        return None
    callee = callee_name(node) or ""
    func = node.func
    if callee in {"max", "min"} and len(node.args) == 2 and not node.keywords:
        kept = [a for a in node.args if number(a) is None]
        # ``max(len(text) // 3, 200)``: a length clamped by a literal floor (set 95: memory-v2-hx); not a
        # count kept above zero (``max(n - empty, 1)``, a divisor of items; set 81: merlina)
        value = kept[0] if len(kept) == 1 else None
        head = value.left if isinstance(value, ast.BinOp) else value
        return value if isinstance(head, ast.Call) and callee_name(head) == "len" else None
    if callee in _STATISTICS and len(node.args) == 1 and not node.keywords:
        arg = node.args[0]
        return arg.elt if isinstance(arg, (ast.GeneratorExp, ast.ListComp)) else each_value(arg) or arg
    if callee in _STATISTICS and not node.args and isinstance(func, ast.Attribute):
        return each_value(func.value) or func.value  # ``lengths.mean()``
    if callee in _APPLY and node.args:
        fn, seq = (
            (node.args[0], func.value)
            if isinstance(func, ast.Attribute)
            else (node.args[0], node.args[1] if len(node.args) > 1 else None)
        )
        if isinstance(fn, ast.Lambda):
            return fn.body
        if isinstance(fn, ast.Name) and fn.id == "len" and seq is not None:
            return _length_of(seq)
        return None
    if (
        callee == "len"
        and not node.args
        and isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "str"
    ):
        return _length_of(func.value.value)  # ``df[c].str.len()``
    return None
