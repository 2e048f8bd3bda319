"""More reads of a class field's attribute into a token budget for ``field_reach`` (set 65: vidur), and
the copies of one field declared alike in several classes of a module.

* The budget a count of tokens is subtracted from (``self._config.chunk_size - num_batch_tokens``: the
  room left in a prefill chunk). An attribute only ordered against a count of tokens is not read so: a
  generic name (``scope.limit``, ``cache_config.block_size``) met a field of another class of that name;
  but for a field named as the trigger of a compaction (``compared_fields``; set 93: tack-agent).
* The cap a token budget is clamped to (``mt = min(max_tokens, c.model.max_output)``: a model's output cap;
  set 267: autotinker's ``ModelSpec.max_output``).
* Two classes of one module declaring a field alike, name, default and description (vidur's
  ``SarathiSchedulerConfig.chunk_size`` and ``MnemosyneFCFSFixedChunkSchedulerConfig.chunk_size``, both
  ``field(default=512, metadata={"help": "Chunk size for Sarathi."})``): one setting copied, which a read
  needs not tell apart (``field_reach`` otherwise leaves a field name given a literal in two classes).
"""

from __future__ import annotations

import ast
import hashlib
import re
from typing import TYPE_CHECKING, Final

from prompt_budget.lint.compared_fields import compared_reads
from prompt_budget.lint.field_docstrings import field_description
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.walks import lines_at, walk_spanning

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prompt_budget.lint.findings import Fact
    from prompt_budget.lint.rule import LintRule

#: Lines that may subtract a count of tokens from an attribute (lower-cased text), tried only where
#: the pattern's first character is found.
_GATE: Final = re.compile(r"-\s*\(?[\w.]*tok")  # ``cfg.chunk_size - num_batch_tokens``
#: Lines that may clamp a token budget with ``min()`` (no leading word boundary: found by its word, ``text_starts``).
_CLAMP: Final = re.compile(r"min\([^()\n]*tok")


def extra_reads(rule: LintRule, module: ast.Module, text: str) -> list[tuple[ast.Attribute, str, str]]:
    """(the attribute read, the token count it meets, how) of each read of an attribute as the budget a
    count of tokens is subtracted from."""
    found = compared_reads(rule, module, text)  # ``last_input_tokens > config.compact_aggressive``
    lines = lines_at(text, (*match_starts(text, _GATE), *match_starts(text, _CLAMP)))
    if not lines:
        return found
    for node in walk_spanning(module, lines):
        if (
            type(node) is ast.BinOp
            and isinstance(node.op, ast.Sub)
            and isinstance(node.left, ast.Attribute)
            and rule.token_amount(node.right)
        ):
            count = ast.unparse(node.right)
            found.append((node.left, count, f"the budget the token count `{count}` is subtracted from"))
        elif (
            type(node) is ast.Call
            and type(node.func) is ast.Name
            and node.func.id == "min"
            and len(node.args) == 2
        ):
            for read, other in (node.args, node.args[::-1]):
                budget = attr_name(other) if isinstance(other, (ast.Name, ast.Attribute)) else None
                if isinstance(read, ast.Attribute) and budget and rule.names.is_budget(budget):
                    found.append(
                        (read, budget, f"the cap the token budget `{budget}` is clamped to with min()")
                    )
    return found


def declared_alike(node: ast.Assign | ast.AnnAssign) -> str:
    """A short mark of a field's declaration (its default and its description) when it has a
    description, else "": two classes' fields of one name and one mark are one setting copied."""
    if field_description(node.value) is None or node.value is None:
        return ""
    return hashlib.blake2s(ast.dump(node.value).encode(), digest_size=6).hexdigest()


def copied_alike(bound: Sequence[tuple[Fact, str, str]]) -> bool:
    """The facts of one field name (``field_reach.FIELD_FACT``: the fact, ``Class#mark``, done) are all
    in one module and declared alike (one non-empty mark), or bare and given one value (set 545: wattage's two
    configs' ``simple_output_ceiling: int = 150``, either read is of the same number)."""
    marks = {cls.partition("#")[2] for _, cls, _ in bound}
    if len({fact.path for fact, _, _ in bound}) != 1 or len(marks) != 1:
        return False
    return "" not in marks or len({fact.value for fact, _, _ in bound}) == 1
