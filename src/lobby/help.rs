//! The rules and help pages, opened from the lobby: how to play, the three rule sets side by
//! side, first-game tips, a glossary and a short FAQ (their words are in `i18n::help`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_rules::RuleSet;

use crate::UiSystems;
use crate::i18n::{self, FAQ, GLOSSARY, HOW_TO_PLAY, TIPS, Text};
use crate::overlay::{Panel, Placement, show_panel};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::TEXT_HEADING;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_help
            .in_set(UiSystems::Overlay)
            .run_if(in_state(Screen::Lobby)),
    );
}

fn draw_help(mut contexts: EguiContexts, mut panel: ResMut<Panel>, settings: Res<Settings>) -> Result {
    if *panel != Panel::Help {
        return Ok(());
    }
    let lang = settings.language;
    let pick = |zh: &'static str, en: &'static str| lang.pick(zh, en);
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect().size();
    let place = Placement {
        anchor: egui::Align2::CENTER_TOP,
        offset: egui::vec2(0.0, 12.0),
        size: egui::vec2((screen.x - 40.0).clamp(200.0, 640.0), screen.y - 40.0),
    };
    let height = place.size.y - 80.0;
    let words = (Text::Help.get(lang), Text::Close.get(lang));
    show_panel(ctx, &mut panel, Panel::Help, words, place, |ui| {
        egui::ScrollArea::vertical().max_height(height).show(ui, |ui| {
            let heading = |ui: &mut egui::Ui, t: &str| {
                ui.add_space(8.0);
                ui.label(egui::RichText::new(t).size(TEXT_HEADING).strong());
            };
            heading(ui, Text::HowToPlay.get(lang));
            for (zh, en) in HOW_TO_PLAY {
                ui.label(pick(zh, en));
            }
            heading(ui, Text::RuleSets.get(lang));
            egui::Grid::new("rule-sets").striped(true).show(ui, |ui| {
                for rules in RuleSet::ALL {
                    ui.label(i18n::rules_name(lang, rules));
                    ui.label(match rules.scoring() {
                        tengen_rules::Scoring::Area => pick("数子：子 + 空", "area: stones + points"),
                        tengen_rules::Scoring::Territory => {
                            pick("数目：空 + 俘虏", "territory: points + prisoners")
                        }
                    });
                    ui.label(if rules.positional_superko() {
                        pick("全局同形禁止", "positional superko")
                    } else {
                        pick("只禁止立即提劫", "simple ko")
                    });
                    ui.label(format!("{} {}", pick("贴", "komi"), rules.komi()));
                    ui.end_row();
                }
            });
            heading(ui, Text::Tips.get(lang));
            for (zh, en) in TIPS {
                ui.label(format!("• {}", pick(zh, en)));
            }
            heading(ui, Text::Glossary.get(lang));
            for (term, zh, en) in GLOSSARY {
                ui.label(format!("{term} — {}", pick(zh, en)));
            }
            heading(ui, Text::Faq.get(lang));
            for (qz, az, qe, ae) in FAQ {
                ui.label(egui::RichText::new(pick(qz, qe)).strong());
                ui.label(pick(az, ae));
            }
        });
    });
    Ok(())
}
