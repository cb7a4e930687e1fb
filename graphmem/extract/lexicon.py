"""Word lists for the rule extractor: gazetteers, organisation words, occupations, diets,
pet breeds and languages. Pure data; the rules decide what to do with a match.

Lists are whitespace-separated strings (commas where an entry has spaces) so the file
stays a table to scan, not a column of one word per line.
"""

from __future__ import annotations

from graphmem.lang.lexicons import word_list


def words(text: str, sep: str | None = None) -> list[str]:
    return [w.strip() for w in text.split(sep) if w.strip()]


# --- places -------------------------------------------------------------------

#: Provinces, regions and countries: a place more exact than one of these replaces it; a place
#: more exact than a city is a part of that city ("北京" then "海淀" is 北京海淀).
ZH_REGIONS = frozenset(
    words("""
河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 海南 四川 贵州 云南 陕西 甘肃 青海
台湾 内蒙古 广西 西藏 宁夏 新疆 中国 东北 西北 西南 华北 华东 华南 华中 江南 江浙 江浙沪 珠三角 长三角 闽南 潮汕
川渝 港澳 大湾区 中原 岭南
""")
)

ZH_PLACES = frozenset(
    [
        *words("""
北京 天津 上海 重庆 河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 海南 四川 贵州
云南 陕西 甘肃 青海 台湾 内蒙古 广西 西藏 宁夏 新疆 香港 澳门 中国 东北 西北 西南 华北 华东 华南 华中 江南 江浙
江浙沪 珠三角 长三角 闽南 潮汕 川渝 港澳 大湾区 中原 岭南 石家庄 唐山 保定 廊坊 秦皇岛 邯郸 张家口 太原 大同 沈阳
大连 鞍山 长春 哈尔滨 大庆 南京 苏州 无锡 常州 南通 扬州 徐州 镇江 昆山 杭州 宁波 温州 绍兴 嘉兴 湖州 金华 义乌
台州 舟山 合肥 芜湖 福州 厦门 泉州 莆田 南昌 赣州 九江 景德镇 济南 青岛 烟台 威海 潍坊 淄博 临沂 郑州 洛阳 开封
武汉 宜昌 襄阳 长沙 株洲 湘潭 岳阳 衡阳 广州 深圳 珠海 佛山 东莞 中山 惠州 汕头 潮州 湛江 江门 海口 三亚 成都
绵阳 乐山 宜宾 南充 贵阳 遵义 昆明 大理 丽江 西双版纳 西安 咸阳 宝鸡 延安 兰州 敦煌 西宁 拉萨 银川 乌鲁木齐 喀什
呼和浩特 包头 南宁 桂林 柳州 北海 台北 高雄 台中 美国 英国 法国 德国 日本 韩国 加拿大 澳大利亚 澳洲 新西兰 新加坡
马来西亚 泰国 越南 印度 俄罗斯 意大利 西班牙 荷兰 瑞士 瑞典 挪威 丹麦 芬兰 爱尔兰 葡萄牙 巴西 墨西哥 阿根廷 埃及
迪拜 以色列 土耳其 纽约 洛杉矶 旧金山 硅谷 西雅图 波士顿 芝加哥 华盛顿 伦敦 巴黎 柏林 慕尼黑 东京 大阪 京都 首尔
悉尼 墨尔本 多伦多 温哥华 曼谷 吉隆坡 阿姆斯特丹 罗马 米兰 马德里 巴塞罗那 莫斯科 苏黎世 日内瓦 维也纳
"""),
        # the prefecture-level cities and well-known county-level ones (graphmem/lang/zh/places.txt)
        *word_list("zh", "places"),
    ]
)

#: The world's larger cities, lower-cased (graphmem/lang/en/places.txt, built by
#: scripts/build_en_places.py): places even when typed in lower case ("moved to boise").
EN_CITIES = word_list("en", "places")

