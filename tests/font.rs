//! No tofu: every character the app can show — any non-ASCII character in the game's sources
//! (every word it shows is in `src/i18n`; the rules and AI crates show none), plus printable
//! ASCII — has a glyph in both shipped fonts. Re-run `tools/subset-font.sh` after adding wording.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(std::fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn the_font_covers_every_character_the_app_uses() {
    // Read when the test runs (cargo sets it), not baked in when it compiles: a binary built
    // by another clone into the shared target directory would look in that clone.
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let mut texts = Vec::new();
    sources(&root.join("src"), &mut texts);
    for file in ["tengen-sc.otf", "tengen-serif-sc.otf"] {
        let font = std::fs::read(root.join("assets/fonts").join(file)).unwrap();
        let face = ttf_parser::Face::parse(&font, 0).expect("a readable font");
        let mut missing: Vec<char> = texts
            .iter()
            .flat_map(|t| t.chars())
            .chain((0x20u8..0x7f).map(char::from))
            .filter(|c| !c.is_control() && face.glyph_index(*c).is_none())
            .collect();
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "run tools/subset-font.sh: {file} lacks {missing:?}"
        );
    }
    assert!(
        texts.iter().any(|t| t.contains("禁入点：不能自杀")),
        "the R4 wording is in the sources"
    );
}
