//! GTP sessions: a scripted game through the engine, garbage that must get `?` answers, SGF in
//! and out, and the real binary fed bytes that are not even text.

use std::io::Write;
use std::process::{Command, Stdio};

use tengen_ai::Level;
use tengen_ai::gtp::Engine;

/// Runs `script` through a fresh engine; returns the answers without their "=" / "?" marks,
/// each tagged with whether it succeeded.
fn session(script: &str) -> Vec<(bool, String)> {
    let mut engine = Engine::new(Level::EASY, 1);
    script
        .lines()
        .filter_map(|line| engine.handle_line(line))
        .map(|(text, _)| {
            assert!(
                text.ends_with("\n\n"),
                "every answer ends with a blank line: {text:?}"
            );
            let ok = text.starts_with('=');
            assert!(ok || text.starts_with('?'), "{text:?}");
            (
                ok,
                text[1..]
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .trim()
                    .to_string(),
            )
        })
        .collect()
}

#[test]
fn scripted_game_session() {
    let answers = session(
        "protocol_version
        name
        7 version
        boardsize 9
        clear_board
        komi 6.5
        kgs-rules japanese
        play b e5
        play w e5
        play w d5
        play w f5
        play b pass
        play w e4
        play w e6
        list_stones white
        list_stones black
        undo
        list_stones white
        is_legal b e6
        is_legal w e5
        time_settings 300 30 5
        time_left b 290 0
        genmove b
        final_score
        known_command genmove
        known_command fly
        quit",
    );
    let expect: Vec<(bool, &str)> = vec![
        (true, "2"),
        (true, "Tengen"),
        (true, env!("CARGO_PKG_VERSION")),
        (true, ""),
        (true, ""),
        (true, ""),
        (true, ""),
        (true, ""),
        (false, "illegal move: point occupied"),
        (true, ""),
        (true, ""),
        (true, ""),
        (true, ""),
        (true, ""),            // W E6 captures E5: white to move twice in a row is fine in GTP
        (true, "E6 D5 F5 E4"), // rows from the top
        (true, ""),
        (true, ""),
        (true, "D5 F5 E4"),
        (true, "1"),
        (true, "0"), // suicide for white
        (true, ""),
        (true, ""),
    ];
    for (i, (want_ok, want)) in expect.iter().enumerate() {
        assert_eq!(
            (answers[i].0, answers[i].1.as_str()),
            (*want_ok, *want),
            "answer {i}"
        );
    }
    let genmove = &answers[expect.len()].1;
    assert!(genmove == "pass" || genmove.len() >= 2, "{genmove}");
    assert!(answers[expect.len() + 1].1.starts_with('W') || answers[expect.len() + 1].1.starts_with('B'));
    assert_eq!(answers[expect.len() + 2].1, "true");
    assert_eq!(answers[expect.len() + 3].1, "false");
}

#[test]
fn garbage_gets_errors_and_the_engine_lives_on() {
    let answers = session(
        "fly to the moon
        boardsize 0
        boardsize 25
        boardsize nine
        komi much
        komi NaN
        play
        play b
        play green e5
        play b z9
        play b i5
        play b e99
        genmove purple
        kgs-rules chess
        final_status_list maybe
        undo
        loadsgf /nonexistent/file.sgf
        time_left b -3 0
        10 known_command
        # only a comment
        \t  \t
        protocol_version",
    );
    let errors = answers.iter().filter(|(ok, _)| !ok).count();
    assert_eq!(errors, answers.len() - 1, "{answers:?}");
    assert_eq!(answers.last().unwrap(), &(true, "2".to_string()));
    assert_eq!(answers[0].1, "unknown command");
    assert_eq!(answers[2].1, "unacceptable size");
}

#[test]
fn ids_are_echoed() {
    let mut engine = Engine::new(Level::NORMAL, 0);
    assert_eq!(engine.handle_line("42 name").unwrap().0, "=42 Tengen\n\n");
    assert_eq!(
        engine.handle_line("43 nonsense").unwrap().0,
        "?43 unknown command\n\n"
    );
    assert_eq!(engine.handle_line("   "), None);
    assert_eq!(engine.handle_line("quit").unwrap(), ("=\n\n".to_string(), true));
}

