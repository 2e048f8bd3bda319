"""PB102's context window written into a model's config (set 55: ochat's ``hf_add_tokens``).

``model.config.max_position_embeddings = 8192``: a number written into the ``config`` attribute of an
object (a model loaded or built elsewhere), under one of Hugging Face's names of a model's window
(``max_position_embeddings``, ``n_positions``, ``max_sequence_length``, ``seq_length``). It sets the
longest sequence that model is then run or saved with, a context window in tokens, as
``from_pretrained(path, n_positions=4096)`` does where a model is loaded (``settings_reads``).

Not judged: an architecture's own config (``self.config.max_position_embeddings = ...`` inside a model's
class, ``config.n_positions = 1024`` on a config object being built), which defines a model rather than
capping one; a number shorter than any model's window; a test module's tiny model. Read in modules PB102's
pre-check lets through (naming tokens, as a script adding tokens to a model does): the window's names
alone are too common in model code to make a module worth reading.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import CONFIG_WINDOWS, SMALLEST_MODEL_WINDOW
from prompt_budget.lint.reports_made import is_reported

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The names of an instance or a class inside its own methods.
_OWN = frozenset({"self", "cls"})


def config_window(rule: LintRule, node: ast.Assign) -> None:
    """Report ``<model>.config.max_position_embeddings = 8192``."""
    if len(node.targets) != 1:
        return
    target = node.targets[0]
    if not isinstance(target, ast.Attribute) or target.attr not in CONFIG_WINDOWS:
        return
    owner = target.value
    if not isinstance(owner, ast.Attribute) or owner.attr != "config":
        return
    if isinstance(owner.value, ast.Name) and owner.value.id in _OWN:
        return  # ``self.config.max_position_embeddings = 4096`` in a model's class: the architecture
    value = rule.budget_literal(node.value)
    if value is None or value < SMALLEST_MODEL_WINDOW or is_reported(rule, node.value):
        return
    if is_test_module(rule.ctx.path):
        return
    message = (
        f"token budget {target.attr}={value} written into a model's config, its context window; "
        "move it to config so it can be tuned and tested"
    )
    rule.report_literal(node.value, message, value, target.attr)
