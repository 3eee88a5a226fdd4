"""Our WordPiece gives the ids Hugging Face `tokenizers` gives, without its 33 MB of packages."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vaultweave.store.embeddings import MAX_TOKENS
from vaultweave.store.embeddings.onnx import count_tokens
from vaultweave.store.embeddings.wordpiece import vocab_path, wordpiece

from tests.conftest import REPO_ROOT

# Scripts and symbols people write in a vault: Latin, Greek, Cyrillic, general punctuation,
# CJK and kana, Hangul, full-width forms, emoji. (Rare scripts differ only where the two
# libraries' Unicode tables disagree on a character's category.)
COMMON = st.one_of(
    *(
        st.characters(min_codepoint=low, max_codepoint=high, exclude_categories=("Cs", "Cn"))
        for low, high in (
            (0x20, 0x7E),
            (0x00, 0x24F),
            (0x370, 0x52F),
            (0x2000, 0x206F),
            (0x3000, 0x30FF),
            (0x4E00, 0x9FFF),
            (0xAC00, 0xD7A3),
            (0xFF00, 0xFFEF),
            (0x1F600, 0x1F64F),
        )
    )
)


def _repository_lines() -> list[str]:
    lines: list[str] = []
    for folder in ("docs", "sample_vault", "bench", "tests", "weaver"):
        for path in sorted((REPO_ROOT / folder).rglob("*")):
            if path.suffix in (".md", ".jsonl", ".yaml", ".py") and path.is_file():
                lines.extend(path.read_text(encoding="utf-8").splitlines())
    lines.extend((REPO_ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    return lines


def test_known_ids() -> None:
    tokens = wordpiece()
    assert tokens.ids("Hello, world!") == [101, 7592, 1010, 2088, 999, 102]
    assert tokens.ids("Café NAÏVE") == tokens.ids("cafe naive")  # accents stripped, lower case
    assert tokens.ids("[CLS] x [SEP]", special=False)[0] == 101  # written special tokens stay whole
    assert tokens.ids("我喜欢茶", special=False) == [tokens.vocab.get(c, tokens.unk) for c in "我喜欢茶"]
    assert tokens.ids("x" * 101, special=False) == [tokens.unk]  # over-long word
    long = tokens.ids("word " * 1000, max_length=MAX_TOKENS)
    assert len(long) == MAX_TOKENS and long[0] == 101 and long[-1] == 102
    assert count_tokens("hello world") == 2 and count_tokens("") == 0
    names = {index: token for token, index in tokens.vocab.items()}
    pieces = [names[i] for i in tokens.ids("unaffable", special=False)]
    assert len(pieces) > 1 and "".join(p.removeprefix("##") for p in pieces) == "unaffable"
    assert not pieces[0].startswith("##") and all(p.startswith("##") for p in pieces[1:])


def _reference() -> object:
    pytest.importorskip("tokenizers")  # installed with the `st` extra (and `all`)
    return _loaded_reference()


@lru_cache(maxsize=1)
def _loaded_reference() -> object:
    import tokenizers

    reference = tokenizers.BertWordPieceTokenizer(str(vocab_path()), lowercase=True)
    reference.enable_truncation(MAX_TOKENS)
    return reference


def test_same_ids_as_tokenizers_on_every_line_of_this_repository() -> None:
    reference = _reference()
    lines = _repository_lines()
    assert len(lines) > 10_000
    expected = [e.ids for e in reference.encode_batch(lines)]  # type: ignore[attr-defined]
    got = wordpiece().batch(lines, max_length=MAX_TOKENS)
    wrong = [line for line, a, b in zip(lines, expected, got, strict=True) if a != b]
    assert wrong == []


@settings(max_examples=300, deadline=None)
@given(st.text(COMMON, max_size=60))
def test_same_ids_as_tokenizers_on_generated_text(text: str) -> None:
    reference = _reference()
    assert wordpiece().ids(text, max_length=MAX_TOKENS) == reference.encode(text).ids  # type: ignore[attr-defined]
