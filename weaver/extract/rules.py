"""The rules extractor: deterministic, offline facts from English and Chinese turns.

Pure: the same resources always give the same candidates, in textual order. One turn is cut into
sentences, a sentence into clauses (one first-person statement each), and every clause goes through, in order:

1. chatter gates: questions, hypotheticals ("I'd love to", "if I lived"), opinions
   ("I think", "I feel like") and third-person talk state nothing about the speaker;
2. specific retractions ("I quit smoking", "I left Google", "我戒烟了");
3. negations of a statement ("I no longer X", "I don't X anymore", "I used to X",
   "我不再X", "我不X了"): the statement is read and its facts come back as RETRACT;
4. the positive rules, first accepting rule wins;
5. mentions anywhere after the matched part ("... with my wife Li", "my cat Mochi").

Then the turn as a whole: what the rules read of none of the speaker's attributes, the trained span
reader (``span_reader``) may still find, outside questions; and a turn that speaks of a change the
rules could not read puts the current value in doubt (``doubt_cues``). Layout: this module holds the
extractor and sentence cutting; ``grammar_en`` / ``grammar_zh`` the clause grammars, ``rules_en`` /
``rules_zh`` the pattern tables, ``rules_text`` the types.

Mapping decisions:
- "I quit/stopped <verb>-ing" ends the ``habit`` "I <verb>" states ("I quit smoking" ends
  "smokes": habits are verb phrases without their frequency); "I gave up coffee" ends
  ``likes`` coffee; "I quit <Company>" ends ``employer``.
- "I'm learning X" / "我在学X" -> ``learning`` (a state that ends), not ``hobby``. Values keep the
  speaker's case, except job titles (lower-cased, acronyms kept) and closed vocabularies (diets, languages,
  pets, relatives), canonical English in both languages. Values over 80 characters (notes: 240) are rejected.
- "I quit my job" / "我离职了" retracts ``employer`` with an empty value: the resolver reads
  that as "whatever the current employer is".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta, tzinfo

from vaultweave.schemas.config import VaultConfig
from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import canonical_sentence, is_single_valued, spec_for
from vaultweave.weaver.extract import (
    asked_zh,
    dated_zh,
    dates,
    dates_zh,
    events_en,
    rules_zh_updates,
    span_events,
    span_reader,
    turn_dates,
    weekdays_en,
)
from vaultweave.weaver.extract.allergens import allergies_in
from vaultweave.weaver.extract.base import MOVED, Candidate, Op, normalise
from vaultweave.weaver.extract.beside_events import told_beside
from vaultweave.weaver.extract.births_en import BORN_ON
from vaultweave.weaver.extract.change_reader import learned_doubts
from vaultweave.weaver.extract.changes_dated_en import dated_by_change
from vaultweave.weaver.extract.clauses import clause_facts
from vaultweave.weaver.extract.denials import undenied
from vaultweave.weaver.extract.doubt_cues import cue_doubts
from vaultweave.weaver.extract.event_it_en import it_said_in_full
from vaultweave.weaver.extract.event_things import event_thing
from vaultweave.weaver.extract.fragments_en import Carried, last_mentioned, with_mentions
from vaultweave.weaver.extract.fragments_en import clauses as fragment_clauses
from vaultweave.weaver.extract.grammar_en import ENGLISH
from vaultweave.weaver.extract.grammar_zh import CHINESE, _zh_sentence_facts, zh_sentence
from vaultweave.weaver.extract.homes_pointed_en import pointed_at_in_full
from vaultweave.weaver.extract.homes_since_en import homes_since_in_full
from vaultweave.weaver.extract.homes_zh import told_first
from vaultweave.weaver.extract.known_people import KnownPeople
from vaultweave.weaver.extract.moved_in_with import moved_in_with
from vaultweave.weaver.extract.moves import for_the_vault
from vaultweave.weaver.extract.normalise_en import who_they_are_dropped
from vaultweave.weaver.extract.patterns_en import AHEAD
from vaultweave.weaver.extract.pets_en import pets_named_in_turn, without_unnamed_pets
from vaultweave.weaver.extract.places_en import in_full
from vaultweave.weaver.extract.reader_clauses import gated_clauses, is_chinese_sentence
from vaultweave.weaver.extract.rules_en import UPCOMING
from vaultweave.weaver.extract.rules_text import Fact, Grammar
from vaultweave.weaver.extract.rules_zh_people import Person, last_relative
from vaultweave.weaver.extract.rules_zh_values import bare_title
from vaultweave.weaver.extract.said_plainly_en import said_plainly
from vaultweave.weaver.extract.sentences import split_sentences
from vaultweave.weaver.extract.speaker_memory import SWITCH, SpeakerMemory, incomplete, switch_in
from vaultweave.weaver.extract.starts_ahead import starts_ahead
from vaultweave.weaver.extract.told_before import former_values
from vaultweave.weaver.extract.towns_in_passing import homes_with_town, towns_in_passing
from vaultweave.weaver.extract.turn_context import named_in, restated, topic_of, with_topic
from vaultweave.weaver.extract.typed_zh import read_as_mandarin
from vaultweave.weaver.extract.unsure import doubts_of, unsure_of_people, unsure_sentences
from vaultweave.weaver.extract.whole_turn import dated_by_last_day, kin_named, kin_said, title_in_doubt

_CJK = re.compile(r"[\u4e00-\u9fff]")
NOTE_CONFIDENCE = 0.95
# A turn answers the assistant's question only when it comes soon after it: the same
# words a week later are a new topic.
ANSWER_WITHIN = timedelta(hours=12)
# A start told further ahead than this is a plan (see _planned).
PLAN_AHEAD = timedelta(days=14)
# Turns of a session woven before a cycle that are read again for their context.
EARLIER_TURNS = 12


def _last_of_each_session(
        earlier: Sequence[Resource], sessions: set[str | None], keep: int) -> list[Resource]:
    """The last ``keep`` turns of each of ``sessions`` in ``earlier``, in their order."""
    picked: list[Resource] = []
    count: dict[str | None, int] = {}
    for resource in reversed(earlier):
        if resource.session in sessions and count.get(resource.session, 0) < keep:
            count[resource.session] = count.get(resource.session, 0) + 1
            picked.append(resource)
    return picked[::-1]


class RulesExtractor:
    """Regex rules over a speaker's own turns. No I/O, no model, no network."""

    name = "rules"
    reads_earlier = True  # extract(resources, earlier): see weaver/extract/base.py

    def __init__(self, default_subject: str = "user",
                 ignore_roles: Sequence[str] = ("assistant", "system", "tool"),
                 zone: tzinfo | None = None) -> None:
        self.default_subject = default_subject
        self.ignore_roles = frozenset(r.casefold() for r in ignore_roles)
        self.zone = zone  # the speakers' wall clock ("dentist at 3pm"); None: by language

    def extract(self, resources: Sequence[Resource], earlier: Sequence[Resource] = ()) -> list[Candidate]:
        """Every turn's candidates, each turn read with its session's context: the
        assistant's question just before it, the people named and what the speaker told of
        themself in earlier turns (``speaker_memory``). ``earlier``: turns woven in a
        previous cycle, read for that context only (a live vault weaves a question and its
        answer in different cycles); only the last few of each session in ``resources``."""
        candidates: list[Candidate] = []
        before: dict[str | None, Resource] = {}  # the previous turn of each session
        # What a speaker told of people and of themself is theirs: Eve's "she" is not the
        # sister Maya named, and Eve's "I switched to X" is not Maya's employer.
        people: dict[tuple[str | None, str | None], KnownPeople] = {}
        speaker: dict[tuple[str | None, str | None], SpeakerMemory] = {}
        context = _last_of_each_session(earlier, {r.session for r in resources}, EARLIER_TURNS)
        fresh = len(context)
        for at, resource in enumerate([*context, *resources]):
            previous = before.get(resource.session)
            before[resource.session] = resource
            if self._ignored(resource):
                continue
            asked = ""
            soon = previous is not None and resource.ts - previous.ts <= ANSWER_WITHIN
            if previous is not None and soon and self._ignored(previous):
                asked = previous.text
            who = (resource.session, resource.speaker)
            known = people.get(who, KnownPeople())
            told = speaker.get(who, SpeakerMemory())
            text = known.said_in_full(told.with_capitals(resource.text), asked)
            # "How old is Jalen?" asks of Jalen, whoever was named last
            asked_of = known.spoken_of(named_in(asked)) if asked else ""
            read = facts_in(text, asked, asked_of or known.last_named)
            # "she's taking the austin job": a kinship only the rewriting said is not told again
            read = kin_said(read, resource.text)
            # "not sure he's still in sydney": the people a doubting sentence speaks of (below, a person
            # is completed from what this turn told too: "my gf dani ... she's a nurse")
            read += unsure_of_people(split_sentences(resource.text), known.by_name, known.last_person())
            completed = told.complete([*map(known.learn(read).complete, read)], resource.text)
            completed += known.learn(completed).shared_home(completed, resource.text)  # "we moved to austin"
            planned_done = told.dated_by_plan(completed, resource.ts, resource.text)
            facts = starts_ahead(planned_done, text, resource.ts, self.zone)
            learned = known.learn(facts)
            mentioned = last_mentioned(text) or last_relative(text)
            if learned.last_named == known.last_named and mentioned:
                # "my grandma moved in with us", "老婆怀孕28周了": nothing of hers read, she is still "she"
                learned = replace(learned, last_named=mentioned)
            people[who] = learned
            planned = [f for f in facts if not f.about and _planned(f, resource, self.zone)]
            speaker[who] = told.learn(facts, planned, resource.ts, self.zone)
            if at >= fresh:
                candidates.extend(self._candidates(resource, facts))
        return candidates

    def extract_one(self, resource: Resource, asked: str = "") -> list[Candidate]:
        """The candidates of one turn; ``asked`` is the assistant's turn just before it, which
        gives a short answer its meaning ("Where do you work?" -> "Deloitte")."""
        if self._ignored(resource):
            return []
        facts = starts_ahead(facts_in(resource.text, asked), resource.text, resource.ts, self.zone)
        return self._candidates(resource, facts)

    def _candidates(self, resource: Resource, facts: Sequence[Fact]) -> list[Candidate]:
        subject = (resource.speaker or "").strip() or self.default_subject
        sentences = split_sentences(resource.text)
        told = [
            _candidate(subject, fact, resource, sentences, self.zone)
            # a change the rules could not read is still told (change_reader): the old value in doubt
            for fact in [*facts, *for_the_vault(sentences, facts),
                         *learned_doubts(resource.text, facts)]
            if fact.attribute != SWITCH  # a switch nobody said what of (speaker_memory)
            and not incomplete(fact)
            and not _planned(fact, resource, self.zone)
        ]
        # "dentist thursday at 3. no wait, friday": one line tells one time of each appointment, the last
        booked = [c for c in told if c.attribute == "appointment" and c.op is Op.ASSERT]
        last = {(c.subject, c.value_key): c for c in booked}
        earlier = {id(c) for c in booked} - {id(c) for c in last.values()}
        return [c for c in told if id(c) not in earlier]

    def _ignored(self, resource: Resource) -> bool:
        # A line without a role is judged by its speaker ("assistant", "system").
        who = resource.role if resource.role is not None else resource.speaker
        return who is not None and who.strip().casefold() in self.ignore_roles


