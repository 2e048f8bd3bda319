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
a bare name) is not theirs (``foreign_read``). Only the project's own modules are read (``own_modules``);
``logging.INFO``, ``subprocess.PIPE`` and every other library's
constants are not followed (following them kept every statement reading them from being pruned: a third more
of the lint's time over the corpus).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Final

from prompt_budget.lint.module_attributes import imported_modules


def file_folder(path: str, root: Path | None) -> Path:
    """The folder holding a linted file (``root``: the folder ``path`` is relative to; the working folder
    when None)."""
    return (root or Path.cwd()).joinpath(path).absolute().parent


def own_modules(tree: ast.Module, folder: Path) -> set[str]:
    """The local names the module's top-level imports bind from the project's own code: a relative import
    (``from . import llm_util``), or one whose top package is named as a folder on the importing file's
    path (``from hackingBuddyGPT.utils import llm_util`` in ``.../hackingBuddyGPT/usecases/agent.py``) or
    is a module or package beside the importing file (``import llm_util`` beside ``llm_util.py``)."""
    folders = set(folder.parts)

    def own(module: str) -> bool:
        top = module.split(".", 1)[0]
        return top in folders or (folder / f"{top}.py").is_file() or (folder / top).is_dir()

    out: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            if stmt.level or (stmt.module is not None and own(stmt.module)):
                out.update(alias.asname or alias.name for alias in stmt.names)
        elif isinstance(stmt, ast.Import):
            out.update(alias.asname or alias.name for alias in stmt.names if own(alias.name))
    return out


#: A name read after a dot as a constant: ``.SAFETY_MARGIN`` (an upper-case letter, then upper-case letters,
#: digits and underscores, to the end of the word).
_TAIL: Final = r"([A-Z][A-Z0-9_]*)\b"
_CONSTANT_READ: Final = re.compile(rf"\.{_TAIL}")
_WORD: Final = re.compile(r"\w+")


def attribute_heads(text: str) -> dict[str, list[str]]:
    r"""``llm_util.SAFETY_MARGIN`` -> {"llm_util": ["SAFETY_MARGIN", ...]}: for every word ``w`` read as
    ``w.NAME`` where ``w`` follows neither a word character nor a dot, the ``NAME``\ s in the text's order.
    What ``re.finditer(rf"(?<![\w.]){re.escape(w)}\.([A-Z][A-Z0-9_]*)\b", text)`` finds for each word
    spelled by ``\w`` alone, found with one search for the dot (a literal ``re`` finds fast) instead of a
    pass over the whole text per word."""
    out: dict[str, list[str]] = {}
    for match in _CONSTANT_READ.finditer(text):
        end = start = match.start()
        while start and (text[start - 1].isalnum() or text[start - 1] == "_"):  # ``\w``, as ``re`` reads it
            start -= 1
        if start == end or (start and text[start - 1] == "."):
            continue
        out.setdefault(text[start:end], []).append(match.group(1))
    return out


class ModuleConstants:
    """One module's ``module.CONSTANT`` reads: constant -> (the stem of its module, the local names the
    module is read through)."""

    def __init__(self, tree: ast.Module, text: str, folder: Path) -> None:
        """``folder``: the folder holding the module (``file_folder``), where the project's own modules are."""
        self.reads: dict[str, tuple[str, set[str]]] = {}
        imported = imported_modules(tree)
        if not imported:
            return
        heads = attribute_heads(text)
        own: set[str] | None = None
        for local, stem in imported.items():
            if _WORD.fullmatch(local):
                names = heads.get(local)
                if names is None:
                    continue
            elif local + "." in text:  # a name ``\w`` does not spell (with a combining mark): its own pattern
                names = [m.group(1) for m in re.finditer(rf"(?<![\w.]){re.escape(local)}\.{_TAIL}", text)]
            else:
                continue
            if own is None:
                own = own_modules(tree, folder)
            if local not in own:
                continue
            for name in names:
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
