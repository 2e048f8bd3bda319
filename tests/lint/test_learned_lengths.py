"""Literals given under a length name the project hands to a tokenizer's truncation length, written in
other modules (``prompt_budget.lint.learned_lengths``; set 33: ColBERT's ``doc_maxlen``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, package_rows, rows

TOKENIZATION = (
    "class DocTokenizer:\n"
    "    def __init__(self, config):\n"
    "        self.doc_maxlen = config.doc_maxlen\n\n"
    "    def tensorize(self, texts):\n"
    "        return self.tok(texts, truncation='longest_first', max_length=(self.doc_maxlen - 1))\n\n"
    "class QueryTokenizer:\n"
    "    def tensorize(self, texts, full=False):\n"
    "        max_length = self.query_maxlen\n"
    "        return self.tok(texts, truncation=True, max_length=(max_length - 1))\n"
)
PARSER = (
    "def add(parser):\n    parser.add_argument('--doc_maxlen', dest='doc_maxlen', default=180, type=int)\n"
)
SETTINGS = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Settings:\n"
    "    doc_maxlen: int = DefaultVal(220)\n    query_maxlen: int = DefaultVal(32)\n"
)
DEMO = (
    "def check(config):\n    assert config.query_maxlen == 64, config\n\n"
    "if __name__ == '__main__':\n    m = Model(config=Config(doc_maxlen=300, similarity='l2'))\n"
)


def test_literals_under_a_name_the_project_cuts_tokens_to_are_reported(tmp_path: Path) -> None:
    files = {"tokenization.py": TOKENIZATION, "parser.py": PARSER, "settings.py": SETTINGS, "demo.py": DEMO}
    found = lint_package(tmp_path, files)
    assert rows(found) == [
        ("demo.py", 2, "PB102", 64),
        ("demo.py", 5, "PB102", 300),
        ("parser.py", 2, "PB102", 180),
        ("settings.py", 5, "PB102", 220),
        ("settings.py", 6, "PB102", 32),
    ]
    option = next(f for f in found if f.value == 180)
    assert "as a command-line option's default" in option.message
    assert "gives `doc_maxlen` to a tokenizer's `max_length=` at pkg/tokenization.py:6" in option.message
    assert option.fixable


def test_a_name_also_given_to_another_length_is_not_reported(tmp_path: Path) -> None:
    other = "def recent(config):\n    return deque(maxlen=config.doc_maxlen)\n"
    files = {"tokenization.py": TOKENIZATION, "parser.py": PARSER, "settings.py": SETTINGS, "other.py": other}
    assert [g for g in package_rows(tmp_path, files) if g[3] in {180, 220}] == []


def test_a_name_the_project_never_gives_a_tokenizer_is_not_reported(tmp_path: Path) -> None:
    assert package_rows(tmp_path, {"parser.py": PARSER, "settings.py": SETTINGS, "demo.py": DEMO}) == []


def test_a_comparison_in_a_test_module_is_a_scenario(tmp_path: Path) -> None:
    checks = "def test_config(config):\n    assert config.doc_maxlen == 300\n"
    assert package_rows(tmp_path, {"tokenization.py": TOKENIZATION, "test_config.py": checks}) == []


#: Set 34 (llm-blender): a config dataclass's ``field(default=...)`` whose name another module gives to
#: the token budget of a dict of generation settings, and lengths compared with token counts.
FUSER_CONFIG = (
    "from dataclasses import dataclass, field\n\n@dataclass\nclass FuserConfig:\n"
    "    candidate_maxlength: int = field(default=128, metadata={'help': 'Max length of a candidate'})\n"
)
FUSE = (
    "def fuse(self, inputs, **kwargs):\n"
    "    candidate_maxlength = kwargs.pop('candidate_max_length', None) or self.config.candidate_maxlength\n"
    "    params = {'max_new_tokens': candidate_maxlength, 'num_beams': 4}\n"
    "    return self.model.generate(inputs, **params)\n"
)
FILTER = (
    "def keep(rows, tokenizer):\n"
    "    lengths = [len(tokenizer.encode(r['output'])) for r in rows]\n"
    "    return [r for r, n in zip(rows, lengths) if n > 10 and n < LIMITS.output_maxlen]\n"
)


def test_a_dict_budget_and_a_comparison_with_token_counts_teach_the_project(tmp_path: Path) -> None:
    limits = "LIMITS.output_maxlen = 128\n"
    files = {"config.py": FUSER_CONFIG, "blender.py": FUSE, "filter.py": FILTER, "limits.py": limits}
    found = lint_package(tmp_path, files)
    assert rows(found) == [
        ("config.py", 5, "PB102", 128),
        ("limits.py", 1, "PB102", 128),
    ]
    field_default = next(f for f in found if Path(f.path).name == "config.py")
    assert "the token budget `'max_new_tokens'` of a dict at pkg/blender.py:3" in field_default.message


def test_lengths_of_strings_or_settings_that_are_no_budget_teach_nothing(tmp_path: Path) -> None:
    chars = FILTER.replace("len(tokenizer.encode(r['output']))", "len(r['output'])")
    shown = FUSE.replace("'max_new_tokens'", "'max_chars'")
    limits = "LIMITS.output_maxlen = 128\n"
    files = {"config.py": FUSER_CONFIG, "blender.py": shown, "filter.py": chars, "limits.py": limits}
    assert package_rows(tmp_path, files) == []


TRAINER = (
    "def configure(config, tokenizer):\n"
    "    if config.block_size is None:\n"
    "        block_size = tokenizer.model_max_length\n"
    "        if block_size > 1024:\n            block_size = 1024\n"
    "    else:\n        block_size = min(config.block_size, tokenizer.model_max_length)\n"
    "    config.block_size = block_size\n    return config\n"
)
DPO = "def train(config, training_args):\n    training_args['max_seq_length'] = config.block_size\n    return training_args\n"
PARAMS = (
    "def tokenizer_defaults():\n    return LLMTrainingParams(model='m', block_size=1024, batch_size=64)\n"
)


def test_a_size_set_from_a_tokenizers_length_or_stored_as_a_sequences_length_is_learned(
    tmp_path: Path,
) -> None:
    found = package_rows(tmp_path, {"utils.py": TRAINER, "params.py": PARAMS})
    assert ("params.py", 2, "PB102", 1024) in found
    assert ("utils.py", 4, "PB102", 1024) in found
    assert ("utils.py", 5, "PB102", 1024) in found
    (tmp_path / "b").mkdir()
    found = package_rows(tmp_path / "b", {"dpo.py": DPO, "params.py": PARAMS})
    assert [f for f in found if f[0] == "params.py"] == [("params.py", 2, "PB102", 1024)]


def test_a_size_read_any_other_way_is_not_learned(tmp_path: Path) -> None:
    chunks = (
        "def group(examples, config):\n"
        "    return [t[i : i + config.block_size] for i in range(0, len(t), config.block_size)]\n"
    )
    assert package_rows(tmp_path, {"chunks.py": chunks, "params.py": PARAMS}) == []
    stored = "def train(args, config):\n    args['max_seq_length'] = config.batch_size\n"
    (tmp_path / "b").mkdir()
    assert package_rows(tmp_path / "b", {"train.py": stored, "params.py": PARAMS}) == []


#: Set 44 (alpaca-farm): prompts tokenized and kept when no longer than ``query_len``, the name a config
#: dataclass of another module gives a default (beside a ``response_len`` no module here learns).
QUERIES = (
    "class QueryDataset:\n    def __init__(self, tokenizer, prompts, query_len):\n"
    "        queries = [tokenizer(p, return_tensors='pt', truncation=False).input_ids[0] for p in prompts]\n"
    "        self.queries = [q for q in queries if len(q) <= query_len]\n"
)
PPO_ARGS = (
    "from dataclasses import dataclass, field\n\n@dataclass\nclass TrainingArguments:\n"
    "    query_len: int = field(default=192)\n    response_len: int = field(default=300)\n"
    "    use_fast_tokenizer: bool = field(default=False)\n"
)


def test_a_length_compared_with_the_length_of_a_row_of_token_ids_is_learned(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"data.py": QUERIES, "ppo.py": PPO_ARGS})
    assert [(Path(f.path).name, f.line, f.code, f.value) for f in found] == [("ppo.py", 5, "PB102", 192)]
    assert "a comparison with the token count `len(q)` at pkg/data.py:4" in found[0].message
    strings = QUERIES.replace("tokenizer(p, return_tensors='pt', truncation=False).input_ids[0]", "p.split()")
    (tmp_path / "words").mkdir()
    assert package_rows(tmp_path / "words", {"data.py": strings, "ppo.py": PPO_ARGS}) == []


def test_a_name_given_to_a_function_whose_parameter_a_tokenizer_cuts_to(tmp_path: Path) -> None:
    """Set 53: rankify's FiD collator hands ``passage_maxlength`` to ``encode_passages(..., max_length)``;
    a config class elsewhere defaults it (``length_arguments``)."""
    data = (
        "def encode_passages(texts, tokenizer, max_length):\n"
        "    return tokenizer.batch_encode_plus(texts, max_length=max_length, truncation=True)\n\n"
        "class RetrieverCollator:\n    def __init__(self, tokenizer, passage_maxlength=200):\n"
        "        self.passage_maxlength = passage_maxlength\n\n"
        "    def __call__(self, batch):\n"
        "        return encode_passages(batch, self.tokenizer, self.passage_maxlength)\n"
    )
    model = (
        "class RetrieverConfig(BertConfig):\n"
        "    def __init__(self, passage_maxlength=200, projection=True, **kwargs):\n"
        "        self.passage_maxlength = passage_maxlength\n"
    )
    found = lint_package(tmp_path, {"data.py": data, "model.py": model})
    config = [f for f in found if Path(f.path).name == "model.py"]
    assert [(f.line, f.code, f.value) for f in config] == [(2, "PB102", 200)]
    assert "the parameter `max_length` of `encode_passages`" in config[0].message


def test_a_name_given_to_a_function_that_cuts_nothing_is_not_learned(tmp_path: Path) -> None:
    data = (
        "def pad_passages(texts, tokenizer, width):\n    return tokenizer.pad(texts, length=width)\n\n"
        "def collate(batch, tokenizer, cfg):\n    return pad_passages(batch, tokenizer, cfg.passage_maxlength)\n"
    )
    model = "class RetrieverConfig:\n    def __init__(self, passage_maxlength=200):\n        pass\n"
    assert package_rows(tmp_path, {"data.py": data, "model.py": model}) == []
