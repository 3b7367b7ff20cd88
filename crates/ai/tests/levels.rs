//! Each level behaves as R10 describes, on hand-made positions; the stepped search is
//! deterministic, resumable in slices and respects its limits.

use tengen_ai::{Decision, Level, Limits, Search};
use tengen_rules::{Board, Color, Game, Move, RuleSet, parse_vertex};
use web_time::Duration;

fn game(picture: &str, to_move: Color) -> Game {
    Game::with_setup(Board::from_ascii(picture).unwrap(), to_move, RuleSet::Chinese)
}

fn at(game: &Game, v: &str) -> Move {
    let (c, r) = parse_vertex(game.size(), v).unwrap();
    Move::Place(game.board().point(c, r))
}

fn decide(game: &Game, level: Level, seed: u64) -> Move {
    match Search::with_limits(game, level, seed, Limits::simulations(3000)).run() {
        Decision::Play(mv) => mv,
        Decision::Resign => panic!("resigned"),
    }
}

/// White D6 is in atari (black takes it at E6), and so is white F3 (black takes it at F4).
const CAPTURE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
    . . . . X O X . .
    . . . . . X . . .
    . . . . . . . . .";

#[test]
fn easy_takes_stones_when_it_can() {
    let g = game(CAPTURE, Color::Black);
    let captures = [at(&g, "E6"), at(&g, "F4")];
    for seed in 0..20 {
        let mv = decide(&g, Level::EASY, seed);
        assert!(captures.contains(&mv), "seed {seed}: {mv:?}");
    }
}

/// Black's two stones C5 D5 are in atari (only liberty E5) and can escape there.
const SAVE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . O O . . . . .
    . O X X . . . . .
    . . O O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn easy_and_normal_save_a_chain_in_atari() {
    let g = game(SAVE, Color::Black);
    for seed in 0..10 {
        assert_eq!(decide(&g, Level::EASY, seed), at(&g, "E5"), "easy, seed {seed}");
        assert_eq!(
            decide(&g, Level::NORMAL, seed),
            at(&g, "E5"),
            "normal, seed {seed}"
        );
    }
}

#[test]
fn normal_captures_the_bigger_group() {
    let g = game(CAPTURE, Color::Black);
    // Both captures take one stone; either is right, anything else is not.
    let captures = [at(&g, "E6"), at(&g, "F4")];
    for seed in 0..10 {
        assert!(captures.contains(&decide(&g, Level::NORMAL, seed)));
    }
}

/// Black's group in the corner has two one-point eyes (A9 and C9); nothing else is urgent.
const EYES: &str = "
    . X . X O . . . .
    X X X X O . . . .
    O O O O O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn normal_and_the_step_below_never_fill_their_own_eye_nor_play_self_atari() {
    let g = game(EYES, Color::Black);
    for (level, seed) in [Level::NORMAL.down().unwrap(), Level::NORMAL]
        .into_iter()
        .flat_map(|l| (0..20).map(move |seed| (l, seed)))
    {
        let mv = decide(&g, level, seed);
        assert_ne!(mv, at(&g, "A9"));
        assert_ne!(mv, at(&g, "C9"));
        if let Move::Place(p) = mv {
            let mut after = g.clone();
            after.play(mv).unwrap();
            assert!(
                after.liberties(p) >= 2,
                "{level} seed {seed}: self-atari at {mv:?}"
            );
        }
    }
}

#[test]
fn hard_saves_a_chain_in_atari() {
    let g = game(SAVE, Color::Black);
    assert_eq!(decide(&g, Level::HARD, 1), at(&g, "E5"));
}

#[test]
fn hard_never_fills_its_own_eye() {
    let g = game(EYES, Color::Black);
    let mv = decide(&g, Level::HARD, 2);
    assert_ne!(mv, at(&g, "A9"));
    assert_ne!(mv, at(&g, "C9"));
}

