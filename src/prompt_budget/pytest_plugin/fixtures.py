"""The ``prompt_budget`` and ``turn_budget`` fixtures.

``prompt_budget`` is a ``PromptBudget`` bound to the project's config and to the current test: the
``@pytest.mark.prompt_budget(max_tokens=..., tokenizer=..., sections=...)`` marker sets its defaults,
and every ``check``/``check_sections`` is recorded (pass, warn or fail) for the session report and as
JUnit properties of the test.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pytest

from prompt_budget.pytest_plugin.session import BudgetSession
from prompt_budget.pytest_plugin.warning import PromptBudgetWarning

if TYPE_CHECKING:
    from prompt_budget.turns import TurnBudget


MARKER_NAME = "prompt_budget"
_MARKER_KEYS = ("max_tokens", "tokenizer", "sections")


def _marker_error(message: str) -> pytest.UsageError:
    return pytest.UsageError(f"@pytest.mark.prompt_budget: {message}")


class PromptBudget:
    """Count and check prompts, chat message lists and provider requests against token caps.

    Caps: the ``max_tokens`` argument, else the marker's ``max_tokens``, else the config's ``total``,
    else its usable budget (``context_window * usable_fraction - reserved_output``). Tokenizer: the
    marker's ``tokenizer``, else ``--prompt-budget-tokenizer``, else the config's ``tokenizer``.
    """

    def __init__(
        self,
        session: BudgetSession,
        node: pytest.Item,
        marker: pytest.Mark | Sequence[pytest.Mark] | None = None,
    ) -> None:
        self.session = session
        self.node = node
        self.nodeid = node.nodeid
        self.max_tokens: int | None = None
        self.max_tokens_source: str | None = None
        self.section_caps: dict[str, int] = {}
        self.section_sources: dict[str, str] = {}
        self.tokenizer: str = session.config.tokenizer
        self.records: list[dict[str, Any]] = []
        self.sections_seen: set[str] | None = None  # None until check_sections is called
        # Markers closest first (the function's, then its class's, then the module's pytestmark): each
        # argument comes from the closest marker that gives it, so a module-wide tokenizer still holds
        # in a test whose own marker sets only max_tokens.
        markers = [marker] if isinstance(marker, pytest.Mark) else list(marker or ())
        for mark in reversed(markers):
            self._apply_marker(mark)
        if self.section_caps:
            # At teardown, say which of those sections no check_sections call had (a typo, most
            # likely). A finalizer, not a hook: tests without marker sections pay nothing.
            node.addfinalizer(self._warn_unmatched_sections)

    def __repr__(self) -> str:
        # Shown beside the test's arguments when it fails: the settings, not an address.
        return (
            f"<PromptBudget tokenizer={self.tokenizer!r} max_tokens={self.max_tokens!r} "
            f"checks={len(self.records)}>"
        )

    def _apply_marker(self, marker: pytest.Mark) -> None:
        from prompt_budget.config import parse_tokens
        from prompt_budget.errors import ConfigError

        kwargs = dict(marker.kwargs)
        if marker.args:
            if len(marker.args) > 1 or "max_tokens" in kwargs:
                raise _marker_error("takes at most one positional argument, max_tokens")
            kwargs["max_tokens"] = marker.args[0]
        unknown = sorted(set(kwargs) - set(_MARKER_KEYS))
        if unknown:
            raise _marker_error(
                f"unknown argument {unknown[0]!r}; expected max_tokens, tokenizer or sections"
            )
        try:
            if kwargs.get("max_tokens") is not None:
                raw = kwargs["max_tokens"]
                self.max_tokens = parse_tokens(raw, key="max_tokens")
                self.max_tokens_source = f"marker @pytest.mark.prompt_budget(max_tokens={raw!r})"
            if kwargs.get("tokenizer") is not None:
                if not isinstance(kwargs["tokenizer"], str):
                    raise _marker_error(f"tokenizer must be a spec string, got {kwargs['tokenizer']!r}")
                self.tokenizer = kwargs["tokenizer"]
            sections = kwargs.get("sections")
            if sections is not None:
                if not isinstance(sections, Mapping):
                    raise _marker_error(f"sections must be a dict of section name -> cap, got {sections!r}")
                for name, raw in sections.items():
                    self.section_caps[str(name)] = parse_tokens(raw, key=f"sections[{name!r}]")
                    self.section_sources[str(name)] = (
                        f"marker @pytest.mark.prompt_budget(sections={{{name!r}: {raw!r}}})"
                    )
        except ConfigError as exc:
            raise _marker_error(str(exc)) from None

    def count(self, obj: object) -> int:
        """Tokens of a string, a chat message list or a request mapping, with this test's tokenizer
        (nothing is recorded)."""
        from prompt_budget.budget import measure
        from prompt_budget.tokenizers import get_tokenizer

        return measure(obj, get_tokenizer(self.tokenizer), self.session.config, self.session.count_cache())[0]

    def check(self, obj: object, max_tokens: int | None = None, *, label: str | None = None) -> Any:
        """Check ``obj`` against ``max_tokens`` (or the marker's / config's cap); record the result;
        raise ``BudgetExceeded`` over the cap, warn (``PromptBudgetWarning``) past the threshold.
        Returns the ``Verdict``."""
        __tracebackhide__ = True
        from prompt_budget.budget import check

        source = None
        if max_tokens is None and self.max_tokens is not None:
            max_tokens, source = self.max_tokens, self.max_tokens_source
        verdict = check(
            obj,
            max_tokens,
            tokenizer=self.tokenizer,
            label=label,
            cap_source=source,
            config=self.session.config,
            cache=self.session.count_cache(),
        )
        return self._settle(verdict, label or verdict.details.get("kind", "prompt"))

    def check_sections(
        self, mapping: Mapping[str, object], total: int | None = None, *, label: str | None = None
    ) -> Any:
        """Check named sections (name -> text, messages or request) against their caps (the marker's
        ``sections``, over the config's ``[tool.prompt_budget.sections]``) and their sum against
        ``total`` (else the marker's ``max_tokens``, the config's ``total``, the usable budget)."""
        __tracebackhide__ = True
        from prompt_budget.budget import check_sections

        config = self.session.config
        caps: dict[str, int | str] = dict(config.sections)
        sources = {name: config.where("sections", name) for name in caps}
        caps.update(self.section_caps)
        sources.update(self.section_sources)
        # The config's and the marker's caps cover every section a test may assemble; this call
        # checks the ones in its mapping (teardown warns about marker sections no call had).
        caps = {name: cap for name, cap in caps.items() if name in mapping}
        if self.sections_seen is None:
            self.sections_seen = set()
        self.sections_seen.update(map(str, mapping))
        total_source = None
        if total is None and self.max_tokens is not None:
            total, total_source = self.max_tokens, self.max_tokens_source
        verdict = check_sections(
            mapping,
            caps,
            total,
            tokenizer=self.tokenizer,
            config=config,
            cap_sources=sources,
            total_source=total_source,
            label=label,
            cache=self.session.count_cache(),
        )
        return self._settle(verdict, label or "sections")

    def _warn_unmatched_sections(self) -> None:
        """Warn about the sections the marker caps that no ``check_sections`` call of this test had
        (none when the test never called ``check_sections``: then the caps were not used at all)."""
        if self.sections_seen is None:
            return
        unmatched = sorted(name for name in self.section_caps if name not in self.sections_seen)
        if unmatched:
            names = ", ".join(map(repr, unmatched))
            seen = ", ".join(map(repr, sorted(self.sections_seen or ()))) or "none"
            warnings.warn(
                PromptBudgetWarning(
                    f"@pytest.mark.prompt_budget(sections=...) caps {names}, which no check_sections call "
                    f"in this test had (its sections: {seen}); a misspelt name leaves its section unchecked"
                ),
                stacklevel=1,
            )

    def _settle(self, verdict: Any, label: str) -> Any:
        __tracebackhide__ = True
        from prompt_budget.errors import BudgetExceeded

        details = verdict.details
        rec = self.session.record_verdict(
            self.node,
            verdict,
            label=label,
            kind=details.get("kind", "prompt"),
            sections=[s.to_dict() for s in verdict.usage.sections],
            parts=details.get("parts", {}),
        )
        self.records.append(rec)
        if verdict.status == "fail":
            raise BudgetExceeded(verdict.message, verdict)
        if verdict.status == "warn":
            warnings.warn(PromptBudgetWarning(verdict.message), stacklevel=3)
        return verdict


class Fixtures:
    """The plugin's fixtures, bound to the run's session: ``pytest_configure`` registers one per
    pytest config, so the ``prompt_budget`` fixture finds its session and test without requesting
    ``request`` (under pytest 9 every fixture that does costs a fresh fixture definition per test)."""

    def __init__(self, session: BudgetSession) -> None:
        self.session = session

    @pytest.fixture
    def prompt_budget(self) -> PromptBudget:
        """Count and check prompts against token caps; every check is recorded for the session report.

        ``prompt_budget.check(obj, max_tokens=None, *, label=None)``, ``.check_sections(mapping,
        total=None)``, ``.count(obj)``; defaults from ``@pytest.mark.prompt_budget(...)``."""
        if not self.session.running:
            raise pytest.UsageError(
                "prompt-budget: the prompt_budget fixture is only available inside a test"
            )
        node = self.session.running[-1]
        return PromptBudget(self.session, node, list(node.iter_markers(MARKER_NAME)))

    @pytest.fixture
    def turn_budget(self, request: pytest.FixtureRequest) -> Iterator[TurnBudget]:
        """Count an agent's tool calls and turns against caps: ``turn_budget(max_calls=10, max_turns=5)``,
        then ``turn_budget.wrap(tool)``, ``.record_call(name)``, ``.record_turn()`` or ``.feed(event)``.
        Usage against the allocation goes into the session report; see ``prompt_budget.turns``.

        A call or turn past its cap raises ``BudgetExceeded`` at once, which fails the test. If the
        agent under test catches that exception and the test would pass, teardown fails it instead
        (reported as an error in teardown); if the test already failed, teardown adds nothing."""
        from prompt_budget.report.junit import properties
        from prompt_budget.turns import TurnBudget

        budget = TurnBudget()
        failed_before = request.session.testsfailed
        yield budget
        for record in budget.records(request.node.nodeid):
            request.node.user_properties.extend(properties(self.session.record(record)))
        if budget.over and request.session.testsfailed == failed_before:
            __tracebackhide__ = True
            budget.check()
