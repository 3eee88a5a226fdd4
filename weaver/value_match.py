"""Whether a spoken value names a stored one: "Mercy" is "Mercy Hospital", "tea" is "green tea".

People rarely repeat a value word for word when they end it ("I left Mercy", "I quit
Italian"), so a retraction matches the stored value by its words, not its exact text:

- case, articles and possessives ("the", "a", "my"), and punctuation do not count;
- the shorter value's words all appear, in order, in the longer one ("Italian" in
  "Italian on Babbel"); Chinese values compare by characters ("牛排" in "吃牛排");
- or most words are shared (``OVERLAP`` of the smaller value's words).

Also the closed vocabulary of meat words that a vegetarian or vegan diet ends (see
``is_meat``). Pure functions, no I/O.
"""

from __future__ import annotations

import re

from vaultweave.weaver.attributes import PERSON_ATTRIBUTES
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.extract.kin_values import CAT_BREEDS, DOG_BREEDS, PET_KINDS
from vaultweave.weaver.extract.rules_zh_values import DIETS, HABITS, LANGUAGES
from vaultweave.weaver.extract.word_forms_en import base_of

# Words that never tell two values apart.
_FILLER = frozenset((
    "a", "an", "the", "my", "our", "his", "her", "their", "its", "some", "any", "to", "at", "in",
    "of", "on", "for", "with", "own",
))
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_POSSESSIVE = re.compile(r"['’]s\b")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Chinese filler characters: measure words and particles ("一只猫" is "猫").
_CJK_FILLER = frozenset("的一只个条位家了")
OVERLAP = 0.67


def tokens(value: str) -> tuple[str, ...]:
    """The words that identify a value, in order; Chinese counts each character as a word."""
    out: list[str] = []
    for word in _WORD.findall(_POSSESSIVE.sub("", normalise(value))):
        if _CJK.search(word):
            out.extend(
                ch for ch in word if ch not in _CJK_FILLER or len(word) == 1
            )
        elif word not in _FILLER:
            out.append(word)
    return tuple(out)


