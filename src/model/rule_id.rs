//! Rule identifiers: one [`RuleId`] per rule defined in `shared/rules/core-rules.md` and
//! `shared/rules/solo-mode.md`, so code, tests and the battle log can cite rules by a checked
//! value instead of a free-form string.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// A rule of the game or of the solo mode, as numbered in the project's rules reference
/// (`shared/rules/core-rules.md` and `shared/rules/solo-mode.md`).
///
/// Variants follow the order of the files. [`RuleId::code`] gives the written form (`"ATK-4"`),
/// which is also how the value prints ([`fmt::Display`]), parses ([`FromStr`], [`RuleId::parse`])
/// and serializes (RON/JSON show the code string). [`RuleId::title`] and [`RuleId::summary`]
/// give a short name and a one-line paraphrase for the log and the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    // GEN: general
    Gen1,
    Gen2,
    Gen3,
    Gen4,
    Gen5,
    Gen6,
    Gen7,
    Gen8,
    // SET: setting up
    Set1,
    Set2,
    Set3,
    Set4,
    Set5,
    Set6,
    Set7,
    Set8,
    // INI: initiative phase
    Ini1,
    Ini2,
    Ini3,
    Ini4,
    // RES: reserve phase
    Res1,
    Res2,
    // CMB: combat phase
    Cmb1,
    Cmb2,
    Cmb3,
    Cmb4,
    // MOVE: move action
    Move1,
    Move2,
    Move3,
    Move4,
    Move5,
    Move6,
    Move7,
    Move8,
    Move9,
    Move10,
    // DIS / WAIT: other actions
    Dis1,
    Wait1,
    // ATK: attack action
    Atk1,
    Atk2,
    Atk3,
    Atk4,
    Atk5,
    Atk6,
    // REA: reactions
    Rea1,
    Rea2,
    Rea3,
    Rea4,
    // ABL: abilities
    Abl1,
    Abl2,
    Abl3,
    Abl4,
    Abl5,
    // VIC: victory conditions and twists
    Vic1,
    Vic2,
    // SOLO-S: solo set-up
    SoloS1,
    SoloS2,
    SoloS3,
    // SOLO-I: solo initiative
    SoloI1,
    SoloI2,
    SoloI3,
    SoloI4,
    // SOLO-A: solo target priority
    SoloA1,
    SoloA2,
    SoloA3,
    SoloA4,
    SoloA5,
    SoloA6,
    // SOLO-B: solo choice of the active fighter
    SoloB1,
    SoloB2,
    // SOLO-C: solo activation sequence
    SoloC1,
    SoloC2,
    SoloC3,
    SoloC4,
    SoloC5,
    SoloC6,
    SoloC7,
}

