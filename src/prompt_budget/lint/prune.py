"""Which statements the rules' walk can skip: those whose text holds nothing a rule acts on.

Most statements of a file that passes the pre-check hold no number, no budget word and no name a rule
follows (``self.client = client``, ``return result``), and walking them in Python is most of the lint's
cost after the parse. Each built-in rule's needs are declared here, next to one another:

- every rule but PB109 acts only where a number literal is (a budget, a ratio, a threshold, a divisor):
  a statement is kept when a line of it holds a digit (in a number, or in a name or a string: a few
  statements more are walked than needed);
- PB102 also learns which chunk settings the project's chunker hands to a splitter measuring tokens
  (``SentenceSplitter(chunk_size=self.chunk_size)``, ``chunk_units.py``) and which options left None
  say tokens in their help (``add_argument("--max_batch_size", default=None, help="... tokens")``,
  ``option_fallbacks.py``): kept where a line holds ``chunk`` or ``add_argument``;
- PB105 also marks the scopes where a budget name is read (``_seen``): kept where a line holds a word a
  budget name is made of (``tok``, ``ctx``, ``context``, ``budget``...) or a ``budget-names`` name;
- PB105 also learns which generic thresholds are compared with a score (``self.score >=
  self.threshold``: a quality threshold, not a budget ratio): kept where a line holds a score word
  (:data:`~prompt_budget.lint.names.SCORE_WORDS`);
- those two serve only a generic ratio name (``threshold = 0.7``, which waits for a budget in its scope),
  bound in few files: a file is first walked without the budget and score words, PB105 gathering none
  of that evidence (``gather_evidence``), and walked again, by new rule instances with every word,
  only when PB105 bound a generic ratio name (the statement binding it holds its number, so the first
  walk always sees it: ``Pruner.walk_again``);
- PB109 acts at tiktoken's calls and at GPT encodings' names: kept where a line names one;
- PB104 reads a rate kept in a constant (``TOKEN_SCALER = 0.75``) or in a parameter's default
  (``han_tokens=0.625``) where it divides or multiplies: a statement naming a constant or a parameter
  it saw bound to a rate's number is kept;
- PB102 and PB105 follow names bound to a number to their later reads and re-bindings (the data flow):
  a statement naming one of the names they watch at that point of the walk is kept; so does PB101, for a
  length bound to a number in a test (``bound_lengths``) and a local bound to a budget's number, followed
  to the calls it is given to positionally (``positional_args``);
- a line with a non-ASCII character is always kept (Python normalises identifiers, so the text may
  spell a watched name differently from the tree).

A compound statement (``def``, ``class``, ``if``...) is skipped whole only when none of its lines
(decorators included) is kept; otherwise its header is walked and each statement of its body is
judged on its own. Skipping a statement skips its ``visit_``/``leave_`` calls and its children, which
none of the rules needed. A rule not declared here (a plugin's, or a built-in rule this module does not
know) turns pruning off: every statement is walked. ``lint_bench.py --compare-walk`` checks, on every
pinned package, that the findings with pruning are exactly those of the full walk.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from prompt_budget.lint.names import SCORE_WORDS
from prompt_budget.lint.walks import non_ascii_lines, source_of

if TYPE_CHECKING:
    from prompt_budget.lint.options import RuleOptions
    from prompt_budget.lint.rule import LintRule

#: Set False to walk every statement (the comparison of ``lint_bench.py --compare-walk``).
ENABLED = True

#: Words every budget name contains one of (``max_tokens``, ``n_ctx``, ``context_window``,
#: ``max_seq_len``, ``num_predict``, ``thinking_budget``, ``num_output``), lower-cased.
BUDGET_NAME_WORDS = ("tok", "ctx", "context", "seq", "predict", "budget", "output")
#: tiktoken's calls PB109 judges.
TIKTOKEN_CALLS = ("encoding_for_model", "get_encoding", "encoding_name_for_model")
#: GPT encodings' names PB109 judges where written outside tiktoken's calls (``TOKENIZERS["cl100k"]``).
GPT_ENCODINGS = ("cl100k", "o200k", "p50k", "r50k")


def _uses_watch(rule: LintRule) -> Collection[str] | None:
    """The names a data-flow rule follows (its ``Uses.watch``, which holds its candidates too): PB105's
    own ``_uses``, PB102's in what it holds for the module's reads (``_held``, a ``deferred.Deferred``)."""
    uses = getattr(rule, "_uses", None)
    if uses is None:
        uses = getattr(getattr(rule, "_held", None), "uses", None)
    watch = getattr(uses, "watch", None)
    return watch if type(watch) is set else None


Watched = Callable[["LintRule"], "Collection[str] | None"]


class _Needs(NamedTuple):
    """What a built-in rule acts on."""

    #: a line with a digit is kept
    digits: bool
    #: lower-case words that keep a line
    words: tuple[str, ...] = ()
    #: where the names the rule follows are
    watched: Watched | None = None
    #: words that keep a line only for a file where, after a walk without them, ``wanted`` says the rule
    #: needed them (the file is walked again, with them); ``lighter`` tells the rule, before that first
    #: walk, that it may leave out the work only those lines serve
    later: tuple[str, ...] = ()
    wanted: Callable[[LintRule], bool] | None = None
    lighter: Callable[[LintRule], None] | None = None


def _rate_names(rule: LintRule) -> Collection[str] | None:
    """The constants PB104 saw bound to a rate's number (``TOKEN_SCALER = 0.75``), whose reads divide
    a count with no digit on their line (``len(p.split()) / self.TOKEN_SCALER``)."""
    names = getattr(rule, "rate_names", None)
    return names if type(names) is set else None


def _generic_ratio_bound(rule: LintRule) -> bool:
    """PB105 bound a generic ratio name (``threshold = 0.7``), which waits for a budget name read in its
    scope and is dropped when compared with a score: only then do the lines holding those matter."""
    return getattr(rule, "generic_bound", True) is not False


def _without_evidence(rule: LintRule) -> None:
    """PB105 gathers the evidence a generic ratio name waits for only in the walk that has its lines."""
    rule.gather_evidence = False  # type: ignore[attr-defined]


def _pb101_watch(rule: LintRule) -> Collection[str]:
    """PB101's ``bound_lengths`` (``max_length = 512``) and the locals its positional flow follows."""
    flow = getattr(rule, "_positional", None)
    numbered: set[str] = getattr(flow, "numbered", set())
    lengths: set[str] = getattr(rule, "bound_lengths", set())
    return lengths | numbered if numbered else lengths


