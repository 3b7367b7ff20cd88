//! Board diagrams for the help pages, drawn by the board's own renderer (wood, grid, stones,
//! ownership squares, red marks): the page lays out a slot for each and says where it is; the
//! diagrams follow the page as it scrolls. Each diagram is a position plus the marks that explain
//! it; the counting one is scored by the rules under area and territory counting alike.

use bevy::prelude::*;
use tengen_rules::{Board, Color, Game, Point, RuleSet};

use super::labels::BoardLabels;
use super::pictures::Pictures;
use super::view::{
    BoardItem, HandPlacement, Painter, StoneMotion, draw_grid, draw_ownership, draw_stones, draw_wood,
};
use crate::game::layout::Layout;
use crate::game::setup::MatchSetup;
use crate::game::state::Match;
use crate::theme::{ActiveTheme, MARK_RED, depth};

/// The help pages' diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagram {
    /// Two stones and their six liberties, numbered.
    Liberties,
    /// A white stone with one liberty: black takes it at A.
    Capture,
    /// A point surrounded by white: black may not play there.
    Suicide,
    /// Black has just taken at the ko: white may not take back at once.
    Ko,
    /// A black group with two eyes lives.
    TwoEyes,
    /// Neither side can approach the two shared liberties: both live.
    Seki,
    /// A finished game, counted.
    Counting,
}

impl Diagram {
    pub const ALL: [Diagram; 7] = [
        Diagram::Liberties,
        Diagram::Capture,
        Diagram::Suicide,
        Diagram::Ko,
        Diagram::TwoEyes,
        Diagram::Seki,
        Diagram::Counting,
    ];

    /// The position (`X` black, `O` white; any other letter or digit an empty point carrying
    /// that mark).
    fn picture(self) -> &'static str {
        match self {
            Diagram::Liberties => {
                ". . . . . .
                 . . 1 2 . .
                 . 3 X X 4 .
                 . . 5 6 . .
                 . . . . . .
                 . . . . . ."
            }
            Diagram::Capture => {
                ". . . . . .
                 . . X . . .
                 . X O A . .
                 . . X . . .
                 . . . . . .
                 . . . . . ."
            }
            Diagram::Suicide => {
                ". . . . . .
                 . . O . . .
                 . O × O . .
                 . . O . . .
                 . . . . . .
                 . . . . . ."
            }
            Diagram::Ko => {
                ". . . . . .
                 . . X O . .
                 . X 劫 X O .
                 . . X O . .
                 . . . . . .
                 . . . . . ."
            }
            Diagram::TwoEyes => {
                ". . . . . . .
                 . O O O O O .
                 O X X X X X O
                 O X 眼 X 眼 X O
                 O X X X X X O
                 . O O O O O .
                 . . . . . . ."
            }
            Diagram::Seki => {
                ". . . . . . . . .
                 . O O O O O O . .
                 . O X X X X O . .
                 . O X . O X O . .
                 . O X O . X O . .
                 . O X X X X O . .
                 . O O O O O O . .
                 . . . . . . . . .
                 . . . . . . . . ."
            }
            Diagram::Counting => {
                ". . . X O . . . .
                 . O . X O . . . .
                 . . . X O . . X .
                 X X X X O . . . .
                 O O O X O O O O O
                 . . O X X X X X X
                 . . O O O O O X .
                 . . . . . . O X .
                 . . . . . . O X ."
            }
        }
    }

    /// The position as a game, and its marks (point, text).
    pub fn game(self) -> (Game, Vec<(Point, String)>) {
        let rows: Vec<Vec<&str>> = self
            .picture()
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len() as u8;
        let empty = Board::new(size);
        let mut stones = Vec::new();
        let mut marks = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let p = empty.point(c as u8, r as u8);
                match *cell {
                    "X" => stones.push((p, Color::Black)),
                    "O" => stones.push((p, Color::White)),
                    "." => {}
                    mark => marks.push((p, mark.to_string())),
                }
            }
        }
        let board = Board::from_stones(size, &stones);
        (Game::with_setup(board, Color::Black, RuleSet::Chinese), marks)
    }

    /// The finished game of [`Diagram::Counting`] with its dead stones marked, under `rules`.
    pub fn counted(rules: RuleSet) -> Game {
        let (mut game, _) = Diagram::Counting.game();
        game.set_rules(rules);
        game.set_komi(rules.komi());
        let dead = tengen_ai::dead_stones(&game, tengen_ai::DEAD_STONE_PLAYOUTS, 1);
        game.set_dead(&dead);
        game
    }
}

/// Where the help page put each diagram this frame (logical pixels: min x, min y, side).
#[derive(Resource, Default, Clone, PartialEq)]
pub struct DiagramSlots {
    /// Whether the help page is showing (its paper is drawn behind the diagrams then).
    pub open: bool,
    pub slots: Vec<(Diagram, [f32; 3])>,
}

/// Redraws the diagrams (and the page behind them) when the page moved them.
pub(super) fn draw_diagrams(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    slots: Res<DiagramSlots>,
    layout: Res<Layout>,
    pictures: Option<Res<Pictures>>,
    theme: Res<ActiveTheme>,
    mut labels: ResMut<BoardLabels>,
    mut drawn: Local<Option<DiagramSlots>>,
) {
    let Some(pictures) = pictures else { return };
    if drawn.as_ref() == Some(&*slots) && !theme.is_changed() {
        return;
    }
    *drawn = Some(slots.clone());
    for e in &items {
        commands.entity(e).despawn();
    }
    labels.0.clear();
    if !slots.open {
        return;
    }
    let window = layout.window;
    let mut pen = Painter {
        commands: &mut commands,
        layout: *layout,
        pictures: &pictures,
        labels: &mut labels.0,
    };
    let page = bevy::color::Color::srgb_u8(theme.0.page.r(), theme.0.page.g(), theme.0.page.b());
    pen.rect(window / 2.0, window, page, depth::TABLE);
    for &(diagram, [x, y, side]) in &slots.slots {
        let (game, marks) = if diagram == Diagram::Counting {
            (Diagram::counted(RuleSet::Chinese), Vec::new())
        } else {
            diagram.game()
        };
        pen.layout = Layout::in_square(Vec2::new(x, y), side, game.size(), window);
        draw_diagram(&mut pen, &game, &marks);
    }
}

fn draw_diagram(pen: &mut Painter, game: &Game, marks: &[(Point, String)]) {
    let shown = Match {
        game: game.clone(),
        setup: MatchSetup::default(),
        human: Color::Black,
        counted: true,
        hints: 0,
    };
    draw_wood(pen);
    draw_grid(pen, game.size());
    let counting = !game.dead_stones().is_empty();
    let still = StoneMotion {
        settle_from: None,
        counting_from: None,
    };
    draw_stones(pen, &shown, &HandPlacement::of(game), counting, still);
    if counting {
        draw_ownership(pen, game, None);
    }
    for (p, text) in marks {
        let at = pen.at(game.board(), *p);
        let size = pen.layout.step * 0.55;
        let color = if text.chars().all(|c| c.is_ascii_digit()) {
            crate::theme::INK
        } else {
            MARK_RED
        };
        pen.text(at, text, size, color);
    }
}
