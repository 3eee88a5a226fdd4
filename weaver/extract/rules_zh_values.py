"""Chinese values: what a clause's value is once cleaned (an entity, a title, a place, a thing).

Closed vocabularies (languages, diets, pets and breeds, relatives, favourite kinds, habits,
job head words, places) and the clean-up every Chinese rule applies to what it captured:
particles, durations, amounts and "那味儿" tails off; "上海的一家公司" names no employer;
"山东烟台" is 烟台; "深圳龙岗万科城那边" is 深圳.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.places_zh import known_city
from vaultweave.weaver.extract.rules_text import EDGES, MAX_VALUE, words
from vaultweave.weaver.extract.trips import STATION_ZH
from vaultweave.weaver.extract.words_zh import tagged_place

_CJK = "\u4e00-\u9fff"

_PARTICLES = re.compile(r"[了啦呢啊哦呀吧嘛哈喔呗咯喇啰嘞哟㗎嘅喎啫囉~～]+$")  # 㗎 嘅 喎 啫 囉: Cantonese
# "跑步五公里" -> 跑步, "榴莲那味儿" -> 榴莲: an amount or a "that smell/thing" tail is no part of the value
_AMOUNT = re.compile(r"[一二两三四五六七八九十半\d]+(?:公里|km|分钟|个?小时|页|杯|次|圈|组|瓶)$")
LEAD_WORDS = re.compile(r"^(?:还是|就是|其实是|其实|一(?:杯|碗|份|瓶|盒|块|口|盘|顿))(?=..)")
_THAT = re.compile(r"(?:那|这)(?:个|种|股)?(?:味儿?|味道|东西|玩意儿?)$")
_DURATION = re.compile(r"(?:已经)?(?:快|近|将近|差不多|大概|整整|足足)?(?:很多|好几|\d+|[一二两三四五六七八九十几]+)多?个?多?"
                       r"(?:年|月|天|周|星期|礼拜)多?了?$")
_PRONOUN = re.compile(r"^(?:它|这|那|你|您|他|她|他们|她们|它们|这样|那样|这里|那里|这儿|那儿|什么)")
_NUMERALS = {"零": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "仨": 3, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}
_GENERIC_WORKPLACES = {"家", "家里", "公司", "这里", "那里", "这儿", "那儿", "外面", "办公室", "国外",
                       "海外", "本地", "当地", "一家公司", "一个公司"}
# Hong Kong's districts and new towns, places as its people name them ("由沙田搬去將軍澳"):
# never an employer, and where one works in one is no home ("喺觀塘做會計": rules_zh._job)
HK_DISTRICTS = words(
    "九龙 新界 将军澳 荃湾 屯门 元朗 大埔 观塘 旺角 铜锣湾 尖沙咀 西贡 葵涌 上水 粉岭 天水围 深水埗 黄大仙 北角 "
    "湾仔 红磡 马鞍山 东涌 柴湾 鲗鱼涌 筲箕湾 坚尼地城 土瓜湾 油麻地 九龙湾"
)
PLACES_ZH = words(
    "北京 上海 广州 深圳 杭州 成都 南京 武汉 西安 重庆 天津 苏州 香港 澳门 台北 厦门 青岛 大连 长沙 昆明 柏林 里斯本 伦敦 巴黎 纽约 东京 首尔 新加坡 "
    "悉尼 旧金山 洛杉矶 西雅图 波士顿 多伦多 温哥华 慕尼黑 阿姆斯特丹 马德里 巴塞罗那 罗马 米兰 中国 美国 英国 德国 法国 日本 韩国 葡萄牙 西班牙 意大利 "
    "加拿大 澳大利亚 荷兰 瑞士 哈尔滨 长春 沈阳 济南 郑州 合肥 福州 南昌 南宁 贵阳 兰州 太原 石家庄 呼和浩特 乌鲁木齐 "
    "拉萨 银川 西宁 海口 三亚 大理 丽江 桂林 无锡 常州 宁波 温州 绍兴 嘉兴 昆山 佛山 东莞 珠海 中山 惠州 汕头 泉州 "
    "烟台 威海 洛阳 宜昌 襄阳 扬州 徐州 南通 芜湖 台州 金华 奥斯陆 温哥华 墨尔本 曼谷 迪拜 伊斯坦布尔 斯德哥尔摩 "
    "赫尔辛基 哥本哈根 维也纳 布拉格 苏黎世 日内瓦 都柏林 爱丁堡 曼彻斯特 芝加哥 奥克兰 京都 大阪 河北 山西 辽宁 吉林 "
    "黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 广西 海南 四川 贵州 云南 陕西 甘肃 青海 台湾 内蒙古 "
    "新疆 西藏 宁夏 东北 挪威 瑞典 芬兰 丹麦 泰国 越南 印度 俄罗斯 新西兰 爱尔兰 "
    # where Chinese is spoken abroad, by the names its speakers use: 曼城 and 雪梨 too
    "马来西亚 吉隆坡 槟城 怡保 新山 马六甲 古晋 亚庇 曼城 雪梨 布里斯班 珀斯 蒙特利尔 渥太华 卡尔加里 "
    "华盛顿 费城 休斯顿 横滨 名古屋 福冈 札幌 釜山 雅加达 马尼拉 河内"
) | HK_DISTRICTS
_PROVINCES = words(
    "河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 广西 海南 四川 贵州 云南 陕西 "
    "甘肃 青海 台湾 内蒙古 新疆 西藏 宁夏"
)
_GENERIC_ORGS = words(
    "外企 国企 央企 私企 大厂 小厂 创业公司 小公司 大公司 工厂 药店 医院 学校 银行 超市 餐厅 饭店 写字楼 "
    "公司 单位 事务所 门店 店里 店 诊所 研究所 实验室 互联网公司 广告公司 游戏公司 科技公司 车企 新能源车企 "
    "对方 人家 小学 中学 大学 高中 初中 幼儿园"
)
LANGUAGES = {
    "中文": "Chinese", "汉语": "Chinese", "普通话": "Mandarin", "国语": "Mandarin", "华语": "Chinese",
    "英语": "English", "英文": "English", "法语": "French", "法文": "French", "德语": "German",
    "德文": "German", "西班牙语": "Spanish", "葡萄牙语": "Portuguese", "葡语": "Portuguese",
    "日语": "Japanese", "日文": "Japanese", "韩语": "Korean", "韩文": "Korean",
    "意大利语": "Italian", "意语": "Italian", "西语": "Spanish", "俄语": "Russian", "俄文": "Russian", "粤语": "Cantonese", "广东话": "Cantonese",
    "阿拉伯语": "Arabic", "荷兰语": "Dutch", "瑞典语": "Swedish", "印地语": "Hindi",
    # Hokkien and Teochew by the names their speakers give them
    "闽南话": "Hokkien", "闽南语": "Hokkien", "福建话": "Hokkien", "潮汕话": "Teochew", "潮州话": "Teochew",
}
FAVOURITES = {
    "食物": "food", "菜": "food", "吃的": "food", "饮料": "drink", "喝的": "drink",
    "颜色": "colour", "电影": "movie", "书": "book", "歌": "song", "歌曲": "song",
    "歌手": "singer", "乐队": "band", "运动": "sport", "城市": "city", "国家": "country",
    "动物": "animal", "水果": "fruit", "季节": "season", "音乐": "music", "游戏": "game",
    "作家": "author", "演员": "actor", "电视剧": "show", "餐厅": "restaurant", "花": "flower",
    "球队": "team", "番": "anime", "番剧": "anime", "动漫": "anime", "动画": "anime", "球星": "player",
    "明星": "celebrity", "零食": "snack", "甜点": "dessert", "品牌": "brand",
}
DIETS = {"素食者": "vegetarian", "素食主义者": "vegetarian", "素食": "vegetarian", "素": "vegetarian",
          "吃素的人": "vegetarian", "纯素食者": "vegan", "纯素主义者": "vegan", "纯素者": "vegan",
          "纯素": "vegan", "全素": "vegan", "生酮": "keto", "低碳": "low-carb", "低碳水": "low-carb"}
PETS = {"猫": "cat", "猫咪": "cat", "小猫": "cat", "狗": "dog", "狗狗": "dog", "小狗": "dog",
         "兔子": "rabbit", "仓鼠": "hamster", "鹦鹉": "parrot", "金鱼": "goldfish", "鱼": "fish",
         "乌龟": "turtle", "鸟": "bird", "小鸟": "bird", "柯基": "corgi", "柴犬": "shiba inu"}
# Breeds people name instead of the species: the species is kept ("a cat named 雪球").
PETS.update(dict.fromkeys(("布偶猫", "布偶", "橘猫", "英短", "美短", "加菲猫", "暹罗猫", "狸花猫", "蓝猫"), "cat"))
PETS.update(dict.fromkeys(("金毛", "泰迪", "哈士奇", "边牧", "拉布拉多", "比熊", "萨摩耶", "博美", "法斗"), "dog"))
RELATIVES = {"妹妹": "sister", "姐姐": "sister", "哥哥": "brother", "弟弟": "brother",
              "兄弟姐妹": "siblings", "孩子": "kid", "小孩": "kid", "儿子": "son", "女儿": "daughter",
              "妻子": "wife", "老婆": "wife", "太太": "wife", "丈夫": "husband", "老公": "husband",
              "先生": "husband", "男朋友": "boyfriend", "女朋友": "girlfriend", "对象": "partner",
              "伴侣": "partner", "妈妈": "mother", "母亲": "mother", "爸爸": "father", "父亲": "father"}
HABITS = {"抽烟": "smokes", "吸烟": "smokes", "跑步": "runs", "慢跑": "runs", "游泳": "swims",
           "冥想": "meditates", "打坐": "meditates", "练瑜伽": "does yoga", "做瑜伽": "does yoga",
           "健身": "works out", "去健身房": "goes to the gym", "喝酒": "drinks", "骑车": "cycles",
           "骑自行车": "cycles", "喝咖啡": "drinks coffee", "喝茶": "drinks tea"}
JOB_HEADS = ("师", "员", "家", "空姐", "老板", "站长", "组长", "店长", "策划", "运营", "销售", "客服", "经理", "老师", "教授", "医生", "护士", "律师", "学生", "记者",
              "作家", "作者", "厨师", "会计", "总监", "主管", "总裁", "创始人", "实习生", "顾问", "司机",
              "行长", "科长", "处长", "部长", "校长", "院长", "所长", "厂长", "局长", "主任", "副总", "文案",
              "编辑", "审核", "采购", "HR", "HRBP",
              # lines of work named without a head word above
              "助理", "专员", "代表", "开发", "测试", "运维", "前台", "保安", "骑手", "主播", "博主", "模特",
              "翻译", "导游", "教练", "警察", "军人", "农民", "工人", "保姆", "月嫂", "质检", "PM",
              "牙医", "兽医", "中医", "校医", "军医", "飞手", "歌手", "鼓手", "车手", "写手", "画手", "码农",
              "茶农", "果农", "菜农", "渔民", "牧民", "大夫", "店主", "摊主", "老板娘", "船长", "机长", "包工头",
              "外卖小哥", "快递小哥", "跟单", "学徒", "仓管", "收银", "程序猿", "程序媛", "攻城狮",
              # police by branch, and the trades named by their last character 工
              "交警", "辅警", "民警", "刑警", "特警", "狱警", "巡警", "电工", "焊工", "钳工", "木工", "瓦工",
              "钢筋工", "水电工", "油漆工", "搬运工", "清洁工", "环卫工", "普工", "技工", "泥瓦工", "装修工")
PETS_RE = "|".join(sorted(PETS, key=len, reverse=True))
REL_RE = "|".join(sorted(RELATIVES, key=len, reverse=True))


# What recurs by nature, so that a bare weekday names its routine: classes, training, sports
RECURRING = r"课|训练|练习|班|球|瑜伽|游泳|健身|跑步|舞|拳|骑行"


def cleaned(raw: str) -> str | None:
    """Trim particles (了/啦/呢), a trailing duration (很多年了) and punctuation."""
    value = re.split(r"[，,]", raw.strip(EDGES))[0]  # a later comma starts another thought
    titled = re.search(r"《(?P<t>[^》]{1,30})》", value)
    if titled:  # "《海上钢琴师》 看了不下十遍": the title named
        return titled.group("t")
    # a space starts another thought ("Fallowfield 每天开我那辆二手Polo去学校": the place)
    value = re.split(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|(?<=[A-Za-z])\s+(?=[\u4e00-\u9fff]{4})", value)[0]
    value = LEAD_WORDS.sub("", value) or value  # "还是杨枝甘露", "一杯拿铁"
    value = re.sub(r"(?<=..)(?:那边|这边|那旮沓|那疙瘩|那块儿?)$", "", value)  # 顺丰那边: the place of it
    for _ in range(3):
        value = _DURATION.sub("", _PARTICLES.sub("", value).strip(EDGES)).strip(EDGES)
        value = _THAT.sub("", _AMOUNT.sub("", value)).strip(EDGES)
    if not value or len(value) > MAX_VALUE or _PRONOUN.match(value) or _PIECE.search(value):
        return None
    return value


# Pieces of a sentence, not values: "我住的地方啊" (的地方), "学校是个双非" (个双非), "做教育的公司";
# a question or a sum ("送啥相机合适", "预算五千"), how long something was done ("琴学了半年")
_PIECE = re.compile(r"^(?:的|个|第)|的(?:地方|公司|学校|单位)$|啥|什么|怎么|多少|合适|预算|^爱好$|学[了到得]|没断过")


# Where one stays while looking for a home: "先住airbnb", "现在住青旅"
_LODGING = re.compile(r"(?i:airbnb|hotel|hostel|motel)|青旅|旅馆|宾馆|酒店|民宿|招待所")


# Where one is beside something, never a town: "工作室就在我住的小区对面"
_NEARBY = frozenset(("小区", "我住的小区", "住的小区", "家", "我家", "楼里", "院里", "村里"))


_KIN_ZH = "男朋友|女朋友|男友|女友|老公|老婆|对象|爸妈|父母|我妈|我爸|妈|爸|姐|哥|弟弟|妹妹|姐姐|哥哥|奶奶|外婆|姥姥|爷爷|闺蜜|朋友"
# What a flat is, said before the word for it: "员工公寓", "合租的房子"
_KIND_OF_FLAT = re.compile(r"(?:临时|合租|整租|出租|员工|青年|人才|长租|短租|酒店式|单身|新|老|小|大|便宜|破|旧|租来)的?")


def place_of(raw: str) -> str | None:
    """A place as spoken, trimmed to its city when a district follows ("深圳龙岗万科城那边" -> 深圳)."""
    # "搬到荃湾住": the verb after the place is no part of it
    raw = re.sub(r"(?<=..)(?:去|来)?(?:住|生活|定居)(?:了|下来)?$", "", raw.strip(EDGES))
    raw = re.sub(r"(?<=..)(?:也|还|又)$", "", raw)  # "在昆明也住了八年": the place, not its adverb
    # "搬回南岗我妈家": the place, not whose home there
    raw = re.sub(r"(?<=..)(?:我|我们)?(?:妈|爸|父母|爸妈|婆婆|公公|岳父|岳母|丈母娘|奶奶|爷爷|外婆|姥姥)家$", "", raw)
    # "小区对面": beside somewhere, and the somewhere is left (no place if nothing is)
    value = cleaned(re.sub(r"(?:那边|这边|附近|一带|那儿|这儿|那里|这里|对面|旁边|隔壁|楼下|楼上|边上)$", "", raw))
    value = value and re.sub(r"^老家(?=..)|(?<=..)(?:[劏㓥]房|出租屋|城中村)$|(?<=..)(?<!马)[去来]$", "", value)  # 老家邵阳, 深圳去了
    if value in _NEARBY or re.fullmatch(rf"我?(?:{_KIN_ZH})(?:那|那儿|那里|家)", value or ""):
        return None  # "搬去女朋友那了": whose home, not where
    if value:  # "滨江一个单间", "西溪的两室一厅": the place, not the flat
        flat = re.search(r"(?:的)?(?:一|个|间|套|[一两三]室[一两]厅|[一两三]房[一两]厅)*(?:单间|房子|房间|公寓|"
                         r"[一两三]室[一两]厅|[一两三]房[一两]厅|loft|Loft)里?$", value)
        if flat and (not flat.start() or _KIND_OF_FLAT.fullmatch(value[: flat.start()])):
            return None  # "住的是员工公寓", "住在新房子里": what kind of flat, not where
        value = value[: flat.start()] if flat else value
    if value and len(value) > 3:
        value = re.sub(r"(?:发展|定居|打工|工作|上班|生活|读书|念书|上学|读研|读大学)$", "", value)  # 去成都发展: 成都
        # 搬来新店之后去信义区太远: the place is what comes before "after"
        value = re.sub(r"(?<=..)(?:之后|以后|后来|以来|的时候|那会儿?)[^，,]*$", "", value)
    if value is None or re.search(r"\d", value) or _LODGING.search(value) or re.match(r"[在去到从给跟]", value):
        return None  # "先住airbnb": a stay, no home; "在面杭州的": a piece of a clause
    value = value.removesuffix("的") or value
    judged = re.match(r"(?P<v>[\u4e00-\u9fff]{2,4}?)(?:最|很|太|挺|比较|更|超)", value)
    if judged and not is_place(value) and is_place(judged.group("v")):
        value = judged.group("v")  # "桃园最方便": the place, not what is said of it
    if value in _GENERIC_WORKPLACES or value in _GENERIC_ORGS:
        return None  # 在公司附近住: near work, no place named
    province = next((p for p in _PROVINCES if value.startswith(p) and len(value) - len(p) >= 2), None)
    if province and value[len(province)] not in "省市人":
        value = value[len(province):]  # 山东烟台: the city
    city = next((p for p in sorted(PLACES_ZH, key=len, reverse=True) if value.startswith(p)), None)
    city = city or next((value[:n] for n in (3, 2) if known_city(value[:n])), None)
    if city and re.match(STATION_ZH, value[len(city):]):
        return None  # 在北京南站等车: passing through
    if city and len(value) - len(city) > 2:
        return city  # 自贡大安区那边: 自贡
    return value


def is_place(value: str) -> bool:
    """A known place, a name with a place ending, or one jieba tags as a place: every caller
    asks after a shape that already points to a place (在X住, 搬到X, X人), where the tag is
    good evidence."""
    if re.match(r"[在去到从给跟面是]", value):
        return False  # "在面杭州的": a piece of a clause, not a place
    if len(value) >= 3 and value.endswith("港") and known_city(value[:-1]):
        return False  # 宁波港, 青岛港: the port, which employs (not 香港)
    if value in PLACES_ZH or known_city(value):
        return True  # 开封, 开平: a town's first word may be a verb
    if re.match(r"[开做干跑卖送教搞修]", value):
        return False  # "我开德士的": a trade, whatever jieba tags in it
    # 华润万家超市, 东门菜市: a market, not a city
    return bool(re.fullmatch(rf"[{_CJK}]{{1,4}}(?:(?<![超菜夜街花门股集早])市|[省县州])", value)) or tagged_place(value)


# How one works, said in a doubled phrase: 累死累活, 辛辛苦苦, 苦哈哈
_TOILING = re.compile(r"([\u4e00-\u9fff])[\u4e00-\u9fff]\1[\u4e00-\u9fff]|([\u4e00-\u9fff])\2([\u4e00-\u9fff])\3|苦哈哈")
_ONE_CHAR_ORGS = "港局站厂院所行店馆校司部队社团矿场"


def org_of(raw: str) -> str | None:
    parent = re.match(r"(?P<v>[^，,的]{2,8}?)(?:下面|下属|旗下)(?:的|一个|一家|一间)", raw)
    if parent:
        raw = parent.group("v")  # 中石化下面的一个加油站, 陕煤下面一个子公司: the company
    named = re.search(r"(?:一家|一间|一个|一所)?(?:叫|名叫|叫做)(?P<v>[^的，,]{2,12})的", raw)
    value = cleaned(named.group("v") if named else re.sub(r"^(?:叫|名叫|叫做)(?=..)", "", raw))
    value = value and re.sub(r"^(?P<v>[\u4e00-\u9fff]{2,8})了\s.*$", r"\g<v>", value)  # "抖音了 ID也改了": a clause on
    value = value and re.sub(r"^[\u4e00-\u9fff]{0,6}?[那这]边?(?:间|家)(?=[A-Za-z0-9\u4e00-\u9fff]{2})", "", value)  # 大安区那间花见
    if not value or value in _GENERIC_WORKPLACES or value in _GENERIC_ORGS or re.fullmatch(r"[\u4e00-\u9fff]", value) \
            or value in HK_DISTRICTS:
        return None  # "第", one character, names no company; "喺觀塘做會計": where, not who
    if value.startswith(("公司", "单位", "店里", "家里")) or re.fullmatch(r"(?:新|老|原|前|现)(?:公司|单位|东家)", value):
        return None  # 在公司交接工作
    if re.match(r"(?:找|看|等|准备|考虑|面试|投|申请|忙|学习|学着|手续|搬|要(?=搬|去|回|走|调|换)|想(?=去|换|辞|搬|回|考|学|做))",
                value) or re.search(r"刚|办完|[了过]$", value):
        return None  # 在找新工作: no employer yet; "入职 要搬去斯图加特": a plan, not a company
    if _NOT_AN_ORG.search(value) or value.casefold() in _NOT_AN_ORG_EN or _TOILING.search(value):
        return None  # "厂里", "招行食堂比德勤强太多", "远程办公", "fine": where or how, not who
    value = re.sub(r"^[^\s，,]{1,6}?上班\s+(?=[A-Za-z])", "", value)  # "机场上班 Air Canada": the company
    if value in LANGUAGES or value.title() in LANGUAGES.values() or value in JOB_HEADS or re.search(r"[干做]到|上班", value):
        return None  # "普通话", "运营", "德勤这边干到3月底": a language, a trade, a clause
    value = re.sub(r"^(?P<v>[A-Za-z][\w&'.-]*)\s+(?:做|搞|干|负责|这边|那边).*$", r"\g<v>", value)  # "Shopee 做跨境的"
    located = re.fullmatch(r"(?P<at>[\u4e00-\u9fff]{2,4}|[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?)的"
                           r"(?P<v>[A-Za-z][A-Za-z0-9 &'.-]*|[\u4e00-\u9fff]{2,8})", value)
    if located and (is_place(located.group("at")) or located.group("v")[0].isascii() or located.group("at").isascii()):
        value = located.group("v")  # 三里屯的Apple Store: the company, not the street
    aside = re.fullmatch(r"(?P<at>[\u4e00-\u9fff]{2,4})(?:这边|那边)(?P<v>[A-Za-z0-9\u4e00-\u9fff]{2,8})", value)
    if aside and is_place(aside.group("at")):
        value = aside.group("v")  # 望京这边美团: the company, not where it is
    if any(known_city(value[:n]) and len(value) == n + 1 for n in (2, 3)) and value[-1] not in _ONE_CHAR_ORGS:
        return None  # "在成都累死累活上班": the city and how it feels (not 青岛港, 成都局)
    leading = leading_place(value)
    if leading:
        value = value[len(leading):]  # 北京百度, 武汉中南医院: the company, not its city
        located = re.fullmatch(r"(?P<at>[\u4e00-\u9fff]{2,4})的(?P<v>[A-Za-z][A-Za-z0-9 &'.-]*)", value)
        value = located.group("v") if located else value  # 成都太古里的Apple Store
    value = without_site(value)  # 台积电新竹十二厂, 招商银行厦门分行: the company
    value = _without_outlet(value)  # 一点点人民路店, Costco总部, 建行江宁支行: the company
    if re.search(r"一家|一间|一个|一所|那栋|那家|对面", value):
        return None  # 上海一家外企, 国贸麦当劳对面那栋写字楼: no name given
    if re.search(r"到手|工资|月薪|年薪|[一二两三四五六七八九十]+[千万](?:[一二三四五六七八九])?$", value):
        return None  # 到手六千五: what one earns, not where
    if value in PLACES_ZH or re.search(r"(?<![超菜夜街花门股集早])市$|[省县区州国镇村]$", value):
        return None  # 我在北京工作: a city, not an employer
    # 在网上做生意, 在楼下上班: where, not who; 国画班: a class one takes (补习班 employs)
    if re.fullmatch(r"[\u4e00-\u9fff]{1,2}[上下]|[\u4e00-\u9fff]{1,4}(?<![夜白早晚中习習導导训訓])班", value):
        return None
    return CHAT_ORGS.get(value, value)


# What a workplace said loosely is not: a place inside one (厂里, 局里; 阿里 is a company), a
# comparison, a way of working, a state, Cantonese for home or "what"
_NOT_AN_ORG = re.compile(r"(?<!阿)里$|^里|我们|我|比[^，,]{1,8}(?:强|好|差|多|少)|办公|稳定|事多|屋企|咩|礼拜|星期|^(?:趟|[两三几](?:周|个|天|年|次|趟))"
                         # "以后只能周末陪她练": a clause, not a company
                         r"|以后|之后|只能|只好|周末|陪[她他你我]|个人$"  # "三十来个人": a headcount
                         r"|^[\u4e00-\u9fff]{1,3}族$")  # "藏族": a people
_NOT_AN_ORG_EN = frozenset(("fine", "ok", "okay", "good", "work", "home", "remote", "wfh", "office", "there", "here",
                            "lol", "lmao", "haha", "hahaha"))


# What chat calls the largest companies, stored by their names: "鹅厂的程序猿" works at 腾讯
CHAT_ORGS = {"鹅厂": "腾讯", "企鹅": "腾讯", "猪厂": "网易", "狗东": "京东", "度厂": "百度", "阿里爸爸": "阿里巴巴"}
# ... and trades: a 程序猿 is a 程序员, an 攻城狮 an 工程师
_CHAT_TITLES = {"程序猿": "程序员", "程序媛": "程序员", "攻城狮": "工程师", "主策": "主策划", "主程": "主程序员"}


# A shop's branch by its street or square, a bank's by its district, a head office: no part of the company
_OUTLET = re.compile(r"(?:广场|路|街|大道|商场|万达|天街|机场|车站)分?店$|支行$|分行$|营业部$")


def _without_outlet(value: str) -> str:
    """ "茶百道春熙路店" -> 茶百道 (the shortest place name before the outlet is cut, the
    company's name being the longer part); "建行江宁支行" -> 建行."""
    head = re.sub(r"(?<=..)(?:总部|总公司)$", "", value)
    outlet = _OUTLET.search(head)
    if not outlet:
        return head
    if not outlet.group().endswith("店"):  # 中行滨江支行: the bank, named up to its 行
        bank = re.match(r".+?行(?=.)", head[: outlet.start()] + "_")
        return bank.group() if bank else head
    return head[: outlet.start() - 2] if outlet.start() >= 4 else head


# A company's site named after its city: a plant, a branch, an office, a base
_SITE = re.compile(r"^[一二三四五六七八九十\d]*号?(?:分厂|工厂|厂|分行|支行|分公司|总部|办事处|分部|分院|分店|分校|校区|"
                   r"研发中心|办公室|园区|基地|门店|仓库?)")


def site_of(value: str) -> tuple[str, str]:
    """The company and the known city of its site, when a site follows its name ("台积电新竹
    十二厂", "蔚来合肥工厂总装线" -> 台积电 and 新竹, 蔚来 and 合肥); else the value and ""."""
    for start in range(2, len(value) - 2):
        for size in (3, 2):
            city = value[start : start + size]
            if (city in PLACES_ZH or known_city(city)) and _SITE.match(value[start + size :]):
                return value[:start], city
    return value, ""


def without_site(value: str) -> str:
    return site_of(value)[0]


_KIND = re.compile(r"(?:一个|一家|一间|一所)(?P<k>[\u4e00-\u9fff]{2,4})$")
_SCHOOL_KIND = re.compile(r"(?:^|一个|一家|一间|一所)(?P<k>幼儿园|小学|中学|初中|高中|大学)$")


def kind_title(title: str | None, org: str) -> str | None:
    """A short title said with the kind of place, which the kind completes: 一个加油站当站长
    (加油站站长), 在幼儿园当老师 / 在一所小学当老师 (幼儿园老师, 小学老师)."""
    kind = _KIND.search(org)
    if title and kind and len(title) <= 2 and title.endswith("长"):
        return kind.group("k") + title
    school = _SCHOOL_KIND.search(org)
    if title in ("老师", "教师") and school:
        return school.group("k") + title
    return title


def leading_place(value: str) -> str:
    """The known city that opens a company's name ("北京百度" -> 北京); "" when the rest is
    no name of its own (北京大学, 上海分公司), or the place is the nation (中国银行)."""
    city = next((p for p in sorted(PLACES_ZH, key=len, reverse=True) if value.startswith(p)), "")
    rest = value[len(city):]
    if not city or city == "中国" or len(rest) < 2 or rest in _GENERIC_ORGS:
        return ""
    if re.match(r"(?:大学|学院|分公司|总部|市|省|的|人|本地)", rest):
        return ""
    if re.search(r"(?:大学|学院|师范|理工|交通|科技大)", rest):
        return ""  # 上海交通大学: the school is named by its city
    return city


_BRANCH = re.compile(r"(?:市|区)?(?:分行|支行|分公司|总部|办事处|分部|分院|分店|分校|研发中心|办公室|工厂|园区)?$")


def branch_place(value: str) -> str:
    """The known city a company's name ends on, as its branch ("招商银行厦门分行",
    "拼多多上海总部", "西门子上海" -> the city); "" when none does."""
    if site_of(value)[1]:
        return site_of(value)[1]
    head = _BRANCH.sub("", value)
    for size in (4, 3, 2):
        city = head[-size:]
        if len(head) > size and (city in PLACES_ZH or known_city(city)):
            return city
    return ""


def items_of(raw: str) -> list[str]:
    return [v for v in (cleaned(p) for p in re.split(r"[、/]|以及", raw)) if v]


def number_of(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if not text or any(c not in _NUMERALS and c != "十" for c in text):
        return None
    if "十" not in text:
        return _NUMERALS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    return (_NUMERALS.get(tens, 0) if tens else 1) * 10 + (_NUMERALS.get(ones, 0) if ones else 0)


# Chores and what one calls oneself for working at all, no title: 打工人一枚, 社畜
_NOT_TITLES = frozenset({"生意", "作业", "家务", "饭", "打工人", "打工仔", "社畜", "牛马", "搬砖的",
                         # a shift, not a line of work: "他也是做夜班"
                         "夜班", "白班", "早班", "晚班", "中班", "倒班", "夜更", "早更", "兼职"})


def own_title(value: str) -> str:
    """ "华西医院的护士" -> 护士: a title after a workplace and 的 is the title alone (the
    workplace is the employer rules' to read); "" for what is no title ("打工人")."""
    tail = value.rsplit("的", 1)[-1] if "的" in value[1:-1] else ""
    head = value.split("的", 1)[0]  # "店员的第一个冬天": the title, then talk of it
    talk = bool(re.search(r"[不没要想喝吃去来是有]", tail)) or len(tail) >= 5  # "UI的一天不喝两杯…"
    title = (tail if len(tail) >= 2 and tail.endswith(JOB_HEADS)
             else head if tail and len(head) >= 2 and (head.endswith(JOB_HEADS) or talk) else value)
    worked = re.search(r"(?:公司|店|厂)(?:做|当|干)(?P<t>..+)$", title)
    title = worked.group("t") if worked else title  # "电商公司做运营": the work done there
    if len(title) < 2 or "也" in title or re.search(r"[那这][家间]$|^[我的]|公司$|[那这]边", title):
        return ""  # "系", "年也学会计", "的店老板": pieces of a clause; "做WordPress那家", "母婴电商的小公司",
        # "蒙古国那边的进出口": where or what the business is, no title
    return "" if title in _NOT_TITLES else _CHAT_TITLES.get(title, title)


def bare_title(value: str) -> str:
    """A Chinese title without the verb that did it ("还是干策划" read as 干策划: 策划), in its
    written word (大夫, as doctors are called, is 医生: "心内科大夫" is 心内科医生)."""
    return re.sub(r"(?<=科)大夫$", "医生", re.sub(r"^(?:还是|也是|依然|继续)?(?:干|做|当)(?=[\u4e00-\u9fff]{2})", "", value))


def title_of(raw: str) -> str | None:
    """ "分析师第三年了" -> 分析师; "IT，写Java的" -> IT."""
    # "hr 主要搞招聘": hr; "数据分析 sql写得…": 数据分析
    head = re.split(r"[，,]|\s+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])\s+", raw.strip(EDGES))[0]
    head = re.sub(r"^了?[一二两三四五六七八九十\d几]+(?:多)?(?:年|个月)(?:多)?(?:的)?(?=..)", "", head)  # 做了五年销售
    head = re.sub(r"^(?:就是个|就是一个|就是|是个|是一个|一名)(?=..)", "", head)  # 就是个打工人
    head = re.sub(r"(?<=..)(?:做|干|当)(?:得|了|着).*$|(?<=..)(?:好吗|好嘛|好不好)$", "", head)  # 做财务做得好好的
    # "当仓管下班比我还早": talk of the job after its title, run on without a comma
    head = re.sub(r"(?<=..)(?:下班|上班|每天|天天|比我|比他|比她|工资|月薪|一个月|挣|赚)[\u4e00-\u9fff]*$", "", head)
    # "当律师就这样", "当助教过渡一下": what one makes of the job, no part of its title
    head = re.sub(r"(?<=..)(?:就这样|就是这样|过渡一下|过渡|凑合着?|混口饭吃?|糊口|而已|罢了|先干着)$", "", head)
    value = cleaned(re.sub(r"第[一二三四五六七八九十\d]+年了?$", "", head))  # how long: cleaned's _DURATION
    if value and len(value) > 2 and value.endswith("的"):
        value = value[:-1]  # 做建筑设计的: the trade, as 做X的 names it
    value = own_title(value) if value else value
    # "在门口等的空当问问你": one speaking to the assistant ("你") names no job
    if (not value or re.match(r"(?:什么|啥|哪|这个|那个|得|不|很|好|太)", value) or value in _NOT_TITLES
            or re.search(r"[你您]", value)):
        return None
    return value


def school_of(raw: str) -> str | None:
    value = cleaned(raw)
    return None if not value or re.search(r"一所|一家|一间|一个", value) or is_place(value) else value


# What follows a town in a school's own name ("北京大学", "乐山一中"): the whole is the school.
_NAMED_BY_TOWN = re.compile(r"大学|学院|师范|理工|交通|科技|外国语|[一二三四五六七八九十]中|实验|中学|小学|高中|初中|第|市")
# A kind of school ("在海拉尔上寄宿学校"): after 上 it marks the word before as a town
_SOME_SCHOOL = re.compile(r"(?:寄宿|私立|公立|国际|一所|一个)?(?:学校|大专|大学|中学|小学|幼儿园|高中|初中)")


def placed_school(raw: str) -> tuple[str, str] | None:
    """ "波士顿 MIT", "海拉尔上寄宿学校": the town a school stands in, said before it and parted
    from it by a space or 上, and the school (a kind of school, such as 寄宿学校, as said); None otherwise."""
    raw = raw.strip()
    for size in (4, 3, 2):
        town, rest = raw[:size], raw[size:]
        parted = re.match(r"\s+|上(?=..)", rest)
        said = rest[parted.end():].strip() if parted else ""
        # a town no list knows is one still when a kind of school follows 上 ("在海拉尔上寄宿学校")
        if parted and (is_place(town) or parted.group() == "上" and _SOME_SCHOOL.fullmatch(said)):
            if _NAMED_BY_TOWN.match(said):
                return None
            return town, school_of(said) or ""
    return None


# What is said of a pet, never its name: "我家狗狗走丢了" is a lost dog (doubt_cues), not
# a dog named 走丢了.
NOT_PET_NAME = re.compile(r"了$|^(?:走|跑|丢|生|病|死|去|被|把|咬|吃|睡|叫|老|也|又)")
