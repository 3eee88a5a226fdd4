"""LLMClient against a real HTTP server on 127.0.0.1, through the real openai client."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from vaultweave.schemas.config import LLMSection
from vaultweave.store.errors import LLMConfigError
from vaultweave.weaver.llm.client import LLMClient, LLMFailure
from vaultweave.weaver.llm.replies import ReplyError, SummaryReply, load_json_object

from tests.llm_server import GARBAGE, TRUNCATED, TRUNCATED_BODY, ScriptedLLM, error, ok, slow

MESSAGES = [{"role": "system", "content": "sys"}, {"role": "user", "content": "hello"}]


@pytest.fixture
def server() -> Iterator[ScriptedLLM]:
    with ScriptedLLM() as running:
        yield running


def client_for(server: ScriptedLLM, **settings: object) -> LLMClient:
    defaults: dict[str, object] = {
        "base_url": server.base_url,
        "model": "scripted-1",
        "timeout": 2.0,
        "max_retries": 2,
        "backoff_base": 0.01,
    }
    return LLMClient(LLMSection.model_validate({**defaults, **settings}))


def test_asks_for_json_schema_and_validates_the_reply(server: ScriptedLLM) -> None:
    server.push(ok({"summary": "Maya lives in Berlin."}))
    client = client_for(server)
    reply = client.complete("summarize", MESSAGES, SummaryReply)
    assert reply.summary == "Maya lives in Berlin."
    sent = server.requests[0]
    assert sent.body["model"] == "scripted-1"
    assert sent.response_format == "json_schema"
    assert sent.body["response_format"]["json_schema"]["name"] == "SummaryReply"
    assert sent.messages == MESSAGES
    assert client.usage.calls == {"summarize": 1}
    assert client.usage.prompt_tokens > 0 and client.usage.completion_tokens > 0


def test_falls_back_to_json_object_then_text_when_the_server_rejects_formats() -> None:
    with ScriptedLLM(reject_formats=("json_schema", "json_object")) as server:
        server.push(ok('Here you go:\n```json\n{"summary": "From a fence."}\n```'))
        client = client_for(server)
        reply = client.complete("summarize", MESSAGES, SummaryReply)
    assert reply.summary == "From a fence."
    assert [r.response_format for r in server.requests] == ["json_schema", "json_object", None]
    assert client.format_mode == "text"


def test_a_rejection_for_another_reason_keeps_the_format_and_the_endpoint(
    server: ScriptedLLM,
) -> None:
    server.push(error(400, message="this batch is longer than the context window"))
    server.push(ok({"summary": "Fine again."}))
    client = client_for(server)
    with pytest.raises(LLMFailure) as failed:
        client.complete("summarize", MESSAGES, SummaryReply)
    assert failed.value.kind == "invalid"  # that request only; the endpoint stays in use
    assert client.format_mode == "json_schema"
    assert client.complete("summarize", MESSAGES, SummaryReply).summary == "Fine again."


def test_an_invalid_reply_is_retried_once_with_the_problem_said(server: ScriptedLLM) -> None:
    server.push(GARBAGE, ok({"summary": "Second time lucky."}))
    reply = client_for(server).complete("summarize", MESSAGES, SummaryReply)
    assert reply.summary == "Second time lucky."
    retry = server.requests[1].messages
    assert retry[-2]["role"] == "assistant" and "sorry" in retry[-2]["content"]
    assert "not valid" in retry[-1]["content"]


@pytest.mark.parametrize("bad", [GARBAGE, TRUNCATED, TRUNCATED_BODY, ok({"summary": ""})])
def test_two_invalid_replies_fail_the_stage(server: ScriptedLLM, bad: object) -> None:
    server.push(bad, bad)  # type: ignore[arg-type]
    client = client_for(server)
    with pytest.raises(LLMFailure) as failure:
        client.complete("summarize", MESSAGES, SummaryReply)
    assert failure.value.kind == "invalid"
    assert len(server.requests) == 2


def test_429_waits_for_retry_after_then_succeeds(server: ScriptedLLM) -> None:
    server.push(error(429, retry_after=0.3), ok({"summary": "after waiting"}))
    started = time.monotonic()
    reply = client_for(server).complete("summarize", MESSAGES, SummaryReply)
    assert reply.summary == "after waiting"
    assert time.monotonic() - started >= 0.3
    assert len(server.requests) == 2


def test_retry_after_is_capped_by_max_backoff(server: ScriptedLLM) -> None:
    server.push(error(429, retry_after=60), ok({"summary": "soon"}))
    started = time.monotonic()
    client_for(server, max_backoff=0.05).complete("summarize", MESSAGES, SummaryReply)
    assert time.monotonic() - started < 5


def test_5xx_retried_within_max_retries_then_unavailable(server: ScriptedLLM) -> None:
    server.push(error(500), error(502), error(503))
    client = client_for(server, max_retries=2)
    with pytest.raises(LLMFailure) as failure:
        client.complete("extract", MESSAGES, SummaryReply)
    assert failure.value.kind == "unavailable"
    assert "HTTP 503 after 3 attempts" in failure.value.reason
    assert len(server.requests) == 3
    assert client.usage.calls == {"extract": 3}


def test_timeout_is_retried_then_unavailable(server: ScriptedLLM) -> None:
    server.push(slow(1.0), slow(1.0))
    client = client_for(server, timeout=0.2, max_retries=1)
    with pytest.raises(LLMFailure) as failure:
        client.complete("extract", MESSAGES, SummaryReply)
    assert "no reply within 0.2s" in failure.value.reason


def test_refused_connection_is_unavailable() -> None:
    with ScriptedLLM() as server:
        url = server.base_url
    client = LLMClient(LLMSection(base_url=url, model="m", max_retries=1, backoff_base=0.01))
    with pytest.raises(LLMFailure) as failure:
        client.complete("extract", MESSAGES, SummaryReply)
    assert failure.value.kind == "unavailable" and "cannot connect" in failure.value.reason


def test_auth_failure_is_not_retried_and_does_not_echo_the_server(server: ScriptedLLM) -> None:
    server.push(error(401, message="Incorrect API key provided: sk-leaky"))
    with pytest.raises(LLMFailure) as failure:
        client_for(server).complete("extract", MESSAGES, SummaryReply)
    assert len(server.requests) == 1
    assert "sk-leaky" not in str(failure.value)


def test_key_comes_from_the_named_environment_variable(
    server: ScriptedLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VW_TEST_LLM_KEY", "sk-from-env-123")
    server.push(ok({"summary": "ok"}))
    client_for(server, api_key_env="VW_TEST_LLM_KEY").complete("s", MESSAGES, SummaryReply)
    assert server.requests[0].headers["authorization"] == "Bearer sk-from-env-123"


def test_missing_key_variable_is_a_clear_config_error(server: ScriptedLLM) -> None:
    client = client_for(server, api_key_env="VW_TEST_UNSET_KEY")
    with pytest.raises(LLMConfigError, match="VW_TEST_UNSET_KEY"):
        client.complete("s", MESSAGES, SummaryReply)
    assert server.requests == []


def test_tolerant_json_extraction() -> None:
    assert load_json_object('noise {"a": {"b": "}"}} trailing') == {"a": {"b": "}"}}
    with pytest.raises(ReplyError):
        load_json_object('{"facts": [{"turn": "x"}, {"tu')  # an inner object is not the reply
    with pytest.raises(ReplyError):
        load_json_object("[1, 2]")


def test_a_url_with_credentials_is_not_repeated_in_failures() -> None:
    with ScriptedLLM() as server:
        url = server.base_url.replace("http://", "http://user:hunter2@") + "?key=abc"
    client = LLMClient(LLMSection(base_url=url, model="m", max_retries=0))
    with pytest.raises(LLMFailure) as failure:
        client.complete("extract", MESSAGES, SummaryReply)
    assert "hunter2" not in failure.value.reason and "abc" not in failure.value.reason
    assert "cannot connect to http://127.0.0.1:" in failure.value.reason
