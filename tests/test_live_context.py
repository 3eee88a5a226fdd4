"""A live vault weaves a question and its answer in different cycles: the answer is still
read with its question (the turns woven before a cycle are its context, not woven again)."""

from __future__ import annotations

from collections.abc import Callable

from vaultweave.store.resources import FilePosition, lines_before
from vaultweave.weaver.vault import Vault


def current(vault: Vault, attribute: str) -> set[str]:
    return {
        i.value for i in vault.loaded_items().values()
        if i.attribute == attribute and i.is_current
    }


def test_an_answer_woven_after_its_question_is_read_with_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    vault.ingest("Who do you work for?", ts="2026-02-03T09:00:00Z", speaker="assistant",
                 role="assistant", session="s1")
    vault.weave()
    vault.ingest("Unilever, marketing", ts="2026-02-03T09:01:00Z", speaker="Ola", role="user",
                 session="s1")
    report = vault.weave()
    assert current(vault, "employer") == {"Unilever"}
    # The question was context only: nothing of it was woven twice.
    assert [r.id for r in report.resources] == ["resources/2026/02/03.jsonl#L2"]


def test_a_question_in_another_session_gives_an_answer_no_meaning(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    vault.ingest("Who do you work for?", ts="2026-02-03T09:00:00Z", speaker="assistant",
                 role="assistant", session="s1")
    vault.weave()
    vault.ingest("Unilever, marketing", ts="2026-02-03T09:01:00Z", speaker="Ola", role="user",
                 session="s2")
    vault.weave()
    assert current(vault, "employer") == set()


def test_lines_before_reads_the_consumed_tail_with_its_line_numbers(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    for n in range(1, 41):
        vault.ingest(f"turn {n} " + "x" * 80, ts=f"2026-02-03T09:{n:02d}:00Z", session="s1")
    rel = "resources/2026/02/03.jsonl"
    data = (vault.root / rel).read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    at_30 = FilePosition(ends[29], 30)
    whole = lines_before(vault.paths, {rel: at_30}, [rel])
    assert [r.line for r in whole] == list(range(1, 31))
    assert all(r.id == f"{rel}#L{r.line}" and r.text.startswith(f"turn {r.line} ") for r in whole)
    tail = lines_before(vault.paths, {rel: at_30}, [rel], max_bytes=1000)
    assert tail and tail[-1].line == 30 and len(tail) < 30
    assert all(r.text.startswith(f"turn {r.line} ") for r in tail)  # no torn first line
    assert lines_before(vault.paths, {}, [rel]) == []  # nothing consumed yet


def test_a_conversation_that_crosses_midnight_keeps_its_question(
    make_vault: Callable[..., Vault],
) -> None:
    """The question was woven on one day's file, the answer lands in the next day's."""
    vault = make_vault()
    vault.ingest("Who do you work for these days?", ts="2026-02-03T23:59:00Z", speaker="assistant",
                 role="assistant", session="s1")
    vault.weave()
    vault.ingest("Unilever, marketing", ts="2026-02-04T00:00:30Z", speaker="Ola", role="user",
                 session="s1")
    report = vault.weave()
    assert current(vault, "employer") == {"Unilever"}
    assert [r.id for r in report.resources] == ["resources/2026/02/04.jsonl#L1"]


def test_lines_before_tops_up_from_the_day_before_within_its_budget(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    for n in range(1, 11):
        vault.ingest(f"turn {n} " + "x" * 80, ts=f"2026-02-03T23:{n:02d}:00Z", session="s1")
    vault.ingest("after midnight", ts="2026-02-04T00:01:00Z", session="s1")
    vault.ingest("an odd file", ts="2026-02-02T10:00:00Z", session="s0")
    day1, day2 = "resources/2026/02/03.jsonl", "resources/2026/02/04.jsonl"
    size1 = (vault.root / day1).stat().st_size
    size2 = (vault.root / day2).stat().st_size
    positions = {day1: FilePosition(size1, 10), day2: FilePosition(size2, 1)}
    both = lines_before(vault.paths, positions, [day2])
    assert [r.id for r in both] == [f"{day1}#L{n}" for n in range(1, 11)] + [f"{day2}#L1"]
    small = lines_before(vault.paths, positions, [day2], max_bytes=300)
    assert small[-1].id == f"{day2}#L1" and 1 < len(small) < 11
    assert all(r.path == day1 for r in small[:-1]) and small[-2].line == 10
    # Nothing consumed of the new day yet: the previous day's tail alone.
    assert [r.line for r in lines_before(vault.paths, {day1: positions[day1]}, [day2])] == list(range(1, 11))
    # The day before is being woven too: its lines come with the batch, not twice.
    assert lines_before(vault.paths, positions, [day1, day2])[-1].id == f"{day2}#L1"
    assert len(lines_before(vault.paths, positions, [day1, day2])) == 11
