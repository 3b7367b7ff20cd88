//! A line of an SGF tree to a [`Game`]: the properties that decide the stones are read
//! strictly, the rest loosely or not at all.
//!
//! Properties are applied in file order within a node, as GNU Go does: set-up (`AB`, `AW`,
//! `AE`) that comes together is applied together, then each move. Set-up before the first move
//! makes the initial position (handicap stones are often in the node after the root); later
//! set-up is kept as an [`crate::Edit`]. `PL` only decides who moves first when the line has no
//! move; later it is ignored, as every move names its colour.

use crate::board::{Board, MAX_SIZE};
use crate::game::{Game, GameInfo, SetupRefusal};
use crate::handicap::handicap_points;
use crate::rules::RuleSet;
use crate::{Color, Move, Point};

use super::{SgfError, SgfReason, SgfTree};

/// Loads the game along `line`, stopping before move `stop` (from 1) if given.
pub(super) fn load(tree: &SgfTree, line: &[usize], stop: Option<usize>) -> Result<Game, SgfError> {
    assert!(
        line.first() == Some(&0) && line.windows(2).all(|w| tree.parent(w[1]) == Some(w[0])),
        "a line runs from the root from parent to child"
    );
    let root = line[0];
    let text = |id: &str| tree.property(root, id).and_then(|v| v.first()).map(|v| v.trim());

    if let Some(gm) = text("GM").filter(|&gm| gm != "1") {
        return Err(SgfError::at(0, SgfReason::NotGo(gm.into())));
    }
    let size = match text("SZ") {
        None => 19,
        Some(sz) => board_size(sz).ok_or_else(|| SgfError::at(0, SgfReason::BoardSize(sz.into())))?,
    };
    let rules = text("RU").and_then(RuleSet::parse).unwrap_or_default();
    // Informational forms (HA[0], HA[1], HA[]) mean an even game.
    let handicap = text("HA")
        .and_then(|h| h.parse::<u8>().ok())
        .filter(|&h| h >= 2)
        .unwrap_or(0);
    let first_move = line
        .iter()
        .find_map(|&n| tree.properties(n).iter().find_map(|p| move_color(&p.id)));
    let first = first_move
        .or_else(|| {
            line.iter()
                .find_map(|&n| tree.property(n, "PL")?.first().and_then(|v| player(v)))
        })
        .unwrap_or(if handicap >= 2 { Color::White } else { Color::Black });

    let mut game = Game::with_setup(Board::new(size), first, rules);
    if let Some(km) = text("KM").filter(|k| !k.is_empty()) {
        game.set_komi(komi(km).ok_or_else(|| bad_at(0, "KM", km))?);
    }
    game.set_handicap(handicap);
    let info = |id: &str| text(id).map(simple_text).unwrap_or_default();
    game.info = GameInfo {
        black: info("PB"),
        white: info("PW"),
        date: info("DT"),
    };
    game.set_passes_end_play(false);

    let empty = Board::new(size);
    let on_board = |node: usize, property: &str, value: &str, (c, r): (u8, u8)| {
        if c < size && r < size {
            Ok(empty.point(c, r))
        } else {
            Err(SgfError::at(
                node,
                SgfReason::OffBoard {
                    property: property.into(),
                    value: value.into(),
                },
            ))
        }
    };

    for (index, &node) in line.iter().enumerate() {
        let mut setup: Vec<(Point, Option<Color>)> = Vec::new();
        for property in tree.properties(node) {
            let id = property.id.as_str();
            if let Some(color) = setup_color(id) {
                for value in &property.values {
                    for at in point_list(value).map_err(|()| bad_at(index, id, value))? {
                        setup.push((on_board(index, id, value, at)?, color));
                    }
                }
                continue;
            }
            let Some(color) = move_color(id) else { continue };
            apply_setup(&mut game, &mut setup, index)?;
            for value in &property.values {
                let number = game.move_number() + 1;
                if number == 1 {
                    place_missing_handicap(&mut game, index)?;
                }
                if stop == Some(number) {
                    return Ok(finish(game));
                }
                let mv = match move_point(value).map_err(|()| bad_at(index, id, value))? {
                    None => Move::Pass,
                    Some(at) => Move::Place(on_board(index, id, value, at)?),
                };
                game.replay(color, mv).map_err(|refusal| {
                    SgfError::at(
                        index,
                        SgfReason::Illegal {
                            number,
                            color,
                            at: match mv {
                                Move::Place(p) => Some(game.board().coords(p)),
                                Move::Pass => None,
                            },
                            refusal,
                        },
                    )
                })?;
            }
        }
        apply_setup(&mut game, &mut setup, index)?;
    }
    if game.move_number() == 0 {
        place_missing_handicap(&mut game, line.len() - 1)?;
    }
    Ok(finish(game))
}

