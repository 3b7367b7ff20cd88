//! SGF: reading the game records other programs write, and writing FF[4].
//!
//! Reading takes what real programs write (`decode` for character sets, `parse` for the
//! syntax, `load` for the game) and keeps one promise: the stones are never silently wrong.
//! What decides the stones — board size, moves, set-up stones, handicap — is understood or the
//! file is refused with an [`SgfError`] naming the node and the reason. Everything else is
//! information: read when it is useful (names, date, komi, rules), ignored otherwise, in
//! whatever form it comes (`AP` without a version, `HA[0]`, `TM` as text, `VW[]`, unknown
//! properties).
//!
//! [`SgfTree`] keeps the whole tree, so that variations can be listed and any line loaded;
//! [`crate::Game::from_sgf_bytes`] loads the main line (the first child at every node).

mod decode;
mod load;
mod parse;
mod write;

use crate::Color;
use crate::game::Refusal;

/// Why an SGF file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// The node at fault, counted from 0 at the root along the line being loaded; `None` when
    /// the file as a whole is unreadable.
    pub node: Option<usize>,
    pub reason: SgfReason,
}

/// What is wrong. The app words these for players; [`std::fmt::Display`] gives English for
/// logs and GTP.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfReason {
    /// No game tree — no `(` followed by `;` — in the file.
    NoGame,
    /// A character SGF does not allow where it stands, on `line` (from 1).
    Syntax { line: usize, found: char },
    /// The file ends inside a property value opened on `line`: it was cut off.
    Truncated { line: usize },
    /// `GM` names a game other than Go (`GM[1]`).
    NotGo(String),
    /// `SZ` is not a square board of 2 to 19 lines.
    BoardSize(String),
    /// A value that is not what the property needs (a move, a point, a number).
    BadValue { property: String, value: String },
    /// A point off the board.
    OffBoard { property: String, value: String },
    /// `HA` asks for fixed handicap stones (no `AB`, White first) that the board has no points
    /// for.
    Handicap(u8),
    /// Set-up stones leave a chain without liberties.
    NoLiberties,
    /// Move `number` (from 1) is refused by the rules.
    Illegal {
        number: usize,
        color: Color,
        /// (column, row from the top); `None` for a pass.
        at: Option<(u8, u8)>,
        refusal: Refusal,
    },
}

impl SgfError {
    fn file(reason: SgfReason) -> SgfError {
        SgfError { node: None, reason }
    }

    fn at(node: usize, reason: SgfReason) -> SgfError {
        SgfError {
            node: Some(node),
            reason,
        }
    }
}

impl std::fmt::Display for SgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.node {
            Some(n) => write!(f, "SGF node {n}: {}", self.reason),
            None => write!(f, "SGF: {}", self.reason),
        }
    }
}

impl std::fmt::Display for SgfReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SgfReason::NoGame => write!(f, "no game in the file"),
            SgfReason::Syntax { line, found } => write!(f, "line {line}: unexpected {found:?}"),
            SgfReason::Truncated { line } => {
                write!(f, "the file ends inside the value opened on line {line}")
            }
            SgfReason::NotGo(gm) => write!(f, "GM[{gm}] is not a game of Go"),
            SgfReason::BoardSize(sz) => write!(f, "board size SZ[{sz}] is not supported"),
            SgfReason::BadValue { property, value } => {
                write!(f, "{property}[{value}] cannot be read")
            }
            SgfReason::OffBoard { property, value } => {
                write!(f, "{property}[{value}] is off the board")
            }
            SgfReason::Handicap(n) => {
                write!(
                    f,
                    "HA[{n}] without AB: the board has no fixed points for {n} stones"
                )
            }
            SgfReason::NoLiberties => write!(f, "set-up stones leave a chain without liberties"),
            SgfReason::Illegal {
                number,
                color,
                at,
                refusal,
            } => {
                let letter = if *color == Color::Black { 'B' } else { 'W' };
                let point = at.map(point_text).unwrap_or_default();
                write!(f, "move {number} {letter}[{point}] is illegal: {}", refusal)
            }
        }
    }
}

