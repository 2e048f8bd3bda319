"""Cases from sets 209 and 210 (issue 19: tracera's settings and context meter, uzru-parser's chunker,
agenkit's needle benchmark, code-finder's README survey).

PB105: a threshold named for de-duplication is a similarity's cut-off (``tracera_memory_dedup_threshold =
Field(0.9)``, ``names.SCORE_WORDS``); a gauge's cut-offs choosing a theme's colour by a lookup of a string
(``bar_color = _t("success")``) pick a label as a literal colour does (``style_thresholds``); a share every read
of which classifies (``main if share >= MAIN_CONTENT_SHARE else "mixed"``) is no share of a budget, whatever
its comment says. PB104: a count of words divided by a rate of characters per token under a comment of a token
estimate (``len(context.split()) // 4  # Rough token estimate``) is a hard-coded rate, and so is a rate below
2.5 characters per token the comment states (``int(total_chars / 1.5)  # ~1.5 chars per token``). PB102: an
overlap parameter its class's docstring gives in tokens is followed to a shortcut handing its own default on
(``def chunk(document, max_tokens=600, overlap=80): return Chunker(max_tokens, overlap).chunk(document)``).
Spliced into ``pb105_set111_cases``, ``pb104_set111_cases`` and ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SETTINGS = (
    "from pydantic import Field\n"
    "from pydantic_settings import BaseSettings\n\n\n"
    "class Settings(BaseSettings):\n"
    '    default_max_tokens: int = Field(8192, alias="DEFAULT_MAX_TOKENS")\n'
    '    max_context_tokens: int = Field(128000, alias="MAX_CONTEXT_TOKENS")\n'
    '    memory_top_k: int = Field(5, alias="MEMORY_TOP_K")\n'
    '    memory_{name}_threshold: float = Field(0.9, alias="MEMORY_THRESHOLD")\n'
)
DEDUP_VALID = (Valid(_SETTINGS.format(name="dedup")),)
DEDUP_INVALID = (Invalid(_SETTINGS.format(name="compaction"), line=9),)

_METER = (
    "def _t(key: str) -> str:\n"
    "    return THEME[key]\n\n\n"
    "def render(tokens: int) -> str:\n"
    "    max_tokens = 200_000\n"
    "    ratio = min(tokens, max_tokens) / max_tokens\n"
    "    if ratio < 0.5:\n"
    "        {first}\n"
    "    elif ratio < 0.8:\n"
    '        bar_color = _t("warning")\n'
    "    else:\n"
    '        bar_color = _t("error")\n'
    '    return f"[dim {{bar_color}}]{{tokens}} tok"\n'
)
METER_VALID = (Valid(_METER.format(first='bar_color = _t("success")')),)
METER_INVALID = (Invalid(_METER.format(first="compact(tokens)"), line=8),)

_CONTENT = (
    '#: A chunk\'s content type is the one holding at least this share of its tokens, else "mixed".\n'
    "MAIN_CONTENT_SHARE = 0.7\n\n\n"
    "def describe(tokens: dict[str, int]) -> dict[str, str]:\n"
    "    main = max(tokens, key=lambda kind: tokens[kind])\n"
    "    share = tokens[main] / sum(tokens.values())\n"
    "    {use}\n"
    "    return {{}}\n"
)
CONTENT_VALID = (
    Valid(_CONTENT.format(use='return {"content_type": main if share >= MAIN_CONTENT_SHARE else "mixed"}')),
)
CONTENT_INVALID = (Invalid(_CONTENT.format(use="if share >= MAIN_CONTENT_SHARE: compact(tokens)"), line=2),)

_NEEDLE = (
    "def cases(context: str) -> list[dict]:\n"
    "    return [\n"
    "        {{\n"
    '            "{key}": len(context.split()) // 4,{comment}\n'
    '            "needle_position": 0,\n'
    "        }}\n"
    "    ]\n"
)
_SURVEY = (
    "def survey(readmes: list[dict]) -> int:\n"
    "    total_chars = sum(r['size_chars'] for r in readmes)\n"
    "    {target} = int(total_chars / 1.5){comment}\n"
    "    return {target}\n"
)
WORDS_VALID = (
    Valid(_NEEDLE.format(key="stanzas", comment="  # four lines a stanza")),
    Valid(_SURVEY.format(target="pages", comment="")),
)
WORDS_INVALID = (
    # set 209: agenkit's needle-in-a-haystack context length; code-finder's README estimate
    Invalid(_NEEDLE.format(key="context_length", comment="  # Rough token estimate"), line=4),
    Invalid(_SURVEY.format(target="est_tokens", comment="  # Rough estimate: ~1.5 chars per token"), line=3),
)

_CHUNKER = (
    "class Chunker:\n"
    '    """Split a document into chunks of at most ``max_{unit}`` {unit}. ``overlap`` {unit} from the end\n'
    '    of the previous chunk are repeated at the start of the next one."""\n\n'
    "    def __init__(self, max_{unit}: int = 600, overlap: int = 80, counter=None) -> None:\n"
    "        if max_{unit} < 1:\n"
    '            raise ValueError("max_{unit} must be at least 1")\n'
    "        if not 0 <= overlap < max_{unit}:\n"
    '            raise ValueError("overlap must be below max_{unit}")\n'
    "        self.max_{unit} = max_{unit}\n"
    "        self.overlap = overlap\n\n\n"
    "def chunk(document: str, max_{unit}: int = 600, overlap: int = 80, counter=None) -> list[str]:\n"
    '    """Shortcut for ``Chunker(max_{unit}, overlap).chunk(document)``."""\n'
    "    return Chunker(max_{unit}, overlap, counter).chunk(document)\n"
)
SHORTCUT_VALID = (Valid(_CHUNKER.format(unit="lines")),)
# both defaults of both signatures: the shortcut's overlap (line 13) was missed while the class's docstring decided
SHORTCUT_INVALID = (Invalid(_CHUNKER.format(unit="tokens"), line=5, count=4),)
