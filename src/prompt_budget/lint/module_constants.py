"""Constants of another module read through the module's name anywhere in a module (PB102; set 62:
hackingbuddygpt's ``self.llm.context_size - llm_util.SAFETY_MARGIN - template_size`` after ``from
hackingBuddyGPT.utils import llm_util``, the reserve bound as ``SAFETY_MARGIN = 128`` in ``llm_util.py``).

``flow.imported_names`` gives PB102's data flow the constants imported by name (``from pkg.limits
import CAP``), whose reads in the importing module decide the constant where it is bound
(``flow.imported_budgets``); ``module_attributes`` follows a read through a module imported whole only
in a budget parameter's default. ``attribute_constants`` finds, in the module's text, the constants read
as ``module.CONSTANT`` through a module imported whole at the top level (``module_attributes.
imported_modules``): they join the imported names, watched from the module's start, so the same reads
decide them. A read of the name through anything else (``self.SAFETY_MARGIN``, ``cfg.SAFETY_MARGIN``,
a bare name) is not theirs (``foreign_read``).
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.module_attributes import imported_modules


class ModuleConstants:
    """One module's ``module.CONSTANT`` reads: constant -> (the stem of its module, the local names the
    module is read through)."""

    def __init__(self, tree: ast.Module, text: str) -> None:
        self.reads: dict[str, tuple[str, set[str]]] = {}
        for local, stem in imported_modules(tree).items():
            if local + "." not in text:
                continue
            for match in re.finditer(rf"(?<![\w.]){re.escape(local)}\.([A-Z][A-Z0-9_]*)\b", text):
                name = match.group(1)
                if len(name) < 2 or not name.isupper():
                    continue
                kept = self.reads.setdefault(name, (stem, set()))
                if kept[0] == stem:
                    kept[1].add(local)

    def add_to(self, imported: dict[str, str]) -> dict[str, str]:
        """``imported`` (``flow.imported_names``) with the constants read through their module (local
        name -> "stem NAME"); a name imported by name stays the import's."""
        for name in [n for n in self.reads if n in imported]:
            del self.reads[name]
        for name, (stem, _) in self.reads.items():
            imported[name] = f"{stem} {name}"
        return imported

    def foreign_read(self, name: str, node: ast.expr) -> bool:
        """``node`` reads ``name``, a constant watched only as read through its module, through something
        else (``self.SAFETY_MARGIN``, a bare ``SAFETY_MARGIN``): not a read of that constant."""
        kept = self.reads.get(name)
        if kept is None:
            return False
        return not (type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id in kept[1])