def _planned(fact: Fact, resource: Resource, zone: tzinfo | None) -> bool:
    """An English start told weeks ahead ("starting at Delta in July") is a plan, not yet a fact;
    one days ahead ("starting at Stripe next monday") is taken as told, as is an ending told with
    its day ("last day at the bakery is june 12"). Chinese keeps its own ("下周一去网易报到")."""
    if not fact.starts or _CJK.search(fact.starts) or fact.op is Op.RETRACT:
        return False
    day = dates.resolve(fact.starts, resource.ts, "future", zone)
    return day is not None and day - resource.ts > PLAN_AHEAD


def rules_extractor(config: VaultConfig) -> RulesExtractor:
    """The rules extractor as vault.toml configures it."""
    return RulesExtractor(
        default_subject=config.vault.default_subject,
        ignore_roles=tuple(config.weaver.ignore_roles),
        zone=config.vault.zone(),
    )


def _candidate(
    speaker: str, fact: Fact, resource: Resource, sentences: Sequence[str], zone: tzinfo | None = None
) -> Candidate:
    spec = spec_for(fact.attribute)
    # A fact about someone else is theirs: by name when given, else "<speaker>'s sister".
    subject = fact.name or (f"{speaker}'s {fact.about}" if fact.about else speaker)
    if fact.attribute == "birthday" and fact.value in ("today", "turned", "turning"):
        # "it's my birthday today", "turned 40 yesterday", "turning 30 on friday": the day is the birthday
        prefer: dates.Prefer = "past" if fact.when and fact.value != "turning" else "future"  # gone, to come
        day = dates.resolve(fact.when or fact.starts, resource.ts, prefer, zone) or resource.ts
        fact = replace(fact, value=f"{day.astimezone(zone) if zone else day:%m-%d}", starts="")
    elif fact.attribute == "birthday" and fact.value == BORN_ON:  # "was born on saturday": the whole day
        day = dates.resolve(fact.when, resource.ts, "past", zone) or resource.ts
        fact = replace(fact, value=f"{day.astimezone(zone) if zone else day:%Y-%m-%d}", when="")
    happened = dates.resolve(fact.when, resource.ts, "past", zone) if fact.when else None
    if fact.op is Op.RETRACT and fact.when and dates.ahead(fact.when, resource.ts, zone):
        # an ending on a day to come: "last day at X is june 12", "月底从济南搬去烟台"
        happened = dates.resolve(fact.when, resource.ts, "future", zone)
    elif happened is None and fact.starts:  # a start on a day still to come
        happened = dates.resolve(fact.starts, resource.ts, "future", zone)
    elif happened is None and _dated_by_turn(fact):  # "ended it mid january. ANYWAY ..."
        phrase = turn_dates.told_when(sentences, fact.value, theirs=bool(fact.about or fact.name))
        if phrase and not dates.ahead(phrase, resource.ts, zone):  # "party is 21 March": to come
            happened = dates.resolve(phrase, resource.ts, "past", zone)
    told_at = fact.scheduled.removesuffix(events_en.SAME_TIME)  # no earlier hour to keep
    scheduled = dates.resolve(told_at, resource.ts, "future", zone) if told_at else None
    # A routine's weekdays (a move's new ones) ride in a tag ("days:tuesday"); an appointment has `when`.
    said = fact.scheduled if fact.attribute == MOVED else fact.value if fact.attribute == "routine" else ""
    days = dates_zh.weekdays(said) or weekdays_en.weekdays(said)
    tags: tuple[str, ...] = (f"days:{','.join(days)}",) if days else ()
    if fact.op is Op.DOUBT and not fact.value:  # "the move was exhausting"
        text = f"{subject}'s {fact.attribute.replace('_', ' ')} may have changed."
    elif fact.value:
        text = canonical_sentence(subject, fact.attribute, fact.value)
    else:  # "I quit my job": ends whatever value is current
        text = f"{subject}'s {fact.attribute.replace('_', ' ')} ended."
    return Candidate(
        subject=subject, attribute=fact.attribute, value=fact.value, text=text,
        category=spec.category, kind=spec.kind, source=resource.id,
        valid_from=dates.midday(happened, zone) if happened else resource.ts,
        op=fact.op,
        confidence=fact.confidence,
        tags=tags,
        origin="rules",
        relation=fact.about,
        when=scheduled,
        spoken_at=resource.ts,
        assumed=fact.assumed,
    )


