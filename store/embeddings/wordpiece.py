"""BERT's uncased WordPiece tokenizer, as MiniLM was trained with it, in plain Python.

The same ids as Hugging Face ``tokenizers``' ``BertWordPieceTokenizer(vocab, lowercase=True)``
(``tests/test_wordpiece.py`` compares both on every line of this repository's text and
on generated Unicode): ``tokenizers`` itself is 12 MB and pulls ``huggingface_hub``,
``hf-xet`` and ``fsspec`` (21 MB more) that an offline embedder never uses. The steps:

1. special tokens written literally in the text (``[CLS]``, ``[SEP]``...) are kept whole;
2. normalise: drop control characters, NUL and U+FFFD, map whitespace to a space, put
   spaces around CJK ideographs, strip accents (NFD without combining marks), lowercase;
3. split on whitespace, and around each punctuation character;
4. WordPiece: greedy longest match from the start of each word, later pieces prefixed
   ``##``; a word with no match, or longer than 100 characters, is ``[UNK]``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from vaultweave.store.embeddings.integrity import verified_file

SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
MAX_WORD_CHARS = 100
_SPECIAL = re.compile("(" + "|".join(re.escape(t) for t in SPECIAL_TOKENS) + ")")
_CJK_RANGES = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def _is_control(ch: str) -> bool:
    return ch not in "\t\n\r" and unicodedata.category(ch).startswith("C")


def _is_whitespace(ch: str) -> bool:
    return ch in "\t\n\r" or unicodedata.category(ch) in ("Zs", "Zl", "Zp")


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _CJK_RANGES)


def _is_punctuation(ch: str) -> bool:
    return ch in _ASCII_PUNCTUATION or unicodedata.category(ch).startswith("P")


@lru_cache(maxsize=4096)
def _normalise_char(ch: str) -> str:
    if ch in ("\x00", "\ufffd") or _is_control(ch):
        return ""
    if _is_whitespace(ch):
        return " "
    stripped = "".join(c for c in unicodedata.normalize("NFD", ch) if unicodedata.category(c) != "Mn")
    # Character by character, as the reference does: no final-sigma rule.
    lowered = "".join(c.lower() for c in stripped)
    return f" {lowered} " if _is_cjk(ch) else lowered


def normalise(text: str) -> str:
    return "".join(_normalise_char(ch) for ch in text)


def pre_tokens(text: str) -> list[str]:
    """Words split on whitespace, each punctuation character a word of its own."""
    words: list[str] = []
    for chunk in text.split():
        current: list[str] = []
        for ch in chunk:
            if _is_whitespace(ch):  # whitespace str.split() leaves in place (none after normalise)
                if current:
                    words.append("".join(current))
                    current = []
            elif _is_punctuation(ch):
                if current:
                    words.append("".join(current))
                    current = []
                words.append(ch)
            else:
                current.append(ch)
        if current:
            words.append("".join(current))
    return words


def vocab_path() -> Path:
    """The all-MiniLM-L6-v2 WordPiece vocabulary shipped inside this package."""
    packaged = Path(str(resources.files("vaultweave.store") / "data" / "vocab.txt"))
    return verified_file("vaultweave", packaged)


@lru_cache(maxsize=1)
def wordpiece() -> WordPiece:
    """MiniLM's uncased WordPiece tokenizer (no download); also counts tokens for budgets and
    gives the span reader its vocabulary (``weaver/extract/word_clusters.py``)."""
    return WordPiece(vocab_path())


class WordPiece:
    """Token ids of texts for the vocabulary in ``vocab_file`` (one token a line)."""

    def __init__(self, vocab_file: Path) -> None:
        tokens = vocab_file.read_text(encoding="utf-8").split("\n")
        if tokens and tokens[-1] == "":
            tokens.pop()
        self.vocab = {token: index for index, token in enumerate(tokens)}
        self.unk = self.vocab["[UNK]"]
        self.cls = self.vocab["[CLS]"]
        self.sep = self.vocab["[SEP]"]
        self._word_ids = lru_cache(maxsize=65_536)(self._pieces)

    def ids(self, text: str, *, special: bool = True, max_length: int | None = None) -> list[int]:
        """Ids of ``text``; with ``special``, wrapped in [CLS] ... [SEP]; at most
        ``max_length`` ids in all (the text is cut, the special tokens kept)."""
        out: list[int] = []
        for part in _SPECIAL.split(text):
            if part in self.vocab and part in SPECIAL_TOKENS:
                out.append(self.vocab[part])
                continue
            for word in pre_tokens(normalise(part)):
                out.extend(self._word_ids(word))
        if max_length is not None:
            out = out[: max(0, max_length - (2 if special else 0))]
        return [self.cls, *out, self.sep] if special else out

    def batch(self, texts: Iterable[str], *, max_length: int | None = None) -> list[list[int]]:
        return [self.ids(text, max_length=max_length) for text in texts]

    def _pieces(self, word: str) -> tuple[int, ...]:
        if len(word) > MAX_WORD_CHARS:
            return (self.unk,)
        pieces: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                found = self.vocab.get(piece)
                if found is not None:
                    break
                end -= 1
            if found is None:
                return (self.unk,)
            pieces.append(found)
            start = end
        return tuple(pieces)
