//! Headless app tests: input written as Bevy's own messages, `app.update()`, assertions on the
//! resources (see `common` for the harness).

mod common;

use bevy::input::ButtonState;
use bevy::prelude::*;
use common::Harness;
use tengen::game::{Intent, Match, MatchSetup, Mode, Shown};
use tengen::overlay::{Answer, Panel, Question};
use tengen::platform::start_flags::parse_start_flags;
use tengen::screens::{GamePhase, Screen};
use tengen_rules::{Color, Move, Phase, Refusal};

#[test]
fn click_plays_at_the_right_point_for_each_size_and_window() {
    for size in [9u8, 13, 19] {
        for window in [(960, 720), (400, 800), (1280, 600), (800, 1280)] {
            let mut h = Harness::new(size, window, |_| {});
            let layout = h.layout();
            assert_eq!(layout.size, size);
            assert!(
                layout.board.min.x >= 0.0 && layout.board.max.x <= window.0 as f32,
                "{size} {window:?}"
            );
            assert!(layout.board.min.y >= 0.0 && layout.board.max.y <= window.1 as f32);
            let targets = [(0, 0), (size - 1, size - 1), (size / 2, 3), (2, size - 2)];
            for (i, &(c, r)) in targets.iter().enumerate() {
                // Slightly off the intersection still lands on it.
                let pos = layout.position(c, r) + Vec2::new(0.3, -0.3) * layout.step;
                h.click_at(pos);
                assert_eq!(h.game().move_number(), i + 1, "{size} {window:?} ({c},{r})");
                let color = if i % 2 == 0 { Color::Black } else { Color::White };
                assert_eq!(
                    h.game().board().color_at(h.point(c, r)),
                    Some(color),
                    "{size} {window:?}"
                );
            }
            if size == 19 && window.0 == 400 {
                assert!(
                    layout.step >= 18.0,
                    "19×19 stays playable at 400 px: step {}",
                    layout.step
                );
            }
        }
    }
}

#[test]
fn several_clicks_in_one_frame_each_play_where_they_happened() {
    // A slow frame (a phone, a software renderer) delivers five clicks at once.
    let mut h = Harness::new(19, (1280, 800), |_| {});
    let points = [(3, 3), (15, 15), (3, 15), (15, 3), (9, 9)];
    for (c, r) in points {
        let pos = h.layout().position(c, r);
        h.queue_click(pos);
    }
    h.update();
    assert_eq!(h.game().move_number(), 5);
    for (i, (c, r)) in points.into_iter().enumerate() {
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        assert_eq!(h.game().board().color_at(h.point(c, r)), Some(color), "({c},{r})");
    }
    // With preview first, two taps of the same point in one frame preview, then play.
    let mut h = Harness::new(9, (960, 720), |s| s.options.preview_first = true);
    let pos = h.layout().position(2, 6);
    h.queue_click(pos);
    h.queue_click(pos);
    h.update();
    assert_eq!(h.game().board().color_at(h.point(2, 6)), Some(Color::Black));
    // A press on one point released on another is no click.
    let (from, to) = (h.layout().position(4, 4), h.layout().position(6, 4));
    h.move_to(from);
    h.button_state(ButtonState::Pressed);
    h.move_to(to);
    h.button_state(ButtonState::Released);
    h.update();
    assert_eq!((h.game().move_number(), h.preview()), (1, None));
}

#[test]
fn a_question_or_panel_owns_every_press_and_key() {
    let mut h = Harness::new(19, (1280, 800), |_| {});
    h.click(3, 3);
    // 「认输」 asks; the dialog sits over the middle of the board.
    h.intent(Intent::Resign);
    // Two players: the player to move (White, after one black stone) is the one asked.
    assert_eq!(
        *h.app.world().resource::<Question>(),
        Question::Resign {
            side: Some(Color::White)
        }
    );
    h.click(9, 9);
    h.tap(9, 10);
    h.key(KeyCode::KeyP);
    assert_eq!(
        h.game().move_number(),
        1,
        "nothing reaches the board behind the dialog"
    );
    assert_eq!(h.preview(), None);
    // Pressed while the dialog is open, released after 「取消」: still no click on the board.
    h.move_to(h.layout().position(9, 9));
    h.button_state(ButtonState::Pressed);
    h.send(Answer(false));
    h.update();
    assert_eq!(*h.app.world().resource::<Question>(), Question::None);
    h.button_state(ButtonState::Released);
    h.update();
    assert_eq!(h.game().move_number(), 1);
    // The settings panel, likewise; Esc closes it and the board answers again.
    *h.app.world_mut().resource_mut::<Panel>() = Panel::Settings;
    h.click(9, 9);
    h.tap(9, 9);
    assert_eq!((h.game().move_number(), h.preview()), (1, None));
    h.key(KeyCode::Escape);
    assert_eq!(*h.app.world().resource::<Panel>(), Panel::None);
    h.click(9, 9);
    assert_eq!(h.game().move_number(), 2);
}