def _dated_by_turn(fact: Fact) -> bool:
    """A change left undated by its clause, whose day the rest of its turn may tell: an ending
    (by name too: "packed out of that Yaba flat last weekend"), or a new value that replaces one."""
    if fact.scheduled or fact.attribute in dates.OWN_TIMES:
        return False
    if fact.op is Op.RETRACT:
        return True
    return fact.op is Op.ASSERT and is_single_valued(fact.attribute)


def facts_in(text: str, asked: str = "", who: str = "") -> list[Fact]:
    """Every fact a turn states, in textual order, without duplicates. ``asked``: the
    question turn it answers, if any; ``who``: the person last named before it, as the
    speaker would say it ("my brother Jun"), for a question about them (``turn_context``).
    Chinese is read as simplified Mandarin (``typed_zh``), English of many places in plain
    words (``said_plainly_en``), "lives there" as the place named."""
    said = it_said_in_full(pointed_at_in_full(homes_since_in_full(said_plainly(text))))
    facts = read_as_mandarin(_facts_in, said, asked, who)
    return [replace(f, value=in_full(f.value)) if f.attribute in _TOWNS  # "QC"
            else replace(f, value=bare_title(f.value)) if f.attribute == "job_title" else f for f in facts]


_TOWNS = frozenset(("lives_in", "hometown", "workplace"))


