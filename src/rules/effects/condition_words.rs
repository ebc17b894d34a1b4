//! The condition family's wording (ABL-5): "a fighter can only use this ability if ...", read
//! into the conditions [`super::condition`] checks.

use crate::model::effects::{Condition, Effect, Restriction};

use super::Marks;
use super::card::{fill, number_prefix};

// The card's wording of this family (`card`: the language's shared pieces).

/// "A fighter can only use this ability if <condition>" (or "... can use this ability only
/// if ...").
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    if let Some(done) = done_before(s) {
        return Some(vec![Effect::Requires(done)]);
    }
    // "... if this fighter has not made a move or disengage action this activation, and if a
    // fighter uses this ability they cannot make a move or disengage action this activation".
    if let Some((before, after)) = s.split_once(", and if a fighter uses this ability ")
        && after == "they cannot make a move or disengage action this activation"
        && let Some(done) = done_before(before)
    {
        let barred = vec![Restriction::Move, Restriction::Disengage];
        return Some(vec![Effect::Requires(done), Effect::BarSelf(barred)]);
    }
    // "... after they finish a move action within N" of M or more enemy fighters": a move made
    // this activation, and those enemies round it now.
    if let Some(v) = fill(
        s,
        "a fighter can only use this ability after they finish a move action within {n}\" of {n} \
         or more enemy fighters",
    ) {
        let enemies = Condition::EnemiesWithin {
            range: v[0] as f32,
            count: v[1],
        };
        return Some(vec![
            Effect::Requires(Condition::MovesMade(1)),
            Effect::Requires(enemies),
        ]);
    }
    let rest = [
        "a fighter can only use this ability if ",
        "a fighter can use this ability only if ",
        "a fighter can use this ablility only if ",
        "this fighter can use this ability only if ",
        "this fighter can only use this ability if ",
    ]
    .iter()
    .find_map(|p| s.strip_prefix(p))?;
    // "... and it is the third battle round or later": a second condition.
    if let Some((first, round)) = rest.split_once(" and it is the ")
        && let Some(n) = round_number(round.strip_suffix(" battle round or later")?)
    {
        let first = sentence(&format!("a fighter can only use this ability if {first}"))?;
        let later = Effect::Requires(Condition::RoundFrom(n));
        return Some(first.into_iter().chain([later]).collect());
    }
    // "... and have made N move actions this activation": a second condition.
    if let Some((first, moves)) = rest.split_once(" and have made ") {
        let n = fill(moves, "{n} move actions this activation")?[0];
        let first = sentence(&format!("a fighter can only use this ability if {first}"))?;
        let moves = Condition::MovesMade(u8::try_from(n).ok()?);
        return Some(first.into_iter().chain([Effect::Requires(moves)]).collect());
    }
    let condition = match rest
        .strip_prefix("an enemy fighter has been taken down by an attack action made by ")
        .or_else(|| {
            rest.strip_prefix("an enemy fighter was taken down by an attack action made by ")
        }) {
        Some("them this activation" | "this fighter this activation") => {
            Condition::TookDownThisActivation
        }
        Some(_) => return None,
        None if rest
            == "an enemy fighter has been taken down by a melee attack action made by them this \
                activation" =>
        {
            Condition::TookDownInMelee
        }
        None => enemy_within(rest)
            .or_else(|| no_enemy_within(rest))
            .or_else(|| friend_within(rest))
            .or_else(|| damaged(rest))
            .or_else(|| no_friend_within(rest))
            .or_else(|| hurt_within(rest))
            .or_else(|| battle_round(rest))
            .or_else(|| enemies_within(rest))
            .or_else(|| friends_within(rest))?,
    };
    Some(vec![Effect::Requires(condition)])
}

