"""Endings and dates as chat tells them (eighth round of docs/FACTS.md): a weekday before
the date, a word to the listener with "if", a name typed again in lower case, a job left
with nothing said of the next, a name given by its initials. None is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.item import Item, Status
from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import spec_for
from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.resolve import plan_resolution
from vaultweave.weaver.value_match import names_value

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
SPOKEN = datetime(2026, 4, 10, 9, 0, tzinfo=timezone.utc)  # a Friday


def table(text: str) -> list[tuple[str, str, Op]]:
    return [(f.attribute, f.value, f.op) for f in facts_in(text)]


def turns(*texts: str) -> list[tuple[str, str, Op]]:
    """The candidates of the last of ``texts``, read after the ones before it (one session)."""
    said = [Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN, role="user", speaker="Ola", session="s",
                     text=text) for i, text in enumerate(texts)]
    return [(c.attribute, c.value, c.op) for c in RulesExtractor().extract(said) if c.source == said[-1].id]


@pytest.mark.parametrize(
    ("clause", "phrase"),
    [
        ("fracture clinic thursday 23 april at 11:15", "23 april at 11:15"),
        ("hair salon on sat, 21 march at 11am", "21 march at 11am"),
        ("dentist on tues april 14 at 3pm", "april 14 at 3pm"),
        ("driving test the day after tomorrow at 11:15", "in 2 days at 11:15"),
    ],
)
def test_a_weekday_before_the_date_and_the_day_after_tomorrow(clause: str, phrase: str) -> None:
    found = dates_en.find_span(clause)
    assert found is not None and found[1] == phrase


def test_an_appointment_keeps_the_date_and_hour_after_its_weekday() -> None:
    turn = Resource(id="r1", path="r", line=1, ts=SPOKEN, role="user", speaker="Ola",
                    text="broke my wrist. fracture clinic thursday 23 april at 11:15")
    [candidate] = RulesExtractor().extract_one(turn)
    assert (candidate.attribute, candidate.value) == ("appointment", "fracture clinic")
    assert candidate.when == datetime(2026, 4, 23, 11, 15, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a word to the listener is no condition on what was said
        ("will do. im based in leeds if that matters for the format x", [("lives_in", "Leeds", A)]),
        ("I live in munich if thats relevant", [("lives_in", "Munich", A)]),
        ("live in manchester (levenshulme if ur being specific lol)", [("lives_in", "Manchester", A)]),
        # a real condition still states nothing
        ("I'd move to Berlin if it helps my career", []),
        ("if I lived in Oslo I'd ski every day", []),
    ],
)
def test_if_said_to_the_listener(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("gotta redo the bio, i'm not at Crux anymore", [("employer", "Crux", R), ("studies_at", "Crux", R),
                                                                   ("job_title", "", D)]),
        ("I'm no longer with Deloitte", [("employer", "Deloitte", R), ("studies_at", "Deloitte", R),
                                                  ("job_title", "", D)]),
        ("I'm not at home anymore", []),
        ("we had to put Pickles to sleep last thursday", [("pet", "Pickles", R)]),
        ("i traded the Civic in. got a used Toyota RAV4", [("car", "Civic", R), ("car", "Toyota RAV4", A)]),
        ("Tiago moved out at the end of august",
         [("roommate", "Tiago", R), ("flatmate", "Tiago", R), ("partner", "Tiago", R),
          ("boyfriend", "Tiago", R), ("girlfriend", "Tiago", R)]),  # his move: the speaker's home stays
        # a job left with nothing said of the next: the title is in doubt, never ended
        ("I left Google", [("employer", "Google", R), ("job_title", "", D)]),
        ("I left Google for Meta", [("employer", "Google", R), ("employer", "Meta", A)]),
        ("I gave up coffee", [(a, "coffee", R) for a in
                              ("likes", "learning", "routine", "hobby", "habit", "employer", "studies_at",
                               "studies", "car", "diet")]),
        # Chinese: the workplace named first, a car named first
        # the workplace left, and the job held there
        ("智谱那边三天前已经离职了", [("employer", "智谱", A), ("employer", "智谱", R),
                                     ("job_title", "", R)]),
        ("京东那边我已经不干了", [("employer", "京东", R), ("job_title", "", R)]),
        ("朗逸卖了 上周六提的比亚迪海豹", [("car", "朗逸", R), ("car", "比亚迪海豹", A)]),
        # a dated ending keeps the value and its end, so history holds it even when never told
        ("上周五从星巴克离职了", [("employer", "星巴克", A), ("employer", "星巴克", R),
                                 ("job_title", "", D)]),
    ],
)
def test_endings(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


def test_someone_moving_elsewhere_is_their_move_not_a_roommate_leaving() -> None:
    [fact] = facts_in("Tiago moved to Porto")
    assert (fact.name, fact.attribute, fact.value, fact.op) == ("Tiago", "lives_in", "Porto", A)


def test_a_name_told_with_its_capital_is_read_again_in_lower_case() -> None:
    earlier = "my cat Pickles keeps puking on the rug"
    assert turns(earlier, "we had to put pickles to sleep last thursday 💔") == [("pet", "Pickles", R)]
    # never told: no name; the pet the speaker has is in doubt (change_reader)
    assert turns("we had to put pickles to sleep last thursday") == [("pet", "", Op.DOUBT)]
    assert ("employer", "Tata", R) in turns("I'm a Java developer at Tata Consultancy Services",
                                             "I resigned from tata last friday")


@pytest.mark.parametrize(
    ("stored", "spoken", "named"),
    [
        ("Great Ormond Street Hospital", "GOSH", True),
        ("Tata Consultancy Services", "TCS", True),
        ("Bank of America", "BofA", False),  # not all capitals: not initials
        ("Bank of America", "BOA", True),
        ("Nike", "NK", False),
        ("Mercy Hospital", "GOSH", False),
    ],
)
def test_initials_name_the_full_name(stored: str, spoken: str, named: bool) -> None:
    assert names_value(stored, spoken) is named


def _people(text: str) -> list[tuple[str, str, str, str]]:
    turn = Resource(id="r#L1", path="r", line=1, ts=SPOKEN, role="user", speaker="Ola", session="s",
                    text=text)
    return [(c.subject, c.attribute, c.value, c.op.value) for c in RulesExtractor().extract([turn])]


def test_a_name_typed_in_lower_case_after_a_relation_word_is_a_name() -> None:
    assert ("Declan", "lives_in", "Sydney", "assert") in _people("my brother declan lives in sydney")
    assert ("Jess", "lives_in", "Glasgow", "assert") in _people("my best friend jess lives in glasgow")
    # an adverb in that place is no name: the brother moved, unnamed
    assert _people("my brother just moved to Leeds") == [("Ola's brother", "lives_in", "Leeds", "assert")]


def test_she_and_he_after_someone_the_same_turn_named() -> None:
    told = _people("need gift ideas for my older sister Jia 🎁. she's a dentist in Vancouver")
    assert ("Jia", "job_title", "dentist", "assert") in told
    assert ("Jia", "lives_in", "Vancouver", "assert") in told
    # "he" does not fit a sister: nothing is said of her, nor of the speaker
    said = _people("my sister Jia called. he's a dentist in Vancouver")
    assert said == [("Ola", "sister", "Jia", "assert")]


def test_a_dated_ending_in_short_ends_the_full_name_held() -> None:
    """"智谱那边三天前已经离职了" is told as 智谱 and its end; 智谱AI held before is over, and
    so is the 智谱 the line told (replayed, the line changes nothing more)."""
    held_since = datetime(2026, 3, 1, tzinfo=timezone.utc)
    held = Item(id="emp", subject="Ola", attribute="employer", value="智谱AI", text="智谱AI",
                category=spec_for("employer").category, kind=spec_for("employer").kind, valid_from=held_since,
                observed_at=held_since, sources=("resources/a.jsonl#L1",), heard_at=held_since)
    turn = Resource(id="resources/b.jsonl#L1", path="resources/b.jsonl", line=1, ts=SPOKEN, role="user",
                    speaker="Ola", session="s", text="智谱那边三天前已经离职了")
    candidates = RulesExtractor().extract([turn])
    items = {held.id: held, **plan_resolution(candidates, {held.id: held}, SPOKEN).final_items}
    assert not [i for i in items.values() if i.attribute == "employer" and i.status is Status.CURRENT]
    again = plan_resolution(candidates, items, SPOKEN)
    assert not [c for c in again.changes if c.after.attribute == "employer"]


@pytest.mark.parametrize(
    ("stored", "spoken", "named"),
    [
        ("a corgi named 豆豆", "狗子", True),  # a pet told by its kind: the breed held is that kind
        ("a dog named Pepper", "the dog", True),
        ("a cat named 团子", "狗子", False),
        ("hot dogs", "dog", False),  # not a pet
        ("王哲", "阿哲", True),  # how friends call a Chinese name
        ("王哲", "老王", True),
        ("王哲", "阿明", False),
    ],
)
def test_a_pet_by_its_kind_and_a_name_as_friends_call_it(stored: str, spoken: str, named: bool) -> None:
    assert names_value(stored, spoken) is named


def test_a_chinese_ending_dated_later_in_its_sentence() -> None:
    endings = [f for f in facts_in("京东那边我已经不干了 上个月底走的 先在家带娃歇俩月") if f.op is R]
    assert {(f.attribute, f.value, f.when) for f in endings} == {("employer", "京东", "上个月底"),
                                                                  ("job_title", "", "上个月底")}


def test_what_one_earns_is_no_employer() -> None:
    said = table("在杭州一家奶茶店当店长 到手六千五 房租就去了两千")
    assert ("employer", "到手六千五", A) not in said
    assert ("job_title", "奶茶店店长", A) in said


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a birthday is the date said first, whatever follows it
        ("oh and my birthday is 30 january, the team wants to do cake", [("birthday", "01-30", A)]),
        ("my birthday's march 3rd and i want a small dinner thing", [("birthday", "03-03", A)]),
        ("my birthday is coming up and i want a party", []),
        ("born 28 feb 1985. tongan but raised in south auckland", [("birthday", "1985-02-28", A)]),
        # no event from a birth, a negation or a word that only joins the talk
        ("also book club is every tuesday night so dont pick a tuesday",
         [("routine", "book club on Tuesdays", A)]),
        # "aye" joins the talk and is no value; the hill walk at weekends is a routine told
        ("aye at weekends we do a proper hill walk", [("routine", "hill walk on Saturdays and Sundays", A)]),
    ],
)
def test_birthdays_and_events_as_chat_says_them(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我生日7月23号 今年想跟闺蜜们好好过一下", [("birthday", "07-23", A)]),
        ("我是3月18号生日", [("birthday", "03-18", A)]),
        ("今天我26岁生日 给自己买了个小蛋糕", [("birthday", "today", A), ("age", "26", A)]),
        ("我老婆刘婷10月2号生日", []),  # hers, not the speaker's
    ],
)
def test_chinese_birthdays(text: str, expected: list[tuple[str, str, Op]]) -> None:
    own = [f for f in facts_in(text) if not f.about and not f.name and f.attribute in ("birthday", "age")]
    assert [(f.attribute, f.value, f.op) for f in own] == expected
    if not expected:
        [hers] = [f for f in facts_in(text) if f.attribute == "birthday"]
        assert (hers.name, hers.about, hers.value) == ("刘婷", "wife", "10-02")


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("我住的地方啊 说是北京 其实是燕郊 河北的", "lives_in", "的地方"),
        ("大一新生 学校是个双非 江西财经大学", "studies_at", "个双非"),
        ("我在一家做教育的公司 叫猿辅导", "job_title", "教育的公司"),
        ("入职第四天 小米食堂是真不错", "employer", "第"),
    ],
)
def test_pieces_of_a_chinese_sentence_are_no_values(text: str, attribute: str, value: str) -> None:
    assert (attribute, value) not in [(f.attribute, f.value) for f in facts_in(text)]


def test_a_company_after_its_city_and_street_and_a_company_called_by_name() -> None:
    said = table("我是乐山人 在成都太古里的Apple Store当销售")
    assert ("employer", "Apple Store", A) in said
    assert ("employer", "猿辅导", A) in table("我在一家做教育的公司 叫猿辅导")


def test_the_readers_chinese_places_and_companies_are_cleaned_as_the_rules_clean_theirs() -> None:
    from vaultweave.weaver.extract import span_reader

    assert span_reader._clean("lives_in", "深圳龙岗万科城那边", True) == "深圳"
    assert span_reader._clean("lives_in", "的地方", True) is None
    assert span_reader._clean("employer", "北京百度", True) == "百度"
    assert span_reader._clean("likes", "茶", True) == "茶"


def test_northern_i_and_someone_elses_appointment() -> None:
    said = _people("嗯呐 沈阳本地银儿 俺叫赵晓雯 俺姐赵晓丽在大连当幼儿园老师")
    assert ("Ola", "name", "赵晓雯", "assert") in said
    assert ("赵晓丽", "job_title", "幼儿园老师", "assert") in said
    assert ("Ola", "job_title", "幼儿园老师", "assert") not in said
    told = _people("另外帮我记两个事 我媳妇下周二下午三点约了医院复查 我自己周四上午九点去车管所换驾照")
    booked = [(s, v) for s, a, v, _ in told if a == "appointment"]
    assert booked == [("Ola's wife", "复查"), ("Ola", "换驾照")]
    school = _people("下周四下午四点还要去学校开家长会")
    assert [v for _, a, v, _ in school if a == "appointment"] == ["家长会"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("every wed night i got badminton w my colleagues 8pm", [("routine", "badminton on Wednesdays", A)]),
        ("also gym mon and thurs after work", [("routine", "gym on Mondays and Thursdays", A)]),
        ("I sat down and cried", []),  # a short day form alone is no day
        ("杭州今天热死了", [("lives_in", "杭州", A)]),  # 死了 says how hot, no pet died
        ("今天累死了", []),
        ("豆豆死了", [("pet", "豆豆", R)]),
    ],
)
def test_short_day_names_and_so_very(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("joining Zepto as backend engineer",
         [("job_title", "backend engineer", A), ("employer", "Zepto", A)]),
        ("I'm joining Safaricom next week", [("employer", "Safaricom", A)]),
        ("I'm joining Sarah for lunch", []),  # joining a friend is no job
    ],
)
def test_joining_a_company_and_work_like(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected
    assert ("job_title", "nurse", A) in table("I work like nurse in Erasmus MC")  # "work like": as


@pytest.mark.parametrize(
    ("text", "title"),
    [("我一个做测试的 版本不提测我测个啥", "测试"), ("开滴滴的 一天跑十二个钟头", "网约车司机"),
     ("我是送外卖的", "送外卖")],
)
def test_chinese_work_said_as_what_one_does(text: str, title: str) -> None:
    assert ("job_title", title, A) in table(text)


def test_the_reader_reads_other_people_as_their_own_words() -> None:
    told = _people("西安这边医院忙死 我老公在中石油 也是天天出差")
    assert ("Ola's husband", "employer", "中石油", "assert") in told
    assert not [t for t in told if t[0] == "Ola" and t[1] == "employer"]
    partner = _people("我男朋友陈一鸣在深圳腾讯 我在长沙湘雅当护士")
    assert ("陈一鸣", "employer", "腾讯", "assert") in partner
    assert ("Ola", "job_title", "护士", "assert") in partner
    # asked or denied, nothing of theirs is read
    assert not [t for t in _people("我老公在中石油吗？") if t[1] == "employer"]
    assert not [t for t in _people("我老公不在中石油了") if t[3] == "assert" and t[1] == "employer"]