def _facts_in(text: str, asked: str, who: str) -> list[Fact]:
    answer = restated(asked, text, who) if asked else None
    # "How old is Jalen, and what's he into?" -> "8, obsessed with minecraft": all of it is his
    facts = _turn_facts(text, who, about=answer.who if answer is not None else "")
    if answer is not None:

        def answers(fact: Fact) -> bool:
            return answer.frame.allows(fact.attribute) and bool(fact.about) == answer.about_other

        # An answer in its own words ("nah I'm in Copenhagen") is read as said; the rest from the restatement.
        own_words = _turn_facts(answer.part) if answer.part else facts
        told = {(f.attribute, f.about) for f in own_words if answers(f)}
        if not (told and _CJK.search(answer.statement)):  # Chinese: its own words, or the restatement
            said = [
                f for f in _turn_facts(answer.statement) if answers(f) and (f.attribute, f.about) not in told
            ]
            facts = said + [f for f in facts if f not in said]
    if asked and _CJK.search(asked) and _CJK.search(text):
        # what turn_context leaves: a guess put right or ended, an answer in pieces
        theirs = asked_zh.about_them(asked, text, who, _turn_facts)
        if theirs is not None:  # "她喜欢什么？" -> "喜欢多肉植物": hers, not the speaker's
            return theirs + [f for f in facts if f.about or f.name]
        facts = asked_zh.merged(asked, facts, asked_zh.reply_facts(asked, text, _turn_facts))
    sentences = split_sentences(text)
    # What the rules could not place, the trained reader may (span_reader), dated as the
    # rules date a clause ("been a barista there since last month").
    statements, event_clauses, others = gated_clauses(sentences)
    filled = span_reader.gaps(statements, facts) + span_reader.their_gaps(others, facts)
    # a doubt the rules raised without a value ("new job's at the royal free") is answered
    # by the value the reader found for it
    answered = {f.attribute for f in filled}
    facts = [
        f for f in facts if not (f.op is Op.DOUBT and not f.value and not f.about and f.attribute in answered)
    ]
    facts += filled + span_events.events(event_clauses, facts + filled)
    facts += kin_named(text, facts)
    facts += towns_in_passing(sentences, facts)  # "rent in cork is 1100", "我还在南京上班"
    facts += moved_in_with(sentences, facts)  # "I moved in with my boyfriend, he lives in Leeds"
    if _CJK.search(text):  # "我们重庆人" over a shop's district; "周日也就不去了"
        facts = told_first(facts, text) + rules_zh_updates.routines_ended_by_reference(text)
    facts += former_values(sentences, facts)  # "better than my old place in pilsen", "to Dublin from Cork"
    unsure = [d for s in unsure_sentences(sentences) for d in doubts_of(s)]  # "not sure I'll stay in X"
    facts = dated_by_change(facts, sentences)  # "got promoted two weeks ago!! team lead now"
    facts = undenied(title_in_doubt(facts + cue_doubts(sentences, facts), text), sentences)  # "没说过我在X"
    facts = [replace(f, value=thing) for f in facts  # not "appointment: pandit said"
             if (thing := event_thing(f.attribute, f.value)) is not None]
    return dated_by_last_day(homes_with_town(_title_kept_on_switch(facts), text), text) + unsure


