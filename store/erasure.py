"""Erasing resource lines for privacy: tombstones of the same length, and text search.

A line is overwritten in place by ``{"erased": "<when>"}`` padded with spaces to its
exact byte length, so every offset, line number and resource id stays valid and the
reader skips it as it skips a blank line. ``places_holding`` looks for what was erased
in the files of a vault and in every git object, for the erase receipt.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path

from vaultweave.store.atomic import overwrite_lines
from vaultweave.store.paths import VaultPaths
from vaultweave.store.resources import parse_resource_id, resource_files, resource_id

TOMBSTONE_PREFIX = b'{"erased":'
MIN_NEEDLE = 4  # characters: shorter text would match half the vault


def is_tombstone(raw: bytes) -> bool:
    return raw.lstrip().startswith(TOMBSTONE_PREFIX)


def tombstone(length: int, stamp: str) -> bytes:
    """``{"erased": stamp}`` padded to ``length`` bytes (shorter forms for short lines)."""
    for body in (json.dumps({"erased": stamp}), '{"erased":1}'):
        data = body.encode("ascii")
        if len(data) <= length:
            return data + b" " * (length - len(data))
    return b" " * length  # too short to be a resource line at all: blank it


def encodings(text: str) -> list[bytes]:
    """The byte forms ``text`` may take in a vault: raw UTF-8 and as a JSON string."""
    forms = {
        text.encode("utf-8"),
        json.dumps(text, ensure_ascii=False)[1:-1].encode("utf-8"),
        json.dumps(text, ensure_ascii=True)[1:-1].encode("ascii"),
    }
    return sorted(forms, key=len, reverse=True)


def lines_holding(paths: VaultPaths, needle: str) -> list[str]:
    """Ids of the resource lines whose bytes hold ``needle`` in any of its forms."""
    forms = encodings(needle)
    found = []
    for file in resource_files(paths):
        rel = paths.relative(file)
        for number, raw in enumerate(file.read_bytes().split(b"\n"), start=1):
            if not is_tombstone(raw) and any(form in raw for form in forms):
                found.append(resource_id(rel, number))
    return found


def erase_lines(paths: VaultPaths, ids: Iterable[str], stamp: str) -> dict[str, bytes]:
    """Overwrite each line with its tombstone; returns the erased lines' bytes by id."""
    by_file: dict[str, list[int]] = {}
    for rid in ids:
        rel, number = parse_resource_id(rid)
        by_file.setdefault(rel, []).append(number)
    erased: dict[str, bytes] = {}
    for rel, numbers in by_file.items():
        file = paths.root / rel
        lines = file.read_bytes().split(b"\n")
        replacements = {}
        for number in numbers:
            if number > len(lines) or is_tombstone(lines[number - 1]):
                continue
            raw = lines[number - 1]
            erased[resource_id(rel, number)] = raw
            replacements[number] = tombstone(len(raw), stamp)
        if replacements:
            overwrite_lines(file, replacements)
    return erased


def files_holding(root: Path, forms: list[bytes]) -> Iterator[str]:
    """Files under ``root`` (outside .git) whose bytes hold one of ``forms``."""
    for path in sorted(root.rglob("*")):
        if ".git" in path.relative_to(root).parts[:1] or path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if any(form in data for form in forms):
            yield path.relative_to(root).as_posix()


def git_objects_holding(root: Path, forms: list[bytes]) -> list[str]:
    """Ids of the git objects (any kind, reachable or not) whose content holds a form."""
    found = []
    with subprocess.Popen(
        ["git", "cat-file", "--batch-all-objects", "--batch", "--unordered"],
        cwd=root, stdout=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None
        while header := proc.stdout.readline():
            sha, _, size = header.split(b" ")
            body = proc.stdout.read(int(size))
            proc.stdout.read(1)  # the newline after each object
            if any(form in body for form in forms):
                found.append(sha.decode())
    return found
