"""Fuzz benches: hostile resource lines (lines.py) and hostile page edits (pages.py)."""
