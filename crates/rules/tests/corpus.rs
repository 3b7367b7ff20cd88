//! Real SGF files written by other programs (`tests/data/sgf`, each listed in
//! `tests/data/sgf/SOURCES` with its origin and what to expect), each loaded by our reader and by
//! GNU Go 3.8 (`loadsgf`), whose stones must agree at the end and part way (`loadsgf FILE n`).
//! Also: every prefix of some of them, and random bytes, give a game or an error, never a panic.
//!
//! `TENGEN_SGF_SWEEP=DIR cargo test -p tengen-rules --test corpus -- --ignored --nocapture` does
//! the comparison for every `.sgf` under DIR and prints each file where the two differ.

mod common;

use std::path::{Path, PathBuf};

use common::Gtp;
use proptest::prelude::*;
use tengen_rules::{Color, Game, SgfError, SgfReason, SgfTree, vertex_name};

/// The corpus folder, found when the test runs (cargo sets `CARGO_MANIFEST_DIR`) rather than
/// baked in at compile time: the target directory is shared between clones of the repository.
fn corpus() -> PathBuf {
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo")).join("tests/data/sgf")
}

/// Our game along the main line, whole or stopped before move `before`.
fn our_game(tree: &SgfTree, before: Option<usize>) -> Result<Game, SgfError> {
    let line = tree.main_line();
    match before {
        None => tree.game(&line),
        Some(n) => tree.game_before_move(&line, n),
    }
}

/// Compares our stones with GNU Go's after `loadsgf file` (`None`) or `loadsgf file n`.
fn agree_at(gtp: &mut Gtp, file: &Path, tree: &SgfTree, stops: &[Option<usize>]) -> Result<(), String> {
    for &before in stops {
        let ours = our_game(tree, before).map_err(|e| format!("we refuse: {e}"))?;
        let command = match before {
            None => format!("loadsgf {}", file.display()),
            Some(n) => format!("loadsgf {} {n}", file.display()),
        };
        gtp.try_one(&command).map_err(|e| format!("GNU Go: {e}"))?;
        for color in [Color::Black, Color::White] {
            let (mine, theirs) = (common::stones(ours.board(), color), gtp.stones(color));
            if mine != theirs {
                let only_ours: Vec<_> = mine.difference(&theirs).collect();
                let only_theirs: Vec<_> = theirs.difference(&mine).collect();
                return Err(format!(
                    "`{command}`: {color:?} stones only ours {only_ours:?}, only GNU Go's {only_theirs:?}"
                ));
            }
        }
    }
    Ok(())
}

/// The end and two points part way, for a game of `moves` moves.
fn stops(moves: usize) -> Vec<Option<usize>> {
    let mut stops = vec![None];
    stops.extend(
        [moves / 3, 2 * moves / 3]
            .into_iter()
            .filter(|&n| n >= 1)
            .map(Some),
    );
    stops.dedup();
    stops
}

fn load(path: &Path) -> Result<(SgfTree, Game), SgfError> {
    let tree = SgfTree::from_bytes(&std::fs::read(path).unwrap())?;
    let game = our_game(&tree, None)?;
    Ok((tree, game))
}

/// Files named in SOURCES with their EXPECT word.
fn listed() -> Vec<(String, String)> {
    std::fs::read_to_string(corpus().join("SOURCES"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split(" | ").collect();
            assert_eq!(fields.len(), 6, "SOURCES line has six fields: {l}");
            let expect = fields[3].split(':').next().unwrap().trim();
            (fields[0].to_string(), expect.to_string())
        })
        .collect()
}

fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_corpus_file_is_listed_in_sources() {
    let mut listed: Vec<String> = listed().into_iter().map(|(f, _)| f).collect();
    let mut present: Vec<String> = sgf_files(&corpus())
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    listed.sort();
    present.sort();
    assert_eq!(listed, present);
    assert!(present.len() >= 40, "a corpus of at least 40 files");
}

