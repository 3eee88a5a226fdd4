"""Import guard: importing this raises MissingExtraError unless the `recall` extra is installed."""

from vaultweave.store.extras import require_extra

require_extra("recall")