#[test]
fn sgf_out_and_back_in() {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    let mut engine = Engine::new(Level::EASY, 3);
    for line in ["boardsize 9", "kgs-rules korean", "komi 0.5"] {
        engine.handle_line(line).unwrap();
    }
    for _ in 0..30 {
        engine.handle_line("genmove b").unwrap();
        engine.handle_line("genmove w").unwrap();
    }
    // Passes do not end a GTP game, and a record that ends with them loads with them.
    for line in ["play b pass", "play w pass"] {
        engine.handle_line(line).unwrap();
    }
    let (printed, _) = engine.handle_line("printsgf").unwrap();
    assert!(printed.trim_end().ends_with(";B[]\n;W[]\n)"), "{printed}");
    engine
        .handle_line(&format!("printsgf {}", file.display()))
        .unwrap();
    let mut other = Engine::new(Level::EASY, 4);
    assert!(
        other
            .handle_line(&format!("loadsgf {}", file.display()))
            .unwrap()
            .0
            .starts_with('=')
    );
    assert_eq!(other.game().board(), engine.game().board());
    assert_eq!(other.game().komi(), 0.5);
    assert_eq!(other.game().rules(), tengen_rules::RuleSet::Korean);
    assert_eq!(other.handle_line("printsgf").unwrap().0, printed);
    assert!(
        other.handle_line("genmove b").unwrap().0.starts_with("= "),
        "play goes on"
    );
    // Loading up to move 11 leaves ten moves played.
    other
        .handle_line(&format!("loadsgf {} 11", file.display()))
        .unwrap();
    assert_eq!(other.game().move_number(), 10);
    std::fs::write(dir.join("bad.sgf"), "(;SZ[9];B[ee];W[ee])").unwrap();
    let (bad, _) = other
        .handle_line(&format!("loadsgf {}", dir.join("bad.sgf").display()))
        .unwrap();
    assert!(bad.starts_with("? cannot load file: SGF node 2"), "{bad}");
    assert_eq!(other.game().move_number(), 10, "a failed load keeps the game");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn fixed_handicap_places_the_standard_stones() {
    let answers = session(
        "boardsize 19
        komi 0.5
        fixed_handicap 4
        list_stones black
        fixed_handicap 2
        clear_board
        fixed_handicap 1
        fixed_handicap 10
        boardsize 9
        fixed_handicap 6
        fixed_handicap 5
        genmove white
        final_score",
    );
    let texts: Vec<&str> = answers.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts[2], "D16 Q16 D4 Q4");
    assert_eq!(texts[3], texts[2]);
    assert_eq!(answers[4], (false, "board not empty".into()));
    assert_eq!(answers[6], (false, "invalid handicap".into()));
    assert_eq!(answers[7], (false, "invalid handicap".into()));
    assert_eq!(
        answers[9],
        (false, "invalid handicap".into()),
        "9x9 stops at five"
    );
    assert_eq!(texts[10], "C7 G7 E5 C3 G3");
    assert!(answers[11].0 && answers[12].0, "{answers:?}");
}

