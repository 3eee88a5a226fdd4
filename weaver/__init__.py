"""The weaver: extraction, conflict resolution, rendering, the cycle, and the faces (CLI, MCP).

The public Python API is one class: ``from vaultweave.weaver import Vault`` (see docs/API.md).
It is imported on first use, so ``import vaultweave.weaver.<module>`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vaultweave.weaver.vault import Vault

__all__ = ["Vault"]


def __getattr__(name: str) -> Any:
    if name == "Vault":
        from vaultweave.weaver.vault import Vault

        return Vault
    raise AttributeError(f"module 'weaver' has no attribute {name!r}")
