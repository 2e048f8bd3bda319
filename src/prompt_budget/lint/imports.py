"""Where a module's names come from: ``from langchain.text_splitter import TokenTextSplitter as
Splitter`` makes ``Splitter(chunk_size=...)`` a call of LangChain's ``TokenTextSplitter``, and ``from
llama_index.core import Settings`` makes ``Settings.chunk_size`` llama_index's global setting.

Read from the module's top-level statements only (and those of its top-level ``if`` and ``try``
blocks, where optional imports are), once per file and only when a rule asks: no walk of the tree.
"""

from __future__ import annotations

import ast


def import_origins(tree: ast.AST | None) -> dict[str, str]:
    """Local name -> dotted origin for the imports at module level: ``import numpy as np`` -> {"np":
    "numpy"}, ``from a.b import C as D`` -> {"D": "a.b.C"}. Relative imports keep their dots
    (``from .x import Y`` -> {"Y": ".x.Y"})."""
    out: dict[str, str] = {}
    body = list(getattr(tree, "body", ()))
    while body:
        stmt = body.pop()
        if isinstance(stmt, ast.ImportFrom):
            base = "." * stmt.level + (stmt.module or "")
            for alias in stmt.names:
                if alias.name != "*":
                    out.setdefault(alias.asname or alias.name, f"{base}.{alias.name}" if base else alias.name)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname:
                    out.setdefault(alias.asname, alias.name)
        elif isinstance(stmt, ast.If):
            body.extend((*stmt.body, *stmt.orelse))
        elif isinstance(stmt, ast.Try):
            body.extend((*stmt.body, *(s for h in stmt.handlers for s in h.body), *stmt.orelse))
    return out