def _title_kept_on_switch(facts: list[Fact]) -> list[Fact]:
    """"从小龙坎辞了 现在在一家日料店掌勺 店叫鮨一", "left Mercy, I'm at Kaiser now": leaving for a new
    employer keeps the title unless the turn tells a new one; only leaving alone ends it."""
    own = [f for f in facts if not f.about and not f.name]
    left = {normalise(f.value) for f in own if f.attribute == "employer" and f.op is Op.RETRACT}
    joined = any(f.attribute == "employer" and f.op is Op.ASSERT and f.value
                 and normalise(f.value) not in left for f in own)
    titled = any(f.attribute == "job_title" and f.op is Op.ASSERT for f in own)
    if not joined or titled:
        return facts
    return [f for f in facts if not (f.attribute == "job_title" and f.op is Op.RETRACT and not f.value
                                     and not f.about and not f.name)]


def _turn_facts(text: str, who: str = "", about: str = "") -> list[Fact]:
    facts: list[Fact] = []
    seen: set[tuple[str, str, Op, str, str]] = set()
    frame, told = "", 0  # Chinese: a date told in a sentence frames the endings of the ones after it
    topic = ""  # English: "the korean thing? yeah I dropped it" (turn_context.topic_of)
    person: Person | None = None  # Chinese: who the sentence before ended about
    carried = Carried(about)  # English: who the fragments of the turn are about (fragments_en)
    for sentence in split_sentences(text):
        grammar = CHINESE if is_chinese_sentence(sentence) else ENGLISH
        if grammar is CHINESE and grammar.note(sentence) is None:
            found, person = zh_sentence(sentence, person)  # "小雅辞职了！跑去大理开民宿了"
        else:
            found, person = _sentence_facts(sentence, grammar, allow_note=True), None
        if grammar is ENGLISH and not grammar.is_question(sentence):
            more, carried = _fragment_facts(sentence, found, carried, who)
            # "my daughter Ines, 20, doing architecture at Porto": hers, not the speaker's too
            theirs = {(f.attribute, f.value) for f in more if f.about or f.name}
            found = [f for f in found if f.about or f.name or (f.attribute, f.value) not in theirs] + more
        elif grammar is ENGLISH:
            carried = with_mentions(sentence, carried)  # "any ideas for the wife, Rosa?": she, after
        if grammar is ENGLISH:  # "switched to Lidl last week", "shellfish, allergic"
            found = found or switch_in(sentence)
            found += [] if any(f.attribute == "allergy" for f in found) else allergies_in(sentence)
        if topic and not found:  # an ending of the thing just named: "it" is that thing
            found = [
                f for f in _sentence_facts(with_topic(sentence, topic), grammar, False) if f.op is Op.RETRACT
            ]
        topic = topic_of(sentence) if grammar is ENGLISH else ""
        if grammar is CHINESE:
            # "前几天转岗了！从测试转成开发了": the change happened 前几天; "京东那边我已经不干了
            # 上个月底走的": a date later in the sentence dates its ending too
            own = dates_zh.find_past(sentence)[0]
            found = [
                replace(f, when=own or frame) if (own or frame) and f.op is Op.RETRACT and not f.when else f
                for f in found
            ]
            frame = own or frame
            if all(f.op is Op.DOUBT for f in found):  # "升区域经理了！上周一宣布的": a 是…的 frame dates
                facts[told:] = dated_zh.dated_by_frame(facts[told:], sentence)
            told = len(facts)
        for fact in found:
            key = (fact.attribute, fact.value, fact.op, fact.about, fact.name)
            if key not in seen:
                seen.add(key)
                facts.append(fact)
        if grammar is ENGLISH:  # "a rescue greyhound!! his name is Biscuit", "..., the kids named her Nugget"
            facts = pets_named_in_turn(sentence, facts)
    return without_unnamed_pets(told_first(facts, text) if is_chinese_sentence(text) else facts)  # homes_zh


