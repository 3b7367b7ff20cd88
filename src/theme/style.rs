//! The egui style, built once from the palette in use and rebuilt only when the theme changes:
//! the setting (跟随系统 / 浅色 / 深色), or the system's preference when the setting follows it.

use bevy::prelude::*;
use bevy::window::{WindowTheme, WindowThemeChanged};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::metrics::*;
use super::palette::{DARK, LIGHT, Palette};
use crate::UiSystems;
use crate::platform::system_prefers_dark;
use crate::settings::Settings;

pub use crate::settings::ThemeChoice;

/// The palette in use, for everything that draws.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ActiveTheme(pub Palette);

impl Default for ActiveTheme {
    fn default() -> Self {
        ActiveTheme(LIGHT)
    }
}

/// What the platform says the user prefers, when it says anything.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
struct SystemDark(Option<bool>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActiveTheme>()
        .insert_resource(SystemDark(system_prefers_dark()))
        .add_message::<WindowThemeChanged>()
        .add_systems(
            Update,
            (follow_system_theme, resolve_theme)
                .chain()
                .in_set(crate::AppSystems::React),
        )
        .add_systems(EguiPrimaryContextPass, apply_style.in_set(UiSystems::Style));
}

fn follow_system_theme(mut changes: MessageReader<WindowThemeChanged>, mut system: ResMut<SystemDark>) {
    if let Some(change) = changes.read().last() {
        system.0 = Some(change.theme == WindowTheme::Dark);
    }
}

fn resolve_theme(settings: Res<Settings>, system: Res<SystemDark>, mut active: ResMut<ActiveTheme>) {
    let dark = match settings.theme {
        ThemeChoice::System => system.0.unwrap_or(false),
        ThemeChoice::Light => false,
        ThemeChoice::Dark => true,
    };
    let wanted = ActiveTheme(if dark { DARK } else { LIGHT });
    if *active != wanted {
        *active = wanted;
    }
}

/// Sets egui's style from the active palette when it changed (and on the first pass).
fn apply_style(
    mut contexts: EguiContexts,
    active: Res<ActiveTheme>,
    mut applied: Local<Option<ActiveTheme>>,
) -> Result {
    if *applied == Some(*active) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // egui keeps a style per theme and may follow the system itself: pin its theme to ours.
    let theme = if active.0.dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    ctx.set_theme(theme);
    ctx.set_style_of(theme, egui_style(&active.0));
    *applied = Some(*active);
    Ok(())
}

/// egui's look from a palette: fills, strokes and text colours for every widget state, the type
/// scale, spacing and radii.
pub fn egui_style(p: &Palette) -> egui::Style {
    use egui::{CornerRadius, FontFamily, FontId, Shadow, Stroke, TextStyle, Vec2};
    let mut style = egui::Style {
        text_styles: [
            (
                TextStyle::Small,
                FontId::new(TEXT_SMALL, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(TEXT_BODY, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(TEXT_BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Heading,
                FontId::new(TEXT_TITLE, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(TEXT_CAPTION, FontFamily::Monospace),
            ),
        ]
        .into(),
        ..egui::Style::default()
    };
    style.spacing.item_spacing = Vec2::new(SPACE_2, SPACE_2);
    style.spacing.button_padding = Vec2::new(SPACE_3, SPACE_2);
    style.spacing.interact_size = Vec2::new(TOUCH_TARGET, TOUCH_TARGET);
    style.spacing.window_margin = egui::Margin::same(SPACE_4 as i8);
    style.spacing.menu_margin = egui::Margin::same(SPACE_3 as i8);
    style.spacing.scroll.bar_width = 6.0;
    style.interaction.selectable_labels = false;

    let mut v = if p.dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    let button = CornerRadius::same(RADIUS_BUTTON);
    let card = CornerRadius::same(RADIUS_CARD);
    v.override_text_color = Some(p.ink);
    v.weak_text_color = Some(p.muted);
    v.hyperlink_color = p.accent;
    v.panel_fill = p.page;
    v.window_fill = p.surface;
    v.window_stroke = Stroke::new(1.0, p.border);
    v.window_corner_radius = card;
    v.menu_corner_radius = card;
    v.window_shadow = Shadow {
        offset: [0, 6],
        blur: 24,
        spread: 0,
        color: egui::Color32::from_black_alpha(if p.dark { 110 } else { 45 }),
    };
    v.popup_shadow = v.window_shadow;
    v.faint_bg_color = p.sunken;
    v.extreme_bg_color = p.sunken;
    v.code_bg_color = p.sunken;
    v.warn_fg_color = p.warning;
    v.error_fg_color = p.primary;
    v.selection.bg_fill = p.primary;
    v.selection.stroke = Stroke::new(1.5, p.on_primary);
    let tint = |c: egui::Color32, by: f32| {
        let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * by) as u8;
        let toward = if p.dark {
            egui::Color32::WHITE
        } else {
            egui::Color32::BLACK
        };
        egui::Color32::from_rgb(
            mix(c.r(), toward.r()),
            mix(c.g(), toward.g()),
            mix(c.b(), toward.b()),
        )
    };
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = p.surface;
    w.noninteractive.weak_bg_fill = p.surface;
    w.noninteractive.bg_stroke = Stroke::new(1.0, p.border);
    w.noninteractive.fg_stroke = Stroke::new(1.0, p.ink);
    w.noninteractive.corner_radius = card;
    for (state, by) in [
        (&mut w.inactive, 0.0),
        (&mut w.hovered, 0.06),
        (&mut w.active, 0.12),
        (&mut w.open, 0.06),
    ] {
        state.bg_fill = tint(p.sunken, by);
        state.weak_bg_fill = tint(p.sunken, by);
        state.bg_stroke = Stroke::new(1.0, tint(p.border, by));
        state.fg_stroke = Stroke::new(1.5, p.ink);
        state.corner_radius = button;
        state.expansion = 0.0;
    }
    w.hovered.bg_stroke = Stroke::new(1.0, p.primary.gamma_multiply(0.6));
    style.visuals = v;
    style
}
