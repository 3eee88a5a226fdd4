"""Facts said around something else (tenth round of docs/FACTS.md): a town told as the
speaker's "here" (西安这满大街…), a kinship named inside a question or a wish, "his"/"her"
opening a sentence, a reply word before a pronoun, a guess after a comma, a title and
workplace after an announcement, "started as ... at", endings told as letting go or as
papers put down. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.known_people import KnownPeople
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.speaker_memory import SpeakerMemory

A, R = Op.ASSERT, Op.RETRACT


def table(text: str) -> set[tuple[str, str, Op]]:
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about}


def theirs(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.about}


def events_in(text: str) -> list[Fact]:
    return [f for f in facts_in(text) if f.attribute == "appointment"]


def read_of(facts: list[Fact]) -> set[tuple[str, str, str, str]]:
    return {(f.attribute, f.value, f.about, f.name) for f in facts}


def turns(*texts: str) -> list[list[Fact]]:
    """Each turn read after the ones before it, as ``RulesExtractor.extract`` reads a
    conversation: names given their capitals back, people said in full, then the turn."""
    known, told, read = KnownPeople(), SpeakerMemory(), []
    for text in texts:
        facts = facts_in(known.said_in_full(told.with_capitals(text)))
        known, told = known.learn(facts), told.learn(facts)
        read.append(facts)
    return read


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("兰州这冬天干得要命 有没有好用的加湿器", "兰州"),
        ("周末想去爬山 洛阳这边有啥推荐", "洛阳"),
        ("烟台这满大街海鲜我都吃腻了", "烟台"),
        ("下班去撸串 我们包头这边烤肉便宜", "包头"),
    ],
)
def test_a_town_told_as_here_is_home(text: str, town: str) -> None:
    found = [f for f in facts_in(text) if f.attribute == "lives_in"]
    assert [(f.value, f.op, f.confidence) for f in found] == [(town, A, 0.6)]


@pytest.mark.parametrize("text", ["杭州这块机会应该多吧", "要是搬去成都 成都这边房租贵吗", "这边天气不错"])
def test_a_hedge_a_question_or_no_town_is_no_home(text: str) -> None:
    assert not any(f.attribute == "lives_in" for f in facts_in(text))


def test_the_here_of_someone_else_is_theirs() -> None:
    facts = facts_in("我妹在杭州 杭州这边房价太高了")
    assert [(f.about, f.value) for f in facts if f.attribute == "lives_in"] == [("sister", "杭州")]


@pytest.mark.parametrize(
    ("text", "title"),
    [("在银行做柜员做得好好的 有点累", "柜员"), ("我做销售做了五年", "销售")],
)
def test_a_chinese_title_stops_before_what_is_said_of_it(text: str, title: str) -> None:
    assert ("job_title", title, A) in table(text)


def test_a_wish_to_quit_after_a_job_ends_nothing() -> None:
    assert not any(op is R for _, _, op in table("我在招行做柜员 突然想辞职"))
    assert ("employer", "腾讯", R) in table("我从腾讯辞职了")


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("what should I get my sister Amy for her birthday?", "sister", "Amy"),
        ("I want to plan a surprise for my husband Tomas", "husband", "Tomas"),
        ("if my flatmate Priya moves out, can I afford the rent?", "flatmate", "Priya"),
        ("My boss Karen wants the deck by friday, any tips?", "boss", "Karen"),
        ("can u help me write a card for my mum Linda", "mother", "Linda"),
    ],
)
def test_a_kinship_named_in_a_question_or_a_wish_is_told(text: str, relation: str, name: str) -> None:
    assert (relation, name, A) in table(text)


@pytest.mark.parametrize("text", ["my ex-boyfriend Tom called", "my late husband Tomas loved this song",
                                  "see you on my birthday Monday"])
def test_a_former_or_no_kinship_is_not_told(text: str) -> None:
    assert not {a for a, _, _ in table(text)} & {"boyfriend", "husband", "ex", "friend"}


def test_his_or_her_opening_a_sentence_is_theirs() -> None:
    [read] = turns("I want to plan a surprise for my husband Tomas. His birthday is 22 November")
    assert ("birthday", "11-22", "husband", "Tomas") in read_of(read)
    [read] = turns("need a gift for my sister Jia. Her favourite colour is green.")
    assert ("favourite_colour", "green", "sister", "Jia") in read_of(read)
    later = turns("my gf Camila is vegetarian", "perfect she loves risotto", "Her birthday is 3 May")
    assert ("likes", "risotto", "girlfriend", "Camila") in read_of(later[1])
    assert ("birthday", "05-03", "girlfriend") in {(f.attribute, f.value, f.about) for f in later[2]}


def test_a_guess_after_a_comma_leaves_the_statement_before_it() -> None:
    assert ("job_title", "junior analyst", A) in table(
        "currently im a junior analyst at a small broker, so this would be a step up")
    assert ("lives_in", "Leeds", A) in table("I live in Leeds, it would be nice to move somewhere warmer")
    assert not any(a == "lives_in" for a, _, _ in table("if I moved to Leeds, it would be nice"))


def test_a_title_and_workplace_after_an_announcement() -> None:
    found = table("new job started on 1 april btw, network engineer at Turkcell. so busy")
    assert {("job_title", "network engineer", A), ("employer", "Turkcell", A)} <= found
    # someone else's announcement keeps the piece theirs
    assert ("sister", "", "employer", "Mercy") in {(a, "", at, v) for a, _, at, v in theirs(
        "my sister started last week, nurse at Mercy")}


def test_started_as_a_title_at_a_workplace() -> None:
    found = table("I started as a nurse at Mercy in 2019")
    assert {("job_title", "nurse", A), ("employer", "Mercy", A)} <= found


def test_endings_told_as_letting_go_or_papers_put_down() -> None:
    assert ("car", "jazz", R) in table("I finally let go of the old jazz, the new one is a BYD")
    found = table("I put down my papers at the infy job, taking a break for 2 months")
    assert {("employer", "", R), ("job_title", "", R)} <= found


@pytest.mark.parametrize(
    ("text", "relation", "name", "routine"),
    [
        ("我女儿朵朵每周二周五下午学钢琴 老师说她手型不对", "daughter", "朵朵", "钢琴 每周二周五"),
        ("我儿子豆豆每周六上午去少年宫学游泳", "son", "豆豆", "游泳 每周六"),
    ],
)
def test_a_relative_named_before_a_routine_has_it(text: str, relation: str, name: str, routine: str) -> None:
    facts = facts_in(text)
    assert (relation, name) in {(f.attribute, f.value) for f in facts if not f.about}
    assert (relation, routine) in {(f.about, f.value) for f in facts if f.attribute == "routine"}


def test_a_place_before_a_routine_is_no_part_of_it() -> None:
    assert ("routine", "篮球 每周六", A) in table("我每周六去体育馆打篮球")


def test_a_flatmate_who_moved_out_is_no_flatmate() -> None:
    assert ("roommate", "小周", R) in table("我室友小周上周末搬走了")
    assert ("roommate", "小周", A) in table("我室友小周下个月搬走")  # still to come


@pytest.mark.parametrize(
    ("text", "relation", "routine"),
    [
        ("my sister does ballet mondays 17:30", "sister", "ballet on Mondays"),
        ("my son Pablo plays football tuesdays and thursdays", "son", "football on Tuesdays and Thursdays"),
    ],
)
def test_someone_elses_routine_is_theirs_and_no_clock_an_age(text: str, relation: str, routine: str) -> None:
    facts = facts_in(text)
    assert (relation, "routine", routine) in {(f.about, f.attribute, f.value) for f in facts}
    assert not any(f.attribute == "age" for f in facts)


@pytest.mark.parametrize(
    ("text", "relation", "age"),
    [("my son oscar (7) has decided he only eats beige food", "son", "7"),
     ("our daughter Ama (6) started school", "daughter", "6")],
)
def test_an_age_in_brackets_after_a_relative_is_theirs(text: str, relation: str, age: str) -> None:
    assert (relation, "age", age) in {(f.about, f.attribute, f.value) for f in facts_in(text)}


def test_turning_an_age_and_a_birthday_said_another_way() -> None:
    assert ("age", "31", A) in table("turning 31 tomorrow and i want to cook something fancy")
    assert ("age", "30", A) in table("I'm turning 30 next week")
    assert ("birthday", "07-03", A) in table("also my own birthday is July 3")
    assert ("birthday", "07-03", A) in table("my bday is July 3")
    assert not any(a == "appointment" for a, _, _ in table("my own birthday is July 3"))


def test_a_subject_before_moved_it_is_no_appointment() -> None:
    facts = facts_in("eish they moved it to friday at 2pm, the panel lady is travelling")
    assert [(f.attribute, f.value) for f in facts] == [("appointment", "it")]


def test_swim_is_two_days_now_is_the_routine_moved() -> None:
    assert ("routine", "swim on Tuesdays and Thursdays", A) in table(
        "pool changed the schedule so swim is tuesday and thursday now, same time")
    assert [(f.attribute, f.value) for f in facts_in("the meeting is monday")] == [("appointment", "meeting")]


def test_names_told_before_are_read_in_lower_case_too() -> None:
    later = turns("my manager Vikram is micromanaging me", "update: quit the infy job. no more vikram 🙏",
                  "my sister Carmen lives in Madrid", "carmen got married and moved to Sevilla")
    assert ("manager", "Vikram", R) in {(f.attribute, f.value, f.op) for f in later[1]}
    assert ("lives_in", "Seville", "Carmen") in {(f.attribute, f.value, f.name) for f in later[3]}
    assert not any(f.attribute == "lives_in" and not f.name and not f.about for f in later[3])


def test_she_after_a_colon_and_a_relative_who_dropped_out() -> None:
    later = turns("my little brother arjun is in first year at edinburgh",
                  "update on arjun: he dropped out in july")
    assert ("studies_at", "", R, "brother") in {(f.attribute, f.value, f.op, f.about) for f in later[1]}


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("finally living alone!! moved to my own place", {("roommate", "", R)}),
        ("good riddance, the big boss left on friday", {("boss", "", R), ("manager", "", R)}),
        ("divorce is final since 12 february", {("wife", "", R), ("husband", "", R)}),
        ("aiyo finally let go of the old corolla", {("car", "corolla", R)}),
    ],
)
def test_endings_said_without_the_old_value(text: str, ended: set[tuple[str, str, Op]]) -> None:
    assert ended <= table(text)


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("瑜伽不练了 太累", ("routine", "瑜伽", R)),
        ("生酮不搞了", ("diet", "keto", R)),
        ("正式不是学生了", ("studies_at", "", R)),
        ("还是被优化了", ("employer", "", R)),
    ],
)
def test_chinese_endings_of_a_thing_named_first(text: str, ended: tuple[str, str, Op]) -> None:
    assert ended in table(text)


def test_a_way_of_eating_begun_this_monday_is_no_appointment() -> None:
    assert table("我这周一开始吃素") == {("diet", "vegetarian", A)}


def test_a_subjectless_clause_goes_on_about_the_relative_before_it() -> None:
    facts = facts_in("我姐终于想通了 阿里辞了 上个月搬去成都了 开了个小咖啡店")
    assert ("sister", "lives_in", "成都") in {(f.about, f.attribute, f.value) for f in facts}
    assert not any(f.attribute == "lives_in" and not f.about for f in facts)
    # a date before 我 gives the clause back to the speaker
    facts = facts_in("我姐在杭州，上个月我搬去成都了")
    assert ("", "lives_in", "成都") in {(f.about, f.attribute, f.value) for f in facts}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my hobbies are climbing and sailing, and ehh, a bit of chess",
         {("hobby", "climbing"), ("hobby", "sailing")}),
        ("also i started learning piano three months ago", {("learning", "piano")}),
        ("also I hate sauerkraut, sorry germany", {("dislikes", "sauerkraut")}),
        ("i like KL la, not going back", {("likes", "KL")}),
        ("my go-to drink is a flat white", {("favourite_drink", "flat white")}),
    ],
)
def test_no_pause_hedge_or_apology_is_a_value(text: str, expected: set[tuple[str, str]]) -> None:
    assert {(a, v) for a, v, _ in table(text)} == expected


def test_a_make_in_lower_case_after_my_is_the_car() -> None:
    assert ("car", "honda", A) in table("I drive my old honda to work")


def test_a_flatmate_ends_by_either_word() -> None:
    assert {("roommate", "", R), ("flatmate", "", R)} <= table("finally living alone!!")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("爱好就是跳舞 从小跳舞 还有弹琴", {("hobby", "跳舞")}),
        ("我的爱好是爬山和摄影", {("hobby", "爬山"), ("hobby", "摄影")}),
        ("最喜欢的电影是《海上钢琴师》 看了不下十遍", {("favourite_movie", "海上钢琴师")}),
        ("奶茶的话其实啥都喝 但最爱还是杨枝甘露吧", {("likes", "杨枝甘露")}),
    ],
)
def test_chinese_values_without_what_frames_them(text: str, expected: set[tuple[str, str]]) -> None:
    assert {(a, v) for a, v, _ in table(text)} == expected


@pytest.mark.parametrize("text", ["爱好太多了", "我爱好不多", "刚学了一个月"])
def test_a_comment_on_hobbies_or_a_duration_is_no_value(text: str) -> None:
    assert table(text) == set()


def test_a_relative_told_without_a_name_is_said_by_the_relation() -> None:
    later = turns("我爸下周三做白内障手术", "他七十三了 血压也高")
    assert ("age", "73", "father", "") in read_of(later[1])


def test_a_chinese_slot_told_in_pieces_keeps_its_hour_out_of_the_thing() -> None:
    [event] = events_in("我和未婚夫约了4月18号周六下午两点拍婚纱照")
    assert (event.value, event.scheduled) == ("拍婚纱照", "4月18号下午两点")
    [event] = events_in("下周一5月18号下午两点有个字节的面试 帮我记下")
    assert event.value == "字节的面试"


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("shellfish, allergic. otherwise anything", "shellfish"),
        ("I want cook something for party. I am allergic for shellfish so no shrimps please", "shellfish"),
        ("and i cant eat shrimp, i am allergic", "shrimp"),
        ("nothing w sesame tho (tahini etc) im allergic. like actually epipen allergic", "sesame"),
        ("lactose intolerant. so goodbye milk", "lactose"),
        ("so... got diagnosed with celiac 🥲 gluten free from now on", "celiac"),
    ],
)
def test_an_allergy_told_around_the_word(text: str, allergen: str) -> None:
    assert ("allergy", allergen, A) in table(text)


@pytest.mark.parametrize(
    "text",
    ["my coworker thinks i'm allergic to cats lol", "he also has a dairy allergy",
     "peanut allergies are so common", "a peanut allergy is no joke", "am I allergic to shellfish?",
     "I'm not allergic to cats"],
)
def test_no_allergy_of_the_speakers_from_belief_talk_or_denial(text: str) -> None:
    assert not any(a == "allergy" and op is A for a, _, op in table(text))


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        ("and i speak yoruba, pidgin, english. trying to learn more", {"Yoruba", "Pidgin", "English"}),
        ("I speak swedish, english and bad german from school", {"Swedish", "English", "German"}),
        ("My english is not perfect sorry", {"English"}),
        ("norwegian is my language", {"Norwegian"}),
    ],
)
def test_languages_spoken_as_chat_says_it(text: str, spoken: set[str]) -> None:
    assert {v for a, v, _ in table(text) if a == "speaks"} == spoken
    assert not any(a == "speaks" for a, _, _ in table("my day is fine"))


def test_he_after_an_emoji_is_the_person_named_last() -> None:
    later = turns("my dad Pablo is 60", "he wants a giant eagle tattoo 💀 he lives in Valencia, zero chill")
    assert ("lives_in", "Valencia", "father", "Pablo") in read_of(later[1])


@pytest.mark.parametrize(
    ("text", "town"),
    [("周末回老家长沙看我爸妈", "长沙"), ("过年回合肥老家必须整一顿红烧肉", "合肥"),
     ("先回洛阳老家歇歇 考个公务员试试", "洛阳")],
)
def test_a_town_gone_back_to_as_home_is_the_hometown(text: str, town: str) -> None:
    found = table(text)
    assert ("hometown", town, A) in found
    assert not any(a == "lives_in" for a, _, _ in found)