def _fragment_facts(
    sentence: str, found: Sequence[Fact], carried: Carried, who: str
) -> tuple[list[Fact], Carried]:
    """What the sentence's fragments, said again as whole clauses, add to its first reading (only facts
    of an attribute and person that reading did not give), and who the next sentence's fragments are about."""
    # an ending read by the sentence leaves room for a new value ("the van's gone, ... a Kia Sportage"),
    # never for the value it ended
    had, extra = {(f.attribute, f.about, f.name) for f in found if f.op is not Op.RETRACT}, []
    ended = {f.value.casefold() for f in found if f.op is Op.RETRACT}
    said, carried = fragment_clauses(who_they_are_dropped(sentence), carried, who)
    booked = {f.value.lower() for f in found if f.attribute == "appointment"}  # "vet for pepe friday": no job
    # "switched to pilates mon and wed evenings": the routine's activity, no liking of "pilates mon"
    kept = {w for f in found if f.attribute == "routine" for w in f.value.lower().split()} - {"on", "and"}
    for clause in said:
        facts = _sentence_facts(clause, ENGLISH, allow_note=False)
        for fact in [] if {f.value.lower() for f in facts if f.attribute == "job_title"} & booked else facts:
            first = fact.value.split()[0].lower() if fact.value.split() else ""
            if fact.op is Op.ASSERT and (fact.attribute, fact.about, fact.name) not in had \
                    and fact.value.casefold() not in ended and first not in kept:
                had.add((fact.attribute, fact.about, fact.name))
                extra.append(fact)
    return extra, carried