EN_PLACES = frozenset(
    words(
        """
alabama,alaska,arizona,arkansas,california,colorado,connecticut,delaware,florida,georgia,hawaii,idaho,illinois,
indiana,iowa,kansas,kentucky,louisiana,maine,maryland,massachusetts,michigan,minnesota,mississippi,missouri,
montana,nebraska,nevada,new hampshire,new jersey,new mexico,new york,north carolina,north dakota,ohio,oklahoma,
oregon,pennsylvania,rhode island,south carolina,south dakota,tennessee,texas,utah,vermont,virginia,washington,
west virginia,wisconsin,wyoming,new york city,nyc,los angeles,la,san francisco,sf,seattle,portland,austin,boston,
chicago,denver,dallas,houston,miami,atlanta,phoenix,philadelphia,san diego,san jose,detroit,minneapolis,
nashville,orlando,las vegas,salt lake city,pittsburgh,baltimore,cleveland,columbus,cincinnati,st. louis,
kansas city,new orleans,charlotte,raleigh,sacramento,oakland,brooklyn,manhattan,queens,the bronx,honolulu,
anchorage,tampa,san antonio,albuquerque,milwaukee,buffalo,boulder,berkeley,palo alto,silicon valley,bay area,
the bay area,midwest,the midwest,new england,the south,the east coast,the west coast,toronto,vancouver,montreal,
calgary,ottawa,london,manchester,edinburgh,glasgow,dublin,paris,lyon,berlin,munich,hamburg,frankfurt,amsterdam,
rotterdam,brussels,zurich,geneva,vienna,prague,warsaw,budapest,rome,milan,florence,naples,madrid,barcelona,
lisbon,porto,athens,istanbul,moscow,stockholm,oslo,copenhagen,helsinki,tokyo,osaka,kyoto,seoul,busan,beijing,
shanghai,shenzhen,guangzhou,hong kong,taipei,singapore,bangkok,hanoi,ho chi minh city,manila,jakarta,
kuala lumpur,mumbai,delhi,new delhi,bangalore,bengaluru,hyderabad,chennai,dubai,abu dhabi,tel aviv,cairo,
nairobi,lagos,cape town,johannesburg,sydney,melbourne,brisbane,perth,auckland,wellington,mexico city,
sao paulo,rio de janeiro,buenos aires,lima,bogota,santiago,usa,us,u.s.,united states,america,canada,mexico,
brazil,argentina,chile,peru,colombia,uk,u.k.,united kingdom,britain,great britain,england,scotland,wales,
ireland,northern ireland,france,germany,italy,spain,portugal,netherlands,holland,belgium,switzerland,austria,
poland,sweden,norway,denmark,finland,iceland,greece,turkey,russia,ukraine,israel,egypt,nigeria,kenya,
south africa,india,pakistan,bangladesh,china,japan,korea,south korea,taiwan,vietnam,thailand,malaysia,
indonesia,philippines,australia,new zealand,europe,asia,africa,latin america,south america,the philippines,
the netherlands,the uk,the us,the usa,the states,puerto rico,sichuan,chongqing,hangzhou,chengdu,philly,nola,
vegas,dc,d.c.,atx,pdx,chi-town,chitown,the big apple,socal,norcal,jersey,brum,the bay,motown
""".replace("\n", ""),
        ",",
    )
)

#: Workplaces with no name: "在公司工作" says nothing about which one.
ZH_GENERIC_ORG = frozenset(
    words(
        "公司 单位 学校 医院 银行 工厂 店 店里 厂里 家 家里 外面 外地 那里 这里 那边 这边 老家 本地 国外 海外 "
        # kinds of workplace, said of many ("在大厂搬砖"): no one employer
        "大厂 小厂 大公司 小公司 外企 国企 央企 私企 民企 事业单位 体制内 创业公司 初创公司 互联网公司 互联网大厂 "
        # the same kinds typed in English inside Chinese ("在一家startup做PM")
        "startup start-up agency company firm factory studio "
        "律所 事务所 律师事务所 诊所 三甲医院 餐厅 饭店 酒店 超市 商场 研究所 学院 幼儿园 小学 中学 大学 "
        # a part of the same employer (调到上海分公司: the city changes, the employer does not)
        "分公司 子公司 总公司 总部 分部 办事处 分行 支行 分店 门店 分院 研发中心 "
        # a workplace called only new or old ("去新单位报到", "老东家"): no one employer named
        "新公司 新单位 新东家 新厂 新岗位 老公司 老单位 老东家 前公司 前东家 上家公司"
    )
)