#[test]
fn corpus_loads_with_the_stones_gnu_go_has() {
    let mut gtp = Gtp::start();
    let (mut files, mut positions) = (0, 0);
    for (name, expect) in listed() {
        let path = corpus().join(&name);
        let loaded = load(&path);
        let result = match expect.as_str() {
            "agree" => loaded
                .map_err(|e| format!("we refuse: {e}"))
                .and_then(|(tree, game)| {
                    let stops = stops(game.move_number());
                    positions += stops.len();
                    agree_at(&mut gtp, &path, &tree, &stops)
                }),
            "ae" => loaded
                .map_err(|e| format!("we refuse: {e}"))
                .and_then(|(tree, _)| {
                    let stops = stops_before_first_ae(&tree);
                    positions += stops.len();
                    check_ae_applied(&tree)?;
                    agree_at(&mut gtp, &path, &tree, &stops)
                }),
            "utf16" => loaded
                .map_err(|e| format!("we refuse: {e}"))
                .and_then(|(tree, game)| {
                    let utf8 = utf16_as_utf8(&path);
                    let stops = stops(game.move_number());
                    positions += stops.len();
                    agree_at(&mut gtp, &utf8, &tree, &stops)
                }),
            "refuse" => match loaded {
                Ok(_) => Err("we load a file SOURCES says we refuse".into()),
                Err(SgfError {
                    reason: SgfReason::Illegal { number, .. },
                    ..
                }) => {
                    // GNU Go keeps the position before the move it cannot play: so must we,
                    // when asked to stop there.
                    let tree = SgfTree::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
                    positions += 1;
                    agree_at(&mut gtp, &path, &tree, &[Some(number)])
                        .and_then(|()| compare_final_with(&mut gtp, &path, &tree, number))
                }
                Err(e) => Err(format!("refused for another reason: {e}")),
            },
            other => Err(format!("unknown EXPECT {other}")),
        };
        if let Err(e) = result {
            panic!("{name} ({expect}): {e}");
        }
        files += 1;
    }
    eprintln!("SGF corpus: {files} files, {positions} positions, all as GNU Go 3.8 has them");
}

/// GNU Go's whole-file load of a record with an unplayable move equals ours stopped before it.
fn compare_final_with(gtp: &mut Gtp, path: &Path, tree: &SgfTree, number: usize) -> Result<(), String> {
    let ours = our_game(tree, Some(number)).map_err(|e| e.to_string())?;
    gtp.one(format!("loadsgf {}", path.display()));
    for color in [Color::Black, Color::White] {
        if common::stones(ours.board(), color) != gtp.stones(color) {
            return Err(format!(
                "GNU Go's whole load differs from ours before move {number}"
            ));
        }
    }
    Ok(())
}

/// Stops before the moves up to the first node with `AE` on the main line.
fn stops_before_first_ae(tree: &SgfTree) -> Vec<Option<usize>> {
    let line = tree.main_line();
    let first_ae = line
        .iter()
        .position(|&n| tree.property(n, "AE").is_some())
        .expect("an AE node");
    let moves = line[..first_ae]
        .iter()
        .filter(|&&n| tree.node_move(n).is_some())
        .count();
    assert!(moves >= 2, "moves to compare before the AE");
    vec![Some(moves / 2), Some(moves)]
}

/// Right after each `AE` node of the main line, its points are empty in our game.
fn check_ae_applied(tree: &SgfTree) -> Result<(), String> {
    let line = tree.main_line();
    for (i, &node) in line.iter().enumerate() {
        let Some(values) = tree.property(node, "AE") else {
            continue;
        };
        let game = tree.game(&line[..=i]).map_err(|e| e.to_string())?;
        for v in values {
            let b = v.as_bytes();
            let (c, r) = (b[0] - b'a', b[1] - b'a');
            let p = game.board().point(c, r);
            if game.board().color_at(p).is_some() {
                return Err(format!(
                    "AE[{v}] at node {i} left {}",
                    vertex_name(game.size(), c, r)
                ));
            }
        }
    }
    Ok(())
}

/// A UTF-8 copy of a UTF-16LE file (with byte-order mark) in the temporary directory.
fn utf16_as_utf8(path: &Path) -> PathBuf {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..2], b"\xff\xfe", "UTF-16LE byte-order mark");
    let units: Vec<u16> = bytes[2..]
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let text = String::from_utf16(&units).unwrap();
    let out = std::env::temp_dir().join(format!("tengen-corpus-{}-utf8.sgf", std::process::id()));
    std::fs::write(&out, text).unwrap();
    out
}

