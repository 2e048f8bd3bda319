"""Token counts compared only to choose how a GPU kernel is launched (PB103's exclusion, set 22).

An inference engine's kernels compare ``num_tokens`` with a literal to pick a tile, a grid, a block count
or a launch option: ``if num_tokens > 64: config = dict(block_m=128, num_warps=4)``,
``grid = (cdiv(d, BLOCK), min(num_tokens, 1024))``, ``if 0 < total_tokens <= 32: max_blocks = 8``. The
number limits no token amount; it is a performance heuristic nobody moves into a budget config. The
evidence is what the comparison's branches assign or return (a ``BLOCK_*`` tile, ``num_warps``,
``num_stages``, ``grid``, a count of blocks or CTAs, a config of such keys), or where a clamp's result
goes (a launch grid), not what the count is named. A module that defines Triton kernels
(``@triton.jit``) compares token counts only to choose such launches, so its thresholds are kernel
heuristics too (``if num_tokens < 512: return False`` deciding a compact schedule).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, dotted
from prompt_budget.lint.walks import kept_per_file, source_of, statements, walk

#: Words of a launch parameter: warps and stages of a Triton config, the grid, blocks, CTAs, threads.
_LAUNCH_WORDS = frozenset({"warps", "stages", "grid", "blocks", "ctas", "cta"})

#: A tile size: ``BLOCK_E``, ``BLOCK_SIZE_M``, ``block_m``, ``block_k``.
_TILE = re.compile(r"BLOCK(_[A-Z0-9]+)*|block_[a-z]")

#: Decorators that make a function a Triton kernel.
_KERNEL_DECORATORS = frozenset({"triton.jit", "triton.autotune", "triton.heuristics", "tl.jit"})
#: The last names of ``_KERNEL_DECORATORS``: a module writing none of them defines no kernel.
_DECORATOR_WORDS = tuple(sorted({d.rsplit(".", 1)[-1] for d in _KERNEL_DECORATORS}))


def launch_name(name: str) -> bool:
    """``num_warps``, ``grid``, ``max_blocks``, ``BLOCK_M``, ``block_n``: a kernel launch parameter."""
    return bool(_TILE.fullmatch(name)) or bool(set(words(name)) & _LAUNCH_WORDS)


def _sets_launch(node: ast.AST) -> bool:
    """A statement that assigns a launch parameter, or builds or returns a config of launch keys
    (``dict(block_m=64, num_warps=4)``, ``{"BLOCK_SIZE_M": 64}``)."""
    for sub in walk(node):
        if isinstance(sub, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            if any(launch_name(attr_name(t) or "") for t in targets):
                return True
        elif isinstance(sub, ast.keyword):
            if sub.arg and launch_name(sub.arg):
                return True
        elif isinstance(sub, ast.Dict) and any(
            isinstance(k, ast.Constant) and isinstance(k.value, str) and launch_name(k.value)
            for k in sub.keys
        ):
            return True
    return False


def _branches(test_of: ast.If | ast.IfExp | ast.While) -> list[ast.AST]:
    """The statements (or values) a condition decides between, ``elif`` bodies included."""
    if isinstance(test_of, ast.IfExp):
        return [test_of.body, test_of.orelse]
    out: list[ast.AST] = [*test_of.body]
    orelse: Sequence[ast.stmt] = test_of.orelse
    while len(orelse) == 1 and isinstance(orelse[0], ast.If):
        out.extend(orelse[0].body)
        orelse = orelse[0].orelse
    out.extend(orelse)
    return out


def picks_launch(ancestors: Sequence[ast.AST], node: ast.AST) -> bool:
    """The comparison (or clamp) ``node`` chooses a kernel launch: the condition it is part of decides
    between branches that set launch parameters, or the statement it is in assigns one
    (``grid = (..., min(num_tokens, 1024))``)."""
    for anc in reversed(ancestors):
        if isinstance(anc, (ast.If, ast.IfExp, ast.While)) and anc.test in ancestors:
            return any(_sets_launch(b) for b in _branches(anc))
        if isinstance(anc, ast.stmt):
            return _sets_launch(anc) and not isinstance(anc, (ast.If, ast.While))
    return False


#: The last module asked about and its answer: every rule asking about one module walks it once.
_LAST: list[tuple[ast.AST, bool]] = kept_per_file([])


def defines_kernels(tree: ast.AST | None, lines: Sequence[str] | None = None) -> bool:
    """The module defines a Triton kernel (``@triton.jit def _fwd_kernel(...)``). ``lines``, the module's
    source when given, spares the walk of a module that writes none of the decorators' last names."""
    if not isinstance(tree, ast.Module):
        return False
    if _LAST and _LAST[0][0] is tree:
        return _LAST[0][1]
    if lines is not None:
        text = source_of(lines)[0]
        # an identifier spelled with characters NFKC folds into ASCII is still a name: walk then
        if text.isascii() and not any(word in text for word in _DECORATOR_WORDS):
            _LAST[:] = [(tree, False)]
            return False
    found = any(
        dotted(dec.func if isinstance(dec, ast.Call) else dec) in _KERNEL_DECORATORS
        for node in statements(tree)
        if isinstance(node, ast.FunctionDef)
        for dec in node.decorator_list
    )
    _LAST[:] = [(tree, found)]
    return found
