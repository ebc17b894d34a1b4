//! The card language's own variants made one (ABL-5): the same sentence written with its
//! duration at the end, "for the rest of" for "until the end of", and the few misspellings
//! the cards print. Each reader then knows one wording only.

/// Words some cards misspell or write their own way, and how the others write them.
const SPELLING: [(&str, &str); 18] = [
    ("characteric ", "characteristic "),
    ("figther", "fighter"),
    (
        "the [khagra's ravagers] runemark",
        "the khagra's ravagers runemark",
    ),
    ("ablilty", "ability"),
    // "this fighter's melee attack actions" is "melee attack actions made by this fighter".
    (
        " characteristic of this fighter's melee attack actions until the end of their activation",
        " characteristic of melee attack actions made by this fighter until the end of their \
          activation",
    ),
    ("wtihin", "within"),
    (
        "pick an enemy fighter that is within ",
        "pick an enemy fighter within ",
    ),
    // A friend picked "to dispense some sagely wisdom to" is a friend picked.
    (" to dispense some sagely wisdom to", ""),
    ("frienzied", "frenzied"),
    ("aciton", "action"),
    (" hit scored from that ", " hit from that "),
    ("a number damage points", "a number of damage points"),
    ("the value of the ability", "the value of this ability"),
    (" only if the yare within ", " only if they are within "),
    (
        " to the number of damage points allocated by each ",
        " to the damage points allocated by each ",
    ),
    // An attack with a Range of 3" or less is a melee attack (the core rules' own reading).
    (
        " attack actions that have a range characteristic of 3 or less made by ",
        " melee attack actions made by ",
    ),
    (
        " attack actions with a range characteristic of 3 or less made by ",
        " melee attack actions made by ",
    ),
    (
        " the next attack action made by this fighter this activation that has a range \
          characteristic of 3 or less",
        " the next melee attack action made by this fighter this activation",
    ),
];

/// Durations as a sentence may begin with them, and the wording the readers know.
const LEADING: [(&str, &str); 3] = [
    (
        "choose a friendly fighter with a ",
        "pick a friendly fighter with the ",
    ),
    (
        "for the rest of the battle round, ",
        "until the end of the battle round, ",
    ),
    (
        "for the rest of this fighter's activation, ",
        "until the end of this fighter's activation, ",
    ),
];

/// Durations as a raise may end with them, and the same duration leading the sentence.
const TRAILING: [(&str, &str); 6] = [
    (
        " until the end of their activation",
        "until the end of this fighter's activation, ",
    ),
    (
        " until the end of this fighter's activation",
        "until the end of this fighter's activation, ",
    ),
    (
        " until the end of in this activation",
        "until the end of this fighter's activation, ",
    ),
    (
        " until the end of the battle round",
        "until the end of the battle round, ",
    ),
    (
        " for the rest of the battle round",
        "until the end of the battle round, ",
    ),
    (
        " until the end of the round",
        "until the end of the battle round, ",
    ),
];

/// `s` in the one wording the readers know.
pub(in crate::rules::effects) fn plain(s: &str) -> String {
    let mut s = s.to_string();
    for (from, to) in SPELLING {
        s = s.replace(from, to);
    }
    for (from, to) in LEADING {
        if let Some(rest) = s.strip_prefix(from) {
            s = format!("{to}{rest}");
        }
    }
    // "Until the end of this fighter's activation, add ... from the next melee attack action
    // made by this fighter": the next attack is this activation's anyway.
    if let Some(rest) = s.strip_prefix("until the end of this fighter's activation, add ")
        && rest.contains(" the next ")
        && rest.ends_with(" made by this fighter")
    {
        s = format!("add {rest}");
    }
    s = toughness_and_strength(s);
    s = each_time_moving(s);
    // "In addition, ..." is read as what follows it: its duration moves within it.
    let (also, body) = match s.strip_prefix("in addition, ") {
        Some(rest) => ("in addition, ", rest.to_string()),
        None => ("", s),
    };
    format!("{also}{}", duration_first(body))
}

/// "Add A to the Toughness and Strength characteristics of friendly fighters while ...": a
/// fighter's Strength is its attacks', so two raises ("... and add A to the Strength
/// characteristic of attack actions made by friendly fighters while ...").
fn toughness_and_strength(s: String) -> String {
    let both = " to the toughness and strength characteristics of friendly fighters while ";
    let Some((head, tail)) = s.split_once(both) else {
        return s;
    };
    let amount = head.rsplit_once("add ").map_or(head, |(_, a)| a);
    format!(
        "{head} to the toughness characteristic of friendly fighters while {tail} and add {amount} \
         to the strength characteristic of attack actions made by friendly fighters while {tail}"
    )
}

