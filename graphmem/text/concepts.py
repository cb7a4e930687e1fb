"""Everyday concepts a question names in other words than the memory it asks for.

A user says "whenever I'm stressed I bake" and weeks later asks "what do I do to unwind
when things get hectic"; says "the router needs a restart when it rains" and asks why
"the internet drops during storms". The offline embedder is lexical, so neither BM25 nor
the vector channel can bridge that. `expand` adds, to a query's search terms, the other
words of each small concept group the query touches: a thesaurus of common life topics,
not of any conversation. Groups stay narrow (one topic each), so an expanded query still
finds what is about the same thing and little else.
"""

from __future__ import annotations

from functools import lru_cache

from graphmem.text.terms import CJK_RUN, cjk_words, normalize, stem

# One concept a line: English words (stemmed when compared), Chinese words (substrings).
GROUPS = (
    # stress and winding down
    "stress stressed stressful hectic overwhelmed overwhelming anxious frazzled burned burnt burnout "
    "unwind relax relaxing decompress destress therapy cope coping chill "
    "压力 焦虑 放松 解压 减压 崩溃 心累 烦躁",
    # home internet
    "internet wifi router modem connection network signal offline 网络 网速 断网 路由器 信号 wifi",
    # weather that breaks things
    "storm storms stormy rain rains raining rainy thunderstorm thunder 下雨 暴雨 雷雨 打雷",
    # getting around a building
    "elevator elevators lift stairs stair staircase stairwell floors 电梯 楼梯 爬楼",
    # where one lives: "where do I live?" asks after "I finally moved out, I'm in Leeds now"
    "live lives living lived moved move moving relocate relocated relocating apartment flat "
    "住在 搬家 搬到 搬去 定居 租房",
    # sweets: "any dessert ideas for me?" asks after "I'm cutting down on sugar"
    "dessert desserts sweet sweets sugar sugary cake cakes cookie cookies candy chocolate pastry pastries "
    "甜品 甜点 甜食 糖分 控糖 少吃糖 蛋糕 巧克力 冰淇淋",
    # phones: "what phone do I use?" asks after "I switched from iPhone to a Pixel"
    "phone phones smartphone cellphone iphone android pixel samsung galaxy 手机 智能手机 苹果手机 安卓",
    # the workplace
    "office workplace work job jobs gig gigs role position employer hired hiring offer interview callback career "
    "办公室 公司 单位 上班 工作 入职 面试 offer",
    # driving
    "license licence driver driving 驾照 驾考 科目 考驾照",
    # what one drives: "what car do I have?" asks after "sold the civic and got a Tesla"
    "car cars drive drives driving vehicle sedan suv hatchback minivan pickup ev tesla toyota honda ford "
    "bmw audi volkswagen hyundai kia subaru mazda nissan volvo civic corolla prius "
    "汽车 车子 开车 买车 新车 换车 电车 特斯拉 比亚迪 丰田 本田 宝马 奔驰 大众",
    # exams
    "exam exams test tests quiz 考试 考 测验 科目",
    # languages
    "language languages spanish english french german italian portuguese chinese mandarin cantonese "
    "japanese korean arabic russian hindi 语言 外语 英语 日语 中文 普通话 粤语 西班牙语 法语 德语 韩语",
    # meals
    "lunch dinner breakfast brunch meal meals menu dish dishes recipe cook cooking carbs "
    "菜 饭 做饭 吃 餐 食谱",
    # a partner
    "partner girlfriend boyfriend relationship dating broke breakup single "
    "对象 女朋友 男朋友 伴侣 恋爱 分手 在一起 交往 单身",
    # aches: "I have a terrible headache" asks after what helps "when my migraines hit"
    "headache headaches migraine migraines 头疼 头痛 偏头痛",
    # health: "anything medical you should know?" asks after allergies, conditions, medicines
    "medical health medication medications medicine meds prescription allergy allergies allergic condition "
    "diagnosed asthma diabetes 健康 身体 过敏 吃药 药物 病史 哮喘 糖尿病",
    # studies: "what am I studying?" asks after "I'm a med student at UCLA"
    "study studying studies studied student students major degree college university uni school course courses "
    "专业 读书 上学 大学 学校 读研 读博 学生 研究生 课程",
    # sleep
    "sleep sleeping insomnia asleep nap bed bedtime awake wake wakes waking woke 睡觉 失眠 睡眠 入睡 上床 睡不着 吵醒 早醒",
    # the seaside: "have I been to the beach?" asks after "I've never seen the ocean"
    "beach beaches ocean sea seaside coast shore 海边 大海 海滩 沙滩 看海",
    # staying fit
    "exercise workout gym fitness 锻炼 健身 运动",
    # races: "what's my best race time?" asks after "Chicago was my fastest marathon"
    "race races marathon marathons triathlon 5k 10k 马拉松 半马 全马 比赛成绩",
    # saving up: "what am I putting money aside for?" asks after "saving up for Iceland"
    "saving savings money budget budgeting afford 存钱 攒钱 省钱 储蓄",
    # teeth: "when did I have dental work?" asks after "got my wisdom teeth pulled"
    "tooth teeth dental dentist orthodontist braces cavity cavities fillings 牙 牙齿 拔牙 智齿 牙医 看牙 补牙 洗牙 矫正",
    # films: "have I been in a movie?" asks after "I was an extra in a zombie film"
    "film films movie movies cinema 电影 影院 影片",
    # music played: "what instrument am I learning?" asks after "started cello lessons"
    "instrument instruments piano guitar violin cello viola ukulele drums drum bass flute clarinet saxophone sax "
    "trumpet trombone harp banjo mandolin harmonica accordion keyboard "
    "乐器 钢琴 吉他 小提琴 大提琴 尤克里里 架子鼓 打鼓 贝斯 长笛 萨克斯 古筝 二胡 琵琶 笛子 口琴 手风琴 电子琴",
    # puzzles
    "puzzle puzzles jigsaw 拼图",
    # repairs at home: "did anything get fixed?" asks after "the landlord repaired the skylight"
    "repair repaired repairs repairing fix fixed fixing patch patched leak leaks leaky leaking plumber landlord "
    "维修 修好 修理 漏水 房东",
    # grandparents: "anything from my family?" asks after "the baseball my grandpa caught"
    "family grandpa grandma grandfather grandmother granddad grandad grandparents nana 爷爷 奶奶 外公 外婆 姥姥 姥爷",
    # road accidents: "when was the car accident?" asks after "some guy rear-ended me"
    "accident accidents crash crashed collision rear-ended rear-end fender-bender wreck wrecked totaled totalled "
    "车祸 追尾 撞车 剐蹭 事故 出车祸",
    # injuries: "when did I hurt myself?" asks after "sprained my ankle", "ended up in urgent care"
    "injury injured injuries hurt sprain sprained fracture fractured broke stitches cast er urgent hospital "
    "受伤 扭伤 骨折 缝针 急诊 摔伤",
    # keys and lockouts: "when did I get locked out?" asks after "had to call a locksmith"
    "locked lockout locksmith key keys spare 钥匙 锁 开锁 锁门外",
    # weddings: "whose wedding am I going to?" asks after "my cousin's getting married in June"
    "wedding weddings married marry marrying bride groom ceremony reception 婚礼 结婚 喜酒 婚宴 新娘 新郎",
    # trips: "when do I fly out?" asks after "flying to Lisbon in two weeks"
    "flight flights flying fly trip travel traveling travelling vacation holiday airport 航班 机票 飞机 出差 旅行 旅游 度假 机场",
    # births: "when was my niece born?" asks after "my sister had her baby, a little girl"
    "birth baby babies newborn pregnant pregnancy delivered delivery labor labour niece nephew "
    "出生 出世 生了 生娃 生宝宝 生孩子 宝宝 怀孕 侄女 侄子 外甥 外甥女 坐月子",
    # keepsakes: "what heirlooms do I have?" asks after "the watch my grandpa left me"
    "keepsake keepsakes heirloom heirlooms memento mementos inherited sentimental 传家宝 遗物 纪念品",
)


@lru_cache(maxsize=4)
def _compiled(groups: tuple[str, ...]) -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """Each group as (its English stems, its Chinese words)."""
    out = []
    for line in groups:
        words = line.split()
        latin = frozenset(stem(w) for w in words if w.isascii())
        cjk = tuple(w for w in words if not w.isascii())
        out.append((latin, cjk))
    return tuple(out)


def expand(query: str, query_terms: list[str]) -> list[str]:
    """The words of every concept group `query` touches that it does not already say."""
    have = set(query_terms)
    norm = normalize(query)
    # A single character names a concept only as a word of its own ("吃" of "我现在吃什么"),
    # not inside another word (考 of 思考, 菜 of 酸菜鱼).
    words = {w for run in CJK_RUN.findall(norm) for w in cjk_words(run)}

    def names(w: str) -> bool:
        return w in words if len(w) == 1 else w in norm

    added: dict[str, None] = {}
    for latin, cjk in _compiled(GROUPS):
        if have & latin or any(names(w) for w in cjk):
            for w in (*sorted(latin), *cjk):
                if w not in have:
                    added.setdefault(w, None)
    return list(added)
