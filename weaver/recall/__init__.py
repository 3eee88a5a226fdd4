"""Recall: hybrid search over items and turns, time travel, and context for agents."""
