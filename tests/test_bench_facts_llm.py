"""``python -m bench.facts --llm --vault-toml F`` end to end, against a scripted local
endpoint that answers like a model which knows the gold facts of what it is shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.facts import dataset
from bench.facts.__main__ import main
from tests.llm_server import Request, ScriptedLLM, Staged, data_of, ok, stage_of, vault_toml

CHOSEN = ("en-006", "zh-001")  # conversations the offline readers do not read whole


def oracle(conversations: list[dict[str, Any]]) -> Any:
    by_text = {t["text"]: c for c in conversations for t in c["turns"]}

    def reply(request: Request) -> Any:
        turns = data_of(request)["turns"]
        conv = next(by_text[t["text"]] for t in turns if t["text"] in by_text)
        mine = [t for t in turns if t["role"] == "user"]
        facts = []
        for gold in conv["current"]:
            cited = next((t for t in mine if gold["value"].casefold() in t["text"].casefold()), mine[0])
            own = gold["subject"] == conv["speaker"]
            facts.append(
                {
                    "turn": cited["id"],
                    "subject": "I" if own else gold["subject"],
                    "relation": gold.get("relation", ""),
                    "attribute": gold["attribute"],
                    "value": gold["value"],
                }
            )
        return ok({"facts": facts})

    return reply


def _figures(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_the_facts_bench_runs_against_a_configured_endpoint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conversations = [c for c in dataset.load() if c["id"] in CHOSEN]
    argv = ["--split", "dev", "--only", ",".join(CHOSEN), "--json", "--jobs", "1", "--misses", "0"]
    rules = _figures(capsys, argv)

    staged = Staged().push("extract", *[oracle(conversations)] * 20)
    with ScriptedLLM(responder=staged) as server:
        toml = tmp_path / "llm.toml"
        toml.write_text(vault_toml(server.base_url, stages=("extract",)), encoding="utf-8")
        with_model = _figures(capsys, [*argv, "--llm", "--vault-toml", str(toml)])
        requests = list(server.requests)

    assert with_model["run"]["llm"] is True and with_model["run"]["errors"] == {}
    assert with_model["run"]["llm_fallbacks"] == {}
    assert with_model["run"]["conversations"] == 2
    sent = {t["text"] for r in requests if stage_of(r) == "extract" for t in data_of(r)["turns"]}
    assert sent == {t["text"] for c in conversations for t in c["turns"]}
    assert all('"doubt"' in r.messages[0]["content"] for r in requests)  # prompt v2
    for lang in ("EN", "ZH"):
        before, after = rules["by_lang"][lang]["recall"], with_model["by_lang"][lang]["recall"]
        assert after["of"] == before["of"] and after["n"] >= before["n"]
    assert with_model["by_lang"]["all"]["recall"]["n"] > rules["by_lang"]["all"]["recall"]["n"]


def test_a_run_that_lost_the_model_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedLLM() as probe:
        dead = probe.base_url  # closed on exit: connections are refused
    toml = tmp_path / "llm.toml"
    toml.write_text(vault_toml(dead, stages=("extract",), max_retries=0), encoding="utf-8")
    assert main(["--split", "dev", "--only", "en-002", "--jobs", "1", "--misses", "0",
                 "--llm", "--vault-toml", str(toml)]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert "1 fell back to the rules (first: extract; " in heading and "cannot connect" in heading
