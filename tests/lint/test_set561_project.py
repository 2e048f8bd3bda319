"""Set 561 (issue 19), the halves decided over the whole run: a ratio named for a budget that another module of
the same tree compares with a score is withdrawn (``score_defaults.scored_elsewhere``, PB105; acm-context-management's
``summarize_threshold`` of its config, compared with a relevance score by its encoder); an amount of tokens below the
echoes' floor named one word apart from a reported budget of its module is reported (``constant_echoes``, PB102;
metis-llm's ``_DEFAULT_JUDGE_PROJECTED_OUTPUT_TOKENS = 200``); a share an environment variable defaults to is reported
but not fixable (the text is the variable's, PB105)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, lint_tree, reported_lines

PROFILES = (
    '"""Context profiles: token budgets."""\n'
    "from pydantic import BaseModel, Field\n\n\n"
    "class RelevancePruningCfg(BaseModel):\n"
    "    keep_recent: int = Field(default=3, ge=0, le=50)\n"
    "    drop_threshold: float = Field(default=0.35, ge=0.0, le=1.0)\n"
    "    summarize_threshold: float = Field(default=0.6, ge=0.0, le=1.0)\n"
)
ENCODER = (
    "class Encoder:\n"
    "    def __init__(self, *, drop_threshold=0.35, summarize_threshold=0.6):\n"
    "        self.drop_threshold = drop_threshold\n"
    "        self.summarize_threshold = summarize_threshold\n\n"
    "    def suggest(self, episodes, scores):\n"
    "        for ep, rel in zip(episodes, scores):\n"
    "            if rel < self.drop_threshold:\n"
    "                yield 'DROP', ep.tokens\n"
    "            elif rel < self.summarize_threshold:\n"
    "                yield 'SUMMARIZE', ep.tokens\n"
)
APP = (
    '"""Gateway over the context\'s tokens."""\n'
    "def make(rel, encoder):\n"
    "    return encoder(summarize_threshold=float(getattr(rel, 'summarize_threshold', 0.6) or 0.6))\n"
)


def _distribution(with_encoder: bool) -> dict[str, str]:
    files = {
        "acm/engine/__init__.py": "",
        "acm/engine/_vendor/profiles.py": PROFILES,
        "acm/gateway/__init__.py": "",
        "acm/gateway/app.py": APP,
    }
    if with_encoder:
        files["acm/engine/_vendor/encoder.py"] = ENCODER
    return files


def test_a_ratio_another_package_of_the_tree_compares_with_a_score_is_withdrawn(tmp_path: Path) -> None:
    assert reported_lines(lint_tree(tmp_path, _distribution(True)), "PB105") == []


def test_the_same_ratio_is_reported_where_no_module_compares_it_with_a_score(tmp_path: Path) -> None:
    found = reported_lines(lint_tree(tmp_path, _distribution(False)), "PB105")
    assert found == [
        ("acm/engine/_vendor/profiles.py", 7),
        ("acm/engine/_vendor/profiles.py", 8),
        ("acm/gateway/app.py", 3),
    ]


def test_a_score_compared_in_another_tree_of_the_run_withdraws_nothing(tmp_path: Path) -> None:
    files = {**_distribution(False), "other/__init__.py": "", "other/encoder.py": ENCODER}
    found = reported_lines(lint_tree(tmp_path, files), "PB105")
    assert found == [
        ("acm/engine/_vendor/profiles.py", 7),
        ("acm/engine/_vendor/profiles.py", 8),
        ("acm/gateway/app.py", 3),
    ]


JUDGE = (
    "DEFAULT_JUDGE_MAX_OUTPUT_TOKENS = 256\n"
    "_DEFAULT_JUDGE_PROJECTED_INPUT_TOKENS = 1500\n"
    "_DEFAULT_JUDGE_PROJECTED_{which} = 200\n\n\n"
    "def judge(client, prompt):\n"
    "    return client.messages.create(model='m', max_tokens=DEFAULT_JUDGE_MAX_OUTPUT_TOKENS, messages=prompt)\n"
)