/// Loading is over: passes end play again, and a record that ends with two has ended play.
fn finish(mut game: Game) -> Game {
    game.set_passes_end_play(true);
    game.end_play_after_two_passes();
    game
}

fn bad_at(node: usize, property: &str, value: &str) -> SgfError {
    SgfError::at(
        node,
        SgfReason::BadValue {
            property: property.into(),
            value: value.into(),
        },
    )
}

/// Applies and clears the set-up gathered in node `index`.
fn apply_setup(
    game: &mut Game,
    setup: &mut Vec<(Point, Option<Color>)>,
    index: usize,
) -> Result<(), SgfError> {
    if setup.is_empty() {
        return Ok(());
    }
    match game.set_up(setup) {
        Ok(()) => {}
        Err(SetupRefusal::NoLiberties) => return Err(SgfError::at(index, SgfReason::NoLiberties)),
        Err(SetupRefusal::NotPlaying) => unreachable!("passes do not end play while loading"),
    }
    setup.clear();
    Ok(())
}

/// Old IGS and NNGS records give `HA` and no `AB`: the handicap stones are on the fixed
/// points. GNU Go places them when White moves first on an empty board, and so does this.
fn place_missing_handicap(game: &mut Game, index: usize) -> Result<(), SgfError> {
    let n = game.handicap();
    let empty = game.board().stone_counts() == [0, 0];
    if n < 2 || !empty || game.first_to_move() != Color::White {
        return Ok(());
    }
    let points = handicap_points(game.size(), n).ok_or(SgfError::at(index, SgfReason::Handicap(n)))?;
    let stones: Vec<_> = points
        .into_iter()
        .map(|(c, r)| (game.board().point(c, r), Some(Color::Black)))
        .collect();
    game.set_up(&stones)
        .expect("fixed handicap stones have liberties");
    Ok(())
}

/// "19" or "19:19" for a square board of 2 to 19 lines.
fn board_size(text: &str) -> Option<u8> {
    let (w, h) = text.split_once(':').unwrap_or((text, text));
    let (w, h): (u8, u8) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    (w == h && (2..=MAX_SIZE as u8).contains(&w)).then_some(w)
}

/// A komi: a finite number, with a decimal comma accepted ("6,5").
fn komi(text: &str) -> Option<f32> {
    text.replace(',', ".")
        .parse::<f32>()
        .ok()
        .filter(|k| k.is_finite())
}

/// `PL`: "B" or "W"; FF[3] files also wrote 1 and 2.
fn player(text: &str) -> Option<Color> {
    match text.trim().chars().next()? {
        'B' | 'b' | '1' => Some(Color::Black),
        'W' | 'w' | '2' => Some(Color::White),
        _ => None,
    }
}

/// SimpleText: one line, trimmed.
fn simple_text(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub(super) fn move_color(id: &str) -> Option<Color> {
    match id {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

/// `AB`, `AW`: that colour; `AE`: empty.
fn setup_color(id: &str) -> Option<Option<Color>> {
    match id {
        "AB" => Some(Some(Color::Black)),
        "AW" => Some(Some(Color::White)),
        "AE" => Some(None),
        _ => None,
    }
}

/// A move value: `None` for a pass ("", or FF[3]'s "tt", which is off every board up to
/// 19×19), else (column, row from the top).
pub(super) fn move_point(value: &str) -> Result<Option<(u8, u8)>, ()> {
    match value.trim() {
        "" | "tt" => Ok(None),
        v => point(v).map(Some),
    }
}

/// Two letters, column then row from the top: a–z for 0–25, A–Z for 26–51.
fn point(text: &str) -> Result<(u8, u8), ()> {
    let coordinate = |c: char| match c {
        'a'..='z' => Ok(c as u8 - b'a'),
        'A'..='Z' => Ok(c as u8 - b'A' + 26),
        _ => Err(()),
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c), Some(r), None) => Ok((coordinate(c)?, coordinate(r)?)),
        _ => Err(()),
    }
}

/// The points of one value of a point list: a point, or "ab:cd", the rectangle between two
/// corners (FF[4] compressed lists). An empty value adds nothing.
fn point_list(value: &str) -> Result<Vec<(u8, u8)>, ()> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(Vec::new());
    }
    let (from, to) = match value.split_once(':') {
        Some((a, b)) => (point(a.trim())?, point(b.trim())?),
        None => (point(value)?, point(value)?),
    };
    let (cols, rows) = (
        from.0.min(to.0)..=from.0.max(to.0),
        from.1.min(to.1)..=from.1.max(to.1),
    );
    Ok(rows.flat_map(|r| cols.clone().map(move |c| (c, r))).collect())
}
