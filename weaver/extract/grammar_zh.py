"""The Chinese clause grammar: dropped subjects, other people, dates, gates, negations."""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract import (
    birthdays_zh,
    booked_zh,
    dated_zh,
    dates_zh,
    follow_zh,
    homes_zh,
    hometowns_zh,
    intro_zh,
    pets_zh,
    routines_zh,
    rules_zh,
    rules_zh_doubts,
    rules_zh_people,
    rules_zh_updates,
    schools_zh,
    searched_zh,
    shapes_zh,
    speaks_zh,
    titles_zh,
    trades_zh,
    transfers_zh,
    words_zh,
)
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.clauses import MAX_NOTE, clause_facts
from vaultweave.weaver.extract.fields_of_study import STUDIES_ZH
from vaultweave.weaver.extract.rules_text import EDGES, Fact, Grammar

# -- Chinese clauses ----------------------------------------------------------------------

_ZH_NOTE = re.compile(
    r"(?:请|麻烦你?|帮我|你)?(?:记住|记一下|记下来?|记得|别忘了|不要忘了|不要忘记|请注意)(?:一下)?"
    r"[:：,，]?\s*(?P<v>.+)$"
)
_ZH_DISCOURSE = re.compile(
    r"^(?:嗯+|哦+|啊+|唉+|哎+|算了|对了|顺便说一下|顺便说|顺便|其实|另外|还有|而且|并且|然后|所以|因为|不过|但是|可是|但|"
    r"哈哈+|嘿|你好|好的|对(?![象面门了])|是的|说起来|告诉你|跟你说(?:一声|个事儿?|下)?|最近|就是|还好|幸好|好在|说真的|说实话|讲真|好消息|"
    # the listener called by a name of friendship: "哥们儿我被优化了", "姐妹们 我…"
    r"(?:哥们儿?|兄弟们?|姐妹们?|老铁们?|家人们|宝子们?|老妹儿)(?=[，,、:：\s]|我|俺)|"
    # time words that date nothing dateparser reads: the clause after them is plain
    r"过完年|年后|节后|开年|以后(?=不|别|再也)|(?:这|新)(?:个)?学期(?:开始)?|"
    # "覆诊那天我孙女陪我去": the day of something, told before who did what
    r"[\u4e00-\u9fff]{1,6}?(?:那天|那日|当天)(?=我))[，,、:：\s]*"
)
# A piece that asks for something ("帮我想想怎么推广", "有啥推荐"): a clause of its own
# ("帮我记一下" is no request: it marks what is to be remembered, and "能不能转正" is a doubt)
_ZH_REQUEST = re.compile(r"^(?:那|所以|想问下?|顺便问下?)?(?:(?:帮我|帮忙|麻烦你?|你帮我?|你给我?)"
                         r"(?!我?(?:记|提醒))|求(?:推荐|助)|请问|你(?:觉得|说|看)|有没有|有啥|有什么|怎么|咋|如何)")
# "地铁那边我上个月底辞了": a place or employer put first, then what I did there
_ZH_TOPIC_THEN_I = re.compile(r"^[^，,我]{1,8}?(?:那边|这边|那儿|这儿|那里|这里)我")
_ZH_CHATTER = re.compile(
    r"如果|要是|假如|假设|的话|希望|想要|打算|准备|可能|也许|大概|或许|应该|我觉得|我认为|我想|我猜|我怕|"
    r"将来|以后(?!不|别|再也|是?[吃喝]不)|明年|下周|下个月|下个星期|明天|会不会|要不要|我要|我将|我快要|我即将|梦想|考虑|纠结|恨不得|"
    r"开玩笑|可太|呵呵|🙃|说我应该|觉得我该|劝我"
)
_ZH_NEGATIONS = (
    (re.compile(r"我(?:已经)?不再(?P<rest>.+)$"), 1.0),
    # 了 inside a name is no ending of its own: "我不跑饿了么了"
    (re.compile(r"我(?:已经|现在)?(?:不|没有?再?)(?P<rest>(?![太很好])(?:[^了]|了么)+?)了$"), 1.0),
    (re.compile(r"我(?:以前|之前|曾经|过去|原来|早先|退休前)(?:也|还|一直)?(?P<rest>.+)$"), 0.85),
)