/// Only a raise or a lowering ("add ...", "subtract ...") moves its duration to the front, from
/// its end or from before its minimum ("... until the end of the battle round (to a minimum of
/// 0)"): elsewhere the duration belongs to a clause, not to the sentence.
fn duration_first(s: String) -> String {
    if !(s.starts_with("add ") || s.starts_with("subtract ")) {
        return s;
    }
    let (body, minimum) = match s.rfind(" (to a minimum of ") {
        Some(k) if s.ends_with(')') => (&s[..k], &s[k..]),
        _ => (s.as_str(), ""),
    };
    for (from, to) in TRAILING {
        if let Some(rest) = body.strip_suffix(from) {
            return format!("{to}{rest}{minimum}");
        }
    }
    // "... of melee attack actions made by this fighter this activation" (not its next one).
    if let Some(rest) = body.strip_suffix(" made by this fighter this activation")
        && !rest.contains(" next ")
    {
        return format!("until the end of this fighter's activation, {rest} made by this fighter");
    }
    s
}

/// "For each roll of 5+, allocate 1 damage point to that fighter and, until the end of the
/// battle round, subtract 1 from ...": the damage, and "in addition, for each roll of 5+, until
/// the end of the battle round, subtract 1 from ...", two sentences.
pub(super) fn lowered_too(s: &str) -> Vec<String> {
    if let Some(listed) = listed(s) {
        return listed;
    }
    // "Allocate ... and gain N wild dice": the damage, then the dice, two sentences.
    if let Some((damage, dice)) = s.rsplit_once(" and gain ")
        && damage.starts_with("allocate ")
        && dice.ends_with(" wild dice")
    {
        return vec![damage.to_string(), format!("gain {dice}")];
    }
    // "Until the end of this fighter's activation, add ..., and until the end of the battle
    // round, add ...": two sentences, each with its own duration.
    if let Some((first, round)) = s.split_once(", and until the end of the battle round, ")
        && first.starts_with("until the end of this fighter's activation, ")
    {
        let round = format!("until the end of the battle round, {round}");
        return vec![first.to_string(), round];
    }
    // "Gain ... wild dice, then this fighter makes a bonus move action": two sentences.
    if let Some((first, bonus)) = s.split_once(", then this fighter makes a bonus ") {
        return vec![
            first.to_string(),
            format!("this fighter makes a bonus {bonus}"),
        ];
    }
    const JOIN: &str = " and, until the end of the battle round, ";
    let split = s
        .starts_with("for each ")
        .then(|| s.split_once(JOIN))
        .flatten();
    let band = s.split_once(", ").map(|(b, _)| b);
    match (split, band) {
        (Some((damage, lowering)), Some(band)) => vec![
            damage.to_string(),
            format!("in addition, {band}, until the end of the battle round, {lowering}"),
        ],
        _ => vec![s.to_string()],
    }
}

/// A fighter the card names ("a friendly Spider Swarm", "that Spider Swarm"), in the words the
/// readers know: "a friendly fighter with the named spider swarm runemark", "that fighter".
/// Read before the text is lower-cased, by the capitals of a name; a token ("friendly Grype
/// token") and the Hero runemark are not fighters.
pub(super) fn named_fighters(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let lead = words[i];
        // The name's words: capitalised, up to one that ends a clause ("Fjul-Grimnir.").
        let mut run = 0;
        for w in words[i + 1..].iter().take_while(|w| capital(w)) {
            run += 1;
            if w.ends_with(['.', ',']) {
                break;
            }
        }
        // The name, with the punctuation its last word carries ("Fjul-Grimnir.").
        let name = words[i + 1..i + 1 + run].join(" ");
        let bare = name.trim_end_matches(|c: char| !c.is_alphanumeric());
        let next = words.get(i + 1 + run).copied().unwrap_or("");
        let kind = matches!(lead, "friendly" | "that" | "That");
        let not_a_fighter =
            ["Hero", "Fighter"].contains(&bare) || ["token", "runemark"].contains(&next);
        if !kind || run == 0 || not_a_fighter || (run == 1 && bare.is_empty()) {
            out.push(lead.to_string());
            i += 1;
            continue;
        }
        let tail = &name[bare.len()..];
        out.push(match lead {
            "friendly" => format!(
                "friendly fighter with the {}{} runemark{tail}",
                crate::model::effects::NAMED,
                bare.to_lowercase()
            ),
            _ => format!("{lead} fighter{tail}"),
        });
        i += 1 + run;
    }
    out.join(" ")
}

