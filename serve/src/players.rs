//! Who plays each side: a person at the page, or the engine at a chosen strength (time per
//! move, depth, nodes, or one of eight levels from beginner to full strength), and the search
//! limits that strength gives under the game's clock.

use crate::clock::Clocks;
use grimoire_engine::search::skill::Skill;
use grimoire_engine::search::Limits;
use grimoire_engine::Color;
use serde::{Deserialize, Serialize};

/// How strong the engine plays: what bounds each of its searches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Milliseconds per move.
    Movetime(u64),
    Depth(u32),
    Nodes(u64),
    /// One of [`LEVELS`], 1 (beginner) to 8 (full strength).
    Level(u8),
}

/// The page's levels: the Elo each plays at (`UCI_Elo`'s scale, `docs/strength.md`; `None`:
/// full strength) and its time per move without a clock.
pub const LEVELS: [(Option<i64>, u64); 8] = [
    (Some(1100), 300),
    (Some(1300), 300),
    (Some(1500), 400),
    (Some(1700), 500),
    (Some(1900), 500),
    (Some(2300), 700),
    (Some(2700), 1000),
    (None, 1000),
];

/// The bounds on a strength's value the server accepts.
pub const MAX_MOVETIME_MS: u64 = 600_000;
pub const MAX_DEPTH: u32 = 64;
pub const MAX_NODES: u64 = 1_000_000_000;

impl Strength {
    /// The strength, or why its value is out of range.
    pub fn checked(self) -> Result<Strength, String> {
        match self {
            Strength::Movetime(ms) if !(1..=MAX_MOVETIME_MS).contains(&ms) => Err(format!(
                "time per move must be 1 to {MAX_MOVETIME_MS} ms, got {ms}"
            )),
            Strength::Depth(d) if !(1..=MAX_DEPTH).contains(&d) => {
                Err(format!("depth must be 1 to {MAX_DEPTH}, got {d}"))
            }
            Strength::Nodes(n) if !(1..=MAX_NODES).contains(&n) => {
                Err(format!("nodes must be 1 to {MAX_NODES}, got {n}"))
            }
            Strength::Level(l) if !(1..=LEVELS.len() as u8).contains(&l) => {
                Err(format!("level must be 1 to {}, got {l}", LEVELS.len()))
            }
            s => Ok(s),
        }
    }

    /// The limits of one engine move by `side`: the strength, and the clock where the game has
    /// one (a time per move never spends more than a tenth of what is left).
    pub fn limits(self, side: Color, clocks: Option<&Clocks>) -> Limits {
        let mut limits = Limits::default();
        match self {
            Strength::Level(l) if clocks.is_none() => {
                limits.movetime = Some(LEVELS[usize::from(l) - 1].1);
                return limits;
            }
            Strength::Level(_) => {}
            Strength::Movetime(ms) => {
                let cap = clocks.map_or(u64::MAX, |c| (c.left(side) / 10).max(1));
                limits.movetime = Some(ms.min(cap));
                return limits;
            }
            Strength::Depth(d) => limits.depth = Some(d),
            Strength::Nodes(n) => limits.nodes = Some(n),
        }
        if let Some(c) = clocks {
            limits.wtime = Some(c.left(Color::White));
            limits.btime = Some(c.left(Color::Black));
            limits.winc = Some(c.control.inc_ms);
            limits.binc = Some(c.control.inc_ms);
        }
        limits
    }

    /// The skill level the engine plays this strength at (`docs/strength.md`): `None` at full
    /// strength.
    pub fn skill_level(self) -> Option<f64> {
        match self {
            Strength::Level(l) => LEVELS[usize::from(l) - 1].0.map(Skill::level_for_elo),
            _ => None,
        }
    }
}

/// One side's player. In JSON `{"kind":"human"}` or
/// `{"kind":"engine","limit":"movetime"|"depth"|"nodes"|"level","value":N}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PlayerJson", into = "PlayerJson")]
pub enum Player {
    Human,
    Engine { strength: Strength },
}

/// The JSON form of a [`Player`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerJson {
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<u64>,
}

impl TryFrom<PlayerJson> for Player {
    type Error = String;

    fn try_from(j: PlayerJson) -> Result<Player, String> {
        match j.kind.as_str() {
            "human" => Ok(Player::Human),
            "engine" => {
                let value = j.value.ok_or("an engine player needs a value")?;
                let strength = match j.limit.as_deref().unwrap_or("movetime") {
                    "movetime" => Strength::Movetime(value),
                    "depth" => Strength::Depth(value.min(u64::from(u32::MAX)) as u32),
                    "nodes" => Strength::Nodes(value),
                    "level" => Strength::Level(value.min(u64::from(u8::MAX)) as u8),
                    other => {
                        return Err(format!(
                            "engine limit must be movetime, depth, nodes or level, got '{other}'"
                        ))
                    }
                };
                Player::Engine {
                    strength: strength.checked()?,
                }
                .checked()
            }
            other => Err(format!(
                "player kind must be human or engine, got '{other}'"
            )),
        }
    }
}

