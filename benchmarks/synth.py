"""Synthetic but realistic user messages and queries for the scale benchmark (en and zh).

Templates x vocabulary lists, drawn with a seeded RNG so runs are comparable. The mix
is roughly what a personal assistant hears: a few profile statements that change over
time (employer, city: these supersede), preferences that accumulate, people and their
facts (entities to link and hop through), and many events and habits (notes). Every
message goes through `Memory.remember` like real input.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

NAMES = ("Anna Ben Chloe David Emma Felix Grace Henry Iris Jack Kate Leo Mia Noah Olivia Paul Quinn Rosa "
         "Sam Tara Uma Victor Wendy Xavier Yara Zoe Liam Nora Omar Priya").split()  # fmt: skip
RELS = ("friend", "sister", "brother", "colleague", "cousin", "neighbor")
COMPANIES = ("Globex Initech Umbrella Hooli Stark Wayne Acme Soylent Cyberdyne Aperture Vandelay "
             "Dunder Pied Piper Massive Dynamic Wonka Tyrell Nakatomi Oscorp Virtucon").split()  # fmt: skip
TITLES = ("product manager", "data analyst", "software engineer", "nurse", "teacher", "designer",
          "accountant", "chef", "lawyer", "photographer", "sales lead", "researcher")  # fmt: skip
CITIES = ("Denver Austin Seattle Boston Chicago Portland Toronto Berlin Lisbon Madrid Dublin Sydney "
          "Tokyo Singapore Oslo Vienna Prague Milan Zurich Montreal").split()  # fmt: skip
ADJ = ("spicy", "fresh", "homemade", "grilled", "vegan", "Thai", "Korean", "Mexican", "Italian", "smoked",
       "sweet", "crispy", "cold", "warm", "Japanese", "Greek")  # fmt: skip
FOODS = ("noodles", "curry", "tacos", "dumplings", "ramen", "pizza", "salad", "pancakes", "sushi",
         "burgers", "soup", "pasta", "barbecue", "tofu", "oysters", "cheesecake", "coffee", "tea")  # fmt: skip
ALLERGENS = ("peanuts", "shellfish", "pollen", "cats", "penicillin", "dust", "gluten", "soy", "eggs")
SKILLS = ("salsa dancing", "woodworking", "chess", "python", "knitting", "rock climbing", "sailing",
          "pottery", "photography", "baking", "skiing", "calligraphy")  # fmt: skip
LANGS = ("Spanish", "French", "German", "Portuguese", "Italian", "Japanese", "Korean", "Arabic", "Hindi")
ACTIVITIES = ("went hiking", "had dinner", "watched a movie", "played tennis", "went swimming",
              "visited a museum", "went to a concert", "ran a half marathon", "went camping",
              "took a cooking class", "went to the farmers market", "played board games",
              "went cycling", "saw a comedy show", "went kayaking", "painted a mural")  # fmt: skip
PLACES = ("the lake", "Central Park", "the old harbor", "Mount Baker", "the riverside", "the city library",
          "a jazz bar", "the botanical garden", "the beach", "the climbing gym", "the night market",
          "the science museum", "the stadium", "a small cafe", "the ski resort", "the vineyard")  # fmt: skip
WHEN_PAST = ("Last Saturday", "Yesterday", "Last weekend", "On Monday", "Two weeks ago", "Last month",
             "On Friday night", "This morning")  # fmt: skip
WHEN_NEXT = ("Next Tuesday", "Tomorrow", "Next weekend", "On Thursday", "Next month", "This Friday")
HABITS = ("I usually {a} on Sunday mornings.", "Every week I try to {a} with {n}.",
          "I always {a} before work.", "Most evenings I {a} near {p}.")  # fmt: skip
HABIT_ACTS = ("go for a run", "read a novel", "practice guitar", "do yoga", "call my parents",
              "walk the dog", "cook dinner", "meditate", "write in my journal", "swim laps")  # fmt: skip

ZH_NAMES = "小明 小红 阿强 丽丽 张伟 王芳 李娜 刘洋 陈静 杨帆 赵磊 黄蕾 周杰 吴敏 徐婷 孙浩".split()
ZH_RELS = ("朋友", "姐姐", "哥哥", "同事", "表妹", "邻居")
ZH_COMPANIES = "字节 腾讯 阿里 美团 京东 网易 小米 华为 百度 滴滴 快手 拼多多".split()
ZH_CITIES = "北京 上海 杭州 成都 深圳 广州 南京 武汉 西安 重庆 苏州 厦门 青岛 长沙".split()
ZH_FOODS = "火锅 烤鸭 小龙虾 饺子 拉面 烧烤 酸菜鱼 麻辣烫 煎饼 粽子 包子 凉皮 奶茶 咖啡 寿司 披萨".split()
ZH_ADJ = "麻辣 清淡 正宗 家常 重庆 四川 广式 日式 韩式 东北".split()
ZH_ALLERGENS = "花生 海鲜 芒果 花粉 牛奶 鸡蛋 青霉素 尘螨".split()
ZH_SKILLS = "游泳 书法 围棋 钢琴 摄影 滑雪 编程 烘焙 吉他 太极".split()
ZH_ACTS = "去爬山 吃了顿饭 看了场电影 打羽毛球 去游泳 逛博物馆 听演唱会 跑了个半马 去露营 上烹饪课 逛夜市 骑行".split()
ZH_PLACES = "西湖 外滩 香山 江边 图书馆 植物园 海边 体育馆 咖啡馆 美术馆 古镇 公园".split()
ZH_WHEN_PAST = "上周六 昨天 上个周末 周一 两周前 上个月 周五晚上 今天早上".split()
ZH_WHEN_NEXT = "下周二 明天 下个周末 周四 下个月 这周五".split()


def _en(rng: random.Random) -> str:
    c = rng.random
    r = c()
    if r < 0.03:
        return f"I work at {rng.choice(COMPANIES)} as a {rng.choice(TITLES)}."
    if r < 0.05:
        return f"We moved to {rng.choice(CITIES)} recently."
    if r < 0.15:
        return f"I really like {rng.choice(ADJ).lower()} {rng.choice(FOODS)} from {rng.choice(PLACES)}."
    if r < 0.19:
        return f"I can't stand {rng.choice(ADJ).lower()} {rng.choice(FOODS)}."
    if r < 0.21:
        return f"I'm allergic to {rng.choice(ALLERGENS)}."
    if r < 0.24:
        return f"I'm pretty good at {rng.choice(SKILLS)}."
    if r < 0.25:
        return f"I speak {rng.choice(LANGS)}."
    if r < 0.33:
        n, rel = rng.choice(NAMES), rng.choice(RELS)
        what = rng.choice((f"lives in {rng.choice(CITIES)}", f"works at {rng.choice(COMPANIES)}",
                           f"loves {rng.choice(FOODS)}", f"is allergic to {rng.choice(ALLERGENS)}"))  # fmt: skip
        return f"My {rel} {n} {what}."
    if r < 0.45:
        a = rng.choice(HABIT_ACTS)
        return rng.choice(HABITS).format(a=a, n=rng.choice(NAMES), p=rng.choice(PLACES))
    if r < 0.55:
        return f"{rng.choice(WHEN_NEXT)} I'm {rng.choice(ACTIVITIES).replace('went ', 'going ')} at {rng.choice(PLACES)} with {rng.choice(NAMES)}."
    return f"{rng.choice(WHEN_PAST)} I {rng.choice(ACTIVITIES)} at {rng.choice(PLACES)} with {rng.choice(NAMES)}."


def _zh(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.03:
        return f"我在{rng.choice(ZH_COMPANIES)}上班。"
    if r < 0.05:
        return f"我现在住在{rng.choice(ZH_CITIES)}。"
    if r < 0.15:
        return f"我很喜欢吃{rng.choice(ZH_ADJ)}{rng.choice(ZH_FOODS)}。"
    if r < 0.19:
        return f"我不吃{rng.choice(ZH_ADJ)}{rng.choice(ZH_FOODS)}。"
    if r < 0.21:
        return f"我对{rng.choice(ZH_ALLERGENS)}过敏。"
    if r < 0.25:
        return f"我会{rng.choice(ZH_SKILLS)}。"
    if r < 0.33:
        return f"我{rng.choice(ZH_RELS)}{rng.choice(ZH_NAMES)}住在{rng.choice(ZH_CITIES)}。"
    if r < 0.45:
        return f"我周末经常和{rng.choice(ZH_NAMES)}去{rng.choice(ZH_PLACES)}{rng.choice(('散步', '跑步', '喝咖啡', '拍照'))}。"
    if r < 0.55:
        return f"{rng.choice(ZH_WHEN_NEXT)}要和{rng.choice(ZH_NAMES)}{rng.choice(ZH_ACTS)}，地点在{rng.choice(ZH_PLACES)}。"
    return f"{rng.choice(ZH_WHEN_PAST)}我和{rng.choice(ZH_NAMES)}在{rng.choice(ZH_PLACES)}{rng.choice(ZH_ACTS)}。"


def messages(seed: int | str, zh_share: float = 0.3) -> Iterator[str]:
    """An endless, reproducible stream of one user's messages (about 30% Chinese)."""
    rng = random.Random(f"msg-{seed}")
    while True:
        yield _zh(rng) if rng.random() < zh_share else _en(rng)