ZH_ORG_SUFFIXES = words("""
公司 集团 银行 网络 科技 技术 信息 软件 电子 通信 传媒 文化 教育 咨询 证券 基金 保险 资本 投资 控股 医院 诊所 学校 大学
学院 中学 小学 幼儿园 研究院 研究所 研究中心 实验室 工作室 事务所 律所 出版社 报社 电视台 杂志社 工厂 厂 店 餐厅 酒店
超市 商场 部 局 委 厅 院 所 中心 协会 基金会 团队 外企 国企 央企 私企 大厂 创业公司 初创公司 startup
物流 快递 航空 地产 置业 物业 汽车 医药 制药 药业 食品 能源 电力 石油 化工 建设 建筑 酒业 乳业 互娱 游戏
""")

#: Well-known employers named without a suffix ("在字节", "去了腾讯"): a company name reads
#: as a place or a plain word otherwise.
ZH_KNOWN_ORGS = frozenset(
    words("""
字节 字节跳动 抖音 腾讯 阿里 阿里巴巴 蚂蚁 蚂蚁金服 淘宝 天猫 支付宝 百度 华为 小米 京东 美团 拼多多 网易 快手 滴滴 小红书
携程 哔哩哔哩 B站 微博 新浪 搜狐 知乎 大疆 比亚迪 蔚来 理想 小鹏 宁德时代 米哈游 联想 中兴 OPPO vivo 荣耀 海尔 格力 美的
顺丰 京东方 商汤 科大讯飞 贝壳 链家 得物 唯品会 饿了么 盒马 平安 招行 招商银行 工行 建行 农行 中行 交行 中金 中信 华泰
德勤 普华永道 安永 毕马威 麦肯锡 贝恩 埃森哲 微软 谷歌 亚马逊 特斯拉 宝洁 联合利华 欧莱雅 汇丰 渣打 花旗 高盛 摩根士丹利
宝马 奔驰 丰田 本田 西门子 飞利浦 三星 英特尔 英伟达 高通 甲骨文 思科 戴尔 惠普
中石油 中石化 中海油 国家电网 南方电网 中国移动 中国联通 中国电信 中建 中铁 中车 宝武 海康 海康威视 星巴克 麦当劳 肯德基
""")
)

EN_ORG_WORDS = frozenset(
    words("""
inc inc. corp corp. corporation co co. company llc ltd ltd. group bank hospital clinic university college school
academy institute lab labs laboratory studio studios agency partners associates foundation systems technologies
tech software solutions consulting capital ventures media health healthcare pharma motors airlines insurance press
news store shop restaurant cafe bakery hotel firm department ministry council office center centre library museum
church startup factory warehouse magazine publishing network networks energy industries international global
holdings enterprises services logistics retail market supermarket pharmacy gym salon nonprofit charity club
government police army navy
abattoir slaughterhouse plant mill mine quarry depot dock docks port airport shipyard refinery cannery brewery
distillery winery vineyard farm ranch dairy zoo aquarium casino spa pub bar diner bistro brasserie deli butcher
butchers garage dealership showroom laundromat daycare nursery kindergarten prison jail station firehouse
courthouse hangar lighthouse observatory greenhouse hospice
""")
)

# --- work ---------------------------------------------------------------------

