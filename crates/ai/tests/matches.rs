//! A short match through the real binaries: tengen-match drives two tengen-gtp engines, writes
//! SGF and reports the win rate and think times. (The long ladder runs are reported in notes.)

use std::process::Command;

use tengen_rules::{Game, Phase};

#[test]
fn normal_beats_uniform_random_in_a_short_match() {
    let dir = std::env::temp_dir().join(format!("tengen-match-{}", std::process::id()));
    let gtp = env!("CARGO_BIN_EXE_tengen-gtp");
    let out = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(["--a", &format!("{gtp} --level normal --seed 1")])
        .args(["--b", &format!("{gtp} --level random --seed 2")])
        .args(["--games", "4", "--size", "9", "--sgf-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{text}"
    );
    assert!(
        text.contains("A wins 4/4"),
        "normal must beat random every time: {text}"
    );
    assert!(text.contains("95% interval"));
    assert!(text.contains("A think per move: mean"));
    for n in 1..=4 {
        let sgf = std::fs::read_to_string(dir.join(format!("game-{n:03}.sgf"))).unwrap();
        let game = Game::from_sgf(&sgf).unwrap();
        assert!(game.move_number() > 20, "game {n} was played out");
        assert!(sgf.contains("RE["), "game {n} has a result");
        assert!(matches!(game.phase(), Phase::Scoring | Phase::Playing) || sgf.contains("+R"));
    }
    std::fs::remove_dir_all(dir).ok();

    let usage = Command::new(env!("CARGO_BIN_EXE_tengen-match")).output().unwrap();
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("usage"));
}
