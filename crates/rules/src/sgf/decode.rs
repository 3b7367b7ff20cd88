//! Bytes to text: which character set an SGF file is written in.
//!
//! In order:
//! 1. A byte-order mark decides (UTF-8, UTF-16LE, UTF-16BE) and `CA` is not looked at.
//! 2. The root's `CA`, when it names a character set `encoding_rs` knows (WHATWG labels such as
//!    `GB2312`, `GBK`, `GB18030`, `Big5`, `Shift_JIS`, `MS_Kanji`, `EUC-KR`, `ISO-8859-1`,
//!    `UTF-8`, plus the code-page names programs write: `CP936`, `CP949`, `UHC`, `CP950`,
//!    `CP932`). `CA` is read with each byte taken as one character, which is safe because the
//!    syntax around it is ASCII. A file read that way is not UTF-16, so a `CA` naming UTF-16 is
//!    wrong and ignored (a real UTF-16 file has a byte-order mark), as are labels WHATWG maps to
//!    its "replacement" decoder (ISO-2022-KR and the like), which would blank the whole file.
//! 3. Without a usable `CA`, FF[4] says ISO-8859-1, but many programs write UTF-8 without
//!    saying so, and Chinese programs (MultiGo and others) write GB2312 without saying so. So:
//!    UTF-8 when the bytes are valid UTF-8 (Latin-1 text with accents almost never is); else
//!    GB18030 when the non-ASCII bytes read as GB2312 text (see `looks_like_gb2312`: Tengen's
//!    players are mostly Chinese, and Korean or Japanese files without `CA` are rarer); else
//!    Windows-1252, the superset of ISO-8859-1 that browsers use for it.
//!
//! The whole file is decoded before it is parsed, so a double-byte character whose second byte
//! is `]` or `\` (Shift_JIS, Big5, GBK) stays one character and cannot end a value. Bytes that
//! are not valid in the chosen set become U+FFFD; they can only be in text, never in a move.

use encoding_rs::{Encoding, GB18030, REPLACEMENT, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

use super::parse;

/// The text of an SGF file.
pub(crate) fn decode(bytes: &[u8]) -> String {
    let (encoding, bom) = match Encoding::for_bom(bytes) {
        Some((encoding, bom)) => (encoding, bom),
        None => (declared(bytes).unwrap_or_else(|| undeclared(bytes)), 0),
    };
    encoding.decode_without_bom_handling(&bytes[bom..]).0.into_owned()
}

/// The character set the root's `CA` names, if any and known.
fn declared(bytes: &[u8]) -> Option<&'static Encoding> {
    let as_latin1: String = bytes.iter().map(|&b| char::from(b)).collect();
    let nodes = parse::parse(&as_latin1).ok()?;
    let ca = nodes[0].properties.iter().find(|p| p.id == "CA")?;
    charset(ca.values.first()?).filter(|&e| e != REPLACEMENT && e != UTF_16LE && e != UTF_16BE)
}

/// An encoding for a `CA` value.
fn charset(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    Encoding::for_label(label.as_bytes()).or_else(|| {
        let squeezed: String = label
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let name = match squeezed.as_str() {
            "cp936" | "ms936" => "gbk",
            "cp949" | "uhc" | "ms949" => "euc-kr",
            "cp950" | "ms950" => "big5",
            "cp932" | "ms932" | "sjis" => "shift_jis",
            "utf8" => "utf-8",
            _ => return None,
        };
        Encoding::for_label(name.as_bytes())
    })
}

/// The character set of a file that does not say.
fn undeclared(bytes: &[u8]) -> &'static Encoding {
    if std::str::from_utf8(bytes).is_ok() {
        UTF_8
    } else if looks_like_gb2312(bytes) {
        GB18030
    } else {
        WINDOWS_1252
    }
}

/// Whether the non-ASCII bytes read as GB2312 text rather than Latin-1. Every run of them must
/// be pairs of bytes in A1–FE, which a lone accented letter (an odd run) already fails. Two
/// accented letters in a row pass that test, but sit inside a word ("créé"): a two-byte run
/// straight after an ASCII letter counts for Latin-1, a run of two characters or more for
/// GB2312, and GB2312 wins a tie (a one-character name, "PW[白]").
fn looks_like_gb2312(bytes: &[u8]) -> bool {
    let (mut chinese, mut latin) = (0, 0);
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii() {
            i += 1;
        }
        let run = &bytes[start..i];
        if run.len() % 2 == 1 || !run.iter().all(|b| (0xA1..=0xFE).contains(b)) {
            return false;
        }
        if run.len() >= 4 {
            chinese += 1;
        } else if start > 0 && bytes[start - 1].is_ascii_alphabetic() {
            latin += 1;
        }
    }
    chinese >= latin
}