ZH_OCCUPATIONS = words("""
老师 教师 医生 大夫 护士 财务 工程师 程序员 码农 设计师 律师 会计 会计师 分析师 经理 总监 主管 总裁 董事长 销售 运维 运营
产品 测试 开发 前端 后端 全栈 架构师 研究员 科学家 教授 讲师 博士 博士生 博士后 硕士 研究生 学生 大学生 本科生 高中生
初中生 小学生 留学生 实习生 记者 编辑 作家 翻译 司机 厨师 警察 公务员 顾问 咨询师 审计 出纳 人事 HR 行政 秘书 助理
文员 客服 导游 模特 演员 歌手 画家 摄影师 主播 博主 UP主 创业者 老板 店主 个体户 自由职业 自由职业者 农民 工人 军人
消防员 飞行员 空姐 空乘 乘务员 建筑师 药剂师 兽医 牙医 营养师 教练 快递员 外卖员 保安 电工 技术员 技师 专员 策划 编导
导演 制片人 法官 检察官 店员 收银员 服务员 面包师 咖啡师 理发师 化妆师 家庭主妇 全职妈妈 全职太太 退休人员 合伙人
创始人 投资人 校长 院长 主任 保姆 月嫂 剪辑师 插画师 CEO CTO CFO COO PM DBA SRE QA
中医 西医 医师 护工 律师助理 法务 程序媛 运营专员 同传 口译 笔译 译员 保洁 厨子 面点师 调酒师 花艺师 美甲师 宠物医生
心理咨询师 社工 辅导员 班主任 教导主任 副校长 教研员 幼师 家教 导购 房产中介 中介 保险经纪人 理财师 精算师 分拣员 骑手
门卫 前台 收费员 售票员 列车员 安检员 门童 店长 领班 主厨 帮厨 学徒 木匠 瓦工 焊工 钳工 保育员 护林员 园丁 清洁工 环卫工
招聘 猎头 人力 采购 调度 风控 质检 投研 市场 品牌 公关 产品经理 项目经理 客户经理
""")

EN_JOBS = frozenset(
    words("""
nurse tech technician medic paramedic mechanic doctor physician surgeon dentist teacher professor lecturer engineer developer programmer designer architect
lawyer attorney paralegal accountant analyst manager director consultant scientist researcher student intern chef
cook baker waiter waitress bartender barista pharmacist therapist psychologist counselor counsellor firefighter
pilot driver electrician plumber carpenter mechanic technician writer journalist editor author artist musician
photographer actor actress salesperson recruiter ceo cto cfo coo founder co-founder cofounder entrepreneur
freelancer contractor veterinarian vet paramedic emt clerk cashier secretary assistant receptionist librarian
translator interpreter economist banker trader quant broker underwriter actuary adjuster realtor agent soldier officer sysadmin devops sre qa tester
nanny caregiver coach trainer tutor principal janitor farmer welder pm practitioner midwife dietitian
nutritionist optometrist radiologist cop detective judge postdoc resident fellow undergrad undergraduate
dev lead associate partner staffer supervisor foreman adviser advisor strategist marketer copywriter
coordinator administrator admin dispatcher specialist actuary operator planner producer representative rep
executive investigator inspector auditor surveyor hygienist estimator underwriter adjuster bookkeeper teller
courier custodian housekeeper server hostess butcher florist tailor jeweler stylist hairdresser barber
machinist laborer labourer roofer painter landscaper gardener ranger lifeguard guard sheriff deputy chaplain
pastor priest rabbi imam diplomat mayor lobbyist statistician mathematician physicist chemist biologist
geologist astronomer archaeologist historian linguist curator archivist dean superintendent paramedic
phlebotomist sonographer hygienist orthodontist dermatologist pediatrician anesthesiologist cardiologist
rn lpn cna crna swe sde eng mgr captain skipper deckhand sailor fisherman miner boss medic steward stewardess
attendant usher porter valet chauffeur conductor dj host anchor reporter sommelier mason bricklayer
plasterer glazier tiler handyman builder trucker babysitter maid cleaner concierge stocker picker packer
crew ranger warden nun monk minister vicar rector clergyman deacon
brewer distiller roaster chocolatier cheesemaker groomer arborist farrier cobbler locksmith lineman doula
tattooist upholsterer blacksmith welder electrician installer fitter rigger millwright
chairman chairwoman chairperson treasurer president vice-president trustee governor councillor councilor
joiner sparky chippy
physio physiotherapist osteopath chiropractor podiatrist audiologist radiographer counsel
""")
)
#: Trades by their chat nicknames, two words each ("a code monkey at a fintech", "bean counter").
EN_JOBS = EN_JOBS | {
    "code monkey", "grease monkey", "bean counter", "number cruncher", "pencil pusher", "paper pusher",
    "desk jockey", "code wrangler", "keyboard jockey", "spreadsheet jockey", "burger flipper", "shelf stacker",
    "data monkey", "ops monkey", "spreadsheet monkey", "excel monkey", "report monkey", "cubicle monkey",
    "powerpoint monkey", "slide monkey", "ticket monkey", "support monkey", "email jockey", "ticket jockey",
    "line monkey", "warehouse monkey",
}  # fmt: skip