/// (id, code, title, summary), one row per variant, in declaration order (checked at compile
/// time below), so a variant's row is `TABLE[id as usize]`. Summaries are our own wording.
#[rustfmt::skip]
const TABLE: &[(RuleId, &str, &str, &str)] = &[
    (RuleId::Gen1, "GEN-1", "Within",
        "Range checks are inclusive (distance <= X); \"wholly within\" needs every point of the base inside X."),
    (RuleId::Gen2, "GEN-2", "Distances",
        "Distances are 3D unless a rule says otherwise; vertical-only distances round up to the next half inch."),
    (RuleId::Gen3, "GEN-3", "Visibility",
        "One fighter sees another if an unobstructed straight line links their bodies; terrain and fighters block it, bases do not."),
    (RuleId::Gen4, "GEN-4", "Re-rolls and roll-offs",
        "No die is re-rolled twice; a roll-off is one die per side, highest wins, ties repeat."),
    (RuleId::Gen5, "GEN-5", "Simultaneous effects",
        "The side taking its turn orders simultaneous effects in combat, the initiative side elsewhere, else roll off."),
    (RuleId::Gen6, "GEN-6", "Leader",
        "The leader is the fighter with the leader runemark; \"other friendly fighters\" never counts the fighter itself."),
    (RuleId::Gen7, "GEN-7", "Objective control",
        "At each round's end the side with more fighters within 3\" of an objective takes it, and holds it until the other side does."),
    (RuleId::Gen8, "GEN-8", "Treasure",
        "Fighters grab treasure within 1\" while moving, carry one at most, drop it when taken down, and are slowed while carrying."),
    (RuleId::Set1, "SET-1", "Warband",
        "Limits on fighter count, points, faction runemark, leader, heroes and allies; validation lists every breach."),
    (RuleId::Set2, "SET-2", "Priority roll",
        "A roll-off decides which side is the priority player."),
    (RuleId::Set3, "SET-3", "Battle groups",
        "Dagger, Shield and Hammer each get a fighter or more, none over half the warband, Shield at least a third rounded up."),
    (RuleId::Set4, "SET-4", "Battleplan",
        "Draw terrain, deployment, victory and twist cards and resolve them in that order."),
    (RuleId::Set5, "SET-5", "Deployment card",
        "Six points, three per colour and one per group, some held back as reserves or tied to an edge line; priority picks the colour."),
    (RuleId::Set6, "SET-6", "Deploying",
        "Sides alternate placing groups, priority first, each fighter wholly within 3\" horizontally of its point (more for monsters)."),
    (RuleId::Set7, "SET-7", "Victory and twist cards",
        "The victory card sets the win condition, round count and objectives; the twist card adds one special rule."),
    (RuleId::Set8, "SET-8", "Tied games",
        "With no winner at the end, play one extra round, then play on until one side is wiped out (or draw, per ruleset)."),
    (RuleId::Ini1, "INI-1", "Initiative roll",
        "Each side rolls six dice; the side with more unmatched values takes initiative, ties roll off."),
    (RuleId::Ini2, "INI-2", "Ability dice",
        "Matching dice form doubles, triples and quads for abilities; unspent ones expire next round."),
    (RuleId::Ini3, "INI-3", "Wild dice",
        "Each side gains a wild die per round: add a single, raise one group a step, or bank it for later."),
    (RuleId::Ini4, "INI-4", "Seizing the initiative",
        "Singles are recounted after wild dice; the trailing side takes initiative if now ahead, or rolls off if newly level."),
    (RuleId::Res1, "RES-1", "Reserves",
        "From round 2 reserve groups arrive in their marked round, initiative side first, near their point or edge line."),
    (RuleId::Res2, "RES-2", "Reserve fallback",
        "Reserves that cannot be placed normally go in one at a time as near as possible to their point or line."),
    (RuleId::Cmb1, "CMB-1", "Turn order",
        "Initiative picks who starts; sides alternate activating a fresh fighter or passing until both pass in a row."),
    (RuleId::Cmb2, "CMB-2", "Activation",
        "An activation is two actions picked one after the other, plus any bonus actions rules grant."),
    (RuleId::Cmb3, "CMB-3", "Ability timing",
        "At most one ability per activation, used before the first action or after either action."),
    (RuleId::Cmb4, "CMB-4", "Reactions",
        "Reactions are taken during the opponent's activation (see the REA rules)."),
    (RuleId::Move1, "MOVE-1", "Move distance",
        "A fighter moves up to its Move in inches, measured along the path its base follows."),
    (RuleId::Move2, "MOVE-2", "Blocked paths",
        "Moves cannot cross fighters or solid terrain (doors and archways aside) or put the base off the table."),
    (RuleId::Move3, "MOVE-3", "Moving while engaged",
        "A fighter starting within 1\" of an enemy may not end farther from the nearest such enemy without disengaging."),
    (RuleId::Move4, "MOVE-4", "Normal move",
        "The base centre stays on floor or platform, except that low terrain up to 1\" tall costs no vertical distance."),
    (RuleId::Move5, "MOVE-5", "Climbing",
        "A fighter touching terrain may climb up or down it, paying for the vertical distance; mounts cannot climb."),
    (RuleId::Move6, "MOVE-6", "Jumping down",
        "Dropping down costs only the horizontal distance, but a long drop deals impact damage."),
    (RuleId::Move7, "MOVE-7", "Flying",
        "Fliers pay horizontal distance only, pass over terrain and fighters, and must land at the end of the move."),
    (RuleId::Move8, "MOVE-8", "Falling",
        "Unsupported, still-climbing or knocked-off fighters drop to a lower spot the opponent picks, or are taken down if none exists."),
    (RuleId::Move9, "MOVE-9", "Impact damage",
        "Roll a die for impact: 1-3 is harmless, 4-5 deals 1 damage, 6 deals 3."),
    (RuleId::Move10, "MOVE-10", "Deadly terrain",
        "Entering deadly terrain, or landing close to it after a fall, triggers its own impact damage roll."),
    (RuleId::Dis1, "DIS-1", "Disengage",
        "An engaged fighter steps up to 3\" to end clear of all enemies; not a move action, and no climbing, jumping or flying."),
    (RuleId::Wait1, "WAIT-1", "Wait",
        "Waiting last ends the activation; waiting first lets the fighter activate once more this phase with a single action."),
    (RuleId::Atk1, "ATK-1", "Weapons",
        "Weapons list range, attacks, strength and hit/crit damage; a maximum range of 3\" or less makes them melee."),
    (RuleId::Atk2, "ATK-2", "Targeting",
        "Targets must be visible and in range; engaged attackers must hit an adjacent enemy, and shooting into melee is limited."),
    (RuleId::Atk3, "ATK-3", "Hit rolls",
        "Strength against Toughness sets the score to hit (3+, 4+ or 5+); a 6 is a critical dealing crit damage."),
    (RuleId::Atk4, "ATK-4", "Cover",
        "A target well above the attacker or screened by an obstacle gains +1 Toughness against that attack."),
    (RuleId::Atk5, "ATK-5", "Taken down",
        "A fighter whose damage reaches its Wounds is removed, dropping any treasure first."),
    (RuleId::Atk6, "ATK-6", "Knocked off",
        "A non-flying survivor of a critical hit near an open platform edge or on a ladder falls on a roll of 1."),
    (RuleId::Rea1, "REA-1", "Reaction eligibility",
        "Fresh or waiting fighters may react once per enemy action, each reaction using up one of their actions."),
    (RuleId::Rea2, "REA-2", "Counter",
        "Against a melee attack, any natural 1 deals 2 damage back to the attacker (2 in all), and two or more misses 1 more."),
    (RuleId::Rea3, "REA-3", "Take Cover",
        "A fighter in cover being shot rolls per critical and downgrades it to a normal hit on 4+; mounts cannot."),
    (RuleId::Rea4, "REA-4", "Strike Them Down",
        "When a visible adjacent enemy disengages, roll a die: on 4+ it takes D6 damage before it moves."),
    (RuleId::Abl1, "ABL-1", "Ability costs",
        "Abilities cost a double, triple or quad; a bigger group can pay for a smaller one, and the dice face gives the value."),
    (RuleId::Abl2, "ABL-2", "Runemark gating",
        "A fighter may use universal abilities and the faction abilities its runemarks unlock."),
    (RuleId::Abl3, "ABL-3", "Universal abilities",
        "Rush, Onslaught, Respite, Inspiring Presence and Reckoning are open to every warband."),
    (RuleId::Abl4, "ABL-4", "Modifier order",
        "Characteristic modifiers resolve as divide, then multiply, then add, then subtract."),
    (RuleId::Abl5, "ABL-5", "Faction abilities",
        "Faction abilities come from fighter data; those the engine cannot run are logged as not automated."),
    (RuleId::Vic1, "VIC-1", "Victory conditions",
        "Typical win conditions score objectives, treasure, enemies taken down, held territory or loot."),
    (RuleId::Vic2, "VIC-2", "Twists",
        "A twist changes one rule for the whole battle; matched play uses none."),
    (RuleId::SoloS1, "SOLO-S1", "Difficulty",
        "The human picks the opposing faction and a difficulty that sets its points limit (1000, 1150 or 1250)."),
    (RuleId::SoloS2, "SOLO-S2", "Automated battle groups",
        "Three seed fighters start left, middle and right groups; the rest join by D6, groups are rebalanced, then named."),
    (RuleId::SoloS3, "SOLO-S3", "Sides",
        "The human always deploys blue and defends; the automated warband deploys red and attacks."),
    (RuleId::SoloI1, "SOLO-I1", "Human rolls first",
        "The human rolls initiative and settles every dice and wild-die choice before the automated side rolls."),
    (RuleId::SoloI2, "SOLO-I2", "Automated wild die",
        "The automated side spends its wild die at once: triple to quad, else double to triple, else single to double."),
    (RuleId::SoloI3, "SOLO-I3", "No banked wild dice",
        "The automated warband never keeps a wild die for a later round."),
    (RuleId::SoloI4, "SOLO-I4", "Solo initiative",
        "Both sides keep their ability dice; more singles activates first, ties go to a roll-off."),
    (RuleId::SoloA1, "SOLO-A1", "Target: free objective",
        "Top target choice: an objective no side controls."),
    (RuleId::SoloA2, "SOLO-A2", "Target: player objective",
        "Next target choice: an objective the human's warband holds."),
    (RuleId::SoloA3, "SOLO-A3", "Target: victory fighter",
        "Next target choice: an enemy fighter singled out by the victory condition."),
    (RuleId::SoloA4, "SOLO-A4", "Target: enemy leader",
        "Next target choice: the enemy leader."),
    (RuleId::SoloA5, "SOLO-A5", "Target: fresh enemy",
        "Next target choice: an enemy fighter yet to activate this round."),
    (RuleId::SoloA6, "SOLO-A6", "Target: spent enemy",
        "Last target choice: an enemy fighter that has already activated this round."),
    (RuleId::SoloB1, "SOLO-B1", "Active: engaged fighter",
        "Activate an engaged fighter first, preferring most wounds, then highest points."),
    (RuleId::SoloB2, "SOLO-B2", "Active: closest fighter",
        "Otherwise activate the fighter nearest the target, ties broken by wounds then points."),
    (RuleId::SoloC1, "SOLO-C1", "Ability",
        "If no ability was used this round, use the biggest eligible one that does something, highest dice value first."),
    (RuleId::SoloC2, "SOLO-C2", "Hold the objective",
        "A fighter alone within 3\" of an objective follows the later steps without leaving that 3\" radius."),
    (RuleId::SoloC3, "SOLO-C3", "Engaged",
        "When engaged: attack the target if reachable, else disengage toward it if in threat range, else attack a chosen enemy."),
    (RuleId::SoloC4, "SOLO-C4", "Attack range",
        "With an enemy within weapon range, attack a chosen enemy."),
    (RuleId::SoloC5, "SOLO-C5", "Threat range",
        "With an enemy within threat range, move toward it and stop as soon as a weapon reaches."),
    (RuleId::SoloC6, "SOLO-C6", "Approach",
        "Otherwise move the full distance toward the target."),
    (RuleId::SoloC7, "SOLO-C7", "End of sequence",
        "Pick the target again, then rerun the sequence for any action the fighter has left."),
];

