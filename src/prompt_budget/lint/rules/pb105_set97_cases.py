"""PB105's cases from what sets 97 and 98 left (issue 19, tuner Q): a module constant named as a share
scaling an amount its function orders against a count of tokens (``ordered_factors``; set 97:
xdog-agent's ``TARGET_RATIO`` of ``budget.input_limit``), a ratio ordered against a method's share of a
pair another method returns (``returned_pairs``; vaal-code's ``COMPACT_THRESHOLD``, in a class whose
sizes cut lists), and a literal ordered against an attribute the module stores a share of tokens in
(``stored_shares``; ashlar-ao's ``agent.context_pct >= 0.92``); a share of the window ordered into a flag
that only colours a status bar is quiet (``style_thresholds.shown_only``; falamus). The config field read
as the factor of what a reserve leaves of a budget is project-wide (tests/lint/test_set97_q_project.py).
Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units an amount may count instead of tokens.
_UNITS = OTHER_UNITS

#: A share of an amount the function orders against ``{count}`` (``{bound}`` binds it).
_TARGET = (
    "TARGET_RATIO = 0.5\n\n"
    "def compact(budget, context):\n"
    "    {bound}\n"
    "    if used >= budget.input_limit:\n"
    "        raise ValueError('no room')\n"
    "    return max(1, int(budget.input_limit * TARGET_RATIO))\n"
)

#: A manager whose share used is computed of a pair (``{used}``, ``{cap}``) a method returns.
_MANAGER = (
    "class Manager:\n    COMPACT_THRESHOLD = 0.8\n    KEEP_RECENT = 20\n\n"
    "    def __init__(self, cap=8192):\n        self.{cap} = cap\n\n"
    "    def usage(self, messages):\n        used = {used}(messages)\n        return used, self.{cap}\n\n"
    "    def usage_pct(self, messages):\n        used, mx = self.usage(messages)\n"
    "        return used / mx if mx > 0 else 0.0\n\n"
    "    def should_compact(self, messages):\n        return self.usage_pct(messages) >= self.COMPACT_THRESHOLD\n\n"
    "    def recent(self, messages):\n        if len(messages) <= self.KEEP_RECENT:\n            return messages\n"
    "        return messages[-self.KEEP_RECENT :]\n"
)

#: An attribute the module stores ``{share}`` in, ordered against a literal.
_STORED = (
    "class Runner:\n    def update(self, agent, used_tokens, window_tokens, used_lines, max_lines):\n"
    "        agent.{attr} = {share}\n\n"
    "    def check(self, agent):\n        if agent.{attr} >= 0.92:\n            agent.snapshot()\n"
)

#: A status bar whose share of the window used (a property's guarded division) is ordered against a
#: share named by what it marks; ``{then}`` is what the bar does past it.
_GAUGE = (
    "DANGER_FRACTION = 0.9\n\nclass Bar:\n    @property\n    def fraction(self):\n"
    "        return self.used_tokens / self.window if self.window else 0.0\n\n"
    "    def render(self):\n        fraction = self.fraction\n        role = 'ok'\n"
    "        if fraction >= DANGER_FRACTION:\n            {then}\n        return paint(role, 'ctx')\n"
)

#: A status bar flag: a share of the window ordered against the tokens used, read as ``{reads}``.
_BAR = (
    "def status(used, n_ctx, threshold, parts):\n    near = used >= 0.9 * n_ctx * threshold\n"
    "    {reads}\n    return parts\n"
)

#: What a reserve capped at a share of ``{whole}`` leaves of ``{left}``.
_USABLE = "def compact(caps):\n    usable = caps.{left} - {clamp}(caps.max_output, caps.{whole} // 2)\n    return usable\n"

SET97_VALID = (
    # half of an amount of another unit capping what is held back from it, a floor, another amount left
    *(Valid(_USABLE.format(left=f"max_{u}", whole=f"max_{u}", clamp="min")) for u in _UNITS),
    Valid(_USABLE.format(left="max_context", whole="max_context", clamp="max")),
    Valid(_USABLE.format(left="total", whole="max_context", clamp="min")),
    # set 97: falamus's status bar, a flag that only colours the field and adds a warning to it
    Valid(
        _BAR.format(
            reads="parts.append(('class:warn' if near else 'class:ok', f'{used}/{n_ctx}'))\n"
            "    if near:\n        parts.append(('class:warn', ' near the limit'))"
        )
    ),
    # set 97 (study: hx-cli's gauge): a share whose every read picks a colour stays quiet when followed
    Valid(_GAUGE.format(then="role = 'error'")),
    # a pair of another unit: the share used is no share of tokens
    *(Valid(_MANAGER.format(used=f"count_{unit}", cap=f"max_{unit}")) for unit in _UNITS),
    # an attribute storing a share of another unit, a share of tokens and of lines, or a score
    *(
        Valid(_STORED.format(attr="context_pct", share=f"min(1.0, agent.used_{unit} / agent.max_{unit})"))
        for unit in _UNITS
    ),
    Valid(
        _STORED.format(attr="context_pct", share="used_tokens / window_tokens")
        + "    def lines(self, agent, used_lines, max_lines):\n        agent.context_pct = used_lines / max_lines\n"
    ),
    Valid(_STORED.format(attr="match_score", share="used_tokens / window_tokens")),
    # the amount ordered against a count of another unit (a local bound to it, or named so)
    *(Valid(_TARGET.format(bound=f"used = count_{unit}(context)")) for unit in _UNITS),
    *(Valid(_TARGET.format(bound=f"used = context.used_{unit}")) for unit in _UNITS),
    Valid(_TARGET.format(bound="used = len(context.messages)")),
    # a local bound to a token count once and to something else too: no count of tokens
    Valid(_TARGET.format(bound="used = count_tokens(context) if context else len(context.lines)")),
    # the share scales an amount the function orders against no count at all
    Valid(
        "TARGET_RATIO = 0.5\n\ndef compact(budget, context):\n"
        "    if budget.input_limit <= 0:\n        raise ValueError('no room')\n"
        "    return int(budget.input_limit * TARGET_RATIO)\n"
    ),
    # a token count compared with another amount than the one the share scales
    Valid(
        "TARGET_RATIO = 0.5\n\ndef compact(budget, context):\n"
        "    if count_tokens(context) >= budget.hard_limit:\n        raise ValueError('no room')\n"
        "    return int(budget.input_limit * TARGET_RATIO)\n"
    ),
    # a rate limiter's bucket of tokens: permits, not a model's tokens
    Valid(
        "TARGET_RATIO = 0.5\n\ndef refill(bucket, limiter):\n"
        "    if bucket.tokens >= limiter.capacity:\n        return 0\n"
        "    return int(limiter.capacity * TARGET_RATIO)\n"
    ),
)

SET97_INVALID = (
    # set 97: xdog-agent's target of a compaction, a share of an input limit ordered against a local
    # bound to a token estimate, or against a token count through ``min()``
    Invalid(_TARGET.format(bound="used = estimate_input_tokens(context)"), line=1),
    Invalid(
        "TARGET_FRACTION = 0.6\n\ndef compact(budget, context, before):\n"
        "    if estimate_tokens(context) >= min(before, budget.input_limit):\n        return None\n"
        "    target = min(int(budget.input_limit * TARGET_FRACTION), before)\n    return target\n",
        line=1,
    ),
    Invalid(
        "KEEP_RATIO = 0.4\n\ndef trim(limit, msgs):\n    if count_tokens(msgs) > limit:\n"
        "        return cut(msgs, int(limit * KEEP_RATIO))\n    return msgs\n",
        line=1,
    ),
    # set 97: edgar-harness's usable window, the output reserve capped at half the window
    Invalid(_USABLE.format(left="max_context", whole="max_context", clamp="min"), line=2),
    # the same flag acting on the conversation, or added as a message the model reads
    Invalid(_BAR.format(reads="if near:\n        compact(parts)"), line=2),
    Invalid(
        _BAR.format(reads="if near:\n        parts.append({'role': 'user', 'content': 'compact'})"), line=2
    ),
    Invalid(_BAR.format(reads="parts.append('warn' if near else 'ok')\n    return near"), line=2),
    # the same share past which the bar compacts the conversation
    Invalid(_GAUGE.format(then="self.compact()"), line=1),
    # set 97: vaal-code's threshold of compaction, ordered against a method's share of a pair of tokens
    Invalid(_MANAGER.format(used="estimate_messages_tokens", cap="max_tokens"), line=2),
    # set 97: ashlar-ao's context exhaustion warning on a share of the window stored in an attribute
    Invalid(_STORED.format(attr="context_pct", share="min(1.0, used_tokens / window_tokens)"), line=6),
    Invalid(
        _STORED.format(attr="usage", share="used_tokens / window_tokens if window_tokens else 0.0"), line=6
    ),
)
