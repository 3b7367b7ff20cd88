//! SGF FF[4] import and export through the `sgf-parse` crate. Only the main variation is read.
//! Every failure names the node (counted from 0 at the root) and, for moves, the move number.

use std::collections::HashSet;

use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SimpleText};

use crate::board::{Board, MAX_SIZE};
use crate::game::{Game, GameInfo, Phase};
use crate::rules::{Lang, RuleSet};
use crate::{Color, Move, Point};

/// Why an SGF text could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// The node at fault (0 = root), when one is to blame.
    pub node: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for SgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.node {
            Some(n) => write!(f, "SGF node {n}: {}", self.message),
            None => write!(f, "SGF: {}", self.message),
        }
    }
}

impl std::error::Error for SgfError {}

fn error(node: Option<usize>, message: impl Into<String>) -> SgfError {
    SgfError {
        node,
        message: message.into(),
    }
}

fn sgf_color(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

fn sgf_point_name(p: go::Point) -> String {
    format!("{}{}", (b'a' + p.x) as char, (b'a' + p.y) as char)
}

impl Game {
    /// Loads the main line of the first game in `text`. `RU` picks the rule set (Chinese when
    /// absent or unknown); `KM`, when present, overrides the rule set's komi.
    pub fn from_sgf(text: &str) -> Result<Game, SgfError> {
        let trees = go::parse(text).map_err(|e| error(None, e.to_string()))?;
        let root = trees.first().ok_or_else(|| error(None, "no game in the file"))?;

        let size = match root.get_property("SZ") {
            Some(Prop::SZ((w, h))) if w == h && (2..=MAX_SIZE as u8).contains(w) => *w,
            Some(Prop::SZ((w, h))) => {
                return Err(error(Some(0), format!("board size {w}x{h} is not supported")));
            }
            None => 19,
            Some(_) => return Err(error(Some(0), "unreadable SZ")),
        };
        let rules = match root.get_property("RU") {
            Some(Prop::RU(t)) => RuleSet::parse(&t.text).unwrap_or_default(),
            _ => RuleSet::default(),
        };
        let text_of = |id: &str| match root.get_property(id) {
            Some(Prop::PB(t) | Prop::PW(t) | Prop::DT(t)) => t.text.clone(),
            _ => String::new(),
        };

        let empty = Board::new(size);
        let to_point = |node: usize, p: go::Point| -> Result<Point, SgfError> {
            if p.x < size && p.y < size {
                Ok(empty.point(p.x, p.y))
            } else {
                Err(error(
                    Some(node),
                    format!("point {} is off the {size}x{size} board", sgf_point_name(p)),
                ))
            }
        };

        let mut setup = Vec::new();
        for prop in root.properties() {
            let (color, points) = match prop {
                Prop::AB(ps) => (Color::Black, ps),
                Prop::AW(ps) => (Color::White, ps),
                Prop::Invalid(id, values) => {
                    return Err(error(Some(0), format!("invalid property {id}{values:?}")));
                }
                _ => continue,
            };
            for &p in points {
                setup.push((to_point(0, p)?, color));
            }
        }
        let initial = Board::from_stones(size, &setup);
        if initial.has_dead_chain() {
            return Err(error(Some(0), "set-up stones leave a chain without liberties"));
        }
        let first = match root.get_property("PL") {
            Some(Prop::PL(c)) => sgf_color(*c),
            // Handicap stones only: white moves first.
            _ if setup.iter().all(|s| s.1 == Color::Black) && !setup.is_empty() => Color::White,
            _ => Color::Black,
        };

        let mut game = Game::with_setup(initial, first, rules);
        if let Some(Prop::KM(k)) = root.get_property("KM") {
            game.set_komi(*k as f32);
        }
        game.info = GameInfo {
            black: text_of("PB"),
            white: text_of("PW"),
            date: text_of("DT"),
        };

        for (node_index, node) in root.main_variation().enumerate() {
            for prop in node.properties() {
                match prop {
                    Prop::AB(_) | Prop::AW(_) | Prop::AE(_) if node_index > 0 => {
                        return Err(error(
                            Some(node_index),
                            "set-up stones after the root are not supported",
                        ));
                    }
                    Prop::Invalid(id, values) if node_index > 0 => {
                        return Err(error(
                            Some(node_index),
                            format!("invalid property {id}{values:?}"),
                        ));
                    }
                    _ => {}
                }
            }
            let (color, mv) = match node.get_move() {
                Some(Prop::B(m)) => (Color::Black, m),
                Some(Prop::W(m)) => (Color::White, m),
                _ => continue,
            };
            let mv = match *mv {
                go::Move::Pass => Move::Pass,
                // FF[3] wrote a pass as "tt" on boards up to 19.
                go::Move::Move(p) if p.x == 19 && p.y == 19 && size <= 19 => Move::Pass,
                go::Move::Move(p) => Move::Place(to_point(node_index, p)?),
            };
            let number = game.move_number() + 1;
            game.play_as(color, mv).map_err(|reason| {
                let letter = if color == Color::Black { 'B' } else { 'W' };
                let at = match mv {
                    Move::Place(p) => {
                        let (c, r) = game.board().coords(p);
                        sgf_point_name(go::Point { x: c, y: r })
                    }
                    Move::Pass => String::new(),
                };
                error(
                    Some(node_index),
                    format!(
                        "move {number} {letter}[{at}] is illegal: {}",
                        reason.message(Lang::En)
                    ),
                )
            })?;
        }
        Ok(game)
    }

    /// The game as SGF FF[4]: root with size, komi, rules, names, date, result and set-up, then
    /// one node per move.
    pub fn to_sgf(&self) -> String {
        let text = |s: &str| SimpleText { text: s.to_string() };
        let point = |p: Point| {
            let (x, y) = self.board().coords(p);
            go::Point { x, y }
        };
        let mut root_props = vec![
            Prop::FF(4),
            Prop::GM(1),
            Prop::CA(text("UTF-8")),
            Prop::AP((text("Tengen"), text(env!("CARGO_PKG_VERSION")))),
            // sgf-parse writes a square size as "9:9"; FF[4] readers expect the plain "9".
            Prop::Unknown("SZ".into(), vec![self.size().to_string()]),
            Prop::KM(f64::from(self.komi())),
            Prop::RU(text(self.rules().name(Lang::En))),
        ];
        for (id, value) in [
            ("PB", &self.info.black),
            ("PW", &self.info.white),
            ("DT", &self.info.date),
        ] {
            if !value.is_empty() {
                root_props.push(match id {
                    "PB" => Prop::PB(text(value)),
                    "PW" => Prop::PW(text(value)),
                    _ => Prop::DT(text(value)),
                });
            }
        }
        if let Phase::Over(outcome) = self.phase() {
            root_props.push(Prop::RE(text(&outcome.sgf())));
        }
        let initial = self.initial_board();
        for color in [Color::Black, Color::White] {
            let stones: HashSet<go::Point> = initial
                .points()
                .filter(|&p| initial.color_at(p) == Some(color))
                .map(point)
                .collect();
            if !stones.is_empty() {
                root_props.push(if color == Color::Black {
                    Prop::AB(stones)
                } else {
                    Prop::AW(stones)
                });
            }
        }
        if self.first_to_move() != Color::Black || !initial.points().all(|p| initial.color_at(p).is_none()) {
            root_props.push(Prop::PL(match self.first_to_move() {
                Color::Black => sgf_parse::Color::Black,
                Color::White => sgf_parse::Color::White,
            }));
        }

        // Build the main line from its end so each node owns its single child.
        let mut child: Option<SgfNode<Prop>> = None;
        for turn in self.history().iter().rev() {
            let mv = match turn.mv {
                Move::Place(p) => go::Move::Move(point(p)),
                Move::Pass => go::Move::Pass,
            };
            let prop = if turn.color == Color::Black {
                Prop::B(mv)
            } else {
                Prop::W(mv)
            };
            child = Some(SgfNode::new(vec![prop], child.into_iter().collect(), false));
        }
        SgfNode::new(root_props, child.into_iter().collect(), true).serialize()
    }
}
