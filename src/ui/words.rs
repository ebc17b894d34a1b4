//! Words first, rule IDs as small tags: a line the engine wrote with its rule IDs in brackets
//! ("Can't go there [MOVE-2]: …") is drawn as its words, then each rule as a small grey tag
//! whose hover says what the rule is.

use bevy_egui::egui;

use crate::model::RuleId;

/// The words of `text` with every bracketed list of rule IDs taken out, and those rules in
/// order of appearance. A bracket that holds anything but rule IDs stays in the words.
pub(crate) fn split_tags(text: &str) -> (String, Vec<RuleId>) {
    let mut words = String::with_capacity(text.len());
    let mut rules: Vec<RuleId> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(len) = rest[open..].find(']') else {
            break;
        };
        let inside = &rest[open + 1..open + len];
        let ids: Option<Vec<RuleId>> = inside.split(',').map(|s| RuleId::parse(s.trim())).collect();
        match ids {
            Some(ids) if !ids.is_empty() => {
                words.push_str(rest[..open].trim_end_matches(' '));
                for id in ids {
                    if !rules.contains(&id) {
                        rules.push(id);
                    }
                }
            }
            _ => words.push_str(&rest[..=open + len]),
        }
        rest = &rest[open + len + 1..];
    }
    words.push_str(rest);
    (tidy(&words), rules)
}

/// Spaces and punctuation left right after taking the tags out: "x : y" → "x: y",
/// an empty "()" dropped.
fn tidy(s: &str) -> String {
    let s = s.replace(" ()", "").replace("()", "");
    let s = s.replace(" :", ":").replace(" .", ".").replace(" ,", ",");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Words first: the rule IDs leave the sentence and become tags.
    #[test]
    fn rule_ids_leave_the_words_and_become_tags() {
        let (w, r) = split_tags("Can't go there [MOVE-2]: Tofa is 5.5\" away");
        assert_eq!(w, "Can't go there: Tofa is 5.5\" away");
        assert_eq!(r, vec![RuleId::parse("MOVE-2").unwrap()]);
        let (w, r) = split_tags("[INI-1, INI-2] Ironclad rolls 4, 6");
        assert_eq!(w, "Ironclad rolls 4, 6");
        assert_eq!(r.len(), 2);
    }

    /// A bracket that is not rule IDs is part of the words; an empty "()" goes.
    #[test]
    fn other_brackets_stay_and_empty_parentheses_go() {
        let (w, r) = split_tags("Pick a fighter [any side] () now");
        assert_eq!(w, "Pick a fighter [any side] now");
        assert!(r.is_empty());
    }
}
