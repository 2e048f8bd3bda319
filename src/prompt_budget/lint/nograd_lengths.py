"""A length named for an example no gradient flows through (``nograd_length``, ``no_grad_len``): the
length an over-long training example is cut to while its loss is masked (labels ``-100``, a zero
``loss_mask``), a placeholder that keeps a batch's shape and that no model learns from or generates
into: not a token budget to tune (set 60: nemo-aligner's ``self.nograd_length = 32``).
"""

from __future__ import annotations

import ast
from itertools import pairwise

from prompt_budget.lint.names import words


def nograd_name(name: str) -> bool:
    """``nograd_length``, ``no_grad_len``, ``noGradLength``: a name about a sample carrying no gradient."""
    ws = words(name)
    return "nograd" in ws or any(a == "no" and b == "grad" for a, b in pairwise(ws))


def nograd_target(node: ast.Assign | ast.AnnAssign) -> bool:
    """``self.nograd_length = 32``, ``nograd_length: int = 32``: a number bound to such a name."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    names = [
        t.attr if isinstance(t, ast.Attribute) else t.id
        for t in targets
        if isinstance(t, (ast.Attribute, ast.Name))
    ]
    return len(names) == len(targets) and bool(names) and all(nograd_name(n) for n in names)
