"""The rules extractor reads a turn in its conversation: a short answer in the light of the
assistant's question before it, and people named in earlier turns."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import BY_NAME, Op
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.extract.turn_context import frame_of, last_question, restated

T0 = datetime(2026, 2, 3, 9, 0, tzinfo=timezone.utc)


def chat(*turns: tuple[str, str], session: str | None = "s1") -> list[Resource]:
    out = []
    for n, (role, text) in enumerate(turns, start=1):
        ts = T0 + timedelta(minutes=n)
        path = f"resources/{ts:%Y/%m/%d}.jsonl"
        speaker = "Ola" if role == "user" else "assistant"
        out.append(Resource(id=f"{path}#L{n}", path=path, line=n, text=text, ts=ts, role=role,
                            speaker=speaker, session=session))
    return out


def read(*turns: tuple[str, str]) -> set[tuple[str, str, str]]:
    """What the rules read (not the words they hand on as doubts by name)."""
    extracted = RulesExtractor().extract(chat(*turns))
    return {(c.subject, c.attribute, c.value) for c in extracted if c.attribute != BY_NAME}


ANSWERS = [
    ("Sure! Where are you based these days?", "Lyon", ("Ola", "lives_in", "Lyon")),
    ("Which city are you in?", "oh, rotterdam", ("Ola", "lives_in", "Rotterdam")),
    ("Ha, that's common. Where do you work?", "at, uh, Siemens. for my sins", ("Ola", "employer", "Siemens")),
    ("Who do you work for?", "Unilever, marketing", ("Ola", "employer", "Unilever")),
    ("What do you do there?", "sous chef. long hours", ("Ola", "job_title", "sous chef")),
    ("Where are you from originally?", "Porto", ("Ola", "hometown", "Porto")),
    ("Favourite band?", "um, probably Blur? yeah. Blur", ("Ola", "favourite_band", "Blur")),
    ("Any allergies I should know about?", "sesame", ("Ola", "allergy", "sesame")),
    ("Which languages do you speak?", "polish and english", ("Ola", "speaks", "Polish")),
    ("Are you based in the UK?", "yep, Bristol.", ("Ola", "lives_in", "Bristol")),
    ("好呀！你在哪个城市？", "杭州", ("Ola", "lives_in", "杭州")),
    ("你在哪里上班呀？", "网易", ("Ola", "employer", "网易")),
    ("那你老家是哪里呀？", "福建泉州的", ("Ola", "hometown", "泉州")),
    ("你现在做什么工作？", "嗯 产品经理", ("Ola", "job_title", "产品经理")),
    # what one likes or cannot stand
    ("Any snacks you really like?", "salted pretzels all day", ("Ola", "likes", "salted pretzels")),
    ("Noted. Anything you won't eat?", "olives. never", ("Ola", "dislikes", "olives")),
    # a guess put right: "no" and a name
    ("Sure. You work at Aviva, right? Their review cycle is in May.", "no, Zurich lol",
     ("Ola", "employer", "Zurich")),
    ("You're in Leeds, right?", "nah York!", ("Ola", "lives_in", "York")),
    ("Nice, are you a shift manager there?", "haha no just a barista", ("Ola", "job_title", "barista")),
]


@pytest.mark.parametrize(("question", "answer", "fact"), ANSWERS)
def test_a_short_answer_is_read_with_its_question(
    question: str, answer: str, fact: tuple[str, str, str]
) -> None:
    assert fact in read(("assistant", question), ("user", answer))
    # Without the question the same words state nothing of the kind.
    assert fact not in read(("user", answer))


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Where do you work?", "why do you ask?"),  # asks back
        ("Where do you live?", "no idea what you mean, can you say that again in simpler words please"),
        ("Do you live in Oslo?", "no"),  # a no confirms nothing
        ("That sounds lovely.", "Lyon"),  # no question
        ("How was your weekend?", "Lyon"),  # a question the rules cannot restate
        ("Bored of the job or the city?", "both?"),  # a choice, and no value
        ("Which city are you in right now?", "dunno, somewhere in the alps"),
        ("You're in Leeds, right?", "no I moved"),  # a "no" with no name states nothing new
        ("You work at Aviva, right?", "nope, Aviva closed the office"),
        ("You're in Leeds, right?", "no idea why you think that"),
    ],
)
def test_an_answer_that_is_no_reply_gives_no_fact(question: str, answer: str) -> None:
    found = read(("assistant", question), ("user", answer))
    assert not {f for f in found if f[1] in ("lives_in", "employer")}


def test_an_answer_in_its_own_words_is_read_as_said() -> None:
    found = read(("assistant", "Do you live in Norway too?"), ("user", "nah I'm in Copenhagen"))
    assert ("Ola", "lives_in", "Copenhagen") in found
    assert ("Ola", "lives_in", "Norway") not in found


def test_a_yes_says_the_question_back() -> None:
    assert ("Ola", "lives_in", "Leeds") in read(("assistant", "Do you still live in Leeds?"), ("user", "yep"))
    assert ("Ola", "lives_in", "深圳") in read(("assistant", "梧桐山在深圳吧？你住深圳？"), ("user", "对"))


def test_the_question_belongs_to_the_same_session() -> None:
    turns = [*chat(("assistant", "Where do you live?"), session="a"), *chat(("user", "Lyon"), session="b")]
    assert not [c for c in RulesExtractor().extract(turns) if c.attribute == "lives_in"]


def test_a_question_about_someone_else_is_answered_for_them() -> None:
    found = read(
        ("user", "my brother Jun lives in Vancouver, what's a good gift?"),
        ("assistant", "What's he into?"),
        ("user", "bubble tea"),
    )
    assert ("Jun", "likes", "bubble tea") in found
    assert ("Ola", "likes", "bubble tea") not in found
    # With nobody named before, "he" is nobody the rules know: nothing is read.
    assert not read(("assistant", "What's he into?"), ("user", "bubble tea"))


def test_a_name_told_once_carries_its_relation_and_a_relation_its_name() -> None:
    extracted = RulesExtractor().extract(chat(
        ("user", "my sister Mira works at Ikea"),
        ("assistant", "Nice!"),
        ("user", "Mira moved to Malmo last month"),
    ))
    moved = next(c for c in extracted if c.attribute == "lives_in")
    assert (moved.subject, moved.relation, moved.value) == ("Mira", "sister", "Malmo")
    later = RulesExtractor().extract(chat(("user", "我哥段鹏在阿里上班"), ("user", "我哥跳槽去网易了")))
    assert {c.subject for c in later if c.attribute == "employer"} == {"段鹏"}


def test_two_names_for_one_relation_stay_apart() -> None:
    extracted = RulesExtractor().extract(chat(
        ("user", "my brother Tom lives in Leeds"),
        ("user", "my brother Sam lives in York"),
        ("user", "my brother is a nurse"),
    ))
    nurse = next(c for c in extracted if c.attribute == "job_title")
    assert nurse.subject == "Ola's brother"


def test_the_question_of_a_turn_is_its_last_sentence() -> None:
    assert last_question("Congrats! Where do you work now?") == "Where do you work now?"
    assert last_question("Where do you work? Just curious. Have a nice day.") == ""
    fun = frame_of("What do you do for fun?")
    assert fun is not None and fun.allows("hobby")
    assert restated("Favourite film?", "Heat") is not None


@pytest.mark.parametrize(
    "answer",
    ["", " ", "?", "？？", "yes" * 2000, "对" * 5000, "\x00\x1b[2J", "不是", "🙂", "at, uh,", "{} {0} {who}"],
)
def test_odd_answers_never_raise(answer: str) -> None:
    questions = ("Where do you work?", "你在哪个城市？", "What's he into?", "她在哪上班？", "Favourite {x}?")
    for question in questions:
        for intro in ("my sister Jo is a vet", "我姐姐{好}在上海上班", "我妹妹{0}在上海上班"):
            turns = chat(("user", intro), ("assistant", question), ("user", answer))
            RulesExtractor().extract(turns)


def test_a_birthday_without_the_new_age_adds_one_to_the_age_told_before() -> None:
    found = read(("user", "I'm 41, live in Ghent"), ("user", "it's my birthday today!!"))
    assert ("Ola", "age", "42") in found
    # An age said in the same turn is the age.
    assert ("Ola", "age", "45") in read(("user", "I'm 41"), ("user", "it's my birthday today, I'm 45 lol"))
    assert not {f for f in read(("user", "it's my birthday today!!")) if f[1] == "age"}


def test_a_switch_changes_what_the_speaker_told_before() -> None:
    job = read(("user", "I work at Asda"), ("user", "switched to Tesco last week"))
    assert ("Ola", "employer", "Tesco") in job
    school = read(("user", "I'm a sophomore at Kent Academy"), ("user", "I transferred to Hillside"))
    assert ("Ola", "studies_at", "Hillside") in school
    # With nothing told before, a switch to a name says nothing the rules can place.
    assert not read(("user", "switched to Tesco last week"))


def test_it_after_a_thing_named_as_a_question_is_that_thing() -> None:
    said = "remember the welsh thing? yeah I dropped it, so hard"
    extracted = RulesExtractor().extract(chat(("user", said)))
    assert ("learning", "Welsh") in {(c.attribute, c.value) for c in extracted}
    assert not RulesExtractor().extract(chat(("user", "the flat? it's fine")))


def test_a_chinese_name_alone_is_the_relative_named_before() -> None:
    turns = chat(("user", "我妹妹周小禾在南开读大一"), ("user", "小禾退学了，说要去学厨"))
    extracted = RulesExtractor().extract(turns)
    ended = [c for c in extracted if c.attribute == "studies_at" and c.op.value == "retract"]
    assert [(c.subject, c.relation) for c in ended] == [("周小禾", "sister")]
    # A name nobody introduced stays as said: nothing about a relative is made up.
    assert not [c for c in RulesExtractor().extract(chat(("user", "小禾退学了"))) if c.relation]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("我弟弟张远休学了", ("studies_at", "", "retract")),
        ("我大学退学了", ("studies_at", "", "retract")),
        ("我儿子转学到了育才中学", ("studies_at", "育才中学", "assert")),
    ],
)
def test_chinese_changes_of_school(text: str, fact: tuple[str, str, str]) -> None:
    found = {(c.attribute, c.value, c.op.value) for c in RulesExtractor().extract(chat(("user", text)))}
    assert fact in found


def test_she_opening_a_later_turn_is_the_person_named_last() -> None:
    found = read(("user", "my aunt Rosa is a baker"), ("user", "she lives in Seville, by the river"))
    assert ("Rosa", "lives_in", "Seville") in found
    assert ("Ola", "lives_in", "Seville") not in found
    # "he" does not fit an aunt; a turn that names someone else keeps "she" for them.
    he = read(("user", "my aunt Rosa is a baker"), ("user", "he lives in Bilbao"))
    assert ("Rosa", "lives_in", "Bilbao") not in he
    other = read(("user", "my aunt Rosa is a baker"), ("user", "my niece Lu is 9. she lives in Vigo"))
    assert ("Rosa", "lives_in", "Vigo") not in other
    friend = read(("user", "我闺蜜小雅刚去新加坡了"), ("user", "她在NUS读金融硕士"))
    assert ("小雅", "studies_at", "NUS") in friend


def test_what_one_speaker_told_is_not_another_speakers() -> None:
    turns = [
        Resource(id=f"resources/2026/03/01.jsonl#L{n}", path="resources/2026/03/01.jsonl", line=n,
                 text=text, ts=T0 + timedelta(minutes=n), role="user", speaker=who, session=None)
        for n, (who, text) in enumerate(
            [("Maya", "My sister Ana is a nurse."), ("Eve", "She quit her job."),
             ("Maya", "I work at Lidl."), ("Eve", "I switched to Aldi.")], start=1)
    ]
    got = {(c.subject, c.attribute, c.value) for c in RulesExtractor().extract(turns)}
    assert ("Eve", "sister", "Ana") not in got  # Eve's "she" is nobody Eve named
    assert not any(s == "Ana" and a == "employer" for s, a, _ in got)
    assert ("Maya", "employer", "Aldi") not in got  # Eve's switch is Eve's


def test_an_appointment_moved_as_it_is_the_last_one_told() -> None:
    found = {(c.attribute, c.value, c.when.day if c.when else None) for c in RulesExtractor().extract(chat(
        ("user", "physio on tuesday at 4pm, ugh"),
        ("user", "they moved it to the 25th, 10am"),
    ))}
    assert ("appointment", "physio", 25) in found
    assert not any(value == "it" for _, value, _ in found)
    # with no appointment told before, "it" names none: a doubt on the speaker's
    # appointments, never a new one
    alone = RulesExtractor().extract(chat(("user", "they moved it to the 25th, 10am")))
    assert [(c.value, c.op) for c in alone if c.attribute == "appointment"] == [("", Op.DOUBT)]


def test_she_after_a_relative_told_without_a_name_is_that_relative() -> None:
    found = read(("user", "my dad's birthday is on the 9th of June"), ("assistant", "Any plans?"),
                 ("user", "he's mad about sailing, so maybe a day out"))
    assert ("Ola's father", "birthday", "06-09") in found
    assert ("Ola's father", "likes", "sailing") in found


def test_shes_in_a_later_sentence_is_the_person_named_last() -> None:
    found = read(("user", "my roommate Bea is a nurse at the Royal Free"),
                 ("user", "when she's home. she's vegan so I cook veggie"))
    assert ("Bea", "diet", "vegan") in found
    assert ("Ola", "diet", "vegan") not in found


def test_a_verb_without_its_subject_after_them_is_theirs() -> None:
    found = read(("user", "my aunt's birthday is on the 2nd of May"), ("assistant", "What is she like?"),
                 ("user", "she's mad about roses. lives out in Galway, still works at the bank"))
    assert ("Ola's aunt", "lives_in", "Galway") in found
    assert ("Ola", "lives_in", "Galway") not in found