#[test]
fn the_report_lists_the_chosen_move_first_and_the_most_visited_in_order() {
    let g = game(SAVE, Color::Black);
    let mut search = Search::with_limits(&g, Level::HARD, 1, Limits::simulations(3000));
    let Decision::Play(chosen) = search.run() else {
        panic!("resigned")
    };
    let name = |mv: Move| match mv {
        Move::Place(p) => {
            let (c, r) = g.board().coords(p);
            tengen_rules::vertex_name(9, c, r)
        }
        _ => "pass".to_string(),
    };
    let report = search.report(3, name).expect("a single hard tree reports");
    let mut lines = report.lines();
    assert!(
        lines.next().unwrap().starts_with("3000 simulations in "),
        "{report}"
    );
    let rows: Vec<(String, u32)> = lines
        .map(|l| {
            let mut words = l.split_whitespace();
            (
                words.next().unwrap().to_string(),
                words.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(rows.len(), 3, "{report}");
    assert_eq!(rows[0].0, name(chosen));
    assert!(rows.windows(2).all(|w| w[0].1 >= w[1].1), "{report}");
    let mut normal = Search::with_limits(&g, Level::NORMAL, 1, Limits::simulations(3000));
    normal.run();
    assert!(
        normal.report(3, name).is_none(),
        "one-ply levels have no tree to report"
    );
}

#[test]
fn search_is_deterministic_and_slices_lose_no_work() {
    let g = Game::new(9, RuleSet::Chinese);
    let whole = Search::with_limits(&g, Level::HARD, 7, Limits::simulations(2000)).run();
    let mut sliced = Search::with_limits(&g, Level::HARD, 7, Limits::simulations(2000));
    let mut steps = 0;
    while !sliced.step_simulations(37) {
        steps += 1;
    }
    assert!(steps > 40);
    assert_eq!(sliced.simulations(), 2000);
    assert_eq!(sliced.best(), whole);
}

#[test]
fn search_respects_its_time_limit_and_answers_any_time() {
    let g = Game::new(9, RuleSet::Chinese);
    let limits = Limits {
        time: Some(Duration::from_millis(200)),
        simulations: None,
    };
    let mut search = Search::with_limits(&g, Level::HARD, 3, limits);
    assert!(
        matches!(search.best(), Decision::Play(_)),
        "a move before any work"
    );
    let mut slices = 0;
    while !search.step(Duration::from_millis(5)) {
        slices += 1;
        assert!(slices < 10_000);
    }
    assert!(search.simulations() > 0);
    assert!(matches!(search.best(), Decision::Play(Move::Place(_))));
}

#[test]
fn tree_reuse_follows_the_moves_played() {
    let mut g = Game::new(9, RuleSet::Chinese);
    let mut search = Search::with_limits(&g, Level::HARD, 5, Limits::simulations(1500));
    let Decision::Play(first) = search.run() else {
        panic!()
    };
    g.play(first).unwrap();
    let reply = search.line_after(first, 2)[1];
    g.play(reply).unwrap();
    let kept = |s: &Search| s.candidates(usize::MAX).iter().map(|c| c.visits).sum::<u32>();
    let carried = |s: Search, level| Search::continuing(Some(s), &g, level, 6, Limits::simulations(1500));
    let mut next = carried(search, Level::HARD);
    // The simulations through the expected reply are kept, and 1,500 more are run.
    assert!(kept(&next) > 0);
    let Decision::Play(second) = next.run() else {
        panic!()
    };
    assert!(g.is_legal(second));
    assert_eq!(next.simulations(), 1500);
    // Another level starts afresh.
    assert_eq!(kept(&carried(next, Level::HARD.down().unwrap())), 0);
}

#[test]
fn hard_obeys_superko_at_the_root() {
    // Black may not retake at B4 after the passes: it would repeat the start position.
    let ko = "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .";
    let mut g = game(ko, Color::Black);
    g.set_passes_end_play(false);
    g.play(at(&g, "C4")).unwrap();
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    for seed in 0..5 {
        let mv = decide(&g, Level::HARD, seed);
        assert!(g.is_legal(mv), "{mv:?}");
        assert_ne!(mv, at(&g, "B4"));
    }
}

#[test]
fn a_time_cap_only_ever_shortens_the_search() {
    let g = Game::new(9, RuleSet::Chinese);
    // No clock at all, then a zero cap: out of time after the first chunk.
    let mut capped = Search::with_limits(&g, Level::HARD, 1, Limits::simulations(5000));
    capped.cap_time(Duration::ZERO);
    assert!(capped.step_simulations(32));
    assert_eq!(capped.simulations(), 32);
    // A generous cap does not lift a tighter limit.
    let mut tight = Search::with_limits(
        &g,
        Level::HARD,
        1,
        Limits {
            time: Some(Duration::ZERO),
            simulations: None,
        },
    );
    tight.cap_time(Duration::from_secs(60));
    assert!(tight.step_simulations(32));
}

/// R10's clock stops every level that searches, however many simulations its step would like:
/// with no time left each stops after its first chunk, on the biggest board, and has a move.
#[test]
fn every_tree_level_stops_when_its_time_is_up() {
    let g = Game::new(19, RuleSet::Chinese);
    let no_time = Limits {
        time: Some(Duration::ZERO),
        simulations: None,
    };
    for level in Level::ALL.into_iter().filter(|&l| l > Level::NORMAL) {
        let mut search = Search::with_limits(&g, level, 1, no_time);
        assert!(search.step_simulations(32), "level {level}");
        assert_eq!(search.simulations(), 32, "level {level}");
        assert!(
            matches!(search.best(), Decision::Play(Move::Place(_))),
            "level {level}"
        );
    }
}

/// A finished position on a `size`×`size` board: vertical bands of territory `width` points
/// wide, each walled in by its owner's stones, black and white walls back to back between them.
fn settled(size: u8, width: usize) -> Game {
    let mut columns = Vec::new();
    let mut owner = 'X';
    while columns.len() < size as usize {
        let other = if owner == 'X' { 'O' } else { 'X' };
        columns.extend(std::iter::repeat_n('.', width));
        columns.extend([owner, other]);
        owner = other;
    }
    columns.truncate(size as usize);
    // The last band must not end in a lone wall stone of the other colour.
    let n = size as usize;
    if columns[n - 1] != '.' && columns[n - 2] != '.' {
        columns[n - 1] = '.';
    }
    let row: String = columns.iter().map(|c| format!("{c} ")).collect();
    let picture = vec![row; size as usize].join("\n");
    game(&picture, Color::Black)
}

#[test]
fn the_one_ply_levels_pass_after_a_pass_in_a_settled_position() {
    for size in [9u8, 13, 19] {
        for width in [2, 3] {
            for to_move in [Color::Black, Color::White] {
                let mut g = settled(size, width);
                g.play_as(to_move.opponent(), Move::Pass).unwrap();
                for level in [Level::EASY, Level::NORMAL] {
                    for seed in 0..4 {
                        let mv = decide(&g, level, seed);
                        assert_eq!(
                            mv,
                            Move::Pass,
                            "{level:?} {size}×{size} width {width} {to_move:?} seed {seed}"
                        );
                    }
                }
            }
        }
    }
}
/// A whole game against the computer, the "human" played by the normal level (which passes
/// once nothing is worth a stone): play ends after two passes in a row, and the human never has
/// to pass again and again while the computer fills its own territory.
#[test]
fn a_played_out_game_ends_after_few_passes_by_the_human() {
    for computer in [Level::EASY, Level::NORMAL] {
        for seed in 0..6u64 {
            let mut g = Game::new(9, RuleSet::Chinese);
            let human = if seed % 2 == 0 { Color::Black } else { Color::White };
            let mut human_passes = 0;
            while g.phase() == tengen_rules::Phase::Playing {
                assert!(g.move_number() < 300, "{computer:?} seed {seed}: no end in sight");
                let level = if g.to_move() == human {
                    Level::NORMAL
                } else {
                    computer
                };
                let mv = decide(&g, level, seed * 1000 + g.move_number() as u64);
                if mv == Move::Pass && g.to_move() == human {
                    human_passes += 1;
                }
                g.play(mv).unwrap();
            }
            assert!(
                human_passes < 4,
                "{computer:?} seed {seed}: the human passed {human_passes} times in {} moves",
                g.move_number()
            );
        }
    }
}

#[test]
fn hard_does_not_resign_a_handicap_game_at_its_first_move() {
    // Five stones on 9×9 without compensation (Japanese rules) leave White far behind on the
    // board, but the game has only begun.
    let g = Game::with_handicap(9, RuleSet::Japanese, 5).unwrap();
    assert_eq!(g.to_move(), Color::White);
    for seed in 0..3 {
        let decision = Search::with_limits(&g, Level::HARD, seed, Limits::simulations(4000)).run();
        assert!(
            matches!(decision, Decision::Play(Move::Place(_))),
            "seed {seed}: {decision:?}"
        );
    }
}

#[test]
fn a_request_from_elsewhere_is_answered_like_a_search_here() {
    use tengen_ai::remote::{Reply, Request, answer};
    let g = game(CAPTURE, Color::Black);
    // Through JSON, as it travels to a Web Worker and back.
    let request = Request::Move {
        record: g.to_record(),
        level: Level::NORMAL,
        seed: 4,
        time_ms: Some(200),
    };
    let request: Request = serde_json::from_str(&serde_json::to_string(&request).unwrap()).unwrap();
    let reply: Reply =
        serde_json::from_str(&serde_json::to_string(&answer(&request, Duration::ZERO)).unwrap()).unwrap();
    let here = Search::with_limits(&g, Level::NORMAL, 4, Limits::for_size(9)).run();
    assert_eq!(reply.decision(&g), Some(here));
    let dead = answer(
        &Request::DeadStones {
            record: g.to_record(),
            playouts: 50,
            seed: 1,
        },
        Duration::ZERO,
    );
    assert!(matches!(dead, Reply::DeadStones { .. }), "{dead:?}");
    // A pass comes back as a pass, not a resignation (as it once did in the browser).
    let mut over = settled(9, 3);
    over.play(Move::Pass).unwrap();
    let request = Request::Move {
        record: over.to_record(),
        level: Level::EASY,
        seed: 1,
        time_ms: None,
    };
    let reply: Reply =
        serde_json::from_str(&serde_json::to_string(&answer(&request, Duration::ZERO)).unwrap()).unwrap();
    assert_eq!(reply.decision(&over), Some(Decision::Play(Move::Pass)));
}

/// The steps between normal and hard: the tree search, weakened.
fn weakened_levels() -> impl Iterator<Item = Level> {
    Level::ALL
        .into_iter()
        .filter(|&l| l > Level::NORMAL && l < Level::HARD)
}

/// Black's chain D6 E6 F6 has two liberties, E5 and F5; either leaves it in atari.
const SELF_ATARI: &str = include_str!("boards/self-atari.txt");

#[test]
fn weakened_levels_never_give_a_big_group_away() {
    let g = game(SELF_ATARI, Color::Black);
    let give_away = [at(&g, "E5"), at(&g, "F5")];
    for level in weakened_levels() {
        for seed in 0..12 {
            let mv = decide(&g, level, seed);
            assert!(!give_away.contains(&mv), "level {level} seed {seed}: {mv:?}");
        }
    }
}

/// The lowest tree step sometimes overlooks an atari, as a beginner does; the ones above never.
#[test]
fn weakened_levels_save_a_chain_in_atari() {
    let g = game(SAVE, Color::Black);
    for level in weakened_levels() {
        let saved = (0..12)
            .filter(|&seed| decide(&g, level, seed) == at(&g, "E5"))
            .count();
        let lowest = level == Level::NORMAL.up().unwrap();
        assert!(
            saved == 12 || lowest && saved >= 8,
            "level {level}: {saved} of 12"
        );
    }
}

/// Weak, but not random: no opening move on the edge of the empty board, and not always the
/// same move either. (At most 600 simulations: what is tested is the choice, not the reading.)
#[test]
fn weakened_levels_open_away_from_the_edge_and_vary() {
    let g = Game::new(19, RuleSet::Chinese);
    for level in weakened_levels() {
        let moves: Vec<Decision> = (0..8)
            .map(|seed| Search::with_limits(&g, level, seed, Limits::simulations(600)).run())
            .collect();
        for mv in &moves {
            let Decision::Play(Move::Place(p)) = *mv else {
                panic!("level {level}: {mv:?}")
            };
            let (c, r) = g.board().coords(p);
            assert!(
                (1..18).contains(&c) && (1..18).contains(&r),
                "level {level}: {mv:?}"
            );
        }
        if level < Level::new(Level::MAX - 1).unwrap() {
            assert!(moves.iter().any(|&m| m != moves[0]), "level {level}: {moves:?}");
        }
    }
}

/// Up the ladder the tree search gets more simulations; each weakened step stops at its own
/// number whatever time it has, and a smaller cap from outside still applies.
#[test]
fn weakened_levels_search_more_up_the_ladder() {
    let g = Game::new(9, RuleSet::Chinese);
    let unbounded = Limits {
        time: None,
        simulations: None,
    };
    let spent: Vec<u64> = weakened_levels()
        .map(|level| {
            let mut search = Search::with_limits(&g, level, 1, unbounded);
            search.run();
            search.simulations()
        })
        .collect();
    assert!(spent[0] > 0);
    assert!(spent.windows(2).all(|w| w[0] < w[1]), "{spent:?}");
    let top = weakened_levels().last().unwrap();
    let mut capped = Search::with_limits(&g, top, 1, Limits::simulations(40));
    capped.run();
    assert_eq!(capped.simulations(), 40);
}