/// A sentence's shape: its numbers as `N`.
pub(super) fn shape(s: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

/// "Until the end of the battle round, add 1 to X, add 1 to Y, and this fighter has the Z
/// runemark": a sentence for each, with the duration in front.
fn listed(s: &str) -> Option<Vec<String>> {
    const ROUND: &str = "until the end of the battle round, ";
    let rest = s.strip_prefix(ROUND)?;
    let (head, last) = rest.rsplit_once(", and this fighter has the ")?;
    let last = format!("this fighter has the {last}");
    let clauses: Vec<&str> = head.split(", ").chain([last.as_str()]).collect();
    // Raises of this fighter's own (not of a fighter picked).
    let raise = |c: &&str| c.starts_with("add ") && !c.contains("that fighter");
    (clauses.len() >= 3 && clauses[..clauses.len() - 1].iter().all(raise))
        .then(|| clauses.iter().map(|c| format!("{ROUND}{c}")).collect())
}

/// "Until the end of the battle round, each time a friendly fighter (with M) within N\" of this
/// fighter makes a move action, you can add A to their Move characteristic for that action":
/// the raise of the friends' moves that start within N" (a move goes up to its Move, so the
/// raise taken is the player's choice).
fn each_time_moving(s: String) -> String {
    const HEAD: &str = "until the end of the battle round, each time a friendly fighter ";
    let Some(rest) = s.strip_prefix(HEAD) else {
        return s;
    };
    let Some((who, rest)) = rest.split_once(" within ") else {
        return s;
    };
    let Some((range, rest)) =
        rest.split_once("\" of this fighter makes a move action, you can add ")
    else {
        return s;
    };
    let Some(by) = rest.strip_suffix(" to their move characteristic for that action") else {
        return s;
    };
    let who = if who.is_empty() {
        String::new()
    } else {
        format!(" {who}")
    };
    format!(
        "until the end of the battle round, add {by} to the move characteristic of friendly \
         fighters{who} while they make a move action that starts within {range}\" of this fighter"
    )
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_duration_at_the_end_of_a_raise_leads_it() {
        assert_eq!(
            plain(
                "add 1 to the attacks characteristic of melee attack actions made by this \
                 fighter until the end of their activation"
            ),
            "until the end of this fighter's activation, add 1 to the attacks characteristic \
             of melee attack actions made by this fighter"
        );
        assert_eq!(
            plain(
                "for the rest of the battle round, add 1 to the move characteristic of that fighter"
            ),
            "until the end of the battle round, add 1 to the move characteristic of that fighter"
        );
    }

    #[test]
    fn a_duration_before_a_minimum_leads_the_lowering_too() {
        assert_eq!(
            plain(
                "in addition, subtract 2 from that fighter's move characteristic until the end \
                 of the battle round (to a minimum of 0)"
            ),
            "in addition, until the end of the battle round, subtract 2 from that fighter's \
             move characteristic (to a minimum of 0)"
        );
    }

    #[test]
    fn a_duration_inside_a_clause_stays() {
        let s = "that fighter cannot use reactions for the rest of the battle round";
        assert_eq!(plain(s), s);
    }

    #[test]
    fn a_fighter_named_on_the_card_is_a_mark_of_its_name() {
        assert_eq!(
            super::named_fighters(
                "Pick a friendly Spider Swarm that has been taken down. That Spider Swarm can \
                 move. A friendly Grype token stays. Near a friendly Fjul-Grimnir. Until then."
            ),
            "Pick a friendly fighter with the named spider swarm runemark that has been taken \
             down. That fighter can move. A friendly Grype token stays. Near a friendly fighter \
             with the named fjul-grimnir runemark. Until then."
        );
    }

    #[test]
    fn misspellings_read_as_the_other_cards_write_them() {
        assert_eq!(
            plain("add 2 to the strength characteric of that figther"),
            "add 2 to the strength characteristic of that fighter"
        );
    }
}