def _sentence_facts(sentence: str, grammar: Grammar, allow_note: bool) -> list[Fact]:
    if allow_note:
        content = grammar.note(sentence)
        if content is not None:
            # A note is kept verbatim, and what it states is read like any other sentence.
            inner = _sentence_facts(content, grammar, allow_note=False)
            return [Fact("note", content, Op.ASSERT, NOTE_CONFIDENCE), *inner]
    if grammar is CHINESE:
        return _zh_sentence_facts(sentence)
    if grammar.is_question(sentence):
        return []
    facts: list[Fact] = []
    for clause in grammar.split_clauses(sentence):
        prepared = grammar.prepare(clause)
        other = grammar.other(prepared) if grammar.other else None
        events = grammar.events(clause) if grammar.events else []
        theirs_first = other is not None and other[2].startswith("my ")  # "my son's swim is fridays": his
        beside: list[Fact] = []  # what a clause read as its event tells beside it ("PM at wayfair"): undated
        if events and not theirs_first:
            found, beside = events, told_beside(clause, grammar)
        elif other is not None:
            about, name, first_person, relation = other
            # "Marco quit Pirelli and moved back to Turin": each of their verbs, as a clause
            # "my son Daniyar has orthodontist on wednesday 3pm": their appointment, said as theirs
            unprepared = re.sub(r"^(My|Our)\b", lambda m: m.group(1).lower(), clause)  # dates kept
            raw_other = grammar.other(unprepared) if grammar.other and grammar.events else None
            theirs = grammar.events(raw_other[2]) if grammar.events and raw_other else []
            found = relation + [
                replace(f, about=about, name=name)
                for part in ([] if theirs else grammar.split_clauses(first_person))
                for f in clause_facts(grammar.prepare(part), grammar)
                if not f.about and f.attribute != "note"
            ] + [replace(f, about=about, name=name) for f in theirs]
        else:
            found = clause_facts(prepared, grammar)
        when = grammar.dated(clause) if grammar.dated else ""
        # "I'm starting at Delta in July": the start is still to come, on the day told if any
        found = [replace(f, starts=when) if f.starts in (UPCOMING, AHEAD) else f for f in found
                 if when or f.starts != AHEAD]  # a move ahead with no day told is no fact yet
        if when:  # "we moved to Denver last month": the change happened then (not the kinship told with it)
            kinship = other[3] if other else []
            found = [
                f if f.when or f.scheduled or f.starts or f.attribute == "routine" or f in kinship
                or turn_dates.day_names_thing(f.value, when, clause) else replace(f, when=when)
                for f in found
            ]
        facts.extend([*found, *beside])
    return facts