/// `loadsgf` reads files in other character sets and stops before move n, set-up included.
#[test]
fn loadsgf_reads_what_other_programs_write() {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("gb2312.sgf");
    // CA[GB2312], names in GB2312, HA[0], handicap-less AB in the node after the root, passes
    // after two passes, no closing parenthesis.
    let bytes = b"(;GM[1]FF[4]CA[GB2312]SZ[9]HA[0]PB[\xb9\xc5\xc1\xa6];AB[cc];W[ee];B[];W[];B[];W[gg]";
    std::fs::write(&file, bytes).unwrap();
    let mut engine = Engine::new(Level::EASY, 5);
    let answer = |engine: &mut Engine, line: &str| engine.handle_line(line).unwrap().0;
    assert_eq!(
        answer(&mut engine, &format!("loadsgf {}", file.display())),
        "=\n\n"
    );
    assert_eq!(engine.game().move_number(), 5);
    assert_eq!(engine.game().info.black, "古力");
    assert_eq!(answer(&mut engine, "list_stones black"), "= C7\n\n");
    assert_eq!(answer(&mut engine, "list_stones white"), "= E5 G3\n\n");
    assert_eq!(
        answer(&mut engine, &format!("loadsgf {} 1", file.display())),
        "=\n\n"
    );
    assert_eq!(answer(&mut engine, "list_stones black"), "= C7\n\n");
    assert_eq!(engine.game().move_number(), 0);
    assert!(
        answer(&mut engine, "play b pass").starts_with('='),
        "play goes on after loading"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn binary_survives_bytes_that_are_not_text() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen-gtp"))
        .args(["--level", "easy", "--seed", "9"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input
        .write_all(b"\xff\xfe\x00garbage\n\x1b[2J\nboardsize 9\ngenmove b\nshowboard\nname\n")
        .unwrap();
    drop(input); // end of input ends the engine
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 6, "{text}");
    assert!(answers[0].starts_with('?') && answers[1].starts_with('?'));
    assert!(answers[4].contains(" A B C D E F G H J"), "{text}");
    assert_eq!(answers[5], "= Tengen");

    let bad_flag = Command::new(env!("CARGO_BIN_EXE_tengen-gtp"))
        .arg("--level")
        .arg("godlike")
        .output()
        .unwrap();
    assert_eq!(bad_flag.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_flag.stderr).contains("unknown level godlike"));
}

/// Every step of the ladder by number, and R10's names, play a move through the binary; numbers
/// off the ladder are refused.
#[test]
fn binary_takes_every_level_by_number_and_by_name() {
    let numbers = Level::ALL.map(|l| l.number().to_string());
    let names = ["easy", "normal", "hard", "EASY", "Hard"];
    for level in numbers.iter().map(String::as_str).chain(names) {
        let out = first_move(&["--level", level, "--simulations", "50"]);
        assert!(out.status.success(), "level {level}");
        let text = String::from_utf8(out.stdout).unwrap();
        let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
        let played = answers[1].strip_prefix("= ").unwrap();
        assert_eq!(answers[2], format!("= {played}"), "level {level}: {text}");
    }
    for bad in [
        "0".to_string(),
        (Level::MAX + 1).to_string(),
        "-1".into(),
        "medium".into(),
    ] {
        let refused = Command::new(env!("CARGO_BIN_EXE_tengen-gtp"))
            .args(["--level", &bad])
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(&format!("unknown level {bad}")), "{stderr}");
        assert!(
            stderr.contains("--level 1.."),
            "the usage names the numbers: {stderr}"
        );
    }
}

/// A weakened step decides by its own number of simulations, not the clock: the same game for
/// the same seed.
#[test]
fn a_middle_level_plays_the_same_game_for_the_same_seed() {
    let level = Level::new(Level::MAX / 2).unwrap();
    let play = |seed| {
        let mut engine = Engine::new(level, seed);
        engine.handle_line("boardsize 9").unwrap();
        genmoves(&mut engine, 12)
    };
    let first = play(3);
    assert!(
        first.iter().all(|a| a.starts_with("= ") && a.trim().len() > 2),
        "{first:?}"
    );
    assert_eq!(play(3), first);
    assert_ne!(play(4), first, "another seed, another game");
}

/// The engine started with `args`, asked for Black's first move on 9×9 and the stones after it.
fn first_move(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tengen-gtp"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"boardsize 9\ngenmove b\nlist_stones black\n")?;
            child.wait_with_output()
        })
        .unwrap()
}

#[test]
fn binary_plays_the_hard_level_on_threads() {
    let out = first_move(&["--level", "hard", "--threads", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 3, "{text}");
    let played = answers[1].strip_prefix("= ").unwrap();
    assert_eq!(answers[2], format!("= {played}"), "the move is on the board");

    for bad in ["0", "many"] {
        let refused = Command::new(env!("CARGO_BIN_EXE_tengen-gtp"))
            .args(["--threads", bad])
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&refused.stderr).contains("bad thread count"));
    }
}

#[test]
fn genmove_still_answers_on_an_almost_empty_clock() {
    let mut engine = Engine::new(Level::HARD, 1);
    engine.handle_line("boardsize 9").unwrap();
    engine.handle_line("time_left b 0.001 1").unwrap();
    let (answer, _) = engine.handle_line("genmove b").unwrap();
    assert!(answer.starts_with("= ") && answer.trim().len() > 2, "{answer:?}");
    assert_eq!(engine.game().move_number(), 1);
}

