"""The trained span reader: the packaged models load and read, gaps only, never questions,
and the trainer's corpus check says file:line what is wrong."""

from __future__ import annotations

import gc
import lzma
from pathlib import Path

import pycrfsuite
import pytest
from vaultweave.store.embeddings.integrity import verified_file
from vaultweave.store.errors import ModelIntegrityError
from vaultweave.weaver.extract import packaged_crf, span_decoding, span_reader
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.span_features import features, tokens

from bench.facts import train_reader


def test_tokens_keep_latin_runs_whole_in_chinese_and_words_whole_in_english() -> None:
    assert [t.text for t in tokens("现在在Shopee上班")] == ["现", "在", "在", "Shopee", "上", "班"]
    assert [t.text for t in tokens("i'm at o'reilly, 34")] == ["i'm", "at", "o'reilly", ",", "34"]
    sentence = "moved to porto last week"
    rows = features(sentence)
    assert len(rows) == len(tokens(sentence))
    assert "place=B" in rows[2] and "w-1=to" in rows[2]


def test_spans_are_decoded_from_bio_labels() -> None:
    labels = ["O", "B-employer", "I-employer", "B-lives_in", "O", "I-age", "B-age"]
    # an I- that does not continue its B- starts nothing
    assert span_decoding.spans(labels) == [(1, 3, "employer"), (3, 4, "lives_in"), (6, 7, "age")]


def test_values_get_the_rules_clean_up() -> None:
    assert span_reader._clean("age", "34", chinese=False) == "34"
    assert span_reader._clean("age", "340", chinese=False) is None
    assert span_reader._clean("lives_in", "rotterdam", chinese=False) == "Rotterdam"
    assert span_reader._clean("lives_in", "the office", chinese=False) is None  # no place
    assert span_reader._clean("name", "oksana", chinese=False) == "Oksana"
    assert span_reader._clean("employer", "美团，", chinese=True) == "美团"


def test_the_packaged_models_read_the_same_after_their_bytes_are_collected() -> None:
    sentence = "I'm 29 and I work as a nurse at Mercy Hospital in Leeds"
    first = span_reader.read(sentence)
    gc.collect()  # the model's bytes must stay alive while the tagger reads them
    assert span_reader.read(sentence) == first
    assert span_reader.read("") == []
    assert isinstance(span_reader.read("住在杭州，在网易上班"), list)


def test_gaps_never_give_an_attribute_the_rules_read() -> None:
    sentence = "context dump: oksana, 34, i do payroll for DSV out of the rotterdam office"
    found = span_reader.read(sentence)
    assert found, "the packaged English model reads nothing of a plain intro"
    ruled = [Fact(f.attribute, "something else") for f in found]
    assert span_reader.gaps([(sentence, "")], ruled) == []
    # someone else's fact read by the rules does not block the speaker's own
    theirs = [Fact(f.attribute, "x", about="sister") for f in found]
    assert span_reader.gaps([(sentence, "")], theirs) == span_reader.gaps([(sentence, "")], [])
    # a value the rules placed under another attribute or person is theirs
    placed = [Fact("likes", f.value, about="sister") for f in found]
    assert span_reader.gaps([(sentence, "")], placed) == []


def test_single_valued_attributes_take_the_first_value_told() -> None:
    first, second = "based in leeds these days", "living in porto now with my cat"
    assert [f.value for f in span_reader.read(first)] == ["Leeds"]
    assert [f.value for f in span_reader.read(second)] == ["Porto"]
    gaps = span_reader.gaps([(first, ""), (second, "")], [])
    assert [(f.attribute, f.value) for f in gaps] == [("lives_in", "Leeds")]


def test_the_reader_s_values_are_dated_as_the_rules_date_a_clause() -> None:
    told = facts_in("been a barista at the roastery since last month")
    job = [(f.attribute, f.value, f.when, f.confidence) for f in told]
    assert job == [("job_title", "barista", "last month", span_reader.CONFIDENCE)]
    assert [f.when for f in span_reader.gaps([("based in leeds these days", "")], [])] == [""]


def test_an_age_may_open_a_sentence_but_not_follow_a_price() -> None:
    assert ("age", "28") in [(f.attribute, f.value) for f in span_reader.read("28, nurse, glasgow")]
    assert [f for f in span_reader.read("paid $45 for two coffees") if f.attribute == "age"] == []


def test_questions_and_other_peoples_news_give_the_speaker_nothing() -> None:
    for text in (
        "do you know anyone who works at Stripe in Berlin?",
        "你在杭州上班吗？",
    ):
        assert [f for f in facts_in(text) if not f.about and not f.name] == []


