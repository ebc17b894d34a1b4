//! ABL-5: an ability used one way or the other, as its player chooses (`Effect::Either`): the
//! sentences of each way, read whole by the rest of the card language.
//!
//! - "When a fighter uses this ability, you can discard two of your saved wild dice. If you
//!   do so, X instead": the second way is X in place of the sentence before, paid with the
//!   saved wild dice (INI-3); without "instead", X comes on top of what it does.
//! - "Either X, or Y": one sentence of two ways.
//! - "Subtract N from either the A characteristic or the B characteristic of ...".
//! - "Pick 1 of the following effects: • X • Y".

/// The saved wild dice the second way costs (0: none), and the sentences of each way.
pub(super) fn ways(s: &[String]) -> Option<(u8, Vec<String>, Vec<String>)> {
    discard(s)
        .or_else(|| either(s))
        .or_else(|| either_stat(s))
        .or_else(|| bullets(s))
}

/// "Pick 1 (one) of the following effects: • X" and "• Y": the two bullets, each in the
/// sentences the rest of the language reads.
fn bullets(s: &[String]) -> Option<(u8, Vec<String>, Vec<String>)> {
    let [first, second] = s else {
        return None;
    };
    let x = first
        .strip_prefix("pick 1 of the following effects: • ")
        .or_else(|| first.strip_prefix("pick one of the following effects: • "))?;
    let y = second.strip_prefix("• ")?;
    let read = |w: &str| {
        weapon_words(w)
            .iter()
            .map(|s| super::plain::plain(s))
            .collect()
    };
    Some((0, read(x), read(y)))
}

/// A bullet's sentences: "add N to the attacks and damage characteristics of this fighter's
/// melee weapons until the end of their activation" raises its melee attacks' Attacks and
/// the damage of each hit and critical hit (the Damage characteristic's two values); "... and
/// this fighter has the fly runemark until the end of their activation" lets it fly (MOVE-7)
/// this activation.
fn weapon_words(x: &str) -> Vec<String> {
    const THIS: &str = "until the end of this fighter's activation, ";
    if let Some(n) = super::fill(
        x,
        "add {n} to the attacks and damage characteristics of this fighter's melee weapons \
         until the end of their activation",
    ) {
        let n = n[0];
        return vec![
            format!(
                "{THIS}add {n} to the attacks characteristic of melee attack actions made by this fighter"
            ),
            format!(
                "{THIS}add {n} to the damage points allocated by each hit and critical hit from \
                 melee attack actions made by this fighter"
            ),
        ];
    }
    let fly = [
        " and this fighter has the fly runemark until the end of their activation",
        " and this fighter has the fly unemark until the end of their activation",
    ];
    if let Some(rest) = fly.iter().find_map(|f| x.strip_suffix(f)) {
        return vec![
            rest.to_string(),
            format!("{THIS}this fighter can fly when making move actions"),
        ];
    }
    vec![x.to_string()]
}

/// "When a fighter uses this ability (reaction), you can discard N of your saved wild dice"
/// and "If you do (so), X (instead)".
fn discard(s: &[String]) -> Option<(u8, Vec<String>, Vec<String>)> {
    let k = s
        .iter()
        .position(|x| x.starts_with("when a fighter uses this "))?;
    let rest = s[k]
        .strip_prefix("when a fighter uses this ability, you can discard ")
        .or_else(|| s[k].strip_prefix("when a fighter uses this reaction, you can discard "))?;
    let (n, rest) = super::count_prefix(rest)?;
    if !matches!(rest, " of your saved wild dice" | " of your saved wild die") || k == 0 {
        return None;
    }
    let next = s.get(k + 1)?;
    let x = next
        .strip_prefix("if you do so, ")
        .or_else(|| next.strip_prefix("if you do, "))?;
    let first: Vec<String> = [&s[..k], &s[k + 2..]].concat();
    let mut second = s[..k].to_vec();
    if x.contains(" instead") {
        // In place of the sentence before.
        second[k - 1] = x.replacen(" instead", "", 1);
    } else {
        second.push(that_attack(x, &s[k - 1])?);
    }
    second.extend_from_slice(&s[k + 2..]);
    Some((u8::try_from(n).ok()?, first, second))
}

/// "Critical hits are scored on a N+ for that attack action" after a raise of the next melee
/// (missile) attack action made by this fighter: that attack action is the next one.
fn that_attack(x: &str, before: &str) -> Option<String> {
    let Some(rest) = x.strip_prefix("critical hits are scored on a ") else {
        return Some(x.to_string());
    };
    let least = rest.strip_suffix(" for that attack action")?;
    let kind = ["melee", "missile"]
        .into_iter()
        .find(|k| before.contains(&format!("the next {k} attack action made by this fighter")))?;
    Some(format!(
        "the next {kind} attack action made by this fighter scores critical hits on a {least}"
    ))
}

/// "Either X, or Y": X and Y in its place. "Allocate N damage points to this fighter and
/// (a number of damage points ...) to ..." is two allocations.
fn either(s: &[String]) -> Option<(u8, Vec<String>, Vec<String>)> {
    let k = s.iter().position(|x| x.starts_with("either "))?;
    let (x, y) = s[k].strip_prefix("either ")?.split_once(", or ")?;
    let way = |w: &str| {
        let mut out = s[..k].to_vec();
        match w.split_once(" to this fighter and ") {
            Some((me, them)) if w.starts_with("allocate ") && me.contains(" damage point") => {
                out.push(format!("{me} to this fighter"));
                out.push(format!("allocate {them}"));
            }
            _ => out.push(w.to_string()),
        }
        out.extend_from_slice(&s[k + 1..]);
        out
    };
    Some((0, way(x), way(y)))
}

/// "... from either the A characteristic or the B characteristic of ...": the sentence with
/// each.
fn either_stat(s: &[String]) -> Option<(u8, Vec<String>, Vec<String>)> {
    let k = s.iter().position(|x| x.contains(" from either the "))?;
    let (head, rest) = s[k].split_once(" from either the ")?;
    let (a, rest) = rest.split_once(" characteristic or the ")?;
    let (b, tail) = rest.split_once(" characteristic")?;
    let way = |stat: &str| {
        let mut out = s.to_vec();
        out[k] = format!("{head} from the {stat} characteristic{tail}");
        out
    };
    Some((0, way(a), way(b)))
}

/// "... within N\" of this fighter or within M\" of this fighter if the value of this ability
/// is V or greater ...": the least value, and the sentences with M" and with N".
pub(super) fn reach_by_value(s: &[String]) -> Option<(u8, Vec<String>, Vec<String>)> {
    let k = s
        .iter()
        .position(|x| x.contains(" of this fighter or within "))?;
    let (head, rest) = s[k].split_once(" of this fighter or within ")?;
    let (far, rest) = rest.split_once("\" of this fighter if the value of this ability is ")?;
    let (least, tail) = super::number_prefix(rest)?;
    let tail = tail.strip_prefix(" or greater")?;
    let way = |sentence: String| {
        let mut out = s.to_vec();
        out[k] = sentence;
        out
    };
    let (near_head, _) = head.rsplit_once(" within ")?;
    let far = way(format!("{near_head} within {far}\" of this fighter{tail}"));
    let near = way(format!("{head} of this fighter{tail}"));
    Some((u8::try_from(least).ok()?, far, near))
}
