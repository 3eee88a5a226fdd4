"""The weaver: extraction, conflict resolution, rendering, the cycle, and the faces (CLI, MCP)."""