_ZH_PREDICATE = re.compile(
    r"(?:(?:上午|下午|晚上|白天|早上|中午)?在|住|来自|今年|是(?!啊|的|吗)|不(?!过|是吧)|没(?!有$)|被|辞职|离职|离开|入职|跳槽|搬|刚|也|每|最|对|喜欢|讨厌|"
    r"爱好|爱|热爱|养|会说|能说|正在|学(?!员|校|期|费|长|姐|妹|弟|历|霸)|改|换|升|现在|目前|已经|一直|平时|平常|从|由(?=[^，,]{2,8}?搬)|吃|戒|"
    r"当(?!事人|地|时|天|年|初|然|晚|场|面|即)|做|老家|家乡|(?:title|名头|职位|头衔|岗位)(?=(?:就|其实)?[叫是])|"
    r"(?:跟|和)(?=[^，,我]{1,6}?(?:分手|掰|分)了)|"
    r"超喜欢|特别|非常|英文名|卖|迷上|这周|这个月|今天|终于|总算|以前|之前|曾经|原来(?=在|是|住|做|当)|[\u4e00-\u9fff]{2,3}人$|"
    # verbs of change and ending, and chat shapes of where one is ("base北京", "人在深圳")
    r"租(?=在|房在|房子在)|(?:到|来)(?=[^，,]{2,6}?[一两三四五六七八九十半几\d]+个?多?(?:天|周|礼拜|星期|月|年))|正式|裸辞|退休|转行|转岗|报到|受不了|升|考上|毕业|开始|去(?!年)|留在|领养|收养|读|念|教|跳到|跳去|跳槽|转去|转到(?![周星礼下明后])|跑去|跑路|回|周末(?=在)|新(?=养|买|领养)|把|提了|买了|干(?=了|过)|"
    r"[一二三四五六七八九十]{1,3}岁(?=，|$)|一个人(?=在|住)|还是(?=做|干|当|在|留|被)|下周|下个?月|明天|后天|base|坐标|人(?=已经|现在|还|在|也|确实|其实)|\d{1,2}岁?$|"
    # an age alone ("56了", "五十八了")
    r"(?:\d{2}|[二三四五六七八九]十[一二三四五六七八九]?)岁?了$|"
    # a past date before the verb ("上个月搬去成都了"), a workplace ended first ("阿里辞了")
    r"(?:上个?(?:月|周|礼拜|星期)|前几天|前天|昨天|去年)(?=搬|去|辞|离|回|开|换|跳|入职)|(?:这个?|本)?月底(?=[^，,]{0,6}?搬)|[^，,我你他她]{2,8}?(?:辞了|不干了)$|开了)"
)
# Hesitations typed while finding the word ("干的是……emm说好听点叫新媒体运营", "我是做，怎么说，
# 就是帮人装修的"): dropped with the pauses around them, so the words on either side read as one.
_FILLERS = re.compile(r"(?:[，,\s…]*(?:(?<![A-Za-z])[eE]+[mMhH]+(?![A-Za-z])|嗯+|呃+|怎么说呢?|咋说呢?|"
                      r"(?<=[做干是搞当的])(?:就是)?那个|说好听点(?:叫|就是)?))+"
                      r"[，,\s…]*")


def _unfilled(filler: re.Match[str]) -> str:
    """Nothing for a filler inside a phrase (after 做/干/是/叫…: "做那个 怎么说 课程研发"), a
    space where it stood between two thoughts ("开始吃素 嗯 也不算纯素吧")."""
    before = filler.string[: filler.start()].rstrip()
    return "" if before and before[-1] in "做干是搞当叫的在" else " "


_ZH_SARCASM = re.compile(r"🙃|呵呵|可太.{1,6}了|爱死了|真是太好了呢")
_ATTITUDES = frozenset({"likes", "dislikes", "hobby", "favourite_food", "favourite_drink", "favourite_band",
                        "favourite_colour", "favourite_movie", "favourite_book", "favourite_sport"})