#: Words ending like occupations (-er, -ist, -ian) that are not jobs: "a big fan", "a vegetarian".
EN_NOT_JOBS = frozenset(
    words("""
fan lover believer napper procrastinator overthinker snacker worrier complainer shopper binger people-pleaser beginner member user customer smoker drinker eater sleeper riser father mother brother sister
daughter owner homeowner newcomer reader gamer thinker dreamer learner fighter survivor sucker stranger foreigner
introvert extrovert vegetarian pescatarian christian canadian italian indian brazilian australian asian american
parent patient immigrant client tenant adult person perfectionist optimist pessimist minimalist buddhist atheist
grandmother grandfather twin partner neighbor neighbour vegan mom dad wife husband friend
better worse merrier more less
""")
)

# --- food ---------------------------------------------------------------------

ZH_DIETS = {w: canon for canon, ws in (
    # English diet words said inside Chinese ("我是vegetarian") keep their English name
    ("vegetarian", "vegetarian veggie"),
    ("vegan", "vegan"),
    ("pescatarian", "pescatarian pescetarian"),
    ("keto", "keto"),
    ("素食", "吃素 素食 素食主义者 素食者 素食主义 蛋奶素"),
    ("纯素", "纯素 纯素食 纯素主义者 全素"),
    ("鱼素", "鱼素"),
    ("不吃辣", "不吃辣 不能吃辣 吃不了辣 不太能吃辣"),
    ("控糖", "控糖 戒糖 低糖饮食"),
    ("生酮", "生酮 生酮饮食"),
    ("低碳水", "低碳水 低碳水饮食 低碳 低碳饮食 少碳水 戒碳水 断碳 断碳水 控碳 控碳水"),
    # the fasting window said with it ("16:8轻断食", "168断食") is the same way of eating
    ("地中海饮食", "地中海饮食 地中海饮食法 地中海式饮食"),
    ("无麸质", "无麸质 无麸质饮食 乳糜泻"),
    ("轻断食", "轻断食 间歇性断食 16:8轻断食 16:8断食 168轻断食 168断食 18:6轻断食 5:2轻断食 5:2断食 "
     "16+8轻断食 16+8断食 16/8轻断食 18+6轻断食 5+2轻断食"),
    # eating light, as a doctor orders it ("少油少盐", "低盐低脂")
    ("少油少盐", "少油少盐 少盐少油 少油 少盐 低盐 低油"),
    ("低盐低脂", "低盐低脂 低脂低盐 低脂"),
    ("清淡饮食", "清淡饮食 饮食清淡 吃得清淡"),
    ("清真", "清真"),
    ("杂食", "什么都吃 啥都吃 不挑食"),
    ("乳糖不耐受", "乳糖不耐受"),
) for w in words(ws)}  # fmt: skip

