"""A parameter whose every read goes into a database query (``self._conn.execute("... LIMIT ?", (*params,
limit))``, ``session.query(M).limit(limit)``): a number of rows, not of a model's tokens, whatever the function
is named for (set 205: trustmem's ``search_tokens(query, limit=50)``, a keyword search over an inverted index of
words it calls tokens). Judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.walks import parents as parents_in

#: Methods of database drivers and query builders a row limit is handed to.
_QUERY_CALLS = frozenset(
    {"execute", "executemany", "fetch", "fetchrow", "fetchval", "fetchall", "limit", "query", "sql"}
)


def limits_rows(fn: ast.AST, name: str) -> bool:
    """Every read of the local ``name`` in ``fn`` is an argument of a database call, alone or inside the
    tuple or list of its parameters; False when it is never read."""
    parents = parents_in(fn)
    reads = [n for n in parents if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    return bool(reads) and all(_queried(read, parents) for read in reads)


def _queried(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    node: ast.AST = read
    parent = parents.get(node)
    while isinstance(parent, (ast.Tuple, ast.List, ast.Starred)):
        node, parent = parent, parents.get(parent)
    return (
        isinstance(parent, ast.Call)
        and any(a is node for a in parent.args)
        and isinstance(parent.func, ast.Attribute)
        and parent.func.attr in _QUERY_CALLS
    )
