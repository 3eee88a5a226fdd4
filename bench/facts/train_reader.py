"""Train the span reader's packaged models from an annotated corpus and the gold conversations.

    python -m bench.facts.train_reader --check                    # the corpus: file:row: reason
    python -m bench.facts.train_reader --batches 1-7              # writes weaver/data/reader_*
    python -m bench.facts.train_reader --batches 1-5 --score 6,7  # span figures, nothing written

The corpus (``reader/<lang>_*.yaml``) is chat messages annotated with the values the
speaker states of themself; ``reader/held_back/`` is written but unused (docs/FACTS.md).
From the gold, a fact of the speaker themself (current or superseded) is marked where its
value first appears, as typed, in one of the speaker's turns, and every other token is
outside; a value the gold writes differently from the turn (a canonical "vegetarian" for
"veggie") marks nothing. A clause that opens with someone else is learned once more as the
reader reads it, said as their own ("my sister Anna lives in Oslo" as "I live in Oslo"),
marked with that person's values. Every sentence is learned as typed and in lower case. One model
per language (``span_features``), trained with CRFsuite's L-BFGS and an elastic net, whose
L1 part keeps the file small; the same inputs give the same bytes.

Which batches a model learns from is the rule of evidence: the packaged model is trained
on the batches already spent, and the next unseen batch is scored once, with it in place.
``reader/talk/<lang>.yaml`` holds conversations in the bench's own format, written by other
hands only for the reader to learn from: the models always learn from them (unless
``--without-talk``), and no figure is ever scored on them.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pycrfsuite
import yaml
from vaultweave.weaver.extract import span_decoding, span_reader
from vaultweave.weaver.extract.reader_clauses import their_clauses
from vaultweave.weaver.extract.rules import split_sentences
from vaultweave.weaver.extract.span_features import Token, features, tokens

from bench.facts import dataset, model_cli

PARAMS = {"c1": 0.3, "c2": 0.05, "max_iterations": 150, "feature.possible_transitions": True}
# A feature seen fewer times than this in training is dropped: rare n-grams only overfit.
MIN_FEATURE_COUNT = 2

Example = tuple[list[list[str]], list[str]]
CORPUS_DIR = Path(__file__).resolve().parent / "reader"
TALK_DIR = CORPUS_DIR / "talk"


def corpus(lang: str, corpus_dir: Path = CORPUS_DIR) -> list[dict[str, Any]]:
    """The annotated sentences of ``reader/<lang>_*.yaml``: each ``{text, facts}``, where
    ``facts`` lists ``[attribute, value]`` pairs the speaker states of themself, each value
    spelled as in the text. A sentence with no facts (a question, a wish, someone else's
    news) teaches what is not a value."""
    rows: list[dict[str, Any]] = []
    for path in sorted(corpus_dir.glob(f"{lang}_*.yaml")):
        loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for at, row in enumerate(loaded):
            rows.append({**row, "_where": f"{path.name}:{at + 1}"})
    return rows


def check(lang: str, corpus_dir: Path = CORPUS_DIR) -> list[str]:
    """Every problem in the annotated sentences of ``lang``: an unknown attribute, or a
    value that is not spelled in its sentence."""
    problems: list[str] = []
    for row in corpus(lang, corpus_dir):
        text, where = str(row.get("text", "")), row["_where"]
        if not text.strip():
            problems.append(f"{where}: no text")
        for pair in row.get("facts") or []:
            if not (isinstance(pair, list) and len(pair) == 2):
                problems.append(f"{where}: a fact is [attribute, value], not {pair!r}")
                continue
            attribute, value = map(str, pair)
            if attribute not in span_reader.LEARNED:
                problems.append(f"{where}: unknown attribute {attribute!r}")
            elif not any(_find(tokens(s), value) for s in split_sentences(text)):
                problems.append(f"{where}: {value!r} is not spelled as tokens of one sentence of the text")
    return problems


def talk_problems(*talk_dirs: Path) -> list[str]:
    """Every problem of the conversations written for learning only in ``talk_dirs`` (default
    ``TALK_DIR``; ``dataset.check``), and any id the bench's own data uses too: a conversation
    is learned from or scored, never both."""
    scored = {str(c.get("id")) for c in dataset.load()}
    problems: list[str] = []
    for talk_dir in talk_dirs or (TALK_DIR,):
        talk = dataset.load(talk_dir)
        problems += dataset.check(talk) + [
            f"{c.get('_file', talk_dir.name)}:{c.get('id')}: id also used by the bench's data"
            for c in talk if str(c.get("id")) in scored
        ]
    return problems


def _fold(text: str) -> str:
    return text.casefold().replace("’", "'")


def _find(toks: list[Token], value: str) -> tuple[int, int] | None:
    """The first run of ``toks`` that spells ``value``, as token indices."""
    wanted = [_fold(t.text) for t in tokens(value)]
    have = [_fold(t.text) for t in toks]
    for i in range(len(have) - len(wanted) + 1):
        if wanted and have[i : i + len(wanted)] == wanted:
            return i, i + len(wanted)
    return None


def corpus_examples(rows: Iterable[dict[str, Any]], lowered: bool = True) -> Iterator[Example]:
    """The annotated sentences as (features, labels), one example per sentence."""
    for row in rows:
        pairs = [(str(a), str(v)) for a, v in (row.get("facts") or [])]
        yield from _labelled(split_sentences(str(row.get("text", ""))), pairs, set(), lowered)


def _labelled(
    sentences: Iterable[str], facts: list[tuple[str, str]], marked: set[tuple[str, str]], lowered: bool,
    ended: frozenset[tuple[str, str]] = frozenset(),
) -> Iterator[Example]:
    """Each sentence with every not yet ``marked`` value of ``facts`` marked where it first
    appears (``marked`` is updated: a value is marked once per conversation); with
    ``lowered``, each sentence once more in lower case. A value that has ``ended`` is not
    marked in a sentence that names another value of its attribute too ("we move from
    Lisbon to Porto": the sentence ends Lisbon, it does not state it)."""
    before = ""
    for sentence in sentences:
        toks = tokens(sentence)
        labels = ["O"] * len(toks)
        for attribute, value in facts:
            if (attribute, value) in marked:
                continue
            span = _find(toks, value)
            if span is None or any(label != "O" for label in labels[span[0] : span[1]]):
                continue
            marked.add((attribute, value))
            if (attribute, value) in ended and any(
                    a == attribute and v != value and _find(toks, v) for a, v in facts):
                continue
            labels[span[0]] = f"B-{attribute}"
            for i in range(span[0] + 1, span[1]):
                labels[i] = f"I-{attribute}"
        if toks:
            yield features(sentence, toks, before), labels
            # Chat drops capitals: each sentence is learned as typed and in lower case, so
            # "line cook at dishoom edinburgh" reads as "Line cook at Dishoom Edinburgh".
            lower = sentence.lower()
            if lowered and lower != sentence and len(tokens(lower)) == len(toks):
                yield features(lower, before=before), labels
        before = sentence


def _own_facts(conv: dataset.Conversation, kinds: tuple[str, ...] = ("current", "superseded")
               ) -> list[tuple[str, str]]:
    speaker = str(conv.get("speaker", ""))
    gold = [f for kind in kinds for f in conv.get(kind, [])]
    return [
        (str(f["attribute"]), str(f["value"]))
        for f in gold
        if str(f.get("subject")) == speaker
        and not f.get("relation")
        and str(f["attribute"]) in span_reader.LEARNED
    ]


def _their_facts(conv: dataset.Conversation, about: str, name: str) -> list[tuple[str, str]]:
    """The gold facts (current or superseded) of the person a clause opens with: the one
    named ``name``, or else the speaker's only ``about`` (their sister, unnamed or named
    elsewhere in the conversation)."""
    gold = [f for kind in ("current", "superseded") for f in conv.get(kind, [])]
    speaker = str(conv.get("speaker", ""))
    if name:
        wanted = {_fold(name)}
    else:
        named = {str(f["value"]) for f in gold if f.get("subject") == speaker and f.get("attribute") == about}
        wanted = {_fold(f"{speaker}'s {about}")} | {_fold(n) for n in named}
        if len(wanted) > 2:
            return []  # two sisters: whose the clause is is not known
    return [
        (str(f["attribute"]), str(f["value"]))
        for f in gold
        if _fold(str(f.get("subject", ""))) in wanted and str(f["attribute"]) in span_reader.LEARNED
    ]


def examples(conversations: Iterable[dataset.Conversation], lowered: bool = True) -> Iterator[Example]:
    """Every user sentence of the gold ``conversations`` as (features, labels), and every
    clause about someone else as the reader reads it (said as their own: "I work in Dubai"
    for "my sister Joy works in Dubai"), marked with that person's values."""
    for conv in conversations:
        facts = _own_facts(conv)
        ended = frozenset(_own_facts(conv, ("superseded",)))
        marked: set[tuple[str, str]] = set()
        theirs_marked: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for turn in conv.get("turns", []):
            if turn.get("role") == "user":
                sentences = split_sentences(str(turn.get("text", "")))
                yield from _labelled(sentences, facts, marked, lowered, ended)
                for said in their_clauses(sentences):
                    whose = (said.about, said.name)
                    their = _their_facts(conv, *whose)
                    if their:
                        done = theirs_marked.setdefault(whose, set())
                        yield from _labelled([said.clause], their, done, lowered)


def _frequent(data: list[Example]) -> list[Example]:
    counts = Counter(f for xseq, _ in data for row in xseq for f in row)
    return [([[f for f in row if counts[f] >= MIN_FEATURE_COUNT] for row in xseq], y) for xseq, y in data]


def train(data: list[Example], path: Path) -> None:
    trainer = pycrfsuite.Trainer(verbose=False)
    for xseq, yseq in _frequent(data):
        trainer.append(xseq, yseq)
    trainer.set_params(PARAMS)
    trainer.train(str(path))


def score(model: Path, data: list[Example]) -> str:
    """Span precision and recall of ``model`` on ``data`` (labels as the gold marks them)."""
    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    hit = predicted = gold = 0
    for xseq, yseq in data:
        want, got = set(span_decoding.spans(yseq)), set(span_decoding.spans(tagger.tag(xseq)))
        hit, predicted, gold = hit + len(want & got), predicted + len(got), gold + len(want)
    return (
        f"spans: precision {hit / max(predicted, 1):.3f} ({hit}/{predicted}), "
        f"recall {hit / max(gold, 1):.3f} ({hit}/{gold})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = model_cli.parser(__doc__, " too: 1-5")
    parser.add_argument("--check", action="store_true", help="only check the annotated sentences")
    args = parser.parse_args(argv)
    if args.check:
        problems = [p for lang in span_reader.LANGS for p in check(lang)] + talk_problems()
        print("\n".join(problems) or "no problems")
        return 1 if problems else 0
    conversations = dataset.load()
    talk = [] if args.without_talk else dataset.load(TALK_DIR)
    args.out.mkdir(parents=True, exist_ok=True)  # CRFsuite writes nothing into a missing folder
    for lang in span_reader.LANGS:
        rows = corpus(lang)
        learn = list(corpus_examples(rows))
        if args.batches:
            learn += examples(dataset.select(conversations, "all", lang, args.batches))
        talked = [c for c in talk if c["lang"] == lang]
        learn += examples(talked)
        marked = sum(1 for _, y in learn for label in y if label.startswith("B-"))
        print(
            f"{lang}: {len(rows)} annotated, {len(talked)} conversations to learn from, {len(learn)} "
            f"sentences in all, {marked} values marked, gold batches {args.batches or 'none'}"
        )
        if args.score is not None:
            with tempfile.TemporaryDirectory() as tmp:
                model = Path(tmp) / "model.crfsuite"
                train(learn, model)
                held = list(examples(dataset.select(conversations, "all", lang, args.score), lowered=False))
                print(f"{lang}: batches {args.score}: {score(model, held)}")
            continue
        target = args.out / span_reader.model_file(lang)
        with model_cli.packed_to(target) as plain:
            train(learn, plain)
        print(model_cli.wrote(lang, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