impl From<Player> for PlayerJson {
    fn from(p: Player) -> PlayerJson {
        let (kind, limit, value) = match p {
            Player::Human => ("human", None, None),
            Player::Engine { strength } => {
                let (l, v) = match strength {
                    Strength::Movetime(ms) => ("movetime", ms),
                    Strength::Depth(d) => ("depth", u64::from(d)),
                    Strength::Nodes(n) => ("nodes", n),
                    Strength::Level(l) => ("level", u64::from(l)),
                };
                ("engine", Some(l.to_string()), Some(v))
            }
        };
        PlayerJson {
            kind: kind.to_string(),
            limit,
            value,
        }
    }
}

impl Player {
    pub fn is_human(self) -> bool {
        self == Player::Human
    }

    /// The player with its strength checked.
    pub fn checked(self) -> Result<Player, String> {
        match self {
            Player::Engine { strength } => Ok(Player::Engine {
                strength: strength.checked()?,
            }),
            p => Ok(p),
        }
    }

    /// The name a PGN gives the player.
    pub fn pgn_name(self) -> String {
        match self {
            Player::Human => "Human".to_string(),
            Player::Engine { strength } => format!(
                "Grimoire ({})",
                match strength {
                    Strength::Movetime(ms) => format!("{ms} ms/move"),
                    Strength::Depth(d) => format!("depth {d}"),
                    Strength::Nodes(n) => format!("{n} nodes"),
                    Strength::Level(l) => format!("level {l}"),
                }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;

    #[test]
    fn players_read_and_write_as_json() {
        let p: Player =
            serde_json::from_str(r#"{"kind":"engine","limit":"movetime","value":500}"#).unwrap();
        assert_eq!(
            p,
            Player::Engine {
                strength: Strength::Movetime(500)
            }
        );
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"kind":"engine","limit":"movetime","value":500}"#
        );
        let h: Player = serde_json::from_str(r#"{"kind":"human"}"#).unwrap();
        assert!(h.is_human());
        for bad in [
            r#"{"kind":"engine","limit":"speed","value":1}"#,
            r#"{"kind":"engine","limit":"depth","value":0}"#,
            r#"{"kind":"engine","limit":"movetime"}"#,
            r#"{"kind":"robot"}"#,
        ] {
            assert!(serde_json::from_str::<Player>(bad).is_err(), "{bad}");
        }
        let bad = Player::Engine {
            strength: Strength::Depth(0),
        };
        assert!(bad.checked().is_err());
    }

    #[test]
    fn a_time_per_move_is_capped_by_the_clock() {
        let clocks = Clocks::new(TimeControl {
            base_ms: 5_000,
            inc_ms: 0,
        });
        let l = Strength::Movetime(2_000).limits(Color::White, Some(&clocks));
        assert_eq!(l.movetime, Some(500));
        let l = Strength::Depth(6).limits(Color::Black, Some(&clocks));
        assert_eq!((l.depth, l.btime, l.winc), (Some(6), Some(5_000), Some(0)));
        let l = Strength::Nodes(1000).limits(Color::Black, None);
        assert_eq!((l.nodes, l.btime), (Some(1000), None));
    }

    #[test]
    fn eight_levels_from_beginner_to_full_strength() {
        let p: Player =
            serde_json::from_str(r#"{"kind":"engine","limit":"level","value":3}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"kind":"engine","limit":"level","value":3}"#
        );
        for bad in [0, 9] {
            let text = format!(r#"{{"kind":"engine","limit":"level","value":{bad}}}"#);
            assert!(serde_json::from_str::<Player>(&text).is_err(), "{text}");
        }
        let levels: Vec<Option<f64>> = (1..=8).map(|l| Strength::Level(l).skill_level()).collect();
        assert_eq!(levels[7], None, "level 8 is full strength");
        for pair in levels[..7].windows(2) {
            assert!(
                pair[0] < pair[1],
                "each level stronger than the one before: {levels:?}"
            );
        }
        // Without a clock a level has its own time per move; with one it plays on the clock.
        assert_eq!(
            Strength::Level(1).limits(Color::White, None).movetime,
            Some(300)
        );
        let clocks = Clocks::new(TimeControl {
            base_ms: 60_000,
            inc_ms: 1_000,
        });
        let l = Strength::Level(2).limits(Color::White, Some(&clocks));
        assert_eq!(
            (l.movetime, l.wtime, l.winc),
            (None, Some(60_000), Some(1_000))
        );
    }
}
