"""The vault on disk: tiers, atomic I/O, git, locks and derived state."""
