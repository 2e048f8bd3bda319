"""One walk of a module, class or function, shared by the rules' helpers.

Many helpers ask the same question of a whole module ("which strings does it test?", "which methods does
it call by position?"), each with its own ``ast.walk``. On a large module (litellm's ``proxy_server.py``:
about 100,000 nodes) each walk costs a fifth of a second, and a dozen of them made the cold lint of the
benchmark corpus six times the parse floor. ``walk`` lists the nodes of a module, class or function once
(the same breadth-first order as ``ast.walk``) and hands the list to every later caller; smaller nodes are
walked lazily as before. The lint never changes a tree it analyses, so a list stays true. The cache holds
the last few nodes only (each entry keeps its node alive, so an ``id`` is never reused while cached).
"""

from __future__ import annotations

import ast
from collections import OrderedDict
from collections.abc import Iterable
from typing import Final

#: Nodes big enough, and walked often enough, to keep their walk.
_KEPT: Final = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
#: How many walks are kept: a module and the classes and functions being looked at inside it.
_SIZE: Final = 64

_walked: OrderedDict[int, tuple[ast.AST, list[ast.AST]]] = OrderedDict()


def walk(node: ast.AST) -> Iterable[ast.AST]:
    """The nodes under ``node`` and ``node`` itself, in ``ast.walk``'s order: a list made once for a
    module, class or function, ``ast.walk`` itself for anything smaller."""
    if not isinstance(node, _KEPT):
        return ast.walk(node)
    key = id(node)
    hit = _walked.get(key)
    if hit is not None and hit[0] is node:
        _walked.move_to_end(key)
        return hit[1]
    nodes = list(ast.walk(node))
    _walked[key] = (node, nodes)
    if len(_walked) > _SIZE:
        _walked.popitem(last=False)
    return nodes
