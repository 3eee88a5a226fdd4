"""Templates for bench.longconv: facts (with updates and corrections), assistant answers, filler."""

from __future__ import annotations

from typing import Any

# ruff: noqa: E501  (template sentences read better unbroken)

NAMES = {
    "en": ["Priya", "Tomasz", "Leila", "Marcus", "Ingrid", "Kenji"],
    "zh": ["王芳", "李伟", "张敏", "刘洋"],
}

FACTS: dict[str, list[dict[str, Any]]] = {
    "en": [
        {
            "say": "Big news on my side: I relocated to {v} last month because of the new office.",
            "update": "Quick update about home: we moved again and we now live in {v}, the old flat is gone.",
            "fix": "I need to correct something I told you earlier: I never moved to {old}, the city I live in is {v}.",
            "ask": "Which city does {who} live in now?",
            "someone": "the user",
            "values": ["Lisbon", "Rotterdam", "Montreal", "Krakow", "Osaka", "Valencia", "Edinburgh"],
        },
        {
            "say": "I accepted an offer and started working as a {v} at a small firm downtown.",
            "update": "Career change: I left that firm and my job title is now {v}.",
            "ask": "What is {who}'s current job?",
            "someone": "the user",
            "values": [
                "data analyst",
                "pastry chef",
                "structural engineer",
                "school librarian",
                "UX researcher",
            ],
        },
        {
            "say": "We adopted a rescue puppy this weekend and named him {v}.",
            "fix": "Correction: the puppy is called {v}, not {old}; the shelter had his name wrong.",
            "update": "We renamed the puppy, he answers to {v} now.",
            "ask": "What is the name of {who}'s dog?",
            "someone": "the user",
            "values": ["Biscuit", "Pepper", "Waffles", "Juniper", "Comet", "Nacho"],
        },
        {
            "say": "To get to work I bought a second-hand {v}.",
            "update": "I sold the old car last week; I drive a {v} these days.",
            "ask": "What car does {who} drive now?",
            "someone": "the user",
            "values": ["Skoda Octavia", "Toyota Prius", "Volvo V60", "Mazda 3", "Renault Zoe"],
        },
        {
            "say": "My climbing sessions are on {v} evenings with two colleagues.",
            "update": "The climbing group changed plans: we now go on {v} evenings.",
            "ask": "On which evenings does {who} go climbing?",
            "someone": "the user",
            "values": ["Monday and Thursday", "Tuesday and Friday", "Wednesday", "Sunday"],
        },
        {
            "say": "My sister {v} is flying in to stay with us in spring.",
            "fix": "Sorry, I mixed up names before: my sister is {v}, {old} is my cousin.",
            "update": "Change of plan, my other sister {v} is the one coming in spring.",
            "ask": "Which sister is coming to stay with {who}?",
            "someone": "the user",
            "values": ["Amara", "Beatriz", "Colette", "Daniela", "Elif"],
        },
        {
            "say": "I'm allergic to {v}, so I always check menus carefully.",
            "fix": "The allergist corrected my test: the allergy is to {v}, not {old}.",
            "update": "New test results: it turns out I'm allergic to {v} now.",
            "ask": "What is {who} allergic to?",
            "someone": "the user",
            "values": ["peanuts", "shellfish", "sesame", "kiwi", "penicillin"],
        },
    ],
    "zh": [
        {
            "say": "告诉你一个好消息：因为新办公室，我上个月搬到了{v}。",
            "update": "住处有变化：我们又搬家了，现在住在{v}。",
            "fix": "我得更正之前说的话：我从来没有搬到{old}，我住的城市是{v}。",
            "ask": "{who}现在住在哪个城市？",
            "someone": "用户",
            "values": ["杭州", "成都", "厦门", "青岛", "昆明", "苏州"],
        },
        {
            "say": "我接受了一个职位，开始在市中心一家小公司当{v}。",
            "update": "我换工作了，离开了那家公司，现在的职位是{v}。",
            "ask": "{who}现在的工作是什么？",
            "someone": "用户",
            "values": ["数据分析师", "面点师", "结构工程师", "图书管理员", "产品经理"],
        },
        {
            "say": "这个周末我们领养了一只小狗，给它取名叫{v}。",
            "fix": "更正一下：小狗的名字是{v}，不是{old}，收容所把名字写错了。",
            "update": "我们给小狗改了名字，现在叫{v}。",
            "ask": "{who}的小狗叫什么名字？",
            "someone": "用户",
            "values": ["豆豆", "旺财", "馒头", "可乐", "团子"],
        },
        {
            "say": "我对{v}过敏，所以点菜的时候总是很小心。",
            "fix": "医生更正了检查结果：我过敏的是{v}，不是{old}。",
            "update": "新的检查结果出来了，我现在对{v}过敏。",
            "ask": "{who}对什么过敏？",
            "someone": "用户",
            "values": ["花生", "海鲜", "芝麻", "芒果", "青霉素"],
        },
        {
            "say": "我每周{v}晚上去游泳。",
            "update": "游泳时间改了，现在是每周{v}晚上。",
            "ask": "{who}每周哪天晚上去游泳？",
            "someone": "用户",
            "values": ["一和四", "二和五", "三", "日"],
        },
    ],
}