// Every variant has its row, in declaration order, so `TABLE[id as usize]` is that id's row.
const _: () = {
    assert!(TABLE.len() == RuleId::SoloC7 as usize + 1);
    let mut i = 0;
    while i < TABLE.len() {
        assert!(TABLE[i].0 as usize == i);
        i += 1;
    }
};

impl RuleId {
    /// Every rule ID, in the order of the rules files.
    pub const ALL: &'static [RuleId] = &{
        let mut all = [RuleId::Gen1; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static (RuleId, &'static str, &'static str, &'static str) {
        &TABLE[self as usize]
    }

    /// The ID as written in the rules files, e.g. `"ATK-4"`.
    /// Rule IDs for people: `ATK-3, ATK-4`.
    pub fn list(ids: &[RuleId]) -> String {
        ids.iter().map(|r| r.code()).collect::<Vec<_>>().join(", ")
    }

    pub fn code(self) -> &'static str {
        self.row().1
    }

    /// A short name for the rule, e.g. `"Cover"`.
    pub fn title(self) -> &'static str {
        self.row().2
    }

    /// A one-line paraphrase of the rule, for tooltips and the battle log.
    pub fn summary(self) -> &'static str {
        self.row().3
    }

    /// The rule whose code is exactly `s` (e.g. `"ATK-4"`), if any. (Looked up by hash: the
    /// battle log reads every decision's rule IDs back from their codes.)
    pub fn parse(s: &str) -> Option<RuleId> {
        static BY_CODE: std::sync::LazyLock<std::collections::HashMap<&str, RuleId>> =
            std::sync::LazyLock::new(|| {
                let mut m = std::collections::HashMap::new();
                for row in TABLE {
                    m.entry(row.1).or_insert(row.0);
                }
                m
            });
        BY_CODE.get(s).copied()
    }
}