ATTRIBUTE_QUERIES = (
    "Where do I work?", "What is my job?", "Where do I live now?", "What am I allergic to?",
    "What food do I like?", "What are my plans for the weekend?", "Who is my sister?", "What languages do I speak?",
    "我在哪上班？", "我住在哪个城市？", "我对什么过敏？", "我喜欢吃什么？", "我最近有什么安排？", "我会什么技能？",
)  # fmt: skip


def queries(n: int, seed: int | str = 0) -> list[str]:
    """A mix: half attribute questions (en/zh), half free text built from the same vocabulary."""
    rng = random.Random(f"q-{seed}")
    out = []
    for i in range(n):
        if i % 2 == 0:
            out.append(rng.choice(ATTRIBUTE_QUERIES))
            continue
        out.append(rng.choice((
            f"{rng.choice(ACTIVITIES)} at {rng.choice(PLACES)}",
            f"dinner ideas with {rng.choice(FOODS)}",
            f"what did I do with {rng.choice(NAMES)}?",
            f"anything about {rng.choice(CITIES)}",
            f"和{rng.choice(ZH_NAMES)}去{rng.choice(ZH_PLACES)}",
            f"推荐一家{rng.choice(ZH_FOODS)}",
        )))  # fmt: skip
    return out


REPLY_OPENERS = ("That sounds great", "Good to know", "Thanks for telling me", "Noted", "How nice",
                 "Sounds like a plan", "I see", "Interesting")  # fmt: skip
