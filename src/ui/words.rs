//! Words first, rule IDs as small tags: a line the engine wrote with its rule IDs in brackets
//! ("Can't go there [MOVE-2]: …") is drawn as its words, then each rule as a small grey tag
//! whose hover says what the rule is.

use bevy_egui::egui;

use crate::model::RuleId;
pub(crate) use crate::model::tags::split_tags;

/// One small tag for `rule`, its title and summary on hover.
pub(crate) fn rule_tag(ui: &mut egui::Ui, rule: RuleId) -> egui::Response {
    let text = egui::RichText::new(rule.code())
        .small()
        .color(egui::Color32::from_gray(150));
    // A button that only senses the pointer: unlike a frame, it wraps to the next row as a
    // whole when it doesn't fit.
    let tag = egui::Button::new(text)
        .small()
        .fill(egui::Color32::from_gray(38))
        .corner_radius(3.0)
        .sense(egui::Sense::hover());
    ui.add(tag).on_hover_text(format!(
        "{} {}: {}",
        rule.code(),
        rule.title(),
        rule.summary()
    ))
}

/// `text`'s words, wrapped, followed by its rules as tags.
pub(crate) fn tagged(ui: &mut egui::Ui, text: &str) {
    let (words, rules) = split_tags(text);
    tagged_words(ui, egui::RichText::new(words), &rules);
}

/// `words`, then `rules` as tags, on wrapped rows.
pub(crate) fn tagged_words(ui: &mut egui::Ui, words: egui::RichText, rules: &[RuleId]) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        ui.label(words);
        for r in rules {
            rule_tag(ui, *r);
        }
    });
}

/// Like [`tagged`], in small type (the log, the notes under a panel).
pub(crate) fn tagged_small(ui: &mut egui::Ui, text: &str) {
    let (words, rules) = split_tags(text);
    tagged_words(ui, egui::RichText::new(words).small(), &rules);
}
