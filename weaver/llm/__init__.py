"""The LLM path: extraction, conflict judgement and summary prose via any OpenAI-compatible endpoint."""
