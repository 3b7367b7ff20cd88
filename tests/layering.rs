//! Imports go one way: no chain of `use crate::…` between the game's source files leads back to
//! where it started. A folder's `mod.rs` (and `lib.rs`) puts its children together: adding a
//! child's plugin is not an import, but re-exporting a child's items (`pub use child::X`) is —
//! whoever imports `folder::X` depends on that child.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each source file as its module path (`game::board::view`), with its text.
fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path: PathBuf = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let name = match (prefix, stem.as_str()) {
            (_, "lib" | "main") => String::new(),
            (p, "mod") => p.to_string(),
            ("", s) => s.to_string(),
            (p, s) => format!("{p}::{s}"),
        };
        if path.is_dir() {
            modules(&path, &name_of_dir(prefix, &stem), out);
        } else if path.extension().is_some_and(|e| e == "rs") && stem != "main" {
            out.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
}

fn name_of_dir(prefix: &str, dir: &str) -> String {
    if prefix.is_empty() {
        dir.to_string()
    } else {
        format!("{prefix}::{dir}")
    }
}

/// The modules `text` (the source of `module`) refers to: `crate::a::b` and `super::c` paths,
/// including grouped imports such as `use crate::{a, b::c}`, resolved to the longest known
/// module.
fn references(module: &str, text: &str, known: &BTreeMap<String, String>) -> Vec<String> {
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    // A file's unit tests (`mod tests { use super::*; }`) are the file itself.
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let mut found = Vec::new();
    let mut resolve = |path: &str| {
        let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
        while !parts.is_empty() {
            let candidate = parts.join("::");
            if known.contains_key(&candidate) {
                found.push(candidate);
                return;
            }
            parts.pop();
        }
    };
    for (start, root) in [("crate::", ""), ("super::", parent)] {
        for (i, _) in text.match_indices(start) {
            let rest = &text[i + start.len()..];
            let end = rest
                .find(|c: char| {
                    !(c.is_alphanumeric()
                        || c == '_'
                        || c == ':'
                        || c == '{'
                        || c == ','
                        || c == ' '
                        || c == '\n'
                        || c == '}')
                })
                .unwrap_or(rest.len());
            let body = &rest[..end];
            // `a::{b, c::d}` → `a::b`, `a::c::d`; a plain path as it is.
            let (head, group) = match body.find('{') {
                Some(open) => (&body[..open], body[open + 1..].split('}').next().unwrap_or("")),
                None => (body.split([' ', ',', '\n', '}']).next().unwrap_or(""), ""),
            };
            let base = if root.is_empty() {
                head.to_string()
            } else {
                format!("{root}::{head}")
            };
            if group.is_empty() {
                resolve(&base);
            } else {
                for item in group.split(',') {
                    resolve(&format!("{base}{}", item.trim()));
                }
            }
        }
    }
    found.retain(|m| m != module && !is_child(module, m));
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("pub use ") {
            let child = rest.split("::").next().unwrap_or("");
            let name = if module.is_empty() {
                child.to_string()
            } else {
                format!("{module}::{child}")
            };
            if known.contains_key(&name) {
                found.push(name);
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Whether `child` is a direct child of `parent` (`""` is the crate root).
fn is_child(parent: &str, child: &str) -> bool {
    match child.rsplit_once("::") {
        Some((p, _)) => p == parent,
        None => parent.is_empty(),
    }
}

#[test]
fn no_module_imports_lead_back_to_themselves() {
    let mut known = BTreeMap::new();
    // Read at run time, as in tests/font.rs: the target directory is shared between clones.
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    modules(&root.join("src"), "", &mut known);
    assert!(
        known.contains_key("game::board::view") && known.contains_key(""),
        "{:?}",
        known.keys()
    );
    let graph: BTreeMap<&str, Vec<String>> = known
        .iter()
        .map(|(m, text)| (m.as_str(), references(m, text, &known)))
        .collect();
    assert!(
        graph["game::input"].contains(&"game::intents".to_string()),
        "references are found: {:?}",
        graph["game::input"]
    );
    // Depth-first search for a cycle, reporting it.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<&str, Vec<String>>,
        path: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
    ) {
        if done.contains(&m) {
            return;
        }
        if let Some(i) = path.iter().position(|p| *p == m) {
            panic!("imports go round: {} → {m}", path[i..].join(" → "));
        }
        path.push(m);
        for next in &graph[m] {
            visit(next, graph, path, done);
        }
        path.pop();
        done.push(m);
    }
    let mut done = Vec::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
}