impl std::error::Error for SgfError {}

/// SGF's two-letter form of (column, row from the top): "aa" is the upper left.
fn point_text((col, row): (u8, u8)) -> String {
    [col, row].iter().map(|&v| char::from(b'a' + v)).collect()
}

/// A whole SGF game tree as read, variations included. Nodes are numbered from 0 (the root);
/// every node's children are numbered after it, the first child being the main line.
#[derive(Clone, Debug)]
pub struct SgfTree {
    nodes: Vec<parse::Node>,
}

impl SgfTree {
    /// Reads the first game tree of a file, whatever its character set (see the `decode`
    /// module: a byte-order mark, else `CA`, else UTF-8, GB2312-shaped text or Latin-1).
    pub fn from_bytes(bytes: &[u8]) -> Result<SgfTree, SgfError> {
        SgfTree::from_text(&decode::decode(bytes))
    }

    /// Reads the first game tree of text already decoded (its `CA` is not looked at).
    pub fn from_text(text: &str) -> Result<SgfTree, SgfError> {
        Ok(SgfTree {
            nodes: parse::parse(text)?,
        })
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The nodes that follow `node`, the main line's first.
    pub fn children(&self, node: usize) -> &[usize] {
        &self.nodes[node].children
    }

    pub fn parent(&self, node: usize) -> Option<usize> {
        self.nodes[node].parent
    }

    /// The values of `node`'s first property named `id` (FF[4] name, such as "C" or "PB").
    pub fn property(&self, node: usize, id: &str) -> Option<&[String]> {
        self.nodes[node]
            .properties
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.values.as_slice())
    }

    /// The move a node makes, for listing variations: its colour and (column, row from the
    /// top), `None` for a pass. `None` for a node without a move or with an unreadable one
    /// (loading the line reports that).
    pub fn node_move(&self, node: usize) -> Option<(Color, Option<(u8, u8)>)> {
        self.nodes[node].properties.iter().find_map(|p| {
            let color = load::move_color(&p.id)?;
            load::move_point(p.values.first()?).ok().map(|at| (color, at))
        })
    }

    /// The main line: the root, then the first child of each node to the end.
    pub fn main_line(&self) -> Vec<usize> {
        self.line_through(0)
    }

    /// The line from the root through `node`, then on along first children to the end.
    pub fn line_through(&self, node: usize) -> Vec<usize> {
        let mut line = vec![node];
        while let Some(parent) = self.parent(line[line.len() - 1]) {
            line.push(parent);
        }
        line.reverse();
        while let Some(&next) = self.children(line[line.len() - 1]).first() {
            line.push(next);
        }
        line
    }

    /// The game along `line` (root first, each node a child of the one before, as
    /// [`SgfTree::line_through`] gives).
    pub fn game(&self, line: &[usize]) -> Result<crate::Game, SgfError> {
        load::load(self, line, None)
    }

    /// The game along `line` stopped before move `number` (from 1), as GTP `loadsgf FILE n` and
    /// GNU Go do: set-up before that move is applied, the move is not.
    pub fn game_before_move(&self, line: &[usize], number: usize) -> Result<crate::Game, SgfError> {
        load::load(self, line, Some(number))
    }

    fn properties(&self, node: usize) -> &[parse::Property] {
        &self.nodes[node].properties
    }
}

impl crate::Game {
    /// Loads the main line of the first game in an SGF file, whatever its character set.
    /// `RU` picks the rule set (Chinese when absent or unknown); `KM`, when present, overrides
    /// the rule set's komi; `HA` makes it a handicap game. Passes never end play while the
    /// record is replayed; if it ends with two, counting is where it stands.
    pub fn from_sgf_bytes(bytes: &[u8]) -> Result<crate::Game, SgfError> {
        let tree = SgfTree::from_bytes(bytes)?;
        tree.game(&tree.main_line())
    }

    /// [`crate::Game::from_sgf_bytes`] for text already decoded.
    pub fn from_sgf(text: &str) -> Result<crate::Game, SgfError> {
        let tree = SgfTree::from_text(text)?;
        tree.game(&tree.main_line())
    }
}
