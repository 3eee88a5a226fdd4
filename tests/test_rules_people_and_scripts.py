"""Someone else named as the subject of what is said ("Rhea is a dentist at Bupa"), the
family words of the Englishes chat is typed in ("my kuya Marco"), a name told before and
typed in lower case later, and Chinese typed in traditional characters or with spaces for
pauses. None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.dialects_zh import as_mandarin
from vaultweave.weaver.extract.known_people import KnownPeople
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.typed_zh import simplified
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def read(text: str) -> set[tuple[str, str, Op]]:
    """The speaker's own facts."""
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about and not f.name}


def theirs(text: str) -> set[tuple[str, str, str, str]]:
    """Facts of someone else: (relation, name, attribute, value)."""
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.about or f.name}


@pytest.mark.parametrize(
    ("text", "name", "title"),
    [
        ("Rhea is a dentist at Bupa", "Rhea", "dentist"),
        ("Kofi's a plumber, proper grafter", "Kofi", "plumber"),
        ("Tariq is head chef at Dishoom", "Tariq", "head chef"),
        ("been on two dates. Nadia, she's a nurse at St Mary's now", "Nadia", "nurse"),
    ],
)
def test_what_someone_named_is_theirs_and_not_the_speakers(text: str, name: str, title: str) -> None:
    assert ("", name, "job_title", title) in theirs(text)
    assert not {fact for fact in read(text) if fact[0] in ("job_title", "employer", "name")}


@pytest.mark.parametrize("text", ["This is a nightmare", "Tuesday's my day off", "London is expensive"])
def test_a_sentence_opened_by_a_thing_names_nobody(text: str) -> None:
    assert not {f for f in facts_in(text) if f.name and f.attribute == "job_title"}


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("my kuya Marco works at Jollibee", "brother", "Marco"),
        ("my didi Asha is a lawyer in Pune", "sister", "Asha"),
        ("my babe Tolu is a pharmacist", "partner", "Tolu"),
    ],
)
def test_family_words_of_other_englishes_name_the_relation(text: str, relation: str, name: str) -> None:
    found = facts_in(text)
    assert any(f.attribute == relation and f.value == name for f in found)
    assert all(f.about == relation for f in found if f.attribute in ("employer", "job_title", "lives_in"))


def test_a_name_told_before_and_typed_in_lower_case_is_that_person() -> None:
    known = KnownPeople().learn(facts_in("my flatmate Joel keeps stealing my oat milk"))
    said = known.said_in_full("joel's a barista now, so he should buy his own")
    assert said.startswith("my flatmate Joel's a barista")
    assert ("flatmate", "Joel", "job_title", "barista") in theirs(said)
    # after a headline too, and not when the speaker is in it ("joel and I ...")
    headline = known.said_in_full("good news, joel got hired at Greggs")
    assert headline.startswith("good news, my flatmate Joel got")
    assert known.said_in_full("joel and I went to Leeds").startswith("joel and I")


def test_a_roommate_who_moved_out_ends_the_shared_home() -> None:
    assert ("roommate", "Ines", Op.RETRACT) in read("my roommate Ines moved out last week")


def test_what_one_is_not_is_no_title() -> None:
    assert not {f for f in read("I'm no chef, honestly") if f[0] == "job_title"}


def test_traditional_characters_are_read_and_kept_as_typed() -> None:
    assert simplified("我在板橋的銀行當櫃員") == "我在板桥的银行当柜员"
    found = read("我在板橋的銀行當櫃員")
    assert ("job_title", "櫃員", Op.ASSERT) in found
    assert ("lives_in", "高雄", Op.ASSERT) in read("我們住在高雄")
    assert ("job_title", "柜员", Op.ASSERT) in read("我在板桥的银行当柜员")  # simplified stays simplified


def test_a_space_between_hanzi_is_a_pause() -> None:
    found = read("最近好累 我在华为做测试工程师 天天加班")
    assert {("job_title", "测试工程师", Op.ASSERT), ("employer", "华为", Op.ASSERT)} <= found


def test_holding_out_is_not_living_somewhere() -> None:
    assert not {f for f in read("我在公司真顶不住") if f[0] == "lives_in"}


def test_a_place_is_what_comes_before_after() -> None:
    assert ("lives_in", "昆明", Op.ASSERT) in read("我搬来昆明之后天天晒太阳")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("i live in bondi beach so the commute is rough", "Bondi Beach"),
        ("the bus from my place in glenorchy is always late", "Glenorchy"),
    ],
)
def test_a_home_typed_in_lower_case(text: str, place: str) -> None:
    assert ("lives_in", place, Op.ASSERT) in read(text)


def test_a_state_lived_in_is_no_home() -> None:
    assert not {f for f in read("i live in fear of the dentist") if f[0] == "lives_in"}