_ZH_SUBJECT = re.compile(
    r"我|她(?!们)|他(?!们)|(?:公司里?|学校里?)?(?:大家|别人|朋友们|同事们|家里人)(?:也|都)?(?:叫|喊)我"
)
_ZH_QUESTION = re.compile(
    r"[?？]|[吗么嘛][。.!！]*$|要不要|是不是|有没有|能不能|会不会|(?:啥|什么|哪)(?!都)|多少|几[点个岁号]"
)
# a space after a Latin word parts a home or a study told next ("做data analyst 住Tampines", "读UM 读会计");
# elsewhere it may be inside one thought ("拿了X的offer 上周去杭州报到了": his)
_ZH_BREAK = re.compile(r"[，,…（(）)]+|\.{3,}|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff]|\d{1,2}[月号点])"
                       r"|(?<=[\u4e00-\u9fff]\d{2})\s+(?=[\u4e00-\u9fff])"  # "今年25 泉州人": an age ends
                       r"|(?<=[A-Za-z])\s+(?=住(?![院宿校])|读|念)|(?<=[的了啦吧呢呀])\s+(?=[A-Za-z])")


# chat's laughs and nods, which end a thought when a space follows them
_CHAT_WORD = re.compile(r"(?<![A-Za-z])(h{2,}|H{2,}|(?:ha){2,}|lol|xswl|yyds|awsl|ok|OK|Ok|233+)"
                        r"\s+(?=[\u4e00-\u9fff])")


def _zh_split_clauses(sentence: str) -> list[str]:
    """Cut at commas that start a new statement: "我叫小明，来自上海，我喜欢猫" -> three clauses.

    Chinese drops a repeated subject: a piece that starts with 我/她/他, a known predicate
    (来自, 住在, 喜欢...), a date phrase before one or a turn of the talk (不过) starts a
    clause (``_zh_subject`` gives it its 我 back); any other piece stays with the one before."""
    clauses: list[str] = []
    sentence = _CHAT_WORD.sub(r"\1，", sentence)  # "终于不挤地铁了hhh 男朋友在字节": two thoughts
    for piece in _ZH_BREAK.split(sentence.strip(EDGES)):
        text = _ZH_DISCOURSE.sub("", piece.strip())
        undated = dates_zh.find_past(text)[1]
        starts = (_ZH_SUBJECT.match(text) or _ZH_PREDICATE.match(text) or _ZH_PREDICATE.match(undated)
                  or _ZH_SUBJECT.match(undated) or shapes_zh.new_day(text, clauses)  # not "9号了 周五"
                  or rules_zh_people.MOVED.search(text)
                  or shapes_zh.starts_clause(text) or _opens_with_person(text) or _ZH_WE.match(text)
                  or _ZH_TOPIC_THEN_I.match(text) or homes_zh.STARTS_CLAUSE.match(text)
                  or birthdays_zh.STARTS.match(text) or _ZH_REQUEST.match(text)
                  or shapes_zh.TURNS.match(piece.strip())  # "…十点 不过说实话 要是再挂": not the time's
                  or shapes_zh.supposed_apart(text, clauses[-1] if clauses else ""))
        if clauses and not starts:
            clauses[-1] += "，" + piece.strip()
        elif text or starts:
            clauses.append(text or piece.strip())
    return clauses


def _opens_with_person(piece: str) -> bool:
    """ "老婆在小学当语文老师", "男朋友叫李航": a piece about someone, or naming them, is a clause."""
    found = rules_zh_people.person(piece, None)
    return bool(found and (found[1] != "我" or found[2])) or _named_other(piece) is not None


def _zh_subject(text: str) -> str:
    """The dropped 我 of "在腾讯做后端" / "不学日语了" / "今年28"."""
    return "我" + text if not text.startswith("我") and _ZH_PREDICATE.match(text) else text


