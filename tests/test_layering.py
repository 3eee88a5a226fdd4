"""Imports run one way: schemas <- store <- weaver. Checked on the source with ast."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

FORBIDDEN = {"schemas": {"store", "weaver"}, "store": {"weaver"}, "weaver": set()}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_downstream(package: str) -> None:
    offenders = []
    for path in sorted((REPO_ROOT / package).rglob("*.py")):
        bad = _imports(path) & FORBIDDEN[package]
        if bad:
            offenders.append(f"{path.relative_to(REPO_ROOT)} imports {sorted(bad)}")
    assert offenders == []


def test_checker_sees_a_violation(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from weaver.vault import Vault\nimport store.paths\n", encoding="utf-8")
    assert _imports(module) == {"weaver", "store"}
