"""The built wheel installs one namespace, `vaultweave`, and nothing else at the top level."""

from __future__ import annotations

import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # No build isolation: setuptools comes from the test extra, so no index is needed.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(REPO_ROOT)],
        check=True, capture_output=True, text=True,
    )
    (built,) = out.glob("vaultweave-*.whl")
    return built


def test_the_wheel_holds_only_the_vaultweave_namespace(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"vaultweave"}
    for folder in ("schemas", "store", "weaver", "templates"):
        assert any(n.startswith(f"vaultweave/{folder}/") for n in names), folder
    assert "vaultweave/__init__.py" not in names  # a namespace package: nobody else's to own
    for data in ("vaultweave/store/data/vocab.txt", "vaultweave/templates/category.md.j2",
                 "vaultweave/schemas/item.proto"):
        assert data in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    scripts = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "vaultweave = vaultweave.weaver.launch:main" in scripts
    assert "vaultweave-textconv = vaultweave.store.textconv:main" in scripts


def test_installed_into_a_fresh_venv_only_vaultweave_imports(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
        check=True, capture_output=True, text=True,
    )
    # Dependencies come from this environment's site-packages as a plain path (its .pth
    # files, among them this checkout's editable finder, are not processed from there).
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)}))
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    (purelib / "_test_deps.pth").write_text("\n".join(deps) + "\n", encoding="utf-8")
    probe = (
        "import importlib.util, vaultweave, vaultweave.weaver.vault as v\n"
        "assert 'site-packages' in v.__file__ and 'venv' in v.__file__, v.__file__\n"
        "for bare in ('store', 'schemas', 'weaver', 'templates'):\n"
        "    assert importlib.util.find_spec(bare) is None, bare\n"
        "print('ok')\n"
    )
    result = subprocess.run([str(python), "-c", probe], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    help_text = subprocess.run(
        [str(venv / "bin" / "vaultweave"), "--help"], cwd=tmp_path, capture_output=True, text=True
    )
    assert help_text.returncode == 0, help_text.stderr
    assert (venv / "bin" / "vaultweave-textconv").exists()