/// The engine's answers to `n` genmoves, Black first, then alternating.
fn genmoves(engine: &mut Engine, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let color = if i % 2 == 0 { "b" } else { "w" };
            engine.handle_line(&format!("genmove {color}")).unwrap().0
        })
        .collect()
}

#[test]
fn a_fixed_simulation_count_plays_the_same_game_for_the_same_seed() {
    let play = || {
        let mut engine = Engine::new(Level::HARD, 7).with_simulations(500);
        engine.handle_line("boardsize 9").unwrap();
        genmoves(&mut engine, 6)
    };
    let first = play();
    assert!(
        first.iter().all(|a| a.starts_with("= ") && a.trim().len() > 2),
        "{first:?}"
    );
    assert_eq!(play(), first, "no clock, so nothing but the seed decides");

    let refused = Command::new(env!("CARGO_BIN_EXE_tengen-gtp"))
        .args(["--simulations", "0"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("bad simulation count"));
}

#[test]
fn engines_from_nearby_seeds_do_not_fall_into_step() {
    // Seed 1 one move ahead of seed 2: the next ten random games' moves must differ.
    let moves = |seed: u64, skip: usize| {
        let mut engine = Engine::uniform_random(seed);
        engine.handle_line("boardsize 9").unwrap();
        for _ in 0..skip {
            engine.handle_line("genmove b").unwrap();
            engine.handle_line("clear_board").unwrap();
        }
        genmoves(&mut engine, 10)
    };
    assert_ne!(moves(1, 1), moves(2, 0));
    assert_eq!(
        moves(1, 1),
        moves(1, 1),
        "the same seed still plays the same moves"
    );
}

/// Answers stay well-formed whatever a file holds (an empty line ends a GTP answer): every file
/// of the rules' SGF corpus damaged twenty ways — bytes changed to brackets, line breaks and
/// the like, blank lines put in, cut short — and loaded: each answer ends with its one blank
/// line and has none inside; an error is one line.
#[test]
fn damaged_files_get_well_formed_answers() {
    use rand::{Rng, SeedableRng};
    // Read at run time, not compile time: the target directory is shared between clones.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo");
    let corpus = std::path::Path::new(&manifest).join("../rules/tests/data/sgf");
    let dir = std::env::temp_dir().join(format!("tengen-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut engine = Engine::new(Level::EASY, 1);
    let (mut loaded, mut refused) = (0, 0);
    for entry in std::fs::read_dir(&corpus).unwrap() {
        let original = std::fs::read(entry.unwrap().path()).unwrap();
        for k in 0..20 {
            let mut bytes = original.clone();
            if k % 2 == 0 {
                for _ in 0..rng.random_range(1..8) {
                    let at = rng.random_range(0..bytes.len());
                    bytes[at] = b"\n\r()[];\\ :"[rng.random_range(0..10)];
                }
            }
            if k % 3 == 0 {
                let at = rng.random_range(0..bytes.len());
                bytes.splice(at..at, b"\n\n\r\n".iter().copied());
            }
            if k % 4 == 1 {
                bytes.truncate(rng.random_range(0..bytes.len()));
            }
            let file = dir.join(format!("damaged-{k}.sgf"));
            std::fs::write(&file, &bytes).unwrap();
            let (text, _) = engine
                .handle_line(&format!("loadsgf {}", file.display()))
                .unwrap();
            let body = text.strip_suffix("\n\n").unwrap_or_else(|| panic!("{text:?}"));
            assert!(!body.contains("\n\n") && !body.ends_with('\n'), "{text:?}");
            if body.starts_with('?') {
                assert!(!body.contains('\n'), "an error on one line: {text:?}");
                refused += 1;
            }
            loaded += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(loaded >= 1000 && refused > 0, "{loaded} files, {refused} refused");
}

/// `tengen-analyse`: the review's analysis of the position, Black's chance, the best move and
/// Black's lead after it — on 9×9 with komi 7.5 after Black's centre stone, about even; with
/// eight stones against White's four, which are in atari, Black far ahead.
#[test]
fn the_review_analysis_over_gtp() {
    let answers = session(
        "boardsize 9\nclear_board\nkomi 7.5\nplay b E5\ntengen-analyse\n\
         clear_board\nplay b C5\nplay b C4\nplay b D3\nplay b E3\nplay b F3\nplay b G4\nplay b F5\n\
         play b D6\nplay w D5\nplay w D4\nplay w E4\nplay w F4\ntengen-analyse",
    );
    let parse = |(ok, text): &(bool, String)| -> (f32, String, f32) {
        assert!(ok, "{text}");
        let words: Vec<&str> = text.split(' ').collect();
        assert_eq!(words.len(), 3, "{text}");
        (
            words[0].parse().unwrap(),
            words[1].to_string(),
            words[2].parse().unwrap(),
        )
    };
    let (chance, best, lead) = parse(&answers[4]);
    assert!((0.0..=1.0).contains(&chance), "{chance}");
    assert_ne!(best, "E5");
    assert!(tengen_rules::parse_vertex(9, &best).is_some(), "{best}");
    assert!(lead.abs() < 15.0, "an even game: {lead}");
    let (chance, _, lead) = parse(answers.last().unwrap());
    assert!(chance > 0.8 && lead > 10.0, "{chance} {lead}");
}

/// The info entries of one `lz-analyze` line: (move, visits, win rate, order, pv).
fn infos(line: &str) -> Vec<(String, u32, u32, usize, Vec<String>)> {
    line.split("info ")
        .filter(|e| !e.trim().is_empty())
        .map(|entry| {
            let words: Vec<&str> = entry.split_whitespace().collect();
            let value = |key: &str| words[words.iter().position(|w| *w == key).unwrap() + 1];
            let pv_at = words.iter().position(|w| *w == "pv").unwrap();
            (
                value("move").to_string(),
                value("visits").parse().unwrap(),
                value("winrate").parse().unwrap(),
                value("order").parse().unwrap(),
                words[pv_at + 1..].iter().map(|w| w.to_string()).collect(),
            )
        })
        .collect()
}

/// `lz-analyze` as Lizzie and Sabaki use it: "=id" at once, then a line of candidates every
/// interval, until the next command ends the answer with an empty line and is answered as usual.
#[test]
fn lz_analyze_streams_candidates_until_the_next_command() {
    let (send, lines) = std::sync::mpsc::channel();
    for line in [
        "boardsize 9",
        "clear_board",
        "play b E5",
        "5 lz-analyze w 20 maxmoves 4",
    ] {
        send.send(line.to_string()).unwrap();
    }
    let mut engine = Engine::new(Level::HARD, 2);
    let asker = std::thread::spawn(move || {
        // Long enough for a few lines of 0.2 s each.
        std::thread::sleep(std::time::Duration::from_millis(900));
        for line in ["lz-analyze b bogus", "6 name", "quit"] {
            send.send(line.to_string()).unwrap();
        }
    });
    let mut out = Vec::new();
    tengen_ai::gtp::serve(&mut engine, &lines, &mut out).unwrap();
    asker.join().unwrap();
    let out = String::from_utf8(out).unwrap();
    let (analysis, rest) = out.split_once("=5\n").expect("the answer opens with =5 alone");
    assert_eq!(analysis, "=\n\n=\n\n=\n\n");
    let (streamed, after) = rest.split_once("\n\n").expect("an empty line ends it");
    assert_eq!(after, "? unknown lz-analyze argument bogus\n\n=6 Tengen\n\n=\n\n");
    let reports: Vec<&str> = streamed.lines().collect();
    assert!(reports.len() >= 2, "a line every 0.2 s: {reports:?}");
    let mut visits_before = 0;
    for report in &reports {
        let entries = infos(report);
        assert!((1..=4).contains(&entries.len()), "maxmoves 4: {report}");
        for (i, (mv, visits, winrate, order, pv)) in entries.iter().enumerate() {
            assert_eq!(*order, i);
            assert!(*winrate <= 10_000 && *visits > 0, "{report}");
            assert_ne!(mv, "E5", "not the occupied point");
            assert_eq!(pv.first(), Some(mv), "the variation starts with its move");
            if i > 0 {
                assert!(*visits <= entries[i - 1].1, "most visited first: {report}");
            }
        }
        // The search goes on between lines.
        let visits: u32 = entries.iter().map(|e| e.1).sum();
        assert!(visits >= visits_before, "{reports:?}");
        visits_before = visits;
    }
}