def _zh_sentence_facts(sentence: str) -> list[Fact]:
    return zh_sentence(sentence)[0]


def zh_sentence(
    sentence: str, carried: rules_zh_people.Person | None = None
) -> tuple[list[Fact], rules_zh_people.Person | None]:
    """Clauses in order; a clause without a subject continues the one before it
    ("我妈叫李秀英，在哈尔滨一个人住": she lives there), 她/他 the person last named.
    ``carried``: who the sentence before ended about, which a sentence without a subject
    of its own goes on about ("小雅辞职了！跑去大理开民宿了"). Returns the facts and who
    the last clause was about."""
    facts: list[Fact] = []
    named: rules_zh_people.Person | None = carried  # for 她/他
    topic = None if carried is None or carried.only_as_pronoun else carried  # who the clause before was about
    context = ""
    last: list[Fact] = []  # the facts of the clause before
    previous = ""  # the clause before, as read
    day_before: tuple[str, tuple[str, ...]] = ("", ())  # a move's day told before its place
    # Irony ("我可太爱加班了 爱死了", "…🙃") says nothing of what one likes, and its own clause
    # nothing at all; what the sentence tells plainly beside it stands ("…🙃 在米哈游做游戏策划").
    ironic = bool(_ZH_SARCASM.search(sentence))
    sentence = _FILLERS.sub(_unfilled, sentence) or sentence  # "做那个 怎么说 课程研发吧": 做课程研发吧
    sentence = shapes_zh.people_named(schools_zh.school_and_year(sentence))  # "武汉理工 大四", "对象 叫佳琪"
    clauses = rules_zh_people.without_other_party(_zh_split_clauses(_EMOJI.sub("，", sentence)))
    if clauses and re.search(r"[?？]\W*$", sentence):
        # "…，去大理开客栈？" / "我在北京，你呢？": the last piece asks
        asked = clauses.pop()
        clauses += [asked.rsplit("，", 1)[0]] if "，" in asked else []
    for clause in clauses:
        if ironic and _ZH_SARCASM.search(clause):
            continue
        text = _zh_prepare(clause)
        head = text.split("，")[0]
        told = birthdays_zh.day_told_after(previous, head)  # "我妹下个月生日，4月9号": hers
        if told:
            found, who = (rules_zh_people.about(told, topic) if topic else told), None
        else:
            found, who = _zh_clause(text, named, topic, context)
        if not found and last:
            found = (follow_zh.works_there(head, last) or follow_zh.works_as(head, last)
                     or follow_zh.lessons(head, last))
            found = found + follow_zh.place_aside(text.split("，")[1:], found + last) if found else found
        if not found and previous:  # "把婚纱照订好了，3月8号下午两点"
            found = booked_zh.told_after(head, previous, context)
        if not found and previous:
            joined = follow_zh.joined_after(head, previous, topic is not None)  # 换工作了，去了华为
            found = rules_zh_people.about(joined, topic) if topic and joined else joined
        found = follow_zh.held_before_ending(follow_zh.dated_with(found, last), facts, text)
        found = follow_zh.routine_goes_on(found, last)  # 每周二四打羽毛球 周六上午钢琴课
        if previous and not any(f.attribute in ("routine", "appointment") for f in found):
            found = found + routines_zh.split_routine(previous, head)  # 学葫芦丝，每周二下午
        dated = dates_zh.find_past(text)[0] if not found else ""
        if dated and last and all(f.op is Op.RETRACT and not f.when for f in last):
            # "被裁了…昨天刚签的协议": a date told right after an undated ending dates it
            facts[-len(last):] = [replace(f, when=dated) for f in last]
        elif last and not found:  # "升区域经理了，上周一宣布的"
            facts[-len(last):] = dated_zh.dated_by_frame(dated_zh.timed_after(last, head), head)
        doubts_only = all(f.op is Op.DOUBT for f in found)  # "5月1号要搬家了": a doubt, and the day
        if found and day_before[0] and not doubts_only:  # "上周六终于搬完了，累瘫，现在人在深圳龙华"
            found, day_before = dated_zh.dated_after(found, *day_before), ("", ())
        elif doubts_only:
            day_before = dated_zh.day_told_before(text) or day_before
        together = rules_zh_people.together_with(text) if who is None and not found else None
        if together:  # "跟我女朋友周琪在一起三年了": she is 她 next, the clause stays the couple's
            found = [together[1]]
        last = found
        facts.extend(found)
        who = replace(who, only_as_pronoun=False) if who is not None else who
        mate = rules_zh_people.companion(text, found) if who is None and together is None else None
        if mate and mate.name and not any(f.value == mate.name and not f.about for f in found):
            facts.append(rules_zh_people.relation_fact(mate, mate.name))  # "跟未婚妻卓玛…": the fiancée
        named, topic, context, previous = who or named, who, context + "，" + text, text
        named = together[0] if together else (mate or named)
    # "我跟老公在青岛买了房 他在海尔当工程师": who 他 is goes on into the next sentence
    carried = named if named is not None and named.only_as_pronoun else None
    facts = [f for f in facts if not ironic or f.attribute not in _ATTITUDES]
    facts = searched_zh.settled(sentence, facts)  # "干的是 那个啥 仓库调度 对 调度员"
    facts = titles_zh.employers_in_titles(facts + hometowns_zh.beside(sentence, facts))  # "…回义乌老家"
    facts += titles_zh.business_named(sentence, facts)  # "开了家面馆 叫老蓉城小面"
    facts = routines_zh.classes_named(facts, sentence)  # "学大提琴 每周四晚上上课"
    facts = follow_zh.without_venues(facts + intro_zh.introduced(sentence, facts), sentence)  # "…考试 在上海"
    return trades_zh.kept_across_apps(facts), topic or carried


