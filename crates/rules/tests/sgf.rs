//! SGF: the forms real programs write that the reader takes, what it refuses and why, the
//! variation tree, and the writer, whose files GNU Go 3.8 and our reader read back to the same
//! stones. Also the fixed handicap, checked against GNU Go's `fixed_handicap`, and what Chinese
//! counting gives White for it.

mod common;

use std::collections::BTreeSet;

use common::{Gtp, same_game};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tengen_rules::{
    Color, Game, Move, Phase, Point, Refusal, RuleSet, SgfError, SgfReason, SgfTree, handicap_points,
    max_handicap, parse_vertex, vertex_name,
};

fn point(g: &Game, vertex: &str) -> Point {
    let (c, r) = parse_vertex(g.size(), vertex).unwrap();
    g.board().point(c, r)
}

/// The stones of `color` as vertex names, to write expectations plainly.
fn stones(g: &Game, color: Color) -> BTreeSet<String> {
    common::stones(g.board(), color)
}

fn names(vertices: &str) -> BTreeSet<String> {
    vertices.split_whitespace().map(str::to_string).collect()
}

fn load(text: &str) -> Game {
    Game::from_sgf(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn informational_properties_are_read_in_any_form_or_ignored() {
    // AP without a version and repeated, HA[0], TM as text, an empty VW, unknown properties.
    let g = load(
        "(;FF[4]GM[1]SZ[9]AP[CGoban]AP[MultiGo:4.2:1]HA[0]TM[1 hour]VW[]OT[3x30]MULTIGOGM[1];B[ee];W[cc])",
    );
    assert_eq!(g.move_number(), 2);
    assert_eq!(g.handicap(), 0);
    assert_eq!(stones(&g, Color::Black), names("E5"));
    assert_eq!(stones(&g, Color::White), names("C7"));
    // HA[1] is an even game with Black first; a decimal comma in KM.
    let g = load("(;SZ[13]HA[1]KM[6,5];B[gg])");
    assert_eq!(
        (g.handicap(), g.komi(), g.first_to_move()),
        (0, 6.5, Color::Black)
    );
    // FF[1]/FF[3] long and mixed-case names.
    let g = load("(;GaMe[1]SiZe[9]PlayerBlack[Kuro];Black[ee];White[cc];AddBlack[aa])");
    assert_eq!(g.info.black, "Kuro");
    assert_eq!(stones(&g, Color::Black), names("A9 E5"));
    // Rules, names and date; a name's line break is a space.
    let g = load("(;SZ[9]RU[Japanese]PB[Go\n Seigen]PW[Kitani \\] Minoru]DT[1933-10-16])");
    assert_eq!(g.rules(), RuleSet::Japanese);
    assert_eq!(
        (g.info.black.as_str(), g.info.white.as_str()),
        ("Go Seigen", "Kitani ] Minoru")
    );
    assert_eq!(g.info.date, "1933-10-16");
}

#[test]
fn loose_syntax_that_real_files_have_is_read() {
    let two_moves =
        |g: &Game| stones(g, Color::Black) == names("E5") && stones(g, Color::White) == names("C7");
    for text in [
        "(;SZ[9];B[ee];W[cc]",
        "(;SZ[9];B[ee];W[cc]\n\n",
        "\u{feff}(;SZ[9];B[ee];W[cc])",
        "From: a mail header\n(not a game)\n(;SZ[9];B[ee];W[cc])",
        "((;SZ[9];B[ee];W[cc]))",
        "(;SZ[9]\n;B [ee]\n;W\t[cc])(;SZ[9];B[aa])",
        "(;SZ[9];B[ee]()(;W[cc]))",
        "(;SZ[9];B[e\\\ne];W[cc])",
    ] {
        let g = load(text);
        assert!(two_moves(&g), "{text:?}");
    }
    assert!(two_moves(
        &Game::from_sgf_bytes(b"\xef\xbb\xbf(;SZ[9];B[ee];W[cc])").unwrap()
    ));
}

#[test]
fn passes_never_end_play_while_a_record_is_read() {
    let g = load("(;SZ[9];B[ee];W[];B[];W[];B[cc];W[];B[tt])");
    assert_eq!(g.move_number(), 7);
    assert_eq!(stones(&g, Color::Black), names("C7 E5"));
    assert_eq!(g.phase(), Phase::Scoring, "the record ends with two passes");
    assert!(g.passes_end_play());
    let g = load("(;SZ[9];B[ee];W[];B[];W[cc])");
    assert_eq!(g.phase(), Phase::Playing);
}

#[test]
fn set_up_stones_are_read_in_any_node() {
    // Handicap stones in the node after the root are the initial position.
    let g = load("(;SZ[19]HA[2]KM[0.5];AB[dp][pd];W[dd];B[qq])");
    assert_eq!(g.initial_board().stone_counts(), [2, 0]);
    assert_eq!(
        (g.handicap(), g.first_to_move(), g.komi()),
        (2, Color::White, 0.5)
    );
    assert!(g.edits().is_empty());
    // Later set-up is an edit between moves, in file order within its node: dead stones taken off
    // at the end (AE after the last move), stones added.
    let text = "(;SZ[9];B[ee];W[cc];AB[gg]AW[aa];B[ge];W[];B[]AE[cc][aa])";
    let mut g = load(text);
    assert_eq!(stones(&g, Color::Black), names("E5 G3 G5"));
    assert_eq!(stones(&g, Color::White), names(""));
    assert_eq!(g.edits().iter().map(|e| e.after).collect::<Vec<_>>(), [2, 5]);
    let back = load(&g.to_sgf());
    same_game(&g, &back);
    // Undo takes back a move with the set-up after it.
    g.resume_play();
    assert_eq!(g.move_number(), 3);
    assert_eq!(stones(&g, Color::White), names("A9 C7"));
    g.undo();
    assert_eq!(stones(&g, Color::Black), names("E5 G3"));
    g.undo();
    assert_eq!(stones(&g, Color::Black), names("E5"));
    assert!(g.edits().is_empty());
}

#[test]
fn handicap_without_stones_gets_the_fixed_points_as_gnu_go_gives_them() {
    let g = load("(;SZ[19]HA[3];W[qq];B[cc])");
    assert_eq!(g.initial_board().stone_counts(), [3, 0]);
    assert_eq!(stones(&g, Color::Black), names("C17 D4 D16 Q16"));
    let err = Game::from_sgf("(;SZ[9]HA[7];W[ee])").unwrap_err();
    assert_eq!(err.reason, SgfReason::Handicap(7));
}

#[test]
fn a_record_repeating_a_position_is_read_but_not_played_on() {
    // A ko: White takes at B8, both pass, Black takes back: the position before White's capture
    // again. Simple ko allows it (the passes came between), positional superko does not; the
    // record is the authority on what was played.
    let text = "(;SZ[9]RU[Chinese]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[];W[];B[cb])";
    let g = load(text);
    assert_eq!(g.move_number(), 4);
    assert_eq!(g.board(), g.initial_board());
    let mut before = Game::from_sgf(text).unwrap();
    before.resume_play();
    before.undo();
    while before.move_number() > 3 {
        before.undo();
    }
    assert_eq!(
        before.check(Color::Black, Move::Place(point(&before, "C8"))),
        Err(Refusal::Superko)
    );
    same_game(&g, &load(&g.to_sgf()));
}

#[test]
fn what_decides_the_stones_is_refused_naming_node_and_reason() {
    let illegal = |number, refusal| SgfReason::Illegal {
        number,
        color: Color::Black,
        at: Some((2, 1)),
        refusal,
    };
    let cases: Vec<(&str, Option<usize>, SgfReason)> = vec![
        ("(;SZ[9];W[cb];B[cb])", Some(2), illegal(2, Refusal::Occupied)),
        // Immediate ko recapture: no rule set allows it.
        (
            "(;SZ[9]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[cb])",
            Some(2),
            illegal(2, Refusal::Ko),
        ),
        (
            "(;SZ[9]AW[ca][db][cc][bb];B[cb])",
            Some(1),
            illegal(1, Refusal::Suicide),
        ),
        (
            "(;SZ[9];B[ee];W[zz])",
            Some(2),
            SgfReason::OffBoard {
                property: "W".into(),
                value: "zz".into(),
            },
        ),
        ("(;SZ[25])", Some(0), SgfReason::BoardSize("25".into())),
        ("(;SZ[9:13])", Some(0), SgfReason::BoardSize("9:13".into())),
        ("(;GM[2]SZ[8])", Some(0), SgfReason::NotGo("2".into())),
        (
            "(;SZ[9]AB[aa][ba]AW[ab][bb][ca];B[ee])",
            Some(0),
            SgfReason::NoLiberties,
        ),
        (
            "(;SZ[9];B[ee];AW[de][fe][ed]AB[aa]AW[ef])",
            Some(2),
            SgfReason::NoLiberties,
        ),
        (
            "(;SZ[9]KM[seven])",
            Some(0),
            SgfReason::BadValue {
                property: "KM".into(),
                value: "seven".into(),
            },
        ),
        (
            "(;SZ[9];B[e5])",
            Some(1),
            SgfReason::BadValue {
                property: "B".into(),
                value: "e5".into(),
            },
        ),
        (
            "(;SZ[9]AB[aa:tt])",
            Some(0),
            SgfReason::OffBoard {
                property: "AB".into(),
                value: "aa:tt".into(),
            },
        ),
        ("(;SZ[9];B[ee];W[cc", None, SgfReason::Truncated { line: 1 }),
        (
            "(;SZ[9]\n;B[ee]C[cut\noff",
            None,
            SgfReason::Truncated { line: 2 },
        ),
        (
            "(;SZ[9]\n;B[ee] 5 )",
            None,
            SgfReason::Syntax { line: 2, found: '5' },
        ),
        ("(;SZ[9];B[ee]W)", None, SgfReason::Syntax { line: 1, found: ')' }),
        ("garbage", None, SgfReason::NoGame),
        ("(no game)", None, SgfReason::NoGame),
        ("", None, SgfReason::NoGame),
    ];
    for (text, node, reason) in cases {
        let err = Game::from_sgf(text).expect_err(text);
        assert_eq!(err, SgfError { node, reason }, "{text}");
        assert!(!err.to_string().is_empty());
    }
    assert_eq!(
        Game::from_sgf("(;SZ[9];W[cb];B[cb])").unwrap_err().to_string(),
        "SGF node 2: move 2 B[cb] is illegal: point occupied"
    );
}

#[test]
fn variations_can_be_listed_and_any_line_loaded() {
    // OGS writes every move as a new variation: the main line is the first child throughout.
    let text = "(;SZ[9](;B[ee](;W[cc](;B[gg];W[])(;B[gc]))(;W[gg]))(;B[aa]))";
    let tree = SgfTree::from_text(text).unwrap();
    let line = tree.main_line();
    let moves: Vec<_> = line.iter().filter_map(|&n| tree.node_move(n)).collect();
    assert_eq!(
        moves,
        [
            (Color::Black, Some((4, 4))),
            (Color::White, Some((2, 2))),
            (Color::Black, Some((6, 6))),
            (Color::White, None)
        ]
    );
    let g = tree.game(&line).unwrap();
    assert_eq!(stones(&g, Color::Black), names("E5 G3"));
    same_game(&g, &Game::from_sgf(text).unwrap());

    // Where the game branches, and the other ways it went.
    let branches: Vec<(usize, Vec<_>)> = line
        .iter()
        .filter(|&&n| tree.children(n).len() > 1)
        .map(|&n| (n, tree.children(n).iter().map(|&c| tree.node_move(c)).collect()))
        .collect();
    assert_eq!(branches.len(), 3);
    assert_eq!(branches[0].0, 0);
    assert_eq!(
        branches[0].1,
        [
            Some((Color::Black, Some((4, 4)))),
            Some((Color::Black, Some((0, 0))))
        ]
    );
    let other = tree.children(branches[2].0)[1];
    let side = tree.game(&tree.line_through(other)).unwrap();
    assert_eq!(stones(&side, Color::Black), names("E5 G7"));
    assert_eq!(tree.parent(other), Some(branches[2].0));
    assert_eq!(tree.game_before_move(&line, 3).unwrap().move_number(), 2);
}

#[test]
fn character_sets_are_decoded_before_parsing() {
    let encode = |charset: &str, text: &str| {
        let encoding = encoding_rs::Encoding::for_label(charset.as_bytes()).unwrap();
        encoding.encode(text).0.into_owned()
    };
    let tree = |bytes: &[u8]| SgfTree::from_bytes(bytes).unwrap();
    let text = |t: &SgfTree, node, id| t.property(node, id).unwrap()[0].clone();
    // Big5, declared.
    let t = tree(&encode("big5", "(;CA[Big5]PB[許家元]C[圍棋];B[aa])"));
    assert_eq!(
        (text(&t, 0, "PB"), text(&t, 0, "C")),
        ("許家元".into(), "圍棋".into())
    );
    // Shift_JIS's 表 ends in 0x5C, a backslash byte: decoded first, it cannot escape the `]`.
    let bytes = encode("shift_jis", "(;CA[Shift_JIS]C[表];B[aa])");
    assert!(bytes.windows(2).any(|w| w == b"\\]"));
    let t = tree(&bytes);
    assert_eq!(text(&t, 0, "C"), "表");
    assert_eq!(t.node_move(1), Some((Color::Black, Some((0, 0)))));
    // Code-page names; EUC-KR is read as CP949 (its superset).
    let t = tree(&encode("euc-kr", "(;CA[cp949]PW[이세돌])"));
    assert_eq!(text(&t, 0, "PW"), "이세돌");
    // No CA: UTF-8 when valid, else GB2312-shaped bytes are Chinese, else Latin-1.
    assert_eq!(text(&tree("(;PB[柯洁])".as_bytes()), 0, "PB"), "柯洁");
    assert_eq!(text(&tree(&encode("gbk", "(;PB[柯洁])")), 0, "PB"), "柯洁");
    assert_eq!(text(&tree(b"(;PB[M\xfcller]C[cr\xe9\xe9])"), 0, "C"), "créé");
    // A CA that cannot be right for bytes read as ASCII is ignored; an unknown one too.
    assert_eq!(text(&tree(b"(;CA[UTF-16LE]PB[Kuro])"), 0, "PB"), "Kuro");
    assert_eq!(text(&tree(b"(;CA[klingon]PB[\xe6\x9f\xaf])"), 0, "PB"), "柯");
}

#[test]
fn the_writer_writes_ff4_utf8_with_every_root_property() {
    let mut g = Game::with_handicap(13, RuleSet::Japanese, 3).unwrap();
    g.info.black = "黑方 [Kuro]".into();
    g.info.white = "White\\Shiro]".into();
    g.info.date = "2026-11-30".into();
    g.play(Move::Place(point(&g, "G7"))).unwrap();
    g.resign(Color::White);
    let text = g.to_sgf();
    for expected in [
        "(;FF[4]GM[1]CA[UTF-8]",
        &format!("AP[Tengen:{}]", env!("CARGO_PKG_VERSION")),
        "SZ[13]KM[0.5]RU[Japanese]HA[3]",
        "PB[黑方 [Kuro\\]]PW[White\\\\Shiro\\]]DT[2026-11-30]RE[B+R]",
        "AB[dd][jd][dj]PL[W]\n;W[gg]\n)",
    ] {
        assert!(text.contains(expected), "{expected} in\n{text}");
    }
    let back = load(&text);
    assert_eq!(back.info, g.info);
    assert_eq!(
        (back.handicap(), back.komi(), back.first_to_move()),
        (3, 0.5, Color::White)
    );
}

#[test]
fn a_counted_game_marks_each_sides_points() {
    // Black's wall on the E line, White's on the G line, a dead white stone at B8 in Black's area.
    let mut g = load("(;SZ[9]RU[Chinese]AB[ea:ei]AW[ga:gi][bb];B[];W[])");
    assert_eq!(g.phase(), Phase::Scoring);
    g.toggle_dead(point(&g, "B8"));
    let score = g.score();
    let outcome = g.confirm_result().unwrap();
    let text = g.to_sgf();
    assert!(text.contains(&format!("RE[{}]", outcome.sgf())), "{text}");
    let tree = SgfTree::from_text(&text).unwrap();
    let last = *tree.main_line().last().unwrap();
    let marked = |id| {
        tree.property(last, id)
            .map(<[String]>::to_vec)
            .unwrap_or_default()
    };
    assert_eq!(
        marked("TB").len(),
        36,
        "columns A to D, the dead stone's point included"
    );
    assert!(marked("TB").contains(&"bb".to_string()));
    assert_eq!(marked("TW").len(), 18, "columns H and J");
    assert_eq!(marked("TB").len() as u32, score.territory[0]);
    assert_eq!(marked("TW").len() as u32, score.territory[1]);
    // TB and TW are marks: reading the file back ignores them.
    assert_eq!(load(&text).board(), g.board());
}

/// A random game as the app or a GTP controller might leave it: maybe a handicap, runs of
/// passes, stones set up between moves (added only: GNU Go 3.8 ignores `AE`), ending on a
/// stone so that play is on.
fn random_rich_game(seed: u64, size: u8) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = *RuleSet::ALL.choose(&mut rng).unwrap();
    let handicap = rng.random_range(0..=max_handicap(size));
    let mut g = Game::with_handicap(size, rules, handicap).unwrap_or_else(|| Game::new(size, rules));
    g.set_passes_end_play(false);
    let plies = size as usize * size as usize;
    for ply in 0..plies {
        if rng.random_bool(0.03) {
            let empty: Vec<Point> = g.board().empty_points().collect();
            let stones: Vec<_> = (0..rng.random_range(1..4))
                .map(|_| {
                    (
                        *empty.choose(&mut rng).unwrap(),
                        Some(*[Color::Black, Color::White].choose(&mut rng).unwrap()),
                    )
                })
                .collect();
            let _ = g.set_up(&stones);
        }
        let legal: Vec<Move> = g
            .board()
            .empty_points()
            .map(Move::Place)
            .filter(|&m| g.is_legal(m))
            .collect();
        let pass = legal.is_empty() || rng.random_bool(0.05) && ply + 1 < plies;
        g.play(if pass {
            Move::Pass
        } else {
            *legal.choose(&mut rng).unwrap()
        })
        .unwrap();
    }
    g.set_passes_end_play(true);
    g
}

#[test]
fn written_games_read_back_the_same_here_and_in_gnu_go() {
    let mut gtp = Gtp::start();
    let dir = std::env::temp_dir().join(format!("tengen-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut games, mut passes, mut edits, mut positions) = (0, 0, 0, 0);
    for size in [9u8, 13, 19] {
        for seed in 0..6 {
            let g = random_rich_game(seed * 7 + size as u64, size);
            let text = g.to_sgf();
            let back = Game::from_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            same_game(&g, &back);
            assert_eq!(back.to_sgf(), text);

            let file = dir.join(format!("{size}-{seed}.sgf"));
            std::fs::write(&file, &text).unwrap();
            let tree = SgfTree::from_text(&text).unwrap();
            let line = tree.main_line();
            for before in [None, Some(g.move_number() / 2)] {
                let ours = match before {
                    None => back.clone(),
                    Some(n) => tree.game_before_move(&line, n).unwrap(),
                };
                gtp.one(match before {
                    None => format!("loadsgf {}", file.display()),
                    Some(n) => format!("loadsgf {} {n}", file.display()),
                });
                for color in [Color::Black, Color::White] {
                    assert_eq!(
                        stones(&ours, color),
                        gtp.stones(color),
                        "{size}x{size} seed {seed} before {before:?}\n{text}"
                    );
                }
                positions += 1;
            }
            games += 1;
            passes += g.history().iter().filter(|t| t.mv == Move::Pass).count();
            edits += g.edits().len();
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        passes > 0 && edits > 0,
        "the games must have passes ({passes}) and set-up ({edits})"
    );
    eprintln!(
        "SGF round trip: {games} games, {positions} positions, {passes} passes, {edits} set-ups, as GNU Go reads them"
    );
}

#[test]
fn handicap_points_are_where_gnu_go_puts_them() {
    let mut gtp = Gtp::start();
    let mut compared = 0;
    for size in [7u8, 9, 10, 11, 13, 15, 19] {
        for n in 2..=9u8 {
            let ours = handicap_points(size, n);
            let answer = gtp.try_batch(&[
                format!("boardsize {size}"),
                "clear_board".into(),
                format!("fixed_handicap {n}"),
            ]);
            match (&ours, &answer[2]) {
                (Some(points), Ok(vertices)) => {
                    let ours: BTreeSet<String> =
                        points.iter().map(|&(c, r)| vertex_name(size, c, r)).collect();
                    assert_eq!(ours, names(vertices), "{size}x{size}, {n} stones");
                    assert_eq!(points.len(), n as usize);
                    compared += 1;
                }
                // 9×9 stops at five stones here; GNU Go goes on to nine.
                (None, Ok(_)) => assert!(size == 9 && n > 5, "{size}x{size}, {n}: GNU Go has points"),
                (None, Err(_)) => assert!(n > max_handicap(size)),
                (Some(_), Err(e)) => panic!("{size}x{size}, {n}: GNU Go refuses: {e}"),
            }
        }
    }
    assert!(compared >= 20);
    assert_eq!(handicap_points(19, 1), None, "one stone is no handicap");

    let g = Game::with_handicap(19, RuleSet::Chinese, 4).unwrap();
    assert_eq!((g.to_move(), g.komi(), g.handicap()), (Color::White, 0.5, 4));
    assert_eq!(stones(&g, Color::Black), names("D4 D16 Q4 Q16"));
    assert!(Game::with_handicap(9, RuleSet::Chinese, 6).is_none());
}

#[test]
fn chinese_counting_gives_white_a_point_per_handicap_stone() {
    for (rules, bonus) in [
        (RuleSet::Chinese, 3.0),
        (RuleSet::Japanese, 0.0),
        (RuleSet::Korean, 0.0),
    ] {
        let mut g = Game::with_handicap(9, rules, 3).unwrap();
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        let score = g.score();
        // Black owns the whole board.
        assert_eq!(score.total(Color::Black), score.points(Color::Black));
        assert_eq!(score.total(Color::White), 0.5 + bonus, "{rules:?}");
        assert_eq!(rules.handicap_compensation(3), bonus);
        // The handicap survives SGF.
        assert_eq!(load(&g.to_sgf()).score().total(Color::White), 0.5 + bonus);
    }
    assert_eq!(RuleSet::Chinese.handicap_compensation(1), 0.0);
}
