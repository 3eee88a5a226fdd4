"""Upkeep: decay, reinforcement by recall, dedupe and merge, archive (see docs/UPKEEP.md)."""
