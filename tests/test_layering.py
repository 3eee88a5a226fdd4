"""Imports run one way: schemas <- store <- weaver. Checked on the source with ast."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

LAYERS = ("schemas", "store", "weaver")
FORBIDDEN = {"schemas": {"store", "weaver"}, "store": {"weaver"}, "weaver": set()}


def _imports(path: Path) -> set[str]:
    """The vaultweave layers (and bare top-level names) a module imports, TYPE_CHECKING included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    modules: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.append(node.module)
    for module in modules:
        parts = module.split(".")
        if parts[0] == "vaultweave" and len(parts) > 1:
            names.add(parts[1])
        elif parts[0] in LAYERS:
            names.add(parts[0])  # a bare `import store`: wrong in itself, caught below
    return names


def _bare_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names if a.name.split(".")[0] in LAYERS)
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and node.module.split(".")[0] in LAYERS
        ):
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_downstream(package: str) -> None:
    offenders = []
    for path in sorted((REPO_ROOT / package).rglob("*.py")):
        bad = _imports(path) & FORBIDDEN[package]
        if bad:
            offenders.append(f"{path.relative_to(REPO_ROOT)} imports {sorted(bad)}")
    assert offenders == []


def test_everything_imports_through_the_namespace() -> None:
    """`import store` would work from a checkout but not once installed."""
    offenders = []
    for folder in (*LAYERS, "tests", "bench"):
        for path in sorted((REPO_ROOT / folder).rglob("*.py")):
            bare = _bare_imports(path)
            if bare:
                offenders.append(f"{path.relative_to(REPO_ROOT)} imports {sorted(bare)} bare")
    assert offenders == []


FACADE = "vaultweave.weaver.vault"
# The faces sit above the facade; the package __init__ re-exports it as the public API.
FACES = (
    "weaver/cli/",
    "weaver/mcp_server.py",
    "weaver/mcp_tools.py",
    "weaver/mcp_home.py",
    "weaver/watch.py",
    "weaver/__init__.py",
)


def _imports_module(path: Path, module: str) -> bool:
    """Whether ``path`` imports ``module`` anywhere, TYPE_CHECKING blocks and functions included."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == module for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == module:
                return True
            if any(f"{node.module}.{a.name}" == module for a in node.names):
                return True
    return False


def test_only_the_faces_import_the_facade() -> None:
    offenders = []
    for path in sorted((REPO_ROOT / "weaver").rglob("*.py")):
        rel = path.relative_to(REPO_ROOT).as_posix()
        if rel == "weaver/vault.py" or rel.startswith(FACES):
            continue
        if _imports_module(path, FACADE):
            offenders.append(rel)
    assert offenders == []


def test_the_facade_check_sees_type_checking_imports(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from vaultweave.weaver.vault import Vault\n",
        encoding="utf-8",
    )
    assert _imports_module(module, FACADE)
    module.write_text("from vaultweave.weaver import vault\n", encoding="utf-8")
    assert _imports_module(module, FACADE)
    module.write_text("from vaultweave.weaver.workspace import Workspace\n", encoding="utf-8")
    assert not _imports_module(module, FACADE)


def test_checker_sees_a_violation(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from vaultweave.weaver.vault import Vault\nimport vaultweave.store.paths\n", encoding="utf-8"
    )
    assert _imports(module) == {"weaver", "store"}
    module.write_text("import store.paths\n", encoding="utf-8")
    assert _bare_imports(module) == {"store"}
