"""Import guard: importing this raises MissingExtraError unless the `mcp` extra is installed."""

from vaultweave.store.extras import require_extra

require_extra("mcp")
