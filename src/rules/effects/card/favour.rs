//! An oath and the favour it brings (ABL-5), as the cards word them: "this fighter is oathed
//! ...", and "if this fighter is favoured, ... instead" after what the ability does otherwise.

use crate::model::effects::{Condition, Effect, Marks};

/// The three sentences of an oath: sworn, fulfilled, and the double it gains.
const OATH: [&str; 3] = [
    "after using this ability, this fighter is oathed for the rest of the battle",
    "after an enemy fighter is taken down during an oathed fighter's activation, that fighter \
     is no longer oathed and is favoured for the rest of the battle",
    "after a friendly fighter becomes favoured, gain a [double] with a value of 1",
];

/// The favour's sentence begins so.
const IF_FAVOURED: &str = "if this fighter is favoured, ";

/// "Fighters with the R runemark cannot use this ability" ([`barred_marks`]), or the oath's
/// three sentences.
pub(super) fn oath_or_bar(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if let Some(barred) = barred_marks(&s[0]) {
        let bars = barred
            .into_iter()
            .map(|m| Effect::Requires(Condition::NotMarked(m)));
        return Some((1, bars.collect()));
    }
    let oath = s.len() >= 3 && s.iter().zip(OATH).all(|(a, b)| a == b);
    oath.then(|| (3, vec![Effect::SwearOath]))
}

/// "Fighters with the R runemark cannot use this ability (make this reaction)", "... with the
/// R runemark or both the S and T runemarks cannot ...", "this ability cannot be used by
/// fighters with the R runemark": the marks of each kind barred.
fn barred_marks(s: &str) -> Option<Vec<Marks>> {
    let turned = (s.strip_prefix("this ability cannot be used by fighters with the "))
        .map(|r| format!("fighters with the {r} cannot use this ability"));
    let s = turned.as_deref().unwrap_or(s);
    let rest = s.strip_prefix("fighters with the ")?;
    let rest = rest
        .strip_suffix(" cannot use this ability")
        .or_else(|| rest.strip_suffix(" cannot make this reaction"))?;
    if let Some(mark) = rest.strip_suffix(" runemark") {
        return Some(vec![Marks::of(&[], &[mark])?]);
    }
    let (one, both) = rest.split_once(" runemark or both the ")?;
    let (a, b) = both.strip_suffix(" runemarks")?.split_once(" and ")?;
    Some(vec![Marks::of(&[], &[one])?, Marks::of(&[a, b], &[])?])
}

/// After the sentences `read` (what the ability does otherwise, `plain`), "If this fighter
/// is favoured, X instead" (X in place of it: with the same duration in front; or "roll N
/// dice instead of M" in its sentences), or "... remove an additional N damage points from
/// this fighter" (as well): what it does for a favoured fighter.
pub(super) fn favoured(
    read: &[String],
    plain: &[Effect],
    next: &str,
    one: super::Reader,
) -> Option<Vec<Effect>> {
    let x = next.strip_prefix(IF_FAVOURED)?;
    let all_of = |sentences: Vec<String>| {
        let (used, e) = one(&sentences)?;
        (used == sentences.len()).then_some(e)
    };
    if let Some(more) = x.strip_prefix("remove an additional ") {
        let mut both = plain.to_vec();
        both.extend(all_of(vec![format!("remove {more}")])?);
        return Some(both);
    }
    if let Some(rest) = x.strip_prefix("roll ") {
        let (now, was) = rest.split_once(" dice instead of ")?;
        let from = format!("roll {was} dice");
        let sentences: Vec<String> = read
            .iter()
            .map(|s| s.replace(&from, &format!("roll {now} dice")))
            .collect();
        return (sentences != read).then(|| all_of(sentences))?;
    }
    if let Some(more) = x.strip_prefix("in addition, ") {
        let mut both = plain.to_vec();
        both.extend(all_of(vec![more.to_string()])?);
        return Some(both);
    }
    if let Some(each) = those_count(plain, x) {
        return Some(plain.iter().cloned().chain([each]).collect());
    }
    let x = x.strip_suffix(" instead")?;
    let lead = [
        "until the end of this fighter's activation, ",
        "until the end of the battle round, ",
    ]
    .into_iter()
    .find(|p| read[0].starts_with(p) && !x.starts_with(p))
    .unwrap_or("");
    all_of(vec![format!("{lead}{x}")])
}

