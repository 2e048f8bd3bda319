"""PB108 inconsistent-budget: one budget name, different values in different modules (project-wide)."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from prompt_budget.lint.entry_points import (
    IMPORT_FACT,
    LOCAL_FACT,
    OWN_FACT,
    USES_FACT,
    imported_constants,
    is_entry_point,
    loaded_names,
)
from prompt_budget.lint.findings import Fact, Finding
from prompt_budget.lint.names import config_key
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.provider_modules import module_provider, provider_imports, sibling_providers
from prompt_budget.lint.read_apart import read_apart, record_apart
from prompt_budget.lint.rule import LintRule, Valid


def _unimported(facts: Sequence[Fact], prefix: str, root: Path) -> set[tuple[str, int, str]]:
    """(path, line, name) of the constants marked with ``prefix`` (``OWN_FACT``: a command-line tool's
    own; ``LOCAL_FACT``: read in their own module) that no module of their project imports
    (``IMPORT_FACT``: by name, or the whole module; another package's ``from . import openai`` imports
    none of them)."""
    from prompt_budget.lint.cache import module_name

    imported = {
        (fact_project(fact, root), fact.name[len(IMPORT_FACT) :])
        for fact in facts
        if fact.name.startswith(IMPORT_FACT)
    }
    out: set[tuple[str, int, str]] = set()
    for fact in facts:
        if not fact.name.startswith(prefix):
            continue
        name = fact.name[len(prefix) :]
        stem = module_name(fact.path).rsplit(".", 1)[-1]
        project = fact_project(fact, root)
        if (project, f"{stem} {name}") not in imported and (project, f"{stem} *") not in imported:
            out.add((fact.path, fact.line, name))
    return out


def _providers_own(facts: Sequence[Fact], root: Path) -> dict[tuple[str, int, str], str]:
    """The provider of each constant a provider's module binds, reads itself and no module imports
    (set 35: chatarena's ``backends/cohere.py`` ``DEFAULT_MAX_TOKENS = 200``, its class's default)."""
    uses: dict[str, set[str]] = defaultdict(set)
    for fact in facts:
        if fact.name.startswith(USES_FACT):
            uses[fact.path].add(fact.name[len(USES_FACT) :])
    out: dict[tuple[str, int, str], str] = {}
    local = _unimported(facts, LOCAL_FACT, root)
    unnamed: set[str] = set()
    for path, line, name in local:
        provider = module_provider(path, uses.get(path, set()))
        if provider is not None:
            out[(path, line, name)] = provider
        else:
            unnamed.add(path)
    if unnamed:  # ``codex_catalogue.py`` beside ``claude_code_catalogue.py``: a variant of one role
        variants = sibling_providers({path for path, _, _ in local})
        for path, line, name in local:
            if path in unnamed and path in variants:
                out[(path, line, name)] = variants[path]
    return out


class InconsistentBudget(LintRule):
    """The same budget constant defined with different values in different modules of one project
    (``DEFAULT_CONTEXT_WINDOW = 3900`` in one module, ``= 4096`` in another). Callers get a different
    budget depending on which module they import from. A project is the outermost Python package the
    files are in. Only module-level constants are compared: class fields of different models
    legitimately differ. A command-line tool's own default is no copy of a shared budget: a constant of
    a module run as a program (a ``__main__`` guard, or a ``main()`` parsing arguments) and read there
    (``DEFAULT_MAX_TOKENS = 256`` as its ``--max-tokens`` default), that no other module imports, is
    left out of the comparison (set 24: mlx-lm's chat, generate and evaluate CLIs, each its own default).
    Likewise a provider's own default: constants that modules serving different providers (named by the
    module, its folder, or the one provider SDK it imports: ``backends/anthropic.py``,
    ``backends/cohere.py``) each bind and read themselves, and no module imports, are not compared with
    each other (set 35: chatarena's five backends, ``DEFAULT_MAX_TOKENS`` 256, 4096, 200 for Anthropic,
    Bard and Cohere); a constant another module imports, or two modules of one provider, still are.
    Modules of one folder named as variants of one role, one variant naming a provider
    (``providers/claude_code_catalogue.py`` beside ``codex_catalogue.py``), each serve the variant their
    name says, a service no word list knows (set 92: hx-cli's ``MAX_OUTPUT_TOKENS`` 64000 and 128000);
    a generic variant (``base_client.py``) serves none. In a folder named for backends (``providers/``) holding two
    modules named for providers, each other module serves the backend its name says (set 313: agentkernel-cli's
    ``providers/local.py``). Two constants of one name that a module of the project reads apart, each through its own
    module (``claude_judge.MAX_TOKENS`` and ``llamaguard.MAX_TOKENS``, set 321: aisafe's estimates), are two settings
    (``read_apart``).

    The VALID/INVALID cases below are single files, so they only check the facts collected; the
    cross-module behaviour is tested in ``tests/lint/test_engine.py``,
    ``tests/lint/test_pb108_entry_points.py`` and ``tests/lint/test_pb108_providers.py``.
    """

    CODE = "PB108"
    NAME = "inconsistent-budget"
    SUMMARY = "Same budget constant defined with different values in different modules"
    PROJECT_WIDE = True
    VALID = (
        Valid("MAX_TOKENS = 4096\n"),
        Valid("CONTEXT_WINDOW = 8192\nCONTEXT_WINDOW_SMALL = 4096\n"),
        Valid("_DEFAULT_MAX_RESULT_TOKENS = 10_000\n"),
        # a command-line tool's own default (compared with no other module's)
        Valid(
            "import argparse\n\nDEFAULT_MAX_TOKENS = 256\n\ndef main():\n"
            "    parser = argparse.ArgumentParser()\n"
            "    parser.add_argument('--max-tokens', type=int, default=DEFAULT_MAX_TOKENS)\n"
        ),
        # a provider backend's own default (compared with no other provider's: set 35, chatarena)
        Valid(
            "import anthropic\n\nDEFAULT_MAX_TOKENS = 256\n\nclass Claude:\n"
            "    def __init__(self, max_tokens: int = DEFAULT_MAX_TOKENS):\n        self.max_tokens = max_tokens\n"
        ),
    )
    INVALID = ()

    #: Whether the module is run as a program (``entry_points``), read once, when a constant asks.
    _entry: bool | None
    #: The names the module reads (``entry_points.loaded_names``), walked once, when a constant asks.
    _loads: frozenset[str] | None

    def visit_Module(self, node: ast.Module) -> None:
        self._entry = None
        self._loads = None
        for stmt, stem, name in imported_constants(node):
            if name == "*" or self.names.is_budget(name):
                self.fact(stmt, f"{IMPORT_FACT}{stem} {name}", 0)
        for imp, top in provider_imports(node):
            self.fact(imp, f"{USES_FACT}{top}", 0)
        record_apart(self, node)  # ``claude_judge.MAX_TOKENS`` beside ``llamaguard.MAX_TOKENS``

    def _own(self, name: str) -> bool:
        """``name`` is a constant of a command-line tool that reads it itself."""
        tree = self.ctx.tree
        if not isinstance(tree, ast.Module):
            return False
        if self._entry is None:
            self._entry = is_entry_point(tree)
        return self._entry and self._read(name)

    def _read(self, name: str) -> bool:
        """Some code of the module reads the constant ``name``."""
        if self._loads is None:
            tree = self.ctx.tree
            self._loads = loaded_names(tree) if isinstance(tree, ast.Module) else frozenset()
        return name in self._loads

    def _record(self, target: ast.expr, literal: ast.expr | None) -> None:
        if self.ctx.scopes or not isinstance(target, ast.Name) or target.id.startswith("_"):
            return  # a private constant is its module's own: no caller imports the other value
        value = self.budget_literal(literal)
        if value is not None and literal is not None and self.names.is_budget(target.id):
            self.fact(literal, target.id, value)
            if self._own(target.id):
                self.fact(literal, f"{OWN_FACT}{target.id}", value)
            if self._read(target.id):
                self.fact(literal, f"{LOCAL_FACT}{target.id}", value)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._record(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._record(node.target, node.value)

    @classmethod
    def check_project(cls, facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
        from prompt_budget.lint.cache import module_name

        own = _unimported(facts, OWN_FACT, options.root)
        providers = _providers_own(facts, options.root)
        read = read_apart(facts)

        def apart(a: Fact, b: Fact) -> bool:
            """``a`` and ``b`` are two providers' own defaults, or two settings a module reads apart."""
            pa = providers.get((a.path, a.line, a.name))
            pb = providers.get((b.path, b.line, b.name))
            stems = {module_name(a.path).rsplit(".", 1)[-1], module_name(b.path).rsplit(".", 1)[-1]}
            return (pa is not None and pb is not None and pa != pb) or any(
                stems <= s for s in read.get(a.name, ())
            )

        groups: dict[tuple[Path, str], list[Fact]] = defaultdict(list)
        for fact in facts:
            if fact.name.startswith("\x00") or (fact.path, fact.line, fact.name) in own:
                continue  # a fact of the flow's or a marker; a command-line tool's own default
            groups[(fact_project(fact, options.root), fact.name.lower())].append(fact)
        findings: list[Finding] = []
        for (_, _), group in sorted(groups.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
            if len({f.value for f in group}) < 2 or len({f.path for f in group}) < 2:
                continue
            for fact in group:
                others = [f for f in group if f.value != fact.value and not apart(fact, f)]
                if not others:
                    continue
                where = ", ".join(f"{o.value} in {o.path}:{o.line}" for o in others[:3])
                more = f" and {len(others) - 3} more" if len(others) > 3 else ""
                key = config_key(fact.name)
                findings.append(
                    cls.finding_at(
                        fact,
                        f"{fact.name} = {fact.value} here, but {where}{more}; define the budget once",
                        key=key,
                        suggestion=f"define it once in config and read it everywhere with prompt_budget.value({key!r})",
                    )
                )
        return findings