#: What is left out for a way of eating, not for its taste ("不碰碳水": 低碳水, "不吃糖": 控糖).
ZH_LEFT_OUT_FOR_DIET = {"碳水": "低碳水", "碳水化合物": "低碳水", "主食": "低碳水", "糖": "控糖"}

EN_DIETS = {w: canon for canon, ws in (
    ("vegan", "vegan"), ("vegetarian", "vegetarian,veggie"), ("pescatarian", "pescatarian,pescetarian"),
    ("keto", "keto,ketogenic"), ("paleo", "paleo"), ("gluten-free", "gluten-free,gluten free,celiac,coeliac"),
    ("dairy-free", "dairy-free,dairy free"), ("lactose-free", "lactose-free"), ("halal", "halal"),
    ("kosher", "kosher"), ("low-carb", "low-carb,low carb"), ("low-sugar", "low-sugar,low sugar,sugar-free"),
    ("plant-based", "plant-based,plant based"), ("carnivore", "carnivore"), ("flexitarian", "flexitarian"),
    ("whole30", "whole30"), ("mediterranean", "mediterranean"), ("intermittent fasting", "intermittent fasting"),
    ("raw vegan", "raw vegan"),
) for w in words(ws, ",")}  # fmt: skip

#: Ways of eating that exclude one another: a new one said plainly takes the old one's place
#: ("went fully plant-based" after keto, "改成蛋奶素" after 纯素); a restriction beside them
#: (gluten-free, halal, 不吃辣) adds to them instead.
DIET_REGIMES = frozenset(
    "vegan vegetarian pescatarian keto paleo plant-based carnivore flexitarian whole30 mediterranean "
    "raw-vegan omnivore 素食 纯素 鱼素 生酮 杂食 地中海饮食".split()
) | {"raw vegan"}

_DEMONYM_SUFFIXES = ("n", "an", "ian", "nian", "er", "ite", "eite", "ean")


def en_demonym_place(word: str) -> str | None:
    """The gazetteer place a demonym names (Coloradans -> colorado, New Yorker -> new york,
    Denverite -> denver, Texan -> texas), by the usual English suffixes; None if it names none."""
    w = word.strip().lower()
    for form in (w, w[:-1] if w.endswith("s") else w):
        for suffix in _DEMONYM_SUFFIXES:
            if not form.endswith(suffix):
                continue
            stem_ = form[: -len(suffix)]
            for place in (stem_, stem_ + "a", stem_ + "o", stem_ + "s", stem_ + "e"):
                if len(place) >= 3 and place in EN_PLACES:
                    return place
    return None


#: "cutting out sugar" -> a diet label; anything else becomes "no <food>".
EN_AVOID = {"sugar": "low-sugar", "carbs": "low-carb", "gluten": "gluten-free", "dairy": "dairy-free"}

# --- pets -----------------------------------------------------------------------

ZH_BREEDS = {
    **dict.fromkeys(
        words("柯基 金毛 拉布拉多 哈士奇 泰迪 柴犬 边牧 比熊 萨摩耶 博美 法斗 阿拉斯加 德牧 雪纳瑞 二哈"),
        "dog",
    ),
    **dict.fromkeys(words("布偶 布偶猫 英短 美短 橘猫 狸花猫 暹罗猫 蓝猫 加菲猫 缅因猫"), "cat"),
}

#: Breed and kind words that name a pet only when said as one's own right before or after a
#: name ("my golden Rex", "our lab", "Pip — our golden —"): alone they name other things
#: ("golden years", "the lab"). The animal each is.
EN_KINDS_OWNED = {"golden": "dog", "goldie": "dog", "lab": "dog", "husky": "dog", "boxer": "dog",
                  "aussie": "dog", "doxie": "dog", "pittie": "dog", "maltese": "dog", "persian": "cat",
                  "bengal": "cat", "ginger": "cat", "tux": "cat", "tuxedo": "cat", "tortie": "cat"}  # fmt: skip