/// `RuleId::Atk4 == "ATK-4"`: compare with the code as written in the rules files.
impl PartialEq<&str> for RuleId {
    fn eq(&self, other: &&str) -> bool {
        self.code() == *other
    }
}

impl PartialEq<RuleId> for &str {
    fn eq(&self, other: &RuleId) -> bool {
        *self == other.code()
    }
}

impl fmt::Display for RuleId {
    /// Prints the code, e.g. `ATK-4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The error of parsing a string that is not a rule code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRuleIdError(pub String);

impl fmt::Display for ParseRuleIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a rule ID", self.0)
    }
}

impl std::error::Error for ParseRuleIdError {}

impl FromStr for RuleId {
    type Err = ParseRuleIdError;

    /// Parses a code such as `"ATK-4"`; see [`RuleId::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleId::parse(s).ok_or_else(|| ParseRuleIdError(s.to_owned()))
    }
}

impl Serialize for RuleId {
    /// Serializes as the code string, e.g. `"ATK-4"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for RuleId {
    /// Deserializes from the code string, e.g. `"ATK-4"`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CodeVisitor;

        impl Visitor<'_> for CodeVisitor {
            type Value = RuleId;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a rule ID such as \"ATK-4\"")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<RuleId, E> {
                v.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_str(CodeVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    const RULES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/rules");
    const RULES_FILES: [&str; 2] = ["core-rules.md", "solo-mode.md"];

    /// The rule ID at the start of `s` (`[A-Z]+-[A-Z]?[0-9]+`, not followed by a letter or
    /// digit), if there is one.
    fn id_at(s: &str) -> Option<&str> {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && b[i].is_ascii_uppercase() {
            i += 1;
        }
        if i == 0 || b.get(i) != Some(&b'-') {
            return None;
        }
        i += 1;
        if b.get(i).is_some_and(u8::is_ascii_uppercase) {
            i += 1;
        }
        let digits = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits || b.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            return None;
        }
        Some(&s[..i])
    }

    /// The IDs a rules file defines: a bullet that starts with an ID (optionally in bold), a
    /// bold ID anywhere (`**SOLO-I3**` mid-sentence), and the numbered items under the
    /// `## SOLO-A` / `## SOLO-B` headings (item N defines SOLO-AN / SOLO-BN).
    fn defined_ids(text: &str) -> Vec<String> {
        let mut ids = Vec::new();
        let mut numbered_prefix: Option<&str> = None;
        for line in text.lines() {
            if let Some(heading) = line.strip_prefix("## ") {
                numbered_prefix = ["SOLO-A", "SOLO-B"].into_iter().find(|p| {
                    heading.starts_with(p) && !heading[p.len()..].starts_with(char::is_alphanumeric)
                });
                continue;
            }
            let trimmed = line.trim_start();
            if let Some(rest) = trimmed.strip_prefix("- ")
                && let Some(id) = id_at(rest)
            {
                ids.push(id.to_owned());
            }
            for (pos, _) in line.match_indices("**") {
                if let Some(id) = id_at(&line[pos + 2..]) {
                    ids.push(id.to_owned());
                }
            }
            if let Some(prefix) = numbered_prefix {
                let n: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
                if !n.is_empty() && trimmed[n.len()..].starts_with(". ") {
                    ids.push(format!("{prefix}{n}"));
                }
            }
        }
        ids
    }

    #[test]
    fn id_scanner_reads_the_id_forms() {
        assert_eq!(id_at("GEN-1 \"Within X\""), Some("GEN-1"));
        assert_eq!(id_at("MOVE-10 Deadly"), Some("MOVE-10"));
        assert_eq!(id_at("SOLO-I3** It never"), Some("SOLO-I3"));
        assert_eq!(id_at("SOLO-A"), None);
        assert_eq!(id_at("[cfg]**"), None);
        assert_eq!(id_at("Base sizes"), None);
        let text = "## SOLO-A: x\n1. a;\n2. b;\n## SOLO-B: y\n1. c\n## Other\n1. d\n\
                    - **SOLO-C1 Ability.** x **SOLO-C2** y\n- GEN-1 z\n  - REA-1 nested\n- ATK-2\n";
        let found: BTreeSet<String> = defined_ids(text).into_iter().collect();
        let expected = [
            "SOLO-A1", "SOLO-A2", "SOLO-B1", "SOLO-C1", "SOLO-C2", "GEN-1", "REA-1", "ATK-2",
        ];
        assert_eq!(found, expected.iter().map(|s| s.to_string()).collect());
    }

    #[test]
    fn rule_id_list_matches_the_rules_files() {
        let dir = std::path::Path::new(RULES_DIR);
        if !dir.is_dir() {
            // A clone of the repository alone: the rules files are the team's, beside it.
            eprintln!(
                "skipped: the rule IDs against the rules files ({} is not beside the \
                 repository)",
                dir.display()
            );
            return;
        }
        let mut in_files = BTreeSet::new();
        for name in RULES_FILES {
            let path = dir.join(name);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let ids = defined_ids(&text);
            assert!(!ids.is_empty(), "no rule IDs found in {}", path.display());
            in_files.extend(ids);
        }
        let in_enum: BTreeSet<String> = RuleId::ALL.iter().map(|id| id.code().to_owned()).collect();
        let missing: Vec<&String> = in_files.difference(&in_enum).collect();
        let extra: Vec<&String> = in_enum.difference(&in_files).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "RuleId is out of step with shared/rules: missing from RuleId {missing:?}, \
             in RuleId but not defined in the files {extra:?}"
        );
    }

    #[test]
    fn codes_round_trip_through_parse_display_and_serde() {
        for &id in RuleId::ALL {
            assert_eq!(RuleId::parse(id.code()), Some(id));
            assert_eq!(id.code().parse::<RuleId>(), Ok(id));
            assert_eq!(id.to_string(), id.code());
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{}\"", id.code()));
            assert_eq!(serde_json::from_str::<RuleId>(&json).unwrap(), id);
        }
        assert_eq!(serde_json::to_string(&RuleId::Atk4).unwrap(), "\"ATK-4\"");
        assert_eq!(
            serde_json::from_str::<RuleId>("\"SOLO-C7\"").unwrap(),
            RuleId::SoloC7
        );
        let ron = ron::to_string(&vec![RuleId::Move10, RuleId::SoloB2]).unwrap();
        assert_eq!(ron, "[\"MOVE-10\",\"SOLO-B2\"]");
        assert_eq!(
            ron::from_str::<Vec<RuleId>>(&ron).unwrap(),
            [RuleId::Move10, RuleId::SoloB2]
        );
    }

    #[test]
    fn unknown_codes_are_rejected() {
        for bad in ["XYZ-9", "", "atk-4", "ATK-4 ", "ATK-99", "SOLO-C"] {
            assert_eq!(RuleId::parse(bad), None, "{bad:?}");
        }
        let err = "XYZ-9".parse::<RuleId>().unwrap_err();
        assert_eq!(err.to_string(), "\"XYZ-9\" is not a rule ID");
        let json_err = serde_json::from_str::<RuleId>("\"XYZ-9\"").unwrap_err();
        assert!(
            json_err.to_string().contains("\"XYZ-9\" is not a rule ID"),
            "{json_err}"
        );
        assert!(serde_json::from_str::<RuleId>("4").is_err());
    }

    #[test]
    fn codes_are_unique_and_texts_non_empty() {
        let codes: BTreeSet<&str> = RuleId::ALL.iter().map(|id| id.code()).collect();
        assert_eq!(codes.len(), RuleId::ALL.len(), "duplicate codes");
        for &id in RuleId::ALL {
            assert!(!id.title().trim().is_empty(), "{id} has no title");
            assert!(!id.summary().trim().is_empty(), "{id} has no summary");
            assert!(!id.summary().contains('\n'), "{id} summary is not one line");
        }
        assert_eq!(RuleId::Atk4.code(), "ATK-4");
        assert_eq!(RuleId::Atk4.title(), "Cover");
        assert_eq!(RuleId::ALL.first(), Some(&RuleId::Gen1));
        assert_eq!(RuleId::ALL.last(), Some(&RuleId::SoloC7));
    }
}