#: rule code -> what it acts on
_DECLARED: dict[str, _Needs] = {
    # and the locals bound to a budget's number that it follows to the calls given them (``positional_args``)
    "PB101": _Needs(True, watched=_pb101_watch),
    "PB102": _Needs(True, ("chunk", "add_argument"), watched=_uses_watch),
    "PB103": _Needs(True),
    # and the locals PB104 saw bound to a rate's number under a factor's name (``pb104_local_factors``) or to a
    # choice of two rates (``divisor = 4 if code else 5``: ``pb104_branch_rates.picked_rate``)
    "PB104": _Needs(
        True,
        watched=lambda rule: (
            None
            if (names := _rate_names(rule)) is None
            else {*names, *getattr(rule, "factor_names", ()), *getattr(rule, "picked_names", ())}
        ),
    ),
    "PB105": _Needs(
        True,
        watched=_uses_watch,
        later=BUDGET_NAME_WORDS + tuple(sorted(SCORE_WORDS)),
        wanted=_generic_ratio_bound,
        lighter=_without_evidence,
    ),
    "PB106": _Needs(True),
    "PB107": _Needs(True),
    "PB108": _Needs(True),
    "PB109": _Needs(False, (*TIKTOKEN_CALLS, *GPT_ENCODINGS)),
}
_BUILTIN_MODULE = "prompt_budget.lint.rules."


