"""Turn and tool-call budgets for agent tests: pure counting logic (no pytest here).

A ``TurnBudget`` counts an agent's tool calls and turns against ``max_calls`` and ``max_turns``, fed
by wrapped tools (``wrap``), by ``record_call``/``record_turn`` or by the agent's events and messages
(``feed``). A call or turn past its cap raises ``BudgetExceeded`` at once, before a wrapped tool runs;
at ``checkpoints`` (fractions of a cap) it calls ``on_checkpoint``. ``records`` gives session-report
records whose ``tokens`` are the calls or turns used, so reports and baselines treat them as counts.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal, TypeVar, cast

from prompt_budget.errors import BudgetExceeded

Unit = Literal["calls", "turns"]
DEFAULT_CHECKPOINTS: Final = (0.2, 0.4, 0.6, 0.8)
_CALL_BLOCKS: Final = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})
_UNSET: Any = object()

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Checkpoint:
    """A fraction of a cap reached: ``used`` of ``allocated`` calls or turns. ``tool`` names the tool
    whose call reached it (calls only); ``result`` is what ``on_checkpoint`` returned."""

    unit: Unit
    fraction: float
    used: int
    allocated: int
    tool: str | None = None
    result: Any = None

    def to_dict(self) -> dict[str, Any]:
        result = self.result
        if result is not None and not isinstance(result, (str, int, float, bool)):
            result = repr(result)
        return {**{f.name: getattr(self, f.name) for f in fields(self)}, "result": result}


def parse_checkpoints(value: object) -> tuple[float, ...]:
    """Fractions in (0, 1], as numbers or ``"20%"`` strings, sorted and deduplicated."""
    from prompt_budget.config import parse_fraction

    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f'checkpoints: expected a list of fractions such as [0.5, "80%"], got {value!r}')
    return tuple(sorted({parse_fraction(v, key="checkpoints") for v in value}))


def _whole(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{key}: expected a whole number of 0 or more, got {value!r}")
    return value


def _cap(value: object, key: str) -> int | None:
    return None if value is None else _whole(value, key)


@dataclass
class TurnBudget:
    """Counts tool calls and turns against ``max_calls`` and ``max_turns``. Calling the object
    (``turn_budget(max_calls=10)``) sets its options and returns it."""

    max_calls: int | None = None
    max_turns: int | None = None
    checkpoints: tuple[float, ...] = DEFAULT_CHECKPOINTS
    on_checkpoint: Callable[[Checkpoint], Any] | None = None
    label: str = "turn_budget"
    calls: int = 0
    turns: int = 0
    by_tool: dict[str, int] = field(default_factory=dict)
    reached: list[Checkpoint] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    cap_source: str = "turn_budget()"

    def __post_init__(self) -> None:
        self.max_calls = _cap(self.max_calls, "max_calls")
        self.max_turns = _cap(self.max_turns, "max_turns")
        self.checkpoints = parse_checkpoints(self.checkpoints)
        if self.cap_source == "turn_budget()":
            given = [
                f"{k}={v}"
                for k, v in (("max_calls", self.max_calls), ("max_turns", self.max_turns))
                if v is not None
            ]
            if given:
                self.cap_source = f"TurnBudget({', '.join(given)})"

    def __call__(
        self,
        max_calls: int | None = _UNSET,
        max_turns: int | None = _UNSET,
        *,
        checkpoints: Iterable[float | str] = _UNSET,
        on_checkpoint: Callable[[Checkpoint], Any] | None = _UNSET,
        label: str = _UNSET,
    ) -> TurnBudget:
        """Set caps and options (only those given); returns the budget itself."""
        given: list[str] = []
        if max_calls is not _UNSET:
            self.max_calls = _cap(max_calls, "max_calls")
            given.append(f"max_calls={max_calls}")
        if max_turns is not _UNSET:
            self.max_turns = _cap(max_turns, "max_turns")
            given.append(f"max_turns={max_turns}")
        if checkpoints is not _UNSET:
            self.checkpoints = parse_checkpoints(checkpoints)
        if on_checkpoint is not _UNSET:
            self.on_checkpoint = on_checkpoint
        if label is not _UNSET:
            self.label = str(label)
        if given:
            self.cap_source = f"turn_budget({', '.join(given)})"
        return self

    # -- counting -------------------------------------------------------------------------------------

    @property
    def remaining_calls(self) -> int | None:
        return None if self.max_calls is None else max(0, self.max_calls - self.calls)

    @property
    def remaining_turns(self) -> int | None:
        return None if self.max_turns is None else max(0, self.max_turns - self.turns)

    @property
    def over(self) -> bool:
        return bool(self.failures)

    def record_call(self, name: str = "tool", n: int = 1) -> None:
        """Count ``n`` tool calls of ``name``. Raises ``BudgetExceeded`` past ``max_calls``."""
        for _ in range(_whole(n, "record_call: n")):
            self._within(self.calls, self.max_calls, f"tool call {self.calls + 1} ({name})", "tool call")
            self.calls += 1
            self.by_tool[name] = self.by_tool.get(name, 0) + 1
            self._checkpoints("calls", self.calls, self.max_calls, name)

    def record_turn(self, n: int = 1) -> None:
        """Count ``n`` turns. Raises ``BudgetExceeded`` past ``max_turns``."""
        for _ in range(_whole(n, "record_turn: n")):
            self._within(self.turns, self.max_turns, f"turn {self.turns + 1}", "turn")
            self.turns += 1
            self._checkpoints("turns", self.turns, self.max_turns, None)

    def wrap(self, fn: F, name: str | None = None) -> F:
        """``fn`` wrapped so that each call counts as a tool call of ``name`` (default: its
        ``__name__``); a call past the budget raises before ``fn`` runs."""
        tool = str(name or getattr(fn, "__name__", None) or "tool")

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.record_call(tool)
            return fn(*args, **kwargs)

        return cast(F, wrapper)

    tool = wrap  # the decorator form: @turn_budget.tool

    def feed(self, event: object) -> None:
        """Count an event or a list of them: ``"turn"``, ``"tool_call"`` (or ``"call"``), a mapping
        ``{"type": "turn" | "tool_call", "name": ...}``, or an assistant message in the OpenAI or
        Anthropic shape (one turn, plus one call per ``tool_calls`` entry or ``tool_use`` block).
        Messages of other roles are ignored, so a whole conversation can be fed. SDK objects (an
        ``anthropic`` ``Message``, ``response.choices[0].message``) count as their dicts."""
        if not isinstance(event, (str, Mapping)) and hasattr(event, "model_dump"):
            from prompt_budget.messages import plain

            event = plain(event)
        if isinstance(event, str):
            if event == "turn":
                self.record_turn()
            elif event in ("tool_call", "call"):
                self.record_call()
            else:
                raise ValueError(f"turn_budget.feed: unknown event {event!r}; expected 'turn' or 'tool_call'")
            return
        if isinstance(event, Mapping):
            if event.get("object") == "response" and isinstance(event.get("output"), list):
                self.record_turn()  # a Responses API response: one model call, whatever it output
                for item in event["output"]:
                    self._feed_responses_call(item)
                return
            if "role" in event:
                self._feed_message(event)
                return
            kind = event.get("type")
            if kind == "turn":
                self.record_turn()
            elif kind in ("tool_call", "call", *_CALL_BLOCKS):
                self.record_call(str(event.get("name") or "tool"))
            elif _responses_kind(kind) == "call":
                self._feed_responses_call(event)
            elif _responses_kind(kind) is None:
                raise ValueError(
                    f"turn_budget.feed: unknown event type {kind!r}; expected 'turn', 'tool_call', a "
                    "chat message with 'role', or an OpenAI Responses API item or response"
                )
            return
        if isinstance(event, Sequence) and not isinstance(event, (bytes, bytearray)):
            if any(_is_responses_item(item) for item in event):
                self._feed_responses_items(event)
                return
            for item in event:
                self.feed(item)
            return
        raise TypeError(f"turn_budget.feed: cannot count a {type(event).__name__}")

    def _feed_responses_items(self, items: Sequence[object]) -> None:
        """A Responses API item list (a request's ``input``, or a transcript): each run of items the
        model output (reasoning, calls, assistant messages) between two inputs is one turn."""
        from prompt_budget.messages import plain

        in_turn = False
        for raw in items:
            item = plain(raw) if not isinstance(raw, (str, Mapping)) and hasattr(raw, "model_dump") else raw
            if not isinstance(item, Mapping):
                self.feed(item)  # an event of our own ("turn", "tool_call"): counted as it says
                in_turn = False
                continue
            kind = item.get("type")
            output = item.get("role") == "assistant" or _responses_kind(kind) in ("call", "output")
            if not output:
                if "role" not in item and _responses_kind(kind) is None:
                    self.feed(item)  # an event of our own, or the usual error naming the type
                in_turn = False
                continue
            if not in_turn:
                self.record_turn()
                in_turn = True
            if item.get("role") == "assistant":
                self._feed_message(item, turn=False)
            else:
                self._feed_responses_call(item)

    def _feed_responses_call(self, item: object) -> None:
        """One call for a ``function_call``, ``custom_tool_call``, ``mcp_call`` or built-in tool call
        (``web_search_call`` counts as ``web_search``); other items are not calls."""
        if isinstance(item, Mapping) and _responses_kind(item.get("type")) == "call":
            kind = str(item["type"])
            name = item.get("name") if kind in ("function_call", "custom_tool_call", "mcp_call") else None
            self.record_call(str(name or kind.removesuffix("_call")))

    def _feed_message(self, message: Mapping[str, Any], *, turn: bool = True) -> None:
        if message.get("role") != "assistant":
            return
        if turn:
            self.record_turn()
        for call in message.get("tool_calls") or ():
            fn = call.get("function") if isinstance(call, Mapping) else None
            self.record_call(str(fn.get("name", "tool")) if isinstance(fn, Mapping) else "tool")
        content = message.get("content")
        if isinstance(content, Sequence) and not isinstance(content, str):
            for block in content:
                if isinstance(block, Mapping) and block.get("type") in _CALL_BLOCKS:
                    self.record_call(str(block.get("name") or "tool"))

    # -- checking ------------------------------------------------------------------------------------

    def _used(self) -> str:
        parts = [f"{self.calls} call{'s' if self.calls != 1 else ''}"]
        if self.by_tool:
            parts[0] += " (" + ", ".join(f"{k} {v}" for k, v in sorted(self.by_tool.items())) + ")"
        parts.append(f"{self.turns} turn{'s' if self.turns != 1 else ''}")
        return "used so far: " + ", ".join(parts)

    def _within(self, used: int, cap: int | None, this: str, noun: str) -> None:
        """Raise ``BudgetExceeded`` (and remember it) when one more ``noun`` would be past ``cap``."""
        if cap is None or used < cap:
            return
        message = (
            f"{this} exceeds the budget of {cap} {noun}{'s' if cap != 1 else ''}; {self._used()}; "
            f"cap set by {self.cap_source}"
        )
        self.failures.append(message)
        raise BudgetExceeded(message)

    def _checkpoints(self, unit: Unit, used: int, cap: int | None, tool: str | None) -> None:
        if not cap:
            return
        done = {(c.unit, c.fraction) for c in self.reached}
        for fraction in self.checkpoints:
            if (unit, fraction) in done or used < math.ceil(fraction * cap - 1e-9):
                continue
            cp = Checkpoint(unit, fraction, used, cap, tool)
            if self.on_checkpoint is not None:
                cp = Checkpoint(unit, fraction, used, cap, tool, self.on_checkpoint(cp))
            self.reached.append(cp)

    def check(self) -> None:
        """Raise ``BudgetExceeded`` if any call or turn went past its cap (even if the agent caught
        the exception raised at the time)."""
        if self.failures:
            first = self.failures[0]
            more = f" (and {len(self.failures) - 1} more past the cap)" if len(self.failures) > 1 else ""
            raise BudgetExceeded(first + more)

    def summary(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "calls": self.calls,
            "max_calls": self.max_calls,
            "turns": self.turns,
            "max_turns": self.max_turns,
            "by_tool": dict(sorted(self.by_tool.items())),
            "checkpoints": [c.to_dict() for c in self.reached],
            "over": self.over,
        }

    def records(self, nodeid: str) -> list[dict[str, Any]]:
        """Session-report records (see ``prompt_budget.pytest_plugin.session``): one for calls and
        one for turns, each with ``tokens`` = attempted (``used`` that ran plus ``refused`` past the
        cap) and ``max_tokens`` = allocated, plus ``unit``, ``by_tool`` and ``checkpoints``. Nothing
        for a unit with no cap and no use."""
        out: list[dict[str, Any]] = []
        for unit, used, cap in (("calls", self.calls, self.max_calls), ("turns", self.turns, self.max_turns)):
            if cap is None and used == 0:
                continue
            failed = [f for f in self.failures if ("tool call" if unit == "calls" else "turn ") in f[:10]]
            out.append(
                {
                    "nodeid": nodeid,
                    "label": f"{self.label} {unit}",
                    "kind": "turns",
                    "unit": unit,
                    "tokenizer": unit,
                    "exact": True,
                    "tokens": used + len(failed),
                    "max_tokens": cap,
                    "status": "fail" if failed else "pass",
                    "cap_source": self.cap_source if cap is not None else None,
                    "message": failed[0] if failed else "",
                    "used": used,
                    "refused": len(failed),
                    "allocated": cap,
                    "by_tool": dict(sorted(self.by_tool.items())) if unit == "calls" else {},
                    "checkpoints": [c.to_dict() for c in self.reached if c.unit == unit],
                }
            )
        return out


def _responses_kind(kind: object) -> Literal["call", "output", "input"] | None:
    from prompt_budget.messages import responses_item_kind

    return responses_item_kind(kind)


def _is_responses_item(item: object) -> bool:
    return isinstance(item, Mapping) and _responses_kind(item.get("type")) is not None