#[test]
fn clicks_off_the_board_never_play() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    let l = h.layout();
    for pos in [
        Vec2::new(2.0, 2.0),
        l.origin - Vec2::splat(l.step * 0.8),
        Vec2::new(l.board.max.x + 30.0, l.origin.y),
    ] {
        h.click_at(pos);
    }
    assert_eq!(h.game().move_number(), 0);
}

#[test]
fn touch_first_tap_previews_and_second_tap_plays() {
    let mut h = Harness::new(19, (400, 800), |_| {});
    h.tap(3, 15);
    assert_eq!(h.preview(), Some(h.point(3, 15)));
    assert_eq!(h.game().move_number(), 0, "the first tap only previews");
    h.tap(4, 15);
    assert_eq!(
        h.preview(),
        Some(h.point(4, 15)),
        "another point moves the preview"
    );
    h.tap(4, 15);
    assert_eq!(h.game().move_number(), 1);
    assert_eq!(h.game().board().color_at(h.point(4, 15)), Some(Color::Black));
    assert_eq!(h.preview(), None);
    assert!(
        h.app.world().resource::<MatchSetup>().options.preview_first,
        "on by default once touch is seen"
    );
}

#[test]
fn mouse_previews_first_when_the_option_is_on_and_enter_confirms() {
    let mut h = Harness::new(9, (960, 720), |s| s.options.preview_first = true);
    h.click(4, 4);
    assert_eq!(h.game().move_number(), 0);
    h.key(KeyCode::Enter);
    assert_eq!(h.game().board().color_at(h.point(4, 4)), Some(Color::Black));
}

#[test]
fn arrows_move_the_preview_and_escape_cancels() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    h.tap(4, 4);
    h.key(KeyCode::ArrowUp);
    h.key(KeyCode::ArrowLeft);
    h.key(KeyCode::ArrowLeft);
    assert_eq!(h.preview(), Some(h.point(2, 3)));
    h.key(KeyCode::Escape);
    assert_eq!(h.preview(), None);
    h.key(KeyCode::Enter);
    assert_eq!(h.game().move_number(), 0, "nothing to confirm after cancelling");
    // Arrows with no preview start one in the centre; the edge stops it.
    h.key(KeyCode::ArrowRight);
    for _ in 0..6 {
        h.key(KeyCode::ArrowDown);
    }
    assert_eq!(h.preview(), Some(h.point(4, 8)));
    h.key(KeyCode::Enter);
    assert_eq!(h.game().board().color_at(h.point(4, 8)), Some(Color::Black));
}

#[test]
fn the_keyboard_cursor_starts_beside_the_last_stone_and_steps_over_stones() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    h.click(4, 4);
    h.click(5, 4);
    h.key(KeyCode::ArrowLeft);
    let start = h.preview().expect("a cursor");
    assert!(h.game().board().color_at(start).is_none(), "never on a stone");
    let (c, r) = h.game().board().coords(start);
    assert!(
        c.abs_diff(5) + r.abs_diff(4) == 1,
        "next to the last stone: ({c},{r})"
    );
    // From (4,3) down, (4,4) is taken: the cursor lands on (4,5).
    while h.preview() != Some(h.point(4, 3)) {
        let (c, r) = h.game().board().coords(h.preview().unwrap());
        h.key(if c > 4 {
            KeyCode::ArrowLeft
        } else if c < 4 {
            KeyCode::ArrowRight
        } else if r > 3 {
            KeyCode::ArrowUp
        } else {
            KeyCode::ArrowDown
        });
    }
    h.key(KeyCode::ArrowDown);
    assert_eq!(h.preview(), Some(h.point(4, 5)));
}