# A clause about 他 or 她, or what someone said of them: not the speaker's booking
_SOMEONE_ELSES = re.compile(r"^(?:[^，,我]{0,8}?(?:说|讲))?[他她](?!们|说|讲)")
# The speaker in a clause, as who does or is taken along ("下周一我去面试", "陪我去看牙")
_MINE = re.compile(r"我(?![爸妈老家哥姐弟妹儿女公婆奶爷外闺对男])|(?:陪|带|约|送|接)我")


def _booked_later(text: str, context: str) -> list[Fact]:
    """An appointment in a later piece of a clause the splitter kept whole ("我这血压老是高，大夫
    让我3月18号上午九点去复查"): the first piece with an hour that books something."""
    pieces = text.split("，")
    if len(pieces) > 1:  # "10月20号下午两点半，字节三面": the time alone, then the thing
        after: list[Fact] = booked_zh.told_after(pieces[1], pieces[0], context)
        if after:
            return after
    for at, piece in enumerate(pieces[1:], start=1):
        if "点" in piece:
            found: list[Fact] = rules_zh_people.appointment(
                piece, context + "，" + "，".join(pieces[:at]), "，".join(["", *pieces[at + 1:]]))
            if found:
                return found
    return []


def _zh_clause(
    text: str,
    named: rules_zh_people.Person | None,
    topic: rules_zh_people.Person | None,
    context: str,
) -> tuple[list[Fact], rules_zh_people.Person | None]:
    """One clause: appointments and doubts first (they name plans), then whose it is, when, and what."""
    head = text.split("，")[0]
    if not text or _ZH_QUESTION.search(head):
        asker = rules_zh_people.person(text, named) if text else None
        return [], (asker[0] if asker else None)  # "我室友小敏倒是啥事没有 她…": she is who 她 is
    event = [] if birthdays_zh.told(head) else (
        rules_zh_people.appointment(head, context, text[len(head):]) or booked_zh.booked(text, context)
        or _booked_later(text, context))
    if event:
        who = rules_zh_people.person(text, named)
        if who is not None:  # "我媳妇下周二下午三点约了医院复查": hers
            return rules_zh_people.about(event, who[0]) + who[2], who[0]
        if _SOMEONE_ELSES.match(head):
            return [], None  # "教练说他周五要出差": his, and he is nobody named
        if topic is not None and not _MINE.search(head):  # "我奶奶血糖高 复查改到周四了": hers
            return rules_zh_people.about(event, topic), topic
        return event, None
    corrected = rules_zh_people.corrected_relative(text)
    if corrected is not None:
        return [], corrected  # "是妹妹啦，不是姐姐。她叫程悦": she is the sister
    who = rules_zh_people.person(text, named) or _named_other(text)
    relation: list[Fact] = []
    person: rules_zh_people.Person | None = None
    if who is not None:
        person, text, relation = who
    elif topic is not None and not text.startswith("我") and (  # "我老婆换工作了 上周刚去顺丰报到": hers too
            _ZH_PREDICATE.match(text) or _ZH_PREDICATE.match(dates_zh.find_past(text)[1])):
        person, text = topic, "我" + text  # the subject of the clause before
    first = text.split("，")[0]
    rest = text[len(first) :]
    when, head = dates_zh.find_past(first)
    if not when:
        when, head = dates_zh.find_since(first)
    if not when:  # "月底从济南搬去烟台": the coming day of the move
        when, head = dated_zh.move_ahead(first)
    # the whole clause, then its first part alone ("我离开协和了，想先歇一阵子"), then
    # with its date phrase left in ("我是1991年5月3日出生的")
    tries = [_zh_subject(head.strip(EDGES)) + rest, _zh_subject(head.strip(EDGES)), _zh_subject(first)]
    facts = (routines_zh.routine(tries[1]) or rules_zh_updates.starting(first) or _from_day(first)
             or dated_zh.arrived(first))
    for attempt in dict.fromkeys(tries if rest else tries[1:]):
        if facts:
            break
        facts = clause_facts(attempt, CHINESE)
        if facts and attempt == _zh_subject(first) and attempt != tries[1]:
            when = ""
        elif facts and rest and attempt == tries[0] and not any(f.value[:2] in tries[1] for f in facts):
            read = {f.attribute for f in facts}  # "低碳早破功了，过年回老家": the first piece's own
            facts = [f for f in clause_facts(tries[1], CHINESE) if f.attribute not in read] + facts
    for plain in (shapes_zh.without_duration(tries[1]), shapes_zh.unfronted(tries[1])):
        if not facts and plain != tries[1]:  # "我在北京住了五年了", "烟抽了十年了"
            facts = clause_facts(plain, CHINESE)
    if not any(f.attribute == "employer" for f in facts):
        facts = facts + rules_zh_updates.named_after(_zh_subject(text))  # 在一家外资银行，渣打
    plain = _plainly_told(text, first)
    if plain:
        facts = facts + trades_zh.beside(facts, _zh_subject(plain))  # "晚上开滴滴", "在奥美写文案"
    if not any(f.attribute == "lives_in" for f in facts) and plain:
        facts = facts + homes_zh.commuted(plain)  # "住望京通勤去国贸", "每天从回龙观过去"
    if rest and not any(f.attribute == "routine" for f in facts):
        facts = facts + routines_zh.later_routine(rest)  # 报了个陶艺班，以后每周日下午去捏泥巴
    if rest and who is None and not any(f.attribute == "name" for f in facts):
        facts = facts + intro_zh.named_later(rest)  # "我是天水的果农，叫马永福，…": the speaker's name
    # a doubt adds to what the clause states, about attributes it gives no value for
    stated = {f.attribute for f in facts}
    doubted = rules_zh_doubts.doubts(text)
    if not stated & {d.attribute for d in doubted}:  # "我在X的last day" ends the job: no doubt on top
        facts += doubted
    if when:
        # a day still to come ("1月31号搬去厦门") is when an asserted change starts
        facts = [f if f.op is Op.DOUBT or f.when else
                 replace(f, when=when, starts=when if f.op is Op.ASSERT else "") for f in facts]
    asides = text.split("，")[1:]  # "入职阿里了，杭州这边", "做测试开发，35了"
    facts = (dated_zh.held_until_ended(facts) + follow_zh.place_aside(asides, facts)
             + follow_zh.age_aside(asides, facts)
             + titles_zh.title_aside(asides, facts)  # "在青啤二厂上班，干化验员的"
             + titles_zh.employer_aside(asides, facts))  # "当外卖骑手，美团的"
    if person is not None:
        called = next((f.value for f in facts if f.attribute == "name" and f.op is Op.ASSERT), "")
        if called and not person.name and person.about:  # "她叫程悦": the relative's name
            person = replace(person, name=called)
            relation = [*relation, rules_zh_people.relation_fact(person, called)]
        if person.about == "roommate" and re.match(r"我[^，,]{0,6}?(?:搬走|搬出去|退租)了", text):
            # "林蔓上周末搬走了": the flatmate left the shared home, and is no flatmate now
            relation = [Fact("roommate", person.name, Op.RETRACT, 0.75, when=when)]
        return relation + rules_zh_people.about(facts, person), person
    return facts, None