def test_a_small_amount_one_word_apart_from_a_reported_budget_is_its_twin(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "judge.py": JUDGE.format(which="OUTPUT_TOKENS")})
    assert reported_lines(found, "PB102") == [("pkg/judge.py", 1), ("pkg/judge.py", 2), ("pkg/judge.py", 3)]
    twin = next(f for f in found if f.line == 3)
    assert "named like DEFAULT_JUDGE_MAX_OUTPUT_TOKENS" in twin.message


def test_a_small_amount_two_words_apart_or_of_another_unit_is_not(tmp_path: Path) -> None:
    for which in ("OUTPUT_WAIT_TOKENS", "OUTPUT_SLOTS"):
        root = tmp_path / which
        root.mkdir()
        found = lint_package(root, {"__init__.py": "", "judge.py": JUDGE.format(which=which)})
        assert reported_lines(found, "PB102") == [("pkg/judge.py", 1), ("pkg/judge.py", 2)], which


def test_a_small_twin_in_another_module_is_not(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "judge.py": JUDGE.format(which="INPUT_CHARS").replace(
            "_DEFAULT_JUDGE_PROJECTED_INPUT_CHARS = 200\n", ""
        ),
        "other.py": "_DEFAULT_JUDGE_PROJECTED_OUTPUT_TOKENS = 200\n",
    }
    assert ("pkg/other.py", 1) not in reported_lines(lint_package(tmp_path, files), "PB102")


WARN = (
    "import os\n\n"
    "CONTEXT_BUDGET = 128000\n"
    "WARN_FRAC = float(os.getenv('ACM_CONTEXT_BUDGET_WARN', '0.8'))\n\n\n"
    "def over(live_tok):\n"
    "    return live_tok >= CONTEXT_BUDGET * WARN_FRAC\n"
)


def test_a_share_an_environment_variable_defaults_to_is_reported_but_not_fixable(tmp_path: Path) -> None:
    found = [f for f in lint_package(tmp_path, {"__init__.py": "", "limits.py": WARN}) if f.code == "PB105"]
    assert [(f.line, f.value, f.fixable) for f in found] == [(4, 0.8, False)]


CONFIG = (
    '"""Context management config."""\n'
    "from pydantic import BaseModel\n\n\n"
    "class ContextManagementConfig(BaseModel):\n"
    "    checkpoint_at: float = 0.80\n"
    "    checkpoint_reduction_rate: float = 0.5\n"
    "    max_tool_output: int = 4096\n"
    "    context_window: int = 128_000\n"
)
CONTEXT = (
    '"""Context tokens."""\n\n\n'
    "def manage(history, usage, cfg, history_tokens, {before}):\n"
    "    if {before} < usage.budget * cfg.checkpoint_at:\n"
    "        return history\n"
    "    return int({count} * (1.0 - cfg.checkpoint_reduction_rate))\n"
)


def test_config_shares_another_module_orders_against_tokens_or_keeps_of_them_are_reported(
    tmp_path: Path,
) -> None:
    context = CONTEXT.format(before="tokens_before", count="history_tokens")
    found = lint_package(tmp_path, {"__init__.py": "", "config.py": CONFIG, "context.py": context})
    assert reported_lines(found, "PB105") == [("pkg/config.py", 6), ("pkg/config.py", 7)]


def test_config_shares_read_against_other_amounts_are_not(tmp_path: Path) -> None:
    context = CONTEXT.format(before="seconds_before", count="len(history)")
    found = lint_package(tmp_path, {"__init__.py": "", "config.py": CONFIG, "context.py": context})
    assert reported_lines(found, "PB105") == []


def test_config_prices_another_module_multiplies_counts_of_tokens_by_are_not(tmp_path: Path) -> None:
    """The corpus check of the reading above: a price per token times a count is money, not a share of the count."""
    config = CONFIG.replace("checkpoint_at: float = 0.80", "input: float = 0.28").replace(
        "checkpoint_reduction_rate: float = 0.5", "output: float = 0.42"
    )
    context = (
        '"""Cost of the context\'s tokens."""\n\n\n'
        "def cost(usage, price):\n"
        "    return usage.input_tokens * price.input + usage.output_tokens * self_price(price).output\n\n\n"
        "def self_price(price):\n    return price\n"
    )
    found = lint_package(tmp_path, {"__init__.py": "", "config.py": config, "pricing.py": context})
    assert reported_lines(found, "PB105") == []