def test_the_corpus_check_names_file_and_row(tmp_path: Path) -> None:
    (tmp_path / "en_bad.yaml").write_text(
        '- text: "i\'m at DSV"\n  facts: [[employer, DSV]]\n'
        '- text: "i\'m at DSV"\n  facts: [[employer, Maersk], [mood, ok], [employer]]\n',
        encoding="utf-8",
    )
    problems = train_reader.check("en", tmp_path)
    assert problems == [
        "en_bad.yaml:2: 'Maersk' is not spelled as tokens of one sentence of the text",
        "en_bad.yaml:2: unknown attribute 'mood'",
        "en_bad.yaml:2: a fact is [attribute, value], not ['employer']",
    ]
    assert train_reader.check("en") == []  # the shipped corpus is clean


def test_a_model_trained_on_a_small_corpus_tags_what_it_was_shown(tmp_path: Path) -> None:
    rows = [
        {"text": f"i work at {org} now", "facts": [["employer", org]]}
        for org in ("Nike", "Adidas", "Puma", "Reebok", "Asics", "Fila")
    ] + [{"text": "my sister works at Nike", "facts": []}]
    model = tmp_path / "model.crfsuite"
    train_reader.train(list(train_reader.corpus_examples(rows * 3)), model)
    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    assert tagger.tag(features("i work at Nike now")) == ["O", "O", "O", "B-employer", "O"]


def test_english_words_carry_the_class_the_rules_know_them_by() -> None:
    sentence = "my flatmate is a farrier, 32, off on thurs in june speaking Welsh"
    classes = [next(f for f in row if f.startswith("cls=")) for row in features(sentence)]
    assert dict(zip([t.text for t in tokens(sentence)], classes, strict=True)) == {
        "my": "cls=o", "flatmate": "cls=kin", "is": "cls=o", "a": "cls=o", "farrier": "cls=job",
        ",": "cls=o", "32": "cls=num", "off": "cls=o", "on": "cls=o", "thurs": "cls=day", "in": "cls=o",
        "june": "cls=month", "speaking": "cls=o", "Welsh": "cls=lang"}


def test_a_value_ended_is_not_learned_where_the_change_names_the_new_one() -> None:
    conv = {
        "speaker": "Ana", "current": [{"subject": "Ana", "attribute": "lives_in", "value": "Porto"}],
        "superseded": [{"subject": "Ana", "attribute": "lives_in", "value": "Lisbon"}],
        "turns": [{"role": "user", "text": "we move from Lisbon to Porto on the 3rd. I love Lisbon though"}],
    }
    labels = [y for _, y in train_reader.examples([conv], lowered=False)]
    assert labels[0] == ["O"] * 5 + ["B-lives_in"] + ["O"] * 4  # Porto only
    assert "B-lives_in" not in labels[1]  # Lisbon is not learned later either


def test_the_models_ship_packed_and_pack_the_same_way_every_time() -> None:
    data = Path(__file__).resolve().parents[1] / "weaver" / "data"
    for name in (span_reader.model_file("en"), span_reader.model_file("zh")):
        shipped = (data / name).read_bytes()
        model = lzma.decompress(shipped)
        assert model.startswith(b"lCRF")  # a CRFsuite model, unpacked in memory
        assert packaged_crf.packed(model) == shipped  # a retrained model reproduces its pin
    assert packaged_crf.tagger(span_reader.model_file("en")).labels()


def test_a_damaged_model_is_refused_with_the_package_to_reinstall(tmp_path: Path) -> None:
    # CRFsuite crashes the process on a truncated model: it must never reach it unchecked
    damaged = tmp_path / span_reader.model_file("en")
    packaged = Path(__file__).resolve().parents[1] / "weaver" / "data" / damaged.name
    damaged.write_bytes(packaged.read_bytes()[:50_000])
    with pytest.raises(ModelIntegrityError, match="reinstall it: pip install --force-reinstall"):
        verified_file("vaultweave", damaged)
    assert verified_file("vaultweave", packaged) == packaged


def test_someone_else_s_clause_and_a_pronoun_for_a_name_give_the_speaker_nothing() -> None:
    assert span_reader.readable_parts("he's a retired cop in valencia, zero chill") == []
    assert span_reader.readable_parts("i cannot stand the smell of the bins") == []
    assert span_reader._clean("alias", "that", chinese=False) is None
    assert span_reader.bare_reply("嗯 产品经理", "产品经理")
    assert not span_reader.bare_reply("现在做产品经理", "产品经理")