def _plainly_told(text: str, first: str) -> str:
    """All of a clause, or its first piece when only the pieces after it hedge; "" when it hedges."""
    if not _zh_is_chatter(text):
        return text
    return first if first != text and not _zh_is_chatter(first) else ""


_PLAIN_TAGS = frozenset({"n", "v", "vn", "a", "ad", "d", "r", "m", "q", "ns", "s", "f", "l", "i"})
# What follows a company's name, never a person's: "华为搬砖", "美团上班".
_ORG_WORK = re.compile(r"(?:搬砖|上班|打工|实习|加班|招人|裁员|倒闭|上市|发工资|旗下|总部)")


def _named_other(text: str) -> tuple[rules_zh_people.Person, str, list[Fact]] | None:
    """ "小雅辞职了" / "老周跳去拼多多了": a clause opened by someone's name (jieba's ``nr``,
    or 老/小 and a surname) and a verb is about them, not the speaker."""
    head = words_zh.tags(text[:12])
    if not head or text.startswith("我"):
        return None
    name, tag = head[0]
    if name == "宝宝" or dates_zh.find_past(name)[0]:
        return None  # 宝宝, and a day jieba takes for a name ("上周三刚过完生日")
    rest = text[len(name):]
    if name in rules_zh_people.RELATIONS or re.search(r"[名号称们家人文语]$", name):
        return None  # 英文名, 网名 (jieba tags them nr): what is said of the speaker
    # 老周, 小雅, 阿敏 (jieba tags 老周 a time word); not 老板, 老师, 小区 (plain nouns)
    familiar = re.fullmatch(r"[老小阿][\u4e00-\u9fff]", name) and tag not in _PLAIN_TAGS
    known = tag in ("nr", "nrfg") or familiar
    if not known or not 2 <= len(name) <= 3 or rest.startswith(("是我", "的")):
        return None
    if not _ZH_PREDICATE.match(rest):
        return None
    if _ORG_WORK.match(rest):
        return None  # "华为搬砖" (jieba tags 华为 nr): a company one works at
    return rules_zh_people.Person("", name), "我" + rest, []