#[test]
fn a_refused_move_changes_nothing_and_says_why() {
    let mut h = Harness::new(9, (960, 720), |s| s.options.forbidden_marks = false);
    // Black D5, white E5 … build a ko: black takes at E5's neighbour and white may not retake.
    for (c, r) in [(1, 0), (2, 0), (0, 1), (3, 1), (1, 2), (2, 2), (8, 8), (1, 1)] {
        h.click(c, r);
    }
    // White B8 (1,1) is in atari; black takes it at C8 (2,1).
    h.click(2, 1);
    assert_eq!(h.game().captures(Color::Black), 1);
    let before = (h.game().board().clone(), h.game().move_number());
    h.click(1, 1);
    assert_eq!(h.refusals(), vec![Refusal::Ko]);
    assert_eq!((h.game().board().clone(), h.game().move_number()), before);
    h.click(2, 1);
    assert_eq!(h.refusals(), vec![Refusal::Occupied]);
}

#[test]
fn tapping_a_marked_point_explains_and_places_nothing() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    for (c, r) in [(1, 0), (5, 5), (0, 1), (6, 6), (7, 7)] {
        h.click(c, r);
    }
    // White to move: A9 (0,0) is suicide for white and carries the red ×. A mouse click
    // explains at once.
    h.click(0, 0);
    assert_eq!(h.refusals(), vec![Refusal::Suicide]);
    assert_eq!(h.game().move_number(), 5);
    // A tap (preview first) shows the stone struck through with its reason; tapped again it
    // explains as a refusal. Nothing is placed either way.
    h.tap(0, 0);
    assert_eq!(h.preview(), Some(h.point(0, 0)));
    assert!(h.refusals().is_empty());
    h.tap(0, 0);
    assert_eq!(h.refusals(), vec![Refusal::Suicide]);
    assert_eq!(h.game().move_number(), 5);
}

#[test]
fn two_passes_open_scoring_then_resume_and_undo() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    h.click(4, 4);
    h.key(KeyCode::KeyP);
    assert_eq!(h.phase(), GamePhase::Playing);
    h.key(KeyCode::KeyP);
    h.update();
    assert_eq!(h.phase(), GamePhase::Scoring);
    assert_eq!(h.game().move_number(), 3);
    h.intent(Intent::ResumePlay);
    h.update();
    assert_eq!(h.phase(), GamePhase::Playing);
    assert_eq!(h.game().move_number(), 1, "继续下棋 withdraws the passes");
    assert_eq!(h.game().to_move(), Color::White);
    // Undo in scoring withdraws the last pass (R8).
    h.key(KeyCode::KeyP);
    h.key(KeyCode::KeyP);
    h.key(KeyCode::KeyZ);
    h.update();
    assert_eq!(h.phase(), GamePhase::Playing);
    assert_eq!(h.game().move_number(), 2);
}

#[test]
fn toggling_a_dead_chain_changes_the_totals() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    // Black walls off the left, white the right; a white stone sits alone in black's area.
    for r in 0..9 {
        h.click(3, r);
        h.click(5, r);
    }
    h.click(7, 7);
    h.click(1, 4);
    h.key(KeyCode::KeyP);
    h.key(KeyCode::KeyP);
    h.update();
    assert_eq!(h.phase(), GamePhase::Scoring);
    let invader = h.point(1, 4);
    // The proposal is worked out off the frame; it arrives a few frames later.
    assert!(
        h.update_until(500, |h| h.game().is_dead(invader)),
        "the proposal marks the lone invader dead"
    );
    let before = h.game().score();
    h.click(1, 4);
    assert!(!h.game().is_dead(invader));
    let after = h.game().score();
    assert!(
        after.total(Color::Black) < before.total(Color::Black),
        "{} vs {}",
        after.total(Color::Black),
        before.total(Color::Black)
    );
    h.intent(Intent::ClearDead);
    assert!(h.game().dead_stones().is_empty());
    h.click(1, 4);
    h.intent(Intent::ConfirmResult);
    h.update();
    assert_eq!(h.phase(), GamePhase::Over);
    assert!(matches!(h.game().phase(), Phase::Over(_)));
    h.key(KeyCode::KeyZ);
    assert!(
        matches!(h.game().phase(), Phase::Over(_)),
        "no undo once the game is over"
    );
}

#[test]
fn undo_takes_back_one_move_between_two_players() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    h.click(2, 2);
    h.click(6, 6);
    h.key(KeyCode::KeyU);
    assert_eq!(h.game().move_number(), 1);
    assert_eq!(h.game().to_move(), Color::White);
    assert_eq!(
        h.game().last_move(),
        Some((Color::Black, Move::Place(h.point(2, 2))))
    );
}

