//! The rules and help pages' text (R19), written for this app in both languages: how to play,
//! first-game tips, a glossary and a short FAQ. The rule-set table is drawn from `tengen-rules`.

/// (Chinese, English) for each section: a title and its paragraphs.
pub const HOW_TO_PLAY: [(&str, &str); 8] = [
    (
        "黑先白后，轮流把一颗棋子下在交叉点上，下定后不再移动。",
        "Black moves first; the players take turns putting one stone on an empty intersection. Stones never move once placed.",
    ),
    (
        "气：与棋子（或一块相连的棋子）直接相邻的空点。一块棋没有气就被提掉，提掉的子归对方。",
        "Liberties: the empty points right next to a stone or a connected group. A group left without liberties is captured and taken off the board.",
    ),
    (
        "落子后先提掉没有气的对方棋子，再看自己：如果自己的棋没有气，这步是自杀，不能下（禁入点）。",
        "After a stone is placed, enemy groups without liberties are removed first; only then, if your own group has none, the move is suicide and not allowed.",
    ),
    (
        "劫：提一子后对方不能立刻提回，必须先在别处下一手（找劫材）。",
        "Ko: after a single stone is taken, the opponent may not take back at once; they must play elsewhere first (a ko threat).",
    ),
    (
        "全局同形：中国和韩国规则下，任何一步都不能让全盘重现以前出现过的局面。",
        "Superko: under Chinese and Korean rules no move may recreate any earlier whole-board position.",
    ),
    (
        "虚手：不下子也算一手。双方连续虚手，对局进入数子。",
        "Pass: giving up a turn counts as a move. Two passes in a row end play and counting begins.",
    ),
    (
        "数子时先确定死子：点一块棋即可切换死活，确认后得出结果；有异议可以继续下棋。",
        "Before counting, mark the dead stones: tap a group to switch it between dead and alive, then confirm the result — or resume play if you disagree.",
    ),
    (
        "贴目：黑棋先行有利，白棋获得补偿，带半目所以不会和棋。",
        "Komi: moving first is an advantage, so White receives compensation points; the half point means there is never a draw.",
    ),
];

pub const TIPS: [(&str, &str); 5] = [
    (
        "第一盘建议选 9×9 和「简单」难度。",
        "For a first game, pick 9×9 and the Easy level.",
    ),
    (
        "先占角，再占边，最后走中腹：角上围地最省子。",
        "Corners first, then sides, then the centre: corners take the fewest stones to enclose.",
    ),
    (
        "一块棋要有两个真眼才能活。",
        "A group needs two real eyes to live for ever.",
    ),
    (
        "对方打吃时先想想能不能逃，不能逃就放弃，别越逃越大。",
        "When a group is in atari, check whether it can escape; if it cannot, let it go instead of feeding it.",
    ),
    (
        "打开「标出禁入点和劫」，不确定时看红色标记。",
        "Turn on 'Mark forbidden points and ko' and watch the red marks when unsure.",
    ),
];