def _from_day(clause: str) -> list[Fact]:
    """ "从下个月开始我就在腾讯上班了": what holds from a coming day, which is its start."""
    since = shapes_zh.from_day(clause)
    if since is None:
        return []
    day, rest = since
    stated = clause_facts(_zh_subject(_zh_prepare(rest)), CHINESE)
    return [replace(f, starts=day) for f in stated if f.op is Op.ASSERT]


_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]+")


# "我们俩都在北京" / "人已经搬到深圳了": the speaker, said another way
_ZH_WE = re.compile(
    r"^(?:我们(?:俩|两个|两人|一家(?:[三四五六]口|人)?|全家)|我(?:们)?全家|我俩|咱俩|"  # 我们搬了: ours too
    r"我们(?=(?:现在|也|都|一直|已经|刚|终于|总算|正式|就|上个?月底?|去年|月[初底]|前几天|前天|昨天|今天|"
    r"(?:上个?|这个?)(?:周|礼拜|星期)[一二三四五六日天]?|[一二三四五六七八九十\d]{1,3}[月号日])*(?:住|搬|(?:从|由)[^，,]{2,8}?搬))|人(?=已经|现在|还在|在|也|确实|其实))(?:都|也)?|^家里(?=的|养|有|[俩仨两一二三四五六\d])"
)


