"""A ratio named for memory in a module that sizes a device's memory: ``memory_margin_fraction = 0.1``
beside ``gpu_memory_utilization = 0.8`` (set 65: vidur's simulator config, whose margin is read as
``total_memory_gb * 1024**3 * (1 - memory_margin_fraction)``).

``memory`` ties a ratio name to a budget in agent code (a conversation memory's share of the window:
``memory_warning_threshold = 0.75``). Where the module itself names a device's memory (a name saying a GPU,
a device or VRAM and memory, ``gpu_memory_utilization``, or memory in bytes, ``total_memory_gb``), memory is
that device's, counted in bytes: a ratio whose only word tying it to a budget is ``memory`` is a share of
it, as ``gpu_memory_utilization`` is (which its own ``gpu`` keeps out). PB105 then follows the ratio by
data flow instead of reporting it by name: a read multiplying a token amount still reports it.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.amount_words import RATIO_CONTEXT_WORDS
from prompt_budget.lint.names import words
from prompt_budget.lint.walks import kept_per_file, walk

#: Words of a name saying whose memory it is: a device's.
_DEVICE_WORDS = frozenset({"gpu", "gpus", "cuda", "device", "devices", "vram", "hbm"})
#: Words of a name saying memory is counted in bytes.
_BYTE_WORDS = frozenset({"gb", "gib", "mb", "mib", "kb", "kib", "bytes", "byte"})
_MEMORY_WORDS = frozenset({"memory", "mem"})

#: the trees asked about in the file being linted, each with whether it names a device's memory
_SEEN: list[tuple[ast.AST, bool]] = kept_per_file([])


def _device_memory(name: str) -> bool:
    ws = set(words(name))
    return "vram" in ws or (bool(ws & _MEMORY_WORDS) and bool(ws & (_DEVICE_WORDS | _BYTE_WORDS)))


def _names(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.keyword):
        return node.arg
    return None


def names_device_memory(tree: ast.AST) -> bool:
    """Whether a name in ``tree`` (a variable, an attribute, a parameter, a keyword) says a device's
    memory or memory in bytes (``gpu_memory_utilization``, ``total_memory_gb``)."""
    for seen, said in _SEEN:
        if seen is tree:
            return said
    said = any((name := _names(n)) is not None and _device_memory(name) for n in walk(tree))
    if len(_SEEN) > 8:
        _SEEN.clear()
    _SEEN.append((tree, said))
    return said


def share_of_device_memory(tree: ast.AST | None, name: str) -> bool:
    """``memory_margin_fraction`` (its only word tying it to a budget: ``memory``) in a module that names
    a device's memory (``gpu_memory_utilization``): a share of that memory, not of a token budget."""
    context = set(words(name)) & RATIO_CONTEXT_WORDS
    return context == {"memory"} and tree is not None and names_device_memory(tree)