#[test]
fn undo_against_the_computer_takes_back_two_plies() {
    let mut h = Harness::new(9, (960, 720), |s| s.mode = Mode::VsComputer);
    let human = h.app.world().resource::<Match>().human;
    assert_eq!(human, Color::Black);
    h.click(2, 2);
    // The computer's reply (played here directly; the AI task comes with part 2).
    let reply = h.point(6, 6);
    h.app
        .world_mut()
        .resource_mut::<Match>()
        .game
        .play(Move::Place(reply))
        .unwrap();
    h.key(KeyCode::KeyZ);
    assert_eq!(h.game().move_number(), 0);
    assert_eq!(h.game().to_move(), Color::Black);
}

#[test]
fn the_computer_carries_its_tree_on_to_its_next_move() {
    let mut h = Harness::new(9, (960, 720), |s| {
        s.mode = Mode::VsComputer;
        // A step below hard: a fixed number of simulations, so quick and countable.
        s.level = tengen_ai::Level::HARD.down().unwrap();
    });
    h.app.insert_resource(tengen::settings::Settings {
        pacing: tengen::settings::Pacing::Instant,
        sound: false,
        ..Default::default()
    });
    let answered = |h: &mut Harness, moves: usize| {
        let mut frames = 0;
        while h.game().move_number() < moves {
            h.update();
            frames += 1;
            assert!(frames < 5_000, "the computer never answered");
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    };
    // Every simulation of a search passes through one root move, and the tree's visits below
    // the root are the kept ones plus this search's.
    let visits = |search: &tengen_ai::Search| -> u64 {
        search
            .candidates(usize::MAX)
            .iter()
            .map(|c| c.visits as u64)
            .sum()
    };
    h.click(4, 4);
    answered(&mut h, 2);
    let (reply, fresh) = {
        let turn = h.app.world().resource::<tengen::game::ComputerTurn>();
        let first = turn.kept().expect("the finished search is kept");
        let Some((_, played)) = h.game().last_move() else {
            panic!("no move")
        };
        // The answer the search expected to its own move.
        let line = first.line_after(played, 2);
        (line[1], (visits(first), first.simulations()))
    };
    assert_eq!(fresh.0, fresh.1, "the first search starts from nothing");
    let Move::Place(p) = reply else {
        panic!("the expected reply is a stone, not a pass")
    };
    let (col, row) = h.game().board().coords(p);
    h.click(col, row);
    answered(&mut h, 4);
    let turn = h.app.world().resource::<tengen::game::ComputerTurn>();
    let second = turn.kept().expect("the finished search is kept");
    assert!(
        visits(second) > second.simulations(),
        "the second search kept the simulations below the reply: {} through the root, {} run",
        visits(second),
        second.simulations()
    );
}

#[test]
fn the_computer_answers_and_undo_cancels_its_search() {
    let mut h = Harness::new(9, (960, 720), |s| {
        s.mode = Mode::VsComputer;
        s.level = tengen_ai::Level::EASY;
    });
    h.app.insert_resource(tengen::settings::Settings {
        pacing: tengen::settings::Pacing::Instant,
        sound: false,
        ..Default::default()
    });
    h.click(4, 4);
    let history = |h: &Harness| {
        h.game()
            .history()
            .iter()
            .map(|t| (t.color, t.mv))
            .collect::<Vec<_>>()
    };
    assert_eq!(h.game().history()[0].color, Color::Black, "{:?}", history(&h));
    let mut frames = 0;
    while h.game().move_number() < 2 {
        h.update();
        frames += 1;
        assert!(frames < 500, "the computer never answered");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(h.game().last_move().map(|(c, _)| c), Some(Color::White));
    assert!(
        !h.app
            .world()
            .resource::<tengen::game::ComputerTurn>()
            .is_thinking()
    );
    // Clicking while the computer is to move does nothing.
    let mut h = Harness::new(9, (960, 720), |s| {
        s.mode = Mode::VsComputer;
        s.level = tengen_ai::Level::HARD;
    });
    h.click(4, 4);
    h.update();
    assert!(
        h.app
            .world()
            .resource::<tengen::game::ComputerTurn>()
            .is_thinking()
    );
    h.click(2, 2);
    assert_eq!(
        h.game().move_number(),
        1,
        "the board ignores the human while the computer thinks: {:?}",
        h.game()
            .history()
            .iter()
            .map(|t| (t.color, t.mv))
            .collect::<Vec<_>>()
    );
    h.key(KeyCode::KeyZ);
    assert_eq!(h.game().move_number(), 0, "undo takes the human's move back");
    assert!(
        !h.app
            .world()
            .resource::<tengen::game::ComputerTurn>()
            .is_thinking(),
        "and cancels the search"
    );
}

#[test]
fn restart_and_resign_ask_first() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    h.click(4, 4);
    h.key(KeyCode::KeyR);
    assert_eq!(*h.app.world().resource::<Question>(), Question::Restart);
    assert_eq!(h.game().move_number(), 1, "nothing happens before the answer");
    h.key(KeyCode::Escape);
    assert_eq!(*h.app.world().resource::<Question>(), Question::None);
    h.key(KeyCode::KeyR);
    h.key(KeyCode::Enter);
    assert_eq!(h.game().move_number(), 0, "restarted");
    h.click(4, 4);
    h.intent(Intent::Resign);
    assert_eq!(
        *h.app.world().resource::<Question>(),
        Question::Resign {
            side: Some(Color::White)
        },
        "two players: the question names the side that would resign"
    );
    assert_eq!(h.game().phase(), Phase::Playing);
    h.key(KeyCode::Enter);
    h.update();
    assert!(matches!(
        h.game().phase(),
        Phase::Over(tengen_rules::Outcome::Resignation { winner: Color::Black })
    ));
    assert_eq!(h.phase(), GamePhase::Over);
}

#[test]
fn back_to_lobby_and_start_flags() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    h.intent(Intent::BackToLobby);
    h.update();
    assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Lobby);

    let flags = parse_start_flags([
        ("mode", "ai"),
        ("level", "easy"),
        ("pacing", "instant"),
        ("bogus", "1"),
    ]);
    assert!(flags.start);
    assert_eq!(flags.setup.size, 9, "9×9 by default against the computer");
    assert_eq!(flags.setup.level, tengen_ai::Level::EASY);
    assert_eq!(flags.pacing, Some(tengen::settings::Pacing::Instant));
    assert_eq!(flags.problems, vec!["ignored bogus=1".to_string()]);
    let two = parse_start_flags([("mode", "two")]);
    assert_eq!(two.setup.size, 19, "19×19 by default for two players");
    assert!(!parse_start_flags([]).start);
}

