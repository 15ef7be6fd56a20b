//! How long each side may think: a clock (base + increment), a fixed time per move, or a fixed
//! depth or node count; what `go` command that means; and how the referee keeps the clocks.

use std::time::Duration;

/// The limit of every move of a match.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum MoveLimit {
    /// Base time and increment per move, in milliseconds, kept by the referee's clocks.
    Clock {
        base_ms: u64,
        inc_ms: u64,
    },
    /// A fixed time per move in milliseconds.
    MoveTime(u64),
    Depth(u32),
    Nodes(u64),
}

/// How long the referee waits for an engine with no clock (depth or node limits) before it
/// counts it as hung.
pub const UNTIMED_PATIENCE: Duration = Duration::from_secs(300);

fn parse_seconds(text: &str) -> Result<u64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(secs.is_finite() && (0.0..1e7).contains(&secs)) {
        return Err(format!("'{text}' is not a usable number of seconds"));
    }
    Ok((secs * 1000.0).round() as u64)
}

impl MoveLimit {
    /// Parses a time control `<base>+<inc>` in seconds, e.g. `10+0.1` (the `+<inc>` may be
    /// left off).
    pub fn parse_tc(text: &str) -> Result<MoveLimit, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base_ms = parse_seconds(base)?;
        let inc_ms = parse_seconds(inc)?;
        if base_ms == 0 {
            return Err(format!("time control '{text}' has no base time"));
        }
        Ok(MoveLimit::Clock { base_ms, inc_ms })
    }

    /// The clock each side starts with (milliseconds), if the limit is a clock.
    pub fn start_clock(&self) -> Option<u64> {
        match *self {
            MoveLimit::Clock { base_ms, .. } => Some(base_ms),
            _ => None,
        }
    }

    /// The `go` command for a move, given both clocks (White's, Black's).
    pub fn go_command(&self, clocks: [u64; 2]) -> String {
        match *self {
            MoveLimit::Clock { inc_ms, .. } => format!(
                "go wtime {} btime {} winc {inc_ms} binc {inc_ms}",
                clocks[0], clocks[1]
            ),
            MoveLimit::MoveTime(ms) => format!("go movetime {ms}"),
            MoveLimit::Depth(d) => format!("go depth {d}"),
            MoveLimit::Nodes(n) => format!("go nodes {n}"),
        }
    }

    /// The longest a move may take before it loses on time (`None`: no clock), given the
    /// mover's clock and the tolerated margin.
    pub fn allowance(&self, clock_ms: u64, margin_ms: u64) -> Option<Duration> {
        match *self {
            MoveLimit::Clock { .. } => Some(Duration::from_millis(clock_ms + margin_ms)),
            MoveLimit::MoveTime(ms) => Some(Duration::from_millis(ms + margin_ms)),
            MoveLimit::Depth(_) | MoveLimit::Nodes(_) => None,
        }
    }

    /// The clock after a move that took `used`: the time is spent, then the increment is
    /// added. `None` when the flag fell.
    pub fn charge(&self, clock_ms: u64, used: Duration, margin_ms: u64) -> Option<u64> {
        let used_ms = used.as_millis() as u64;
        match *self {
            MoveLimit::Clock { inc_ms, .. } => {
                if used_ms > clock_ms + margin_ms {
                    None
                } else {
                    Some(clock_ms.saturating_sub(used_ms) + inc_ms)
                }
            }
            MoveLimit::MoveTime(ms) => (used_ms <= ms + margin_ms).then_some(clock_ms),
            MoveLimit::Depth(_) | MoveLimit::Nodes(_) => Some(clock_ms),
        }
    }

    /// The PGN `TimeControl` tag value (`-` when there is no clock), and a short description.
    pub fn pgn_tag(&self) -> String {
        match *self {
            MoveLimit::Clock { base_ms, inc_ms } => {
                format!("{}+{}", seconds_text(base_ms), seconds_text(inc_ms))
            }
            MoveLimit::MoveTime(ms) => format!("{}/move", seconds_text(ms)),
            MoveLimit::Depth(_) | MoveLimit::Nodes(_) => "-".to_string(),
        }
    }

    pub fn describe(&self) -> String {
        match *self {
            MoveLimit::Clock { base_ms, inc_ms } => {
                format!("tc {}+{} s", seconds_text(base_ms), seconds_text(inc_ms))
            }
            MoveLimit::MoveTime(ms) => format!("{ms} ms per move"),
            MoveLimit::Depth(d) => format!("depth {d}"),
            MoveLimit::Nodes(n) => format!("{n} nodes per move"),
        }
    }
}

fn seconds_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_in_seconds() {
        assert_eq!(
            MoveLimit::parse_tc("10+0.1"),
            Ok(MoveLimit::Clock {
                base_ms: 10_000,
                inc_ms: 100
            })
        );
        assert_eq!(
            MoveLimit::parse_tc("1.5"),
            Ok(MoveLimit::Clock {
                base_ms: 1500,
                inc_ms: 0
            })
        );
        assert!(MoveLimit::parse_tc("x+1").is_err());
        assert!(MoveLimit::parse_tc("0+1").is_err());
        assert!(MoveLimit::parse_tc("-3").is_err());
        assert_eq!(MoveLimit::parse_tc("10+0.1").unwrap().pgn_tag(), "10+0.1");
    }

    #[test]
    fn clocks_are_charged_and_flags_fall() {
        let tc = MoveLimit::parse_tc("1+0.01").unwrap();
        assert_eq!(tc.charge(1000, Duration::from_millis(300), 0), Some(710));
        assert_eq!(tc.charge(1000, Duration::from_millis(1001), 0), None);
        assert_eq!(tc.charge(1000, Duration::from_millis(1001), 5), Some(10));
        assert_eq!(
            tc.go_command([900, 800]),
            "go wtime 900 btime 800 winc 10 binc 10"
        );
        let mt = MoveLimit::MoveTime(50);
        assert_eq!(mt.charge(0, Duration::from_millis(60), 20), Some(0));
        assert_eq!(mt.charge(0, Duration::from_millis(80), 20), None);
        assert_eq!(MoveLimit::Depth(3).allowance(0, 0), None);
    }
}