# Quotes around a word said with a wink (被公司“毕业”了) are no part of it.
_QUOTES = re.compile(r"[“”「」『』\"]")


# "在北京的时候…", "以前在义乌做服装档口的时候都没这么累过": a 的时候 frame says when, not
# what holds now; after 以前 it is what held then
_ZH_WHEN_FRAME = re.compile(r"^(?P<head>[^，]*?)的时候[^，]*")
_ZH_BEFORE = re.compile(r"^我?(?:以前|之前|原来|当年|那时候?|那会儿?)")


def _without_when_frame(piece: str) -> str:
    m = _ZH_WHEN_FRAME.match(piece)
    if not m:
        return piece
    return m.group("head") if _ZH_BEFORE.match(m.group("head")) else piece[m.end():].lstrip("，,")


def _zh_prepare(clause: str) -> str:
    text = _ZH_DISCOURSE.sub("", _QUOTES.sub("", _EMOJI.sub("", clause)).strip(EDGES).strip())
    text = "，".join(p for p in map(_without_when_frame, text.split("，")) if p) or text
    text = re.sub(r"^(我)?" + shapes_zh.AFTER_EVENT.pattern + "[，,]?", r"\1", text)  # 毕业以后一直住在上海
    # 我是2月底搬到上海的; 在西安重型机械厂干了三十五年钳工; 从沈阳搬大连去了
    text = "，".join(shapes_zh.plain_form(shapes_zh.uncleft(birthdays_zh.fronted(piece)))
                    for piece in text.split("，"))
    text = _ZH_WE.sub(lambda m: "我家" if m.group().startswith("家") else "我", text)
    return re.sub(r"[啦呢啊哦呀吧嘛哈喔呗咯喇啰嘞哟~～!！]+(?=，|$)", "", text).strip(EDGES)


def _zh_is_question(sentence: str) -> bool:
    text = sentence.strip()
    return bool(re.search(r"[?？]\W*$", text) or re.search(r"[吗么][。.!！]*$", text))


def _zh_is_chatter(clause: str) -> bool:
    # no plan: one that ended ("明天的牙医预约取消了"), a birthday's day told ahead ("明天就是我生日了")
    if re.search(r"(?:取消|泡汤)了", clause) or birthdays_zh.told(clause):
        return False
    return bool(_ZH_CHATTER.search(shapes_zh.AFTER_EVENT.sub("", clause)))


def _zh_negated(clause: str) -> tuple[str, float] | None:
    """我不再X / 我不X了 / 我以前X -> ("我X", factor); "我不喜欢X" without 了 is a dislike."""
    for pattern, factor in _ZH_NEGATIONS:
        match = pattern.match(clause)
        if match:
            return "我" + re.sub(r"了$", "", match.group("rest")), factor
    return None


def _zh_note(sentence: str) -> str | None:
    match = _ZH_NOTE.match(_zh_prepare(sentence))
    if not match:
        return None
    value = match.group("v").strip(EDGES)
    return value if value and len(value) <= MAX_NOTE else None


CHINESE = Grammar(
    split_clauses=_zh_split_clauses,
    prepare=_zh_prepare,
    is_question=_zh_is_question,
    is_chatter=_zh_is_chatter,
    note=_zh_note,
    negated=_zh_negated,
    retractions=rules_zh.RETRACTIONS + rules_zh_updates.ENDINGS,
    rules=(birthdays_zh.RULES + titles_zh.RULES + speaks_zh.RULES + rules_zh_updates.STARTS + schools_zh.RULES
           + transfers_zh.RULES + rules_zh.RULES + rules_zh_updates.LATE + homes_zh.RULES + pets_zh.RULES),
    mentions=STUDIES_ZH,
)