/// "Until the end of the battle round, each of those fighters also counts as N additional
/// fighter(s) when determining which player controls an objective" after the friends in an
/// aura made a bonus move: each of them counts more (GEN-7).
fn those_count(plain: &[Effect], x: &str) -> Option<Effect> {
    let [Effect::EachFriendBonusMove { aura, .. }] = plain else {
        return None;
    };
    let x = x.replace(" 1 additional fighter ", " 1 additional fighters ");
    let v = super::fill(
        &x,
        "until the end of the battle round, each of those fighters also counts as {n} \
         additional fighters when determining which player controls an objective",
    )?;
    Some(Effect::EachCounts {
        aura: *aura,
        extra: v[0],
    })
}

#[cfg(test)]
mod tests {
    use super::super::effects_of;
    use crate::model::effects::{Amount, Condition, Effect, Marks, Stat};

    #[test]
    fn an_oath_and_a_bar_of_beasts() {
        assert_eq!(
            effects_of(
                "Fighters with the Beast runemark cannot use this ability. After using this \
                 ability, this fighter is oathed for the rest of the battle. After an enemy \
                 fighter is taken down during an oathed fighter's activation, that fighter is no \
                 longer oathed and is favoured for the rest of the battle. After a friendly \
                 fighter becomes favoured, gain a [double] with a value of 1."
            ),
            Ok(vec![
                Effect::Requires(Condition::NotMarked(Marks::of(&[], &["beast"]).unwrap())),
                Effect::SwearOath
            ])
        );
    }

    /// Issue 30: the bar written the other way round, after what the ability does.
    #[test]
    fn a_bar_of_heroes_after_the_effect() {
        let e = effects_of(
            "Until the end of this fighter's activation, add 1 to the Attacks characteristic of \
             attack actions made by this fighter. This ability cannot be used by fighters with \
             the Hero runemark.",
        )
        .unwrap();
        assert_eq!(
            e.last(),
            Some(&Effect::Requires(Condition::NotMarked(
                Marks::of(&[], &["hero"]).unwrap()
            )))
        );
    }

    #[test]
    fn what_a_favoured_fighter_does_instead_or_as_well() {
        let boost = |by| Effect::Boost {
            stat: Stat::Attacks,
            by,
            melee_only: true,
            missile_only: false,
        };
        assert_eq!(
            effects_of(
                "Until the end of this fighter's activation, add half the value of this ability \
                 (rounding up) to the Attacks characteristic of melee attack actions made by \
                 this fighter. If this fighter is favoured, add the value of this ability to the \
                 Attacks characteristic of melee attack actions made by this fighter instead."
            ),
            Ok(vec![Effect::Favoured {
                plain: vec![boost(Amount::HalfValueUp)],
                favoured: vec![boost(Amount::Value)]
            }])
        );
        let heal = |amount| Effect::Heal { amount };
        let roll = |dice| {
            Some(crate::model::effects::Roll {
                dice: Amount::Fixed(dice),
                bands: vec![(4, 6, Amount::HalfValueUp)],
                ..crate::model::effects::Roll::default()
            })
        };
        let damage = |dice| Effect::DamageOne {
            range: 9.0,
            amount: Amount::Fixed(0),
            roll: roll(dice),
            only: None,
        };
        assert_eq!(
            effects_of(
                "Pick a visible enemy fighter within 9\" of this fighter and roll 6 dice. For \
                 each 4+, allocate a number of damage points to that fighter equal to half the \
                 value of this ability (rounding up). If this fighter is favoured, roll 9 dice \
                 instead of 6."
            ),
            Ok(vec![Effect::Favoured {
                plain: vec![damage(6)],
                favoured: vec![damage(9)]
            }])
        );
        assert_eq!(
            effects_of(
                "Remove a number of damage points from this fighter up to half the value of this \
                 ability. If this fighter is favoured, remove an additional 3 damage points from \
                 this fighter."
            ),
            Ok(vec![Effect::Favoured {
                plain: vec![heal(Amount::HalfValueUp)],
                favoured: vec![heal(Amount::HalfValueUp), heal(Amount::Fixed(3))]
            }])
        );
    }
}
