"""prompt-budget's pluggy hooks.

Third parties implement these in a module registered under the ``prompt_budget`` entry-point group::

    [project.entry-points.prompt_budget]
    my_tokenizer = "my_package.prompt_budget_plugin"

Built-in backends are registered through the same hooks (``prompt_budget.tokenizers.builtin``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from collections.abc import Callable

    from prompt_budget.tokenizers.base import Tokenizer

PROJECT = "prompt_budget"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec(firstresult=True)
def prompt_budget_get_tokenizer(spec: str, resolve: Callable[[str], Tokenizer]) -> Tokenizer | None:
    """Return a tokenizer for ``spec``, or None when this plugin does not handle it.

    The first non-None result wins; plugins registered later are called first, so a third party can
    override a built-in spec. Raise ``prompt_budget.TokenizerUnavailable`` when the spec is yours but
    cannot be loaded here (say what to install). ``resolve(other_spec)`` gives the (cached) tokenizer
    of another spec, through every plugin, for a tokenizer built over another one; an implementation
    that needs none leaves the argument out.

    Example::

        from prompt_budget import hookimpl

        class Bytes:
            name = "bytes"
            exact = False
            def count(self, text): return len(text.encode())
            def count_many(self, texts): return [self.count(t) for t in texts]
            def encode(self, text): raise NotImplementedError
            def decode(self, tokens): raise NotImplementedError

        @hookimpl
        def prompt_budget_get_tokenizer(spec):
            return Bytes() if spec == "bytes" else None
    """
    return None


@hookspec
def prompt_budget_tokenizer_specs() -> list[str]:
    """Return the spec strings (or spec prefixes ending in ``:``) this plugin understands, for error
    messages and ``prompt-budget count --list-tokenizers``.

    Example::

        @hookimpl
        def prompt_budget_tokenizer_specs():
            return ["bytes"]
    """
    return []


@hookspec
def prompt_budget_lint_rules() -> list[Any]:
    """Return extra lint rule classes (subclasses of ``prompt_budget.lint.rule.LintRule``).

    Example::

        @hookimpl
        def prompt_budget_lint_rules():
            from my_package.rules import NoHugeSystemPrompt
            return [NoHugeSystemPrompt]
    """
    return []


@hookspec
def prompt_budget_report_formats() -> dict[str, Any]:
    """Return extra report renderers by file suffix: ``{".txt": render}`` where ``render(report_dict)``
    returns the file's text.

    Example::

        @hookimpl
        def prompt_budget_report_formats():
            return {".txt": lambda report: str(len(report["checks"])) + " checks\\n"}
    """
    return {}


@hookspec
def prompt_budget_harnesses() -> dict[str, Any]:
    """Return agent harnesses to add (or built-ins to replace), by name, each defined as in
    ``prompt_budget/data/harnesses.json``: ``title``, ``docs``, ``rules`` (in load order, each with
    ``name``, ``path``, ``when`` and ``source``) and ``limits``. Users select one with
    ``harnesses = ["name"]``.

    Example::

        @hookimpl
        def prompt_budget_harnesses():
            return {
                "my-agent": {
                    "title": "My agent",
                    "rules": [
                        {"name": "guide", "path": ["AGENT_GUIDE.md"], "when": "always",
                         "max_tokens": 4000, "source": "https://example.com/docs/guide"}
                    ],
                }
            }
    """
    return {}