ASSIST: dict[str, list[dict[str, Any]]] = {
    "en": [
        {
            "request": "I'm opening a small bakery next to the station. Could you suggest a name for it?",
            "answer": "Here is a name I would go with for the bakery: {v}. It is short, easy to remember and "
            "works well on a sign and on paper bags.",
            "ask": "What name did the assistant suggest for the bakery?",
            "values": ["Crumb & Kettle", "The Rising Loaf", "Flour Republic", "Morning Proof"],
        },
        {
            "request": "Can you recommend one novel for my long train ride next week?",
            "answer": "For a long train ride I recommend {v}: it is absorbing, the chapters are short, and "
            "you can pick it up again easily after every stop.",
            "ask": "Which novel did the assistant recommend for the train ride?",
            "values": ["The Remains of the Day", "Station Eleven", "A Gentleman in Moscow", "The Overstory"],
        },
        {
            "request": "I need a tool to keep my passwords safe across my laptop and phone. What should I use?",
            "answer": "I would use {v}. It syncs between the laptop and the phone, it is audited, and it can "
            "generate strong passwords for every site.",
            "ask": "Which password manager did the assistant advise?",
            "values": ["Bitwarden", "1Password", "KeePassXC", "Proton Pass"],
        },
        {
            "request": "My knee hurts after running. What stretch could help?",
            "answer": "Try the {v} after each run: hold it for thirty seconds on each side and keep breathing "
            "slowly; stop if the pain gets sharper.",
            "ask": "What stretch did the assistant propose for the sore knee?",
            "values": ["standing quad stretch", "figure-four stretch", "couch stretch", "IT band stretch"],
        },
    ],
    "zh": [
        {
            "request": "我要在车站旁边开一家小面包店，你能帮我起个名字吗？",
            "answer": "我建议面包店叫“{v}”：简短好记，放在招牌和纸袋上都很好看。",
            "ask": "助手给面包店建议了什么名字？",
            "values": ["麦香小筑", "晨光烘焙", "暖炉坊", "一粒麦"],
        },
        {
            "request": "下周坐很久的火车，你能推荐一本小说吗？",
            "answer": "长途火车上我推荐《{v}》：故事吸引人，章节不长，每次停站后都很容易接着读。",
            "ask": "助手推荐了哪本小说在火车上读？",
            "values": ["活着", "平凡的世界", "围城", "边城"],
        },
        {
            "request": "跑步以后膝盖疼，有什么拉伸可以帮忙？",
            "answer": "每次跑完试试{v}：每边保持三十秒，慢慢呼吸，如果疼得更厉害就停下。",
            "ask": "助手针对膝盖疼建议了什么拉伸？",
            "values": ["站立股四头肌拉伸", "四字拉伸", "沙发拉伸", "髂胫束拉伸"],
        },
    ],
}

FILLER = {
    "en": [
        "The weather has been grey for most of the week, with rain in the mornings.",
        "I spent the evening sorting out old photos and deciding which ones to print.",
        "Work has been busy because the quarterly report is due soon.",
        "We tried a new recipe for lentil soup and it turned out better than expected.",
        "My neighbour keeps practising the trumpet, which is charming only some of the time.",
        "I have been reading about the history of maps and how sailors used the stars.",
        "The train was late again, so I listened to a podcast about urban gardening.",
        "A friend asked me for advice about learning Spanish, and I suggested daily practice.",
        "I finally cleaned the balcony and put out some herbs in small pots.",
        "There was a long meeting about budgets that could easily have been an email.",
        "I watched a documentary about octopuses and how clever they are.",
        "The kids next door built a snowman that leans to one side.",
        "I am trying to drink less coffee in the afternoon to sleep better.",
        "Our team is planning an offsite, but nobody agrees on the location.",
        "I repaired the squeaky door hinge with a bit of oil and felt very proud.",
        "The library downstairs started a book club that meets once a month.",
        "I have been thinking about taking a pottery class in the autumn.",
        "The supermarket reorganised its shelves and now I cannot find anything.",
        "A colleague shared some tips about keeping a tidy inbox.",
        "I walked along the river and counted at least twenty ducks.",
        "My laptop battery is getting weak, so I carry the charger everywhere.",
        "We talked about going to the mountains in summer if time allows.",
        "I tried meditation for ten minutes and it was harder than it sounds.",
        "The bakery on the corner now sells a very good rye bread.",
    ],
    "zh": [
        "这周大部分时间天气都阴沉沉的，早上经常下雨。",
        "我晚上整理了旧照片，想挑几张打印出来。",
        "因为季度报告快到期了，工作特别忙。",
        "我们试了一个新的扁豆汤做法，结果比想象的好吃。",
        "邻居一直在练小号，有时候还挺好听的。",
        "最近我在读关于地图历史的书，讲水手怎么看星星导航。",
        "火车又晚点了，我就听了一期关于城市种菜的播客。",
        "一个朋友问我怎么学西班牙语，我建议每天练习一点。",
        "我终于把阳台打扫干净了，还种了几盆香草。",
        "开了一个很长的预算会议，其实发封邮件就够了。",
        "我看了一部关于章鱼的纪录片，它们真的很聪明。",
        "隔壁的小孩堆了一个歪向一边的雪人。",
        "我在尝试下午少喝咖啡，好让晚上睡得更好。",
        "我们团队在计划团建，但是大家对地点意见不一。",
        "我给吱吱响的门铰链上了点油，感觉很有成就感。",
        "楼下的图书馆开了一个读书会，每个月聚一次。",
        "我在考虑秋天去上陶艺课。",
        "超市重新摆了货架，现在我什么都找不到。",
        "同事分享了一些整理邮箱的小技巧。",
        "我沿着河边散步，数了至少二十只鸭子。",
    ],
}
