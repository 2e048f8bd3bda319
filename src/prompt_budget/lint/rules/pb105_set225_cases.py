"""Cases from sets 223 to 228 (issue 19), the forms left from set 223's pass and those of the sets after it.

PB104: a name saying only bytes (a function ``_bytes_fallback``) is no base64 where the amount divided is a text's
encoding measured there (lore-solo's ``(len(text.encode("utf-8")) + 2) // 3``, "one token per three UTF-8 bytes",
``pb104_bytes.of_text``), and an estimate summed over items under a key naming a token estimate is tokens
(rekall-mcp's ``"token_estimate": sum(len(m.get("content") or "") // 4 for m in results)``, ``dict_slots``). PB101: a function named as a check is a probe only when what it checks is the service
itself (``validate_api_key``, ``verify_llm_connection``); a check of a task's subject is the task's request, and
its small output cap a budget (lorien-memory's ``_llm_contradiction_check`` with ``"max_tokens": 5``,
``small_caps``); a setting reader's ``lo=`` and ``hi=`` beside a budget's default are its floor and cap (rekall-mcp's
``_read_int(query, "max_tokens", 2000, lo=100, hi=20000)``, ``helper_settings``). PB103: a set holds distinct words or ids, so its length is no count of a prompt's tokens
(soul-protocol's ``new_tokens = meaningful - current_kws`` of keywords, ``text_params.distinct_set``), and neither are a command line's words (mvar-security's ``tokens =
shlex.split(command)`` ... ``len(tokens) > max_args``, ``text_params.split_pieces``, read inside the function
holding the comparison, ``token_reach``). PB102: a field named only as a limit (``limit``, ``total``) in a class named for a token budget
is that budget (excergic-token's ``class TokenBudget`` with ``limit: int = 200_000``, ``budget_classes``), and so is a constant taken off another bound to a budget less something (clou-ai's
``WARN_BUFFER`` off ``EFFECTIVE_WINDOW = CONTEXT_WINDOW - _OUTPUT_BUDGET``, ``token_minuends.remainder_constant``), and ``reserved_output`` names the reply's room as ``output_reserve`` does
(localforge's ``reserved_output: int = 1024``, ``names``); a constant named for one token that only caps the
length of a ``str`` parameter named as a token is a credential's characters (conducto-ai's ``MAX_TOKEN_SIZE``,
``token_strings``). PB105: a budget's share kept for code (shenlun-forge's ``code_budget_ratio``: "code" keeps no
budget out when "budget" follows it) and a share held back of ``model_window`` (a window by its name, ``names``); PB101: so is a profile's
``context_target`` (perseus-ctx's ``profile.get("context_target", 200000)``), and a lookup's fallback bound to a
window under a key saying context (turboagent-ai's ``self.n_ctx = kwargs.get("context", 131072)``,
``assigned_lookups``).
PB106: a local margin added to how far an awaited count of tokens runs over a budget
(soul-protocol's ``truncation_overhead = 20`` ... ``current - token_budget + truncation_overhead``,
``excess_margins``, ``counted_locals``). PB107: a row keyed by a model's id holds a number or a record, not text or a
name (localforge's ``{"command": custom_command, "timeout": 300}``, ``pb107_nested_rows.model_rows``); a dict whose rows (dicts or calls) each give one budget's key a number is one table
(xdharness's providers' ``"context_window"``, localforge's profiles' ``context_window=``, ``pb107_keyed_rows``).
Spliced into ``pb104_set111_cases``, ``pb101_set111_cases``, ``pb103_set73_cases``,
``pb102_set117_cases``, ``pb106_total_cases`` and ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

# set 223: lore-solo's fallback when tiktoken is missing, one token per three UTF-8 bytes rounded up
_FALLBACK = (
    "def count_tokens(text: str) -> int:\n"
    "    return _bytes_fallback(text)\n\n\n"
    "def _bytes_fallback(text: str) -> int:\n"
    "    return (len({measured}) + 2) // 3\n"
)
TEXT_BYTES_VALID = (
    Valid(_FALLBACK.format(measured="text")),
)  # a name saying bytes of what is no encoded text
TEXT_BYTES_INVALID = (Invalid(_FALLBACK.format(measured='text.encode("utf-8")'), line=6),)

# set 224: lorien-memory's yes/no contradiction check, a task's request capped at five tokens (a probe's is not)
_CHECKED = (
    "import json\n\n\n"
    "def {name}(model: str, prompt: str) -> bytes:\n"
    '    return json.dumps({{"model": model, "messages": [{{"role": "user", "content": prompt}}], '
    '"max_tokens": 5}}).encode()\n'
)
CHECKED_VALID = (
    Valid(_CHECKED.format(name="_check_api_key")),
    Valid(_CHECKED.format(name="verify_llm_connection")),
)
CHECKED_INVALID = (Invalid(_CHECKED.format(name="_llm_contradiction_check"), line=5),)

# set 223: rekall-mcp's query reader, its floor and cap given as ``lo=`` and ``hi=`` beside the budget's default
_READER = (
    "def _read_int(params, key: str, default: int, lo: int = 1, hi: int = 10000) -> int:\n"
    "    raw = params.get(key)\n"
    "    return default if raw is None else max(lo, min(int(raw), hi))\n\n\n"
    "def handler(query, build):\n"
    '    return build(_read_int(query, "{key}", 2000, lo=100, {cap}=20000))\n'
)
BOUNDED_VALID = (Valid(_READER.format(key="limit", cap="hi")),)  # a cap of rows
BOUNDED_INVALID = (
    Invalid(_READER.format(key="max_tokens", cap="hi"), line=7, count=3),  # the default, the floor, the cap
    # a keyword that only starts with "max" is no cap: the default alone
    Invalid(_READER.format(key="max_tokens", cap="max_retries").replace("lo=100, ", ""), line=7),
)

# set 227: soul-protocol's self-model, a domain's keywords (words of its own splitter, kept in sets) capped at 500
_VOCABULARY = (
    "def expand(keywords: dict, facts: list, best: str, split) -> None:\n"
    "    tokens: set[str] = set()\n"
    "    for fact in facts:\n"
    "        tokens |= split(fact)\n"
    "    new_tokens = {new}\n"
    "    if len(keywords[best]) + min(len(new_tokens), 10) <= 500:\n"
    "        keywords[best] |= set(new_tokens)\n"
)
VOCABULARY_VALID = (
    Valid(_VOCABULARY.format(new="tokens - keywords[best]")),
    Valid(_VOCABULARY.format(new="set(split(facts[0]))")),
    # what an imported splitter returns, less the module's stop words: a set
    Valid(
        'STOP_WORDS = frozenset({"the", "a"})\n\n\n' + _VOCABULARY.format(new="split(facts[0]) - STOP_WORDS")
    ),
)
VOCABULARY_INVALID = (
    Invalid(_VOCABULARY.format(new="facts[0].split()"), line=6),
)  # a list: words for tokens

# set 230: mvar-security's command check, a command line's words counted against a parameter's default
_ARGV = (
    "import shlex\n\n\n"
    "def validate_exec(tokenizer, command: str, max_args: int = 16) -> bool:\n"
    "    tokens = {split}\n"
    "    if len(tokens) > max_args:\n"
    "        return False\n"
    "    return True\n"
)
COMMAND_VALID = (Valid(_ARGV.format(split="shlex.split(command)")),)
COMMAND_INVALID = (Invalid(_ARGV.format(split="tokenizer.encode(command)"), line=4),)

# set 228: excergic-token's session budget, a field named only ``limit`` in a class named for a token budget
_BUDGET_CLASS = (
    "from pydantic import BaseModel\n\n\n"
    "class {owner}(BaseModel):\n"
    "    {field}: int = 200_000\n"
    "    used: int = 0\n\n"
    "    def charge(self, input_tokens: int, output_tokens: int) -> None:\n"
    "        self.used += input_tokens + output_tokens\n"
)
BUDGET_CLASS_VALID = (
    Valid(_BUDGET_CLASS.format(owner="RowBudget", field="limit")),  # rows
    Valid(_BUDGET_CLASS.format(owner="TokenBudget", field="retries")),  # no limit by its name
)
BUDGET_CLASS_INVALID = (Invalid(_BUDGET_CLASS.format(owner="TokenBudget", field="limit"), line=5),)

# set 227: soul-protocol's head-truncation, a margin added to how far the context runs over its budget
_OVERFLOW = (
    "async def compact(self, {budget}: int) -> int:\n"
    "    current = await self._current_context_{unit}()\n"
    "    if current <= {budget}:\n"
    "        return 0\n"
    "    truncation_overhead = 20\n"
    "    return current - {budget} + truncation_overhead\n"
)
OVERFLOW_VALID = (Valid(_OVERFLOW.format(budget="row_limit", unit="rows")),)
OVERFLOW_INVALID = (Invalid(_OVERFLOW.format(budget="token_budget", unit="tokens"), line=5),)

# set 223: rekall-mcp's recall event, an estimate summed over the results under "token_estimate"
_SUMMED = (
    "def deliver(m, results: list, query: str) -> None:\n"
    '    m.record_event(payload={{"query": query, "{key}": sum(len(r.get("content") or "") // 4 for r in results)}})\n'
)
SUMMED_VALID = (Valid(_SUMMED.format(key="line_estimate")),)
SUMMED_INVALID = (Invalid(_SUMMED.format(key="token_estimate"), line=2),)

# set 232: localforge's verification tool, a shell command's arguments under "command" (a Cohere model's name too)
_COMMAND_ARGS = (
    "def verify(self, args: dict) -> str:\n"
    '    return self._run_command({{"command": {command}, "timeout": 300}})\n'
)
COMMAND_ARGS_VALID = (
    Valid(_COMMAND_ARGS.format(command='args.get("command", "").strip()')),
    Valid(_COMMAND_ARGS.format(command='"python -m pytest --tb=short -q"')),
    Valid(
        "def verify(self, custom_command: str) -> str:\n"
        + '    return self._run_command({"command": custom_command, "timeout": 300})\n'
    ),
)
COMMAND_ARGS_INVALID = (Invalid('WINDOWS = {"command": 4096, "command-r": 128000}\n', line=1),)

# set 231: clou-ai's graduated thresholds, buffers taken off what is left of the window after the output's budget
_EFFECTIVE = (
    "{window} = 1_000_000\n"
    "_OUTPUT_BUDGET = 32_000\n"
    "EFFECTIVE_WINDOW = {window} - _OUTPUT_BUDGET\n"
    "WARN_BUFFER = 100_000\n"
    "WARN_THRESHOLD = EFFECTIVE_WINDOW - WARN_BUFFER\n"
)
EFFECTIVE_VALID = (Valid(_EFFECTIVE.format(window="SCREEN_PIXELS")),)  # no budget: nothing of it is one
EFFECTIVE_INVALID = (
    Invalid(_EFFECTIVE.format(window="CONTEXT_WINDOW"), count=3),
)  # the window, output, buffer

# set 232: localforge's context budget, the reply's room taken off the window with the prompt's count
_RESERVED = (
    "def get_available_tokens(self, system_prompt: str, {param}: int = 1024) -> int:\n"
    "    used = self.count_tokens(system_prompt) + {param}\n"
    "    return max(self.config.max_context_tokens - used, 0)\n"
)
RESERVED_VALID = (Valid(_RESERVED.format(param="reserved_output_lines")),)
RESERVED_INVALID = (Invalid(_RESERVED.format(param="reserved_output"), line=1),)

# sets 231 and 232: xdharness's providers and localforge's profiles, rows each giving one budget's key a number
_PROVIDERS = (
    "SETTINGS = {{\n"
    '    "providers": {{\n'
    '        "ollama": {{"base_url": "http://localhost:11434/v1", "{key}": 8192}},\n'
    '        "openai": {{"base_url": "https://api.openai.com/v1", "{key}": 128000}},\n'
    '        "groq": {{"base_url": "https://api.groq.com/openai/v1", "{key}": 128000}},\n'
    "    }},\n"
    "}}\n"
)
_PROFILES = (
    "PROFILE_MAP = {{\n"
    "    Profile.SMALL: Settings({key}=8192, depth=2),\n"
    "    Profile.LARGE: Settings({key}=32768, depth=8),\n"
    "}}\n"
)
KEYED_ROWS_VALID = (
    Valid(_PROVIDERS.format(key="timeout")),
    Valid(_PROFILES.format(key="retrieval_limit")),
    Valid(
        'ROWS = {"ollama": {"context_window": 8192}, "openai": {"base_url": "x"}, "groq": {"base_url": "y"}}\n'
    ),
)
KEYED_ROWS_INVALID = (
    Invalid(
        _PROVIDERS.format(key="context_window"), line=2
    ),  # one finding, on the table (the rows inside it)
    Invalid(_PROFILES.format(key="context_window"), line=1),
)

# set 233: conducto-ai's approval tokens, a JWS string's length capped in characters
_TOKEN_STRING = (
    "MAX_TOKEN_SIZE = 16_384\n\n\n"
    "class Verifier:\n"
    "    def _verify(self, {param}: str) -> dict:\n"
    "        if not isinstance({param}, str) or len({param}) > MAX_TOKEN_SIZE:\n"
    '            raise ValueError("malformed approval token")\n'
    "        return {{}}\n"
)
TOKEN_STRING_VALID = (Valid(_TOKEN_STRING.format(param="token")),)
TOKEN_STRING_INVALID = (
    Invalid(_TOKEN_STRING.format(param="prompt"), line=1),
)  # a prompt's length: a budget misused

# set 234: shenlun-forge's hybrid strategy and planner, a share of the budget kept for code, of a model's window
_CODE_SHARE = (
    "# tokens\n{name} = 0.4\n\n\ndef split(max_tokens: int) -> int:\n    return int(max_tokens * {name})\n"
)
_HELD_BACK = (
    "# tokens\ndef plan({window}: int, safety_margin: float = 0.1) -> int:\n"
    "    return int({window} * (1.0 - safety_margin))\n"
)
SHARES_VALID = (
    Valid(_CODE_SHARE.format(name="STATUS_CODE_RATIO")),  # a status code's: no budget's share by its name
    Valid(_HELD_BACK.format(window="model_windows")),  # a count of windows
)
SHARES_INVALID = (
    Invalid(_CODE_SHARE.format(name="CODE_BUDGET_RATIO"), line=2),
    Invalid(_HELD_BACK.format(window="model_window"), line=2),
)

# set 233: perseus-ctx's model profiles, a target of context per model
_TARGET = '# tokens\ndef tier(profile: dict) -> int:\n    target = int(profile.get("{key}", 200000))\n    return 5 if target <= 200_000 else 10\n'
TARGET_VALID = (Valid(_TARGET.format(key="sales_target")),)
TARGET_INVALID = (Invalid(_TARGET.format(key="context_target"), line=3),)

# set 236: turboagent-ai's backends, a window's fallback read under a key saying context
_ENGINE = '# tokens\nclass Engine:\n    def __init__(self, **kwargs) -> None:\n        self.{name} = kwargs.get("{key}", 131072)\n'
ENGINE_VALID = (
    Valid(_ENGINE.format(name="n_ctx", key="retries")),
    Valid(_ENGINE.format(name="n_threads", key="context")),
)
ENGINE_INVALID = (Invalid(_ENGINE.format(name="n_ctx", key="context"), line=4),)
