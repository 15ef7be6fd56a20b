//! Who plays each side: a person at the page, or the engine at a chosen strength (time per
//! move, depth or nodes), and the search limits that strength gives under the game's clock.

use crate::clock::Clocks;
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
}

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
            s => Ok(s),
        }
    }

    /// The limits of one engine move by `side`: the strength, and the clock where the game has
    /// one (a time per move never spends more than a tenth of what is left).
    pub fn limits(self, side: Color, clocks: Option<&Clocks>) -> Limits {
        let mut limits = Limits::default();
        match self {
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
}

/// One side's player. In JSON `{"kind":"human"}` or
/// `{"kind":"engine","limit":"movetime"|"depth"|"nodes","value":N}`.
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
                    other => {
                        return Err(format!(
                            "engine limit must be movetime, depth or nodes, got '{other}'"
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
}