class Pruner:
    """For one file: whether a statement can be skipped, given the lines kept by text and the names the
    rules follow so far. Built only when every rule is declared (``Pruner.build``)."""

    def __init__(
        self,
        text: str,
        lines: Sequence[str],
        digits: bool,
        words: Collection[str],
        watchers: list[tuple[LintRule, Watched]],
    ) -> None:
        if "\r" in text:  # the lines end at \r\n, \r or \n: make every end one \n
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        self._text = text
        # kept[i] == 1: line i (1-based) holds something a rule acts on, or names what a rule follows
        self.kept = bytearray(len(lines) + 2)
        # lines are counted in the text searched, so lower-casing (which may lengthen non-ASCII text)
        # moves nothing
        if digits:
            self._keep_digits(text)
        if words:
            # ``source_of``'s: the text of ``lines`` lower-cased, which the helpers read too (without the
            # text's last line end, which no word holds)
            lowered = source_of(lines)[1]
            # a word not in the text: its first ``find`` finds nothing; a word holding a part of
            # ``_WORD_PARTS`` is not looked for in a text without that part (PB109's seven words are two
            # scans, ``encoding`` and ``0k``, in most files)
            held: dict[str, bool] = {}
            for word, part in _fewest(words):
                if part is not None:
                    hit = held.get(part)
                    if hit is None:
                        hit = held[part] = part in lowered
                    if not hit:
                        continue
                self._keep_word(lowered, word)
        if not text.isascii():
            # line by line (``non_ascii_lines``): ``NON_ASCII`` searched from each kept line on tried its
            # class at every character up to the next such line
            kept = self.kept
            for line in non_ascii_lines(text):
                kept[line] = 1
        self._watchers = watchers
        self._sizes = [-1] * len(watchers)
        self._marked: set[str] = set()
        self.broken = False
        #: a rule's handler may have run since the names followed were last read (the walk sets it after
        #: calling one): only then can they have changed
        self.stale = True
        self._deferred: list[tuple[LintRule, Callable[[LintRule], bool]]] = []

    def _keep_digits(self, text: str) -> None:
        """Keep every line ``_DIGITS`` finds something in: a digit is looked for with a plain class (a
        fast scan) and ``_DIGITS`` tried only at a 0 or a 1 (the alternatives with look-arounds made
        ``search`` several times slower over a whole text than the class alone)."""
        search, match = _ANY_DIGIT.search, _DIGITS.match
        if text.isascii():
            # every digit made a NUL, found with ``str.find`` (a byte scan) instead of ``re``'s class;
            # a NUL of the text itself is no digit: ``_DIGITS`` does not match there
            find = text.translate(_DIGITS_TO_NUL).find

            def marked(pos: int) -> int:
                at = find("\0", pos)
                while at >= 0:
                    if text[at] > "1" or match(text, at):
                        return at
                    at = find("\0", at + 1)
                return -1

            self._keep_at(text, marked)
            return

        if self._keep_digits_utf8(text):
            return

        def hit(pos: int) -> int:
            found = search(text, pos)
            while found is not None:
                at = found.start()
                if text[at] > "1" or match(text, at):
                    return at
                found = search(text, at + 1)
            return -1

        self._keep_at(text, hit)

    def _keep_digits_utf8(self, text: str) -> bool:
        """``_keep_digits`` of a text that is not ASCII, in its UTF-8 bytes (``str.translate`` of such a
        text costs a dozen times its ``re`` search, ``bytes.translate`` a byte scan): the same lines, as
        UTF-8 writes every ASCII character as itself and any other as bytes >= 0x80, which ``_DIGITS_BYTES``
        reads as the non-ASCII character ``_DIGITS`` reads there (in none of its classes, or in
        ``[^=!<>]``). False (nothing kept) when the text has no UTF-8 form (a lone surrogate)."""
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            return False
        match = _DIGITS_BYTES.match
        find = data.translate(_DIGITS_TO_NUL_BYTES).find
        kept, count, find_line = self.kept, data.count, data.find
        last, line = 0, 1
        at = find(b"\0")
        while at >= 0:
            if data[at] > 0x31 or match(data, at):  # a digit above ``1``, or a 0 or 1 given as a value
                line += count(b"\n", last, at)
                last = at
                kept[line] = 1
                end = find_line(b"\n", at)
                if end < 0:
                    break
                at = find(b"\0", end + 1)
            else:
                at = find(b"\0", at + 1)
        return True

    def _keep_word(self, text: str, word: str) -> None:
        """Keep every line of ``text`` where ``word`` is written (as a word or a part of one)."""
        self._keep_at(text, partial(text.find, word))

    def _keep_at(self, text: str, hit: Callable[[int], int]) -> None:
        """Keep the line of each hit ``hit(pos)`` finds from ``pos`` on (-1: none), then look again
        from the next line: one search per line kept."""
        kept, find, count = self.kept, text.find, text.count
        last, line = 0, 1
        start = hit(0)
        while start >= 0:
            line += count("\n", last, start)
            last = start
            kept[line] = 1
            end = find("\n", start)
            if end < 0:
                break
            start = hit(end + 1)

    @classmethod
    def build(
        cls,
        text: str,
        lines: Sequence[str],
        rules: Sequence[LintRule],
        options: Sequence[RuleOptions],
        *,
        every_word: bool = False,
    ) -> Pruner | None:
        """The pruner for ``rules`` (instances, with their options), or None when a rule is not one
        this module declares (every statement is walked then). Words a rule needs only in some files
        (``_Needs.later``) are left out unless ``every_word``: ask ``walk_again`` after the walk."""
        if not ENABLED:
            return None
        digits = False
        words: dict[str, None] = {}
        watchers = []
        deferred: list[tuple[LintRule, Callable[[LintRule], bool]]] = []
        lighter: list[tuple[LintRule, Callable[[LintRule], None]]] = []
        for rule, opts in zip(rules, options, strict=True):
            needs = _DECLARED.get(rule.CODE)
            if needs is None or not type(rule).__module__.startswith(_BUILTIN_MODULE):
                return None
            digits = digits or needs.digits
            words.update(dict.fromkeys(needs.words))
            if needs.later:
                if every_word or needs.wanted is None:
                    words.update(dict.fromkeys(needs.later))
                else:
                    deferred.append((rule, needs.wanted))
                    if needs.lighter is not None:
                        lighter.append((rule, needs.lighter))
            words.update(dict.fromkeys(opts.judge.extra_budget_names))  # ``budget-names``, lower case
            if needs.watched is not None:
                watchers.append((rule, needs.watched))
        for rule, lighten in lighter:  # only now: a rule not declared above prunes nothing
            lighten(rule)
        pruner = cls(text, lines, digits, words, watchers)
        pruner._deferred = deferred
        return pruner

    def walk_again(self) -> bool:
        """After the walk: whether a rule needed the words left out (``_Needs.later``), so the file must
        be walked again by new rule instances with a pruner built with ``every_word``."""
        return any(wanted(rule) for rule, wanted in self._deferred)

    def skip(self, node: ast.stmt) -> bool:
        """Whether the walk can leave ``node`` (a statement) and everything in it out."""
        if self.broken:
            return False
        first = node.lineno  # ``statement_span``, inlined: this runs at every statement of the walk
        decorators = getattr(node, "decorator_list", None)
        if decorators:
            first = min(first, *(d.lineno for d in decorators))
        last = node.end_lineno or node.lineno
        kept = self.kept
        if kept.find(1, first, last + 1) >= 0:
            return False
        # the names followed only add kept lines: looked at only when the lines kept so far say skip,
        # and only when a rule's handler ran since they were last read (nothing else changes them)
        if not self.stale:
            return True
        self.stale = False
        if not self._follow():
            return True
        return not self.broken and kept.find(1, first, last + 1) < 0

    def _follow(self) -> bool:
        """Keep every line naming a name a rule has started to follow since the last statement; whether
        a line may have been kept (or pruning stopped)."""
        changed = False
        sizes = self._sizes
        for i, (rule, watched) in enumerate(self._watchers):
            names = watched(rule)
            if names is None:  # the rule keeps its names elsewhere now: prune nothing more
                self.broken = True
                return True
            if len(names) != sizes[i]:
                sizes[i] = len(names)
                for name in [n for n in names if n not in self._marked]:
                    self._marked.add(name)
                    self._mark(name)
                    changed = True
        return changed

    def _mark(self, name: str) -> None:
        """Keep every line where ``name`` is written (as a word or a part of one: a few more lines
        walked cost less than telling them apart)."""
        self._keep_word(self._text, name)