EN_BREEDS = {
    **dict.fromkeys(
        words(
            "golden retriever,labrador,lab,poodle,corgi,husky,beagle,bulldog,pug,shiba,shiba inu,chihuahua,terrier,"
            "dachshund,german shepherd,border collie,collie,retriever,doodle,goldendoodle,labradoodle,greyhound,"
            "boxer,schnauzer,spaniel,pitbull,pit bull,rottweiler,samoyed,maltese,shih tzu,whippet,"
            "basset hound,bloodhound,pointer,weimaraner,vizsla,dalmatian,doberman,great dane,mastiff,"
            "bernese,bernese mountain dog,newfoundland,akita,malamute,australian shepherd,aussie,"
            "cattle dog,heeler,sheltie,pomeranian,yorkie,yorkshire terrier,havanese,bichon,cavalier,"
            "cocker spaniel,springer spaniel,jack russell,frenchie,french bulldog,boston terrier,"
            "cane corso,shepherd,mutt,lurcher,saluki,borzoi,chow,chow chow,sharpei,shar pei,"
            "bernedoodle,cockapoo,cavapoo,maltipoo,schnoodle,pug mix,staffy,staffie,kelpie",
            ",",
        ),
        "dog",
    ),
    **dict.fromkeys(
        words(
            "persian,siamese,maine coon,ragdoll,tabby,bengal,sphynx,british shorthair,calico,tuxedo cat,"
            "abyssinian,russian blue,scottish fold,norwegian forest cat,birman,burmese,savannah cat,"
            "devon rex,cornish rex,exotic shorthair,american shorthair,tortie,tortoiseshell,orange tabby",
            ",",
        ),
        "cat",
    ),
}

# --- people ---------------------------------------------------------------------

EN_LANGUAGES = words("""
english,mandarin chinese,mandarin,chinese,cantonese,japanese,korean,french,german,spanish,italian,portuguese,russian,
arabic,hindi,dutch,swedish,norwegian,danish,finnish,polish,turkish,greek,hebrew,vietnamese,thai,indonesian,malay,
tagalog,urdu,bengali,punjabi,persian,farsi,swahili,ukrainian,czech,hungarian,romanian,asl,sign language,latin,
tamil,telugu,marathi,gujarati,kannada,malayalam,nepali,sinhala,burmese,khmer,lao,mongolian,tibetan,uyghur,kazakh,
uzbek,georgian,armenian,azerbaijani,serbian,croatian,bosnian,slovak,slovenian,bulgarian,macedonian,albanian,
lithuanian,latvian,estonian,icelandic,irish,welsh,scottish gaelic,gaelic,catalan,basque,galician,afrikaans,zulu,
xhosa,amharic,somali,yoruba,igbo,hausa,hawaiian,maori,samoan,esperanto,yiddish,kurdish,pashto,dari,cebuano,
javanese,haitian creole,quechua,taiwanese,hokkien,shanghainese,bahasa
""".replace("\n", ""), ",")  # fmt: skip

EN_GENDER = {
    **dict.fromkeys(words("man guy gentleman dude boy male"), "male"),
    **dict.fromkeys(words("woman girl lady female"), "female"),
    **dict.fromkeys(words("non-binary nonbinary"), "non-binary"),
}

#: Capitalised words that follow "I'm" / "my brother" without being a name.
#: Titles a name may follow ("Mrs. Pemberton", "Sir Pounce"), lower-cased: no name alone
EN_TITLES = frozenset(
    words("""
mr mrs ms mx dr sir lady lord dame miss madame captain professor princess prince king queen duke duchess baron
baroness count countess general major colonel admiral senator judge
""")
)

EN_NOT_NAMES = frozenset(
    words("""
I The A An And But So Is Was Works Lives Loves Likes Has Just Also Not American Canadian British English Chinese
Japanese Korean French German Spanish Italian Mexican Indian Christian Muslim Jewish Catholic Buddhist Vegan
Vegetarian Sorry Fine Good Okay Ok Here Back Done Ready Happy Tired Busy Home Married Single Retired
""")
)