def test_there_is_the_place_named_before_it() -> None:
    found = theirs("my uncle Ravi runs a shop in Kochi, he lives there with my aunt")
    assert ("uncle", "Ravi", "lives_in", "Kochi") in found
    assert not {f for f in read("is anyone living there?") if f[0] == "lives_in"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("阿拉住在闵行", ("lives_in", "闵行", Op.ASSERT)),  # Shanghainese "we"
        ("在青岛啤酒厂干了二十年化验员", ("job_title", "化验员", Op.ASSERT)),  # how long, before the title
        ("上个月从成都搬重庆去了", ("lives_in", "重庆", Op.ASSERT)),  # a move without 到
        ("上个月从成都搬重庆去了", ("lives_in", "成都", Op.RETRACT)),
    ],
)
def test_chinese_shapes_read_in_their_plain_form(text: str, fact: tuple[str, str, Op]) -> None:
    assert fact in read(text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("booked a dentist appt for friday at 3pm", "dentist"),
        ("the gala's moved to oct 9", "gala"),
        ("aiyo my MRI rescheduled to 16 july, 8.30am", "MRI"),
    ],
)
def test_an_appointment_is_the_thing_not_the_words_around_it(text: str, thing: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "appointment"] == [thing]


def test_a_routine_needs_an_activity_not_an_adverb() -> None:
    assert not {f for f in read("i already do saturday and monday mornings") if f[0] == "routine"}
    assert ("routine", "bingo on Sundays", Op.ASSERT) in read("bingo every sunday night at the club")


def _jobs(vault: Vault) -> list[tuple[str, str, bool]]:
    return sorted((i.attribute, i.value, i.is_current)
                  for i in vault.loaded_items().values() if i.attribute in ("employer", "job_title"))


def test_ending_a_title_by_name_ends_the_employer_told_with_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work as a cashier at the Co-op on weekdays", "2026-01-10T09:00:00Z")
    say(vault, "stopped the cashier job last friday, uni is too busy", "2026-02-20T09:00:00Z")
    vault.weave_all()
    assert _jobs(vault) == [("employer", "Co-op", False), ("job_title", "cashier", False)]
    kept = make_vault()
    say(kept, "I'm a cashier", "2026-01-10T09:00:00Z")
    say(kept, "I work at the Co-op", "2026-01-12T09:00:00Z")
    say(kept, "stopped the cashier job last friday", "2026-02-20T09:00:00Z")
    kept.weave_all()
    assert ("employer", "Co-op", True) in _jobs(kept)  # told apart: the employer has its own cue


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("我三天前从顺丰那边辞了", ("employer", "顺丰", Op.RETRACT)),
        ("我三天前从顺丰那边辞了", ("job_title", "", Op.RETRACT)),
        ("我在华为干研发", ("job_title", "研发", Op.ASSERT)),
    ],
)
def test_chinese_work_said_the_way_people_say_it(text: str, fact: tuple[str, str, Op]) -> None:
    assert fact in read(text)


def test_northeastern_at_is_read_as_at() -> None:
    assert as_mandarin("现在搁家开网约车") == "现在在家开网约车"
    assert as_mandarin("这事先搁着") == "这事先搁着"  # 搁 "put aside" stays


def test_chinese_work_that_is_no_job() -> None:
    assert not {f for f in read("我在公司干活呢") if f[0] == "job_title"}
    assert not {f for f in read("在想干脆换个电车算了") if f[0] == "job_title"}
    assert not {f for f in read("他说要跟他表哥合伙开个汽修店") if f[0] == "job_title"}  # a plan


def test_a_partner_named_without_my_is_the_partners() -> None:
    assert ("partner", "小雨", "job_title", "护士") in theirs("对象小雨也在长春，当护士，俩人都倒班")
    assert not {f for f in read("对象小雨也在长春，当护士，俩人都倒班") if f[0] == "job_title"}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("yo, nurse at salford royal, live in manchester", "Salford Royal"),
        ("i work nights as an ICU nurse at vancouver general so i'm up late", "Vancouver General"),
        ("just started as a research assistant at cedars-sinai this week", "Cedars-sinai"),
    ],
)
def test_a_workplace_typed_in_lower_case_after_a_title(text: str, employer: str) -> None:
    assert ("employer", employer, Op.ASSERT) in read(text)


def test_no_workplace_in_a_place_of_work_that_names_none() -> None:
    for text in ("I work at home most days", "I'm a teacher at the local school"):
        assert not {f for f in read(text) if f[0] == "employer"}


def test_visiting_from_a_town_is_living_there() -> None:
    found = theirs("my sister noor is visiting from dubai next month")
    assert ("sister", "Noor", "lives_in", "Dubai") in found


def test_a_town_and_a_company_said_together() -> None:
    assert {("lives_in", "深圳", Op.ASSERT), ("employer", "腾讯", Op.ASSERT)} <= read("我在深圳腾讯")
    for doing in ("我在北京上课", "我在上海旅游"):  # what one does there, no company
        assert not {f for f in read(doing) if f[0] == "employer"}
