"""jinja2 templates for category pages, the index and LLM prompts (package data)."""
