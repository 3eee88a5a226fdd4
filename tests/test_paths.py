"""Any name becomes a safe file name that stays inside the vault."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.paths import MAX_NAME_BYTES, VaultPaths, ensure_inside, safe_name


@pytest.mark.parametrize(
    "name",
    ["../../x", "/etc/passwd", "a/../../b", "x\x00y", "C:\\Windows\\system32", "~/.ssh", "nul",
     "work#^abc", "[[link]]", "é" * 300, "工作" * 100, "a" * 5000, " .hidden", "CON"],
)
def test_safe_name_never_escapes(tmp_path: Path, name: str) -> None:
    paths = VaultPaths(tmp_path)
    target = paths.category_file(name)
    ensure_inside(tmp_path, target)
    assert target.parent == paths.categories
    stem = safe_name(name)
    assert "/" not in stem and "\\" not in stem and "\x00" not in stem
    assert not stem.startswith(".")
    assert len(stem.encode("utf-8")) <= MAX_NAME_BYTES


def test_unicode_names_are_kept_readable() -> None:
    assert safe_name("工作") == "工作"
    assert safe_name("Café Life") == "café-life"


def test_long_names_stay_distinct() -> None:
    assert safe_name("a" * 500 + "x") != safe_name("a" * 500 + "y")


@pytest.mark.parametrize("name", ["", "   ", "/", "\x00\x01", "..."])
def test_names_with_nothing_usable_are_refused(name: str) -> None:
    with pytest.raises(UnsafeNameError, match="unusable name"):
        safe_name(name)


def test_ensure_inside_rejects_escapes(tmp_path: Path) -> None:
    with pytest.raises(UnsafeNameError, match="outside the vault"):
        ensure_inside(tmp_path / "vault", tmp_path / "vault" / ".." / "elsewhere")
