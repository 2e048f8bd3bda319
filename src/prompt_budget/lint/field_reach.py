"""Class fields whose attribute another module reads into a token budget (PB102; set 51: haiku-rag's
``ProcessingConfig.chunk_size``, readmeai's ``LlmSettings.tokens``).

A field's name (``chunk_size``, ``tokens``) may say no unit; the project tells where another module reads
the attribute straight into a budget::

    # haiku/rag/config/models.py
    class ProcessingConfig(BaseModel):
        chunk_size: int = Field(default=256, gt=0)

    # haiku/rag/chunkers/docling_serve.py: the attribute is the budget of a request
    data = {"chunking_max_tokens": str(self.config.processing.chunk_size)}

A field is a name bound in a class body (not in a method) to a literal default: ``name: T = N``,
``name = N``, ``Field(default=N)``, ``Field(N, ...)``, ``field(default=N)``. A read is ``<expr>.name``
(also in ``str()``/``int()``) given as a token budget keyword of a call (``max_tokens=``), under a budget
dict key, or assigned to a budget name (``self.max_tokens = self.config.llm.tokens``). A bare
``self.name`` is a read of the field only where the module copies the attribute of that name from another
object (``self.chunk_size = self.config.processing.chunk_size``). A read under the field's own name
(``self.ctx_len_txt = hparams.ctx_len_txt``, ``initial_context_length=config.initial_context_length``)
is no evidence: a name that is a budget's was judged by the rules where the field binds it (set 50:
gpt-oss's rotary origin; minDALL-E's text positions, an embedding's size).

Guards (generic names are common): the read is of the field's attribute (``<expr>.name``, not a local of
that name) and lands directly in the budget; neither the field's module nor the read's is a test module; the literal is 16 or more and no sentinel; the name
is no credential, time, unit (``chars``, ``lines``) and the field is not said to count characters; the
field's name is given a literal default in one class of the project only (two classes of one field name,
one of them characters, cannot be told apart by a read); a literal another rule reports is left to it.
Facts ``FIELD_FACT`` (a field, with its class) and ``READ_FACT`` (a read, with how) are joined per project.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from prompt_budget.lint.assignments import uncast
from prompt_budget.lint.comments import IN_CHARACTERS
from prompt_budget.lint.compared_fields import action_point
from prompt_budget.lint.field_docstrings import said_in_characters
from prompt_budget.lint.field_read_forms import copied_alike, declared_alike, extra_reads
from prompt_budget.lint.flow import against_flow, finding_where_bound, is_test_module, tagged
from prompt_budget.lint.handed_fields import given_fields, given_message, handed_fields, record_handed
from prompt_budget.lint.length_arguments import cut_length
from prompt_budget.lint.limit_classes import limit_siblings
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rope_origins import rope_origin
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.stated_rates import comment_above
from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.walks import lines_at, source_of, statements, walk_spanning

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

FIELD_FACT = "\x00field-default "
READ_FACT = "\x00field-read "

#: The smallest literal taken as a field's budget.
_SMALLEST = 16
#: A line that may give an attribute to a budget: a budget word before ``=`` or ``:`` and an attribute read
#: after it (``max_tokens=self.chunk_size``, ``"chunking_max_tokens": str(cfg.chunk_size)``; lower-cased). One
#: pattern a word, each starting with its literal: the alternation searched whole tried every letter
#: starting one of them (2.4 times the time, the same lines found). Budget names hold ``tok`` or
#: ``context`` but for a few (``num_ctx``, ``thinking_budget``, ``num_predict``), each pattern another
#: pass over every module's text.
_GATE: Final = (
    *(
        re.compile(word + r"\w*['\"]?\s*[=:](?!=)\s*(?:str\(|int\()?\s*[a-z_][\w.]*\.")
        for word in ("tok", "context")
    ),
    # ``max_length=cfg.max_length`` given to an embedding model's class or a tokenizer's cut (set 53:
    # syftr's ``HFEmbedding.max_length``): a length whose unit the call says, not its name
    re.compile(r"max_length\s*=\s*[a-z_][\w.]*\."),
    # ``TokenBudget(reserve_output=self.reserve_output_tokens)``: a budget given to a class's field
    re.compile(r"=\s*[a-z_][\w.]*\.\w*tok\w*\s*[,)]"),
)
#: Calls that only change a number's type.
_CASTS = frozenset({"str", "int"})
_SELF = frozenset({"self", "cls"})


def _field_default(value: ast.expr | None) -> ast.expr | None:
    """``256``, ``Field(default=256, gt=0)``, ``Field(256, title=...)``, ``field(default=256)``."""
    if value is None or not isinstance(value, ast.Call):
        return value
    callee = callee_name(value)
    if callee == "Field" and value.args:
        return value.args[0]
    if callee in {"Field", "field"}:
        return next((kw.value for kw in value.keywords if kw.arg == "default"), None)
    return None


class FieldDefaults:
    """One module's class fields bound to a literal: kept as project facts at the module's end, unless
    a rule reported the literal already."""

    def __init__(self) -> None:
        self.pending: list[tuple[ast.expr, str, str, int | float, str]] = []

    def field(self, rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
        """``chunk_size: int = Field(default=256, gt=0)`` in a class body."""
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or type(targets[0]) is not ast.Name:
            return
        cls = rule.ctx.enclosing_class()
        if cls is None or rule.ctx.function() is not None or is_test_module(rule.ctx.path):
            return
        name = targets[0].id
        literal = _field_default(node.value)
        amount = rule.budget_literal(literal) if isinstance(literal, ast.Constant) else None
        if (
            literal is None
            or amount is None
            or amount < _SMALLEST
            or not isinstance(amount, int)
            or name.lower() in rule.names.ignore_names
            or (
                (rule.names.is_excluded(name) or against_flow(name)) and not action_point(name)
            )  # ``mask_at``
            or said_in_characters(rule, node)
            # ``# 算术错误检测时的上下文窗口大小（字符数）`` above the field (set 501: ai-eval-scope)
            or IN_CHARACTERS.search(comment_above(rule.ctx.lines, node)) is not None
            or rope_origin(rule, name)  # ``initial_context_length: int = 4096`` beside ``rope_theta``
        ):
            return
        self.pending.append((literal, name, cls.name, amount, declared_alike(node)))

    def finish(self, rule: LintRule, module: ast.Module) -> None:
        """Report the fields the module's own reads give to a budget (its one class of that field name);
        keep the others, and the reads, as project facts."""
        handed: list[tuple[ast.Attribute, str]] = []
        given: list[tuple[ast.Attribute, str, str]] = []
        reads = [] if is_test_module(rule.ctx.path) else _reads(rule, module, handed, given)
        record_handed(rule, handed, given)
        here: dict[str, tuple[ast.Attribute, str]] = {}
        for read, how in reads:
            here.setdefault(read.attr, (read, how))
            rule.fact(read, f"{READ_FACT}{read.attr} {ast.unparse(read).replace(' ', '')} {how}", 0)
        classes: dict[str, set[str]] = defaultdict(set)
        marks: dict[str, set[str]] = defaultdict(set)
        for _, name, cls, _, mark in self.pending:
            classes[name].add(cls)
            marks[name].add(mark)
        reported = reported_ids(rule)
        giving_at: dict[tuple[str, str], ast.Attribute] = {}
        for r, callee, field in given:
            giving_at.setdefault((callee, field), r)
        for literal, name, cls, amount, mark in self.pending:
            done = id(literal) in reported
            found = here.get(name)
            # one field declared alike in several classes: one setting copied (``field_read_forms``)
            one = len(classes[name]) == 1 or (bool(mark) and len(marks[name]) == 1)
            giving = giving_at.get((cls, name))
            if not done and giving is not None:  # ``Budget(reserve=self.reserve_tokens)`` in this module
                where = f"line {giving.lineno}"
                message = given_message(name, amount, cls, ast.unparse(giving), where)
                rule.report_literal(literal, message, amount, name)
                done = True
            if not done and found is not None and one:
                read, how = found
                message = _message(cls, name, amount, ast.unparse(read), how, f"line {read.lineno}")
                rule.report_literal(literal, message, amount, name)
                done = True
            # a field reported here still counts for the project: another class's field of its name
            # elsewhere cannot be told from it by a read
            rule.fact(literal, f"{FIELD_FACT}{name} {cls}{'#' + mark if mark else ''} {int(done)}", amount)


def _attribute(value: ast.expr) -> ast.Attribute | None:
    """``self.config.llm.tokens``, ``str(self.config.processing.chunk_size)``: the attribute read."""
    value = uncast(value, _CASTS)
    return value if isinstance(value, ast.Attribute) else None


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id in _SELF


def _copied(module: ast.Module) -> set[str]:
    """The attributes a module copies onto ``self`` from another object's attribute of that name
    (``self.chunk_size = self.config.processing.chunk_size``)."""
    out = set()
    for stmt in statements(module):
        if type(stmt) is ast.Assign and len(stmt.targets) == 1:
            target, value = stmt.targets[0], _attribute(stmt.value)
            if (
                isinstance(target, ast.Attribute)
                and _on_self(target)
                and value is not None
                and value.attr == target.attr
                and not _on_self(value)
            ):
                out.add(target.attr)
    return out


def _reads(
    rule: LintRule,
    module: ast.Module,
    handed: list[tuple[ast.Attribute, str]],
    given: list[tuple[ast.Attribute, str, str]],
) -> list[tuple[ast.Attribute, str]]:
    """Each attribute the module gives straight to a token budget, with how; in ``handed``, each attribute
    given under its own name to a class's constructor (``Pipeline(n_tokens=self.config.n_tokens)``); in
    ``given``, each budget given under another name (``TokenBudget(reserve_output=self.reserve_tokens)``)."""
    text = source_of(rule.ctx.lines)[1]
    lines = lines_at(text, (at for gate in _GATE for at in match_starts(text, gate)))
    extra = extra_reads(rule, module, text)  # ``cfg.chunk_size - num_batch_tokens`` (``field_read_forms``)
    if not lines and not extra:
        return []
    found: list[tuple[ast.Attribute, str, str]] = extra
    cut: set[int] = set()  # the reads a call's own kind makes a length in tokens (whatever its name)
    for node in walk_spanning(module, lines):
        if type(node) is ast.Call:
            for kw in node.keywords:
                if kw.arg is not None and rule.names.is_budget(kw.arg):
                    read = _attribute(kw.value)
                    if read is not None:
                        callee = callee_name(node) or "a call"
                        found.append((read, kw.arg, f"the token budget `{kw.arg}=` of `{callee}`"))
                elif kw.arg is not None and (read := _attribute(kw.value)) is not None:
                    how = cut_length(rule, node, kw.arg, read.attr)
                    if how is not None:
                        found.append((read, kw.arg, how))
                        cut.add(id(read))
                    elif kw.arg == read.attr and type(node.func) is ast.Name and not _on_self(read):
                        handed.append((read, node.func.id))  # ``handed_fields``
                    elif type(node.func) is ast.Name and rule.names.is_budget(read.attr):
                        given.append((read, node.func.id, kw.arg))  # ``handed_fields.given_fields``
        elif type(node) is ast.Dict:
            for key, value in zip(node.keys, node.values, strict=True):
                entry = string_value(key) if key is not None else None
                read = _attribute(value)
                if entry is not None and read is not None and rule.names.is_budget(entry):
                    found.append((read, entry, f"the token budget `{entry!r}` of a dict"))
        elif type(node) in (ast.Assign, ast.AnnAssign):
            targets = node.targets if type(node) is ast.Assign else [node.target]  # type: ignore[attr-defined]
            value = node.value  # type: ignore[attr-defined]
            read = _attribute(value) if value is not None else None
            name = attr_name(targets[0]) if len(targets) == 1 else None
            if (
                read is not None
                and name
                and rule.names.is_budget(name)
                and not IN_CHARACTERS.search(comment_above(rule.ctx.lines, node))  # type: ignore[arg-type]
            ):
                found.append((read, name, f"the token budget `{ast.unparse(targets[0])}`"))
    out = []
    copied: set[str] | None = None
    for read, dest, how in found:
        if dest.lower() == read.attr.lower() and id(read) not in cut:
            continue  # ``self.ctx_len = hparams.ctx_len``: a name a rule judged where it is bound
        if _on_self(read):
            if copied is None:
                copied = _copied(module)
            if read.attr not in copied:
                continue
        out.append((read, how))
    return out


def _message(cls: str, name: str, amount: int | float, read: str, how: str, where: str) -> str:
    return (
        f"token budget {name} = {amount} as the default of `{cls}.{name}`: read as `{read}` into {how} "
        f"at {where}; move it to config so it can be tuned and tested"
    )


def _fields(
    facts: Sequence[Fact], project: Callable[[Fact], Path]
) -> dict[tuple[Path, str], list[tuple[Fact, str, str]]]:
    fields: dict[tuple[Path, str], list[tuple[Fact, str, str]]] = defaultdict(list)
    for fact, (name, cls, done) in tagged(facts, FIELD_FACT, 3):
        fields[(project(fact), name)].append((fact, cls, done))
    return fields


def _joined(
    facts: Sequence[Fact],
    fields: dict[tuple[Path, str], list[tuple[Fact, str, str]]],
    project: Callable[[Fact], Path],
) -> Iterator[tuple[str, Fact, str, tuple[Fact, str, str]]]:
    """(the field's name, its fact, its class, the read deciding) of each field not reported in its
    module that a read of the project gives to a token budget."""
    reads: dict[tuple[Path, str], list[tuple[Fact, str, str]]] = defaultdict(list)
    for fact, (name, read, how) in tagged(facts, READ_FACT, 3):
        key = (project(fact), name)
        if key in fields:
            reads[key].append((fact, read, how))
    for key, bound in fields.items():
        if key not in reads or not (len(bound) == 1 or copied_alike(bound)):
            continue  # one field name in two classes: a read cannot tell which it reads
        for fact, cls, done in bound:
            if done != "1":
                # a read in another module first (``where`` names it), else one in the field's own module
                yield (
                    key[1],
                    fact,
                    cls,
                    min(reads[key], key=lambda r: (r[0].path == fact.path, r[0].path, r[0].line)),
                )


def project_field_reads(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The class fields whose attribute another module of the project reads into a token budget,
    reported where their literal default is written."""
    project = partial(fact_project, root=root)
    fields = _fields(facts, project)
    if not fields:
        return []
    handed = handed_fields(rule, facts, fields, project)
    findings = list(handed.values())
    for name, fact, cls, (where, read, how) in _joined(facts, fields, project):
        if id(fact) not in handed:
            message = _message(cls.split("#")[0], name, fact.value, read, how, f"{where.path}:{where.line}")
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
            handed[id(fact)] = findings[-1]
    given = given_fields(rule, facts, fields, project, handed)
    return [*findings, *given.values(), *limit_siblings(rule, fields, {*handed, *given})]  # ``limit_classes``


def budget_fields(facts: Sequence[Fact], root: Path) -> dict[tuple[Path, str, str], Fact]:
    """(project, class, field) -> the literal default's fact, of each class field a rule reported as a
    token budget in its module or that a read of the project gives to one (``project_field_reads``):
    the fields whose name another class of the project does not declare in a class of that name too."""
    project = partial(fact_project, root=root)
    fields = _fields(facts, project)
    out: dict[tuple[Path, str, str], Fact] = {}
    seen: dict[tuple[Path, str, str], int] = defaultdict(int)
    for (where, name), bound in fields.items():
        for fact, cls, done in bound:
            seen[(where, cls.split("#")[0], name)] += 1
            if done == "1":
                out[(where, cls.split("#")[0], name)] = fact
    for name, fact, cls, _ in _joined(facts, fields, project):
        out[(project(fact), cls.split("#")[0], name)] = fact
    return {key: fact for key, fact in out.items() if seen[key] == 1}
