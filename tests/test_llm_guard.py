"""The LLM path's two guards against a hostile or broken endpoint: a reply that echoes the
API key is refused before anything is written, and failed requests share one timeout
budget per weave instead of stacking per stage. Real HTTP, real git, the real client."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest
from vaultweave.weaver.vault import Vault

from tests.conftest import say
from tests.llm_server import Request, ScriptedLLM, Staged, data_of, ok, slow, stage_of, vault_toml

KEY = "sk-echo-TEST-KEY-0042-do-not-store"


def _key_of(request: Request) -> str:
    return request.headers["authorization"].removeprefix("Bearer ")


def echo_key(request: Request) -> object:
    """An endpoint that puts the caller's key into every reply, in every stage."""
    key = _key_of(request)
    stage = stage_of(request)
    if stage == "extract":
        turn = data_of(request)["turns"][0]["id"]
        escaped = "".join(f"\\u{ord(c):04x}" for c in key)  # only visible once parsed
        facts = [
            {"turn": turn, "subject": "I", "attribute": "likes", "value": f"the key {key}"},
            {"turn": turn, "subject": "I", "attribute": "hobby", "value": "chess"},
        ]
        body = ok({"facts": facts}).content or ""
        return ok(body.replace(key, escaped, 1))
    if stage == "judge":
        return ok({"decisions": [{"pair": 0, "verdict": "supersedes", "reason": key}]})
    return ok({"summary": f"Maya's secret is {key}."})


def test_a_reply_echoing_the_key_is_refused_before_it_is_written(
    make_vault: Callable[..., Vault], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("VW_ECHO_KEY", KEY)
    with ScriptedLLM(responder=echo_key) as server:
        vault = make_vault(config=vault_toml(server.base_url, api_key_env="VW_ECHO_KEY"))
        say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
        first = vault.weave()
        say(vault, "I live in Lisbon now.", "2026-02-05T10:00:00Z")
        second = vault.weave()
        stages = {stage_of(r) for r in server.requests}
    assert {"extract", "summarize"} <= stages
    assert all(_key_of(r) == KEY for r in server.requests)

    for report in (first, second):
        assert report.commit is not None  # the weave went on with the rules path
        assert "the reply contained the API key; refused" in report.message
    # Nothing from a refused reply was kept, not even its harmless parts.
    assert sorted((i.attribute, i.value) for i in vault.items(status="all")) == [
        ("lives_in", "Berlin"),
        ("lives_in", "Lisbon"),
    ]
    for path in vault.root.rglob("*"):
        if path.is_file():  # pages, items, .vaultweave/ (summary cache, retry queue), .git/
            assert KEY.encode() not in path.read_bytes(), path
    objects = subprocess.run(
        ["git", "-C", str(vault.root), "cat-file", "--batch-all-objects", "--batch"],
        capture_output=True,
        check=True,
    ).stdout
    assert KEY.encode() not in objects
    assert KEY not in caplog.text


def test_failed_requests_share_one_timeout_budget_per_weave(
    make_vault: Callable[..., Vault],
) -> None:
    hang = Staged(fallback={stage: slow(5) for stage in ("extract", "judge", "summarize")})
    with ScriptedLLM(responder=hang) as server:
        vault = make_vault(config=vault_toml(server.base_url, timeout=0.4, max_retries=2))
        say(vault, "I live in Berlin. I work at Acme. I like tea.", "2026-01-05T10:00:00Z")
        report = vault.weave()
        sent = [stage_of(r) for r in server.requests]
    # One stage's worth of attempts (1 + max_retries), then every stage falls back at once:
    # the summaries of three pages make no call after extraction timed out.
    assert sent == ["extract", "extract", "extract"]
    assert report.commit is not None and {i.value for i in vault.items()} == {"Berlin", "Acme", "tea"}
    assert "LLM-Fallback: extract" in report.message
    assert "LLM-Summaries: 0 written, 0 cached, 1 failed" in report.message


def test_an_explicit_budget_caps_the_wait_below_the_retries(make_vault: Callable[..., Vault]) -> None:
    hang = Staged(fallback={stage: slow(5) for stage in ("extract", "judge", "summarize")})
    with ScriptedLLM(responder=hang) as server:
        config = vault_toml(server.base_url, stages=("extract", "summarize"), timeout=0.4,
                            max_retries=5, timeout_budget=0.6)
        vault = make_vault(config=config)
        say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
        report = vault.weave()
        requests = len(server.requests)
    assert requests == 2  # 0.4 s, then the 0.2 s left of the budget; never the 6 retries
    assert "LLM timeout budget of 0.6s for this weave spent" in report.message


def test_a_kept_session_starts_each_weave_with_a_fresh_budget(make_vault: Callable[..., Vault]) -> None:
    def liked(request: Request) -> object:
        turn = data_of(request)["turns"][0]
        thing = turn["text"].split(" is my passion")[0].lower()
        return ok({"facts": [{"turn": turn["id"], "subject": "I", "attribute": "likes", "value": thing}]})

    staged = Staged().push("extract", slow(5), slow(5), liked, slow(5), slow(5), liked)
    with ScriptedLLM(responder=staged) as server:
        config = vault_toml(server.base_url, stages=("extract",), timeout=0.3, max_retries=2,
                            timeout_budget=1.0)
        vault = make_vault(config=config)
        session = vault.llm_session()  # as `watch` keeps one for its life
        assert session is not None
        say(vault, "Sailing is my passion.", "2026-01-05T10:00:00Z")
        first = vault.weave(llm=session)
        say(vault, "Chess is my passion.", "2026-01-06T10:00:00Z")
        # Two more timeouts: 1.2 s in all, past the budget, but 0.6 s in this weave.
        second = vault.weave(llm=session)
    assert "LLM-Fallback" not in first.message + second.message
    # the model's `likes` facts (the rules may read a hobby of their own)
    assert sorted(i.value for i in vault.items() if i.attribute == "likes") == ["chess", "sailing"]
