"""The LLM path: extraction, conflict judgement and summaries via an OpenAI-compatible endpoint."""