/// Glossary: term, Chinese explanation, English explanation.
pub const GLOSSARY: [(&str, &str, &str); 19] = [
    (
        "气",
        "棋子周围相邻的空点",
        "liberty: an empty point next to a stone",
    ),
    (
        "提子",
        "把没有气的棋子拿掉",
        "capture: removing stones without liberties",
    ),
    (
        "打吃",
        "让对方只剩一口气",
        "atari: leaving a group with one liberty",
    ),
    (
        "眼",
        "被自己棋子围住的空点",
        "eye: an empty point surrounded by one's own stones",
    ),
    (
        "假眼",
        "看似眼、但可被破掉的点",
        "false eye: looks like an eye but can be destroyed",
    ),
    (
        "劫",
        "双方可以反复提一子的形状",
        "ko: a shape where single stones could be retaken forever",
    ),
    (
        "劫材",
        "逼对方应的一手，用来争劫",
        "ko threat: a move the opponent must answer, used in a ko fight",
    ),
    ("虚手", "放弃一手", "pass: giving up a turn"),
    (
        "数子",
        "按棋子加围空计算胜负（中国规则）",
        "area counting: stones plus surrounded points (Chinese rules)",
    ),
    (
        "数目",
        "按围空加俘虏计算（日韩规则）",
        "territory counting: surrounded points plus prisoners",
    ),
    ("贴目", "白棋得到的补偿", "komi: White's compensation"),
    ("目", "一个交叉点的地", "point: one intersection of territory"),
    (
        "单官",
        "不属于任何一方的空点",
        "dame: a neutral point that belongs to nobody",
    ),
    (
        "双活",
        "双方都不能吃掉对方的共活",
        "seki: neither side can capture the other",
    ),
    ("星位", "棋盘上的小黑点", "star point: the dots on the board"),
    ("天元", "棋盘正中的星位", "tengen: the centre star point"),
    ("官子", "收尾阶段", "endgame: settling the last borders"),
    (
        "对杀",
        "双方都没活的棋互相紧气",
        "capturing race: two weak groups taking each other's liberties",
    ),
    (
        "布局",
        "开局阶段，先占角和边",
        "opening: the first moves, claiming corners and sides",
    ),
];

pub const FAQ: [(&str, &str, &str, &str); 4] = [
    (
        "选多大的棋盘？",
        "9×9 最快，一盘十分钟左右；19×19 是正式棋盘。",
        "Which size?",
        "9×9 is quickest, about ten minutes a game; 19×19 is the full board.",
    ),
    (
        "电脑有多强？",
        "「简单」「普通」适合入门；「困难」在 9×9 上经常能赢 GNU Go。",
        "How strong is the computer?",
        "Easy and Normal suit beginners; Hard on 9×9 usually beats GNU Go.",
    ),
    (
        "胜负怎么算？",
        "中国规则数子（子+空），日韩规则数目（空+俘虏），白棋另加贴目。",
        "How is it counted?",
        "Chinese rules count stones and surrounded points; Japanese and Korean count surrounded points and prisoners; White adds komi.",
    ),
    (
        "手机上能用吗？",
        "可以：点一下预览，再点一下落子。",
        "Does it work on a phone?",
        "Yes: tap once to preview, tap again to place.",
    ),
];

/// The illustrated rules: for each diagram (in `game::Diagram::ALL`'s order) a title and a
/// caption, Chinese then English.
pub const DIAGRAMS: [(&str, &str, &str, &str); 7] = [
    (
        "气",
        "两颗相连的黑子有 6 口气（1–6）。气是棋子旁边的空点。",
        "Liberties",
        "These two connected black stones have six liberties (1–6): the empty points next to them.",
    ),
    (
        "提子",
        "白子只剩一口气 A。黑下 A，白子没有气，被提掉。",
        "Capture",
        "The white stone has one liberty left, A. Black plays A and takes it off the board.",
    ),
    (
        "禁入点",
        "× 处被白子围住，黑下在那里没有气，也提不掉任何白子：不能下。",
        "Suicide",
        "The point × is surrounded by white: a black stone there would have no liberty and take nothing, so it is not allowed.",
    ),
    (
        "劫",
        "黑刚在这里提了一子。白不能马上在「劫」处提回，要先在别处下一手。",
        "Ko",
        "Black has just taken a stone here. White may not take back at once at the ko point; White must play elsewhere first.",
    ),
    (
        "两只眼",
        "黑棋有两个分开的眼，白子哪个眼都下不进去：这块棋活了。",
        "Two eyes",
        "The black group has two separate eyes; White can play in neither: the group lives.",
    ),
    (
        "双活",
        "黑白都只剩中间两口公气，谁先紧气谁被提：双方都不下，两块棋都活，公气不算任何一方。",
        "Seki",
        "Black and White share the last two liberties in the middle; whoever fills one is taken. Neither plays there: both live, and the shared points count for nobody.",
    ),
    (
        "数子与数目",
        "同一盘棋：小方块是各方的地，淡色的子是死子。",
        "Area and territory",
        "One finished game: the small squares are each side's points, the faded stones are dead.",
    ),
];
