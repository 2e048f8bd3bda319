"""PB109 tokenizer-mismatch: an OpenAI tokenizer used to count another provider's model."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.findings import Fact, Finding
from prompt_budget.lint.model_names import is_non_openai_model
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.rule import Invalid, LintRule, Valid, callee_name, string_value
from prompt_budget.lint.rules.pb109_attribute_encodings import ATTRIBUTE_INVALID, ATTRIBUTE_VALID
from prompt_budget.lint.rules.pb109_branches import GPT_ENCODING_NAME, other_provider_branch
from prompt_budget.lint.rules.pb109_callers import tiktoken_name
from prompt_budget.lint.rules.pb109_default_fallbacks import default_fallback
from prompt_budget.lint.rules.pb109_discarded import discarded
from prompt_budget.lint.rules.pb109_encoding_rows import branch_message, constant_mismatch
from prompt_budget.lint.rules.pb109_fallbacks import (
    failed_try_before,
    handled_try,
    model_tokenizer_fallback,
    reads_model,
    tried_model,
)
from prompt_budget.lint.rules.pb109_fixed_tries import (
    fixed_fallback_message,
    fixed_model_tried,
    retried_as_encoding,
)
from prompt_budget.lint.rules.pb109_guard_cases import (
    GUARD_INVALID,
    GUARD_VALID,
    PROJECT_INVALID,
    PROJECT_VALID,
)
from prompt_budget.lint.rules.pb109_known_encodings import unknown_model_default
from prompt_budget.lint.rules.pb109_openai_branches import openai_owned, provider_context
from prompt_budget.lint.rules.pb109_openai_callers import deferred_fallback, project_fallbacks
from prompt_budget.lint.rules.pb109_openai_callers import record as record_callers
from prompt_budget.lint.rules.pb109_openai_only import raises_for_other_models
from prompt_budget.lint.rules.pb109_other_providers import fixed_gpt_encoding, other_provider_named
from prompt_budget.lint.rules.pb109_project import (
    judge_fixed,
    project_fixed,
    record_provider,
)
from prompt_budget.lint.rules.pb109_provider_cases import PROVIDER_INVALID, PROVIDER_VALID
from prompt_budget.lint.rules.pb109_provider_names import (
    names_openai_models,
)
from prompt_budget.lint.rules.pb109_set61_cases import SET61_INVALID, SET61_VALID
from prompt_budget.lint.rules.pb109_stand_ins import PROVIDER_EVIDENCE
from prompt_budget.lint.rules.pb109_tried_lookups import tried_lookup
from prompt_budget.lint.rules.pb109_unguarded import any_model
from prompt_budget.lint.tiktoken_counts import CountReader, corrected
from prompt_budget.lint.walks import walk

_TIKTOKEN_CALLS = frozenset({"encoding_for_model", "get_encoding", "encoding_name_for_model"})
_ADVICE = (
    "count with the model's own tokenizer: for Claude the count-tokens API "
    '([tool.prompt_budget] tokenizer = "anthropic:MODEL", cached and offline-safe) or the calibrated '
    'estimate "calibrated:claude"; for other models a local tokenizer.json ("hf:PATH") or '
    '"calibrated:o200k_base", and say it is an estimate'
)


_FALLBACK = (
    "a GPT encoding is the fallback for models tiktoken does not know (Claude, Gemini, Llama...), so "
    "their counts are silently wrong"
)


class TokenizerMismatch(LintRule):
    """A tokenizer meant for one provider used for another model: ``tiktoken.encoding_for_model
    ("claude-3-5-sonnet")``, a GPT encoding as the fallback for models tiktoken does not know (``except KeyError:
    enc = tiktoken.get_encoding("cl100k_base")``, also after ``get_encoding(self._model)`` under any ``except``, or
    returned after a ``try`` returning the model's own encoding fell through, or kept in a parameter's default the handler gives back), a fixed GPT encoding whose count the
    code scales into another tokenizer's (``* 1.1``), or a tiktoken encoding in code for Claude, Gemini, Llama and
    other non-OpenAI models (a class, function or ``if`` branch about them, such as ``if name.startswith("reka")``),
    or a fixed GPT encoding in a class that also serves another provider's models: it tests a model against their
    names (``model in ("deepseek-chat", ...)``) or names their API host (``"api.deepseek.com"``). A ``base_url``
    alone is no such evidence: OpenAI's own clients take one. So is a fixed GPT encoding (a tiktoken call, or its
    name as a literal: ``TOKENIZERS["cl100k"]``) chosen before an ``if`` on the model's name one of whose branches
    calls another provider's client (``else: call_anthropic(...)``): its counts serve that provider's model too; and
    a GPT encoding taken for every model name tiktoken does not know (``if model in list_encoding_names(): name =
    model``) in a module that also tests names against another provider's models. ``encoding_for_model (model)``
    outside any ``try`` is reported unless the function tells models apart first (a log message naming OpenAI is no
    such test). Only tiktoken's functions are judged, not a method of the same name on another object. A fallback in
    a function that raises for every model name not OpenAI's (``else: raise NotImplementedError`` after tests naming
    OpenAI models only, or a model missing from a table of OpenAI models; ``else: return None`` when the handler
    keeps the fallback in a local, also after a ``None`` from a lookup whose tests name OpenAI's models alone: ``info = TokenInfo.for_model(model)``, ``if info is None: return None``, a ``return`` before it not reading the fallback) counts no other provider's model, and is not reported; nor is a fallback in a
    module-level function whose model parameter defaults to an OpenAI model (``model="gpt-3.5-turbo-0613"``) when
    the project calls it, and uses it no other way, only from code for OpenAI's models (a module, class or function
    named for OpenAI: ``openai_utils.py``); nor is ``encoding_for_model(model)`` tried in a ``try`` whose handlers
    fall back to a tokenizer given the same model name (``except KeyError: litellm.encode(model=model, ...)``): the
    model's own tokenizer counts every model tiktoken does not know. A name the user gives for tiktoken
    (``encoding_for_model(self.tiktoken_model_name)``) is no mismatch, nor is a tokenizer wrapping tiktoken (its
    name says ``tiktoken`` or ``tokenizer``) that loads the model or the encoding its caller names
    (``model_name=None, encoding_name=None`` ... ``get_encoding (self.encoding_name)``): the caller picks a tiktoken
    model on purpose. A fixed GPT encoding (``encoding_for_model("gpt-4o")``, a ``model="gpt-4o"`` or
    ``encoding_name="cl100k_base"`` default no call in its module changes, even forwarded) outside code for OpenAI's
    models is reported when its package serves other providers' models: a module imports another provider's SDK or a
    router (``litellm``, or another library's adapter for it: ``agents.extensions.models.litellm_model``), tests a name against their models, or names one of their models beside an OpenAI model in
    one call or list (``ModelPair(strong="gpt-4o", weak="mistralai/Mixtral-8x7B")``) (``pb109_project``). An
    encoding kept in a module's global (``tokenizer = tiktoken.encoding_for_model("gpt-3.5-turbo")`` at the top)
    counts when a function of the module encodes text with it; so does one a module-level getter returns (kept in a
    global under a ``try``: ``_get_tiktoken_encoding``, whose name names the library, not OpenAI's models) to a
    function of the module that encodes text with it; so does a call a constructor keeps whole on ``self`` (``self.__tokenizer = tiktoken.get_encoding("o200k_base")``) that another method of the class, not named for OpenAI, encodes text with; so does one a method keeps on ``self`` set to an encoding's
    name alone in a branch the caller cannot change (``name = "cl100k_base"`` ... ``self. encoding_name = name``),
    loaded by a method that measures the text it sends to a model (``self.llm.abatch_invoke(...)``), not by one that
    only measures chunks. A module naming another provider's API host needs no tiktoken call nor budget word of its
    own to be read (``if provider == "mistral": return OpenAI(base_url="https://api.mistral.ai/v1/")`` beside a
    ``fits_in_context_window`` counting with cl100k). A fixed GPT encoding (``encoding_for_model("gpt2")`` too) is
    also reported, once per function, where the function's docstring says it counts for providers' models ("Some
    provider models do not provide an interface for obtaining the number of tokens. Here, the gpt2 tokenizer is
    used"), whatever its name says (``_get_num_tokens_by_gpt2``), unless the docstring names OpenAI. A call in a
    branch picking OpenAI's provider alone (``case "openai" | "azure":``, ``if provider == "openai":``), or given
    the model of a client its class builds from a class named for OpenAI and points at no other endpoint
    (``self.completion_fn = OpenAIChatCompletionFn(**options)``) counts OpenAI's models alone. A
    module constant bound once to the literal alone (``_ENCODING_NAME = "cl100k_base"``) names it as the literal. A module-level counting function's ``model="gpt-3.5-turbo-0301"`` no call in its module shows is reported, at the default, when every use across the project is a call leaving it alone, one at least from code not for OpenAI, in a package serving other providers (``pb109_default_callers``), whatever the function raises for models it is never given; so is a module-level class's constructor default (``TokenizerGateway(model="cl100k_base")``) no call of the class across the project gives. ``get_encoding(model)`` in the handler of ``encoding_for_model(model)`` tries the same string as an encoding name: no fixed encoding. A call whose result is thrown away (an expression statement: ``tiktoken.get_encoding("cl100k_base")`` alone on its line) measures nothing and is not judged, but for ``encoding_for_model(model)``, which still raises for a model tiktoken does not know.

    Counts from the wrong tokenizer are off by 10-50% (more for code and non-English text), so budgets checked with
    them pass or fail by luck.
    """

    CODE = "PB109"
    NAME = "tokenizer-mismatch"
    PROJECT_WIDE = True
    SUMMARY = "OpenAI tokenizer (tiktoken) used to count a non-OpenAI model"
    PRECHECK = (
        # a tiktoken call or an encoding's name; or what shows another provider is served, for the
        # project-wide pass (``pb109_stand_ins``)
        re.compile(
            r"encoding_for_model|get_encoding|encoding_name_for_model|cl100k|o200k|p50k|r50k|"
            + PROVIDER_EVIDENCE.pattern
        ),
    )
    VALID = (
        Valid('enc = tiktoken.encoding_for_model("gpt-4o")'),
        Valid("enc = tiktoken.get_encoding('o200k_base')"),
        # a tiktoken model name the user gives explicitly; a helper for OpenAI's models nothing calls
        Valid(
            'def count(text, model_name):\n    """For OpenAI models only."""\n'
            "    return len(tiktoken.encoding_for_model(model_name).encode(text))\n"
        ),
        Valid(
            "def count(self, text):\n    return len(tiktoken.encoding_for_model(self.tiktoken_model_name).encode(text))\n"
        ),
        Valid(
            "def count(model, text):\n    if model.startswith('claude'):\n        return anthropic_count(text)\n"
            "    return len(tiktoken.encoding_for_model(model).encode(text))\n"
        ),
        Valid(
            "def load(name):\n    try:\n        return tiktoken.encoding_for_model(name)\n"
            "    except Exception:\n        return tiktoken.get_encoding(name)\n"
        ),
        Valid(
            "def encoder(model):\n    try:\n        return tiktoken.encoding_for_model(model)\n"
            "    except KeyError:\n        return None\n"
        ),
        # tiktoken for OpenAI's models, the provider library's per-model tokenizer for the others (set 21)
        Valid(
            "class LiteLLMClient:\n    def token_id(self, token):\n        try:\n"
            "            return tiktoken.encoding_for_model(self.model).encode_single_token(token)\n"
            "        except KeyError:\n            return litellm.encode(model=self.model, text=token)[0]\n"
        ),
        Valid(
            "def openai_encoder(model):\n    if model.startswith('gpt-'):\n        return tiktoken.encoding_for_model(model)\n"
        ),
        # a class that checks its model first: callers build it only once ``is_available`` said yes
        Valid(
            "class TiktokenTokenizer:\n    def __init__(self, model_identifier):\n"
            "        self.enc = tiktoken.encoding_for_model(model_identifier)\n\n"
            "    @staticmethod\n    def is_available(model_identifier):\n        try:\n"
            "            tiktoken.encoding_for_model(model_identifier)\n        except KeyError:\n"
            "            return False\n        return True\n"
        ),
        # an encoding's name, not a model's, tried before the fallback; a fixed encoding alone
        Valid(
            "def load(encoding_name):\n    try:\n        return tiktoken.get_encoding(encoding_name)\n"
            "    except ValueError:\n        return tiktoken.get_encoding('cl100k_base')\n"
        ),
        Valid("enc = tiktoken.get_encoding('cl100k_base')"),
        # the package's own method or function of that name, not tiktoken's (set 17: a server's /tokenize)
        Valid(
            "class Server:\n    def count(self, text):\n        return len(self.encoding_for_model(text))\n"
        ),
        Valid(
            "from .client import encoding_for_model\n\n"
            "def count(text, model):\n    return len(encoding_for_model(model).encode(text))\n"
        ),
        *GUARD_VALID,
        # a fixed GPT encoding in an OpenAI client that may take any base_url, a local model loaded with
        # its own tokenizer, a class that picks OpenAI's models before counting (set 18)
        Valid(
            "class Client:\n    def __init__(self, base_url=None):\n        self.url = base_url or 'https://api.openai.com'\n\n"
            "    def encoding(self):\n        return tiktoken.get_encoding('cl100k_base')\n"
        ),
        Valid(
            "class Compressor:\n    def __init__(self, model_name='org/Llama-2-7b-hf'):\n"
            "        self.tokenizer = AutoTokenizer.from_pretrained(model_name)\n"
            "        self.target = tiktoken.encoding_for_model('gpt-3.5-turbo')\n"
        ),
        Valid(
            "class Counter:\n    def count(self, model, text):\n        if model.startswith('claude'):\n"
            "            return self.anthropic_count(text)\n        if model.startswith('gpt'):\n"
            "            return len(tiktoken.get_encoding('o200k_base').encode(text))\n"
        ),
        # a fixed encoding after a try of something else; a test of a model's name that is no provider's;
        # a fixed GPT count doubled, no rate between tokenizers
        Valid(
            "def load(path):\n    try:\n        return read_cache(path)\n    except OSError:\n        pass\n"
            "    return tiktoken.get_encoding('cl100k_base')\n"
        ),
        Valid(
            "def tokenizer(name):\n    if name.startswith('test'):\n        return tiktoken.encoding_for_model('gpt-4')\n"
        ),
        Valid(
            "def pairs(text):\n    enc = tiktoken.get_encoding('o200k_base')\n    return len(enc.encode(text)) * 2\n"
        ),
        # a GPT encoding chosen inside the OpenAI branch; an ``if`` that is no test of the model (set 25)
        Valid(
            "def run(model, text):\n    if model.startswith('gpt'):\n        enc = TOKENIZERS['cl100k']\n"
            "        return call_openai(model, enc)\n    return call_anthropic(model, text)\n"
        ),
        Valid(
            "def run(model, text, cached):\n    enc = TOKENIZERS['cl100k']\n    if cached:\n"
            "        return call_anthropic(model, text)\n"
        ),
        # a docstring naming OpenAI's models guards, a log naming OpenAI beside it changes nothing
        Valid(
            'def count(text, model):\n    """Supported for OpenAI models only."""\n'
            "    logging.info('openai count')\n    return len(tiktoken.encoding_for_model(model).encode(text))\n"
        ),
        *PROVIDER_VALID,
        *PROJECT_VALID,
        *ATTRIBUTE_VALID,
        *SET61_VALID,
    )
    INVALID = (
        Invalid('enc = tiktoken.encoding_for_model("claude-3-5-sonnet-latest")'),
        # the fallback after the tries fell through, outside any handler (set 20: agentlab)
        Invalid(
            "def tokenizer(model):\n    try:\n        return tiktoken.encoding_for_model(model)\n"
            "    except KeyError:\n        log(model)\n    try:\n        return AutoTokenizer.from_pretrained(model)\n"
            "    except Exception:\n        pass\n    return tiktoken.encoding_for_model('gpt-4')\n",
            line=10,
        ),
        # a GPT encoding for a provider named in a test of the model's name (set 20: agentlab's Reka)
        Invalid(
            "def tokenizer(name):\n    if name.startswith('reka'):\n        return tiktoken.encoding_for_model('gpt-4')\n"
        ),
        # a fixed GPT encoding whose count is scaled to stand for another tokenizer's (set 20: inspect-ai)
        Invalid(
            "def count_text_tokens(text):\n    enc = tiktoken.get_encoding('o200k_base')\n"
            "    return max(1, int(len(enc.encode(text)) * 1.1))\n",
            line=2,
        ),
        Invalid(
            "try:\n    enc = tiktoken.encoding_for_model(model)\nexcept KeyError:\n"
            '    enc = tiktoken.get_encoding("cl100k_base")\n',
            line=4,
        ),
        Invalid(
            "class AnthropicCounter:\n    def count(self, text):\n        return len(tiktoken.get_encoding('cl100k_base').encode(text))\n"
        ),
        Invalid("if 'gemini' in model:\n    enc = tiktoken.get_encoding('cl100k_base')\n", line=2),
        # providers named in two words, and families beyond the big four (set 11)
        Invalid(
            "class DeepSeekEstimatingTokenizer:\n    def __init__(self):\n"
            "        self.encoding = tiktoken.encoding_for_model('gpt-4o-2024-08-06')\n"
        ),
        Invalid(
            "class OpenRouterEstimatingTokenizer:\n    def __init__(self):\n"
            "        self.encoding = tiktoken.encoding_for_model('gpt-4o-2024-08-06')\n"
        ),
        Invalid(
            "class ZhipuTokenizer:\n    def count(self, t):\n        return len(tiktoken.get_encoding('cl100k_base').encode(t))\n"
        ),
        Invalid(
            "class Tok:\n    DEFAULT_ENCODING = 'cl100k_base'\n\n    def encoding(self):\n        try:\n"
            "            return tiktoken.encoding_for_model(self.model)\n        except KeyError:\n"
            "            return tiktoken.get_encoding(self.DEFAULT_ENCODING)\n",
            line=8,
        ),
        # the encoding every model that is not OpenAI's falls back to (set 12: pr-agent)
        Invalid(
            "def encoder(model):\n    return encoding_for_model(model) if 'gpt' in model else get_encoding('cl100k_base')\n"
        ),
        # a model name that may be any provider's, under a docstring or a parameter naming OpenAI (set 22:
        # langchain's infino callback, reached by any ChatOpenAI-compatible model)
        Invalid(
            'def count(text, openai_model_name):\n    """Count tokens for OpenAI."""\n'
            "    return len(tiktoken.encoding_for_model(openai_model_name).encode(text))\n\n"
            "def on_end(self, text):\n    return count(text, openai_model_name=self.model_name)\n",
            line=3,
        ),
        Invalid(
            "def count(text, model_name):\n    return len(tiktoken.encoding_for_model(model_name).encode(text))\n"
        ),
        # a model's name given to get_encoding, any except falling back to a GPT encoding (set 16: rank-llm)
        Invalid(
            "class Ranker:\n    def count(self, text):\n        try:\n"
            "            enc = tiktoken.get_encoding(self._model)\n        except:  # noqa: E722\n"
            '            enc = tiktoken.get_encoding("cl100k_base")\n        return len(enc.encode(text))\n',
            line=6,
        ),
        # a class whose other method guards its call does not guard this one when it raises anything else
        Invalid(
            "class Counter:\n    def __init__(self, model):\n        self.enc = tiktoken.encoding_for_model(model)\n\n"
            "    def safe(self, model):\n        try:\n            return tiktoken.encoding_for_model(model)\n"
            "        except KeyError:\n            return tiktoken.get_encoding('cl100k_base')\n",
            count=2,
        ),
        # tiktoken under another name
        Invalid(
            "import tiktoken as tk\n\ndef count(text, model_name):\n    return len(tk.encoding_for_model(model_name).encode(text))\n"
        ),
        # the names let through are not all OpenAI's ("o" lets "open-mistral" in), or the table is another
        # provider's (set 17: MiniMax's models counted with o200k), or a count is returned before the check
        Invalid(
            "def num_tokens(text, model):\n    try:\n        enc = tiktoken.encoding_for_model(model)\n"
            "    except KeyError:\n        enc = tiktoken.get_encoding('cl100k_base')\n"
            "    if 'gpt-4' in model or model.startswith('o'):\n        extra = 3\n    else:\n"
            "        raise NotImplementedError(model)\n    return extra + len(enc.encode(text))\n",
            line=5,
        ),
        Invalid(
            "WINDOWS = {'MiniMax-M2': 204_800, 'MiniMax-M1': 1_000_000}\n\n"
            "class Generator:\n    def __init__(self, model):\n        if model not in WINDOWS:\n"
            "            raise ValueError(model)\n        try:\n            self.enc = tiktoken.encoding_for_model(model)\n"
            "        except KeyError:\n            self.enc = tiktoken.get_encoding('o200k_base')\n",
            line=10,
        ),
        Invalid(
            "def count(text, model):\n    try:\n        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
            "        enc = tiktoken.get_encoding('cl100k_base')\n    if text:\n        return len(enc.encode(text))\n"
            "    if 'gpt' not in model:\n        raise ValueError(model)\n    return 0\n",
            line=5,
        ),
        *PROVIDER_INVALID,
        *PROJECT_INVALID,
        *GUARD_INVALID,
        *ATTRIBUTE_INVALID,
        *SET61_INVALID,
        # a chat prompt measured with the encoding of the model it is sent to, an encoding's name the
        # alternative: no tokenizer wrapping tiktoken (set 35); a tokenizer by name given no encoding's name
        Invalid(
            "def count_prompt(messages, model, encoding_name=None):\n    if encoding_name:\n"
            "        enc = tiktoken.get_encoding(encoding_name)\n    else:\n"
            "        enc = tiktoken.encoding_for_model(model)\n"
            "    return sum(len(enc.encode(m['content'])) for m in messages)\n",
            line=5,
        ),
        Invalid(
            "class ChatTokenizer:\n    def __init__(self, model):\n"
            "        self.enc = tiktoken.encoding_for_model(model)\n\n"
            "    def count(self, messages):\n        return sum(len(self.enc.encode(m)) for m in messages)\n",
            line=3,
        ),
        # a model name outside any try; OpenAI named only in a log message
        Invalid(
            "def complete(prompts, model_name):\n"
            "    logging.info(f'Using openai on {len(prompts)} prompts')\n"
            "    return tiktoken.encoding_for_model(model_name)\n",
            line=3,
        ),
        # a fixed OpenAI model tried, a GPT encoding when tiktoken is too old to know it (set 25: memoryos)
        Invalid(
            "try:\n    enc = tiktoken.encoding_for_model('gpt-4o-mini')\nexcept Exception:\n"
            "    enc = tiktoken.get_encoding('cl100k_base')\n",
            line=4,
        ),
    )

    def visit_Call(self, node: ast.Call) -> None:
        callee = callee_name(node)
        if callee not in _TIKTOKEN_CALLS or not self._tiktokens(node.func):
            return
        arg = string_value(node.args[0]) if node.args else None
        if discarded(self.ctx.parent(node), callee, arg):
            return  # a result thrown away measures nothing (set 57: huixiangdou's stray ``get_encoding``)
        if callee == "encoding_for_model" and arg is not None and is_non_openai_model(arg):
            message = f"tiktoken.encoding_for_model({arg!r}) counts a non-OpenAI model with a GPT encoding"
        elif model_tokenizer_fallback(node, self.ctx.ancestors):
            return  # tiktoken for the models it knows, the model's own tokenizer for the others
        elif not self._callers_name(node) and self._fallback_for_unknown() and not self._openai_only():
            # a fallback is a fixed GPT encoding; ``get_encoding(name)`` after ``encoding_for_model(name)``
            # fails tries the caller's own string as an encoding name and raises for a model name
            fixed = fixed_model_tried(self.ctx.ancestors)
            fallback = fixed_gpt_encoding(node, callee) if callee == "get_encoding" else ""
            message = fixed_fallback_message(fixed, node) if fixed and fallback else _FALLBACK
            if message is _FALLBACK and (function := deferred_fallback(self.ctx)):
                record_callers(self, node, function)  # its callers decide (``pb109_openai_callers``)
                return
        elif (
            (fixed_gpt_encoding(node, callee) or not reads_model(node))
            and (failed := failed_try_before(self.ctx.ancestors))
            and not self._openai_only(*failed)
        ):
            message = _FALLBACK  # ``return encoding_for_model("gpt-4")`` after the tries fell through
        elif (
            fixed_gpt_encoding(node, callee)
            and (kept := default_fallback(self, node))
            and not self._openai_only(*kept)
        ):
            message = _FALLBACK  # ``fallback=encoding_for_model("gpt-4").encode`` given back by the handler
        elif (provider := provider_context(self.ctx.scopes, self.ctx.ancestors)) and not (
            tried_lookup(node, self.ctx.ancestors)  # ``try: encoding_for_model(m)``: its handler's is wrong
        ):
            message = f"tiktoken used to count tokens in code for {provider}, whose tokenizer differs"
        elif fixed_gpt_encoding(node, callee) and (
            branch := other_provider_branch(self.ctx.function(), node)
        ):
            message = branch_message(branch)
        elif other := self._class_serves_others(node, callee):
            message = (
                f"a fixed GPT encoding counts tokens in a class that also serves {other!r}, whose "
                "tokenizer differs"
            )
        elif fixed_gpt_encoding(node, callee) and (rate := self._corrected(node)):
            message = (
                f"the count of a fixed GPT encoding is scaled by {rate:g} to stand for another tokenizer's: "
                "the models it counts are not OpenAI's, whose tokens it splits differently"
            )
        elif (
            callee == "encoding_for_model"
            and node.args
            and arg is None
            and not tiktoken_name(node.args[0])
            and self._any_model()
        ):
            shown = ast.unparse(node.args[0])
            message = (
                f"tiktoken.encoding_for_model({shown}) is given a model name that may be any provider's: "
                "it raises KeyError for models tiktoken does not know (Claude, Gemini, Llama...)"
            )
        else:
            judge_fixed(self, node, callee, _ADVICE)  # beside another provider's models (``pb109_project``)
            return
        self.report(node, message, advice=_ADVICE)

    def visit_Module(self, node: ast.Module) -> None:
        record_provider(self, node)

    @classmethod
    def check_project(cls, facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
        return [
            *project_fixed(cls, facts, options, _ADVICE),
            *project_fallbacks(cls, facts, options, _FALLBACK, _ADVICE),
        ]

    def visit_Constant(self, node: ast.Constant) -> None:
        """A GPT encoding's name written outside a tiktoken call (``TOKENIZER_FUNCS["cl100k"]``), in a
        function that later sends the request to another provider's client, or as another provider's row."""
        if not (isinstance(node.value, str) and GPT_ENCODING_NAME.match(node.value)):
            return
        parent = self.ctx.parent(node)
        if isinstance(parent, ast.Call) and callee_name(parent) in _TIKTOKEN_CALLS:
            return  # judged with the call
        if said := constant_mismatch(self.ctx.function(), parent, node):  # ``{"claude": "cl100k_base"}``
            self.report(node, said, advice=_ADVICE)
        elif other := unknown_model_default(self.ctx.function(), self.ctx.tree, self.ctx.ancestors):
            self.report(node, f"{_FALLBACK}; the module also handles {other!r}", advice=_ADVICE)

    def _tiktokens(self, func: ast.expr) -> bool:
        """The function called is tiktoken's: ``tiktoken.get_encoding`` (``tk.`` for ``import tiktoken
        as tk``), or a name imported from tiktoken, or one the module neither imports nor defines
        (imported in a function); not a method of another object (set 17: autorag's own
        ``self.encoding_for_model``, which asks a vLLM server's ``/tokenize``)."""
        if isinstance(func, ast.Attribute):
            base = func.value
            name = (
                base.id
                if isinstance(base, ast.Name)
                else base.attr
                if isinstance(base, ast.Attribute)
                else ""
            )
            origin = self.ctx.origin(name) if isinstance(base, ast.Name) else name
            return "tiktoken" in origin.lower()
        if not isinstance(func, ast.Name):
            return False
        origin = self.ctx.origin(func.id)
        if origin != func.id:
            return origin.split(".")[0] == "tiktoken"
        body = getattr(self.ctx.tree, "body", ())
        return not any(
            isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == func.id for s in body
        )

    def _corrected(self, node: ast.Call) -> float | None:
        """The rate the function (or the class, for an encoding kept on ``self``) scales this encoding's
        count by (``int(len(enc.encode(text)) * 1.1)``: set 20, inspect-ai's default counter for every
        provider): a GPT count made to stand for another tokenizer's (``tiktoken_counts``)."""
        reader = CountReader(self.ctx.function(), self.ctx.enclosing_class(), self.ctx.origin)
        return corrected(node, reader)

    def _openai_only(self, anchor: ast.AST | None = None, path: Sequence[ast.AST] = ()) -> bool:
        """The fallback's function raises for every model name that is not OpenAI's (``pb109_openai_only``).
        ``anchor``: the ``try`` the fallback follows, with ``path`` from the module down to it; by
        default the ``try`` of the ``except`` handler holding the call."""
        ancestors = self.ctx.ancestors
        if anchor is None:
            anchor, at = handled_try(ancestors)
            path = ancestors[:at]
        if not isinstance(anchor, ast.Try):
            return False
        model = tried_model(anchor)
        if model is None:
            return False
        if openai_owned(self.ctx.enclosing_class(), self.ctx.function(), model):
            return True  # a model the class's OpenAI client is built for
        return raises_for_other_models(self.ctx.tree, path, self.ctx.scopes, model)

    def _class_serves_others(self, node: ast.Call, callee: str) -> str:
        """A fixed GPT encoding (``get_encoding("cl100k_base")``) in a class whose code names another
        provider's model or API host (``"deepseek-chat"``, ``"api.deepseek.com"``): an OpenAI-compatible
        client that counts those models' tokens with OpenAI's encoding (set 18: curator). Not in a branch
        picking OpenAI's models (``if "gpt" in model: enc = get_encoding("o200k_base")``)."""
        cls = self.ctx.enclosing_class()
        if cls is None or not fixed_gpt_encoding(node, callee):
            return ""
        ancestors = self.ctx.ancestors
        for i, anc in enumerate(ancestors[:-1]):
            if (
                isinstance(anc, (ast.If, ast.IfExp))
                and names_openai_models(anc.test)
                and (
                    ancestors[i + 1] is anc.body
                    if isinstance(anc, ast.IfExp)
                    else any(ancestors[i + 1] is stmt for stmt in anc.body)
                )
            ):
                return ""
        return other_provider_named(cls)

    def _callers_name(self, node: ast.Call) -> bool:
        """``get_encoding(name)`` with ``name`` a parameter of the enclosing function, or the name the
        ``try`` whose handler holds it gave ``encoding_for_model``: the caller's string."""
        arg = node.args[0] if node.args else None
        if retried_as_encoding(node, self.ctx.ancestors):
            return True
        fn = self.ctx.function()
        if not isinstance(arg, ast.Name) or fn is None:
            return False
        a = fn.args
        return arg.id in {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}

    def _any_model(self) -> bool:
        """The call is not guarded: not inside a ``try`` and the function never tells OpenAI models
        from others (``pb109_unguarded``)."""
        if any(isinstance(a, ast.Try) and a.handlers for a in self.ctx.ancestors):
            return False
        scope = self.ctx.function()
        call = self.ctx.ancestors[-1]
        if scope is None or not isinstance(call, ast.Call):
            return False
        if openai_owned(self.ctx.enclosing_class(), scope, call.args[0]):
            return False  # a model the class's OpenAI client is built for
        return any_model(self.ctx.tree, scope, self.ctx.enclosing_class(), call)

    def _fallback_for_unknown(self) -> bool:
        ancestors = self.ctx.ancestors
        for i in range(len(ancestors) - 1, 0, -1):
            anc = ancestors[i]
            if (
                isinstance(anc, (ast.IfExp, ast.If))
                and i + 1 < len(ancestors)
                and (
                    ancestors[i + 1] is anc.orelse
                    if isinstance(anc, ast.IfExp)
                    else any(ancestors[i + 1] is stmt for stmt in anc.orelse)
                )
                and names_openai_models(anc.test)
            ):
                # ``encoding_for_model(m) if "gpt" in m else get_encoding("cl100k_base")``: every model
                # that is not OpenAI's gets the GPT encoding (set 12: pr-agent)
                return True
            if (
                isinstance(anc, ast.If)
                and i + 1 < len(ancestors)
                and any(ancestors[i + 1] is stmt for stmt in anc.body)
                and names_openai_models(anc.test)
            ):
                return False  # ``if model in [ModelType.O1.value, ...]: get_encoding("o200k_base")``
            if isinstance(ancestors[i], ast.ExceptHandler):
                parent = ancestors[i - 1]
                return isinstance(parent, ast.Try) and any(
                    isinstance(n, ast.Call) and reads_model(n) for stmt in parent.body for n in walk(stmt)
                )
        return False