/// What this fighter must have done this activation: "a fighter can use this ability only
/// after making two move actions in the same activation", "... if they have made one or
/// more missile attack actions this activation".
fn done_before(s: &str) -> Option<Condition> {
    match s {
        "a fighter can use this abilities only after making two move actions in the same \
         activation"
        | "a fighter can use this ability only after making two move actions in the same \
           activation" => Some(Condition::MovesMade(2)),
        "a fighter can only use this ability if they have made one or more missile attack \
         actions this activation"
        | "a fighter can only use this ability after it has made a missile attack action in \
           this activation" => Some(Condition::ShotThisActivation),
        "a fighter can only use this ability once per battle" => Some(Condition::OncePerBattle),
        // "When their attack action takes down an enemy": once one has, this activation.
        "a fighter can only use this ability when their attack action takes down an enemy \
         fighter" => Some(Condition::TookDownThisActivation),
        "this fighter can only use this ability if they are not empty-handed (see below)" => {
            Some(Condition::EmptyHanded(false))
        }
        "a fighter can only use this ability if they have not made a move action this \
         activation" => Some(Condition::NoMoveMade),
        "a fighter can only use this ability if this fighter has not made a move or disengage \
         action this activation" => Some(Condition::NoMoveNorDisengage),
        "a fighter can only use this ability if an enemy fighter has been taken down this battle \
         round" => Some(Condition::EnemyTakenDownThisRound),
        "a fighter can only be targeted once per battle round by this ability"
        | "a fighter can only be targeted once per battleround by this ability" => {
            Some(Condition::OncePerRoundPerTarget)
        }
        _ => friend_attacked(s).or_else(|| jumped_down(s)),
    }
}

/// "You can only use this ability if this fighter has jumped and then moved N" or more
/// vertically downwards during this activation" (MOVE-6).
fn jumped_down(s: &str) -> Option<Condition> {
    let v = fill(
        s,
        "you can only use this ability if this fighter has jumped and then moved {n}\" or more \
         vertically downwards during this activation",
    )?;
    Some(Condition::JumpedDown(v[0] as f32))
}

/// "A fighter can only use this ability if another friendly fighter with MARKS has made an
/// attack action in this battle round".
fn friend_attacked(s: &str) -> Option<Condition> {
    let marks = s
        .strip_prefix("a fighter can only use this ability if another friendly fighter with ")?
        .strip_suffix(" has made an attack action in this battle round")?;
    Some(Condition::FriendAttackedThisRound(super::card::marks_of(
        marks,
    )?))
}

/// "they are within N" of M or more enemy fighters".
fn enemies_within(s: &str) -> Option<Condition> {
    let v = fill(s, "they are within {n}\" of {n} or more enemy fighters")?;
    Some(Condition::EnemiesWithin {
        range: v[0] as f32,
        count: v[1],
    })
}

/// "there are M or more other friendly fighters (with MARKS) within N" of this fighter".
fn friends_within(s: &str) -> Option<Condition> {
    let (count, rest) = number_prefix(s.strip_prefix("there are ")?)?;
    let rest = rest.strip_prefix(" or more other friendly fighters")?;
    let (marks, rest) = match rest.strip_prefix(" with ") {
        Some(r) => {
            let (m, r) = r.split_once(" within ")?;
            (super::card::marks_of(m)?, r)
        }
        None => (Marks::default(), rest.strip_prefix(" within ")?),
    };
    let range = fill(rest, "{n}\" of this fighter")?[0];
    Some(Condition::FriendsWithin {
        range: range as f32,
        count,
        marks,
    })
}

/// The first form of `forms` that `s` fills: its number and whether it says "visible".
fn one_of(s: &str, forms: &[(&str, bool)]) -> Option<(f32, bool)> {
    forms
        .iter()
        .find_map(|(form, visible)| Some((fill(s, form)?[0] as f32, *visible)))
}

/// "there is a visible enemy fighter within N" of them", "there is an enemy fighter within N"
/// of them", "they are within N" of an enemy fighter".
fn enemy_within(s: &str) -> Option<Condition> {
    let forms = [
        (
            "there is a visible enemy fighter within {n}\" of them",
            true,
        ),
        ("there is an enemy fighter within {n}\" of them", false),
        ("they are within {n}\" of an enemy fighter", false),
        ("they are within {n}\" of a visible enemy fighter", true),
    ];
    if let Some(v) = fill(s, "they are within {n}\" of an obstacle") {
        return Some(Condition::NearObstacle(v[0] as f32));
    }
    let (range, visible) = one_of(s, &forms)?;
    Some(Condition::EnemyWithin { range, visible })
}

/// "they are not within N" of any enemy fighters", "there are no enemy fighters within N" of
/// this fighter", "they are more than N" from any enemy fighters", "there are no visible
/// enemy fighters within N" of this fighter".
fn no_enemy_within(s: &str) -> Option<Condition> {
    let forms = [
        ("they are not within {n}\" of any enemy fighters", false),
        (
            "there are no enemy fighters within {n}\" of this fighter",
            false,
        ),
        ("they are more than {n}\" from any enemy fighters", false),
        (
            "there are no visible enemy fighters within {n}\" of this fighter",
            true,
        ),
    ];
    let (range, visible) = one_of(s, &forms)?;
    // "More than N" from any enemy" is the same as no enemy within N".
    Some(Condition::NoEnemyWithin { range, visible })
}

