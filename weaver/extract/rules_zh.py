"""Chinese patterns for the rules extractor.

Same shape as the English table: anchored regexes over one prepared clause ("我..."), first
accepting rule wins. Closed vocabularies (diets, languages, pets, relatives, favourite
kinds, common habits) map to the English canonical values so that "我吃素" and
"I'm vegetarian" are one fact; open values (cities, employers, liked things) stay as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import (
    EDGES,
    MAX_VALUE,
    Build,
    Fact,
    Rule,
    counted,
    relative_value,
    rule,
    words,
)

_CJK = "\u4e00-\u9fff"
# Adverbs allowed after 我: 我现在住在, 我也喜欢, 我已经开始吃素了.
_ADV = r"(?:现在|目前|已经|也|还|一直|平时|都|只|基本上|最近|刚刚|刚|真的|其实|本来|正式|终于|从小|开始)*"
_I = "我" + _ADV
_NAME = rf"(?P<name>[{_CJK}]{{2,4}}|[A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*)?)"
_NUM = r"(?P<n>一|两|二|三|四|五|六|\d+)"

_PARTICLES = re.compile(r"[了啦呢啊哦呀吧嘛哈喔呗~～]+$")
_DURATION = re.compile(r"(?:已经)?(?:很多|好几|\d+|[一二两三四五六七八九十几]+)个?(?:年|月|天|周|星期|礼拜)了?$")
_PRONOUN = re.compile(r"^(?:它|这|那|你|您|他|她|他们|她们|它们|这样|那样|这里|那里|这儿|那儿|什么)")
_NUMERALS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}
_GENERIC_WORKPLACES = {"家", "家里", "公司", "这里", "那里", "这儿", "那儿", "外面", "办公室", "国外",
                       "海外", "本地", "当地", "一家公司", "一个公司"}
PLACES_ZH = words(
    "北京 上海 广州 深圳 杭州 成都 南京 武汉 西安 重庆 天津 苏州 香港 澳门 台北 厦门 青岛 大连 长沙 昆明 柏林 里斯本 伦敦 巴黎 纽约 东京 首尔 新加坡 "
    "悉尼 旧金山 洛杉矶 西雅图 波士顿 多伦多 温哥华 慕尼黑 阿姆斯特丹 马德里 巴塞罗那 罗马 米兰 中国 美国 英国 德国 法国 日本 韩国 葡萄牙 西班牙 意大利 "
    "加拿大 澳大利亚 荷兰 瑞士"
)
_LANGUAGES = {
    "中文": "Chinese", "汉语": "Chinese", "普通话": "Mandarin", "华语": "Chinese",
    "英语": "English", "英文": "English", "法语": "French", "法文": "French", "德语": "German",
    "德文": "German", "西班牙语": "Spanish", "葡萄牙语": "Portuguese", "葡语": "Portuguese",
    "日语": "Japanese", "日文": "Japanese", "韩语": "Korean", "韩文": "Korean",
    "意大利语": "Italian", "俄语": "Russian", "粤语": "Cantonese", "广东话": "Cantonese",
    "阿拉伯语": "Arabic", "荷兰语": "Dutch", "瑞典语": "Swedish", "印地语": "Hindi",
}
_FAVOURITES = {
    "食物": "food", "菜": "food", "吃的": "food", "饮料": "drink", "喝的": "drink",
    "颜色": "colour", "电影": "movie", "书": "book", "歌": "song", "歌曲": "song",
    "歌手": "singer", "乐队": "band", "运动": "sport", "城市": "city", "国家": "country",
    "动物": "animal", "水果": "fruit", "季节": "season", "音乐": "music", "游戏": "game",
    "作家": "author", "演员": "actor", "电视剧": "show", "餐厅": "restaurant", "花": "flower",
}
_DIETS = {"素食者": "vegetarian", "素食主义者": "vegetarian", "素食": "vegetarian", "素": "vegetarian",
          "吃素的人": "vegetarian", "纯素食者": "vegan", "纯素主义者": "vegan", "纯素者": "vegan",
          "纯素": "vegan", "全素": "vegan", "生酮": "keto", "低碳": "low-carb", "低碳水": "low-carb"}
_PETS = {"猫": "cat", "猫咪": "cat", "小猫": "cat", "狗": "dog", "狗狗": "dog", "小狗": "dog",
         "兔子": "rabbit", "仓鼠": "hamster", "鹦鹉": "parrot", "金鱼": "goldfish", "鱼": "fish",
         "乌龟": "turtle", "鸟": "bird", "小鸟": "bird"}
_RELATIVES = {"妹妹": "sister", "姐姐": "sister", "哥哥": "brother", "弟弟": "brother",
              "兄弟姐妹": "siblings", "孩子": "kid", "小孩": "kid", "儿子": "son", "女儿": "daughter",
              "妻子": "wife", "老婆": "wife", "太太": "wife", "丈夫": "husband", "老公": "husband",
              "先生": "husband", "男朋友": "boyfriend", "女朋友": "girlfriend", "对象": "partner",
              "伴侣": "partner", "妈妈": "mother", "母亲": "mother", "爸爸": "father", "父亲": "father"}
_HABITS = {"抽烟": "smokes", "吸烟": "smokes", "跑步": "runs", "慢跑": "runs", "游泳": "swims",
           "冥想": "meditates", "打坐": "meditates", "练瑜伽": "does yoga", "做瑜伽": "does yoga",
           "健身": "works out", "去健身房": "goes to the gym", "喝酒": "drinks", "骑车": "cycles",
           "骑自行车": "cycles", "喝咖啡": "drinks coffee", "喝茶": "drinks tea"}
_JOB_HEADS = ("师", "员", "家", "经理", "老师", "教授", "医生", "护士", "律师", "学生", "记者",
              "作家", "厨师", "会计", "总监", "主管", "总裁", "创始人", "实习生", "顾问", "司机")
_PETS_RE = "|".join(sorted(_PETS, key=len, reverse=True))
_REL_RE = "|".join(sorted(_RELATIVES, key=len, reverse=True))


def _clean(raw: str) -> str | None:
    """Trim particles (了/啦/呢), a trailing duration (很多年了) and punctuation."""
    value = re.split(r"[，,]", raw.strip(EDGES))[0]  # a later comma starts another thought
    for _ in range(3):
        value = _DURATION.sub("", _PARTICLES.sub("", value).strip(EDGES)).strip(EDGES)
    if not value or len(value) > MAX_VALUE or _PRONOUN.match(value):
        return None
    return value


def _place(raw: str) -> str | None:
    value = _clean(raw)
    return None if value is None or re.search(r"\d", value) else value


def _org(raw: str) -> str | None:
    value = _clean(raw)
    if not value or value in _GENERIC_WORKPLACES or value.startswith(("一个", "一家")):
        return None
    if value in PLACES_ZH or re.search(r"[市省县区州国镇村]$", value):
        return None  # 我在北京工作: a city, not an employer
    return value


def _items(raw: str) -> list[str]:
    return [v for v in (_clean(p) for p in re.split(r"[、/]|以及", raw)) if v]


def _number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if not text or any(c not in _NUMERALS and c != "十" for c in text):
        return None
    if "十" not in text:
        return _NUMERALS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    return (_NUMERALS.get(tens, 0) if tens else 1) * 10 + (_NUMERALS.get(ones, 0) if ones else 0)


def _fact(
    attribute: str,
    clean: Callable[[str], str | None] = _clean,
    conf: float = 0.9,
    op: Op = Op.ASSERT,
    mapping: dict[str, str] | None = None,
) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        value = clean(m.group("v"))
        if value and mapping is not None:
            value = mapping.get(value, value)
        return [Fact(attribute, value, op, conf)] if value else []

    return build


def _each(attribute: str, conf: float = 0.9, mapping: dict[str, str] | None = None,
          split: str = r"[、/]|以及") -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        parts = re.split(split, m.group("v"))
        if len(parts) > 1:  # 猫、狗和兔子: the last item of a 、 list may join with 和
            parts[-1:] = re.split(r"和|与|及", parts[-1])
        values = [_clean(p) for p in parts]
        mapped = [(mapping or {}).get(v, v) for v in values if v]
        return [Fact(attribute, v, Op.ASSERT, conf) for v in dict.fromkeys(mapped)]

    return build


def _name(m: re.Match[str]) -> list[Fact]:
    name = m.group("name")
    if name[0] in "了过着你他她车" or name in {"外卖", "出租车", "快递", "醒"}:
        return []
    return [Fact("name", name, Op.ASSERT, 0.9)]


def _age(m: re.Match[str]) -> list[Fact]:
    age = _number(m.group("v"))
    return [Fact("age", str(age), Op.ASSERT, 0.9)] if age and 0 < age <= 120 else []


def _favourite(m: re.Match[str]) -> list[Fact]:
    value, thing = _clean(m.group("v")), m.group("thing")
    if not value:
        return []
    return [Fact(f"favourite_{_FAVOURITES.get(thing, thing)}", value, Op.ASSERT, 0.9)]


def _job(conf: float = 0.9, op: Op = Op.ASSERT) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        groups = m.groupdict()
        org = _org(groups["org"]) if groups.get("org") else None
        title = _clean(groups["t"]) if groups.get("t") else None
        if (groups.get("org") and not org) or (groups.get("t") and not title):
            return []
        if title == "学生":
            return [Fact("studies_at", org, op, conf)] if org else [Fact("job_title", title, op, conf)]
        if title in ("员工", "职员", "雇员"):
            title = None
        facts = [Fact("job_title", title, op, conf)] if title else []
        return facts + ([Fact("employer", org, op, conf)] if org else [])

    return build


def _titled(conf: float) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        title = _clean(m.group("t"))
        return [Fact("job_title", title, Op.ASSERT, conf)] if title and title.endswith(_JOB_HEADS) else []

    return build


def _left(m: re.Match[str]) -> list[Fact]:
    """我离开了X: a known place ends where one lives, anything else an employer."""
    value = _clean(m.group("v"))
    if not value:
        return []
    if value in PLACES_ZH or re.search(r"[市省县州国]$", value):
        return [Fact("lives_in", value, Op.RETRACT, 0.75)]
    return [Fact("employer", value, Op.RETRACT, 0.75)]


def _quit(m: re.Match[str]) -> list[Fact]:
    """我戒烟了 ends the habit "smokes"; 我戒了咖啡 ends liking coffee (as in English)."""
    value = _clean(m.group("v"))
    if not value:
        return []
    habit = {"烟": "smokes", "酒": "drinks"}.get(value) or _HABITS.get(value)
    return [Fact("habit", habit, Op.RETRACT, 0.9)] if habit else [Fact("likes", value, Op.RETRACT, 0.7)]


def _habit(conf: float) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        value = _clean(re.sub(r"[一二两三四五六七八九十\d]+次$", "", m.group("v")))
        if not value or re.match(r"(?:很|好|太|非常|挺|比较|不|没|要|觉得|想|在家)", value):
            return []
        return [Fact("habit", _HABITS.get(value, value), Op.ASSERT, conf)]

    return build


def _pet(m: re.Match[str]) -> list[Fact]:
    count = _number(m.group("n") or "一") or 1
    value = counted(count, _PETS[m.group("sp")])
    if value and m.group("name"):
        value += f" named {m.group('name')}"
    return [Fact("pet", value, Op.ASSERT, 0.9)] if value else []


def _relative(m: re.Match[str]) -> list[Fact]:
    count = _number(m.groupdict().get("n") or "一") or 1
    names = [m.group("name")] if m.group("name") else []
    found = relative_value(str(count), _RELATIVES[m.group("rel")], names)
    return [Fact(found[0], found[1], Op.ASSERT, 0.85)] if found else []


RETRACTIONS: tuple[Rule, ...] = (
    rule(_I + r"戒(?:掉)?了?(?P<v>.+?)了?$", _quit),
    rule(_I + r"(?:从|在)(?P<v>.+?)(?:离职|辞职)了?$", _fact("employer", op=Op.RETRACT, conf=0.85)),
    rule(_I + r"(?:离职|辞职)了$", lambda m: [Fact("employer", "", Op.RETRACT, 0.8)]),
    rule(_I + r"辞(?:去|掉)了(?P<v>.+?)的工作$", _fact("employer", op=Op.RETRACT, conf=0.85)),
    rule(_I + r"离开了(?P<v>.+)$", _left),
    rule(_I + r"(?:搬离了?|搬出了?)(?P<v>.+)$", _fact("lives_in", _place, 0.85, Op.RETRACT)),
    rule(_I + r"从(?P<v>.+?)搬(?:走|出来)了?$", _fact("lives_in", _place, 0.85, Op.RETRACT)),
    rule(_I + r"(?:和|跟)(?P<v>.+?)分手了$", _fact("partner", op=Op.RETRACT, conf=0.8)),
    rule(_I + r"不吃肉了?$", lambda m: [Fact("diet", "vegetarian", Op.ASSERT, 0.7)]),
    rule(_I + r"又?开始吃肉了?$", lambda m: [Fact("diet", "omnivore", Op.ASSERT, 0.75)]),
)

RULES: tuple[Rule, ...] = (
    # identity
    rule(r"我(?:的名字)?叫" + _NAME + "$", _name),
    rule(r"我的名字是" + _NAME + "$", _name),
    rule(r"(?:你|大家|朋友们?|别人)(?:可以|都)?叫我" + _NAME + "$", _name),
    rule(_I + r"(?:今年)?(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})岁了?$", _age),
    rule(_I + r"满(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})岁了?$", _age),
    rule(r"我的生日是(?P<v>.+)$", _fact("birthday")),
    # diet and health
    rule(_I + r"(?:是|成了|成为了?|变成了?)(?:一(?:个|名))?(?:严格的)?(?P<v>纯素食者|纯素主义者|纯素者|"
         r"素食主义者|素食者|吃素的人)了?$", _fact("diet", mapping=_DIETS)),
    rule(_I + r"吃(?P<v>纯素|全素|素食|素)了?$", _fact("diet", mapping=_DIETS)),
    rule(_I + r"(?:在)?(?:吃|做)(?P<v>生酮|低碳水?)(?:饮食)?了?$", _fact("diet", mapping=_DIETS, conf=0.85)),
    rule(_I + r"对(?P<v>.+?)过敏$", _each("allergy")),
    # favourites
    rule(_I + r"最喜欢的(?P<thing>.{1,6}?)是(?P<v>.+)$", _favourite),
    rule(r"(?P<v>.+?)是我(?:现在)?最喜欢的(?P<thing>.{1,6})$", _favourite),
    rule(_I + r"最(?:喜欢|爱)(?:的是)?(?P<v>.+)$", _each("likes", 0.85)),
    # places
    rule(_I + r"来自(?P<v>.+)$", _fact("hometown", _place)),
    rule(_I + r"(?:老家|家乡)(?:是|在)(?P<v>.+)$", _fact("hometown", _place)),
    rule(_I + r"(?:是)?在(?P<v>.+?)长大的?$", _fact("hometown", _place, 0.85)),
    rule(_I + r"出生(?:在|于)(?P<v>.+)$", _fact("hometown", _place, 0.75)),
    rule(_I + r"(?:住在|定居在|生活在)(?P<v>.+)$", _fact("lives_in", _place)),
    rule(_I + r"在(?P<v>.+?)(?:住|生活|定居)了?$", _fact("lives_in", _place, 0.85)),
    rule(_I + r"(?:搬到|搬去|搬来|移居到?)了?(?P<v>.+)$", _fact("lives_in", _place)),
    # study and work
    rule(_I + r"在(?P<v>.+?)(?:读书|上学|读大学|念书|读研究生|读研|读博士|读博)$", _fact("studies_at")),
    rule(_I + r"在(?P<org>.+?)(?:当|做|担任|任)(?P<t>.+)$", _job()),
    rule(_I + r"在(?P<org>.+?)(?:工作|上班|任职)了?$", _job()),
    rule(_I + r"在(?P<org>.+?)实习了?$", _job(0.8)),
    rule(_I + r"(?:入职|加入|跳槽到|跳槽去)了?(?P<org>.+?)(?:工作|上班)?了?$", _job(0.85)),
    rule(_I + r"去(?:了)?(?P<org>.+?)(?:工作|上班)了?$", _job(0.85)),
    rule(r"我是(?P<org>.+?)的(?P<t>.+)$", lambda m: _job(0.85)(m) if _clean(m.group("t")) in
         ("学生", "员工", "职员", "雇员") or (m.group("t") or "").endswith(_JOB_HEADS) else []),
    rule(_I + r"是一(?:名|位)(?P<t>.+)$", _titled(0.9)),
    rule(_I + r"是(?:一个)?(?P<t>.+)$", _titled(0.8)),
    rule(r"我的工作是(?P<t>.+)$", _titled(0.8)),
    rule(_I + r"(?:被)?升(?:职|级)?(?:为|成|到)了?(?P<t>.+)$", _job(0.85)),
    # languages and learning
    rule(_I + r"(?:会|能|可以)(?:说|讲)(?P<v>.+)$", _each("speaks", mapping=_LANGUAGES, split=r"[、/和跟]|还有")),
    rule(r"我的母语是(?P<v>.+)$", _each("speaks", mapping=_LANGUAGES, split=r"[、/和跟]")),
    rule(_I + r"(?:正在|在)?学(?:习)?(?P<v>(?![校生院会到])(?!了).+)$",
         _each("learning", 0.85, mapping=_LANGUAGES, split=r"[、/和跟]")),
    # pets and family
    rule(r"我(?:家)?" + _ADV + r"(?:养了|养着|养|有|领养了|收养了|买了)" + _NUM + r"?(?:只|条|个|匹)?"
         rf"(?P<sp>{_PETS_RE})[，,]?(?:它|他|她)?(?:(?:叫|名叫|名字叫|名字是)" + _NAME + ")?了?$", _pet),
    rule(r"我的(?P<sp>" + _PETS_RE + r")(?:叫|名叫|名字叫|名字是)" + _NAME + "$", _pet),
    rule(_I + r"有" + _NUM + r"(?:个|位)(?P<rel>" + _REL_RE + r")[，,]?(?:(?:叫|名叫)" + _NAME + ")?$", _relative),
    rule(r"我(?:的)?(?P<rel>" + _REL_RE + r")(?:叫|名叫|的名字是|的名字叫)" + _NAME + "$", _relative),
    # likes, dislikes
    rule(_I + r"(?:很|非常|特别|超级?|真的|挺|蛮|也|还|都|一直)*(?:讨厌|厌恶|受不了|忍受不了|反感|不喜欢|不太喜欢|"
         r"不怎么喜欢|不爱)(?P<v>.+)$", _each("dislikes", 0.85)),
    rule(_I + r"(?:很|非常|特别|超级?|真的|挺|蛮|也|还|都|一直)*(?:喜欢上了|喜欢|爱上了|爱|热爱|喜爱|享受)(?P<v>.+)$",
         _each("likes", 0.9)),
    # habits
    rule(_I + r"(?P<f>每天|每周|每个?星期|每个?礼拜|每晚|每个?周末|天天|经常|常常)(?:早上|晚上|下午|中午|早晨)?"
         r"(?:都|会|也|还)?(?P<v>.+)$", _habit(0.8)),
    rule(_I + r"(?P<v>抽烟|吸烟|跑步|游泳|冥想|打坐|练瑜伽|做瑜伽|健身|喝酒|骑车|慢跑)了?$", _habit(0.8)),
)