def _in_order(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """Whether ``short`` is a contiguous run of ``long``."""
    n = len(short)
    return any(long[i : i + n] == short for i in range(len(long) - n + 1))


def _initials_of(short: str, full: str) -> bool:
    """ "GOSH" for "Great Ormond Street Hospital", "TCS" for "Tata Consultancy Services": a
    name in capitals spelled by the first letters of another's words (with or without "of")."""
    if not re.fullmatch(r"[A-Z]{2,6}", short.strip()):
        return False
    words = _WORD.findall(full)
    if len(words) < 2:
        return False
    letters = short.strip().lower()
    every = "".join(w[0] for w in words).lower()
    named = "".join(w[0] for w in words if w.lower() not in _FILLER).lower()
    return letters in (every, named)


def names_ended(attribute: str, stored: str, spoken: str) -> bool:
    """Whether an ending that says ``spoken`` ends the ``stored`` value of ``attribute``:
    ``names_value``, or for a person a short form of their given name ("javi and i broke up"
    ends boyfriend Javier), for a place of work or study its clipped name ("quit comfort"
    ends ComfortDelGro), or for a routine or a habit its activity said another way ("bye bye
    morning runs" ends "running every day")."""
    return (names_value(stored, spoken) or (attribute in PERSON_ATTRIBUTES and short_name_of(spoken, stored))
            or attribute in _PLACES_OF_WORK_AND_STUDY and _clipped(spoken, stored)
            or attribute in _KEPT_UP and _activity_said(stored, spoken))


# A workplace named by its kind, not its name: "咖啡店那边我辞了", "I left the restaurant"
_KIND_OF_WORKPLACE = re.compile(r"(?:奶茶|咖啡|便利|五金|服装|饭|餐|花)?(?:店|厂|公司|单位|超市|餐厅|饭店|"
                                r"医院|工地|银行|酒店|仓库|门店|工厂)|(?:the\s+)?(?:cafe|café|restaurant|shop|store|bank|hospital|"
                                r"factory|office|warehouse|firm|company|agency|bar|pub|hotel|clinic|bakery|salon)",
                                re.IGNORECASE)


def sole_workplace(attribute: str, spoken: str) -> bool:
    """Whether an ending that names a workplace by its kind ends the one employer held ("咖啡店
    那边我辞了" ends 瑞幸 when it is the speaker's only job)."""
    return attribute == "employer" and bool(_KIND_OF_WORKPLACE.fullmatch(spoken.strip()))


_KEPT_UP = frozenset({"routine", "habit"})
_SCHEDULE_EN = re.compile(r"\s+(?:every\s+day|on\s+[A-Z][a-z]+days?\b.*)$")


def _habit_of(stored: str, spoken: str) -> bool:
    """A Chinese routine and the habit its activity is, both ways: "游泳 每天" and "swims"."""
    return any(HABITS.get(routine_thing(a)) == normalise(b) for a, b in ((stored, spoken), (spoken, stored)))


def _stem(word: str) -> str:
    if word.endswith("ing"):
        return base_of(word)
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def _activity_said(stored: str, spoken: str) -> bool:
    """A routine or habit ended by its activity said another way: "bye bye morning runs"
    ends "running every day" and "runs" (the activity's words by their stems, and no other
    but a time of day: "run club" ends no running)."""
    kept = {_stem(w) for w in tokens(_SCHEDULE_EN.sub("", stored))}
    return bool(kept) and kept == {_stem(w) for w in tokens(spoken) if w not in _TIMES_OF_DAY}


_TIMES_OF_DAY = frozenset(("morning", "evening", "night", "daily", "weekend", "early", "late", "usual"))


# Organisations people name by a clipped form once everyone knows them (never a language or a
# thing liked: quitting "Java" ends no "JavaScript")
_PLACES_OF_WORK_AND_STUDY = frozenset({"employer", "workplace", "studies_at", "school"})


def _clipped(short: str, full: str) -> bool:
    """ "comfort" for "ComfortDelGro", "MaP" for "Maru-a-Pula": an organisation clipped to its
    first letters, or to the first letters of its words."""
    said, words = tokens(short), tokens(full)
    if len(said) != 1 or len(said[0]) < 4 and not re.fullmatch(r"(?:[A-Z][a-z]?){2,4}", short.strip()):
        return False
    first = said[0]
    clipped = any(w.startswith(first) and len(w) >= len(first) + 3 for w in words)
    spelled = len(words) >= 2 and "".join(w[0] for w in _WORD.findall(full)).lower() == first
    return clipped or spelled and any(c.isupper() for c in short)


def short_name_of(short: str, full: str) -> bool:
    """A short form of a given name, its first or last letters: "Javi" for Javier, "Teo" for
    Mateo. Only for a person's name (a word's first letters are no short form of it: Java)."""
    if not (re.fullmatch(r"[A-Z][a-z]{2,5}", short) and re.fullmatch(r"[A-Z][a-z]+", full)):
        return False
    shorter = len(short) < len(full) <= len(short) + 6
    return shorter and (full.startswith(short) or full.endswith(short.lower()))


def _called_by(short: str, full: str) -> bool:
    """A Chinese name and how friends call it: 阿哲 or 小哲 for 王哲, 老王 for 王哲."""
    if not re.fullmatch(r"[阿小老][\u4e00-\u9fff]{1,2}", short):
        return False
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", full):
        return False
    given = full.endswith(short[1:]) and full != short[1:]  # 阿哲, 小哲
    family = len(short) == 2 and full[0] == short[1]  # 老王
    return given or family


def same_value(stored: str, spoken: str) -> bool:
    """Exactly the same value, once case and spacing are ignored."""
    return normalise(stored) == normalise(spoken)


def names_value(stored: str, spoken: str) -> bool:
    """Whether ``spoken`` plausibly names ``stored`` (a retraction's or doubt's match). A
    family word names its members: "alcohol" names "hazy IPA", "caffeine" "coffee"."""
    if same_value(stored, spoken) or in_family(stored, spoken) or _same_diet(stored, spoken):
        return True
    if normalise(spoken) in _ZH_NAMES_OF.get(normalise(stored), ()):
        return True  # 日语 names *Japanese*
    a, b = tokens(stored), tokens(spoken)
    if not a or not b:
        return False
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if _in_order(short, long) or _initials_of(spoken, stored) or _initials_of(stored, spoken):
        return True
    if _called_by(spoken, stored) or _called_by(stored, spoken) or _habit_of(stored, spoken):
        return True
    shared = len(set(short) & set(long))
    return len(short) >= 2 and shared / len(set(short)) >= OVERLAP


def _same_diet(stored: str, spoken: str) -> bool:
    """A diet said in Chinese and stored by its English name, or the other way: 生酮 is keto."""
    a, b = normalise(stored), normalise(spoken)
    return DIETS.get(a, a) == DIETS.get(b, b)


def _chinese_names() -> dict[str, frozenset[str]]:
    """The Chinese names of the values stored by their English name (languages, diets,
    habits): "日语" of *Japanese*, "纯素" of *vegan*."""
    names: dict[str, set[str]] = {}
    for chinese, english in (*LANGUAGES.items(), *DIETS.items(), *HABITS.items()):
        if len(chinese) >= 2:
            names.setdefault(normalise(english), set()).add(chinese)
    return {english: frozenset(said) for english, said in names.items()}


# "日语也停了" ends *Japanese*, "西语那个app我卸了" *Spanish*: the value is held in English
_ZH_NAMES_OF = _chinese_names()
# The thing a habit gives up, said alone ("戒了 烟和打火机全扔了"), never a word it begins
# (烟台 is a town, 酒店 a hotel)
_ZH_THING_OF = {"smokes": re.compile(r"烟(?![台花草雾火])"), "drinks": re.compile(r"酒(?![店吧楼精馆])")}


def _named_in_chinese(stored: str, words: str) -> bool:
    key = normalise(stored)
    thing = _ZH_THING_OF.get(key)
    return any(name in words for name in _ZH_NAMES_OF.get(key, ())) or bool(thing and thing.search(words))


# The days of a routine's value ("瑜伽 每周二", "钢琴课 每周六") and a class word: what is left
# names the activity, so "舞蹈课 每周三" and "舞蹈 每周五" are one routine on other days.
# "每礼拜二礼拜四", "每周三和周六": the days, however many
_ROUTINE_DAYS = re.compile(r"每个?(?:(?:周|週|星期|礼拜|禮拜)[一二三四五六日天末]*[、和跟及与,， ]*)+"
                           r"|每个?周末|每天|天天|课$")


def routine_thing(value: str) -> str:
    """The activity of a routine, without its days: "舞蹈课 每周三" -> "舞蹈"."""
    thing = _ROUTINE_DAYS.sub("", value).strip()
    thing = _ROUTINE_DAYS.sub("", thing).strip()  # "课 每周三": the class word before the days
    return thing or value


# A small closed vocabulary: foods a vegetarian or vegan diet rules out. Whole words in
# English, substrings in Chinese. Documented in docs/FACTS.md.
MEAT_WORDS = frozenset((
    "meat", "steak", "steaks", "beef", "pork", "bacon", "ham", "ribs", "burger", "burgers",
    "hamburger", "chicken", "lamb", "mutton", "veal", "sausage", "sausages", "salami", "pepperoni",
    "brisket", "barbecue", "bbq", "turkey", "duck", "venison", "jerky", "kebab", "kebabs",
    "prosciutto", "chorizo", "meatballs", "wings", "fish", "salmon", "tuna", "shrimp", "prawns",
    "sushi", "seafood", "lobster", "crab", "oysters", "anchovies",
    "ribeye", "sirloin", "t-bone", "tenderloin", "wagyu", "pastrami", "carnitas", "schnitzel", "gyros",
    "shawarma", "biltong", "nuggets", "drumsticks", "goat", "oxtail", "suya", "bulgogi", "galbi",
    "tonkatsu", "yakitori", "carbonara", "bolognese", "lasagne", "lasagna", "haggis", "meatloaf",
    "hotdog", "hotdogs", "mussels", "clams", "squid", "calamari", "octopus", "cod", "mackerel",
))
MEAT_ZH = (
    "肉", "牛排", "火腿", "香肠", "培根", "烤鸭", "鸡翅", "鸡腿", "海鲜", "鱼", "虾", "蟹", "烧烤", "汉堡",
)
# Pescatarians still eat fish and seafood.
_SEA_WORDS = frozenset((
    "fish", "salmon", "tuna", "shrimp", "prawns", "sushi", "seafood", "lobster", "crab", "oysters",
    "anchovies", "mussels", "clams", "squid", "calamari", "octopus", "cod", "mackerel",
))
_SEA_ZH = ("海鲜", "鱼", "虾", "蟹")


def is_meat(value: str, *, fish_too: bool = True) -> bool:
    """Whether a liked food is meat (or fish, unless ``fish_too`` is false)."""
    text = normalise(value)
    words = {w.removesuffix("s") for w in _WORD.findall(text)} | set(_WORD.findall(text))
    hits = words & MEAT_WORDS
    if not fish_too:
        hits -= _SEA_WORDS
    if hits:
        return True
    zh = [w for w in MEAT_ZH if w in text and (fish_too or w not in _SEA_ZH)]
    return bool(zh)


def diet_ends(diet: str, value: str) -> bool:
    """Whether a new ``diet`` makes a liked food ``value`` no longer hold."""
    d = normalise(diet)
    if d in {"vegan", "plant based", "plant-based", "纯素", "全素"} and _is_dairy(value):
        return True
    if d in {"vegetarian", "vegan", "plant based", "plant-based", "素食", "纯素", "吃素", "全素"}:
        return is_meat(value)
    if d in {"pescatarian", "pescetarian"}:
        return is_meat(value, fish_too=False)
    if d in {"gluten-free", "gluten free", "celiac", "coeliac"}:
        return bool(GLUTEN_WORDS & set(tokens(value)))
    if d in {"dairy-free", "dairy free", "lactose-free", "lactose free"}:
        return _is_dairy(value)
    return False


def _is_dairy(value: str) -> bool:
    words = set(tokens(value))  # "oat milk", "vegan cheese" are no dairy
    return bool(DAIRY_WORDS & words) and not (_PLANT_WORDS & words)


# Foods a gluten-free diet rules out, and dairy a vegan or dairy-free one does (whole
# English words). Documented in docs/FACTS.md.
GLUTEN_WORDS = frozenset((
    "pasta", "carbonara", "spaghetti", "lasagne", "lasagna", "bread", "pizza", "bagels", "bagel",
    "croissants", "croissant", "noodles", "ramen", "udon", "dumplings", "pastries", "cake", "beer",
    "sourdough", "toast", "pancakes", "waffles", "baguette", "couscous",
))
DAIRY_WORDS = frozenset((
    "cheese", "brie", "cheddar", "camembert", "mozzarella", "parmesan", "halloumi", "feta",
    "milk", "butter", "cream", "yoghurt", "yogurt", "gelato", "milkshake", "latte",
))
_PLANT_WORDS = frozenset((
    "oat", "soy", "soya", "almond", "rice", "coconut", "cashew", "plant", "vegan", "oatly",
))


# Drinks that "sober" or "quit alcohol" end, and those "off caffeine" does (whole English
# words). Documented in docs/FACTS.md.
ALCOHOL_WORDS = frozenset((
    "alcohol", "beer", "beers", "ipa", "ipas", "lager", "ale", "stout", "porter", "pilsner", "cider",
    "wine", "wines", "prosecco", "champagne", "cava", "whisky", "whiskey", "bourbon", "scotch",
    "gin", "vodka", "rum", "tequila", "mezcal", "sake", "soju", "baijiu", "cocktail", "cocktails",
    "margarita", "margaritas", "negroni", "negronis", "mojito", "mojitos", "martini", "martinis",
    "spritz", "aperol", "sangria", "mead", "brandy", "cognac", "booze", "pint", "pints",
))
CAFFEINE_WORDS = frozenset((
    "coffee", "espresso", "espressos", "latte", "lattes", "cappuccino", "cappuccinos", "americano",
    "macchiato", "mocha", "cortado", "cold brew", "energy", "redbull", "caffeine",
))
# A family word and how its members are told: "alcohol" is every drink above.
FAMILIES = {
    "alcohol": ALCOHOL_WORDS, "booze": ALCOHOL_WORDS, "drinking": ALCOHOL_WORDS,
    "caffeine": CAFFEINE_WORDS, "dairy": DAIRY_WORDS, "meat": MEAT_WORDS - _SEA_WORDS,
}


# A pet told by its kind ("狗子昨天走了", "the dog died") is the pet of that kind held,
# whether it was told by kind or by breed ("a corgi named 豆豆").
_SPECIES_SAID = {
    "dog": ("dog", "dogs", "doggo", "doggy", "pup", "puppy", "狗", "狗子", "狗狗", "小狗", "狗儿子",
            "狗女儿"),
    "cat": ("cat", "cats", "kitty", "kitten", "猫", "猫咪", "猫子", "小猫", "猫主子", "猫儿子", "猫女儿"),
}


def _same_pet_kind(stored: str, spoken: str) -> bool:
    said = re.sub(r"^(?:the |my |我的|我家)", "", normalise(spoken))
    kind = next((k for k, words in _SPECIES_SAID.items() if said in words), None)
    if kind is None or " named " not in f" {normalise(stored)} ":
        return False
    breeds = DOG_BREEDS if kind == "dog" else CAT_BREEDS
    return any(word in _SPECIES_SAID[kind] or breeds.match(word) for word in tokens(stored))


def in_family(stored: str, spoken: str) -> bool:
    """Whether ``spoken`` is a family word ("alcohol") and ``stored`` one of its members."""
    if _same_pet_kind(stored, spoken):
        return True
    members = FAMILIES.get(normalise(spoken))
    if members is None:
        return False
    words = set(tokens(stored))
    if members is DAIRY_WORDS:
        return _is_dairy(stored)
    return bool(members & (words | {w.removesuffix("s") for w in words}))


# Words of a value that do not name it: its days, its kind ("class", "practice").
_NOT_NAMING = frozenset((
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "day", "days", "every",
    "daily", "weekend", "weekends", "morning", "mornings", "evening", "evenings", "night", "nights", "class",
    "classes", "lesson", "lessons", "session", "sessions", "practice", "training", "club", "course", "job",
    "work", "new", "old", "and", "or", "with", "from", "near", "city", "town", "university", "college",
    "school", "company", "street", "road", "hospital", "centre", "center",
))
# Days said in the plural, and kinds of pet: a pet is named by its name ("thinking of
# getting a second cat" names no "cat named Luna").
_NEVER_NAMING = re.compile(rf"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|{PET_KINDS}|named|called)$")
# What a Chinese value says besides its name: its days, a place's level, a class word.
_ZH_NOT_NAMING = re.compile(r"每个?(?:周|星期|礼拜)[一二三四五六日天末、和]*|每天|课(?=\s|$)")
_ZH_PLACE_LEVEL = re.compile(r"[省市区县镇]")


def mentioned(stored: str, words: str) -> bool:
    """Whether ``words`` (a few words of a turn) name the stored value: one of its own
    words that tells it apart ("golf" of "VW Golf", "callum"), or, in Chinese, the value
    without its days ("瑜伽" of "瑜伽 每周二") or a part of its name (``_zh_names``)."""
    return naming_share(stored, words) > 0


def naming_share(stored: str, words: str) -> float:
    """How much of the stored value ``words`` name, 0 to 1: "london" names all of "London"
    and half of "King's College London"."""
    if _named_in_chinese(stored, words):
        return 1.0
    if _CJK.search(stored):
        names = _zh_names(stored)
        return max((len(n) for n in names if n in words), default=0) / max(map(len, names), default=1)
    said = {_stem(w) for w in tokens(words)}
    naming = [w for w in tokens(stored)
              if len(w) >= 3 and w not in _NOT_NAMING and not _NEVER_NAMING.match(w)]
    return sum(_stem(w) in said for w in naming) / len(naming) if naming else 0.0


def _zh_names(stored: str) -> set[str]:
    """How a Chinese value may be named again: each place of "深圳市宝安区" (深圳, 宝安), and a
    long name by its first or last two characters ("飞度" of "本田飞度")."""
    names: set[str] = set()
    for part in _ZH_PLACE_LEVEL.split(_ZH_NOT_NAMING.sub("", stored)):
        part = part.strip()
        if len(part) >= 2:
            names.add(part)
        if len(part) >= 4:
            names.update((part[:2], part[-2:]))
    return names


def same_place(attribute: str, stored: str, spoken: str) -> bool:
    """A home said with or without the town it is in: "Palermo" is "Palermo, Buenos Aires"."""
    if attribute not in ("lives_in", "hometown") or ("," in stored) == ("," in spoken):
        return False
    return normalise(stored.split(",")[0]) == normalise(spoken.split(",")[0])


# Words whose loss changes the job, not how it is named ("manager" after "assistant manager" may be
# a promotion)
_RANKS = frozenset(("assistant", "junior", "senior", "trainee", "deputy", "associate", "head", "chief",
                    "lead", "intern", "apprentice", "sous", "vice", "principal", "acting", "staff", "student",
                    "former", "retired", "ex", "sr", "jr"))
_SAID_SHORTER = ("job_title", "employer", "studies_at", "studies", "workplace")


def said_shorter(attribute: str, stored: str, spoken: str) -> bool:
    """A job, a workplace or a school named again by a part of its name: "UI" of "UI设计师",
    "nurse" of "ICU nurse", "Platinum" of "Platinum Games" (never by dropping a rank:
    "manager" of "assistant manager" may be a promotion)."""
    if attribute not in _SAID_SHORTER:
        return False
    old, new = normalise(stored), normalise(spoken)
    if not new or old == new:
        return False
    if re.search(r"[\u4e00-\u9fff]", old):
        return len(new) >= 2 and (old.startswith(new) or old.endswith(new)) and not re.search(
            r"[助副总主实见]", old.replace(new, "", 1))
    old_words, new_words = old.split(), new.split()
    n = len(new_words)
    at = next((k for k in range(len(old_words) - n + 1) if old_words[k:k + n] == new_words), None)
    if at is None or at not in (0, len(old_words) - n):
        return False
    dropped = old_words[:at] + old_words[at + n:]
    return not any(w.strip(".") in _RANKS for w in dropped)


def named_again(attribute: str, stored: str, spoken: str) -> bool:
    """Whether ``spoken`` names the value ``stored`` again: the same words, or part of its name
    (``said_shorter``)."""
    return normalise(stored) == normalise(spoken) or said_shorter(attribute, stored, spoken)