/// "there is a visible friendly fighter within N" of them", "there is a visible friendly
/// fighter with the R runemark within N" of them", "they are within N" of a visible friendly
/// fighter with the R runemark" (with MARKS: "with the Soulblight Gravelords faction runemark
/// and the Hero runemark").
pub(in crate::rules::effects) fn friend_within(s: &str) -> Option<Condition> {
    let (visible, rest) = if let Some(r) = s.strip_prefix("there is a visible friendly fighter ") {
        (true, r)
    } else if let Some(r) = s.strip_prefix("there is a friendly fighter ") {
        (false, r)
    } else {
        let rest = s.strip_prefix("they are within ")?;
        let (n, rest) = number_prefix(rest)?;
        let (visible, rest) = match rest.strip_prefix("\" of a visible friendly fighter") {
            Some(r) => (true, r),
            None => (
                false,
                (rest.strip_prefix("\" of a friendly fighter"))
                    .or_else(|| rest.strip_prefix("\" of another friendly fighter"))?,
            ),
        };
        let (runemark, marks) = match rest.strip_prefix(" with ") {
            None if rest.is_empty() => (None, Marks::default()),
            Some(m) if m.ends_with(" runemark") || m.ends_with(" runemarks") => {
                super::card::marks_of(m)?.split_one()
            }
            _ => return None,
        };
        return Some(Condition::FriendWithin {
            range: n as f32,
            visible,
            runemark,
            marks,
        });
    };
    let (runemark, rest) = match rest.strip_prefix("with the ") {
        Some(r) => {
            let (mark, r) = r.split_once(" runemark ")?;
            (Some(mark.to_string()), r)
        }
        None => (None, rest),
    };
    let v = fill(rest, "within {n}\" of them")
        .or_else(|| fill(rest, "within {n}\" of this fighter"))?;
    Some(Condition::FriendWithin {
        range: v[0] as f32,
        visible,
        runemark,
        marks: Marks::default(),
    })
}

/// "they have N or more damage points allocated to them", "N or more damage points have been
/// allocated to them".
fn damaged(s: &str) -> Option<Condition> {
    let forms = [
        "they have {n} or more damage points allocated to them",
        "{n} or more damage points have been allocated to them",
    ];
    let n = forms.iter().find_map(|f| fill(s, f))?[0];
    Some(Condition::Damaged(n))
}

/// "there are no other friendly fighters within N" of this fighter".
fn no_friend_within(s: &str) -> Option<Condition> {
    let v = fill(
        s,
        "there are no other friendly fighters within {n}\" of this fighter",
    )?;
    Some(Condition::NoFriendWithin { range: v[0] as f32 })
}

/// "they are within N" of a visible enemy fighter with D or more damage points allocated to
/// them", "there is a visible enemy fighter within N" of them that has D or more damage
/// points allocated to them", "there is another friendly fighter within N" of this fighter
/// with D or more damage points allocated to them".
fn hurt_within(s: &str) -> Option<Condition> {
    let forms = [
        (
            "they are within {n}\" of a visible enemy fighter with {n} or more damage points \
             allocated to them",
            false,
            true,
        ),
        (
            "there is a visible enemy fighter within {n}\" of them that has {n} or more damage \
             points allocated to them",
            false,
            true,
        ),
        (
            "there is another friendly fighter within {n}\" of this fighter with {n} or more \
             damage points allocated to them",
            true,
            false,
        ),
    ];
    forms.iter().find_map(|(form, friend, visible)| {
        let v = fill(s, form)?;
        Some(Condition::HurtWithin {
            friend: *friend,
            range: v[0] as f32,
            visible: *visible,
            damage: v[1],
        })
    })
}

/// "it is the first (second, third, fourth) battle round".
fn battle_round(s: &str) -> Option<Condition> {
    let rest = s.strip_prefix("it is the ")?;
    Some(Condition::Round(round_number(
        rest.strip_suffix(" battle round")?,
    )?))
}

/// "first" (1) to "fourth" (4).
fn round_number(s: &str) -> Option<u32> {
    let n = ["first", "second", "third", "fourth"]
        .iter()
        .position(|w| *w == s)?;
    Some(n as u32 + 1)
}