#[test]
fn page_address_gives_the_same_start_flags() {
    let pairs = tengen::platform::start_flags::query_pairs(
        "?mode=ai&size=13&level=hard&pacing=fast&color=white&junk",
    );
    let flags = parse_start_flags(pairs.iter().map(|(a, b)| (a.as_str(), b.as_str())));
    assert!(flags.start);
    assert!(flags.problems.is_empty(), "{:?}", flags.problems);
    assert_eq!(flags.setup.size, 13);
    assert_eq!(flags.setup.level, tengen_ai::Level::HARD);
    assert_eq!(flags.pacing, Some(tengen::settings::Pacing::Fast));
    assert_eq!(flags.setup.color, tengen::game::ColorChoice::White);
    assert!(tengen::platform::start_flags::query_pairs("").is_empty());
}

#[test]
fn layout_line_is_in_logical_pixels() {
    let h = Harness::new(9, (400, 800), |_| {});
    let l = h.layout();
    assert!(l.portrait);
    let line = l.line();
    assert!(line.starts_with("tengen:layout size=9 x0="), "{line}");
    assert_eq!(l.intersection_at(l.position(8, 0)), Some((8, 0)));
}

/// The pointer over the far corner of a 19×19 board laid out for a shown position while the game
/// is 9×9 (a review's position still shown as a smaller game starts): that point is not on the
/// game's board, and nothing may read it there (the hover once asked the 9×9 board for its point
/// (18, 18) and the game stopped).
#[test]
fn a_point_of_another_board_size_under_the_pointer_is_not_read() {
    let mut h = Harness::new(9, (1280, 800), |s| s.mode = Mode::TwoPlayer);
    let big = MatchSetup {
        size: 19,
        mode: Mode::TwoPlayer,
        ..MatchSetup::default()
    };
    h.app.world_mut().resource_mut::<Shown>().0 = Some(Match::new(&big, true));
    h.update();
    assert_eq!(h.layout().size, 19, "laid out for the shown position");
    let corner = h.layout().position(18, 18);
    h.move_to(corner);
    h.update();
    h.click_at(corner);
    assert_eq!(h.game().size(), 9);
    assert_eq!(h.game().move_number(), 0, "nothing played");
}
