"""The one place where names and values are made safe for where they go.

Text reaches a vault from turns, speaker names, models and hand edits; from here it goes
into Markdown pages, YAML front matter, git commit messages and file names. Each target
has one function:

- ``one_line``: a value inside a line of Markdown, YAML or a commit message. Control
  characters (NUL and the rest of C0/C1, DEL) and line or paragraph separators become
  spaces, runs of space collapse: a speaker name with newlines cannot open a heading, a
  list or a commit trailer, and git never sees a page as binary.
- ``fact_text``: a fact bullet's text; ``one_line`` and no `` ^`` that would read as a
  block id.
- ``prose``: text that may keep its line breaks (a summary): only control characters go.
- ``safe_name``: one file-name component that cannot leave its folder.
- ``control_character``: where a text holds a control character (to refuse a page).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from vaultweave.store.errors import UnsafeNameError

# C0 and C1 controls, DEL, and the Unicode line/paragraph separators; tab, newline and
# carriage return are whitespace handled by the callers.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
_SPACE_RUN = re.compile(r"[\s\x00-\x1f\x7f-\x9f\u2028\u2029]+")

MAX_NAME_BYTES = 80
_FORBIDDEN = re.compile(r'[\x00-\x1f\x7f-\x9f<>:"/\\|?*#^\[\]]+')
_SEPARATORS = re.compile(r"[\s_-]+")
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {
    f"lpt{i}" for i in range(10)
}


def one_line(text: str) -> str:
    """``text`` as one clean line: no control characters, no line breaks, single spaces."""
    return _SPACE_RUN.sub(" ", text).strip()


def fact_text(text: str) -> str:
    """A fact bullet's text: one line, and no stray `` ^`` that would read as a block id."""
    return one_line(text).replace(" ^", " ").strip()


def prose(text: str) -> str:
    """Text whose line breaks may stay (summaries): control characters become spaces."""
    return _CONTROL.sub(" ", text.replace("\r\n", "\n").replace("\r", "\n"))


def control_character(text: str) -> tuple[int, str] | None:
    """(1-based line, ``U+XXXX``) of the first control character in ``text``, or None.

    Tab, newline and carriage return are not counted; form feed and the rest are.
    """
    found = _CONTROL.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return line, f"U+{ord(found.group()):04X}"


def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).strip().lower()
    text = _FORBIDDEN.sub("-", text)
    return _SEPARATORS.sub("-", text).strip("-. ")


def safe_name(name: str) -> str:
    """Turn any string into one path component that cannot escape its folder.

    Keeps letters of any script, lower-cases (after NFKC, so full-width letters become
    plain ones), turns separators, control characters and Obsidian link syntax into
    dashes, drops leading dots, and shortens very long names with a hash suffix so
    distinct long names stay distinct. A fixed point: ``safe_name(safe_name(x)) ==
    safe_name(x)``, so a page's file stem always names its own category.
    """
    text = _fold(name)
    for _ in range(3):  # NFKC after lower-casing can yield new capitals (rare ligatures)
        again = _fold(text)
        if again == text:
            break
        text = again
    if not text:
        raise UnsafeNameError(name, "nothing usable remains after removing unsafe characters")
    if text in _WINDOWS_RESERVED:
        text = f"{text}-"
    encoded = text.encode("utf-8")
    if len(encoded) > MAX_NAME_BYTES:
        digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]
        head = encoded[: MAX_NAME_BYTES - 11].decode("utf-8", errors="ignore").rstrip("-. ")
        text = f"{head}-{digest}"
    return text