REPLY_TAILS = ("How did it go with {n}?", "Would you like some ideas for {f}?", "Want me to remind you about it?",
               "Is {p} a place you go often?", "Shall I look up {f} near {c}?", "Did {n} enjoy it too?")  # fmt: skip
ZH_REPLIES = ("好的，记下了。{n}也一起去吗？", "听起来不错！要不要我推荐几家{f}？", "明白了，需要我提醒你吗？",
              "{p}是个好地方，你常去吗？", "收到。最近{c}天气怎么样？")  # fmt: skip


def replies(seed: int | str, zh_share: float = 0.3) -> Iterator[str]:
    """An endless, reproducible stream of an assistant's replies to one user: the other half of
    a conversation, kept as episodes (role "assistant") but never mined into the user's facts."""
    rng = random.Random(f"reply-{seed}")
    while True:
        if rng.random() < zh_share:
            t = rng.choice(ZH_REPLIES)
            yield t.format(
                n=rng.choice(ZH_NAMES),
                f=rng.choice(ZH_FOODS),
                p=rng.choice(ZH_PLACES),
                c=rng.choice(ZH_CITIES),
            )
        else:
            t = f"{rng.choice(REPLY_OPENERS)}! {rng.choice(REPLY_TAILS)}"
            yield t.format(
                n=rng.choice(NAMES), f=rng.choice(FOODS), p=rng.choice(PLACES), c=rng.choice(CITIES)
            )