def _fewest(words: Collection[str]) -> list[tuple[str, str | None]]:
    """``words`` without those that hold another of them (a line holding ``scores`` holds ``score``):
    the lines holding one of the words found with fewer searches; each with the part of ``_WORD_PARTS``
    it holds (a text without the part holds no such word), else None."""
    key = tuple(words)
    found = _FEWEST.get(key)
    if found is None:
        fewest = [w for w in key if not any(o != w and o in w for o in key)]
        found = _FEWEST[key] = [
            (w, next((part for part in _WORD_PARTS if part != w and part in w), None)) for w in fewest
        ]
    return found


_FEWEST: dict[tuple[str, ...], list[tuple[str, str | None]]] = {}
#: Parts several of the declared words share and most texts do not hold: tiktoken's calls
#: (``encoding_for_model``, ``get_encoding``, ``encoding_name_for_model``) and GPT encodings' names
#: (``cl100k``, ``o200k``, ``p50k``, ``r50k``).
_WORD_PARTS = ("encoding", "0k")
#: A digit of a number other than a lone ``0`` or ``1`` (every number a rule acts on has one; a few more
#: lines are kept for digits in names and strings), or a lone ``0`` or ``1`` given as a value (``=``, ``:``):
#: ``guess_chars_per_token=1`` is a rate (PB104), ``x[0]``, ``range(1, n)`` and ``n - 1`` keep no line; a ``1`` spoken
#: as thousands or millions (``"1M"``, a window in a string: ``string_budgets``) keeps its line.
#: (Every alternative starts with a digit, so the search skips to the next digit at C speed.)
_ANY_DIGIT = re.compile("[0-9]")
#: ``str.translate``'s table making every digit a NUL (fast for an ASCII text only).
_DIGITS_TO_NUL = str.maketrans("0123456789", "\0" * 10)
#: ``bytes.translate``'s table making every digit a NUL (``_keep_digits_utf8``).
_DIGITS_TO_NUL_BYTES = bytes.maketrans(b"0123456789", b"\0" * 10)
_DIGITS = re.compile(
    r"[2-9]|[01](?:(?=[0-9_.eEjJxXoObBkKM])|(?<=[A-Za-z_.][01])|(?<=[^=!<>]=[01])|(?<=[^=!<>]= [01])|(?<=:[01])|(?<=: [01]))"
)
#: ``_DIGITS`` for UTF-8 bytes (``_keep_digits_utf8``).
_DIGITS_BYTES = re.compile(_DIGITS.pattern.encode("ascii"))
