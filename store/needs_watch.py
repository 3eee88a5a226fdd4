"""Import guard: importing this raises MissingExtraError unless the `watch` extra is installed."""

from vaultweave.store.extras import require_extra

require_extra("watch")