/// Character sets: names and comments in every encoding of the corpus read as written.
#[test]
fn corpus_text_decodes_in_its_character_set() {
    let info = |name: &str| load(&corpus().join(name)).unwrap().1.info;
    assert_eq!(info("sabaki-chinese.sgf").black, "古力", "GB2312");
    assert_eq!(info("sabaki-chinese.sgf").white, "柯洁");
    assert_eq!(info("sabaki-japanese.sgf").black, "井山 裕太", "Shift_JIS");
    assert_eq!(info("sabaki-korean.sgf").black, "이세돌", "EUC-KR");
    assert_eq!(info("sabaki-utf16le.sgf").white, "Go Seigen", "UTF-16LE");
    assert_eq!(
        info("sabaki-utf8bom.sgf").black,
        "Kitani Minoru",
        "UTF-8 with BOM"
    );
    assert_eq!(info("glgo-1.1-9handicap.sgf").white, "白", "GB2312 without CA");
    // Every comment of a file, in node order.
    let comments = |name: &str| {
        let tree = SgfTree::from_bytes(&std::fs::read(corpus().join(name)).unwrap()).unwrap();
        (0..tree.len())
            .filter_map(|n| tree.property(n, "C").map(|c| c[0].clone()))
            .collect::<Vec<_>>()
    };
    assert!(
        comments("multigo-4.2.1-no-ca.sgf")[0].starts_with("【第三型】"),
        "GBK without CA"
    );
    assert!(
        comments("jago-4.18-trevor42.sgf")
            .iter()
            .any(|c| c.starts_with("盘面")),
        "GB2312 without CA"
    );
    assert_eq!(comments("sabaki-japanese.sgf"), ["囲碁 is fun"]);
    assert_eq!(comments("sabaki-korean.sgf"), ["바둑 is fun"]);
    assert!(
        comments("manyfaces-10-tg-gg.sgf")[0].contains("créé"),
        "Latin-1 without CA"
    );
    assert!(
        comments("cgoban3-gifu2006-aya.sgf")
            .iter()
            .any(|c| c.contains("審判")),
        "UTF-8"
    );
}

#[test]
fn every_prefix_of_a_file_loads_or_is_refused() {
    for name in [
        "sabaki-chinese.sgf",
        "gnugo-printsgf-handicap.sgf",
        "jago-3.57-arb-game01.sgf",
        "sabaki-utf16le.sgf",
    ] {
        let bytes = std::fs::read(corpus().join(name)).unwrap();
        let (mut loaded, mut refused) = (0, 0);
        for end in 0..=bytes.len() {
            match Game::from_sgf_bytes(&bytes[..end]) {
                Ok(_) => loaded += 1,
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    refused += 1;
                }
            }
        }
        assert!(
            loaded > 0 && refused > 0,
            "{name}: {loaded} prefixes load, {refused} refused"
        );
    }
}

proptest! {
    /// No bytes make the reader panic.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Game::from_sgf_bytes(&bytes);
    }

    /// Nor do SGF-shaped bytes with odd values, variations and encodings.
    #[test]
    fn sgf_like_bytes_never_panic(text in "\\(;(CA\\[(GB2312|UTF-8|Big5|x)\\]|SZ\\[[0-9:]{1,3}\\]|HA\\[[0-9]\\]|KM\\[[0-9.,]{0,4}\\]|[BW]\\[[a-uA-Z]{0,3}\\]|A[BWE](\\[[a-u:]{0,5}\\]){1,3}|PL\\[[BW12]\\]|;|\\(|\\)|C\\[\\\\?[\\]a\u{4e00}]\\]){0,16}\\)?") {
        let _ = Game::from_sgf_bytes(text.as_bytes());
    }
}

#[test]
#[ignore = "a survey of a directory named by TENGEN_SGF_SWEEP"]
fn sweep() {
    let dir = std::env::var("TENGEN_SGF_SWEEP").expect("TENGEN_SGF_SWEEP=DIR");
    let mut gtp = Gtp::start();
    let files = sgf_files(Path::new(&dir));
    let mut agree = 0;
    for path in &files {
        let verdict = match load(path) {
            Err(e) => {
                let theirs = gtp.try_one(&format!("loadsgf {}", path.display()));
                Err(format!("we refuse: {e}; GNU Go: {theirs:?}"))
            }
            Ok((tree, game)) => agree_at(&mut gtp, path, &tree, &stops(game.move_number())),
        };
        if gtp.crashed {
            gtp = Gtp::start();
        }
        match verdict {
            Ok(()) => agree += 1,
            Err(e) => println!("{}: {e}", path.display()),
        }
    }
    println!("{agree} of {} files agree", files.len());
}
