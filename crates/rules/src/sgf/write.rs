//! A game to SGF FF[4], UTF-8, one node per line.

use crate::game::{Game, Phase};
use crate::rules::Outcome;
use crate::{Color, Move, Point};

use super::point_text;

impl Game {
    /// The game as SGF FF[4] in UTF-8: a root with `GM SZ KM RU HA PB PW DT RE AP`, the initial
    /// stones (`AB`/`AW`) and, when White moves first, `PL[W]`; then a node per move, and a
    /// set-up node (`AB`/`AW`/`AE`) wherever stones were edited between moves. A game that
    /// ended by counting also marks each side's points in its last node with `TB`/`TW`: the
    /// empty points it surrounds and the dead stones taken off, as CGoban, KGS and Sabaki
    /// write and show them.
    pub fn to_sgf(&self) -> String {
        let mut root = Node::default();
        root.add("FF", ["4"]);
        root.add("GM", ["1"]);
        root.add("CA", ["UTF-8"]);
        root.add("AP", [format!("Tengen:{}", env!("CARGO_PKG_VERSION"))]);
        root.add("SZ", [self.size().to_string()]);
        root.add("KM", [self.komi().to_string()]);
        root.add("RU", [self.rules().sgf_name()]);
        if self.handicap() >= 2 {
            root.add("HA", [self.handicap().to_string()]);
        }
        for (id, value) in [
            ("PB", &self.info.black),
            ("PW", &self.info.white),
            ("DT", &self.info.date),
        ] {
            if !value.is_empty() {
                root.add(id, [escape(value)]);
            }
        }
        if let Phase::Over(outcome) = self.phase() {
            root.add("RE", [outcome.sgf()]);
        }
        let initial = self.initial_board();
        let stones = |color| {
            initial
                .points()
                .filter(move |&p| initial.color_at(p) == Some(color))
        };
        root.add("AB", stones(Color::Black).map(|p| self.point_text(p)));
        root.add("AW", stones(Color::White).map(|p| self.point_text(p)));
        if self.first_to_move() == Color::White {
            root.add("PL", ["W"]);
        }

        let mut nodes = vec![root];
        let mut edits = self.edits().iter().peekable();
        for (played, turn) in self.history().iter().enumerate() {
            let mut node = Node::default();
            let at = match turn.mv {
                Move::Place(p) => self.point_text(p),
                Move::Pass => String::new(),
            };
            node.add(if turn.color == Color::Black { "B" } else { "W" }, [at]);
            nodes.push(node);
            while let Some(edit) = edits.next_if(|e| e.after == played + 1) {
                let mut node = Node::default();
                for (id, color) in [
                    ("AB", Some(Color::Black)),
                    ("AW", Some(Color::White)),
                    ("AE", None),
                ] {
                    let points = edit.stones.iter().filter(|s| s.1 == color);
                    node.add(id, points.map(|&(p, _)| self.point_text(p)));
                }
                nodes.push(node);
            }
        }
        if let Phase::Over(Outcome::Score { .. }) = self.phase() {
            let score = &self.score();
            let board = self.board();
            let counted = |color| {
                board
                    .points()
                    .filter(move |&p| score.owner(p) == Some(color))
                    .filter(move |&p| board.color_at(p).is_none() || self.is_dead(p))
            };
            let last = nodes.last_mut().expect("the root at least");
            last.add("TB", counted(Color::Black).map(|p| self.point_text(p)));
            last.add("TW", counted(Color::White).map(|p| self.point_text(p)));
        }

        let mut text = String::from("(");
        for node in nodes {
            text.push_str(&node.text);
            text.push('\n');
        }
        text.push_str(")\n");
        text
    }

    fn point_text(&self, p: Point) -> String {
        point_text(self.board().coords(p))
    }
}

/// One node's text, properties added in order.
struct Node {
    text: String,
}

impl Default for Node {
    fn default() -> Node {
        Node { text: ";".into() }
    }
}

impl Node {
    /// Adds `id` with `values` (already escaped where they are text); nothing for no values.
    fn add<V: AsRef<str>>(&mut self, id: &str, values: impl IntoIterator<Item = V>) {
        let mut values = values.into_iter().peekable();
        if values.peek().is_none() {
            return;
        }
        self.text.push_str(id);
        for value in values {
            self.text.push('[');
            self.text.push_str(value.as_ref());
            self.text.push(']');
        }
    }
}

/// Text as a property value: `\` and `]` escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
