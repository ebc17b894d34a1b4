//! Rule IDs written into a sentence in brackets ("Can't go there [MOVE-2]: ...") taken out
//! of its words, for whoever shows words first and rules as tags (the window's panels, the
//! overlay feed).

use super::RuleId;

/// The words of `text` with every bracketed list of rule IDs taken out, and those rules in
/// order of appearance. A bracket that holds anything but rule IDs stays in the words.
pub fn split_tags(text: &str) -> (String, Vec<RuleId>) {
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
