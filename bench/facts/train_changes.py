"""Train the change reader's packaged models from the gold conversations.

    python -m bench.facts.train_changes --batches 1-36            # writes weaver/data/changes_*
    python -m bench.facts.train_changes --batches 1-29 --score 30-35   # figures, nothing written

Each user turn of a conversation is one example (``change_reader.features``). A gold
superseded fact of the speaker's own ends in the first user turn said on or after its
window's start (``ended_after``): that turn is labelled with the fact's family
(``change_reader.FAMILY_OF``), once for each family it ends; every other user turn is
``O``, except that a conversation whose gold doubts a fact of the speaker's teaches no
``O`` after its first turn (some later turn raised the doubt, and the gold does not say
which). The conversations written to learn from (``reader/talk/``, its ``held_back/`` and
``changes/`` folders: ``TALK_DIRS``) are always learned (unless ``--without-talk``); no
figure is scored on them, and ``--check`` refuses one whose id the bench's data uses.
CRFsuite's L-BFGS with an elastic net (a feature seen in one turn only is dropped); the same
inputs give the same bytes.

``--score`` prints, on the scored batches' turns, how many of the turns that end a fact
the model finds at ``change_reader.MIN_CHANGE`` and how many it finds that end none, and
the same for families (``MIN_SHARE``).
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path

import pycrfsuite
from vaultweave.weaver.extract import change_reader

from bench.facts import dataset, model_cli
from bench.facts.train_reader import MIN_FEATURE_COUNT, TALK_DIR, talk_problems

PARAMS = {"c1": 0.05, "c2": 1.0, "max_iterations": 200}
# What it learns from besides the gold: the conversations written for the span reader, the
# ones it did not take (they read less there), and those written for this reader.
TALK_DIRS = (TALK_DIR, TALK_DIR / "held_back", TALK_DIR / "changes")
Example = tuple[dict[str, float], str]
Turn = tuple[str, str, frozenset[str]]  # text, language, families it ends


def _day(moment: object) -> date:
    return date.fromisoformat(str(moment)[:10])


def turns(conversations: Iterable[dataset.Conversation]) -> Iterator[Turn]:
    """Every user turn that teaches something, with the families the gold ends in it."""
    for conv in conversations:
        speaker, lang = conv.get("speaker"), str(conv["lang"])
        said = [t for t in conv.get("turns", []) if t.get("role", "user") == "user"]
        ends: dict[int, set[str]] = {}
        for fact in conv.get("superseded") or []:
            family = change_reader.FAMILY_OF.get(str(fact.get("attribute")))
            if fact.get("subject") != speaker or family is None or not fact.get("ended_after"):
                continue
            start = _day(fact["ended_after"])
            at = next((i for i, turn in enumerate(said) if _day(turn["ts"]) >= start), None)
            if at is not None:
                ends.setdefault(at, set()).add(family)
        doubting = any(f.get("subject") == speaker for f in conv.get("doubted") or [])
        for at, turn in enumerate(said):
            families = frozenset(ends.get(at, ()))
            if families or not (doubting and at > 0):
                yield str(turn.get("text", "")), lang, families


def examples(said: Iterable[Turn]) -> Iterator[Example]:
    for text, lang, families in said:
        features = change_reader.features(text, lang)
        for label in sorted(families) or [change_reader.NO_CHANGE]:
            yield features, label


def train(data: Iterable[Example], path: Path) -> None:
    learn = list(data)
    seen = Counter(name for features, _ in learn for name in features)
    trainer = pycrfsuite.Trainer(verbose=False)
    for features, label in learn:
        trainer.append([{k: v for k, v in features.items() if seen[k] >= MIN_FEATURE_COUNT}], [label])
    trainer.set_params(PARAMS)
    trainer.train(str(path))


def score(model: Path, said: Iterable[Turn]) -> str:
    """Turns that end a fact found, and turns found that end none; the same for families."""
    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    turns_found = turns_ending = turns_wrong = 0
    families_found = families_ending = families_wrong = 0
    for text, lang, families in said:
        change, read = change_reader.reading(tagger, text, lang)
        sure, found = change >= change_reader.MIN_CHANGE, set(read)
        turns_ending += bool(families)
        turns_found += sure and bool(families)
        turns_wrong += sure and not families
        families_ending += len(families)
        families_found += len(found & families)
        families_wrong += len(found - families)
    return (
        f"turns that end a fact found {turns_found}/{turns_ending}, turns found that end none {turns_wrong}; "
        f"families found {families_found}/{families_ending}, wrong {families_wrong}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = model_cli.parser(__doc__, ": 1-37")
    parser.add_argument("--check", action="store_true", help="only check the conversations to learn from")
    args = parser.parse_args(argv)
    if args.check:
        problems = talk_problems(*TALK_DIRS)
        print("\n".join(problems) or "no problems")
        return 1 if problems else 0
    conversations = dataset.load()
    talk = [] if args.without_talk else [c for folder in TALK_DIRS for c in dataset.load(folder)]
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in change_reader.LANGS:
        learn = list(turns(dataset.select(conversations, "all", lang, args.batches) if args.batches else []))
        learn += turns(c for c in talk if c["lang"] == lang)
        batches = ",".join(map(str, args.batches)) or "none"
        print(f"{lang}: {len(learn)} turns, {sum(1 for *_, f in learn if f)} end a fact of the speaker's, "
              f"gold batches {batches}")
        if args.score is not None:
            with tempfile.TemporaryDirectory() as tmp:
                model = Path(tmp) / "model.crfsuite"
                train(examples(learn), model)
                held = list(turns(dataset.select(conversations, "all", lang, args.score)))
                print(f"{lang}: batches {','.join(map(str, args.score))}: {score(model, held)}")
            continue
        target = args.out / change_reader.model_file(lang)
        with model_cli.packed_to(target) as plain:
            train(examples(learn), plain)
        print(model_cli.wrote(lang, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
