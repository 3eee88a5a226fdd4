"""Answers to the first requests of a stdio session, given before the MCP SDK has loaded.

weaver/mcp_stdio.py lets :class:`VaultEarlyAnswers` take the requests at the head of the
stream that it can answer exactly as the SDK would, while the SDK loads (about 1.3 s of
CPU, its protocol types); the vault itself opens in a fraction of that:

- ``ping``: an empty result (the SDK gets it too; its reply is held back and compared);
- ``tools/list``: the SDK's own list as recorded in ``weaver/data/mcp_tools_list.json``
  (passed on and compared likewise; tests/test_mcp_early.py checks the file against the
  SDK, and ``UPDATE_DOCS=1`` rewrites it after a tool changes);
- ``tools/call`` of a read-only tool in :data:`EARLY_TOOLS` whose arguments fit the
  tool's recorded input schema: run on the same :class:`VaultTools` the SDK server uses
  afterwards, the reply in the SDK's shape. Not passed on: a tool call runs once.

Arguments the checker is not sure of (a type the SDK would coerce, an unknown key, a
schema keyword it does not know) are left to the SDK, which answers with its own
validation error. No MCP import here, on purpose.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

import pydantic_core
from vaultweave.weaver.mcp_tools import VaultTools, tool_error_text

log = logging.getLogger(__name__)

EARLY_TOOLS = ("search", "context")
# Schema keywords the checker understands; any other keyword leaves the call to the SDK.
KNOWN_KEYWORDS = frozenset(
    {"type", "anyOf", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "items"}
    | {"default", "description", "title"}
)


def tools_list_file() -> str:
    return str(resources.files("vaultweave.weaver") / "data" / "mcp_tools_list.json")


def recorded_tools_list() -> dict[str, Any]:
    """The ``tools/list`` result the SDK gives for a single vault, as recorded."""
    with open(tools_list_file(), encoding="utf-8") as handle:
        listed: dict[str, Any] = json.load(handle)
    return listed


@dataclass
class Early:
    """One request answered before the SDK serves (the front's EarlyAnswer)."""

    request_id: Any
    pass_on: bool
    result: Any = None
    tool: tuple[str, dict[str, Any]] | None = None  # (name, arguments) to run
    tools: VaultTools | None = None

    def reply(self) -> dict[str, Any]:
        result = self.result if self.tool is None else self._call()
        return {"jsonrpc": "2.0", "id": self.request_id, "result": result}

    def _call(self) -> dict[str, Any]:
        assert self.tool is not None and self.tools is not None
        name, arguments = self.tool
        try:
            value = getattr(self.tools, name)(**arguments)
        except Exception as exc:  # noqa: BLE001 - every failure is a tool error, as the SDK makes it
            text = tool_error_text(exc)
            if text is None:
                log.exception("tool %s failed", name)
            said = f"Error executing tool {name}" + ("" if text is None else f": {text}")
            return {"content": [{"type": "text", "text": said}], "isError": True}
        return tool_result(value)


def tool_result(value: Any) -> dict[str, Any]:
    """A tool's return value as the SDK's CallToolResult (text content and structured)."""
    if isinstance(value, str):
        text, structured = value, {"result": value}
    else:
        text, structured = pydantic_core.to_json(value, fallback=str, indent=2).decode(), value
    return {"content": [{"type": "text", "text": text}], "isError": False, "structuredContent": structured}


class VaultEarlyAnswers:
    """What the front may answer for one vault before the SDK serves."""

    def __init__(self, tools: VaultTools) -> None:
        self.tools = tools
        self.listed = recorded_tools_list()
        self.schemas = {t["name"]: t["inputSchema"] for t in self.listed["tools"]}

    def plan(self, message: dict[str, Any]) -> Early | None:
        method, request_id = message.get("method"), message.get("id")
        if "id" not in message or not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
            return None
        params = message.get("params")
        if method == "ping":
            return Early(request_id, pass_on=True, result={})
        if method == "tools/list" and not (isinstance(params, dict) and params.get("cursor")):
            return Early(request_id, pass_on=True, result=self.listed)
        if method != "tools/call" or not isinstance(params, dict):
            return None
        name, arguments = params.get("name"), params.get("arguments", {})
        if name not in EARLY_TOOLS or not isinstance(arguments, dict) or set(params) - {"name", "arguments"}:
            return None
        complete = with_defaults(arguments, self.schemas[name])
        if complete is None:
            return None
        return Early(request_id, pass_on=False, tool=(name, complete), tools=self.tools)


def with_defaults(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any] | None:
    """``arguments`` with the schema's defaults filled in, or None unless every one surely
    fits (then the SDK decides, and reports what does not fit in its own words)."""
    properties: dict[str, Any] = schema.get("properties", {})
    if set(arguments) - set(properties) or set(schema.get("required", ())) - set(arguments):
        return None
    if not all(fits(value, properties[key]) for key, value in arguments.items()):
        return None
    return {key: arguments.get(key, spec.get("default")) for key, spec in properties.items()}


def fits(value: Any, schema: dict[str, Any]) -> bool:
    """Whether ``value`` surely satisfies ``schema`` as pydantic checks it in lax mode,
    for the keywords in KNOWN_KEYWORDS; False when unsure."""
    if set(schema) - KNOWN_KEYWORDS:
        return False
    if "anyOf" in schema:
        return any(fits(value, option) for option in schema["anyOf"])
    kind = schema.get("type")
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str) and _within(len(value), schema, "minLength", "maxLength")
    if kind in ("integer", "number"):
        numeric = int if kind == "integer" else (int, float)
        if not isinstance(value, numeric) or isinstance(value, bool):
            return False
        return math.isfinite(value) and _within(value, schema, "minimum", "maximum")
    if kind == "array":
        item = schema.get("items", {})
        return (
            isinstance(value, list)
            and _within(len(value), schema, "minItems", "maxItems")
            and all(fits(v, item) for v in value)
        )
    return False


def _within(value: float, schema: dict[str, Any], low: str, high: str) -> bool:
    bottom, top = schema.get(low, -math.inf), schema.get(high, math.inf)
    return bool(bottom <= value <= top)
