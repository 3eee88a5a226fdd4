"""Graph memory at recall and the pictures: one-hop expansion along relations and time,
`history --format mermaid`, `graph --canvas`, aliases in both languages. Real vaults,
real git, the packaged embedding model."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import yaml
from click.testing import CliRunner
from vaultweave.weaver.cli import cli
from vaultweave.weaver.recall.graph import EARLIER, LATER, RELATION, FactGraph
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def _maya(vault: Vault) -> None:
    for n, text in enumerate([
        "I work at Google.",
        "My sister Anna is a nurse.",
        "My sister Anna lives in Oslo.",
        "I like climbing.",
        "I live in Lisbon.",
        "I work at OpenAI now.",
    ]):
        say(vault, text, f"2026-01-0{n + 1}T10:00:00Z")
    vault.weave()


def test_what_does_mayas_sister_do_reaches_annas_facts(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    _maya(vault)
    question = "what does Maya's sister do?"
    plain = vault.search(question, k=4, kinds=["fact"])
    assert "Anna works as nurse." not in [h.text for h in plain]  # not reached by itself
    expanded = vault.search(question, k=4, kinds=["fact"], expand=True)
    texts = [h.text for h in expanded]
    assert texts[0] == "Maya has a sister, Anna."
    nurse = next(h for h in expanded if h.text == "Anna works as nurse.")
    assert nurse.via == f"relation (sister) of {expanded[0].id}" and nurse.parts["graph"] > 0
    assert nurse.score < expanded[0].score  # one hop ranks below what it hangs from
    block = vault.context(question, budget_tokens=400, expand=True)
    assert "Anna works as nurse." in block.text and nurse.id in block.item_ids


def test_expansion_walks_time_order_only_where_history_is_asked_for(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    _maya(vault)
    items = {i.id: i for i in vault.items(status="all")}
    graph = FactGraph(items)
    google = next(i for i in items.values() if i.value == "Google")
    openai = next(i for i in items.values() if i.value == "OpenAI")
    sister = next(i for i in items.values() if i.attribute == "sister")
    assert any(link.target == openai.id and link.kind == LATER for link in graph.of(google.id))
    assert any(link.target == google.id and link.kind == EARLIER for link in graph.of(openai.id))
    relations = {items[link.target].text for link in graph.of(sister.id) if link.kind == RELATION}
    assert relations == {"Anna works as nurse.", "Anna lives in Oslo."}
    assert any(link.target == sister.id for link in graph.of(next(
        i.id for i in items.values() if i.text == "Anna lives in Oslo.")))  # and back

    current = vault.search("where does Maya work", k=5, kinds=["fact"], expand=True)
    assert google.id not in [h.id for h in current]  # history stays out by default
    past = vault.search("where does Maya work", k=5, kinds=["fact"], include_history=True, expand=True)
    found = {h.id: h for h in past}
    assert openai.id in found and google.id in found
    assert found[google.id].status == "historical"


def test_history_prints_a_mermaid_timeline(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    _maya(vault)
    result = CliRunner().invoke(
        cli, ["history", "maya", "employer", "--format", "mermaid", "--vault", str(vault.root)]
    )
    assert result.exit_code == 0, result.output
    assert result.output == (
        "timeline\n    title Maya: employer\n    2026-01-01 : Google\n    2026-01-06 : OpenAI\n"
    )
    page = (vault.root / "entities" / "maya.md").read_text(encoding="utf-8")
    assert f"```mermaid\n{result.output}```" in page  # the same rendering as the entity page


def test_graph_canvas_links_entity_pages_with_labelled_edges(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    _maya(vault)
    out = vault.root / "people.canvas"
    result = CliRunner().invoke(cli, ["graph", "--canvas", "--out", str(out), "--vault", str(vault.root)])
    assert result.exit_code == 0, result.output
    assert "(6 entities, 4 relations)" in result.output  # Google: a node, no current edge
    canvas = json.loads(out.read_text(encoding="utf-8"))
    nodes = {n["id"]: n for n in canvas["nodes"]}
    assert all(n["type"] == "file" and (vault.root / n["file"]).is_file() for n in nodes.values())
    assert len({(n["x"], n["y"]) for n in nodes.values()}) == len(nodes)  # no two on one spot
    edges = {
        (nodes[e["fromNode"]]["file"], e["label"], nodes[e["toNode"]]["file"]) for e in canvas["edges"]
    }
    assert edges == {
        ("entities/maya.md", "sister", "entities/anna.md"),
        ("entities/maya.md", "employer", "entities/openai.md"),
        ("entities/maya.md", "lives_in", "entities/lisbon.md"),
        ("entities/anna.md", "lives_in", "entities/oslo.md"),
    }
    listed = CliRunner().invoke(cli, ["graph", "--vault", str(vault.root)])
    assert "Maya —sister→ Anna" in listed.output and "Maya —employer→ OpenAI" in listed.output


def test_entity_aliases_keep_the_chinese_and_the_english_name(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "我叫李梅。", "2026-01-01T10:00:00Z")
    say(vault, "My name is Maya.", "2026-01-02T10:00:00Z")
    say(vault, "My nickname is Mimi.", "2026-01-03T10:00:00Z")
    vault.weave()
    page = (vault.root / "entities" / "maya.md").read_text(encoding="utf-8")
    front = yaml.safe_load(page.split("---\n")[1])
    assert "李梅" in front["aliases"] and "Maya" not in front["aliases"]


def test_mcp_search_and_context_expand_on_request(make_vault: Callable[..., Vault]) -> None:
    from tests.test_mcp import data, stdio, with_client

    vault = make_vault()
    _maya(vault)
    question = "what does Maya's sister do?"

    async def scenario(client: Any) -> None:
        plain = data(await client.call_tool("search", {"query": question, "k": 4, "kinds": ["fact"]}))
        assert "Anna works as nurse." not in [h["text"] for h in plain["hits"]]
        found = data(await client.call_tool(
            "search", {"query": question, "k": 4, "kinds": ["fact"], "expand": True}
        ))
        nurse = next(h for h in found["hits"] if h["text"] == "Anna works as nurse.")
        assert nurse["via"].startswith("relation (sister) of ")
        block = data(await client.call_tool("context", {"query": question, "expand": True}))
        assert "Anna works as nurse." in block

    with_client(stdio(vault.root), scenario)
